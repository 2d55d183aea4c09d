import { RulesError, requireFaces, requireInteger } from '../errors';
import { rollDice, type RandomSource } from './random';

/** One group of identical dice in a roll: "4d6" → { sides: 6, faces: [..4 faces] }. */
export interface DiceGroup {
  readonly sides: number;
  readonly faces: readonly number[];
  /** What this group is for within a procedure ("attack", "armour", "gear"). */
  readonly label?: string;
}

/**
 * Every roll in GM Screen is recorded with every die face, who rolled, when and why,
 * and where the faces came from (software dice or physical dice typed in).
 */
export interface RollRecord {
  readonly id: string;
  readonly at: string;
  readonly roller: string;
  readonly reason: string;
  /** "crypto", "seeded:<seed>" or "physical". */
  readonly source: string;
  readonly groups: readonly DiceGroup[];
}

export const MAX_DICE_PER_ROLL = 1000;
export const MAX_SIDES = 1000;

export interface RollRequest {
  readonly count: number;
  readonly sides: number;
  readonly label?: string;
}

export interface RollContext {
  readonly id: string;
  readonly at: string;
  readonly roller: string;
  readonly reason: string;
}

export function validateRollRequest(request: RollRequest): void {
  requireInteger('Number of dice', request.count, 1, MAX_DICE_PER_ROLL);
  requireInteger('Die size', request.sides, 2, MAX_SIDES);
}

/** Rolls each requested group with the given source and records the faces. */
export function rollGroups(source: RandomSource, requests: readonly RollRequest[], context: RollContext): RollRecord {
  if (requests.length === 0) throw new RulesError('invalid-input', 'A roll needs at least one group of dice.');
  const total = requests.reduce((sum, r) => sum + r.count, 0);
  if (total > MAX_DICE_PER_ROLL) {
    throw new RulesError('too-many-dice', `A roll may have at most ${MAX_DICE_PER_ROLL} dice, this one has ${total}.`);
  }
  const groups = requests.map((request) => {
    validateRollRequest(request);
    const faces = rollDice(source, request.count, request.sides);
    return request.label === undefined
      ? { sides: request.sides, faces }
      : { sides: request.sides, faces, label: request.label };
  });
  return { ...context, source: source.kind, groups };
}

/** A roll made with physical dice: the GM types the faces; they are checked against the die. */
export function recordPhysicalRoll(groups: readonly DiceGroup[], context: RollContext): RollRecord {
  if (groups.length === 0) throw new RulesError('invalid-input', 'A roll needs at least one group of dice.');
  for (const group of groups) {
    requireInteger('Die size', group.sides, 2, MAX_SIDES);
    requireFaces(group.label ?? `d${group.sides} faces`, group.faces, group.sides, MAX_DICE_PER_ROLL);
    if (group.faces.length === 0) throw new RulesError('invalid-input', 'Enter at least one die face.');
  }
  return { ...context, source: 'physical', groups: groups.map((g) => ({ ...g, faces: [...g.faces] })) };
}

/** Faces of all groups in order, for procedures that take a flat list. */
export function allFaces(record: RollRecord): number[] {
  return record.groups.flatMap((group) => group.faces);
}

/** Count of faces at or above a threshold: YZE sixes (6), Shadowrun hits (5). */
export function countAtLeast(faces: readonly number[], threshold: number): number {
  let count = 0;
  for (const face of faces) if (face >= threshold) count++;
  return count;
}
