import { convolve, type Distribution } from '../../../dice/distribution';
import { RulesError, describe, requireFaces } from '../../../errors';
import type { ConditionInit } from '../../../encounter/tracker-rules';
import type { ExplainStep } from '../../contract';
import { armorAfterAp, damageTypeAfterArmor, type DamageType } from '../combat';
import { blast, BLAST_WEAPONS, detonationTiming, scatter, SCATTER } from '../explosives';
import { hitDistribution, opposedOddsFromHits } from '../odds';
import { plural, SECTION, signed, step } from '../sections';
import { evaluateTest } from '../tests';
import type {
  DiceStage,
  Effect,
  OddsFigure,
  OddsView,
  Resolution,
  ResolveContext,
  ResolveWorkflow,
  RolledStage,
  SetupValues,
} from '../../../resolve/contract';
import { attackerAction } from '../../../resolve/spends';
import { distanceFromBlast } from './explosive-geometry';
import { explosiveSheetValues } from './explosive-sheets';
import {
  buildExplosivePlan,
  explosiveDefaults,
  explosiveFields,
  type ExplosivePlan,
  type PlacedTarget,
} from './explosive-plan';

import { hitOn, land, type Resister } from './vehicle-engine';
/**
 * Grenades, rockets and missiles (seed): the attack test (opposed by the one aimed at, or a
 * Success Test at a spot), the scatter (distance by kind less metres per net hit, direction on
 * the diagram), then the blast at each target's distance from where it lands, each resisting on
 * their own with Body + Impact armour after AP. A grenade that goes off on the thrower's next
 * Initiative Pass leaves a reminder on the thrower in the tracker.
 */

export const GRENADE_CONDITION = 'grenade-in-flight';

const STAGE = { attack: 'attack', defence: 'defence', scatter: 'scatter', direction: 'direction' } as const;
const resistStageId = (index: number) => `resist:t${index}`;

interface Landing {
  readonly scatter: number;
  readonly direction: number;
}

/** DV, type and AP at a distance, and the resistance pool: what one target faces. */
interface Exposure {
  readonly distance: number;
  readonly dv: number;
  readonly damageType: DamageType;
  readonly ap: number;
  readonly armour: number;
  /** 0 when nothing is rolled: out of reach, or a vehicle the hit cannot harm (Stun, or its Armor stops it). */
  readonly resistDice: number;
}

/** A vehicle in the blast, as the vehicle rules read it. */
const resisterOf = (target: PlacedTarget, ap: number): Resister => ({
  name: target.fighter.name,
  vehicle: true,
  body: target.body,
  armourName: 'Armor',
  armour: target.impact,
  ap,
});

function exposure(plan: ExplosivePlan, target: PlacedTarget, distance: number): Exposure {
  // An anti-vehicle warhead has its own AP against a vehicle (book).
  const b = blast({ type: plan.explosive, distance, vsVehicle: target.vehicle });
  if (target.vehicle) {
    // Book: no Stun, and a DV its Armor (after AP) stops does nothing; else Body + Armor, Physical.
    const hit = b.dv > 0 ? hitOn(resisterOf(target, b.ap), b.dv, b.damageType, plan.rules.stunWhenEqual) : null;
    return {
      distance,
      dv: b.dv,
      damageType: hit?.type ?? b.damageType,
      ap: b.ap,
      armour: armorAfterAp(target.impact, b.ap),
      resistDice: hit?.roll ? hit.dice : 0,
    };
  }
  const armour = armorAfterAp(target.impact, b.ap);
  return {
    distance,
    dv: b.dv,
    damageType: damageTypeAfterArmor(b.damageType, b.dv, armour, plan.rules.stunWhenEqual),
    ap: b.ap,
    armour,
    resistDice: target.body + armour,
  };
}

// ---------------------------------------------------------------------------------------------
// Stages
// ---------------------------------------------------------------------------------------------

interface Rolls {
  attack?: readonly number[];
  defence?: readonly number[];
  landing?: Landing & { readonly faces: readonly number[] };
  readonly resist: Map<number, readonly number[]>;
}

