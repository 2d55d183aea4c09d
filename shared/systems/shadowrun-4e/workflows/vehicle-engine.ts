import type { ConditionInit } from '../../../encounter/tracker-rules';
import type { ExplainStep } from '../../contract';
import type {
  DiceStage,
  Effect,
  FieldDef,
  OddsFigure,
  OddsView,
  Resolution,
  ResolveContext,
  ResolveWorkflow,
  RollSpend,
  RolledStage,
  SetupValues,
  SheetReading,
} from '../../../resolve/contract';
import { memoizeBySetup } from '../../../resolve/memo';
import { attackerAction } from '../../../resolve/spends';
import { RulesError, describe, requireFaces } from '../../../errors';
import type { DamageType } from '../combat';
import { hitDistribution, opposedOddsFromHits, rollOdds } from '../odds';
import { plural, SECTION, signed, step } from '../sections';
import { evaluateTest, MAX_POOL } from '../tests';
import type { ShadowrunRules } from '../toggles';
import { personHit, vehicleHit } from '../vehicle-combat';

/**
 * The procedure the vehicle workflows share: an Opposed Test (attack or ramming Vehicle Test
 * against the defence), then each side that takes damage resists it — a vehicle with Body + Armor
 * under the book's vehicle rules, a person with Body + armour as in any attack. Ramming adds the
 * rammer's own damage, which does not grow with net hits. Stages, exact odds and the resolution.
 */

/** Who resists a hit, and with what. */
export interface Resister {
  readonly name: string;
  readonly vehicle: boolean;
  readonly body: number;
  /** "Armor" (a vehicle), "Ballistic armour", "Impact armour". */
  readonly armourName: string;
  readonly armour: number;
  readonly ap: number;
}

export interface ComponentShot {
  readonly label: string;
  readonly conditionId: string;
  readonly conditionLabel: string;
  readonly effect: string;
}

export interface VehiclePlan {
  readonly kind: 'gunnery' | 'ramming';
  readonly attacker: string;
  readonly target: string;
  /** "Mounted LMG", "a ram at 80 m/turn". */
  readonly weapon: string;
  readonly attackDice: number;
  readonly attackLabel: string;
  readonly attackSteps: readonly ExplainStep[];
  readonly defenceDice: number;
  readonly defenceLabel: string;
  readonly defenceSteps: readonly ExplainStep[];
  /** DV before net hits. */
  readonly dv: number;
  readonly dvSteps: readonly ExplainStep[];
  readonly damageType: DamageType;
  readonly targetResists: Resister;
  /** Ramming: the ramming vehicle's own damage, the same whatever the net hits. */
  readonly rammer: { readonly resists: Resister; readonly dv: number } | null;
  readonly component: ComponentShot | null;
  readonly rules: ShadowrunRules;
  /** The attacker's action, or null when its controller's is spent instead (a crewed vehicle). */
  readonly action: 'simple' | 'complex' | null;
  readonly verb: string;
}

export const VEHICLE_STAGE = {
  attack: 'attack',
  defence: 'defence',
  soak: 'soak',
  rammerSoak: 'rammer-soak',
} as const;

type HitPlan =
  | {
      readonly roll: false;
      readonly type: DamageType;
      readonly why: 'stun-ignored' | 'armor-stops';
      readonly armour: number;
    }
  | { readonly roll: true; readonly type: DamageType; readonly armour: number; readonly dice: number };

/** How a hit of `dv` lands on one resister: no roll (vehicle rules), or a resistance roll. */
export function hitOn(resists: Resister, dv: number, type: DamageType, stunWhenEqual: boolean): HitPlan {
  if (resists.vehicle) {
    const hit = vehicleHit(resists.body, resists.armour, resists.ap, dv, type);
    if (hit.outcome === 'stun-ignored') return { roll: false, type, why: 'stun-ignored', armour: 0 };
    if (hit.outcome === 'armor-stops') return { roll: false, type: 'P', why: 'armor-stops', armour: hit.armor };
    return { roll: true, type: 'P', armour: hit.armor, dice: hit.dice };
  }
  const hit = personHit(resists.body, resists.armour, resists.ap, dv, type, stunWhenEqual);
  return { roll: true, type: hit.type, armour: hit.armor, dice: hit.dice };
}

