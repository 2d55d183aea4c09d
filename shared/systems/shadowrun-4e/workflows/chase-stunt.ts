import { memoizeBySetup } from '../../../system-kit/memo';
import type {
  DiceStage,
  OddsView,
  Resolution,
  ResolveContext,
  ResolveWorkflow,
  SetupValues,
  SheetReading,
} from '../../../system-kit/workflow';
import type { ExplainStep } from '../../../system-kit/rule-system';
import { RulesError, problemOf, requireFaces } from '../../../errors';
import {
  RANGE_LABELS,
  type ChaseChange,
  type ChasePair,
  type ChaseTerrain,
  type EngagementRange,
} from '../../../system-kit/chase-model';
import {
  EXTRA_FACTION_PENALTY,
  isOpposed,
  resolveStunt,
  STUNT_LABELS,
  stuntRangeProblem,
  TERRAIN,
  vehicleTestPool,
  type Stunt,
  type VehicleTestInput,
} from '../chase';
import { hitDistribution, rollOdds } from '../odds';
import { rule, SECTION } from '../sections';
import { evaluateTest, MAX_POOL } from '../tests';
import { DEFAULT_RULES, resolveRules, type ShadowrunRules } from '../toggles';
import { readSetup } from './setup';
import { FALLBACK_REACTION, FIELDS } from './chase-stunt-fields';
import { sideSources, situation, type ChaseSide } from './chase-sides';

/**
 * Chase stunt (seed "Vehicles & Chase Combat"): a driver's Vehicle Test — Reaction + vehicle skill
 * ± Handling against the terrain's threshold, opposed by the other driver where the stunt is a
 * contest — and the one thing it changes in the tracker's chase: the pair's Engagement Range, the
 * end of their chase (broken off, cut off), or a Maneuver's dice for the next Chase Turn.
 *
 * The attacker is a vehicle of the chase (or its driver), the target the vehicle it chases or
 * flees (or that one's driver). Numbers come from the chase's sheets and stay editable.
 */

function defaults(context: ResolveContext): SetupValues {
  const { driver, other, pair } = situation(context);
  const chase = context.chase?.chase;
  const sheet = Object.fromEntries(
    [...(driver ? sideSources(driver, 'driver') : []), ...(other ? sideSources(other, 'other') : [])].map((s) => [
      s.fieldId,
      s.value,
    ]),
  );
  const driverIsPursuer = pair && driver?.entry ? pair.pursuerId === driver.entry.vehicleId : false;
  const bonus = (side: ChaseSide | null) => (side?.entry ? (chase?.bonusDice[side.entry.vehicleId] ?? 0) : 0);
  return {
    stunt: driverIsPursuer ? 'cut-off' : 'break-off',
    terrain: chase?.terrain ?? 'light',
    range: pair?.range ?? 'medium',
    driverReaction: FALLBACK_REACTION,
    driverSkill: 0,
    driverHandling: 0,
    driverBonus: bonus(driver),
    otherReaction: FALLBACK_REACTION,
    otherSkill: 0,
    otherHandling: 0,
    otherBonus: bonus(other),
    extraFactions: 0,
    otherModifier: 0,
    ...sheet,
  };
}

function fromSheets(context: ResolveContext): SheetReading {
  const { driver, other } = situation(context);
  return { sources: [...(driver ? sideSources(driver, 'driver') : []), ...(other ? sideSources(other, 'other') : [])] };
}

interface Plan {
  readonly stunt: Exclude<Stunt, 'ram'>;
  readonly terrain: ChaseTerrain;
  readonly range: EngagementRange;
  readonly driverName: string;
  readonly otherName: string;
  readonly driverVehicle: string;
  readonly otherVehicle: string;
  readonly driverDice: number;
  readonly otherDice: number;
  readonly driverLabel: string;
  readonly otherLabel: string;
  readonly steps: readonly ExplainStep[];
  readonly rules: ShadowrunRules;
  readonly driverIsPursuer: boolean;
  /** The chase pair the result applies to (absent outside a chase: then it is only logged). */
  readonly pair: ChasePair | null;
  readonly driverVehicleId: string | null;
}