const hitsOf = (faces: readonly number[]) => faces.filter((f) => f >= 5).length;

function netHits(plan: ExplosivePlan, r: Rolls): number {
  const attack = hitsOf(r.attack ?? []);
  if (plan.aimedAt === null) return attack;
  return Math.max(0, attack - hitsOf(r.defence ?? []));
}

function landingOf(plan: ExplosivePlan, roll: number, direction: number, net: number): Landing {
  const s = scatter({
    kind: plan.kind,
    roll,
    netHits: net,
    ...(plan.kind === 'missile' ? { sensor: plan.sensor } : {}),
  });
  return { scatter: s.distance, direction };
}

function scatterStage(plan: ExplosivePlan): DiceStage {
  const def = SCATTER[plan.kind];
  return {
    id: STAGE.scatter,
    label: `Scatter: ${def.dice}D6 metres (${def.label.toLowerCase()}) and 1D6 for the direction`,
    roller: plan.attacker.name,
    count: def.dice,
    sides: 6,
    extra: [{ id: STAGE.direction, label: 'Direction on the scatter diagram', count: 1, sides: 6 }],
  };
}

function resistStage(plan: ExplosivePlan, index: number, e: Exposure): DiceStage {
  const t = plan.targets[index]!;
  return {
    id: resistStageId(index),
    label: `${t.fighter.name} resists ${e.dv}${e.damageType}: ${plural(e.resistDice, 'die', 'dice')} (Body ${t.body} + ${t.vehicle ? 'Armor' : 'Impact armour'} ${e.armour} after AP)`,
    roller: t.fighter.name,
    count: e.resistDice,
    sides: 6,
  };
}

function exposures(plan: ExplosivePlan, landing: Landing): Exposure[] {
  return plan.targets.map((t) =>
    exposure(plan, t, distanceFromBlast(t.distance, t.direction, landing.scatter, landing.direction)),
  );
}

function neededStage(plan: ExplosivePlan, r: Rolls): DiceStage | null {
  if (!r.attack)
    return {
      id: STAGE.attack,
      label: `Attack: ${plural(plan.attackDice, 'die', 'dice')} (${plan.attackLabel})`,
      roller: plan.attacker.name,
      count: plan.attackDice,
      sides: 6,
    };
  if (!r.defence && plan.defenceDice > 0)
    return {
      id: STAGE.defence,
      label: `Defence: ${plural(plan.defenceDice, 'die', 'dice')} (${plan.defenceLabel})`,
      roller: plan.targets[plan.aimedAt ?? 0]!.fighter.name,
      count: plan.defenceDice,
      sides: 6,
    };
  if (!r.landing) return scatterStage(plan);
  const list = exposures(plan, r.landing);
  for (const [i, e] of list.entries()) {
    if (e.dv > 0 && e.resistDice > 0 && !r.resist.has(i)) return resistStage(plan, i, e);
  }
  return null;
}

function groupFaces(stage: DiceStage, rolled: RolledStage): readonly (readonly number[])[] {
  const wanted = [{ count: stage.count, sides: stage.sides }, ...(stage.extra ?? [])];
  const groups: unknown = rolled.groups;
  if (!Array.isArray(groups) || groups.length !== wanted.length)
    throw new RulesError(
      'invalid-input',
      `${stage.label} is ${plural(wanted.length, 'group', 'groups')} of dice, but ${Array.isArray(groups) ? groups.length : describe(groups)} were given.`,
    );
  return wanted.map((w, i) => {
    const group = groups[i] as RolledStage['groups'][number];
    if (group?.sides !== 6)
      throw new RulesError(
        'invalid-face',
        `${stage.label} is rolled on six-sided dice, not d${describe(group?.sides)}.`,
      );
    const faces = requireFaces(stage.label, group.faces, 6, 200);
    if (faces.length !== w.count)
      throw new RulesError(
        'invalid-input',
        `${stage.label} needs ${plural(w.count, 'face', 'faces')} in group ${i + 1}, but ${faces.length} ${faces.length === 1 ? 'was' : 'were'} given.`,
      );
    return faces;
  });
}

