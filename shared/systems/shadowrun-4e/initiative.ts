import type { ExplainStep } from '../../system-kit/rule-system';
import { RulesError, requireInteger } from '../../errors';
import { MAX_ATTRIBUTE } from './attributes';
import { plural, SECTION, signed, step } from './sections';
import { evaluateTest, pushTheLimit, type TestResult } from './tests';
import type { GlitchRule, InitiativeCriticalGlitchRule } from './toggles';

/** Most characters cap at 4 Initiative Passes per Combat Turn. */
export const MAX_PASSES = 4;

export interface InitiativeInput {
  readonly reaction: number;
  readonly intuition: number;
  /** The Initiative Test dice (Reaction + Intuition of them, plus Edge dice when Edge is spent). */
  readonly dice: readonly number[];
  /** The current wound modifier (0 or negative), applied to the score. */
  readonly woundModifier?: number;
  /** Edge spent before the roll: the Rule of Six extra dice, in rolling order. */
  readonly explosions?: readonly number[];
}

export interface InitiativeRules {
  readonly glitch: GlitchRule;
  readonly initiativeCriticalGlitch: InitiativeCriticalGlitchRule;
}

export interface InitiativeRoll {
  /** The Initiative attribute: Reaction + Intuition. */
  readonly initiative: number;
  readonly hits: number;
  readonly woundModifier: number;
  /** Initiative Score = Reaction + Intuition + hits + wound modifier. */
  readonly score: number;
  readonly glitch: boolean;
  readonly criticalGlitch: boolean;
  /** What the critical glitch costs: Simple Actions lost and Action Phases lost in the first pass. */
  readonly simpleActionsLost: number;
  readonly actionPhasesLost: number;
  readonly test: TestResult;
  readonly steps: readonly ExplainStep[];
}

/** Initiative Score = Reaction + Intuition + hits on the Initiative Test, with the wound modifier applied. */
export function rollInitiative(input: InitiativeInput, rules: InitiativeRules): InitiativeRoll {
  const reaction = requireInteger('Reaction', input.reaction, 1, MAX_ATTRIBUTE);
  const intuition = requireInteger('Intuition', input.intuition, 1, MAX_ATTRIBUTE);
  const wound = requireInteger('Wound modifier', input.woundModifier ?? 0, -100, 0);
  const test =
    input.explosions === undefined
      ? evaluateTest(input.dice, rules.glitch, 'dice')
      : pushTheLimit(input.dice, input.explosions, rules.glitch);
  const initiative = reaction + intuition;
  const score = initiative + test.hits + wound;
  const steps: ExplainStep[] = [
    ...test.steps,
    step(
      `Initiative Score = Reaction ${reaction} + Intuition ${intuition} + ${plural(test.hits, 'hit', 'hits')}${wound ? ` ${signed(wound)} wounds` : ''} = ${score}.`,
      SECTION.combatTurn,
    ),
  ];
  let simpleActionsLost = 0;
  let actionPhasesLost = 0;
  if (test.criticalGlitch) {
    if (rules.initiativeCriticalGlitch === 'simple-action') simpleActionsLost = 1;
    else actionPhasesLost = 1;
    steps.push(
      step(
        `Critical glitch: the character goes to the back of any tie and loses ${rules.initiativeCriticalGlitch === 'simple-action' ? 'one Simple Action in the first Action Phase' : 'the first Action Phase'}.`,
        SECTION.combatTurn,
      ),
    );
  } else if (test.glitch) {
    steps.push(step('Glitch: the character goes to the back of any tie.', SECTION.combatTurn));
  }
  if (score <= 0)
    steps.push(
      step(`The score is ${score}; the GM decides whether the character can act.`, SECTION.combatTurn, 'default'),
    );
  return {
    initiative,
    hits: test.hits,
    woundModifier: wound,
    score,
    glitch: test.glitch,
    criticalGlitch: test.criticalGlitch,
    simpleActionsLost,
    actionPhasesLost,
    test,
    steps,
  };
}

