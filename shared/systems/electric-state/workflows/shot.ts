import { RulesError } from '../../../errors';
import type { ExplainStep } from '../../contract';
import {
  RANGE_LABELS,
  SECTION,
  WEAPONS,
  attackOdds,
  attackPool,
  attributePool,
  countSixes,
  isOpposed,
  plural,
  pushRoll,
  rerollableCount,
  resolveAttack,
  resolveTaser,
  rule,
  step,
  weaponGearBonus,
  type AttackOdds,
  type AttackResult,
  type Defense,
  type DicePool,
  type ElectricStateOptions,
  type PushPolicy,
  type PushResult,
  type RangeBand,
  type Weapon,
} from './rules';
import type { DiceStage, Effect, FollowUp } from '../../../resolve/contract';
import { HOPE_LOSS, UNAWARE_CONDITION, bleedingReminder, coverLevel, type Fighter } from './common';
import { landHit } from './damage';
import { d6Stage } from './stages';

/**
 * One attack roll of one weapon at one target, as the Attack, Taser and Full auto workflows share
 * it: the pools (from the rules package), the stages it needs in table order (attack, the
 * defender's opposed roll, cover, armour, the attacker's armour after a lost fight-back), the push
 * follow-up, and the result with its effects.
 */

/** What the target chooses before the dice: no reaction, or the reaction that fits the attack. */
export type DefenceChoice = 'take-hit' | 'stand-tall' | 'fight-back' | 'dodge';
export const DEFENCE_CHOICES: readonly DefenceChoice[] = ['take-hit', 'stand-tall', 'fight-back', 'dodge'];
export const DEFENCE_OPTIONS = [
  { value: 'take-hit', label: 'Take the hit / stand tall (no reaction)' },
  { value: 'fight-back', label: 'Fight back (close combat; a reaction, forfeits the next turn)' },
  { value: 'dodge', label: 'Dodge (ranged; a reaction, forfeits the next turn)' },
] as const;

/** Weapons a defender can fight back with: the taser (no damage) and explosives do not fit an opposed close roll. */
export const FIGHT_BACK_WEAPONS: readonly Weapon[] = WEAPONS.filter((w) => !w.explosive && !w.taser && !w.neurocaster);

export interface ShotSetup {
  readonly weapon: Weapon;
  readonly range: RangeBand;
  readonly defence: DefenceChoice;
  /** The target is unaware (ambushed). */
  readonly ambush: boolean;
  readonly attackModifier: number;
  readonly gearDamage: number;
  readonly network: number;
  readonly attackerArmourAgility: number;
  readonly defenderWeapon: Weapon;
  readonly defenceModifier: number;
  readonly targetArmourAgility: number;
  readonly cover: string;
  /** The target's Armor Level for this roll (from its sheet unless the GM changed it). */
  readonly armorLevel: number;
}

export interface ShotPlan {
  readonly attacker: Fighter;
  readonly target: Fighter;
  readonly weapon: Weapon;
  readonly range: RangeBand;
  readonly pool: DicePool;
  /** The weapon's bonus now (after earlier gear damage): what a push's 1s on gear dice lower. */
  readonly gearBonus: number;
  readonly defense: Defense;
  readonly aware: boolean;
  readonly defencePool: DicePool | null;
  readonly defenderWeapon: Weapon | null;
  readonly defenderWeaponDamage: number;
  readonly cover: { readonly level: number; readonly name: string };
  readonly armorLevel: number;
  readonly attackerArmorLevel: number;
  readonly weaponDamage: number;
  readonly taser: boolean;
  /** Setup steps: the attack pool, the defender's choice, the defender's pool. */
  readonly steps: readonly ExplainStep[];
  readonly options: ElectricStateOptions;
}

function capture(problems: string[], run: () => void): void {
  try {
    run();
  } catch (error) {
    if (error instanceof RulesError) problems.push(error.message);
    else throw error;
  }
}

function attributeName(a: string): string {
  return a[0]!.toUpperCase() + a.slice(1);
}

