import { RulesError } from '../../../../errors';
import type { Effect, Resolution, RollSpend, RolledStage } from '../../../../system-kit/workflow';
import { attackerAction, targetReaction } from '../../../../system-kit/spends';
import type { ExplainStep } from '../../../../system-kit/rule-system';
import { damageTypeAfterArmor, knocksDown } from '../../combat';
import type { DamageType } from '../../combat';
import { SECTION, plural, signed, step } from '../../sections';
import { evaluateTest, pushTheLimit, secondChance } from '../../tests';
import type { TestResult } from '../../tests';
import { componentOutcome, land } from '../vehicle-engine';
import type { Resister } from '../vehicle-engine';
import { type AttackPlan, armourAfter, soakDice, vehicleResister } from './plan';
import { type Rolls, followUps, neededStage, replay } from './stages';

// ---------------------------------------------------------------------------------------------
// Resolution
// ---------------------------------------------------------------------------------------------

function prefixed(prefix: string, steps: readonly ExplainStep[]): ExplainStep[] {
  return steps.map((s) => ({ ...s, text: `${prefix}${s.text}` }));
}

function readAttack(plan: AttackPlan, r: Rolls): TestResult {
  const faces = r.attack ?? [];
  if (plan.edgeDice > 0) return pushTheLimit(faces, r.sixes.flat(), plan.rules.glitch);
  if (r.rerolls) return secondChance(faces, r.rerolls, plan.rules.glitch);
  return evaluateTest(faces, plan.rules.glitch);
}

function trackName(type: DamageType): 'Physical' | 'Stun' {
  return type === 'P' ? 'Physical' : 'Stun';
}

/**
 * The attacker's action and, when the target goes on Full Defense with this roll, its interrupt
 * (seed: it uses the defender's next action).
 */
function spendsOf(plan: AttackPlan): RollSpend[] {
  const interrupts = (plan.targetConditions ?? []).some((c) => c.conditionId === 'full-defense');
  return [attackerAction(plan.attackAction), ...(interrupts ? [targetReaction('full-defense-interrupt')] : [])];
}

export function resolveOf(plan: AttackPlan, rolled: readonly RolledStage[], verb: string): Resolution {
  return { ...resolveRolls(plan, rolled, verb), spends: spendsOf(plan) };
}

