import type { ExplainStep } from '../../system-kit/rule-system';
import type { Distribution } from '../../dice/distribution';
import { plural, SECTION, signed, step } from './sections';

/**
 * Surprise. The seed (Other Combat Factors) says only that "an Initiative Test at the fight's start
 * determines who can act against whom in the first pass"; the book (SR4 Combat, Surprise Tests and
 * Ambushing) fills in how:
 * - everyone involved makes an Initiative Test, Reaction + Intuition; alerted characters add +3
 *   dice, ambushers lying in wait +6;
 * - a character is surprised by every other character who scored more hits (a tie surprises no
 *   one), friends as well as foes;
 * - a surprised character may not act toward or react to those who surprised them, in the first
 *   Initiative Pass only;
 * - ambushers aware of their prey are never surprised by it (those ambushing blind still can be).
 * Glitches on this test change nothing (our default: neither the seed nor the book gives them an
 * effect here; the seed's glitch rule orders Initiative Score ties, which this test does not set).
 */

export type SurpriseStance = 'ready' | 'alerted' | 'ambushing' | 'ambushing-blind';

export const SURPRISE_STANCES: Readonly<
  Record<SurpriseStance, { readonly label: string; readonly dice: number; readonly hint: string }>
> = {
  ready: { label: 'No modifier', dice: 0, hint: 'Caught as they were.' },
  alerted: { label: 'Alerted (+3)', dice: 3, hint: 'Warned in some way: a noise, a feeling, a Perception Test.' },
  ambushing: {
    label: 'Ambushing, aware of the prey (+6)',
    dice: 6,
    hint: 'Lies in wait watching the other side: never surprised by them.',
  },
  'ambushing-blind': {
    label: 'Ambushing, prey unseen (+6)',
    dice: 6,
    hint: 'Lies in wait without knowing when the prey comes: can still be surprised.',
  },
};

/** What a participant brings to the test. */
export interface SurprisePoolInput {
  readonly name: string;
  readonly reaction: number;
  readonly intuition: number;
  readonly stance: SurpriseStance;
  /** The wound modifier (0 or negative). */
  readonly woundModifier: number;
  /** The GM's other modifier, in dice. */
  readonly other: number;
  /** Edge dice added before the roll (every 6 then explodes); 0 when Edge is not spent. */
  readonly edgeDice: number;
}

export interface SurprisePool {
  /** Dice rolled, Edge included; at least 0. */
  readonly dice: number;
  /** "Reaction 4 + Intuition 3, alerted +3, wounds −1". */
  readonly label: string;
  readonly steps: readonly ExplainStep[];
}

export function surprisePool(input: SurprisePoolInput): SurprisePool {
  const stance = SURPRISE_STANCES[input.stance];
  const parts: string[] = [];
  if (stance.dice) parts.push(`${input.stance === 'alerted' ? 'alerted' : 'ambushing'} ${signed(stance.dice)}`);
  if (input.woundModifier) parts.push(`wounds ${signed(input.woundModifier)}`);
  if (input.other) parts.push(`other ${signed(input.other)}`);
  if (input.edgeDice) parts.push(`Edge ${signed(input.edgeDice)}`);
  const raw = input.reaction + input.intuition + stance.dice + input.woundModifier + input.other + input.edgeDice;
  const dice = Math.max(0, raw);
  const label = `Reaction ${input.reaction} + Intuition ${input.intuition}${parts.length ? `, ${parts.join(', ')}` : ''}`;
  const steps: ExplainStep[] = [
    step(
      `${input.name} rolls Reaction ${input.reaction} + Intuition ${input.intuition}, the Initiative attributes, for the surprise Initiative Test.`,
      SECTION.combatTurn,
    ),
  ];
  if (input.stance === 'alerted') steps.push(step(`${input.name} was alerted: +3 dice.`, SECTION.otherFactors, 'book'));
  if (input.stance === 'ambushing' || input.stance === 'ambushing-blind')
    steps.push(step(`${input.name} lies in ambush: +6 dice.`, SECTION.otherFactors, 'book'));
  if (input.woundModifier)
    steps.push(step(`${input.name}'s wounds: ${signed(input.woundModifier)} dice, Initiative included.`, SECTION.damage));
  if (input.other)
    steps.push(step(`The GM's other modifier for ${input.name}: ${signed(input.other)} dice.`, SECTION.otherFactors, 'default'));
  if (input.edgeDice)
    steps.push(
      step(`${input.name} spends Edge before the roll: +${input.edgeDice} dice, and every 6 explodes.`, SECTION.combatTurn, 'book'),
    );
  steps.push(
    step(
      raw <= 0
        ? `${input.name}'s pool is ${signed(raw)} dice after modifiers: no dice, 0 hits.`
        : `${input.name} rolls ${plural(dice, 'die', 'dice')}.`,
      SECTION.otherFactors,
      raw <= 0 ? 'default' : 'book',
    ),
  );
  return { dice, label, steps };
}

