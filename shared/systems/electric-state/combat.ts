import type { ExplainStep } from '../../system-kit/rule-system';
import { RulesError, requireInteger } from '../../errors';
import { checkD6, countSixes } from './dice';
import { getWeapon, type Weapon } from './equipment';
import { attributePool, type DicePool } from './pool';
import type { ElectricStateOptions } from './options';
import { SECTION, plural, step } from './sections';

/**
 * The target's choice before the dice are rolled: close combat offers take-hit or fight-back,
 * ranged combat stand-tall or dodge.
 */
export type Defense = 'take-hit' | 'stand-tall' | 'fight-back' | 'dodge';
export const DEFENSES: readonly Defense[] = ['take-hit', 'stand-tall', 'fight-back', 'dodge'];
export const MAX_WEAPON_DAMAGE = 20;
export const MAX_BLAST_POWER = 30;
/** Full auto: the first shot and at most two follow-ups (seed: Ranged Combat). */
export const MAX_FULL_AUTO_SHOTS = 3;
/** Taser ★: the target rolls Strength at −2 dice (seed: Weapons Table). */
export const TASER_RESIST_PENALTY = 2;

export function isOpposed(defense: Defense): boolean {
  return defense === 'fight-back' || defense === 'dodge';
}

export interface ProtectionResult {
  /** Damage before cover and armour. */
  readonly incoming: number;
  readonly coverBlocked: number;
  readonly armorBlocked: number;
  /** Damage left, never below 0. */
  readonly damage: number;
  readonly steps: ExplainStep[];
}

/**
 * Cover first, then armour [default]: each 6 on their dice removes 1 point of damage, never
 * below 0 (seed: Ranged Combat, Body Armor).
 */
export function applyProtection(
  incoming: number,
  coverDice?: readonly number[],
  armorDice?: readonly number[],
): ProtectionResult {
  requireInteger('damage', incoming, 0, 1000);
  const steps: ExplainStep[] = [];
  let damage = incoming;
  let coverBlocked = 0;
  let armorBlocked = 0;
  if (coverDice && coverDice.length > 0) {
    const sixes = countSixes(checkD6('coverDice', coverDice));
    coverBlocked = Math.min(sixes, damage);
    damage -= coverBlocked;
    steps.push(
      step(
        `Cover: ${plural(sixes, 'six', 'sixes')} on ${plural(coverDice.length, 'die', 'dice')}, ${coverBlocked} damage blocked, ${damage} left.`,
        SECTION.rangedCombat,
      ),
    );
  }
  if (armorDice && armorDice.length > 0) {
    const sixes = countSixes(checkD6('armorDice', armorDice));
    armorBlocked = Math.min(sixes, damage);
    damage -= armorBlocked;
    steps.push(
      step(
        `Armour: ${plural(sixes, 'six', 'sixes')} on ${plural(armorDice.length, 'die', 'dice')}, ${armorBlocked} damage eliminated, ${damage} left.`,
        SECTION.bodyArmor,
      ),
    );
  }
  return { incoming, coverBlocked, armorBlocked, damage, steps };
}

export interface AttackInput {
  readonly defense: Defense;
  readonly attackDice: readonly number[];
  /** The attacker's weapon base damage. */
  readonly weaponDamage: number;
  /** The defender's dice for fight-back or dodge. */
  readonly defenseDice?: readonly number[];
  /** The defender's weapon base damage, needed when a fight-back wins. */
  readonly defenderWeaponDamage?: number;
  /** Cover dice protecting the target (Armor Level of the cover). */
  readonly coverDice?: readonly number[];
  /** Body armour dice protecting the target. */
  readonly armorDice?: readonly number[];
  /** Body armour dice protecting the attacker against a successful fight-back. */
  readonly attackerArmorDice?: readonly number[];
  /** false for an unaware (ambushed) target: it must take the hit / stand tall. */
  readonly targetAware?: boolean;
}

export type OpposedWinner = 'attacker' | 'defender' | 'none';

