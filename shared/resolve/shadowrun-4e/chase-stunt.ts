import { memoizeBySetup } from '../memo';
import type {
  DiceStage,
  FieldDef,
  OddsView,
  Participant,
  Resolution,
  ResolveContext,
  ResolveWorkflow,
  SetupValues,
  SheetReading,
  SheetSource,
} from '../contract';
import type { ExplainStep } from '../../systems/contract';
import { RulesError, problemOf, requireFaces } from '../../errors';
import type { Stats } from '../../encounter/tracker-rules';
import {
  CHASE_TERRAINS,
  ENGAGEMENT_RANGES,
  findPair,
  RANGE_LABELS,
  type ChaseChange,
  type ChasePair,
  type ChaseTerrain,
  type ChaseVehicle,
  type EngagementRange,
} from '../../encounter/chase';
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
} from '../../systems/shadowrun-4e/chase';
import { hitDistribution, rollOdds } from '../../systems/shadowrun-4e/odds';
import { rule, SECTION } from '../../systems/shadowrun-4e/sections';
import { evaluateTest, MAX_POOL } from '../../systems/shadowrun-4e/tests';
import { DEFAULT_RULES, resolveRules, type ShadowrunRules } from '../../systems/shadowrun-4e/toggles';
import { readSetup } from './setup';

/**
 * Chase stunt (seed "Vehicles & Chase Combat"): a driver's Vehicle Test — Reaction + vehicle skill
 * ± Handling against the terrain's threshold, opposed by the other driver where the stunt is a
 * contest — and the one thing it changes in the tracker's chase: the pair's Engagement Range, the
 * end of their chase (broken off, cut off), or a Maneuver's dice for the next Chase Turn.
 *
 * The attacker is a vehicle of the chase (or its driver), the target the vehicle it chases or
 * flees (or that one's driver). Numbers come from the chase's sheets and stay editable.
 */

const MAX_REACTION = 12;
const MAX_SKILL = 12;
const MAX_HANDLING = 6;
const MAX_BONUS = 12;
const MAX_FACTIONS = 4;
const MAX_OTHER = 20;
/** Without a sheet to read, a driver starts at an average Reaction. */
const FALLBACK_REACTION = 3;

const seed = rule(SECTION.vehicles, 'seed');
const book = rule(SECTION.vehicles, 'book');

const STUNTS: readonly Stunt[] = ['chase-test', 'break-off', 'cut-off', 'maneuver', 'ram'];

const STUNT_HINTS: Readonly<Record<Stunt, string>> = {
  'chase-test': 'Both drivers; the winner moves the range one step its way',
  'break-off': 'Opposed; opens the range one step, escapes from Extreme',
  'cut-off': 'Opposed; closes the range one step, forces a stop at Short',
  maneuver: 'Against the threshold; each hit over it is +1 die next Chase Turn',
  ram: 'Short range only; resolved by the Ramming roll',
};

const driverField = (id: string, label: string, max: number, min = 0, help?: string): FieldDef => ({
  id,
  kind: 'number',
  label,
  group: 'attack',
  rule: seed,
  min,
  max,
  ...(help ? { help } : {}),
});

const otherField = (field: FieldDef): FieldDef => ({ ...field, group: 'defence' });

