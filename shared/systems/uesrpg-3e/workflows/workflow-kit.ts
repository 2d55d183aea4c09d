import { RulesError, describe, problemOf, requireFaces } from '../../../errors';
import { RULES } from '../sections';
import { readToggles } from '../toggles';
import type {
  DiceStage,
  FieldDef,
  OddsView,
  ResolveContext,
  RolledStage,
  SetupValue,
  SetupValues,
} from '../../../system-kit/workflow';
import { isDown, isStunned, participantProblems } from './participants';

/**
 * What the spell and grapple workflows share: reading a setup against its fields, the checks on
 * the one actor and one target, and walking the rolled stages against the stage due at each point.
 */

/** The damage die choices of a custom weapon or spell. */
export const DIE_OPTIONS = [4, 6, 8, 10, 12].map((sides) => ({ value: String(sides), label: `d${sides}` }));

/** Cover between attacker and target (seed, Melee combat › Cover). */
export const COVER_FIELD: FieldDef = {
  id: 'cover',
  kind: 'choice',
  label: 'Cover',
  options: [
    { value: 'none', label: 'None' },
    { value: 'penetrable', label: 'Penetrable', hint: 'Roll damage twice, the lower counts.' },
    { value: 'impenetrable', label: 'Impenetrable', hint: 'The target cannot be hit.' },
  ],
  group: 'situation',
  rule: RULES.cover,
};

export function signed(n: number): string {
  return n >= 0 ? `+${n}` : `−${-n}`;
}

/** One setup value checked against its field: a sentence when it does not fit. */
export function fieldProblem(field: FieldDef, value: SetupValue | undefined): string | null {
  if (value === undefined) return `${field.label} is missing.`;
  switch (field.kind) {
    case 'choice':
      return typeof value === 'string' && field.options.some((o) => o.value === value)
        ? null
        : `${field.label} cannot be ${describe(value)}; choose ${field.options.map((o) => o.label).join(', ')}.`;
    case 'number':
      if (typeof value !== 'number' || !Number.isInteger(value)) {
        return `${field.label} must be a whole number, got ${describe(value)}.`;
      }
      return value < field.min || value > field.max
        ? `${field.label} must be between ${field.min} and ${field.max}, got ${value}.`
        : null;
    case 'flag':
      return typeof value === 'boolean' ? null : `${field.label} must be on or off, got ${describe(value)}.`;
  }
}

export interface ReadValues {
  readonly text: (id: string) => string;
  readonly num: (id: string) => number;
  readonly flag: (id: string) => boolean;
}

/** The setup read against the fields (a missing value takes its default), or the values that do not fit. */
export function readFields(
  fields: readonly FieldDef[],
  defaults: SetupValues,
  setup: SetupValues,
): { values: ReadValues | null; problems: string[] } {
  if (typeof setup !== 'object' || setup === null || Array.isArray(setup)) {
    return { values: null, problems: [`The setup must be a set of field values, got ${describe(setup)}.`] };
  }
  const values: Record<string, SetupValue> = {};
  const problems: string[] = [];
  for (const field of fields) {
    const value = setup[field.id] ?? defaults[field.id];
    const problem = fieldProblem(field, value);
    if (problem) problems.push(problem);
    else values[field.id] = value!;
  }
  if (problems.length > 0) return { values: null, problems };
  return {
    problems,
    values: {
      text: (id) => values[id] as string,
      num: (id) => values[id] as number,
      flag: (id) => values[id] as boolean,
    },
  };
}

/** How the checks name the two sides: "casts", "the target of the spell". */
export interface RoleWords {
  readonly actor: string;
  readonly target: string;
  /** "cast a spell", "grapple". */
  readonly act: string;
}

/** One able actor and one target, both with sound stat blocks, and sound toggles. */
export function oneOnOneProblems(context: ResolveContext, words: RoleWords): string[] {
  if (typeof context !== 'object' || context === null) return [`The roll needs ${words.actor} and ${words.target}.`];
  const actors = Array.isArray(context.attackers) ? context.attackers : [];
  const targets = Array.isArray(context.targets) ? context.targets : [];
  const problems: string[] = [];
  if (actors.length === 0) problems.push(`Choose ${words.actor}.`);
  else if (actors.length > 1) problems.push(`Choose just one as ${words.actor}.`);
  if (targets.length === 0) problems.push(`Choose ${words.target}.`);
  else if (targets.length > 1) problems.push(`Choose just one as ${words.target}.`);
  const actor = actors[0];
  const target = targets[0];
  if (actor?.removed === true) problems.push(`${actor.name} has left the encounter and cannot ${words.act}.`);
  if (target?.removed === true) problems.push(`${target.name} has left the encounter.`);
  if (actor && target && actor.combatantId !== undefined && actor.combatantId === target.combatantId) {
    problems.push(`${actor.name} cannot ${words.act} against themselves.`);
  }
  if (actor) problems.push(...participantProblems(actor));
  if (target) problems.push(...participantProblems(target));
  const toggles = problemOf(() => readToggles(context.toggles));
  if (toggles) problems.push(toggles);
  if (problems.length > 0) return problems;
  if (actor && isDown(actor)) problems.push(`${actor.name} is down (HP 0 or less) and cannot ${words.act}.`);
  else if (actor && isStunned(actor)) {
    problems.push(`${actor.name} is stunned (head wound) and can take no actions this round.`);
  }
  return problems;
}

