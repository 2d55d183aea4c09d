import type { Participant, ResolveContext } from '../../../system-kit/workflow';
import { problemOf, requireInteger, RulesError } from '../../../errors';
import { shadowrunAttributes } from '../attributes';
import { conditionAfterDamage, MAX_BOXES, type ConditionState } from '../health';
import { MAX_SKILL } from '../skills';
import { DEFAULT_RULES, resolveRules, type ShadowrunRules } from '../toggles';
import { isVehicle, readVehicle, vehicleCondition, type VehicleStats } from '../vehicles';
import { DEFAULT_SKILL } from './setup';

/**
 * The one attacker and one target of a vehicle roll, person or vehicle, read with every problem
 * as a sentence. A person keeps their attributes, armour, wounds and sheet skills; a vehicle its
 * Body, Armor, Handling, Pilot, Sensor, Response and Speed, and no wound modifier (book).
 */

export interface Side {
  readonly name: string;
  /** The vehicle's numbers, or null for a person. */
  readonly vehicle: VehicleStats | null;
  readonly body: number;
  readonly agility: number;
  readonly reaction: number;
  readonly ballistic: number;
  readonly impact: number;
  /** The sheet's skill ratings by id (absent: not on the sheet). */
  readonly skills: Readonly<Record<string, number>>;
  readonly physical: number;
  readonly stun: number;
  /** A vehicle's full monitor reads 'dead' (destroyed). */
  readonly state: ConditionState;
  readonly woundModifier: number;
  readonly conditionIds: readonly string[];
}

/** The skills these rolls read from a sheet. */
const SKILL_IDS = ['gunnery', 'dodge', 'pilotGroundCraft', 'pilotAircraft', 'pilotWatercraft'] as const;
export type VehicleSkillId = (typeof SKILL_IDS)[number];

/** A sheet's skill, or DEFAULT_SKILL when the sheet has no such stat (blocks made before sheets had skills). */
export function skillOf(side: Side, id: VehicleSkillId): { value: number; fromSheet: boolean } {
  const value = side.skills[id];
  return value === undefined ? { value: DEFAULT_SKILL, fromSheet: false } : { value, fromSheet: true };
}

/** The best of the three Pilot skills on a sheet: the craft a driver most likely drives. */
export function vehicleSkillOf(side: Side): { value: number; fromSheet: boolean; name: string } {
  const named = [
    ['pilotGroundCraft', 'Pilot Ground Craft'],
    ['pilotAircraft', 'Pilot Aircraft'],
    ['pilotWatercraft', 'Pilot Watercraft'],
  ] as const;
  let best: { value: number; fromSheet: boolean; name: string } | null = null;
  for (const [id, name] of named) {
    const value = side.skills[id];
    if (value !== undefined && (best === null || value > best.value)) best = { value, fromSheet: true, name };
  }
  return best ?? { value: DEFAULT_SKILL, fromSheet: false, name: 'vehicle skill' };
}

const WORDS: Readonly<Record<ConditionState, string>> = {
  ok: 'up',
  unconscious: 'unconscious',
  dying: 'dying',
  dead: 'dead',
};

/** "destroyed" for a vehicle, the person's state otherwise. */
export function downWord(side: Side): string {
  return side.vehicle && side.state === 'dead' ? 'destroyed' : WORDS[side.state];
}

/** The vehicle's numbers, or null with the problem noted when one is out of range. */
function readVehicleOrProblem(raw: Participant['stats'], name: string, problems: string[]): VehicleStats | null {
  try {
    return readVehicle(raw, name);
  } catch (error) {
    if (!(error instanceof RulesError)) throw error;
    problems.push(error.message);
    return null;
  }
}

