import { RulesError, describe } from '../../../errors';
import type { DiceStage, FollowUp, RolledStage } from '../../../system-kit/workflow';

/**
 * A resolution as a small state machine: the dice it still needs (`needed`), the follow-ups it
 * allows once nothing is needed (`offers`), and how each rolled stage moves it on (`apply`).
 * `walk` replays the rolled stages in order, refusing any stage that was not asked for at its
 * point and any faces that do not fit the stage, so nothing is ever half-applied.
 */
export interface StageMachine<S> {
  readonly initial: S;
  needed(state: S): DiceStage | null;
  offers(state: S): readonly FollowUp[];
  /** `groups` are the faces group by group, already checked against `stage`. */
  apply(state: S, stage: DiceStage, groups: readonly (readonly number[])[]): S;
}

export interface Walked<S> {
  readonly state: S;
  readonly pending: DiceStage | null;
}

/**
 * States reached after each rolled stage, keyed by the stage object: the panel (and a replay)
 * appends to the same list, so each walk only replays the stages it has not seen. An entry is
 * reused only for the same plan and the same stage before it.
 */
const reached = new WeakMap<
  RolledStage,
  { readonly plan: object; readonly prev: RolledStage | null; readonly state: unknown }
>();

export function walk<S>(machine: StageMachine<S>, rolled: readonly RolledStage[], plan?: object): Walked<S> {
  if (!Array.isArray(rolled)) {
    throw new RulesError('invalid-input', `The rolled stages must be a list, got ${describe(rolled)}.`);
  }
  let state = machine.initial;
  let start = 0;
  if (plan) {
    // The longest prefix already walked for this plan, if its chain of stages is unchanged.
    let known = 0;
    for (let i = 0; i < rolled.length; i++) {
      const r = rolled[i]!;
      const entry = typeof r === 'object' && r !== null ? reached.get(r) : undefined;
      if (!entry || entry.plan !== plan || entry.prev !== (i === 0 ? null : rolled[i - 1])) break;
      known = i + 1;
    }
    if (known > 0) {
      state = reached.get(rolled[known - 1]!)!.state as S;
      start = known;
    }
  }
  for (let i = start; i < rolled.length; i++) {
    const r = rolled[i]!;
    if (typeof r !== 'object' || r === null || typeof r.stageId !== 'string') {
      throw new RulesError('invalid-input', `Each rolled stage needs a stage id, got ${describe(r)}.`);
    }
    const pending = machine.needed(state);
    let stage: DiceStage | undefined;
    if (pending) {
      if (r.stageId !== pending.id) {
        throw new RulesError(
          'not-allowed',
          `The roll "${r.stageId}" was not asked for: the next roll is "${pending.id}" (${pending.label}).`,
          { expected: pending.id, got: r.stageId },
        );
      }
      stage = pending;
    } else {
      const offers = machine.offers(state);
      stage = offers.find((f) => f.id === r.stageId)?.stage;
      if (!stage) {
        const allowed = offers.map((f) => `"${f.id}"`).join(', ');
        throw new RulesError(
          'not-allowed',
          `The roll "${r.stageId}" was not asked for: every roll is in${allowed ? `, and the follow-ups allowed now are ${allowed}` : ' and no follow-up is allowed now'}.`,
          { got: r.stageId },
        );
      }
    }
    state = machine.apply(state, stage, checkFaces(stage, r));
    if (plan) reached.set(r, { plan, prev: i === 0 ? null : rolled[i - 1]!, state });
  }
  return { state, pending: machine.needed(state) };
}

/** The faces of one rolled stage, checked group by group against what the stage asked for. */
export function checkFaces(stage: DiceStage, rolled: RolledStage): number[][] {
  const expected = [
    { id: null as string | null, label: 'main', count: stage.count, sides: stage.sides },
    ...(stage.extra ?? []).map((e) => ({ id: e.id as string | null, label: e.label, count: e.count, sides: e.sides })),
  ];
  const groups = rolled.groups;
  if (!Array.isArray(groups) || groups.length !== expected.length) {
    throw new RulesError(
      'invalid-input',
      `${stage.label}: expected ${expected.length === 1 ? 'one group of dice' : `${expected.length} groups of dice (${expected.map((e) => e.label).join(', ')})`}, got ${Array.isArray(groups) ? groups.length : describe(groups)}.`,
    );
  }
  return expected.map((e, i) => {
    const g = groups[i]!;
    const what = e.id === null ? stage.label : `${stage.label} — ${e.label}`;
    if (typeof g !== 'object' || g === null || !Array.isArray(g.faces)) {
      throw new RulesError('invalid-input', `${what}: the faces are missing.`);
    }
    if (e.id !== null && g.id !== e.id) {
      throw new RulesError('invalid-input', `${what}: expected the group "${e.id}", got ${describe(g.id)}.`);
    }
    if (g.sides !== e.sides) {
      throw new RulesError('invalid-face', `${what}: these are d${e.sides}, not ${describe(g.sides)}-sided dice.`);
    }
    if (g.faces.length !== e.count) {
      throw new RulesError(
        'invalid-input',
        `${what}: ${e.count === 1 ? 'one die' : `${e.count} dice`} to roll, but ${g.faces.length} ${g.faces.length === 1 ? 'face was' : 'faces were'} given.`,
      );
    }
    (g.faces as readonly unknown[]).forEach((face: unknown, j: number) => {
      if (typeof face !== 'number' || !Number.isInteger(face) || face < 1 || face > e.sides) {
        throw new RulesError(
          'invalid-face',
          `${what}: die ${j + 1} shows ${describe(face)}, which is not a face of a d${e.sides} (1–${e.sides}).`,
        );
      }
    });
    return [...(g.faces as readonly number[])];
  });
}

/** One D6 stage: the main group and, when there are any, the gear dice as a second group. */
export function d6Stage(
  id: string,
  label: string,
  roller: string,
  base: number,
  gear = 0,
  gearLabel = 'Gear dice',
): DiceStage {
  return gear > 0
    ? { id, label, roller, count: base, sides: 6, extra: [{ id: 'gear', label: gearLabel, count: gear, sides: 6 }] }
    : { id, label, roller, count: base, sides: 6 };
}
