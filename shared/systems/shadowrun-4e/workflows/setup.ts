import type { FieldDef, Participant, ResolveContext, SetupValue, SetupValues } from '../../../system-kit/workflow';
import { describe, problemOf, requireInteger } from '../../../errors';
import { fieldValueProblem } from '../../../system-kit/field-value';
import { rule, SECTION, step } from '../sections';
import { shadowrunAttributes } from '../attributes';
import { conditionAfterDamage, MAX_BOXES, type ConditionState } from '../health';
import { DEFAULT_RULES, resolveRules, type ShadowrunRules } from '../toggles';
import { isSurprisedBy, surprisedAttackerProblem } from './surprise-check';
import type { ExplainStep } from '../../../system-kit/rule-system';

/**
 * Reading the panel's setup and the participants: every bad value becomes a sentence in
 * `problems` (the panel shows them; nextStage and resolve refuse with the first), and a usable
 * fallback is read in its place so the rest of the form can still be checked.
 */

/** Skills are not part of the SR4 stat block, so the skill fields start at a professional's rating. */
export const DEFAULT_SKILL = 3;

export interface SetupReader {
  readonly problems: readonly string[];
  number(id: string): number;
  choice<T extends string>(id: string): T;
  flag(id: string): boolean;
}

function fallback(field: FieldDef, defaults: SetupValues): SetupValue {
  const value = defaults[field.id];
  if (value !== undefined) return value;
  if (field.kind === 'choice') return field.options[0]?.value ?? '';
  if (field.kind === 'number') return field.min;
  return false;
}

/** Validates every field of the form (missing values take their defaults); unknown keys are ignored. */
export function readSetup(fields: readonly FieldDef[], defaults: SetupValues, setup: SetupValues): SetupReader {
  const problems: string[] = [];
  const values = new Map<string, SetupValue>();
  if (typeof setup !== 'object' || setup === null) {
    problems.push(`The setup must be a set of named values, got ${describe(setup)}.`);
    setup = {};
  }
  for (const field of fields) {
    const given = setup[field.id];
    const value = given === undefined ? fallback(field, defaults) : given;
    const problem = fieldValueProblem(field, value);
    if (problem) problems.push(problem);
    values.set(field.id, problem ? fallback(field, defaults) : value);
  }
  const get = (id: string): SetupValue => {
    const value = values.get(id);
    // A programming error, not a GM's: every id read must be a field of the workflow.
    if (value === undefined) throw new Error(`No field "${id}" in this workflow.`);
    return value;
  };
  return {
    problems,
    number: (id) => get(id) as number,
    choice: <T extends string>(id: string) => get(id) as T,
    flag: (id) => get(id) as boolean,
  };
}

type AttributeId =
  | 'body'
  | 'agility'
  | 'reaction'
  | 'strength'
  | 'charisma'
  | 'intuition'
  | 'logic'
  | 'willpower'
  | 'edge'
  | 'passes'
  | 'ballistic'
  | 'impact';

/** A participant as the attack needs it: stats with their defaults, health and wound modifier. */
export interface Fighter {
  readonly name: string;
  readonly stats: Readonly<Record<AttributeId, number>>;
  readonly physical: number;
  readonly stun: number;
  readonly state: ConditionState;
  readonly woundModifier: number;
  readonly conditionIds: readonly string[];
  /** Surprised by this attacker in the first Initiative Pass: cannot react to the attack (set by readSides). */
  readonly surprisedBy?: string;
}

const STATE_WORDS: Readonly<Record<ConditionState, string>> = {
  ok: 'up',
  unconscious: 'unconscious',
  dying: 'dying',
  dead: 'dead',
};

export function stateWord(state: ConditionState): string {
  return STATE_WORDS[state];
}

export function readFighter(participant: Participant, rules: ShadowrunRules, problems: string[]): Fighter | null {
  const name = typeof participant.name === 'string' && participant.name !== '' ? participant.name : 'Someone';
  const before = problems.length;
  const raw = typeof participant.stats === 'object' && participant.stats !== null ? participant.stats : {};
  const stats = {} as Record<AttributeId, number>;
  for (const attribute of shadowrunAttributes) {
    const value = raw[attribute.id] ?? attribute.defaultValue;
    const problem = problemOf(() =>
      requireInteger(`${name}'s ${attribute.label}`, value, attribute.min, attribute.max),
    );
    if (problem) problems.push(problem);
    stats[attribute.id as AttributeId] = problem ? attribute.defaultValue : (value as number);
  }
  const health: Readonly<Record<string, unknown>> = participant.health ?? { physical: 0, stun: 0 };
  const physical = problemOf(() => requireInteger(`${name}'s Physical boxes`, health.physical, 0, MAX_BOXES));
  const stun = problemOf(() => requireInteger(`${name}'s Stun boxes`, health.stun, 0, MAX_BOXES));
  if (physical) problems.push(physical);
  if (stun) problems.push(stun);
  if (problems.length > before) return null;
  const condition = conditionAfterDamage(
    {
      body: stats.body,
      willpower: stats.willpower,
      physical: health.physical as number,
      stun: health.stun as number,
    },
    rules.stunOverflow,
  );
  return {
    name,
    stats,
    physical: condition.physical,
    stun: condition.stun,
    state: condition.state,
    woundModifier: condition.woundModifier,
    conditionIds: Array.isArray(participant.conditionIds) ? participant.conditionIds : [],
  };
}

