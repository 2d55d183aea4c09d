import { RulesError, describe, requireFaces } from '../../../../errors';
import type { DiceStage, RolledStage } from '../../../../system-kit/workflow';
import { plural } from '../../sections';
import { MAX_POOL } from '../../tests';
import { VEHICLE_STAGE, type VehiclePlan, hitOn } from './plan';

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

export function neededStage(plan: VehiclePlan, r: Rolls): DiceStage | null {
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

export function replay(plan: VehiclePlan, rolled: readonly RolledStage[]): Rolls {
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
