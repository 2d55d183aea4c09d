import type { ConditionInit } from '../../../../system-kit/tracker-rules';
import { RulesError } from '../../../../errors';
import type { Effect, Resolution, RollSpend, RolledStage } from '../../../../system-kit/workflow';
import { attackerAction } from '../../../../system-kit/spends';
import type { ExplainStep } from '../../../../system-kit/rule-system';
import type { DamageType } from '../../combat';
import { plural, SECTION, signed, step } from '../../sections';
import { evaluateTest } from '../../tests';
import type { ShadowrunRules } from '../../toggles';
import { type ComponentShot, type Resister, type VehiclePlan, hitOn } from './plan';
import { neededStage, replay } from './stages';

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