/** One combatant as the encounter tracker keeps them for ordering. */
export interface InitiativeEntry {
  readonly id: string;
  /** Current Initiative Score (lowered at once when wounds change). */
  readonly score: number;
  /** Initiative Passes this Combat Turn (1–4). */
  readonly passes: number;
  readonly edge: number;
  /** The Initiative attribute (Reaction + Intuition). */
  readonly initiative: number;
  readonly reaction: number;
  readonly glitch?: boolean;
  readonly criticalGlitch?: boolean;
  /** Passes in which the character spent Edge to act first. */
  readonly edgeFirstPasses?: readonly number[];
}

export interface PassSlot {
  readonly id: string;
  readonly score: number;
  readonly edgeFirst: boolean;
  /** Simple Actions this character loses in this Action Phase (critical glitch). */
  readonly simpleActionsLost: number;
}

export interface PassOrder {
  readonly pass: number;
  readonly order: readonly PassSlot[];
  /** Groups of ids with equal scores: simultaneous unless it matters, then ordered as listed. */
  readonly ties: readonly (readonly string[])[];
  readonly steps: readonly ExplainStep[];
}

function whole(value: unknown, min: number, max: number): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

function validateEntry(entry: InitiativeEntry): void {
  // The common case checked without building the five field names; a bad entry takes the long way for its message.
  if (
    typeof entry.id === 'string' &&
    entry.id.length > 0 &&
    whole(entry.score, -100, 200) &&
    whole(entry.passes, 1, MAX_PASSES) &&
    whole(entry.edge, 0, MAX_ATTRIBUTE) &&
    whole(entry.initiative, 0, 2 * MAX_ATTRIBUTE) &&
    whole(entry.reaction, 0, MAX_ATTRIBUTE)
  ) {
    return;
  }
  if (typeof entry.id !== 'string' || entry.id.length === 0)
    throw new RulesError('invalid-input', 'Every combatant needs an id.');
  requireInteger(`${entry.id}: Initiative Score`, entry.score, -100, 200);
  requireInteger(`${entry.id}: Initiative Passes`, entry.passes, 1, MAX_PASSES);
  requireInteger(`${entry.id}: Edge`, entry.edge, 0, MAX_ATTRIBUTE);
  requireInteger(`${entry.id}: Initiative`, entry.initiative, 0, 2 * MAX_ATTRIBUTE);
  requireInteger(`${entry.id}: Reaction`, entry.reaction, 0, MAX_ATTRIBUTE);
}

/**
 * The higher-first comparison: Edge spent to go first, then score, then a glitch sends a
 * character to the back of the tie, then Edge, Initiative, Reaction. Returns 0 for a full tie.
 */
export function compareInitiative(a: InitiativeEntry, b: InitiativeEntry, pass: number): number {
  const firstA = a.edgeFirstPasses?.includes(pass) ? 1 : 0;
  const firstB = b.edgeFirstPasses?.includes(pass) ? 1 : 0;
  return firstB - firstA || compareScores(a, b);
}

/** compareInitiative after Edge spent to go first: the part that is the same in every pass. */
function compareScores(a: InitiativeEntry, b: InitiativeEntry): number {
  return (
    b.score - a.score ||
    (a.glitch ? 1 : 0) - (b.glitch ? 1 : 0) ||
    b.edge - a.edge ||
    b.initiative - a.initiative ||
    b.reaction - a.reaction
  );
}

/**
 * Who acts in Initiative Pass `pass`, highest score first. Characters whose passes have run out
 * sit it out; a critical glitch costs the first Action Phase or a Simple Action in it. Pass
 * `acted` (ids that already acted in this pass) to reorder the rest after a wound.
 */