/** Plans one attack; problems get every sentence that makes it impossible. */
export function planShot(
  s: ShotSetup,
  attacker: Fighter,
  target: Fighter,
  opts: ElectricStateOptions,
  problems: string[],
  combatStarted = false,
): ShotPlan | null {
  const before = problems.length;
  const w = s.weapon;
  const steps: ExplainStep[] = [];
  if (attacker.combatantId !== undefined && attacker.combatantId === target.combatantId) {
    problems.push(`${attacker.name} cannot attack themself.`);
  }
  let gearBonus = 0;
  capture(problems, () => {
    gearBonus = Math.max(0, weaponGearBonus(w, s.network) - s.gearDamage);
  });
  const close = s.range === 'engaged';
  let pool: DicePool | null = null;
  capture(problems, () => {
    pool = attackPool(
      {
        attack: close ? 'close' : 'ranged',
        strength: attacker.stats.strength,
        agility: attacker.stats.agility,
        gearBonus,
        weaponMin: w.minRange,
        weaponMax: w.maxRange,
        range: s.range,
        firearm: w.firearm,
        armorAgilityModifier: s.attackerArmourAgility,
        ambush: s.ambush,
        modifier: s.attackModifier,
      },
      opts,
    );
  });
  const attackPoolResult = pool as DicePool | null;
  if (attackPoolResult) {
    if (!attackPoolResult.allowed) {
      problems.push(attackPoolResult.steps[attackPoolResult.steps.length - 1]!.text);
    } else if (attackPoolResult.automaticFailure) {
      problems.push(
        `After modifiers ${attacker.name} has ${attackPoolResult.netDice} dice to attack with: the roll fails without dice (the "Pool of 0 dice" rule toggle can make it one die).`,
      );
    } else {
      steps.push(
        step(
          `${attacker.name} attacks ${target.name} with the ${w.name.toLowerCase()} at ${RANGE_LABELS[s.range]} range.`,
          close ? SECTION.closeCombat : SECTION.rangedCombat,
        ),
        ...attackPoolResult.steps,
      );
    }
  }
  const bleeding = bleedingReminder(attacker);
  if (bleeding) steps.push(bleeding);

  // The target's choice, made before the dice are rolled.
  let defense: Defense = close ? 'take-hit' : 'stand-tall';
  if (s.defence === 'fight-back' && !close) {
    problems.push(
      `Fighting back answers a close attack; at ${RANGE_LABELS[s.range]} range ${target.name} can only stand tall or dodge.`,
    );
  } else if (s.defence === 'dodge' && close) {
    problems.push(
      `Dodging answers a ranged attack; at Engaged range ${target.name} can only take the hit or fight back.`,
    );
  } else if (s.defence === 'fight-back' || s.defence === 'dodge') {
    defense = s.defence;
  }
  const opposed = isOpposed(defense);
  if (opposed && s.ambush) {
    problems.push(
      `${target.name} is unaware (ambushed), so they must ${close ? 'take the hit' : 'stand tall'}; they cannot ${defense === 'dodge' ? 'dodge' : 'fight back'}.`,
    );
  }
  if (opposed && target.incapacitated) {
    problems.push(
      `${target.name} is Incapacitated (0 Health): they cannot roll, so they cannot ${defense === 'dodge' ? 'dodge' : 'fight back'}.`,
    );
  }
  if (s.ambush && combatStarted && !target.conditionIds.includes(UNAWARE_CONDITION)) {
    problems.push(
      `${target.name} is already in active combat: you cannot ambush someone already in active combat. Mark them Unaware in the tracker if they have not noticed the fight.`,
    );
  }
  if (s.ambush) steps.push(step(`${target.name} is unaware: they cannot fight back or dodge.`, SECTION.ambushes));
  if (!opposed) {
    steps.push(
      step(
        close ? `${target.name} takes the hit (no reaction).` : `${target.name} stands tall (no reaction).`,
        close ? SECTION.closeCombat : SECTION.rangedCombat,
      ),
    );
  } else {
    steps.push(
      step(
        `${target.name} ${defense === 'dodge' ? 'dodges' : 'fights back'}: a reaction, so they forfeit their next turn (next round's turn if they have already acted this round). Only the attacker may push.`,
        SECTION.actionTypes,
      ),
    );
  }

  const cover = coverLevel(s.cover);
  if (cover.level > 0 && close) {
    problems.push(
      `Cover protects against ranged attacks; at Engaged range ${target.name}'s ${cover.name.toLowerCase()} does not count.`,
    );
  }

  let defencePool: DicePool | null = null;
  let defenderWeapon: Weapon | null = null;
  let defenderWeaponDamage = 0;
  if (opposed && problems.length === before) {
    if (defense === 'fight-back') {
      const dw = s.defenderWeapon;
      if (!FIGHT_BACK_WEAPONS.includes(dw)) {
        problems.push(
          `${target.name} cannot fight back with the ${dw.name.toLowerCase()}: choose a weapon that deals damage in close combat.`,
        );
      } else {
        defenderWeapon = dw;
        defenderWeaponDamage = dw.damage.kind === 'damage' ? dw.damage.damage : 0;
        capture(problems, () => {
          defencePool = attackPool(
            {
              attack: 'close',
              strength: target.stats.strength,
              agility: target.stats.agility,
              gearBonus: weaponGearBonus(dw),
              weaponMin: dw.minRange,
              weaponMax: dw.maxRange,
              range: 'engaged',
              firearm: dw.firearm,
              armorAgilityModifier: s.targetArmourAgility,
              modifier: s.defenceModifier,
            },
            opts,
          );
        });
      }
    } else {
      capture(problems, () => {
        defencePool = attributePool(
          {
            attribute: 'agility',
            value: target.stats.agility,
            modifier: s.defenceModifier,
            armorAgilityModifier: s.targetArmourAgility,
          },
          opts,
        );
      });
    }
    const dp = defencePool as DicePool | null;
    if (dp) {
      steps.push(
        step(
          defense === 'dodge'
            ? `${target.name}'s dodge: Agility, with their armour's Agility modifier.`
            : `${target.name}'s fight-back: Strength plus the ${defenderWeapon!.name.toLowerCase()}'s bonus.`,
          defense === 'dodge' ? SECTION.rangedCombat : SECTION.closeCombat,
        ),
        ...dp.steps,
      );
      const tb = bleedingReminder(target);
      if (tb) steps.push(tb);
    }
  }

  if (problems.length > before || !attackPoolResult) return null;
  return {
    attacker,
    target,
    weapon: w,
    range: s.range,
    pool: attackPoolResult,
    gearBonus,
    defense,
    aware: !s.ambush,
    defencePool,
    defenderWeapon,
    defenderWeaponDamage,
    cover,
    armorLevel: s.armorLevel,
    attackerArmorLevel: attacker.stats.armor,
    weaponDamage: w.damage.kind === 'damage' ? w.damage.damage : 0,
    taser: w.taser,
    steps,
    options: opts,
  };
}