/** One participant's result, as the pairwise rule needs it. */
export interface SurpriseEntrant {
  readonly name: string;
  /** Which side of the fight; an aware ambusher is safe from everyone on another side. */
  readonly side: string;
  readonly hits: number;
  /** Ambushing and aware of the prey: never surprised by anyone on another side (book). */
  readonly awareAmbusher: boolean;
}

/** Why a pair came out as it did. */
export type PairReason = 'more-hits' | 'tie' | 'ambusher';

export interface PairOutcome {
  /** Index of the one who surprises the other, or null when neither does. */
  readonly surpriser: number | null;
  readonly surprised: number | null;
  readonly reason: PairReason;
}

/** Whether `by` can surprise `whom` at all: not an aware ambusher's prey (book, Ambushing). */
type Placed = Pick<SurpriseEntrant, 'side' | 'awareAmbusher'>;

function canSurprise(by: Placed, whom: Placed): boolean {
  return !(whom.awareAmbusher && whom.side !== by.side);
}

/** The pair rule: more hits surprises (book: the threshold is to be beaten), unless the loser ambushes the winner. */
export function pairOutcome(entrants: readonly SurpriseEntrant[], a: number, b: number): PairOutcome {
  const first = entrants[a]!;
  const second = entrants[b]!;
  if (first.hits === second.hits) return { surpriser: null, surprised: null, reason: 'tie' };
  const [winner, loser] = first.hits > second.hits ? [a, b] : [b, a];
  if (!canSurprise(entrants[winner]!, entrants[loser]!)) return { surpriser: null, surprised: null, reason: 'ambusher' };
  return { surpriser: winner, surprised: loser, reason: 'more-hits' };
}

/** For each entrant, the indices of those who surprised them, in entrant order. */
export function surprisedBy(entrants: readonly SurpriseEntrant[]): number[][] {
  const out: number[][] = entrants.map(() => []);
  for (let a = 0; a < entrants.length; a++)
    for (let b = a + 1; b < entrants.length; b++) {
      const outcome = pairOutcome(entrants, a, b);
      if (outcome.surprised !== null) out[outcome.surprised]!.push(outcome.surpriser!);
    }
  for (const list of out) list.sort((x, y) => x - y);
  return out;
}

/** The explanation of one pair, with the rule that decided it. */
export function pairStep(entrants: readonly SurpriseEntrant[], a: number, b: number): ExplainStep {
  const first = entrants[a]!;
  const second = entrants[b]!;
  const score = `${first.name} ${plural(first.hits, 'hit', 'hits')} vs ${second.name} ${plural(second.hits, 'hit', 'hits')}`;
  const outcome = pairOutcome(entrants, a, b);
  if (outcome.reason === 'tie')
    return step(`${score}: a tie, so neither is surprised by the other (only more hits surprise).`, SECTION.otherFactors, 'book');
  const winner = entrants[first.hits > second.hits ? a : b]!;
  const loser = entrants[first.hits > second.hits ? b : a]!;
  if (outcome.reason === 'ambusher')
    return step(
      `${score}: ${loser.name} lies in ambush aware of ${winner.name}, so is not surprised by them.`,
      SECTION.otherFactors,
      'book',
    );
  return step(
    `${score}: ${loser.name} is surprised by ${winner.name} and can neither act against nor react to ${winner.name} in the first Initiative Pass.`,
    SECTION.otherFactors,
    'book',
  );
}