function readSide(participant: Participant, rules: ShadowrunRules, problems: string[]): Side | null {
  const name = typeof participant.name === 'string' && participant.name !== '' ? participant.name : 'Someone';
  const before = problems.length;
  const raw = typeof participant.stats === 'object' && participant.stats !== null ? participant.stats : {};
  const attribute = (id: string): number => {
    const def = shadowrunAttributes.find((a) => a.id === id)!;
    const value = raw[id] ?? def.defaultValue;
    const problem = problemOf(() => requireInteger(`${name}'s ${def.label}`, value, def.min, def.max));
    if (problem) problems.push(problem);
    return problem ? def.defaultValue : (value as number);
  };
  const body = attribute('body');
  const willpower = attribute('willpower');
  const vehicle = isVehicle(raw) ? readVehicleOrProblem(raw, name, problems) : null;
  const skills: Record<string, number> = {};
  // Skills are a person's only (their fields apply while "Vehicle or drone" is off): a vehicle's
  // block holds them at 0 when the stat editor wrote it, and a drone aims with its Pilot instead.
  for (const id of SKILL_IDS) {
    if (raw[id] === undefined || isVehicle(raw)) continue;
    const problem = problemOf(() => requireInteger(`${name}'s ${id} rating`, raw[id], 0, MAX_SKILL));
    if (problem) problems.push(problem);
    else skills[id] = raw[id] as number;
  }
  const health: Readonly<Record<string, unknown>> = participant.health ?? { physical: 0, stun: 0 };
  const physicalProblem = problemOf(() => requireInteger(`${name}'s Physical boxes`, health.physical, 0, MAX_BOXES));
  const stunProblem = problemOf(() => requireInteger(`${name}'s Stun boxes`, health.stun, 0, MAX_BOXES));
  if (physicalProblem) problems.push(physicalProblem);
  if (stunProblem) problems.push(stunProblem);
  if (problems.length > before) return null;
  const condition = vehicle
    ? vehicleCondition(body, health.physical as number)
    : conditionAfterDamage(
        { body, willpower, physical: health.physical as number, stun: health.stun as number },
        rules.stunOverflow,
      );
  return {
    name,
    vehicle,
    body,
    agility: attribute('agility'),
    reaction: attribute('reaction'),
    ballistic: attribute('ballistic'),
    impact: attribute('impact'),
    skills,
    physical: condition.physical,
    stun: condition.stun,
    state: condition.state,
    woundModifier: condition.woundModifier,
    conditionIds: Array.isArray(participant.conditionIds) ? participant.conditionIds : [],
  };
}

export interface VehicleSides {
  readonly rules: ShadowrunRules;
  readonly attacker: Side | null;
  readonly target: Side | null;
  readonly problems: readonly string[];
}

/** The toggles, the attacker and the target, with what forbids the roll (nobody chosen, left, down, self). */
export function readVehicleSides(context: ResolveContext): VehicleSides {
  const problems: string[] = [];
  let rules = DEFAULT_RULES;
  const toggleProblem = problemOf(() => {
    rules = resolveRules(context.toggles);
  });
  if (toggleProblem) problems.push(toggleProblem);
  const attackers = Array.isArray(context.attackers) ? context.attackers : [];
  const targets = Array.isArray(context.targets) ? context.targets : [];
  if (attackers.length !== 1)
    problems.push(attackers.length ? 'Only one attacker makes this roll; choose one.' : 'Choose who attacks.');
  if (targets.length !== 1)
    problems.push(targets.length ? 'This roll has one target; choose one.' : 'Choose the target.');
  const attackerIn = attackers.length === 1 ? attackers[0] : undefined;
  const targetIn = targets.length === 1 ? targets[0] : undefined;
  if (attackerIn?.removed) problems.push(`${attackerIn.name} has left the encounter and cannot attack.`);
  if (targetIn?.removed) problems.push(`${targetIn.name} has left the encounter and cannot be attacked.`);
  if (
    attackerIn &&
    targetIn &&
    attackerIn.combatantId !== undefined &&
    attackerIn.combatantId === targetIn.combatantId
  ) {
    problems.push(`${attackerIn.name} cannot attack themself; choose another target.`);
  }
  const attacker = attackerIn ? readSide(attackerIn, rules, problems) : null;
  const target = targetIn ? readSide(targetIn, rules, problems) : null;
  if (attacker && attacker.state !== 'ok')
    problems.push(`${attacker.name} is ${downWord(attacker)} and cannot attack.`);
  else if (attacker?.conditionIds.includes('paralysed'))
    problems.push(`${attacker.name} is paralysed and cannot attack.`);
  if (target?.vehicle && target.state === 'dead') problems.push(`${target.name} is already destroyed.`);
  return { rules, attacker, target, problems };
}

/** Up, and not held by a condition that stops every action: it can dodge or swerve. */
export function canDefend(side: Side): boolean {
  return side.state === 'ok' && !side.conditionIds.includes('paralysed');
}
