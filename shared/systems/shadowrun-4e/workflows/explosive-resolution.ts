import type { ConditionInit } from '../../../system-kit/tracker-rules';
import { RulesError } from '../../../errors';
import type { Effect, Resolution, ResolveContext, RolledStage, SetupValues } from '../../../system-kit/workflow';
import { attackerAction } from '../../../system-kit/spends';
import type { ExplainStep } from '../../../system-kit/rule-system';
import { blast, BLAST_WEAPONS, detonationTiming, scatter } from '../explosives';
import { plural, SECTION, signed, step } from '../sections';
import { evaluateTest } from '../tests';
import { distanceFromBlast } from './explosive-geometry';
import { buildExplosivePlan } from './explosive-plan';
import type { ExplosivePlan, PlacedTarget } from './explosive-plan';
import { land } from './vehicle-engine';
import { exposure, resisterOf } from './explosive-exposure';
import { GRENADE_CONDITION, type Landing, type Rolls, hitsOf, neededStage, netHits, replay } from './explosive-stages';

// The explosive attack resolved from its rolled stages.

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

export function resolveExplosive(plan: ExplosivePlan, rolled: readonly RolledStage[]): Resolution {
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

export function planOrThrow(setup: SetupValues, context: ResolveContext): ExplosivePlan {
  const built = buildExplosivePlan(setup, context);
  if (!built.plan) throw new RulesError('not-allowed', built.problems[0] ?? 'The blast cannot be rolled.');
  return built.plan;
}