// ---------------------------------------------------------------------------------------------
// Odds
// ---------------------------------------------------------------------------------------------

/** One entrant before the roll: its hit distribution instead of its hits. */
export interface SurpriseOddsEntrant extends Omit<SurpriseEntrant, 'hits'> {
  readonly hits: Distribution;
}

export interface SurpriseOdds {
  /** pair[i][j] = P(i surprises j); 0 on the diagonal. */
  readonly pair: readonly (readonly number[])[];
  /** P(i is surprised by at least one other). */
  readonly surprised: readonly number[];
}

/** P(hits ≤ k) for every k the distribution reaches, and 1 past its end. */
function cumulative(dist: Distribution): (k: number) => number {
  const sums: number[] = [];
  let total = 0;
  for (const p of dist) sums.push((total += p));
  return (k) => (k < 0 ? 0 : k >= sums.length ? 1 : sums[k]!);
}

/** Exact odds: the rolls are independent, so each pair and each "surprised by anyone" is a sum over one entrant's hits. */
export function surpriseOdds(entrants: readonly SurpriseOddsEntrant[]): SurpriseOdds {
  const atMost = entrants.map((e) => cumulative(e.hits));
  const pair = entrants.map((by, i) =>
    entrants.map((whom, j) => {
      if (i === j || !canSurprise(by, whom)) return 0;
      // P(hits_i > hits_j) = Σ_x P(hits_j = x) · P(hits_i > x)
      return whom.hits.reduce((sum, p, x) => sum + p * (1 - atMost[i]!(x)), 0);
    }),
  );
  const surprised = entrants.map((whom, j) => {
    const threats = entrants.flatMap((by, i) => (i !== j && canSurprise(by, whom) ? [i] : []));
    // Not surprised = every threat scored at most as many hits as j.
    if (threats.length === 0) return 0;
    const safe = whom.hits.reduce((sum, p, x) => sum + p * threats.reduce((prod, i) => prod * atMost[i]!(x), 1), 0);
    return Math.min(1, Math.max(0, 1 - safe));
  });
  return { pair, surprised };
}

// ---------------------------------------------------------------------------------------------
// The tracker's record: the Surprised condition names who surprised the bearer
// ---------------------------------------------------------------------------------------------

const NOTE_PREFIX = 'Surprised by ';
const NOTE_SUFFIX = ' (first pass)';
/** The tracker's longest condition label. */
const MAX_LABEL = 80;

/** The condition's note, which the attack workflows read: "Surprised by Ghost, Sam (first pass)". */
export function surprisedNote(surprisers: readonly string[]): string {
  return `${NOTE_PREFIX}${surprisers.join(', ')}${NOTE_SUFFIX}`;
}

/** The chip's label: the names when they fit, else how many. */
export function surprisedLabel(surprisers: readonly string[]): string {
  const full = `${NOTE_PREFIX}${surprisers.join(', ')}`;
  return full.length <= MAX_LABEL ? full : `${NOTE_PREFIX}${plural(surprisers.length, 'other', 'others')} (see note)`;
}

/** Whether a Surprised note written by `surprisedNote` names `name` among the surprisers. */
export function noteNames(note: string, name: string): boolean {
  if (!note.startsWith(NOTE_PREFIX) || !note.endsWith(NOTE_SUFFIX)) return false;
  const list = note.slice(NOTE_PREFIX.length, note.length - NOTE_SUFFIX.length);
  // Matched whole between separators, so a name holding ", " still matches and "Ganger 1" is not "Ganger 10".
  return list === name || list.startsWith(`${name}, `) || list.endsWith(`, ${name}`) || list.includes(`, ${name}, `);
}
