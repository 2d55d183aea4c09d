// Dice stages: the rolled faces checked against the stages the procedure asks for, in order.
import { RulesError, describe, requireFaces } from '../../../errors';
import type { DiceStage, RolledStage } from '../../../system-kit/workflow';

/**
 * Checks the rolled stages against the ones the procedure asks for, in order, and returns the
 * faces of each (main group first, then extras). Every refusal is a RulesError sentence.
 */
export function readRolled(expected: readonly DiceStage[], rolled: readonly RolledStage[]): number[][][] {
  if (!Array.isArray(rolled)) {
    throw new RulesError('invalid-input', `The rolled dice must be a list of stages, got ${describe(rolled)}.`);
  }
  return rolled.map((r, k) => {
    const stageId: unknown = r?.stageId;
    const stage = expected[k];
    if (stage === undefined || stageId !== stage.id) {
      const known = expected.find((s) => s.id === stageId);
      if (!known) {
        throw new RulesError(
          'not-allowed',
          expected.length === 0
            ? `No dice are rolled for this setup, so "${String(stageId)}" was not asked for.`
            : `The roll "${String(stageId)}" was not asked for here.`,
          { stageId },
        );
      }
      if (rolled.findIndex((o) => o?.stageId === stageId) < k) {
        throw new RulesError('not-allowed', `${known.label}: these dice were already rolled.`, { stageId });
      }
      throw new RulesError('not-allowed', `${known.label} was not asked for yet: roll ${stage!.label} first.`, {
        stageId,
      });
    }
    if (typeof r.source !== 'string') {
      throw new RulesError('invalid-input', `${stage.label}: the dice need a source (app dice or physical).`);
    }
    const wanted = [
      { id: undefined as string | undefined, label: stage.label, count: stage.count, sides: stage.sides },
      ...(stage.extra ?? []).map((e) => ({
        id: e.id as string | undefined,
        label: e.label,
        count: e.count,
        sides: e.sides,
      })),
    ];
    if (!Array.isArray(r.groups) || r.groups.length !== wanted.length) {
      throw new RulesError(
        'invalid-input',
        `${stage.label}: expected ${wanted.length === 1 ? 'one group of dice' : `${wanted.length} groups of dice`}, got ${Array.isArray(r.groups) ? r.groups.length : describe(r.groups)}.`,
      );
    }
    return wanted.map((w, g) => {
      const group = r.groups[g]!;
      if (w.id !== undefined && group?.id !== w.id) {
        throw new RulesError('invalid-input', `${stage.label}: group ${g + 1} should be "${w.label}".`);
      }
      if (group?.sides !== w.sides) {
        throw new RulesError(
          'invalid-face',
          `${w.label}: these are d${w.sides} faces, but the dice were given as ${typeof group?.sides === 'number' ? `d${group.sides}` : describe(group?.sides)}.`,
        );
      }
      if (Array.isArray(group.faces) && group.faces.length !== w.count) {
        const got = group.faces.length;
        throw new RulesError(
          'invalid-input',
          `${w.label}: roll ${w.count === 1 ? `one d${w.sides}` : `${w.count} d${w.sides}`}, got ${got} ${got === 1 ? 'face' : 'faces'}.`,
        );
      }
      return [...requireFaces(w.label, group.faces, w.sides)];
    });
  });
}

export function nextOf(expected: readonly DiceStage[], rolled: readonly RolledStage[]): DiceStage | null {
  readRolled(expected, rolled);
  return expected[rolled.length] ?? null;
}

/** resolve needs every stage; name the first one still to roll. */
export function requireAllRolled(expected: readonly DiceStage[], rolled: readonly RolledStage[]): number[][][] {
  const faces = readRolled(expected, rolled);
  const missing = expected[faces.length];
  if (missing) throw new RulesError('not-allowed', `Roll ${missing.label} first.`, { stageId: missing.id });
  return faces;
}

export function refuseOnProblems(problems: readonly string[]): void {
  if (problems.length > 0) throw new RulesError('not-allowed', problems[0]!, { problems });
}