function replay(plan: ExplosivePlan, rolled: readonly RolledStage[]): Rolls {
  if (!Array.isArray(rolled))
    throw new RulesError('invalid-input', `The rolls must be a list, got ${describe(rolled)}.`);
  const r: Rolls = { resist: new Map() };
  for (const given of rolled) {
    const id = typeof given === 'object' && given !== null ? given.stageId : undefined;
    const needed = neededStage(plan, r);
    if (!needed || needed.id !== id)
      throw new RulesError(
        'not-allowed',
        `The roll ${describe(id)} was not asked for: ${needed ? `the next roll is "${needed.label}"` : 'every roll of this blast is in'}.`,
      );
    const [faces, direction] = groupFaces(needed, given);
    if (id === STAGE.attack) r.attack = faces!;
    else if (id === STAGE.defence) r.defence = faces!;
    else if (id === STAGE.scatter) {
      const roll = faces!.reduce((a, b) => a + b, 0);
      r.landing = { ...landingOf(plan, roll, direction![0]!, netHits(plan, r)), faces: faces! };
    } else r.resist.set(Number(String(id).slice('resist:t'.length)), faces!);
  }
  return r;
}

// ---------------------------------------------------------------------------------------------
// Odds
// ---------------------------------------------------------------------------------------------

function sumOfD6(dice: number): Distribution {
  const d6: Distribution = [0, 1 / 6, 1 / 6, 1 / 6, 1 / 6, 1 / 6, 1 / 6];
  let dist: Distribution = [1];
  for (let i = 0; i < dice; i++) dist = convolve(dist, d6);
  return dist;
}

/** P(landing) over scatter distance and direction; a direct hit is kept once, as direction 0. */
export function landingOdds(plan: ExplosivePlan): Map<string, { landing: Landing; p: number }> {
  const attack = hitDistribution(plan.attackDice);
  const net = plan.aimedAt === null ? attack : opposedOddsFromHits(attack, hitDistribution(plan.defenceDice)).netHits;
  const rolls = sumOfD6(SCATTER[plan.kind].dice);
  const out = new Map<string, { landing: Landing; p: number }>();
  const add = (landing: Landing, p: number) => {
    const key = `${landing.scatter}:${landing.direction}`;
    const known = out.get(key);
    if (known) known.p += p;
    else out.set(key, { landing, p });
  };
  for (let k = 0; k < net.length; k++) {
    if (!net[k]) continue;
    for (let roll = 0; roll < rolls.length; roll++) {
      const p = net[k]! * rolls[roll]!;
      if (!p) continue;
      const { scatter: s } = landingOf(plan, roll, 1, k);
      if (s === 0) add({ scatter: 0, direction: 0 }, p);
      else for (let dir = 1; dir <= 6; dir++) add({ scatter: s, direction: dir }, p / 6);
    }
  }
  return out;
}

/** P(boxes) and their track for one target over every landing. */
function targetOdds(plan: ExplosivePlan, target: PlacedTarget, landings: Iterable<{ landing: Landing; p: number }>) {
  let expected = 0;
  let hurt = 0;
  let physical = 0;
  for (const { landing, p } of landings) {
    const e = exposure(
      plan,
      target,
      distanceFromBlast(target.distance, target.direction, landing.scatter, landing.direction),
    );
    if (e.dv === 0 || e.resistDice === 0) continue;
    const soak = hitDistribution(e.resistDice);
    for (let h = 0; h < soak.length; h++) {
      const boxes = Math.max(0, e.dv - h);
      if (boxes === 0) continue;
      const q = p * soak[h]!;
      expected += boxes * q;
      hurt += q;
      if (e.damageType === 'P') physical += q;
    }
  }
  return { expected, hurt, physical };
}