export type Faces = ReadonlyMap<string, readonly number[]>;

/** The faces of one rolled stage, checked against the stage asked for (its dice, their sides, where they came from). */
export function checkRolled(stage: DiceStage, rolled: RolledStage): number[] {
  if (!Array.isArray(rolled.groups) || rolled.groups.length !== 1 + (stage.extra?.length ?? 0)) {
    throw new RulesError(
      'invalid-input',
      `The ${stage.id} roll is one group of dice (${stage.count}d${stage.sides}), got ${Array.isArray(rolled.groups) ? rolled.groups.length : describe(rolled.groups)}.`,
    );
  }
  const group = rolled.groups[0]!;
  if (group.sides !== stage.sides) {
    throw new RulesError(
      'invalid-face',
      `The ${stage.id} roll is rolled on d${stage.sides}, but the faces given are for a d${describe(group.sides)}.`,
    );
  }
  if (!Array.isArray(group.faces) || group.faces.length !== stage.count) {
    throw new RulesError(
      'invalid-input',
      `The ${stage.id} roll needs ${stage.count} ${stage.count === 1 ? 'die' : 'dice'} (${stage.count}d${stage.sides}), got ${Array.isArray(group.faces) ? group.faces.length : describe(group.faces)}.`,
    );
  }
  if (typeof rolled.source !== 'string') {
    throw new RulesError('invalid-input', `The ${stage.id} roll must say where its dice came from.`);
  }
  return requireFaces(`The ${stage.id} roll`, group.faces, stage.sides);
}

/** Checks every rolled stage against the stage due at that point; returns the faces and the stage due next. */
export function walkStages(
  stageAfter: (faces: Faces) => DiceStage | null,
  rolled: readonly RolledStage[],
): { faces: Faces; next: DiceStage | null } {
  if (!Array.isArray(rolled)) {
    throw new RulesError('invalid-input', `The rolled stages must be a list, got ${describe(rolled)}.`);
  }
  const faces = new Map<string, readonly number[]>();
  for (const stage of rolled) {
    if (typeof stage !== 'object' || stage === null) {
      throw new RulesError('invalid-input', `A rolled stage must be an object, got ${describe(stage)}.`);
    }
    const due = stageAfter(faces);
    if (due === null) {
      throw new RulesError(
        'not-allowed',
        `No more dice are needed for this roll: ${describe(stage.stageId)} was not asked for.`,
      );
    }
    if (stage.stageId !== due.id) {
      throw new RulesError(
        'not-allowed',
        `The roll due now is "${due.label}"; ${describe(stage.stageId)} was not asked for.`,
      );
    }
    faces.set(due.id, checkRolled(due, stage));
  }
  return { faces, next: stageAfter(faces) };
}

/** A small cache by content (the panel may edit one setup object in place, so identity is not enough). */
export function contentCache<T>(size = 64) {
  const entries = new Map<string, T>();
  return (key: unknown, compute: () => T): T => {
    let text: string | null;
    try {
      text = JSON.stringify(key);
    } catch {
      text = null;
    }
    if (text === null || text === undefined) return compute();
    const known = entries.get(text);
    if (known !== undefined) return known;
    const value = compute();
    if (entries.size >= size) entries.delete(entries.keys().next().value!);
    entries.set(text, value);
    return value;
  };
}

/** A setup checked once: its problems, or what the stages, the odds and the resolution share. */
export interface Checked<P> {
  readonly problems: readonly string[];
  readonly prepared: P | null;
}

/** What a check depends on, for contentCache: the setup, the participants (sheets included) and the toggles. */
export function checkKey(setup: SetupValues, context: ResolveContext): unknown {
  return typeof context === 'object' && context !== null
    ? [setup, context.attackers, context.targets, context.toggles]
    : null;
}

/** The odds of a checked setup, worked out once per prepared roll; a sentence saying what to fix first otherwise. */
export function oddsOnce<P extends object>(
  cache: WeakMap<P, OddsView>,
  entry: Checked<P>,
  compute: (prepared: P) => OddsView,
): OddsView {
  if (entry.prepared === null) return { figures: [], note: `No odds until this is fixed: ${entry.problems[0]}` };
  let odds = cache.get(entry.prepared);
  if (odds === undefined) {
    odds = compute(entry.prepared);
    cache.set(entry.prepared, odds);
  }
  return odds;
}

/** The prepared roll, or the first problem thrown with all of them. */
export function preparedOrThrow<P>(entry: Checked<P>): P {
  if (entry.prepared === null) {
    throw new RulesError('not-allowed', entry.problems[0]!, { problems: [...entry.problems] });
  }
  return entry.prepared;
}
