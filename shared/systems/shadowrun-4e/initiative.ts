import type { ExplainStep } from '../contract';
import { RulesError, requireInteger } from '../../errors';
import { MAX_ATTRIBUTE } from './health';
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

function validateEntry(entry: InitiativeEntry): void {
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
  return (
    firstB - firstA ||
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
  const ids = new Set<string>();
  for (const entry of entries) {
    validateEntry(entry);
    if (ids.has(entry.id)) throw new RulesError('invalid-input', `Two combatants share the id "${entry.id}".`);
    ids.add(entry.id);
  }
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
  const order: PassSlot[] = sorted.map((entry) => ({
    id: entry.id,
    score: entry.score,
    edgeFirst: entry.edgeFirstPasses?.includes(pass) ?? false,
    simpleActionsLost: pass === 1 && entry.criticalGlitch && rule === 'simple-action' ? 1 : 0,
  }));
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
