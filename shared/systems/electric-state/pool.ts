import type { ExplainStep } from '../../system-kit/rule-system';
import { RulesError, requireInteger } from '../../errors';
import {
  RANGE_LABELS,
  getArmor,
  getWeapon,
  rangeIndex,
  weaponGearBonus,
  type ArmorItem,
  type RangeBand,
  type Weapon,
} from './equipment';
import { withDefaults, type ElectricStateOptions } from './options';
import { SECTION, plural, step } from './sections';
import { MAX_ATTRIBUTE } from './attributes';

export type AttackKind = 'close' | 'ranged';
export type PoolAttribute = 'strength' | 'agility' | 'wits' | 'empathy';

/** Dice penalty per range band below a weapon's minimum range (seed: Range Bands). */
export const RANGE_PENALTY_PER_BAND = 2;
/** Ambushing into close combat is an Agility roll at −3 dice (seed: Ambushes). */
export const CLOSE_AMBUSH_PENALTY = 3;
export { MAX_ATTRIBUTE };
export const MAX_GEAR_BONUS = 10;
export const MAX_MODIFIER = 10;

export interface DicePool {
  readonly allowed: boolean;
  readonly attribute: PoolAttribute;
  /** Base dice to roll (the attribute after modifiers). */
  readonly base: number;
  /** Gear dice to roll (the gear bonus after what modifiers took from it). */
  readonly gear: number;
  /** base + gear: the dice actually rolled. */
  readonly dice: number;
  /** base + gear + modifiers before the zero-pool rule (may be 0 or negative). */
  readonly netDice: number;
  /** True when modifiers left 0 dice or fewer and the zeroPool toggle decided. */
  readonly zeroPool: boolean;
  /** True when the pool rolls nothing and fails (zeroPool "fail", or not allowed). */
  readonly automaticFailure: boolean;
  readonly steps: ExplainStep[];
}

/**
 * Splits a pool into base and gear dice. Negative modifiers remove base dice first, then gear
 * dice [default]; positive modifiers add base dice. A pool of 0 or fewer follows the zeroPool toggle.
 */
export function splitPool(
  attribute: PoolAttribute,
  attributeValue: number,
  gearBonus: number,
  modifier: number,
  options: ElectricStateOptions,
  steps: ExplainStep[],
  section: Parameters<typeof step>[1],
): DicePool {
  let base = attributeValue + modifier;
  let gear = gearBonus;
  if (base < 0) {
    gear += base;
    base = 0;
  }
  const netDice = base + gear;
  if (netDice <= 0) {
    if (options.zeroPool === 'one-die') {
      steps.push(step(`Modifiers leave ${netDice} dice: roll one die anyway.`, SECTION.rangeBands, 'default'));
      return {
        allowed: true,
        attribute,
        base: 1,
        gear: 0,
        dice: 1,
        netDice,
        zeroPool: true,
        automaticFailure: false,
        steps,
      };
    }
    steps.push(step(`Modifiers leave ${netDice} dice: roll nothing, the roll fails.`, SECTION.rangeBands, 'default'));
    return {
      allowed: true,
      attribute,
      base: 0,
      gear: 0,
      dice: 0,
      netDice,
      zeroPool: true,
      automaticFailure: true,
      steps,
    };
  }
  steps.push(
    step(
      `Roll ${plural(base, 'base die', 'base dice')} and ${plural(gear, 'gear die', 'gear dice')}: ${netDice} in all.`,
      section,
    ),
  );
  return {
    allowed: true,
    attribute,
    base,
    gear,
    dice: netDice,
    netDice,
    zeroPool: false,
    automaticFailure: false,
    steps,
  };
}

export interface AttackPoolInput {
  readonly attack: AttackKind;
  readonly strength: number;
  readonly agility: number;
  readonly gearBonus: number;
  readonly weaponMin: RangeBand;
  readonly weaponMax: RangeBand;
  readonly range: RangeBand;
  /** A gun: at Engaged it rolls Strength, not Agility. */
  readonly firearm?: boolean;
  /** Body armour's Agility modifier, written as a negative number (plate vest −2); Agility rolls only. */
  readonly armorAgilityModifier?: number;
  /** Ambushing an unaware target in close combat: an Agility roll at −3 dice. */
  readonly ambush?: boolean;
  /** Any other dice modifier (injuries, talents, situation), negative to remove dice. */
  readonly modifier?: number;
}

