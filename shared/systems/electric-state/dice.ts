import type { ExplainStep } from '../../system-kit/rule-system';
import { RulesError, requireFaces } from '../../errors';
import { withDefaults, type ElectricStateOptions } from './options';
import { SECTION, plural, step } from './sections';

/** Every Electric State roll uses six-sided dice; each 6 is a success. */
export const DIE_SIDES = 6;
export const SUCCESS_FACE = 6;
/** Pools above this are refused as input mistakes (the largest realistic pool is about 20). */
export const MAX_POOL = 100;

export function checkD6(name: string, faces: readonly number[]): number[] {
  return requireFaces(name, faces, DIE_SIDES, MAX_POOL);
}

export function countSixes(faces: readonly number[]): number {
  let count = 0;
  for (const face of faces) if (face === SUCCESS_FACE) count++;
  return count;
}

export function countOnes(faces: readonly number[]): number {
  let count = 0;
  for (const face of faces) if (face === 1) count++;
  return count;
}

export interface SuccessesResult {
  readonly successes: number;
  readonly steps: ExplainStep[];
}

/** Counts the 6s in a roll of d6 faces. */
export function countSuccesses(dice: readonly number[]): SuccessesResult {
  checkD6('dice', dice);
  const successes = countSixes(dice);
  return {
    successes,
    steps: [
      step(
        `${plural(dice.length, 'die', 'dice')} rolled, ${plural(successes, 'six', 'sixes')}: each 6 is a success.`,
        SECTION.dice,
        'book',
      ),
    ],
  };
}

/** What a roll is for: decides whether it may be pushed. */
export type RollKind =
  | 'attack'
  | 'attribute'
  | 'rally'
  | 'stabilize'
  | 'taser-resist'
  | 'defense'
  | 'initiative'
  | 'death'
  | 'armor'
  | 'cover'
  | 'blast';

export type Roller = 'pc' | 'npc';

/** Why a roll cannot be pushed, or null when it can. */
export function pushBlockedReason(kind: RollKind, roller: Roller): string | null {
  if (roller === 'npc') return 'Only player characters may push a roll.';
  switch (kind) {
    case 'initiative':
      return 'The initiative roll cannot be pushed.';
    case 'death':
      return 'Death rolls cannot be pushed.';
    case 'armor':
    case 'cover':
      return 'Armour and cover rolls cannot be pushed.';
    case 'blast':
      return 'The Blast Power roll is a damage roll, not an attribute roll; it cannot be pushed.';
    case 'defense':
      return 'In a fight-back or dodge only the attacker can push.';
    default:
      return null;
  }
}

export function canPush(kind: RollKind, roller: Roller): boolean {
  return pushBlockedReason(kind, roller) === null;
}

/** A die may be rerolled in a push when it shows neither a 6 nor a 1. */
export function isRerollable(face: number): boolean {
  return face !== SUCCESS_FACE && face !== 1;
}

export function rerollableCount(base: readonly number[], gear: readonly number[]): number {
  let count = 0;
  for (const face of base) if (isRerollable(face)) count++;
  for (const face of gear) if (isRerollable(face)) count++;
  return count;
}

export interface PushInput {
  /** Base (attribute) dice as first rolled. */
  readonly base: readonly number[];
  /** Gear (weapon/equipment bonus) dice as first rolled. */
  readonly gear: readonly number[];
  /** New faces for the rerolled dice: base dice first, then gear, each group in position order. */
  readonly reroll: readonly number[];
  /** The gear's bonus before the push; when given, the result says what it drops to. */
  readonly gearBonus?: number;
  readonly kind?: RollKind;
  readonly roller?: Roller;
  /** True when this roll was already pushed once. */
  readonly alreadyPushed?: boolean;
}

export interface PushResult {
  readonly base: number[];
  readonly gear: number[];
  readonly successes: number;
  /** Hope the character loses: 1s on base dice (see the hopeOnlyNewOnes toggle). */
  readonly hopeLost: number;
  /** Points the gear bonus drops by: every 1 on a gear die after the push. */
  readonly gearDamage: number;
  /** The gear bonus after the damage, when `gearBonus` was given (0 = broken). */
  readonly gearBonusAfter: number | null;
  readonly gearBroken: boolean;
  readonly rerolledBase: number[];
  readonly rerolledGear: number[];
  readonly steps: ExplainStep[];
}

