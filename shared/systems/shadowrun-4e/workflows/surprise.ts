import { memoizeBySetup } from '../../../system-kit/memo';
import type {
  DiceStage,
  Effect,
  FieldDef,
  OddsFigure,
  OddsView,
  Participant,
  Resolution,
  ResolveContext,
  ResolveWorkflow,
  RolledStage,
  SetupValues,
} from '../../../system-kit/workflow';
import type { ExplainStep } from '../../../system-kit/rule-system';
import { RulesError, describe, problemOf } from '../../../errors';
import { explodingHitDistribution, hitDistribution } from '../odds';
import { plural, rule, SECTION, step } from '../sections';
import {
  pairStep,
  surprisedBy,
  surprisedLabel,
  surprisedNote,
  surpriseOdds,
  surprisePool,
  SURPRISE_STANCES,
  type SurpriseEntrant,
  type SurpriseStance,
} from '../surprise';
import { evaluateTest, MAX_POOL, pushTheLimit } from '../tests';
import { DEFAULT_RULES, resolveRules, type ShadowrunRules } from '../toggles';
import { readFighter, readSetup, stateWord, type Fighter } from './setup';

/**
 * The surprise test at a fight's start (seed, Other Combat Factors; the book fills in how): the
 * attackers' side and the targets' side all roll Reaction + Intuition, each pair is compared, and
 * Apply marks everyone surprised with the Surprised condition naming who surprised them, for the
 * first Initiative Pass. The attack workflows then refuse what a surprised character may not do.
 */

const SIDES = ['attackers', 'targets'] as const;
type SideName = (typeof SIDES)[number];
/** Longest condition note a file may hold (shared/import/event-schema.ts). */
const MAX_NOTE = 500;
/** Ordered pair odds are listed while the fight is this small; beyond, only "surprised" per person. */
const MAX_PAIR_FIGURES = 12;

interface Entrant {
  readonly side: SideName;
  readonly index: number;
  readonly participant: Participant;
  /** Field ids are keyed by combatant, so a remembered choice follows the person, not the slot. */
  readonly key: string;
}

function entrantsOf(context: ResolveContext): Entrant[] {
  return SIDES.flatMap((side) => {
    const list = Array.isArray(context?.[side]) ? context[side] : [];
    return list.map((participant, index) => ({
      side,
      index,
      participant,
      key: participant.combatantId ?? `${side}-${index}`,
    }));
  });
}

const nameOf = (p: Participant) => (typeof p.name === 'string' && p.name !== '' ? p.name : 'Someone');
const fieldId = (what: 'stance' | 'other' | 'edge', entrant: Entrant) => `${what}.${entrant.key}`;
const group = (entrant: Entrant): FieldDef['group'] => (entrant.side === 'attackers' ? 'attack' : 'defence');

function fieldsOf(context: ResolveContext): FieldDef[] {
  const entrants = entrantsOf(context);
  return [
    ...entrants.map((e): FieldDef => ({
      id: fieldId('stance', e),
      kind: 'choice',
      label: `${nameOf(e.participant)}: surprise`,
      help: 'Alerted +3 dice; ambushers +6, and those aware of their prey are never surprised by it.',
      group: group(e),
      common: true,
      rule: rule(SECTION.otherFactors, 'book'),
      options: (Object.keys(SURPRISE_STANCES) as SurpriseStance[]).map((value) => ({
        value,
        label: SURPRISE_STANCES[value].label,
        hint: SURPRISE_STANCES[value].hint,
      })),
    })),
    ...entrants.map((e): FieldDef => ({
      id: fieldId('other', e),
      kind: 'number',
      label: `${nameOf(e.participant)}: other surprise dice`,
      help: 'Anything else the GM rules for the surprise test, in dice.',
      group: group(e),
      rule: rule(SECTION.otherFactors, 'default'),
      min: -20,
      max: 20,
    })),
    ...entrants.map((e): FieldDef => ({
      id: fieldId('edge', e),
      kind: 'flag',
      label: `${nameOf(e.participant)}: Edge before the roll`,
      help: "Adds the character's Edge in dice; every 6 explodes (Rule of Six).",
      group: 'extra',
      rule: rule(SECTION.combatTurn, 'book'),
    })),
  ];
}