export interface AttackResult {
  readonly defense: Defense;
  readonly hit: boolean;
  readonly attackerSixes: number;
  readonly defenderSixes: number;
  readonly winner: OpposedWinner;
  /** Damage of the hit before cover and armour (0 on a miss). */
  readonly damageBeforeProtection: number;
  readonly coverBlocked: number;
  readonly armorBlocked: number;
  readonly damageToTarget: number;
  /** Damage a winning fight-back deals before the attacker's armour. */
  readonly damageToAttackerBeforeArmor: number;
  readonly damageToAttacker: number;
  /** The defender reacted (fight-back or dodge) and forfeits their next turn. */
  readonly defenderForfeitsNextTurn: boolean;
  readonly steps: ExplainStep[];
}

function defenseSection(defense: Defense) {
  return defense === 'take-hit' || defense === 'fight-back' ? SECTION.closeCombat : SECTION.rangedCombat;
}

/**
 * Resolves one attack roll against the target's chosen defence (seed: Close Combat, Ranged
 * Combat, Ambushes). Damage = base damage + 1 per 6 beyond those needed to win.
 */
export function resolveAttack(input: AttackInput): AttackResult {
  return resolveAttackRoll(input, false);
}

function resolveAttackRoll(input: AttackInput, taser: boolean): AttackResult {
  const { defense } = input;
  if (!DEFENSES.includes(defense)) {
    throw new RulesError(
      'invalid-input',
      `Unknown defence "${String(defense)}"; choose take-hit, stand-tall, fight-back or dodge.`,
    );
  }
  const attackDice = checkD6('attackDice', input.attackDice);
  const weaponDamage = requireInteger('weaponDamage', input.weaponDamage, 0, MAX_WEAPON_DAMAGE);
  const section = defenseSection(defense);
  const steps: ExplainStep[] = [];
  const opposed = isOpposed(defense);
  if (opposed && input.targetAware === false) {
    throw new RulesError(
      'not-allowed',
      `An unaware target must ${defense === 'dodge' ? 'stand tall' : 'take the hit'}; it cannot ${defense === 'dodge' ? 'dodge' : 'fight back'}.`,
    );
  }
  if (!opposed && input.defenseDice && input.defenseDice.length > 0) {
    throw new RulesError('invalid-input', `defenseDice only apply to fight-back or dodge, not to ${defense}.`);
  }
  if (input.targetAware === false)
    steps.push(step('The target is unaware: it cannot fight back or dodge.', SECTION.ambushes));
  const a = countSixes(attackDice);
  let d = 0;
  let winner: OpposedWinner;
  let rawToTarget = 0;
  let rawToAttacker = 0;
  if (!opposed) {
    winner = a > 0 ? 'attacker' : 'none';
    if (a > 0 && taser) {
      steps.push(step(`${plural(a, 'six', 'sixes')}: the taser hits (it deals no damage).`, SECTION.weapons));
    } else if (a > 0) {
      rawToTarget = weaponDamage + (a - 1);
      steps.push(
        step(
          `${plural(a, 'six', 'sixes')}: a hit for ${weaponDamage} base damage + ${a - 1} for extra sixes = ${rawToTarget}.`,
          section,
        ),
      );
    } else {
      steps.push(step('No six: the attack misses.', section));
    }
  } else {
    if (!input.defenseDice)
      throw new RulesError('invalid-input', `${defense} is an opposed roll: give the defender's defenseDice.`);
    d = countSixes(checkD6('defenseDice', input.defenseDice));
    steps.push(
      step(`Opposed roll: attacker ${plural(a, 'six', 'sixes')}, defender ${plural(d, 'six', 'sixes')}.`, section),
    );
    if (a > d && taser) {
      winner = 'attacker';
      steps.push(step('The attacker wins: the taser hits (it deals no damage).', SECTION.weapons));
    } else if (a > d) {
      winner = 'attacker';
      rawToTarget = weaponDamage + (a - d - 1);
      steps.push(
        step(
          `The attacker wins: ${weaponDamage} base damage + ${a - d - 1} for sixes beyond the ${d + 1} needed = ${rawToTarget}.`,
          section,
        ),
      );
    } else if (a === d) {
      winner = 'none';
      steps.push(
        step(defense === 'fight-back' ? 'Equal sixes: no one is hurt.' : 'Equal sixes: the attack misses.', section),
      );
    } else {
      winner = 'defender';
      if (defense === 'dodge') {
        steps.push(step('The defender rolls more sixes: the attack misses (a dodge never deals damage).', section));
      } else {
        if (input.defenderWeaponDamage === undefined) {
          throw new RulesError(
            'invalid-input',
            "The defender won the fight-back: give defenderWeaponDamage, the defender's weapon base damage.",
          );
        }
        const defenderDamage = requireInteger('defenderWeaponDamage', input.defenderWeaponDamage, 0, MAX_WEAPON_DAMAGE);
        rawToAttacker = defenderDamage + (d - a - 1);
        steps.push(
          step(
            `The defender wins the fight-back: the attacker takes ${defenderDamage} base damage + ${d - a - 1} for sixes beyond the ${a + 1} needed = ${rawToAttacker}.`,
            section,
          ),
        );
      }
    }
    steps.push(
      step(
        `The defender reacted (${defense}) and forfeits their next turn, but may keep reacting until then.`,
        section,
      ),
    );
  }
  if (input.defenderWeaponDamage !== undefined)
    requireInteger('defenderWeaponDamage', input.defenderWeaponDamage, 0, MAX_WEAPON_DAMAGE);
  // Validate protection dice even when they end up unused, so typos never pass silently.
  if (input.coverDice) checkD6('coverDice', input.coverDice);
  if (input.armorDice) checkD6('armorDice', input.armorDice);
  if (input.attackerArmorDice) checkD6('attackerArmorDice', input.attackerArmorDice);
  const toTarget = rawToTarget > 0 ? applyProtection(rawToTarget, input.coverDice, input.armorDice) : null;
  if (toTarget) steps.push(...toTarget.steps);
  const toAttacker = rawToAttacker > 0 ? applyProtection(rawToAttacker, undefined, input.attackerArmorDice) : null;
  if (toAttacker) steps.push(...toAttacker.steps);
  return {
    defense,
    hit: winner === 'attacker',
    attackerSixes: a,
    defenderSixes: d,
    winner,
    damageBeforeProtection: rawToTarget,
    coverBlocked: toTarget?.coverBlocked ?? 0,
    armorBlocked: toTarget?.armorBlocked ?? 0,
    damageToTarget: toTarget?.damage ?? 0,
    damageToAttackerBeforeArmor: rawToAttacker,
    damageToAttacker: toAttacker?.damage ?? 0,
    defenderForfeitsNextTurn: opposed,
    steps,
  };
}