/**
 * Pushes a roll: every die that is neither 6 nor 1 is rerolled once. Afterwards each 1 on a
 * base die costs 1 Hope, and each 1 on a gear die lowers the gear bonus by 1.
 */
export function pushRoll(input: PushInput, options?: Partial<ElectricStateOptions>): PushResult {
  const opts = withDefaults(options);
  const base = checkD6('base', input.base);
  const gear = checkD6('gear', input.gear);
  const reroll = checkD6('reroll', input.reroll);
  const blocked = pushBlockedReason(input.kind ?? 'attack', input.roller ?? 'pc');
  if (blocked) throw new RulesError('not-allowed', blocked, { kind: input.kind, roller: input.roller });
  if (input.alreadyPushed) throw new RulesError('not-allowed', 'A roll can be pushed only once.');
  const needed = rerollableCount(base, gear);
  if (reroll.length !== needed) {
    throw new RulesError(
      'invalid-input',
      `The push rerolls ${plural(needed, 'die', 'dice')} (every die showing neither 6 nor 1), but ${plural(reroll.length, 'new face was', 'new faces were')} given.`,
      { needed, given: reroll.length },
    );
  }
  let next = 0;
  let newBaseOnes = 0;
  const rerolledBase: number[] = [];
  const rerolledGear: number[] = [];
  const newBase = base.map((face, index) => {
    if (!isRerollable(face)) return face;
    const value = reroll[next++]!;
    rerolledBase.push(index);
    if (value === 1) newBaseOnes++;
    return value;
  });
  const newGear = gear.map((face, index) => {
    if (!isRerollable(face)) return face;
    rerolledGear.push(index);
    return reroll[next++]!;
  });
  const successes = countSixes(newBase) + countSixes(newGear);
  const baseOnes = countOnes(newBase);
  const hopeLost = opts.hopeOnlyNewOnes ? newBaseOnes : baseOnes;
  const gearDamage = countOnes(newGear);
  let gearBonusAfter: number | null = null;
  if (input.gearBonus !== undefined) {
    const bonus = input.gearBonus;
    if (!Number.isInteger(bonus) || bonus < 0)
      throw new RulesError('invalid-input', `gearBonus must be a whole number of at least 0, got ${bonus}.`);
    gearBonusAfter = Math.max(0, bonus - gearDamage);
  }
  const steps: ExplainStep[] = [
    step(
      `Pushed: rerolled ${plural(rerolledBase.length, 'base die', 'base dice')} and ${plural(rerolledGear.length, 'gear die', 'gear dice')} (every die showing neither 6 nor 1); ${plural(successes, 'six', 'sixes')} in total now.`,
      SECTION.pushing,
      'book',
    ),
    opts.hopeOnlyNewOnes
      ? step(
          `${plural(newBaseOnes, 'base die', 'base dice')} came up 1 in the push: ${hopeLost} Hope lost (only new 1s count).`,
          SECTION.pushing,
          'default',
        )
      : step(
          `${plural(baseOnes, 'base die shows', 'base dice show')} 1 after the push: ${hopeLost} Hope lost.`,
          SECTION.pushing,
          'default',
        ),
    gearDamage === 0
      ? step('No gear die shows 1 after the push: the gear is undamaged.', SECTION.pushing, 'default')
      : step(
          `${plural(gearDamage, 'gear die shows', 'gear dice show')} 1 after the push: the gear bonus drops by ${gearDamage}` +
            (gearBonusAfter === null ? '.' : ` to ${gearBonusAfter}${gearBonusAfter === 0 ? ' (broken)' : ''}.`),
          SECTION.pushing,
          'default',
        ),
  ];
  return {
    base: newBase,
    gear: newGear,
    successes,
    hopeLost,
    gearDamage,
    gearBonusAfter,
    gearBroken: gearBonusAfter === 0 && gearDamage > 0,
    rerolledBase,
    rerolledGear,
    steps,
  };
}