function oddsOf(plan: ExplosivePlan): OddsView {
  const landings = [...landingOdds(plan).values()];
  const byDistance = new Map<number, number>();
  for (const { landing, p } of landings) byDistance.set(landing.scatter, (byDistance.get(landing.scatter) ?? 0) + p);
  const figures: OddsFigure[] = [{ label: 'Chance of a direct hit', value: byDistance.get(0) ?? 0, format: 'percent' }];
  for (const t of plan.targets) {
    const o = targetOdds(plan, t, landings);
    figures.push(
      { label: `${t.fighter.name}: chance of damage`, value: o.hurt, format: 'percent' },
      { label: `${t.fighter.name}: expected boxes`, value: o.expected, format: 'number' },
      { label: `${t.fighter.name}: chance of Physical damage`, value: o.physical, format: 'percent' },
    );
  }
  const distances = [...byDistance.keys()].sort((a, b) => a - b);
  return {
    figures,
    distribution: {
      label: 'Scatter from the intended point',
      outcomes: distances.map((d) => ({ label: d === 0 ? 'Direct hit' : `${d} m`, p: byDistance.get(d)! })),
    },
    note: `Exact: the attack (${plural(plan.attackDice, 'die', 'dice')}${plan.defenceDice ? ` against ${plural(plan.defenceDice, 'die', 'dice')}` : ''}), the ${SCATTER[plan.kind].dice}D6 scatter and its direction, then each target's resistance at their distance from where it lands.`,
  };
}

// ---------------------------------------------------------------------------------------------
// Resolution
// ---------------------------------------------------------------------------------------------

const prefixed = (prefix: string, steps: readonly ExplainStep[]): ExplainStep[] =>
  steps.map((s) => ({ ...s, text: `${prefix}${s.text}` }));

function netHitStep(plan: ExplosivePlan, r: Rolls): ExplainStep {
  const attack = hitsOf(r.attack ?? []);
  const net = netHits(plan, r);
  if (plan.aimedAt === null)
    return step(
      `${plural(attack, 'hit', 'hits')} on the Success Test: ${plural(net, 'net hit', 'net hits')} against the scatter.`,
      SECTION.explosives,
    );
  const defence = hitsOf(r.defence ?? []);
  return step(
    net > 0
      ? `${plural(attack, 'attack hit', 'attack hits')} against ${plural(defence, 'defence hit', 'defence hits')}: ${plural(net, 'net hit', 'net hits')} against the scatter.`
      : `${plural(attack, 'attack hit', 'attack hits')} against ${plural(defence, 'defence hit', 'defence hits')}: no net hits, the full scatter applies.`,
    SECTION.explosives,
  );
}

function placementStep(t: PlacedTarget, landing: Landing, distance: number): ExplainStep {
  const name = t.fighter.name;
  const text =
    landing.scatter === 0
      ? `${name} stands ${t.distance} m from the intended point, where it lands: ${distance} m from the blast.`
      : t.distance === 0
        ? `${name} stands on the intended point: ${distance} m from where it lands.`
        : `${name} stands ${t.distance} m from the intended point in direction ${t.direction}; it lands ${landing.scatter} m off in direction ${landing.direction}: ${distance} m from the blast (rounded to whole metres).`;
  return step(text, SECTION.explosives, landing.scatter === 0 || t.distance === 0 ? 'seed' : 'default');
}