export function passOrder(
  entries: readonly InitiativeEntry[],
  pass: number,
  rule: InitiativeCriticalGlitchRule = 'simple-action',
  acted: readonly string[] = [],
): PassOrder {
  requireInteger('Initiative Pass', pass, 1, MAX_PASSES);
  validateEntries(entries);
  const steps: ExplainStep[] = [];
  const active = entries.filter((entry) => {
    if (entry.passes < pass) return false;
    if (acted.includes(entry.id)) return false;
    if (pass === 1 && entry.criticalGlitch && rule === 'action-phase') {
      steps.push(
        step(
          `${entry.id} loses the first Action Phase to a critical glitch on Initiative.`,
          SECTION.combatTurn,
          'default',
        ),
      );
      return false;
    }
    return true;
  });
  // Stable sort keeps input order among full ties.
  const sorted = [...active].sort((a, b) => compareInitiative(a, b, pass));
  const order: PassSlot[] = sorted.map((entry) => passSlot(entry, pass, rule));
  const ties: string[][] = [];
  for (let i = 0; i < order.length;) {
    let j = i + 1;
    while (j < order.length && order[j]!.score === order[i]!.score && order[j]!.edgeFirst === order[i]!.edgeFirst) j++;
    if (j - i > 1) ties.push(order.slice(i, j).map((slot) => slot.id));
    i = j;
  }
  const firsts = order.filter((slot) => slot.edgeFirst).map((slot) => slot.id);
  if (firsts.length)
    steps.push(step(`${firsts.join(', ')} spent Edge to act first in this pass.`, SECTION.combatTurn, 'book'));
  steps.push(
    step(
      order.length
        ? `Pass ${pass}: ${order.map((slot) => `${slot.id} (${slot.score})`).join(', ')}.`
        : `Pass ${pass}: nobody acts.`,
      SECTION.turnSequence,
    ),
  );
  for (const tie of ties) {
    steps.push(
      step(
        `${tie.join(', ')} tie: they act at the same time unless it matters; then a glitch goes last and Edge, Initiative, Reaction break the tie in that order.`,
        SECTION.combatTurn,
      ),
    );
  }
  for (const slot of order) {
    if (slot.simpleActionsLost)
      steps.push(
        step(
          `${slot.id} has one Simple Action fewer this phase (critical glitch on Initiative).`,
          SECTION.combatTurn,
          'default',
        ),
      );
  }
  return { pass, order, ties, steps };
}

function validateEntries(entries: readonly InitiativeEntry[]): void {
  const ids = new Set<string>();
  for (const entry of entries) {
    validateEntry(entry);
    if (ids.has(entry.id)) throw new RulesError('invalid-input', `Two combatants share the id "${entry.id}".`);
    ids.add(entry.id);
  }
}

/** A pass's slot for one entry, as passOrder makes it. */
function passSlot(entry: InitiativeEntry, pass: number, rule: InitiativeCriticalGlitchRule): PassSlot {
  return {
    id: entry.id,
    score: entry.score,
    edgeFirst: entry.edgeFirstPasses?.includes(pass) ?? false,
    simpleActionsLost: pass === 1 && entry.criticalGlitch && rule === 'simple-action' ? 1 : 0,
  };
}

// Bases of the digits below: one more than the largest value validateEntry allows.
const ATTRIBUTE_BASE = MAX_ATTRIBUTE + 1;
const INITIATIVE_BASE = 2 * MAX_ATTRIBUTE + 1;

/** compareScores's criteria as the digits of one number, higher first; needs validated entries. */
function scoreRank(score: number, glitch: boolean, edge: number, initiative: number, reaction: number): number {
  // Each digit is smaller than its base, so comparing ranks compares the criteria in order.
  const byScore = score + 100; // −100–200
  const byGlitch = byScore * 2 + (glitch ? 0 : 1); // a glitch goes to the back of the tie
  const byEdge = byGlitch * ATTRIBUTE_BASE + edge;
  const byInitiative = byEdge * INITIATIVE_BASE + initiative;
  return byInitiative * ATTRIBUTE_BASE + reaction;
}