function defaults(context: ResolveContext): SetupValues {
  const values: Record<string, string | number | boolean> = {};
  for (const e of entrantsOf(context)) {
    values[fieldId('stance', e)] = 'ready';
    values[fieldId('other', e)] = 0;
    values[fieldId('edge', e)] = false;
  }
  return values;
}

/** One participant ready to roll. */
interface Roller {
  readonly entrant: Entrant;
  readonly name: string;
  readonly fighter: Fighter;
  readonly stance: SurpriseStance;
  readonly dice: number;
  readonly exploding: boolean;
  readonly label: string;
  readonly steps: readonly ExplainStep[];
}

interface Plan {
  readonly rules: ShadowrunRules;
  readonly rollers: readonly Roller[];
}

interface Built {
  readonly problems: readonly string[];
  readonly plan: Plan | null;
}

const build = memoizeBySetup(buildPlan);

function buildPlan(setup: SetupValues, context: ResolveContext): Built {
  const problems: string[] = [];
  let rules = DEFAULT_RULES;
  const toggleProblem = problemOf(() => {
    rules = resolveRules(context?.toggles);
  });
  if (toggleProblem) problems.push(toggleProblem);
  const entrants = entrantsOf(context);
  const attackers = entrants.filter((e) => e.side === 'attackers').length;
  if (attackers === 0) problems.push('Choose one side of the fight as the attackers.');
  if (attackers === entrants.length) problems.push('Choose the other side of the fight as the targets.');
  const seen = new Set<string>();
  for (const e of entrants) {
    const id = e.participant.combatantId;
    if (id && seen.has(id)) problems.push(`${nameOf(e.participant)} is chosen twice; choose each combatant once.`);
    if (id) seen.add(id);
  }
  const turn = context?.turn;
  if (turn && (turn.round > 1 || turn.pass > 1)) {
    problems.push(
      `Surprise is tested at the fight's start and counts only in its first Initiative Pass; this fight is already in round ${turn.round}, pass ${turn.pass}.`,
    );
  }
  const v = readSetup(fieldsOf(context), defaults(context), setup);
  problems.push(...v.problems);

  const rollers: Roller[] = [];
  for (const e of entrants) {
    const name = nameOf(e.participant);
    if (e.participant.removed) {
      problems.push(`${name} has left the encounter and takes no part in the surprise test.`);
      continue;
    }
    const fighter = readFighter(e.participant, rules, problems);
    if (!fighter) continue;
    if (fighter.state !== 'ok') {
      problems.push(`${name} is ${stateWord(fighter.state)} and takes no part in the surprise test.`);
      continue;
    }
    const edge = v.flag(fieldId('edge', e));
    if (edge && fighter.stats.edge < 1) problems.push(`${name} has no Edge to spend.`);
    const stance = v.choice<SurpriseStance>(fieldId('stance', e));
    const pool = surprisePool({
      name,
      reaction: fighter.stats.reaction,
      intuition: fighter.stats.intuition,
      stance,
      woundModifier: fighter.woundModifier,
      other: v.number(fieldId('other', e)),
      edgeDice: edge ? fighter.stats.edge : 0,
    });
    if (pool.dice > MAX_POOL)
      problems.push(`${name}'s pool of ${pool.dice} dice is more than the ${MAX_POOL} allowed.`);
    rollers.push({ entrant: e, name, fighter, stance, exploding: edge, ...pool });
  }
  return { problems, plan: problems.length ? null : { rules, rollers } };
}

function planOrThrow(setup: SetupValues, context: ResolveContext): Plan {
  const built = build(setup, context);
  if (!built.plan) throw new RulesError('not-allowed', built.problems[0] ?? 'The surprise test cannot be rolled.');
  return built.plan;
}

// ---------------------------------------------------------------------------------------------
// Stages: each participant's roll in turn, with its Rule of Six rerolls right after it
// ---------------------------------------------------------------------------------------------

interface Rolls {
  readonly faces: readonly number[];
  /** Rule of Six rerolls, one group per round of 6s. */
  readonly sixes: (readonly number[])[];
}

const sixesIn = (faces: readonly number[]) => faces.filter((f) => f === 6).length;

function rollStage(roller: Roller, position: number): DiceStage {
  return {
    id: `surprise-${position}`,
    label: `Surprise: ${roller.name} rolls ${plural(roller.dice, 'die', 'dice')} (${roller.label})${roller.exploding ? '; 6s explode' : ''}`,
    roller: roller.name,
    count: roller.dice,
    sides: 6,
  };
}