interface Built {
  readonly problems: readonly string[];
  readonly plan: Plan | null;
}

const build = memoizeBySetup(buildPlan);

function buildPlan(setup: SetupValues, context: ResolveContext): Built {
  const sides = situation(context);
  const v = readSetup(FIELDS, defaults(context), setup);
  const problems = [...sides.problems, ...v.problems];
  let rules = DEFAULT_RULES;
  const toggleProblem = problemOf(() => {
    rules = resolveRules(context.toggles);
  });
  if (toggleProblem) problems.push(toggleProblem);
  const { driver, other, pair } = sides;
  if (!driver || !other) return { problems, plan: null };

  const stunt = v.choice<Stunt>('stunt');
  const range = v.choice<EngagementRange>('range');
  if (pair && range !== pair.range)
    problems.push(
      `The chase has ${driver.vehicleName} and ${other.vehicleName} at ${RANGE_LABELS[pair.range]} range, not ${RANGE_LABELS[range]}.`,
    );
  const rangeProblem = stuntRangeProblem(stunt, range, { driver: driver.vehicleName, other: other.vehicleName });
  if (rangeProblem) problems.push(rangeProblem);
  if (stunt === 'ram' || problems.length) return { problems, plan: null };

  const factions = v.number('extraFactions');
  const shared: VehicleTestInput['modifiers'] = factions
    ? [
        {
          label: `${factions} extra ${factions === 1 ? 'side' : 'sides'} in the chase`,
          value: factions * EXTRA_FACTION_PENALTY,
          source: 'book',
        },
      ]
    : [];
  const bonusOf = (id: 'driverBonus' | 'otherBonus'): VehicleTestInput['modifiers'] =>
    stunt === 'chase-test' && v.number(id)
      ? [{ label: 'Maneuver last Chase Turn', value: v.number(id), source: 'book' }]
      : [];
  const otherModifier = v.number('otherModifier');
  const driverPool = vehicleTestPool(driver.rollerName, {
    reaction: v.number('driverReaction'),
    reactionLabel: driver.driverStats ? 'Reaction' : 'Pilot',
    skill: v.number('driverSkill'),
    handling: v.number('driverHandling'),
    modifiers: [
      ...shared,
      ...bonusOf('driverBonus'),
      ...(otherModifier ? [{ label: 'GM modifier', value: otherModifier, source: 'default' as const }] : []),
    ],
  });
  const opposed = isOpposed(stunt);
  const otherPool = opposed
    ? vehicleTestPool(other.rollerName, {
        reaction: v.number('otherReaction'),
        reactionLabel: other.driverStats ? 'Reaction' : 'Pilot',
        skill: v.number('otherSkill'),
        handling: v.number('otherHandling'),
        modifiers: [...shared, ...bonusOf('otherBonus')],
      })
    : null;
  for (const pool of [driverPool, otherPool]) {
    if (pool && pool.dice > MAX_POOL)
      problems.push(`A pool of ${pool.dice} dice is more than the ${MAX_POOL} allowed.`);
  }
  if (problems.length) return { problems, plan: null };
  return {
    problems,
    plan: {
      stunt,
      terrain: v.choice<ChaseTerrain>('terrain'),
      range,
      driverName: driver.rollerName,
      otherName: other.rollerName,
      driverVehicle: driver.vehicleName,
      otherVehicle: other.vehicleName,
      driverDice: driverPool.dice,
      otherDice: otherPool?.dice ?? 0,
      driverLabel: driverPool.label,
      otherLabel: otherPool?.label ?? '',
      steps: [...driverPool.steps, ...(otherPool?.steps ?? [])],
      rules,
      driverIsPursuer: pair && driver.entry ? pair.pursuerId === driver.entry.vehicleId : true,
      pair,
      driverVehicleId: driver.entry?.vehicleId ?? null,
    },
  };
}

