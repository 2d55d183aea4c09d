import type { ExplainStep } from '../../system-kit/rule-system';
import { RulesError, requireInteger } from '../../errors';
import { MAX_ATTRIBUTE } from './pool';
import { SECTION, step } from './sections';

export interface InitiativeSide {
  readonly id: string;
  /** The highest Wits on that side. */
  readonly highestWits: number;
  /** The side's D6 (never pushed); may be left out for everyone when `startedBy` decides. */
  readonly roll?: number;
}

export interface InitiativeInput {
  readonly sides: readonly InitiativeSide[];
  /** The side that started the fight acts first; no roll is needed. */
  readonly startedBy?: string;
}

export interface InitiativeResult {
  /** Side ids, first to act first (by total; tied sides in input order). */
  readonly order: string[];
  /** Two totals are equal: reroll. */
  readonly tie: boolean;
  readonly totals: Readonly<Record<string, number>>;
  readonly steps: ExplainStep[];
}

/** One side's initiative total: its D6 + the highest Wits on the side (seed: Round Structure). */
export function sideInitiativeTotal(side: {
  readonly label: string;
  readonly highestWits: number;
  readonly roll: number;
}): {
  total: number;
  steps: ExplainStep[];
} {
  const wits = requireInteger(`highestWits of ${side.label}`, side.highestWits, 0, MAX_ATTRIBUTE);
  const roll = requireInteger(`roll of ${side.label}`, side.roll, 1, 6);
  const total = roll + wits;
  return {
    total,
    steps: [step(`${side.label}: D6 ${roll} + highest Wits ${wits} = ${total}.`, SECTION.roundStructure)],
  };
}

/**
 * Side initiative (seed: Round Structure): the side that started the fight acts first; if
 * unclear each side rolls D6 + its highest Wits, higher total first, ties rerolled.
 */
export function sideInitiative(input: InitiativeInput): InitiativeResult {
  const sides = input.sides;
  if (!Array.isArray(sides) || sides.length < 2)
    throw new RulesError('invalid-input', 'Initiative needs at least two sides.');
  const ids = new Set<string>();
  for (const side of sides) {
    if (typeof side.id !== 'string' || side.id.length === 0)
      throw new RulesError('invalid-input', 'Every side needs an id.');
    if (ids.has(side.id)) throw new RulesError('invalid-input', `Two sides share the id "${side.id}".`);
    ids.add(side.id);
    requireInteger(`highestWits of ${side.id}`, side.highestWits, 0, MAX_ATTRIBUTE);
    if (side.roll !== undefined) requireInteger(`roll of ${side.id}`, side.roll, 1, 6);
  }
  if (input.startedBy !== undefined) {
    if (!ids.has(input.startedBy))
      throw new RulesError('invalid-input', `startedBy names "${input.startedBy}", which is not one of the sides.`);
    const order = [input.startedBy, ...sides.map((s) => s.id).filter((id) => id !== input.startedBy)];
    return {
      order,
      tie: false,
      totals: {},
      steps: [step(`${input.startedBy} started the fight and acts first; no initiative roll.`, SECTION.roundStructure)],
    };
  }
  const totals: Record<string, number> = {};
  for (const side of sides) {
    if (side.roll === undefined)
      throw new RulesError('invalid-input', `Side "${side.id}" needs its initiative roll (a D6).`);
    totals[side.id] = sideInitiativeTotal({ label: side.id, highestWits: side.highestWits, roll: side.roll }).total;
  }
  const indexed = sides.map((s, i) => ({ id: s.id, total: totals[s.id]!, i }));
  indexed.sort((x, y) => y.total - x.total || x.i - y.i);
  const tie = new Set(indexed.map((s) => s.total)).size < indexed.length;
  const steps = [
    step(
      `Each side rolls D6 + its highest Wits: ${indexed.map((s) => `${s.id} ${s.total}`).join(', ')}.`,
      SECTION.roundStructure,
    ),
    step(
      tie
        ? 'Equal totals: reroll the tie (the roll cannot be pushed).'
        : `${indexed[0]!.id} has the higher total and acts first.`,
      SECTION.roundStructure,
    ),
  ];
  return { order: indexed.map((s) => s.id), tie, totals, steps };
}

/** What a participant does on their turn, in order. Free actions do not count. */
export type TurnStep = 'move' | 'action' | 'free';

export interface TurnCheck {
  readonly valid: boolean;
  readonly reason: string | null;
  readonly steps: ExplainStep[];
}

/**
 * Turn economy (seed: Round Structure, Action Types): one move + one action, or two moves; the
 * move comes before the action. Free actions only on your own turn, in addition.
 */
export function checkTurn(plan: readonly TurnStep[]): TurnCheck {
  const counted = plan.filter((s) => s !== 'free');
  for (const s of plan) {
    if (s !== 'move' && s !== 'action' && s !== 'free')
      throw new RulesError('invalid-input', `Unknown turn step "${String(s)}".`);
  }
  const moves = counted.filter((s) => s === 'move').length;
  const actions = counted.filter((s) => s === 'action').length;
  let reason: string | null = null;
  if (actions > 1) reason = 'Only one action per turn.';
  else if (counted.length > 2) reason = 'A turn is one move and one action, or two moves.';
  else if (actions === 1 && moves === 1 && counted[0] === 'action') reason = 'The move must come before the action.';
  const section = SECTION.roundStructure;
  return {
    valid: reason === null,
    reason,
    steps: [
      step(
        reason ??
          `${moves} move${moves === 1 ? '' : 's'} and ${actions} action${actions === 1 ? '' : 's'}: a valid turn.`,
        section,
      ),
    ],
  };
}

/**
 * A reaction (fight back, dodge) forfeits your next turn — this round's if you have not acted
 * yet, otherwise next round's (seed: Action Types).
 */
export function reactionForfeits(hasActedThisRound: boolean): 'this-round-turn' | 'next-round-turn' {
  return hasActedThisRound ? 'next-round-turn' : 'this-round-turn';
}