const MAX_RANK = scoreRank(200, false, MAX_ATTRIBUTE, 2 * MAX_ATTRIBUTE, MAX_ATTRIBUTE);

/**
 * A stable sort by compareScores, done as a native numeric sort of one key per entry (rank
 * highest first, then the input index): several times faster than a comparator, and the
 * round is rebuilt after every change. The entries must be validated (the ranges are the digits).
 */
function sortByScores(entries: readonly InitiativeEntry[]): InitiativeEntry[] {
  const n = entries.length;
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const e = entries[i]!;
    // Below 2^53 for any realistic n (MAX_RANK is about 1.1e7), so the keys are exact.
    keys[i] = (MAX_RANK - scoreRank(e.score, Boolean(e.glitch), e.edge, e.initiative, e.reaction)) * n + i;
  }
  keys.sort();
  const sorted = new Array<InitiativeEntry>(n);
  for (let i = 0; i < n; i++) sorted[i] = entries[keys[i]! % n]!;
  return sorted;
}

/**
 * turnSchedule's slots, pass after pass, without ties or explanation: the tracker rebuilds the
 * round after every change and only needs the order. Same checks, same order. `slot` makes
 * each one (so the caller's own slot records are built once).
 */
export function turnSlots<T>(
  entries: readonly InitiativeEntry[],
  rule: InitiativeCriticalGlitchRule,
  slot: (entry: InitiativeEntry, pass: number, simpleActionsLost: number) => T,
): T[] {
  const passes = entries.reduce((max, entry) => Math.max(max, entry.passes), 0);
  const slots: T[] = [];
  if (!(passes >= 1)) return slots;
  validateEntries(entries);
  // Without Edge spent to go first the comparison is the same in every pass: sort once, and each
  // pass keeps the sorted order of those still acting (what a stable sort of them would give).
  const sortedOnce = entries.every((entry) => !entry.edgeFirstPasses?.length) ? sortByScores(entries) : null;
  // Valid entries have 1–4 passes, so every pass here is a valid one.
  for (let pass = 1; pass <= passes; pass++) {
    let active = sortedOnce ?? entries;
    if (!sortedOnce)
      active = entries.filter((entry) => entry.passes >= pass).sort((a, b) => compareInitiative(a, b, pass));
    for (const entry of active) {
      if (entry.passes < pass) continue;
      if (pass === 1 && entry.criticalGlitch) {
        if (rule === 'action-phase') continue; // the first Action Phase is lost
        slots.push(slot(entry, pass, rule === 'simple-action' ? 1 : 0));
      } else {
        slots.push(slot(entry, pass, 0));
      }
    }
  }
  return slots;
}

/** Every pass of a Combat Turn (as far as anyone has passes), each in score order. */
export function turnSchedule(
  entries: readonly InitiativeEntry[],
  rule: InitiativeCriticalGlitchRule = 'simple-action',
): PassOrder[] {
  const passes = entries.reduce((max, entry) => Math.max(max, entry.passes), 0);
  const schedule: PassOrder[] = [];
  for (let pass = 1; pass <= passes; pass++) schedule.push(passOrder(entries, pass, rule));
  return schedule;
}

/**
 * Damage lowers the remaining Initiative Score at once: the change in wound modifier is added
 * to the score (then call `passOrder` with the ids that already acted to reorder the rest).
 */
export function applyWoundToInitiative(
  entry: InitiativeEntry,
  oldWoundModifier: number,
  newWoundModifier: number,
): InitiativeEntry {
  requireInteger('Old wound modifier', oldWoundModifier, -100, 0);
  requireInteger('New wound modifier', newWoundModifier, -100, 0);
  return { ...entry, score: entry.score + (newWoundModifier - oldWoundModifier) };
}