// ---------------------------------------------------------------------------------------------
// Stages
// ---------------------------------------------------------------------------------------------

interface Rolls {
  attack?: readonly number[];
  defence?: readonly number[];
  soak?: readonly number[];
  rammerSoak?: readonly number[];
}

const hitsOf = (faces: readonly number[] | undefined) => (faces ?? []).filter((f) => f >= 5).length;
const netHitsOf = (r: Rolls) => Math.max(0, hitsOf(r.attack) - hitsOf(r.defence));

function neededStage(plan: VehiclePlan, r: Rolls): DiceStage | null {
  if (!r.attack) {
    return {
      id: VEHICLE_STAGE.attack,
      label: `${plan.kind === 'ramming' ? 'Ramming Vehicle Test' : 'Attack'}: ${plural(plan.attackDice, 'die', 'dice')} (${plan.attackLabel})`,
      roller: plan.attacker,
      count: plan.attackDice,
      sides: 6,
    };
  }
  if (!r.defence && plan.defenceDice > 0) {
    return {
      id: VEHICLE_STAGE.defence,
      label: `Defence: ${plural(plan.defenceDice, 'die', 'dice')} (${plan.defenceLabel})`,
      roller: plan.target,
      count: plan.defenceDice,
      sides: 6,
    };
  }
  const net = netHitsOf(r);
  if (net === 0) return null;
  const onTarget = hitOn(plan.targetResists, plan.dv + net, plan.damageType, plan.rules.stunWhenEqual);
  if (!r.soak && onTarget.roll) {
    return {
      id: VEHICLE_STAGE.soak,
      label: `${plan.target} resists: ${plural(onTarget.dice, 'die', 'dice')} (Body ${plan.targetResists.body} + ${plan.targetResists.armourName} ${onTarget.armour})`,
      roller: plan.target,
      count: onTarget.dice,
      sides: 6,
    };
  }
  if (plan.rammer && !r.rammerSoak) {
    const onRammer = hitOn(plan.rammer.resists, plan.rammer.dv, 'P', plan.rules.stunWhenEqual);
    if (onRammer.roll) {
      return {
        id: VEHICLE_STAGE.rammerSoak,
        label: `${plan.attacker} resists its own ramming damage: ${plural(onRammer.dice, 'die', 'dice')} (Body ${plan.rammer.resists.body} + ${plan.rammer.resists.armourName} ${onRammer.armour})`,
        roller: plan.attacker,
        count: onRammer.dice,
        sides: 6,
      };
    }
  }
  return null;
}

function checkFaces(stage: DiceStage, rolled: RolledStage): readonly number[] {
  const groups: unknown = rolled.groups;
  if (!Array.isArray(groups) || groups.length !== 1) {
    throw new RulesError(
      'invalid-input',
      `${stage.label} is one group of dice, but ${Array.isArray(groups) ? groups.length : describe(groups)} groups were given.`,
    );
  }
  const group = groups[0] as RolledStage['groups'][number];
  if (group.sides !== 6)
    throw new RulesError('invalid-face', `${stage.label} is rolled on six-sided dice, not d${describe(group.sides)}.`);
  const faces = requireFaces(stage.label, group.faces, 6, MAX_POOL * 10);
  if (faces.length !== stage.count) {
    throw new RulesError(
      'invalid-input',
      `${stage.label} needs ${plural(stage.count, 'face', 'faces')}, but ${faces.length} ${faces.length === 1 ? 'was' : 'were'} given.`,
      { expected: stage.count, given: faces.length },
    );
  }
  return faces;
}