function neededStage(plan: Plan, rolls: readonly (Rolls | undefined)[]): DiceStage | null {
  for (let i = 0; i < plan.rollers.length; i++) {
    const roller = plan.rollers[i]!;
    if (roller.dice === 0) continue;
    const r = rolls[i];
    if (!r) return rollStage(roller, i);
    if (!roller.exploding) continue;
    const sixes = sixesIn(r.sixes.length ? r.sixes[r.sixes.length - 1]! : r.faces);
    if (sixes > 0)
      return {
        id: `surprise-${i}-six-${r.sixes.length + 1}`,
        label: `Rule of Six: ${roller.name} rolls ${plural(sixes, 'more die', 'more dice')} for the ${plural(sixes, 'six', 'sixes')}`,
        roller: roller.name,
        count: sixes,
        sides: 6,
      };
  }
  return null;
}

function replay(plan: Plan, rolled: readonly RolledStage[]): (Rolls | undefined)[] {
  if (!Array.isArray(rolled))
    throw new RulesError('invalid-input', `The rolls must be a list, got ${describe(rolled)}.`);
  const rolls: (Rolls | undefined)[] = plan.rollers.map(() => undefined);
  for (const given of rolled) {
    const id = typeof given === 'object' && given !== null ? given.stageId : undefined;
    const needed = neededStage(plan, rolls);
    if (!needed || needed.id !== id) {
      throw new RulesError(
        'not-allowed',
        `The roll ${describe(id)} was not asked for: ${needed ? `the next roll is "${needed.label}"` : 'every roll of this test is in'}.`,
      );
    }
    const groups: unknown = given.groups;
    if (!Array.isArray(groups) || groups.length !== 1)
      throw new RulesError('invalid-input', `${needed.label} is one group of dice.`);
    const faces = (groups[0] as RolledStage['groups'][number]).faces;
    if (!Array.isArray(faces) || faces.length !== needed.count)
      throw new RulesError(
        'invalid-input',
        `${needed.label} needs ${plural(needed.count, 'face', 'faces')}, but ${Array.isArray(faces) ? faces.length : describe(faces)} were given.`,
      );
    // Faces are checked for 1–6 when the test is read (evaluateTest / pushTheLimit).
    const position = Number(/^surprise-(\d+)/.exec(needed.id)![1]);
    const before = rolls[position];
    rolls[position] = before ? { faces: before.faces, sixes: [...before.sixes, faces] } : { faces, sixes: [] };
  }
  return rolls;
}

// ---------------------------------------------------------------------------------------------
// Odds
// ---------------------------------------------------------------------------------------------

function odds(plan: Plan): OddsView {
  const entrants = plan.rollers.map((r) => ({
    name: r.name,
    side: r.entrant.side,
    awareAmbusher: r.stance === 'ambushing',
    hits: r.exploding ? explodingHitDistribution(r.dice) : hitDistribution(r.dice),
  }));
  const result = surpriseOdds(entrants);
  const figures: OddsFigure[] = plan.rollers.map((r, i) => ({
    label: `${r.name} surprised`,
    value: result.surprised[i]!,
    format: 'percent',
  }));
  const pairs: OddsFigure[] = [];
  plan.rollers.forEach((by, i) =>
    plan.rollers.forEach((whom, j) => {
      if (by.entrant.side !== whom.entrant.side)
        pairs.push({ label: `${by.name} surprises ${whom.name}`, value: result.pair[i]![j]!, format: 'percent' });
    }),
  );
  const listed = pairs.length <= MAX_PAIR_FIGURES;
  return {
    figures: listed ? [...figures, ...pairs] : figures,
    note: `Exact: each roll is independent, and one is surprised by each other who scores more hits. Companions on the same side are compared too${listed ? '' : '; the pairs across sides are too many to list'}.`,
  };
}

// ---------------------------------------------------------------------------------------------
// Resolution
// ---------------------------------------------------------------------------------------------