function planOrThrow(setup: SetupValues, context: ResolveContext): Plan {
  const built = build(setup, context);
  if (!built.plan) throw new RulesError('not-allowed', built.problems[0] ?? 'The stunt cannot be tried.');
  return built.plan;
}

/** P(driver wins): hits at least the threshold and more than the other's. */
function winChance(mine: readonly number[], theirs: readonly number[], threshold: number): number {
  let p = 0;
  let below = 0; // P(theirs < d), built up as d rises
  for (let d = 0; d < mine.length; d++) {
    if (d >= threshold) p += mine[d]! * below;
    below += theirs[d] ?? 0;
  }
  return p;
}

function odds(setup: SetupValues, context: ResolveContext): OddsView {
  const built = build(setup, context);
  if (!built.plan) return { figures: [], note: built.problems[0] ?? 'The stunt cannot be tried.' };
  const plan = built.plan;
  const threshold = TERRAIN[plan.terrain].threshold;
  const driver = rollOdds(plan.driverDice, plan.rules.glitch);
  const glitch = { label: `${plan.driverName} glitches`, value: driver.glitch, format: 'percent' as const };
  if (plan.stunt === 'maneuver') {
    const hits = driver.hits;
    const outcomes = [{ label: 'No extra dice', p: hits.slice(0, threshold + 1).reduce((a, b) => a + b, 0) }];
    for (let k = threshold + 1; k < hits.length; k++)
      outcomes.push({ label: `+${k - threshold} next Chase Turn`, p: hits[k]! });
    const expected = hits.reduce((sum, p, k) => sum + p * Math.max(0, k - threshold), 0);
    return {
      figures: [
        { label: 'Earns extra dice', value: 1 - outcomes[0]!.p, format: 'percent' },
        { label: 'Expected extra dice', value: expected, format: 'number' },
        glitch,
      ],
      distribution: { label: 'Dice for the next Chase Turn', outcomes },
      note: 'Exact.',
    };
  }
  const theirs = hitDistribution(plan.otherDice);
  const win = winChance(driver.hits, theirs, threshold);
  if (plan.stunt === 'chase-test') {
    const lose = winChance(theirs, driver.hits, threshold);
    return {
      figures: [
        { label: `${plan.driverName} wins`, value: win, format: 'percent' },
        { label: `${plan.otherName} wins`, value: lose, format: 'percent' },
        glitch,
      ],
      distribution: {
        label: 'Chase Turn test',
        outcomes: [
          { label: `${plan.driverName} wins`, p: win },
          { label: 'Range stays', p: Math.max(0, 1 - win - lose) },
          { label: `${plan.otherName} wins`, p: lose },
        ],
      },
      note: 'Exact.',
    };
  }
  return {
    figures: [{ label: `${STUNT_LABELS[plan.stunt]} succeeds`, value: win, format: 'percent' }, glitch],
    note: 'Exact.',
  };
}

function nextStage(
  setup: SetupValues,
  context: ResolveContext,
  rolled: Parameters<ResolveWorkflow['nextStage']>[2],
): DiceStage | null {
  const plan = planOrThrow(setup, context);
  const done = new Set(rolled.map((r) => r.stageId));
  if (!done.has('driver'))
    return {
      id: 'driver',
      label: `Vehicle Test: ${plan.driverDice} dice (${plan.driverLabel})`,
      roller: plan.driverName,
      count: plan.driverDice,
      sides: 6,
    };
  if (isOpposed(plan.stunt) && !done.has('opponent'))
    return {
      id: 'opponent',
      label: `Opposing Vehicle Test: ${plan.otherDice} dice (${plan.otherLabel})`,
      roller: plan.otherName,
      count: plan.otherDice,
      sides: 6,
    };
  return null;
}