function replay(plan: VehiclePlan, rolled: readonly RolledStage[]): Rolls {
  if (!Array.isArray(rolled))
    throw new RulesError('invalid-input', `The rolls must be a list, got ${describe(rolled)}.`);
  const r: Rolls = {};
  for (const stage of rolled) {
    const id = typeof stage === 'object' && stage !== null ? stage.stageId : undefined;
    const needed = neededStage(plan, r);
    if (!needed || needed.id !== id) {
      throw new RulesError(
        'not-allowed',
        `The roll ${describe(id)} was not asked for: ${needed ? `the next roll is "${needed.label}"` : 'every roll of this attack is in'}.`,
      );
    }
    const faces = checkFaces(needed, stage);
    if (needed.id === VEHICLE_STAGE.attack) r.attack = faces;
    else if (needed.id === VEHICLE_STAGE.defence) r.defence = faces;
    else if (needed.id === VEHICLE_STAGE.soak) r.soak = faces;
    else r.rammerSoak = faces;
  }
  return r;
}

export function vehicleNextStage(plan: VehiclePlan, rolled: readonly RolledStage[]): DiceStage | null {
  return neededStage(plan, replay(plan, rolled));
}

// ---------------------------------------------------------------------------------------------
// Odds
// ---------------------------------------------------------------------------------------------

/** Boxes after resistance, by count, for one hit of `dv` on `resists` (index 0: none). */
function boxesAfter(
  resists: Resister,
  dv: number,
  type: DamageType,
  stunWhenEqual: boolean,
): { boxes: number[]; type: DamageType } {
  const hit = hitOn(resists, dv, type, stunWhenEqual);
  const boxes = new Array<number>(dv + 1).fill(0);
  if (!hit.roll) {
    boxes[0] = 1;
    return { boxes, type: hit.type };
  }
  const soak = hitDistribution(hit.dice);
  for (let h = 0; h < soak.length; h++) boxes[Math.max(0, dv - h)]! += soak[h]!;
  return { boxes, type: hit.type };
}

/** Outcomes rarer than this are folded into the last one shown on their track ("12+ Physical"). */
const TAIL = 5e-5;

function trackOutcomes(dist: readonly (number | undefined)[], track: string): { label: string; p: number }[] {
  let last = dist.length - 1;
  let tail = 0;
  while (last > 1 && tail + (dist[last] ?? 0) < TAIL) tail += dist[last--] ?? 0;
  const outcomes: { label: string; p: number }[] = [];
  for (let b = 1; b <= last; b++) {
    const p = (dist[b] ?? 0) + (b === last ? tail : 0);
    if (p > 0) outcomes.push({ label: `${b}${b === last && tail > 0 ? '+' : ''} ${track}`, p });
  }
  return outcomes;
}

/**
 * Exact: attack and defence hits Binomial(n, 1/3); for each net-hit count the target's modified
 * DV, how it lands (vehicle Armor, Stun, damage type) and the Binomial resistance hits. The
 * rammer's damage happens on every successful ram and does not depend on the net hits.
 */
export function vehicleOdds(plan: VehiclePlan): OddsView {
  const opposed = opposedOddsFromHits(hitDistribution(plan.attackDice), hitDistribution(plan.defenceDice));
  const stunWhenEqual = plan.rules.stunWhenEqual;
  const physical: number[] = [];
  const stun: number[] = [];
  let none = opposed.netHits[0] ?? 0;
  let expected = 0;
  for (let k = 1; k < opposed.netHits.length; k++) {
    const pk = opposed.netHits[k]!;
    if (pk === 0) continue;
    const { boxes, type } = boxesAfter(plan.targetResists, plan.dv + k, plan.damageType, stunWhenEqual);
    const track = type === 'P' ? physical : stun;
    none += pk * boxes[0]!;
    for (let b = 1; b < boxes.length; b++) {
      track[b] = (track[b] ?? 0) + pk * boxes[b]!;
      expected += b * pk * boxes[b]!;
    }
  }
  const glitches = rollOdds(plan.attackDice, plan.rules.glitch);
  const figures: OddsFigure[] = [
    { label: plan.kind === 'ramming' ? 'Chance to ram' : 'Chance to hit', value: opposed.hit, format: 'percent' },
    { label: `Expected boxes on ${plan.target}`, value: expected, format: 'number' },
    { label: `Chance ${plan.target} is damaged`, value: 1 - none, format: 'percent' },
  ];
  if (plan.rammer) {
    const own = boxesAfter(plan.rammer.resists, plan.rammer.dv, 'P', stunWhenEqual).boxes;
    const mean = own.reduce((sum, p, b) => sum + b * p, 0);
    figures.push({
      label: `Expected boxes on ${plan.attacker} (its own ram)`,
      value: opposed.hit * mean,
      format: 'number',
    });
  }
  figures.push(
    { label: 'Attack glitch', value: glitches.glitch, format: 'percent' },
    { label: 'Attack critical glitch', value: glitches.criticalGlitch, format: 'percent' },
  );
  const outcomes = [
    { label: 'No damage', p: none },
    ...trackOutcomes(stun, 'Stun'),
    ...trackOutcomes(physical, 'Physical'),
  ];
  return {
    figures,
    distribution: { label: `Damage to ${plan.target} after resistance`, outcomes },
    note: `Exact for this setup: ${plural(plan.attackDice, 'die', 'dice')} against ${plural(plan.defenceDice, 'die', 'dice')}, then ${plan.target}'s resistance.`,
  };
}