// ---------------------------------------------------------------------------------------------
// Stages
// ---------------------------------------------------------------------------------------------

export type ShotStageKind = 'attack' | 'defence' | 'cover' | 'armour' | 'attacker-armour' | 'push';

export interface ShotState {
  readonly attack: { readonly base: readonly number[]; readonly gear: readonly number[] } | null;
  readonly push: PushResult | null;
  readonly defence: readonly number[] | null;
  readonly cover: readonly number[] | null;
  readonly armour: readonly number[] | null;
  readonly attackerArmour: readonly number[] | null;
}

export const EMPTY_SHOT: ShotState = {
  attack: null,
  push: null,
  defence: null,
  cover: null,
  armour: null,
  attackerArmour: null,
};

/** Stage ids: plain for a single attack, "<kind>-<shot>" in a full-auto burst. */
export function shotStageId(kind: ShotStageKind, shot?: number): string {
  return shot === undefined ? kind : `${kind}-${shot}`;
}

export function finalAttackDice(state: ShotState): number[] {
  if (state.push) return [...state.push.base, ...state.push.gear];
  return state.attack ? [...state.attack.base, ...state.attack.gear] : [];
}

function defenceDice(plan: ShotPlan, state: ShotState): number[] | undefined {
  if (!isOpposed(plan.defense)) return undefined;
  // A defender left with no dice rolls nothing: 0 sixes.
  return state.defence ? [...state.defence] : [];
}