function resolveExplosive(plan: ExplosivePlan, rolled: readonly RolledStage[]): Resolution {
  const r = replay(plan, rolled);
  const missing = neededStage(plan, r);
  if (missing) throw new RulesError('not-allowed', `Roll "${missing.label}" before resolving the blast.`);
  const glitch = plan.rules.glitch;
  const attack = evaluateTest(r.attack!, glitch);
  const steps: ExplainStep[] = [...plan.armSteps, ...plan.attackSteps, ...prefixed('Attack: ', attack.steps)];
  steps.push(...plan.defenceSteps);
  if (r.defence) steps.push(...prefixed('Defence: ', evaluateTest(r.defence, glitch).steps));
  steps.push(netHitStep(plan, r));

  const landing = r.landing!;
  const roll = landing.faces.reduce((a, b) => a + b, 0);
  const net = netHits(plan, r);
  steps.push(
    ...scatter({ kind: plan.kind, roll, netHits: net, ...(plan.kind === 'missile' ? { sensor: plan.sensor } : {}) })
      .steps,
  );
  if (landing.scatter > 0)
    steps.push(step(`Direction: the die shows ${landing.direction} on the scatter diagram.`, SECTION.explosives));

  const effects: Effect[] = [];
  const parts: string[] = [];
  const perTarget = plan.targets.map((t, i) => {
    const distance = distanceFromBlast(t.distance, t.direction, landing.scatter, landing.direction);
    const e = exposure(plan, t, distance);
    const name = t.fighter.name;
    steps.push(placementStep(t, landing, distance));
    const b = blast({ type: plan.explosive, distance, vsVehicle: t.vehicle });
    // A vehicle's AP goes against its Armor, not Impact armour.
    const blastSteps = t.vehicle
      ? b.steps.map((s) => ({
          ...s,
          text: s.text.replace(
            'applies to Impact armour; resist with Body + Impact armour after AP.',
            'applies to its Armor.',
          ),
        }))
      : b.steps;
    // Out of reach: the falloff line says so, and there is no armour or AP to speak of.
    steps.push(...prefixed(`${name}: `, e.dv === 0 ? blastSteps.slice(0, 1) : blastSteps));
    if (e.dv === 0) {
      parts.push(`${name} unhurt`);
      return { name, distance, dv: 0, damage: 0 };
    }
    if (t.vehicle) {
      // The vehicle resists on its own terms, as the vehicle weapon lands a hit (vehicle-engine.ts).
      const landed = land(resisterOf(t, e.ap), e.dv, b.damageType, r.resist.get(i), plan);
      steps.push(...landed.steps);
      if (landed.boxes > 0)
        effects.push({ on: { side: 'targets', index: i }, harm: { kind: 'physical', amount: landed.boxes } });
      parts.push(landed.boxes > 0 ? `${name} ${landed.boxes} Physical` : `${name} no damage`);
      return {
        name,
        distance,
        dv: e.dv,
        damageType: landed.type,
        armourAfterAp: e.armour,
        resistDice: e.resistDice,
        resistHits: landed.resistHits,
        damage: landed.boxes,
      };
    }
    const def = BLAST_WEAPONS[plan.explosive];
    steps.push(
      step(
        `${name}: Impact armour ${t.impact} with AP ${signed(e.ap)} = ${e.armour}${t.impact + e.ap < 0 ? ' (never below 0)' : ''}.`,
        SECTION.explosives,
      ),
    );
    if (def.damageType === 'S') steps.push(step(`${name}: the blast deals Stun damage.`, SECTION.damage));
    else
      steps.push(
        step(
          e.damageType === 'S'
            ? `${name}: DV ${e.dv} ${plan.rules.stunWhenEqual ? 'does not exceed' : 'is below'} armour ${e.armour}: the Physical damage becomes Stun.`
            : `${name}: DV ${e.dv} ${plan.rules.stunWhenEqual ? 'exceeds' : 'is not below'} armour ${e.armour}: the damage stays Physical.`,
          SECTION.resolvingAttack,
          plan.rules.stunWhenEqual ? 'book' : 'default',
        ),
      );
    const soak = evaluateTest(r.resist.get(i) ?? [], glitch);
    const boxes = Math.max(0, e.dv - soak.hits);
    const track = e.damageType === 'P' ? 'Physical' : 'Stun';
    steps.push(
      step(
        `${name} resists with Body ${t.body} + Impact armour ${e.armour} = ${plural(e.resistDice, 'die', 'dice')}.`,
        SECTION.explosives,
      ),
      ...prefixed(`${name}'s resistance: `, soak.steps),
      step(
        `${name}: ${e.dv} − ${soak.hits} = ${plural(boxes, `box of ${track} damage`, `boxes of ${track} damage`)}.`,
        SECTION.resolvingAttack,
      ),
    );
    if (boxes > 0)
      effects.push({
        on: { side: 'targets', index: i },
        harm: { kind: e.damageType === 'P' ? 'physical' : 'stun', amount: boxes },
      });
    parts.push(boxes > 0 ? `${name} ${boxes} ${track}` : `${name} no damage`);
    return {
      name,
      distance,
      dv: e.dv,
      damageType: e.damageType,
      armourAfterAp: e.armour,
      resistDice: e.resistDice,
      resistHits: soak.hits,
      damage: boxes,
    };
  });

  const grenade = plan.kind !== 'rocket' && plan.kind !== 'missile';
  if (grenade) {
    const timing = detonationTiming(plan.detonatesNow);
    steps.push(...timing.steps);
    if (!plan.detonatesNow) {
      const reminder: ConditionInit = {
        conditionId: GRENADE_CONDITION,
        label: 'Grenade in flight',
        rounds: 1,
        expires: 'turn-start',
        note: `${BLAST_WEAPONS[plan.explosive].label} goes off on ${plan.attacker.name}'s next Initiative Pass (its blast is applied with this roll).`,
      };
      effects.push({ on: { side: 'attackers', index: 0 }, conditions: [reminder] });
    }
  }
  const where = landing.scatter === 0 ? 'direct hit' : `scatter ${landing.scatter} m`;
  const attackHits = hitsOf(r.attack!);
  return {
    steps,
    summary: `${plan.attacker.name}'s ${BLAST_WEAPONS[plan.explosive].label}: ${attackHits}${plan.aimedAt === null ? ' hits' : ` vs ${hitsOf(r.defence ?? [])}`}, ${where} → ${parts.join(', ')}`,
    effects,
    followUps: [],
    spends: [attackerAction('simple')],
    result: {
      workflow: 'explosive',
      explosive: plan.explosive,
      delivery: plan.kind,
      attackDice: plan.attackDice,
      attackHits,
      defenceDice: plan.defenceDice,
      netHits: net,
      scatterRoll: roll,
      scatter: landing.scatter,
      direction: landing.direction,
      detonation: plan.detonatesNow ? 'immediately' : 'next-pass',
      targets: perTarget,
    },
  };
}