// ---------------------------------------------------------------------------------------------
// Resolution
// ---------------------------------------------------------------------------------------------

const prefixed = (prefix: string, steps: readonly ExplainStep[]) =>
  steps.map((s) => ({ ...s, text: `${prefix}${s.text}` }));

export interface Landed {
  readonly boxes: number;
  readonly type: DamageType;
  readonly steps: ExplainStep[];
  readonly resistHits: number;
}

/** One hit landing on one resister, explained rule by rule (the person attacks reuse it for a vehicle target). */
export function land(
  resists: Resister,
  dv: number,
  type: DamageType,
  faces: readonly number[] | undefined,
  plan: { readonly rules: ShadowrunRules },
): Landed {
  const hit = hitOn(resists, dv, type, plan.rules.stunWhenEqual);
  const steps: ExplainStep[] = [];
  const armourLine = `${resists.armourName} ${resists.armour} with AP ${signed(resists.ap)} = ${hit.armour}`;
  if (!hit.roll) {
    steps.push(
      hit.why === 'stun-ignored'
        ? step(`${resists.name} is a vehicle: Stun damage does not affect it.`, SECTION.vehicles, 'book')
        : step(
            `${armourLine}; DV ${dv} does not exceed it, so the hit does ${resists.name} no damage (vehicle Armor).`,
            SECTION.vehicles,
            'book',
          ),
    );
    return { boxes: 0, type: hit.type, steps, resistHits: 0 };
  }
  if (resists.vehicle) {
    steps.push(
      step(
        `${armourLine}; DV ${dv} exceeds it: ${resists.name} resists the Physical damage.`,
        SECTION.vehicles,
        'book',
      ),
    );
  } else {
    steps.push(step(`${armourLine}.`, SECTION.resolvingAttack));
    steps.push(
      step(
        hit.type === 'S' && type === 'P'
          ? `DV ${dv} ${plan.rules.stunWhenEqual ? 'does not exceed' : 'is below'} armour ${hit.armour}: the Physical damage becomes Stun.`
          : type === 'S'
            ? 'The damage is Stun.'
            : `DV ${dv} ${plan.rules.stunWhenEqual ? 'exceeds' : 'is not below'} armour ${hit.armour}: the damage stays Physical.`,
        SECTION.resolvingAttack,
        type === 'S' ? 'seed' : plan.rules.stunWhenEqual ? 'book' : 'default',
      ),
    );
  }
  const soak = evaluateTest(faces ?? [], plan.rules.glitch);
  const boxes = Math.max(0, dv - soak.hits);
  const track = hit.type === 'P' ? 'Physical' : 'Stun';
  steps.push(
    step(
      `${resists.name} resists with Body ${resists.body} + ${resists.armourName} ${hit.armour} = ${plural(hit.dice, 'die', 'dice')}.`,
      resists.vehicle ? SECTION.vehicles : SECTION.resolvingAttack,
      resists.vehicle ? 'book' : 'seed',
    ),
    ...prefixed('Resistance: ', soak.steps),
    step(
      `Each resistance hit cuts the DV by 1: ${dv} − ${soak.hits} = ${plural(boxes, `box of ${track} damage`, `boxes of ${track} damage`)}.`,
      SECTION.resolvingAttack,
    ),
  );
  return { boxes, type: hit.type, steps, resistHits: soak.hits };
}