const FIELDS: readonly FieldDef[] = [
  {
    id: 'stunt',
    kind: 'choice',
    label: 'Stunt',
    group: 'attack',
    common: true,
    rule: seed,
    options: STUNTS.map((value) => ({ value, label: STUNT_LABELS[value], hint: STUNT_HINTS[value] })),
  },
  {
    id: 'terrain',
    kind: 'choice',
    label: 'Terrain',
    group: 'situation',
    common: true,
    rule: book,
    options: CHASE_TERRAINS.map((value) => ({
      value,
      label: `${TERRAIN[value].label} (threshold ${TERRAIN[value].threshold})`,
      hint: TERRAIN[value].example,
    })),
  },
  {
    id: 'range',
    kind: 'choice',
    label: 'Engagement Range',
    help: 'Between the two vehicles now; the chase in the tracker sets it.',
    group: 'situation',
    common: true,
    rule: seed,
    options: ENGAGEMENT_RANGES.map((value) => ({ value, label: RANGE_LABELS[value] })),
  },
  driverField('driverReaction', "Driver's Reaction (or Pilot)", MAX_REACTION, 0, 'An autonomous vehicle rolls its Pilot.'),
  driverField('driverSkill', "Driver's vehicle skill", MAX_SKILL, 0, '0: defaulting on Reaction at −1.'),
  driverField('driverHandling', "Driver's vehicle Handling", MAX_HANDLING, -MAX_HANDLING),
  driverField('driverBonus', "Driver's Maneuver dice", MAX_BONUS, 0, 'From a Maneuver last Chase Turn: the Chase Turn test only.'),
  otherField(driverField('otherReaction', "Other driver's Reaction (or Pilot)", MAX_REACTION)),
  otherField(driverField('otherSkill', "Other driver's vehicle skill", MAX_SKILL)),
  otherField(driverField('otherHandling', "Other vehicle's Handling", MAX_HANDLING, -MAX_HANDLING)),
  otherField(driverField('otherBonus', "Other driver's Maneuver dice", MAX_BONUS)),
  {
    id: 'extraFactions',
    kind: 'number',
    label: 'Sides beyond two',
    help: 'A three-way chase: −2 dice to every stunt per extra side.',
    group: 'situation',
    rule: book,
    min: 0,
    max: MAX_FACTIONS,
  },
  {
    id: 'otherModifier',
    kind: 'number',
    label: 'Other modifier (driver)',
    help: "Anything else the GM rules, in dice (a Speed advantage, wounds…).",
    group: 'extra',
    rule: rule(SECTION.vehicles, 'default'),
    min: -MAX_OTHER,
    max: MAX_OTHER,
  },
];

/** One vehicle of the roll as the chase knows it. */
interface ChaseSide {
  readonly participant: Participant;
  /** The vehicle's id in the chase, when the participant is in it (as the vehicle or its driver). */
  readonly entry: ChaseVehicle | null;
  readonly vehicleName: string;
  readonly vehicleStats: Stats;
  /** Who rolls: the driver, or the vehicle itself when autonomous. */
  readonly rollerName: string;
  readonly driverStats: Stats | null;
}

function chaseSide(participant: Participant, context: ResolveContext): ChaseSide {
  const chase = context.chase;
  const id = participant.combatantId;
  const entry = id ? (chase?.chase.vehicles.find((v) => v.vehicleId === id || v.driverId === id) ?? null) : null;
  if (chase && entry) {
    const vehicle = chase.members[entry.vehicleId];
    const driver = entry.driverId ? chase.members[entry.driverId] : undefined;
    return {
      participant,
      entry,
      vehicleName: vehicle?.name ?? participant.name,
      vehicleStats: vehicle?.stats ?? {},
      rollerName: driver?.name ?? vehicle?.name ?? participant.name,
      driverStats: driver?.stats ?? null,
    };
  }
  // Outside a chase: the participant is the vehicle (with its own Pilot) or the one driving.
  const isVehicle = participant.stats.vehicle === true;
  return {
    participant,
    entry: null,
    vehicleName: participant.name,
    vehicleStats: isVehicle ? participant.stats : {},
    rollerName: participant.name,
    driverStats: isVehicle ? null : participant.stats,
  };
}

const num = (stats: Stats | null, id: string): number | undefined => {
  const value = stats?.[id];
  return typeof value === 'number' ? value : undefined;
};

/** The sheet values of one side, each with where it came from (a missing one is not listed). */
function sideSources(side: ChaseSide, prefix: 'driver' | 'other'): SheetSource[] {
  const sources: SheetSource[] = [];
  const reaction = side.driverStats ? num(side.driverStats, 'reaction') : num(side.vehicleStats, 'pilot');
  if (reaction !== undefined)
    sources.push({
      fieldId: `${prefix}Reaction`,
      value: reaction,
      from: side.driverStats ? `${side.rollerName}'s sheet: Reaction ${reaction}` : `${side.vehicleName}'s sheet: Pilot ${reaction}`,
    });
  // Ground craft by default (cars, bikes, trucks); the GM sets another skill for this roll.
  const skill = num(side.driverStats, 'pilotGroundCraft');
  if (skill !== undefined)
    sources.push({ fieldId: `${prefix}Skill`, value: skill, from: `${side.rollerName}'s sheet: Pilot Ground Craft ${skill}` });
  const handling = num(side.vehicleStats, 'handling');
  if (handling !== undefined)
    sources.push({ fieldId: `${prefix}Handling`, value: handling, from: `${side.vehicleName}'s sheet: Handling ${handling}` });
  return sources;
}