function resolve(plan: Plan, rolled: readonly RolledStage[]): Resolution {
  const rolls = replay(plan, rolled);
  const waiting = neededStage(plan, rolls);
  if (waiting) throw new RulesError('not-allowed', `Roll "${waiting.label}" first.`);

  const steps: ExplainStep[] = [
    step(
      "Surprise: everyone involved makes an Initiative Test at the fight's start, which decides who can act against whom in the first Initiative Pass.",
      SECTION.otherFactors,
    ),
  ];
  const entrants: SurpriseEntrant[] = [];
  const glitches: string[] = [];
  plan.rollers.forEach((roller, i) => {
    steps.push(...roller.steps);
    const r = rolls[i];
    let hits = 0;
    if (r) {
      const label = `${roller.name}'s surprise dice`;
      const test = roller.exploding
        ? pushTheLimit(r.faces, r.sixes.flat(), plan.rules.glitch)
        : evaluateTest(r.faces, plan.rules.glitch, label);
      hits = test.hits;
      const extra = r.sixes.length ? `, Rule of Six ${r.sixes.map((g) => g.join(' ')).join(' / ')}` : '';
      steps.push(
        step(
          `${roller.name} rolled ${r.faces.join(' ')}${extra}: ${plural(hits, 'hit', 'hits')}.`,
          SECTION.resolvingAttack,
          'book',
        ),
      );
      if (test.glitch) {
        glitches.push(roller.name);
        steps.push(
          step(
            `${roller.name} ${test.criticalGlitch ? 'critically glitched' : 'glitched'} (${plural(test.ones, 'die shows', 'dice show')} 1): a glitch changes nothing in who surprises whom.`,
            SECTION.otherFactors,
            'default',
          ),
        );
      }
    }
    entrants.push({ name: roller.name, side: roller.entrant.side, hits, awareAmbusher: roller.stance === 'ambushing' });
  });
  for (let a = 0; a < entrants.length; a++)
    for (let b = a + 1; b < entrants.length; b++) steps.push(pairStep(entrants, a, b));

  const by = surprisedBy(entrants);
  const effects: Effect[] = [];
  const lines: string[] = [];
  const surprisedMap: Record<string, string[]> = {};
  plan.rollers.forEach((roller, i) => {
    const names = by[i]!.map((j) => plan.rollers[j]!.name);
    const had = roller.fighter.conditionIds.includes('surprised');
    const on = { side: roller.entrant.side, index: roller.entrant.index };
    if (names.length === 0) {
      // A Surprised condition from an earlier test no longer holds.
      if (had) effects.push({ on, removeConditions: ['surprised'] });
      return;
    }
    surprisedMap[roller.name] = names;
    lines.push(`${roller.name} by ${names.join(', ')}`);
    const note = surprisedNote(names);
    if (note.length > MAX_NOTE)
      throw new RulesError(
        'not-allowed',
        `${roller.name} was surprised by too many to note on the tracker; log the result instead.`,
      );
    effects.push({
      on,
      ...(had ? { removeConditions: ['surprised'] } : {}),
      conditions: [{ conditionId: 'surprised', label: surprisedLabel(names), rounds: 1, expires: 'pass-end', note }],
    });
  });
  steps.push(
    lines.length
      ? step(
          `Surprised in the first Initiative Pass: ${lines.join('; ')}. The Surprised condition lasts until the second pass begins.`,
          SECTION.otherFactors,
          'book',
        )
      : step(
          'Nobody scored more hits than anyone they could surprise: nobody is surprised.',
          SECTION.otherFactors,
          'book',
        ),
  );
  return {
    steps,
    summary: lines.length ? `Surprise test: ${lines.join('; ')} (first pass)` : 'Surprise test: nobody is surprised',
    effects,
    followUps: [],
    result: {
      hits: Object.fromEntries(entrants.map((e) => [e.name, e.hits])),
      surprisedBy: surprisedMap,
      glitches,
    },
  };
}

export const surpriseTest: ResolveWorkflow = {
  id: 'sr4-surprise',
  systemId: 'shadowrun-4e',
  label: 'Surprise test',
  attackers: 'many',
  targets: 'many',
  fields: fieldsOf,
  defaults,
  problems: (setup, context) => build(setup, context).problems,
  odds(setup, context) {
    const built = build(setup, context);
    if (!built.plan) return { figures: [], note: built.problems[0] ?? 'The surprise test cannot be rolled.' };
    return odds(built.plan);
  },
  nextStage: (setup, context, rolled) => {
    const plan = planOrThrow(setup, context);
    return neededStage(plan, replay(plan, rolled));
  },
  resolve: (setup, context, rolled) => resolve(planOrThrow(setup, context), rolled),
  fromTableRow: () => null,
};