/** The attack settled without protection dice: who won and how much damage each side faces. */
export function shotCore(plan: ShotPlan, state: ShotState): AttackResult {
  return shotResult(plan, { ...state, cover: null, armour: null, attackerArmour: null });
}

/** The full result of the attack with every die rolled so far. */
export function shotResult(plan: ShotPlan, state: ShotState): AttackResult {
  const input = {
    defense: plan.defense,
    attackDice: finalAttackDice(state),
    defenseDice: defenceDice(plan, state),
    defenderWeaponDamage: plan.defense === 'fight-back' ? plan.defenderWeaponDamage : undefined,
    coverDice: state.cover ? [...state.cover] : undefined,
    armorDice: state.armour ? [...state.armour] : undefined,
    attackerArmorDice: state.attackerArmour ? [...state.attackerArmour] : undefined,
    targetAware: plan.aware,
  };
  return plan.taser ? resolveTaser(input).attack : resolveAttack({ ...input, weaponDamage: plan.weaponDamage });
}

function poolLabel(pool: DicePool, gearName: string): string {
  const attr = attributeName(pool.attribute);
  if (pool.gear === 0) return `${plural(pool.dice, 'die', 'dice')} (${attr})`;
  return `${plural(pool.dice, 'die', 'dice')} (${attr} ${pool.base} + ${pool.gear} gear, ${gearName})`;
}

export function shotNeeded(plan: ShotPlan, state: ShotState, shot?: number): DiceStage | null {
  const id = (k: ShotStageKind) => shotStageId(k, shot);
  const prefix = shot === undefined ? '' : `Shot ${shot}: `;
  if (!state.attack) {
    return d6Stage(
      id('attack'),
      `${prefix}${plan.attacker.name} attacks ${plan.target.name}: ${poolLabel(plan.pool, plan.weapon.name.toLowerCase())}`,
      plan.attacker.name,
      plan.pool.base,
      plan.pool.gear,
      `Gear dice (${plan.weapon.name.toLowerCase()})`,
    );
  }
  const dp = plan.defencePool;
  if (dp && dp.dice > 0 && !state.defence) {
    return d6Stage(
      id('defence'),
      `${prefix}${plan.target.name} ${plan.defense === 'dodge' ? 'dodges' : 'fights back'}: ${poolLabel(dp, plan.defenderWeapon?.name.toLowerCase() ?? 'gear')}`,
      plan.target.name,
      dp.base,
      dp.gear,
      `Gear dice (${plan.defenderWeapon?.name.toLowerCase() ?? 'gear'})`,
    );
  }
  const core = shotCore(plan, state);
  if (core.damageBeforeProtection > 0) {
    if (plan.cover.level > 0 && !state.cover) {
      return d6Stage(
        id('cover'),
        `${prefix}${plan.target.name}'s cover (${plan.cover.name}): ${plural(plan.cover.level, 'die', 'dice')}, each 6 blocks 1 damage`,
        plan.target.name,
        plan.cover.level,
      );
    }
    const afterCover =
      core.damageBeforeProtection - Math.min(countSixes(state.cover ?? []), core.damageBeforeProtection);
    if (plan.armorLevel > 0 && afterCover > 0 && !state.armour) {
      return d6Stage(
        id('armour'),
        `${prefix}${plan.target.name}'s armour: Armor Level ${plan.armorLevel}, each 6 removes 1 damage`,
        plan.target.name,
        plan.armorLevel,
      );
    }
  }
  if (core.damageToAttackerBeforeArmor > 0 && plan.attackerArmorLevel > 0 && !state.attackerArmour) {
    return d6Stage(
      id('attacker-armour'),
      `${prefix}${plan.attacker.name}'s armour against the fight-back: Armor Level ${plan.attackerArmorLevel}`,
      plan.attacker.name,
      plan.attackerArmorLevel,
    );
  }
  return null;
}