function planOrThrow(setup: SetupValues, context: ResolveContext): ExplosivePlan {
  const built = buildExplosivePlan(setup, context);
  if (!built.plan) throw new RulesError('not-allowed', built.problems[0] ?? 'The blast cannot be rolled.');
  return built.plan;
}

const BLAST_ROWS = [
  'flash-bang',
  null,
  'fragmentation-grenade',
  'high-explosive-grenade',
  null,
  null,
  'fragmentation-missile',
  'high-explosive-missile',
  'anti-vehicle-missile',
] as const;
const SCATTER_ROWS = ['standard', 'aerodynamic', 'airburst', 'launcher', 'rocket', 'missile'] as const;

export const explosiveAttack: ResolveWorkflow = {
  id: 'sr4-explosive',
  systemId: 'shadowrun-4e',
  label: 'Grenade, rocket or missile',
  attackers: 'one',
  targets: 'many',
  fields: explosiveFields,
  defaults: explosiveDefaults,
  fromSheets: (context) => explosiveSheetValues(context).sheet.reading,
  problems: (setup, context) => buildExplosivePlan(setup, context).problems,
  odds(setup, context) {
    const built = buildExplosivePlan(setup, context);
    if (!built.plan) return { figures: [], note: built.problems[0] ?? 'The blast cannot be rolled.' };
    return oddsOf(built.plan);
  },
  nextStage: (setup, context, rolled) =>
    neededStage(planOrThrow(setup, context), replay(planOrThrow(setup, context), rolled)),
  resolve: (setup, context, rolled) => resolveExplosive(planOrThrow(setup, context), rolled),
  fromTableRow(tableId, rowIndex) {
    if (!Number.isInteger(rowIndex) || rowIndex < 0) return null;
    if (tableId === 'sr4-blast') {
      const explosive = BLAST_ROWS[rowIndex];
      if (!explosive) return null;
      return { explosive, delivery: explosive.endsWith('missile') ? 'rocket' : 'standard' };
    }
    if (tableId === 'sr4-scatter') {
      const delivery = SCATTER_ROWS[rowIndex];
      return delivery ? { delivery } : null;
    }
    return null;
  },
};