interface Situation {
  readonly driver: ChaseSide | null;
  readonly other: ChaseSide | null;
  readonly pair: ChasePair | null;
  readonly problems: readonly string[];
}

function situation(context: ResolveContext): Situation {
  const problems: string[] = [];
  const attackers = Array.isArray(context.attackers) ? context.attackers : [];
  const targets = Array.isArray(context.targets) ? context.targets : [];
  if (attackers.length !== 1) problems.push('Choose the one vehicle (or driver) doing the stunt.');
  if (targets.length !== 1) problems.push('Choose the one vehicle it chases or flees.');
  const driver = attackers.length === 1 ? chaseSide(attackers[0]!, context) : null;
  const other = targets.length === 1 ? chaseSide(targets[0]!, context) : null;
  if (driver?.participant.removed) problems.push(`${driver.participant.name} has left the encounter.`);
  if (other?.participant.removed) problems.push(`${other.participant.name} has left the encounter.`);
  let pair: ChasePair | null = null;
  const chase = context.chase?.chase;
  if (chase && driver && other) {
    if (!driver.entry) problems.push(`${driver.participant.name} is not in the chase.`);
    else if (!other.entry) problems.push(`${other.participant.name} is not in the chase.`);
    else if (driver.entry === other.entry) problems.push(`${driver.vehicleName} cannot chase itself.`);
    else {
      pair = findPair(chase, driver.entry.vehicleId, other.entry.vehicleId) ?? null;
      if (!pair) problems.push(`${driver.vehicleName} and ${other.vehicleName} are not chasing each other now.`);
    }
  }
  return { driver, other, pair, problems };
}

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
    ? [{ label: `${factions} extra ${factions === 1 ? 'side' : 'sides'} in the chase`, value: factions * EXTRA_FACTION_PENALTY, source: 'book' }]
    : [];
  const bonusOf = (id: 'driverBonus' | 'otherBonus'): VehicleTestInput['modifiers'] =>
    stunt === 'chase-test' && v.number(id) ? [{ label: 'Maneuver last Chase Turn', value: v.number(id), source: 'book' }] : [];
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
    if (pool && pool.dice > MAX_POOL) problems.push(`A pool of ${pool.dice} dice is more than the ${MAX_POOL} allowed.`);
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
    for (let k = threshold + 1; k < hits.length; k++) outcomes.push({ label: `+${k - threshold} next Chase Turn`, p: hits[k]! });
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

function nextStage(setup: SetupValues, context: ResolveContext, rolled: Parameters<ResolveWorkflow['nextStage']>[2]): DiceStage | null {
  const plan = planOrThrow(setup, context);
  const done = new Set(rolled.map((r) => r.stageId));
  if (!done.has('driver'))
    return { id: 'driver', label: `Vehicle Test: ${plan.driverDice} dice (${plan.driverLabel})`, roller: plan.driverName, count: plan.driverDice, sides: 6 };
  if (isOpposed(plan.stunt) && !done.has('opponent'))
    return { id: 'opponent', label: `Opposing Vehicle Test: ${plan.otherDice} dice (${plan.otherLabel})`, roller: plan.otherName, count: plan.otherDice, sides: 6 };
  return null;
}

function facesOf(rolled: Parameters<ResolveWorkflow['resolve']>[2], stageId: string, count: number): readonly number[] {
  const stage = rolled.find((r) => r.stageId === stageId);
  if (!stage) throw new RulesError('invalid-input', `The ${stageId === 'driver' ? "driver's" : "other driver's"} dice have not been rolled yet.`);
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

function resolve(setup: SetupValues, context: ResolveContext, rolled: Parameters<ResolveWorkflow['resolve']>[2]): Resolution {
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
    steps.push({ text: 'No chase in the tracker pairs these two: the result is for the log only.', rule: rule(SECTION.vehicles, 'default') });
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