/** The push follow-up: player characters only, once, when some die shows neither 6 nor 1. */
export function pushOffer(plan: ShotPlan, state: ShotState, shot?: number, onlyIfMissed = false): FollowUp | null {
  if (plan.attacker.kind !== 'pc' || !state.attack || state.push) return null;
  if (onlyIfMissed && shotCore(plan, state).hit) return null;
  const base = state.attack.base.filter((f) => f !== 6 && f !== 1).length;
  const gear = state.attack.gear.filter((f) => f !== 6 && f !== 1).length;
  if (rerollableCount(state.attack.base, state.attack.gear) === 0) return null;
  const id = shotStageId('push', shot);
  const label = `Push${shot === undefined ? '' : ` shot ${shot}`}: reroll ${plural(base + gear, 'die', 'dice')}`;
  return {
    id,
    label,
    description: `${plan.attacker.name} rerolls every die showing neither 6 nor 1 (${plural(base, 'base die', 'base dice')}, ${plural(gear, 'gear die', 'gear dice')}). Afterwards each 1 on a base die costs 1 Hope and each 1 on a gear die lowers the ${plan.weapon.name.toLowerCase()}'s bonus by 1.`,
    rule: rule(SECTION.pushing, 'book'),
    stage: d6Stage(id, label, plan.attacker.name, base, gear, `Gear dice (${plan.weapon.name.toLowerCase()})`),
  };
}