export interface BlastTarget {
  readonly id: string;
  readonly coverDice?: readonly number[];
  readonly armorDice?: readonly number[];
}

export interface BlastInput {
  readonly attackDice: readonly number[];
  /** One die per point of Blast Power. */
  readonly blastDice: readonly number[];
  /** When given, blastDice must hold exactly this many dice. */
  readonly blastPower?: number;
  /** Everyone in the zone; each target's cover and armour apply separately. */
  readonly targets?: readonly BlastTarget[];
}

export interface BlastResult {
  readonly hit: boolean;
  readonly attackSixes: number;
  readonly blastSixes: number;
  /** Damage to everyone in the targeted zone before cover and armour (0 on a miss). */
  readonly damage: number;
  /** On a miss the explosion hits a random adjacent zone instead. */
  readonly scatterToAdjacentZone: boolean;
  readonly targets: readonly {
    readonly id: string;
    readonly damage: number;
    readonly coverBlocked: number;
    readonly armorBlocked: number;
  }[];
  readonly steps: ExplainStep[];
}

/**
 * Explosives: roll to hit normally; on a hit roll Blast Power dice, each 6 is 1 damage and each
 * extra 6 on the attack adds 1, to everyone in the zone (seed: Ranged Combat, Weapons Table).
 */
export function resolveBlast(input: BlastInput): BlastResult {
  const attackDice = checkD6('attackDice', input.attackDice);
  const blastDice = checkD6('blastDice', input.blastDice);
  if (input.blastPower !== undefined) {
    const power = requireInteger('blastPower', input.blastPower, 1, MAX_BLAST_POWER);
    if (blastDice.length !== power) {
      throw new RulesError(
        'invalid-input',
        `Blast Power ${power} rolls ${power} dice, but ${blastDice.length} were given.`,
      );
    }
  }
  const targets = input.targets ?? [];
  const a = countSixes(attackDice);
  const steps: ExplainStep[] = [];
  if (a === 0) {
    steps.push(
      step(
        'No six on the attack: the explosive misses and a random adjacent zone is hit instead (resolve the blast there).',
        SECTION.rangedCombat,
      ),
    );
    return {
      hit: false,
      attackSixes: 0,
      blastSixes: 0,
      damage: 0,
      scatterToAdjacentZone: true,
      targets: targets.map((t) => ({ id: t.id, damage: 0, coverBlocked: 0, armorBlocked: 0 })),
      steps,
    };
  }
  const blastSixes = countSixes(blastDice);
  const damage = blastSixes + (a - 1);
  steps.push(
    step(
      `A hit: the blast rolls ${plural(blastDice.length, 'die', 'dice')} for ${plural(blastSixes, 'six', 'sixes')}, + ${a - 1} for extra sixes on the attack = ${damage} damage to everyone in the zone.`,
      SECTION.rangedCombat,
    ),
  );
  const perTarget = targets.map((t) => {
    const p = applyProtection(damage, t.coverDice, t.armorDice);
    steps.push(step(`${t.id}: ${p.damage} damage after cover and armour.`, SECTION.bodyArmor));
    return { id: t.id, damage: p.damage, coverBlocked: p.coverBlocked, armorBlocked: p.armorBlocked };
  });
  return { hit: true, attackSixes: a, blastSixes, damage, scatterToAdjacentZone: false, targets: perTarget, steps };
}