/** The attack roll's pool (seed: Close Combat, Ranged Combat, Range Bands, Ambushes, Body Armor). */
export function attackPool(input: AttackPoolInput, options?: Partial<ElectricStateOptions>): DicePool {
  const opts = withDefaults(options);
  const strength = requireInteger('strength', input.strength, 0, MAX_ATTRIBUTE);
  const agility = requireInteger('agility', input.agility, 0, MAX_ATTRIBUTE);
  const gearBonus = requireInteger('gearBonus', input.gearBonus, 0, MAX_GEAR_BONUS);
  const armorMod = requireInteger('armorAgilityModifier', input.armorAgilityModifier ?? 0, -MAX_MODIFIER, 0);
  const extra = requireInteger('modifier', input.modifier ?? 0, -MAX_MODIFIER, MAX_MODIFIER);
  const min = rangeIndex(input.weaponMin);
  const max = rangeIndex(input.weaponMax);
  const at = rangeIndex(input.range);
  if (min < 0 || max < 0 || at < 0) {
    throw new RulesError(
      'invalid-input',
      'weaponMin, weaponMax and range must be range bands: engaged, short, medium, long or extreme.',
    );
  }
  if (min > max) {
    throw new RulesError(
      'invalid-input',
      `The weapon's minimum range (${RANGE_LABELS[input.weaponMin]}) is beyond its maximum range (${RANGE_LABELS[input.weaponMax]}).`,
    );
  }
  const closeCombat = input.attack === 'close' || (input.firearm === true && input.range === 'engaged');
  const ambushClose = input.ambush === true && input.attack === 'close';
  const attribute: PoolAttribute = ambushClose ? 'agility' : closeCombat ? 'strength' : 'agility';
  const steps: ExplainStep[] = [];
  const notAllowed = (text: string, section: Parameters<typeof step>[1]): DicePool => {
    steps.push(step(text, section));
    return {
      allowed: false,
      attribute,
      base: 0,
      gear: 0,
      dice: 0,
      netDice: 0,
      zeroPool: false,
      automaticFailure: true,
      steps,
    };
  };
  if (input.attack === 'close' && input.range !== 'engaged') {
    return notAllowed(`Close combat happens at Engaged range, not ${RANGE_LABELS[input.range]}.`, SECTION.closeCombat);
  }
  if (at > max) {
    return notAllowed(
      `${RANGE_LABELS[input.range]} is beyond the weapon's maximum range (${RANGE_LABELS[input.weaponMax]}): the attack is impossible.`,
      SECTION.rangeBands,
    );
  }
  if (ambushClose) {
    steps.push(step('Ambush into close combat: an Agility roll at −3 dice.', SECTION.ambushes));
  } else if (input.attack === 'close') {
    steps.push(step('Close combat: roll Strength plus the weapon bonus.', SECTION.closeCombat));
  } else if (closeCombat) {
    steps.push(step('A firearm used at Engaged range rolls Strength, not Agility.', SECTION.closeCombat));
  } else {
    steps.push(step('Ranged combat: roll Agility plus the weapon bonus.', SECTION.rangedCombat));
  }
  let modifier = extra;
  if (extra !== 0)
    steps.push(
      step(`Other modifiers: ${extra > 0 ? '+' : '−'}${Math.abs(extra)} dice.`, SECTION.rangeBands, 'default'),
    );
  const bandsBelow = Math.max(0, min - at);
  if (bandsBelow > 0) {
    const penalty = RANGE_PENALTY_PER_BAND * bandsBelow;
    modifier -= penalty;
    steps.push(
      step(
        `${RANGE_LABELS[input.range]} is ${plural(bandsBelow, 'band', 'bands')} below the weapon's minimum range (${RANGE_LABELS[input.weaponMin]}): −${penalty} dice.`,
        SECTION.rangeBands,
      ),
    );
  }
  if (ambushClose) modifier -= CLOSE_AMBUSH_PENALTY;
  if (attribute === 'agility' && armorMod !== 0) {
    modifier += armorMod;
    steps.push(step(`Body armour: −${-armorMod} dice on Agility rolls.`, SECTION.bodyArmor));
  } else if (armorMod !== 0) {
    steps.push(step('Body armour only modifies Agility rolls; this Strength roll is unaffected.', SECTION.bodyArmor));
  }
  const attributeValue = attribute === 'strength' ? strength : agility;
  return splitPool(
    attribute,
    attributeValue,
    gearBonus,
    modifier,
    opts,
    steps,
    input.attack === 'close' ? SECTION.closeCombat : SECTION.rangedCombat,
  );
}