export function applyShotStage(
  plan: ShotPlan,
  state: ShotState,
  kind: ShotStageKind,
  groups: readonly (readonly number[])[],
): ShotState {
  const main = groups[0] ?? [];
  switch (kind) {
    case 'attack':
      return { ...state, attack: { base: [...main], gear: [...(groups[1] ?? [])] } };
    case 'defence':
      return { ...state, defence: [...main, ...(groups[1] ?? [])] };
    case 'cover':
      return { ...state, cover: [...main] };
    case 'armour':
      return { ...state, armour: [...main] };
    case 'attacker-armour':
      return { ...state, attackerArmour: [...main] };
    case 'push': {
      const attack = state.attack!;
      const push = pushRoll(
        {
          base: attack.base,
          gear: attack.gear,
          reroll: [...main, ...(groups[1] ?? [])],
          gearBonus: plan.gearBonus,
          kind: 'attack',
          roller: 'pc',
        },
        plan.options,
      );
      return { ...state, push };
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Result: steps and effects
// ---------------------------------------------------------------------------------------------

function faces(list: readonly number[]): string {
  return list.length === 0 ? 'none' : list.join(' ');
}

export interface ShotOutcome {
  readonly result: AttackResult;
  readonly steps: ExplainStep[];
  readonly effects: Effect[];
  readonly hopeLost: number;
  /** The amount recorded on the target (raised to the instant-kill threshold under "before armour"). */
  readonly recordedDamage: number;
  readonly instantKill: boolean;
  /** The target's Health after this attack (for the next shot of a burst). */
  readonly targetHealthAfter: number;
  readonly json: Record<string, unknown>;
}

/** Steps, effects and plain JSON of one settled attack. `health` is the target's Health before it. */
export function shotOutcome(plan: ShotPlan, state: ShotState, targetHealth: number, label = ''): ShotOutcome {
  const result = shotResult(plan, state);
  const section = plan.range === 'engaged' ? SECTION.closeCombat : SECTION.rangedCombat;
  const steps: ExplainStep[] = [];
  const attack = state.attack!;
  steps.push(
    step(
      `${label}Attack roll: ${faces(attack.base)}${attack.gear.length ? ` + gear ${faces(attack.gear)}` : ''} — ${plural(countSixes([...attack.base, ...attack.gear]), 'six', 'sixes')}.`,
      section,
    ),
  );
  if (state.defence && state.defence.length > 0) {
    steps.push(
      step(
        `${label}${plan.target.name}'s roll: ${faces(state.defence)} — ${plural(countSixes(state.defence), 'six', 'sixes')}.`,
        section,
      ),
    );
  } else if (isOpposed(plan.defense)) {
    steps.push(step(`${label}${plan.target.name} has no dice to roll: 0 sixes.`, section));
  }
  let hopeLost = 0;
  if (state.push) {
    steps.push(...state.push.steps.map((s) => ({ ...s, text: `${label}${s.text}` })));
    hopeLost = state.push.hopeLost;
  }
  steps.push(...result.steps.map((s) => ({ ...s, text: `${label}${s.text}` })));
  if (state.attackerArmour && result.damageToAttackerBeforeArmor === 0) {
    steps.push(
      step(
        `${label}${plan.attacker.name}'s armour roll no longer matters: the fight-back did not win after the push.`,
        SECTION.bodyArmor,
      ),
    );
  }
  const effects: Effect[] = [];
  const t = plan.target;
  let recorded = 0;
  let instantKill = false;
  let targetHealthAfter = targetHealth;
  if (result.damageBeforeProtection > 0) {
    const landed = landHit(t, targetHealth, result.damageToTarget, result.damageBeforeProtection, plan.options, label);
    steps.push(...landed.steps);
    if (landed.effect) effects.push(landed.effect);
    recorded = landed.recorded;
    instantKill = landed.instantKill;
    targetHealthAfter = landed.healthAfter;
  }
  if (result.damageToAttacker > 0) {
    const a = plan.attacker;
    const landed = landHit(
      a,
      a.health,
      result.damageToAttacker,
      result.damageToAttackerBeforeArmor,
      plan.options,
      label,
    );
    steps.push(...landed.steps);
    if (landed.effect) effects.push(landed.effect);
  }
  if (hopeLost > 0) {
    effects.push({
      on: { side: 'attackers', index: plan.attacker.index },
      harm: { kind: HOPE_LOSS, amount: hopeLost },
    });
  }
  if (!plan.aware && t.conditionIds.includes(UNAWARE_CONDITION)) {
    // The ambush is over once it is sprung: the target is in active combat from now on.
    effects.push({ on: { side: 'targets', index: t.index }, removeConditions: [UNAWARE_CONDITION] });
    steps.push(step(`${t.name} is no longer unaware: the ambush is sprung.`, SECTION.ambushes));
  }
  const json: Record<string, unknown> = {
    weapon: plan.weapon.id,
    range: plan.range,
    target: t.name,
    defence: plan.defense,
    attribute: plan.pool.attribute,
    baseDice: plan.pool.base,
    gearDice: plan.pool.gear,
    attackFaces: { base: [...attack.base], gear: [...attack.gear] },
    defenceFaces: state.defence ? [...state.defence] : null,
    pushed: state.push
      ? {
          base: state.push.base,
          gear: state.push.gear,
          hopeLost: state.push.hopeLost,
          gearDamage: state.push.gearDamage,
          gearBonusAfter: state.push.gearBonusAfter,
        }
      : null,
    coverFaces: state.cover ? [...state.cover] : null,
    armourFaces: state.armour ? [...state.armour] : null,
    attackerArmourFaces: state.attackerArmour ? [...state.attackerArmour] : null,
    hit: result.hit,
    winner: result.winner,
    attackerSixes: result.attackerSixes,
    defenderSixes: result.defenderSixes,
    damageBeforeProtection: result.damageBeforeProtection,
    coverBlocked: result.coverBlocked,
    armorBlocked: result.armorBlocked,
    damageToTarget: result.damageToTarget,
    damageRecorded: recorded,
    instantKill,
    damageToAttacker: result.damageToAttacker,
    defenderForfeitsNextTurn: result.defenderForfeitsNextTurn,
  };
  return { result, steps, effects, hopeLost, recordedDamage: recorded, instantKill, targetHealthAfter, json };
}

// ---------------------------------------------------------------------------------------------
// Odds
// ---------------------------------------------------------------------------------------------

export function shotOdds(plan: ShotPlan, push: PushPolicy): AttackOdds {
  const opposed = isOpposed(plan.defense);
  return attackOdds({
    defense: plan.defense,
    attackDice: plan.pool.dice,
    weaponDamage: plan.weaponDamage,
    defenseDice: opposed ? (plan.defencePool?.dice ?? 0) : undefined,
    defenderWeaponDamage: plan.defense === 'fight-back' ? plan.defenderWeaponDamage : undefined,
    coverLevel: plan.cover.level,
    armorLevel: plan.armorLevel,
    attackerArmorLevel: plan.attackerArmorLevel,
    push,
  });
}