export interface Sides {
  readonly rules: ShadowrunRules;
  readonly attacker: Fighter | null;
  readonly target: Fighter | null;
  readonly problems: readonly string[];
}

/**
 * The toggles, the one attacker and the one target, with everything that forbids the attack:
 * nobody chosen, someone who left the encounter, an attacker who is down or held, self-attack.
 */
export function readSides(context: ResolveContext): Sides {
  const problems: string[] = [];
  let rules = DEFAULT_RULES;
  const toggleProblem = problemOf(() => {
    rules = resolveRules(context.toggles);
  });
  if (toggleProblem) problems.push(toggleProblem);

  const attackers = Array.isArray(context.attackers) ? context.attackers : [];
  const targets = Array.isArray(context.targets) ? context.targets : [];
  if (attackers.length === 0) problems.push('Choose who attacks.');
  if (attackers.length > 1) problems.push('Only one attacker makes this attack; choose one.');
  if (targets.length === 0) problems.push('Choose the target.');
  if (targets.length > 1)
    problems.push(
      'This attack has one target; choose one (multiple targets are −2 dice per extra target, rolled one by one).',
    );

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

  const surprised = surprisedAttackerProblem(attackerIn, targetIn, context.turn);
  if (surprised) problems.push(surprised);

  const attacker = attackerIn ? readFighter(attackerIn, rules, problems) : null;
  const read = targetIn ? readFighter(targetIn, rules, problems) : null;
  const target =
    read && attackerIn && targetIn && isSurprisedBy(targetIn, attackerIn, context.turn)
      ? { ...read, surprisedBy: attacker?.name ?? attackerIn.name }
      : read;
  if (attacker && !attackerIn?.removed) {
    if (attacker.state !== 'ok') problems.push(`${attacker.name} is ${stateWord(attacker.state)} and cannot attack.`);
    else if (attacker.conditionIds.includes('paralysed'))
      problems.push(`${attacker.name} is paralysed and cannot attack.`);
  }
  return { rules, attacker, target, problems };
}

/**
 * A target who is down or paralysed cannot defend (book: no defence test against the attack), nor
 * one surprised by the attacker in the first Initiative Pass (book: no reacting to a surpriser).
 */
export function canDefend(target: Fighter): boolean {
  return target.state === 'ok' && !target.conditionIds.includes('paralysed') && target.surprisedBy === undefined;
}

/** Why the target cannot defend: "is surprised by Ghost", "is paralysed", "is unconscious". */
export function noDefenceReason(target: Fighter): string {
  if (target.state !== 'ok') return `is ${stateWord(target.state)}`;
  return target.surprisedBy !== undefined ? `is surprised by ${target.surprisedBy}` : 'is paralysed';
}

/** The explanation of the missing defence roll, with the rule that takes it away. */
export function noDefenceStep(target: Fighter): ExplainStep {
  return target.state === 'ok' && target.surprisedBy !== undefined
    ? step(
        `${target.name} is surprised by ${target.surprisedBy} and cannot react to their attack in the first Initiative Pass: no defence roll.`,
        SECTION.otherFactors,
        'book',
      )
    : step(
        `${target.name} ${noDefenceReason(target)} and cannot defend: no defence roll.`,
        SECTION.resolvingAttack,
        'book',
      );
}

/** The last fields of both attack workflows: Edge before the roll and the GM's own modifier. */
export const EXTRA_ATTACK_FIELDS: readonly FieldDef[] = [
  {
    id: 'pushTheLimit',
    kind: 'flag',
    label: 'Edge before the roll',
    help: "Adds the attacker's Edge in dice; every 6 explodes (Rule of Six).",
    group: 'extra',
    rule: rule(SECTION.combatTurn, 'book'),
  },
  {
    id: 'otherModifier',
    kind: 'number',
    label: 'Other attack modifier',
    help: 'Anything else the GM rules, in dice.',
    group: 'extra',
    rule: rule(SECTION.resolvingAttack, 'default'),
    min: -20,
    max: 20,
  },
];