/** A blast that scattered into an adjacent zone: only the Blast Power dice count. */
export function resolveScatteredBlast(blastDice: readonly number[], targets: readonly BlastTarget[] = []): BlastResult {
  const sixes = countSixes(checkD6('blastDice', blastDice));
  const steps = [
    step(
      `The blast lands in an adjacent zone: ${plural(sixes, 'six', 'sixes')} on the Blast Power dice = ${sixes} damage to everyone there.`,
      SECTION.rangedCombat,
    ),
  ];
  const perTarget = targets.map((t) => {
    const p = applyProtection(sixes, t.coverDice, t.armorDice);
    return { id: t.id, damage: p.damage, coverBlocked: p.coverBlocked, armorBlocked: p.armorBlocked };
  });
  return {
    hit: true,
    attackSixes: 0,
    blastSixes: sixes,
    damage: sixes,
    scatterToAdjacentZone: false,
    targets: perTarget,
    steps,
  };
}

export interface FullAutoInput {
  /** The weapon, to check it is capable of full auto (◆). */
  readonly weapon?: string | Weapon;
  /** The shots in order; each may have a different target and defence. */
  readonly shots: readonly (AttackInput & { readonly targetId?: string })[];
}

export interface FullAutoResult {
  readonly shots: readonly (AttackResult & { readonly targetId: string | null })[];
  readonly hits: number;
  /** Another follow-up is possible (the last shot hit and fewer than 3 were fired). */
  readonly mayFireAgain: boolean;
  /** The burst always empties the magazine; reloading is an action. */
  readonly magazineEmptied: true;
  readonly steps: ExplainStep[];
}

/**
 * Full auto: after a hit you may fire again at the same or another target; a third shot if
 * the second also hits. The burst empties the magazine (seed: Ranged Combat).
 */