export interface WeaponAttackPoolInput {
  readonly weapon: string | Weapon;
  readonly range: RangeBand;
  readonly strength: number;
  readonly agility: number;
  /** Body armour worn by the attacker (id or item); its Agility modifier applies to Agility rolls. */
  readonly armor?: string | ArmorItem | null;
  /** Network attribute of the neurocaster, for ● weapons. */
  readonly networkRating?: number;
  /** Gear bonus lost to earlier pushes (each 1 on a gear die lowers the bonus by 1). */
  readonly gearDamage?: number;
  readonly ambush?: boolean;
  readonly modifier?: number;
}

/**
 * The attack pool for a weapon from the Weapons Table at a range band. At Engaged the attack
 * is close combat (Strength); from Short on it is ranged combat (Agility).
 */
export function weaponAttackPool(
  input: WeaponAttackPoolInput,
  options?: Partial<ElectricStateOptions>,
): DicePool & { weapon: Weapon; attack: AttackKind } {
  const w = typeof input.weapon === 'string' ? getWeapon(input.weapon) : input.weapon;
  const armor = input.armor == null ? null : typeof input.armor === 'string' ? getArmor(input.armor) : input.armor;
  const bonus = weaponGearBonus(w, input.networkRating);
  const gearDamage = requireInteger('gearDamage', input.gearDamage ?? 0, 0, MAX_GEAR_BONUS);
  const attack: AttackKind = input.range === 'engaged' ? 'close' : 'ranged';
  const pool = attackPool(
    {
      attack,
      strength: input.strength,
      agility: input.agility,
      gearBonus: Math.max(0, bonus - gearDamage),
      weaponMin: w.minRange,
      weaponMax: w.maxRange,
      range: input.range,
      firearm: w.firearm,
      armorAgilityModifier: armor?.agilityModifier ?? 0,
      ambush: input.ambush ?? false,
      modifier: input.modifier ?? 0,
    },
    options,
  );
  return { ...pool, weapon: w, attack };
}

export interface AttributePoolInput {
  readonly attribute: PoolAttribute;
  readonly value: number;
  readonly gearBonus?: number;
  readonly modifier?: number;
  /** Body armour Agility modifier (negative); applies only when `attribute` is agility. */
  readonly armorAgilityModifier?: number;
}

/** A plain attribute roll (Empathy to rally, Wits to stabilize, Strength to resist a taser …). */
export function attributePool(input: AttributePoolInput, options?: Partial<ElectricStateOptions>): DicePool {
  const opts = withDefaults(options);
  const value = requireInteger(input.attribute, input.value, 0, MAX_ATTRIBUTE);
  const gear = requireInteger('gearBonus', input.gearBonus ?? 0, 0, MAX_GEAR_BONUS);
  let modifier = requireInteger('modifier', input.modifier ?? 0, -MAX_MODIFIER, MAX_MODIFIER);
  const armorMod = requireInteger('armorAgilityModifier', input.armorAgilityModifier ?? 0, -MAX_MODIFIER, 0);
  if (input.attribute === 'agility') modifier += armorMod;
  const label = input.attribute[0]!.toUpperCase() + input.attribute.slice(1);
  const steps: ExplainStep[] = [
    step(
      `Roll ${label} (${value})${gear ? ` with a +${gear} gear bonus` : ''}${modifier ? `, ${modifier > 0 ? '+' : '−'}${Math.abs(modifier)} dice` : ''}.`,
      SECTION.dice,
      'book',
    ),
  ];
  return splitPool(input.attribute, value, gear, modifier, opts, steps, SECTION.dice);
}
