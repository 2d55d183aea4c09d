// One attack, planned: the setup, the pools and every reason the attack cannot be made.
import { RulesError } from '../../../errors';
import type { ExplainStep } from '../../../system-kit/rule-system';
import {
  RANGE_LABELS,
  SECTION,
  WEAPONS,
  attackPool,
  attributePool,
  isOpposed,
  step,
  weaponGearBonus,
  type Defense,
  type DicePool,
  type ElectricStateOptions,
  type RangeBand,
  type Weapon,
} from './rules';
import { UNAWARE_CONDITION, bleedingReminder, coverLevel, type Fighter } from './common';

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