export function resolveFullAuto(input: FullAutoInput): FullAutoResult {
  if (input.weapon !== undefined) {
    const w = typeof input.weapon === 'string' ? getWeapon(input.weapon) : input.weapon;
    if (!w.fullAuto) throw new RulesError('not-allowed', `The ${w.name} is not capable of fully automatic fire (◆).`);
  }
  if (input.shots.length === 0) throw new RulesError('invalid-input', 'A full-auto burst needs at least one shot.');
  if (input.shots.length > MAX_FULL_AUTO_SHOTS) {
    throw new RulesError(
      'not-allowed',
      `A full-auto burst has at most ${MAX_FULL_AUTO_SHOTS} shots, ${input.shots.length} were given.`,
    );
  }
  const steps: ExplainStep[] = [
    step(
      'Full auto: fire again after each hit, at most three shots; the burst empties the magazine.',
      SECTION.rangedCombat,
    ),
  ];
  const shots: (AttackResult & { targetId: string | null })[] = [];
  input.shots.forEach((shot, index) => {
    if (index > 0 && !shots[index - 1]!.hit) {
      throw new RulesError(
        'not-allowed',
        `Shot ${index} missed, so the burst ends: shot ${index + 1} cannot be fired.`,
      );
    }
    const result = resolveAttack(shot);
    shots.push({ ...result, targetId: shot.targetId ?? null });
    steps.push(
      step(
        `Shot ${index + 1}${shot.targetId ? ` at ${shot.targetId}` : ''}: ${result.hit ? `hit, ${result.damageToTarget} damage` : 'miss, the burst ends'}.`,
        SECTION.rangedCombat,
      ),
    );
  });
  const last = shots[shots.length - 1]!;
  const mayFireAgain = last.hit && shots.length < MAX_FULL_AUTO_SHOTS;
  steps.push(step('The magazine is empty; reloading is an action.', SECTION.rangedCombat));
  return { shots, hits: shots.filter((s) => s.hit).length, mayFireAgain, magazineEmptied: true, steps };
}

/** The target's pool to resist a taser: Strength at −2 dice. */
export function taserResistPool(strength: number, options?: Partial<ElectricStateOptions>): DicePool {
  return attributePool({ attribute: 'strength', value: strength, modifier: -TASER_RESIST_PENALTY }, options);
}

export interface TaserInput extends Omit<AttackInput, 'weaponDamage'> {
  /** The target's Strength roll at −2 dice, once the taser hits. */
  readonly resistDice?: readonly number[];
}

export interface TaserResult {
  readonly attack: AttackResult;
  readonly hit: boolean;
  /** Null until the target's resist roll is given. */
  readonly losesNextTurn: boolean | null;
  readonly steps: ExplainStep[];
}

/** Taser ★: no damage; on a hit the target rolls Strength −2 dice and loses their next turn without a 6. */
export function resolveTaser(input: TaserInput): TaserResult {
  const attack = resolveAttackRoll({ ...input, weaponDamage: 0 }, true);
  const steps = [...attack.steps];
  let losesNextTurn: boolean | null = null;
  if (attack.hit) {
    if (input.resistDice) {
      const sixes = countSixes(checkD6('resistDice', input.resistDice));
      losesNextTurn = sixes === 0;
      steps.push(
        step(
          `The target rolls Strength −2 dice: ${plural(sixes, 'six', 'sixes')}${losesNextTurn ? ', so they lose their next turn' : ', they keep their next turn'}.`,
          SECTION.weapons,
        ),
      );
    } else {
      steps.push(
        step('The target now rolls Strength at −2 dice; without a 6 they lose their next turn.', SECTION.weapons),
      );
    }
  } else if (input.resistDice && input.resistDice.length > 0) {
    throw new RulesError('invalid-input', 'The taser missed: there is no resist roll.');
  }
  return { attack, hit: attack.hit, losesNextTurn, steps };
}