/** A called shot on a component: hit (a condition on the vehicle) when damage gets through, else unharmed. */
export function componentOutcome(
  component: ComponentShot | null,
  boxes: number,
  attacker: string,
): { readonly steps: ExplainStep[]; readonly conditions: ConditionInit[] } {
  if (!component) return { steps: [], conditions: [] };
  if (boxes > 0) {
    return {
      conditions: [
        { conditionId: component.conditionId, label: component.conditionLabel, note: `Called shot by ${attacker}` },
      ],
      steps: [
        step(
          `Called shot on the ${component.label.toLowerCase()}: it is hit, ${component.effect}.`,
          SECTION.vehicles,
          'default',
        ),
      ],
    };
  }
  return {
    conditions: [],
    steps: [
      step(
        `Called shot on the ${component.label.toLowerCase()}: no damage gets through, so the component is unharmed.`,
        SECTION.vehicles,
        'default',
      ),
    ],
  };
}

const harmOf = (landed: Landed): Effect['harm'] =>
  landed.boxes > 0 ? { kind: landed.type === 'P' ? 'physical' : 'stun', amount: landed.boxes } : undefined;

export function vehicleResolve(plan: VehiclePlan, rolled: readonly RolledStage[]): Resolution {
  const r = replay(plan, rolled);
  const missing = neededStage(plan, r);
  if (missing) throw new RulesError('not-allowed', `Roll "${missing.label}" before resolving.`);
  const attack = evaluateTest(r.attack ?? [], plan.rules.glitch);
  const defence = evaluateTest(r.defence ?? [], plan.rules.glitch);
  const steps: ExplainStep[] = [...plan.attackSteps, ...prefixed('Attack: ', attack.steps), ...plan.defenceSteps];
  if (plan.defenceDice > 0) steps.push(...prefixed('Defence: ', defence.steps));
  const net = Math.max(0, attack.hits - defence.hits);
  const ram = plan.kind === 'ramming';
  steps.push(
    step(
      net > 0
        ? `${attack.hits} against ${defence.hits}: ${ram ? 'the ram connects' : 'the attack hits'} with ${plural(net, 'net hit', 'net hits')}.`
        : `${attack.hits} against ${defence.hits}: ${attack.hits === defence.hits ? 'ties favour the defender, ' : ''}${ram ? 'the ram misses' : 'the attack misses'}.`,
      SECTION.resolvingAttack,
    ),
  );
  const spends: RollSpend[] = plan.action ? [attackerAction(plan.action)] : [];
  const base = {
    workflow: plan.kind,
    weapon: plan.weapon,
    attackDice: plan.attackDice,
    defenceDice: plan.defenceDice,
    attackHits: attack.hits,
    defenceHits: defence.hits,
    hit: net > 0,
    netHits: net,
    attackGlitch: attack.glitch,
    attackCriticalGlitch: attack.criticalGlitch,
  };
  const opening = `${plan.attacker} ${plan.verb} ${plan.target}${ram ? '' : ` with ${plan.weapon}`}: ${attack.hits} vs ${defence.hits}`;
  if (net === 0) {
    steps.push(
      step(ram ? 'A missed ram deals no damage to either side.' : 'A miss deals no damage.', SECTION.resolutionFlow),
    );
    return { steps, summary: `${opening} → miss`, effects: [], followUps: [], result: { ...base, damage: 0 }, spends };
  }
  const modifiedDv = plan.dv + net;
  steps.push(
    ...plan.dvSteps,
    step(`Modified DV = ${plan.dv} + ${plural(net, 'net hit', 'net hits')} = ${modifiedDv}.`, SECTION.resolvingAttack),
  );
  const onTarget = land(plan.targetResists, modifiedDv, plan.damageType, r.soak, plan);
  steps.push(...onTarget.steps);
  const called = componentOutcome(plan.component, onTarget.boxes, plan.attacker);
  steps.push(...called.steps);
  const conditions: ConditionInit[] = [...called.conditions];
  const effects: Effect[] = [];
  const targetHarm = harmOf(onTarget);
  if (targetHarm || conditions.length) {
    effects.push({
      on: { side: 'targets', index: 0 },
      ...(targetHarm ? { harm: targetHarm } : {}),
      ...(conditions.length ? { conditions } : {}),
    });
  }
  let rammerBoxes = 0;
  if (plan.rammer) {
    steps.push(
      step(
        `${plan.attacker} takes its own ramming damage: DV ${plan.rammer.dv}, net hits do not add to it.`,
        SECTION.vehicles,
        'book',
      ),
    );
    const own = land(plan.rammer.resists, plan.rammer.dv, 'P', r.rammerSoak, plan);
    steps.push(...own.steps);
    rammerBoxes = own.boxes;
    const ownHarm = harmOf(own);
    if (ownHarm) effects.push({ on: { side: 'attackers', index: 0 }, harm: ownHarm });
  }
  const targetText = onTarget.boxes ? `${onTarget.boxes} ${onTarget.type === 'P' ? 'Physical' : 'Stun'}` : 'no damage';
  return {
    steps,
    summary: `${opening} → ${modifiedDv}${plan.damageType}, ${plan.target} ${targetText}${plan.rammer ? `; ${plan.attacker} ${rammerBoxes ? `${rammerBoxes} Physical` : 'no damage'}` : ''}`,
    effects,
    followUps: [],
    result: {
      ...base,
      modifiedDv,
      damageType: onTarget.type,
      resistHits: onTarget.resistHits,
      damage: onTarget.boxes,
      ...(plan.rammer ? { rammerDv: plan.rammer.dv, rammerDamage: rammerBoxes } : {}),
      ...(plan.component && onTarget.boxes > 0 ? { componentHit: plan.component.conditionId } : {}),
    },
    spends,
  };
}

