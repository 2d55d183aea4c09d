import { RulesError, describe, requireFaces } from '../../../../errors';
import type { DiceStage, FollowUp, RolledStage } from '../../../../system-kit/workflow';
import { SECTION, plural } from '../../sections';
import { MAX_POOL } from '../../tests';
import { hitOn } from '../vehicle-engine';
import { type AttackPlan, STAGE, armourAfter, soakDice, vehicleResister } from './plan';

// ---------------------------------------------------------------------------------------------
// Stages
// ---------------------------------------------------------------------------------------------

export interface Rolls {
  attack?: readonly number[];
  /** The Rule of Six rerolls, one group per round of 6s. */
  readonly sixes: (readonly number[])[];
  defence?: readonly number[];
  soak?: readonly number[];
  /** Second chance: new faces for the attack dice that missed. */
  rerolls?: readonly number[];
}

const countSixes = (faces: readonly number[]) => faces.filter((f) => f === 6).length;
const countHits = (faces: readonly number[]) => faces.filter((f) => f >= 5).length;

function attackHits(r: Rolls): number {
  if (!r.attack) return 0;
  let hits = countHits(r.attack) + r.sixes.reduce((sum, group) => sum + countHits(group), 0);
  if (r.rerolls) hits += countHits(r.rerolls);
  return hits;
}

function isHit(r: Rolls): boolean {
  return attackHits(r) > (r.defence ? countHits(r.defence) : 0);
}

/** A hit that needs a resistance roll: any hit on a person; on a vehicle only one its Armor does not stop. */
function needsSoak(plan: AttackPlan, r: Rolls): boolean {
  if (!isHit(r)) return false;
  const vehicle = vehicleResister(plan);
  if (!vehicle) return true;
  const net = attackHits(r) - (r.defence ? countHits(r.defence) : 0);
  return hitOn(vehicle, plan.dv + net, plan.damageType, plan.rules.stunWhenEqual).roll;
}

function attackStage(plan: AttackPlan): DiceStage {
  const total = plan.attackDice + plan.edgeDice;
  return {
    id: STAGE.attack,
    label: `Attack: ${plural(total, 'die', 'dice')} (${plan.attackLabel})${plan.edgeDice ? '; 6s explode' : ''}`,
    roller: plan.attacker,
    count: total,
    sides: 6,
  };
}

function sixesStage(plan: AttackPlan, round: number, count: number): DiceStage {
  return {
    id: `${STAGE.six}${round}`,
    label: `Rule of Six: roll ${plural(count, 'more die', 'more dice')} for the ${plural(count, 'six', 'sixes')} (hits count, 6s explode again)`,
    roller: plan.attacker,
    count,
    sides: 6,
  };
}

function defenceStage(plan: AttackPlan): DiceStage {
  return {
    id: STAGE.defence,
    label: `Defence: ${plural(plan.defenceDice, 'die', 'dice')} (${plan.defenceLabel})`,
    roller: plan.target,
    count: plan.defenceDice,
    sides: 6,
  };
}

function soakStage(plan: AttackPlan): DiceStage {
  const armour = armourAfter(plan);
  const dice = soakDice(plan);
  return {
    id: STAGE.soak,
    label: plan.armourBypassed
      ? `Damage resistance: ${plural(dice, 'die', 'dice')} (Body ${plan.body}; the called shot bypasses the armour)`
      : `Damage resistance: ${plural(dice, 'die', 'dice')} (Body ${plan.body} + ${plan.armourName} ${armour} after AP)`,
    roller: plan.target,
    count: dice,
    sides: 6,
  };
}

function secondChanceStage(plan: AttackPlan, misses: number): DiceStage {
  return {
    id: STAGE.secondChance,
    label: `Second chance: reroll the ${plural(misses, 'attack die', 'attack dice')} that missed (1 Edge)`,
    roller: plan.attacker,
    count: misses,
    sides: 6,
  };
}

/** The next roll the procedure needs, in table order; null when the result is decided. */
export function neededStage(plan: AttackPlan, r: Rolls): DiceStage | null {
  if (!r.attack) return attackStage(plan);
  if (plan.edgeDice > 0) {
    const last = r.sixes.length ? r.sixes[r.sixes.length - 1]! : r.attack;
    const sixes = countSixes(last);
    if (sixes > 0) return sixesStage(plan, r.sixes.length + 1, sixes);
  }
  if (!r.defence && plan.defenceDice > 0) return defenceStage(plan);
  if (!r.soak && plan.disarmStrength === null && needsSoak(plan, r)) return soakStage(plan);
  return null;
}

export function followUps(plan: AttackPlan, r: Rolls): FollowUp[] {
  if (!plan.secondChance || !r.attack || r.rerolls) return [];
  const misses = r.attack.length - countHits(r.attack);
  if (misses === 0) return [];
  return [
    {
      id: STAGE.secondChance,
      label: 'Edge: second chance',
      description: `${plan.attacker} spends a point of Edge to reroll the ${plural(misses, 'attack die', 'attack dice')} that missed; new hits count and the result is worked out again.`,
      rule: { section: SECTION.combatTurn, source: 'book' },
      stage: secondChanceStage(plan, misses),
    },
  ];
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
  if (group.sides !== 6) {
    throw new RulesError('invalid-face', `${stage.label} is rolled on six-sided dice, not d${describe(group.sides)}.`);
  }
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

/** Replays the rolled stages in order, refusing any that was not asked for or has the wrong dice. */
export function replay(plan: AttackPlan, rolled: readonly RolledStage[]): Rolls {
  if (!Array.isArray(rolled))
    throw new RulesError('invalid-input', `The rolls must be a list, got ${describe(rolled)}.`);
  const r: Rolls = { sixes: [] };
  for (const stage of rolled) {
    const id = typeof stage === 'object' && stage !== null ? stage.stageId : undefined;
    const needed = neededStage(plan, r);
    const offered = needed ? undefined : followUps(plan, r).find((f) => f.id === id)?.stage;
    const expected = needed && needed.id === id ? needed : offered;
    if (!expected) {
      throw new RulesError(
        'not-allowed',
        `The roll ${describe(id)} was not asked for: ${needed ? `the next roll is "${needed.label}"` : 'every roll of this attack is in'}.`,
      );
    }
    const faces = checkFaces(expected, stage);
    if (expected.id === STAGE.attack) r.attack = faces;
    else if (expected.id === STAGE.defence) r.defence = faces;
    else if (expected.id === STAGE.soak) r.soak = faces;
    else if (expected.id === STAGE.secondChance) r.rerolls = faces;
    else r.sixes.push(faces);
  }
  return r;
}

export function nextStageOf(plan: AttackPlan, rolled: readonly RolledStage[]): DiceStage | null {
  return neededStage(plan, replay(plan, rolled));
}