function resolveRolls(plan: AttackPlan, rolled: readonly RolledStage[], verb: string): Resolution {
  const r = replay(plan, rolled);
  const missing = neededStage(plan, r);
  if (missing) throw new RulesError('not-allowed', `Roll "${missing.label}" before resolving the attack.`);

  const glitch = plan.rules.glitch;
  const attack = readAttack(plan, r);
  const defence = evaluateTest(r.defence ?? [], glitch);
  const steps: ExplainStep[] = [...plan.attackSteps, ...prefixed('Attack: ', attack.steps), ...plan.defenceSteps];
  if (plan.defenceDice > 0) steps.push(...prefixed('Defence: ', defence.steps));
  const hit = attack.hits > defence.hits;
  const netHits = hit ? attack.hits - defence.hits : 0;
  steps.push(
    step(
      hit
        ? `${plural(attack.hits, 'attack hit', 'attack hits')} against ${plural(defence.hits, 'defence hit', 'defence hits')}: the attack hits with ${plural(netHits, 'net hit', 'net hits')}.`
        : attack.hits === defence.hits
          ? `Both sides score ${plural(attack.hits, 'hit', 'hits')}: ties favour the defender, the attack misses.`
          : `${plural(attack.hits, 'attack hit', 'attack hits')} against ${plural(defence.hits, 'defence hit', 'defence hits')}: the attack misses.`,
      SECTION.resolvingAttack,
    ),
  );

  const targetConditions = plan.targetConditions ?? [];
  const base = {
    workflow: plan.kind,
    weapon: plan.weapon,
    attackDice: plan.attackDice + plan.edgeDice,
    edge: plan.edgeDice > 0 ? 'push-the-limit' : r.rerolls ? 'second-chance' : 'none',
    defenceDice: plan.defenceDice,
    attackHits: attack.hits,
    defenceHits: defence.hits,
    hit,
    netHits,
    attackGlitch: attack.glitch,
    attackCriticalGlitch: attack.criticalGlitch,
    defenceGlitch: defence.glitch,
    defenceCriticalGlitch: defence.criticalGlitch,
  };
  const opening = `${plan.attacker} ${verb} ${plan.target} with ${plan.weapon}: ${attack.hits} vs ${defence.hits}`;
  // One effect on the target: the harm that lands and the conditions the setup imposes.
  const targetEffect = (harm?: Effect['harm']): Effect[] =>
    harm || targetConditions.length
      ? [
          {
            on: { side: 'targets', index: 0 },
            ...(harm ? { harm } : {}),
            ...(targetConditions.length ? { conditions: targetConditions } : {}),
          },
        ]
      : [];

  if (!hit) {
    steps.push(step('A miss deals no damage; there is nothing to resist.', SECTION.resolutionFlow));
    return {
      steps,
      summary: `${opening} → miss`,
      effects: targetEffect(),
      followUps: followUps(plan, r),
      result: { ...base, damage: 0 },
    };
  }

  const modifiedDv = plan.dv + netHits;
  steps.push(...plan.dvSteps);
  steps.push(
    step(
      `Modified DV = ${plan.dv} + ${plural(netHits, 'net hit', 'net hits')} = ${modifiedDv}.`,
      SECTION.resolvingAttack,
    ),
  );

  if (plan.disarmStrength !== null) {
    const disarmed = modifiedDv > plan.disarmStrength;
    steps.push(
      step(
        disarmed
          ? `Disarm: modified DV ${modifiedDv} beats ${plan.target}'s Strength ${plan.disarmStrength}: the held item is knocked away (the GM says whether it is damaged). No damage to ${plan.target}.`
          : `Disarm: modified DV ${modifiedDv} does not beat ${plan.target}'s Strength ${plan.disarmStrength}: ${plan.target} keeps hold. No damage.`,
        SECTION.otherFactors,
        'book',
      ),
    );
    return {
      steps,
      summary: `${opening} → ${disarmed ? 'disarmed' : 'keeps hold'}`,
      effects: targetEffect(),
      followUps: followUps(plan, r),
      result: { ...base, modifiedDv, disarmed, damage: 0 },
    };
  }

  const vehicle = vehicleResister(plan);
  if (vehicle)
    return {
      ...landOnVehicle(plan, vehicle, r, modifiedDv, steps, base, opening, targetConditions),
      followUps: followUps(plan, r),
    };

  const armour = armourAfter(plan);
  if (plan.armourBypassed) {
    steps.push(
      step(
        `The called shot goes past the armour: it counts as 0 for the damage type and the resistance roll.`,
        SECTION.otherFactors,
        'book',
      ),
    );
  } else {
    steps.push(
      step(
        plan.apHalf
          ? `${plan.armourName} ${plan.armour}, halved by AP −half = ${armour}.`
          : `${plan.armourName} ${plan.armour} with AP ${signed(plan.ap)} = ${armour}${plan.armour + plan.ap < 0 ? ' (never below 0)' : ''}.`,
        SECTION.resolvingAttack,
      ),
    );
  }
  const damageType = damageTypeAfterArmor(plan.damageType, modifiedDv, armour, plan.rules.stunWhenEqual);
  if (plan.damageType === 'S') {
    steps.push(step('The weapon deals Stun damage.', SECTION.damage));
  } else {
    const equalRule = plan.rules.stunWhenEqual;
    steps.push(
      step(
        damageType === 'S'
          ? `Modified DV ${modifiedDv} ${equalRule ? 'does not exceed' : 'is below'} armour ${armour}: the Physical damage becomes Stun.`
          : `Modified DV ${modifiedDv} ${equalRule ? 'exceeds' : 'is not below'} armour ${armour}: the damage stays Physical.`,
        SECTION.resolvingAttack,
        equalRule ? 'book' : 'default',
      ),
    );
  }
  const soak = evaluateTest(r.soak ?? [], glitch);
  const boxes = Math.max(0, modifiedDv - soak.hits);
  const track = trackName(damageType);
  steps.push(
    step(
      `${plan.target} resists with Body ${plan.body}${plan.armourBypassed ? '' : ` + armour ${armour}`} = ${plural(soakDice(plan), 'die', 'dice')}.`,
      SECTION.resolvingAttack,
    ),
    ...prefixed('Resistance: ', soak.steps),
    step(
      `Each resistance hit cuts the DV by 1: ${modifiedDv} − ${soak.hits} = ${plural(boxes, `box of ${track} damage`, `boxes of ${track} damage`)}.`,
      SECTION.resolvingAttack,
    ),
  );
  if (boxes > 0) {
    const down = knocksDown(boxes, plan.body);
    steps.push(
      step(
        down
          ? `${plural(boxes, 'box', 'boxes')} ${boxes >= 10 ? 'reach 10' : `exceed Body ${plan.body}`}: ${plan.target} is knocked down when the damage is applied.`
          : `${plural(boxes, 'box', 'boxes')} neither ${boxes === 1 ? 'exceeds' : 'exceed'} Body ${plan.body} nor ${boxes === 1 ? 'reaches' : 'reach'} 10: no knockdown.`,
        SECTION.resolutionFlow,
        'book',
      ),
    );
  } else {
    steps.push(step(`${plan.target} shrugs off the whole attack.`, SECTION.resolvingAttack));
  }
  return {
    steps,
    summary: `${opening} → ${modifiedDv}${damageType}, resisted ${soak.hits} → ${boxes === 0 ? 'no damage' : `${boxes} ${track}`}`,
    effects: targetEffect(boxes > 0 ? { kind: damageType === 'P' ? 'physical' : 'stun', amount: boxes } : undefined),
    followUps: followUps(plan, r),
    result: {
      ...base,
      modifiedDv,
      damageType,
      armourAfterAp: armour,
      resistDice: soakDice(plan),
      resistHits: soak.hits,
      damage: boxes,
      knockdown: boxes > 0 && knocksDown(boxes, plan.body),
    },
  };
}