/** A vehicle roll's plan, or why it cannot be made. */
export interface VehicleBuilt {
  readonly problems: readonly string[];
  readonly plan: VehiclePlan | null;
}

/**
 * The workflow of a vehicle roll (the gunnery attack, the ram): its own fields, defaults, sheet
 * reading and plan; the stages, odds and resolution are this engine's, the same for every one.
 */
export function vehicleWorkflow(spec: {
  readonly id: string;
  readonly label: string;
  readonly fields: readonly FieldDef[];
  readonly defaults: (context: ResolveContext) => SetupValues;
  readonly buildPlan: (setup: SetupValues, context: ResolveContext) => VehicleBuilt;
  readonly readSheets: (context: ResolveContext) => SheetReading;
  /** Said when the roll cannot be made and the plan names no reason. */
  readonly cannot: string;
}): ResolveWorkflow {
  const build = memoizeBySetup(spec.buildPlan);
  const planOrThrow = (setup: SetupValues, context: ResolveContext): VehiclePlan => {
    const built = build(setup, context);
    if (!built.plan) throw new RulesError('not-allowed', built.problems[0] ?? spec.cannot);
    return built.plan;
  };
  return {
    id: spec.id,
    systemId: 'shadowrun-4e',
    label: spec.label,
    attackers: 'one',
    targets: 'one',
    fields: () => spec.fields,
    defaults: spec.defaults,
    problems: (setup, context) => build(setup, context).problems,
    odds(setup, context) {
      const built = build(setup, context);
      if (!built.plan) return { figures: [], note: built.problems[0] ?? spec.cannot };
      return vehicleOdds(built.plan);
    },
    nextStage: (setup, context, rolled) => vehicleNextStage(planOrThrow(setup, context), rolled),
    resolve: (setup, context, rolled) => vehicleResolve(planOrThrow(setup, context), rolled),
    fromTableRow: () => null,
    fromSheets: spec.readSheets,
  };
}