function facesOf(rolled: Parameters<ResolveWorkflow['resolve']>[2], stageId: string, count: number): readonly number[] {
  const stage = rolled.find((r) => r.stageId === stageId);
  if (!stage)
    throw new RulesError(
      'invalid-input',
      `The ${stageId === 'driver' ? "driver's" : "other driver's"} dice have not been rolled yet.`,
    );
  const faces = stage.groups[0]?.faces ?? [];
  requireFaces(stageId === 'driver' ? "The driver's dice" : "The other driver's dice", faces, 6, MAX_POOL);
  if (faces.length !== count)
    throw new RulesError('invalid-input', `The Vehicle Test takes ${count} dice, got ${faces.length}.`);
  return faces;
}

function chaseChange(plan: Plan, effect: ReturnType<typeof resolveStunt>['effect']): ChaseChange | undefined {
  const pair = plan.pair;
  if (!pair || effect.kind === 'none') return undefined;
  if (effect.kind === 'maneuver')
    return plan.driverVehicleId ? { kind: 'maneuver', vehicleId: plan.driverVehicleId, dice: effect.dice } : undefined;
  if (effect.kind === 'range')
    return { kind: 'range', pursuerId: pair.pursuerId, quarryId: pair.quarryId, from: pair.range, to: effect.to };
  return {
    kind: 'pair-ended',
    pursuerId: pair.pursuerId,
    quarryId: pair.quarryId,
    from: pair.range,
    outcome: effect.outcome,
    byId: plan.driverVehicleId!,
  };
}

function resolve(
  setup: SetupValues,
  context: ResolveContext,
  rolled: Parameters<ResolveWorkflow['resolve']>[2],
): Resolution {
  const plan = planOrThrow(setup, context);
  const driverTest = evaluateTest(facesOf(rolled, 'driver', plan.driverDice), plan.rules.glitch, "The driver's dice");
  const otherTest = isOpposed(plan.stunt)
    ? evaluateTest(facesOf(rolled, 'opponent', plan.otherDice), plan.rules.glitch, "The other driver's dice")
    : null;
  const outcome = resolveStunt({
    stunt: plan.stunt,
    range: plan.range,
    terrain: plan.terrain,
    driverIsPursuer: plan.driverIsPursuer,
    driver: plan.driverVehicle,
    other: plan.otherVehicle,
    driverHits: driverTest.hits,
    otherHits: otherTest?.hits ?? null,
  });
  const change = chaseChange(plan, outcome.effect);
  const steps: ExplainStep[] = [
    ...plan.steps,
    ...driverTest.steps.map((s) => ({ ...s, text: `${plan.driverName}: ${s.text}` })),
    ...(otherTest?.steps.map((s) => ({ ...s, text: `${plan.otherName}: ${s.text}` })) ?? []),
    ...outcome.steps,
  ];
  if (!plan.pair)
    steps.push({
      text: 'No chase in the tracker pairs these two: the result is for the log only.',
      rule: rule(SECTION.vehicles, 'default'),
    });
  return {
    steps,
    summary: `${plan.driverVehicle} → ${plan.otherVehicle}: ${outcome.summary}`,
    effects: [],
    followUps: [],
    result: {
      stunt: plan.stunt,
      terrain: plan.terrain,
      threshold: TERRAIN[plan.terrain].threshold,
      range: plan.range,
      driverHits: driverTest.hits,
      otherHits: otherTest?.hits ?? null,
      driverGlitch: driverTest.glitch,
      success: outcome.success,
      effect: outcome.effect,
    },
    ...(change ? { chase: change } : {}),
  };
}

export const chaseStunt: ResolveWorkflow = {
  id: 'sr4-chase-stunt',
  systemId: 'shadowrun-4e',
  label: 'Chase stunt',
  attackers: 'one',
  targets: 'one',
  fields: () => FIELDS,
  defaults,
  problems: (setup, context) => build(setup, context).problems,
  odds,
  nextStage,
  resolve,
  fromTableRow: () => null,
  fromSheets,
};