/**
 * The hit on a vehicle target, as the vehicle weapon lands it (vehicle-engine.ts): Stun does
 * nothing, a DV its Armor stops does nothing, else Body + Armor against Physical damage; a called
 * shot on a component is hit when damage gets through. No knockdown.
 */
function landOnVehicle(
  plan: AttackPlan,
  vehicle: Resister,
  r: Rolls,
  modifiedDv: number,
  steps: ExplainStep[],
  base: Record<string, unknown>,
  opening: string,
  targetConditions: NonNullable<Effect['conditions']>,
): Omit<Resolution, 'followUps'> {
  const landed = land(vehicle, modifiedDv, plan.damageType, r.soak, plan);
  steps.push(...landed.steps);
  const called = componentOutcome(plan.vehicleTarget?.component ?? null, landed.boxes, plan.attacker);
  steps.push(...called.steps);
  const conditions = [...targetConditions, ...called.conditions];
  const harm: Effect['harm'] = landed.boxes > 0 ? { kind: 'physical', amount: landed.boxes } : undefined;
  const rolled = r.soak !== undefined;
  return {
    steps,
    summary: `${opening} → ${modifiedDv}${plan.damageType}, ${rolled ? `resisted ${landed.resistHits} → ` : ''}${landed.boxes === 0 ? 'no damage' : `${landed.boxes} Physical`}`,
    effects:
      harm || conditions.length
        ? [
            {
              on: { side: 'targets', index: 0 },
              ...(harm ? { harm } : {}),
              ...(conditions.length ? { conditions } : {}),
            },
          ]
        : [],
    result: {
      ...base,
      modifiedDv,
      damageType: landed.type,
      armourAfterAp: armourAfter(plan),
      resistDice: rolled ? soakDice(plan) : 0,
      resistHits: landed.resistHits,
      damage: landed.boxes,
      knockdown: false,
      ...(called.conditions.length ? { componentHit: called.conditions[0]!.conditionId } : {}),
    },
  };
}
