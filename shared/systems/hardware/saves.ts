import { RulesError, requireFaces } from '../../errors';
import type { ExplainStep } from '../../system-kit/rule-system';
import { requireAttribute } from './derived';
import { SECTIONS, step } from './rules';

export const SAVE_DIE = 20;

/** Disadvantage: roll two d20 and keep the worse. Advantage: roll two and keep the better. */
export type SaveMode = 'normal' | 'advantage' | 'disadvantage';

export interface SaveInput {
  /** The attribute saved against (BOD, AGL or CTR), 1–20. */
  readonly attribute: number;
  /** One d20, or two for advantage or disadvantage. */
  readonly rolls: readonly number[];
  /** Defaults to normal for one roll and disadvantage for two. */
  readonly mode?: SaveMode;
  /** What the save is for, used in the explanation ("BOD save"). */
  readonly label?: string;
}

export interface SaveResult {
  readonly success: boolean;
  /** The d20 that decided the save. */
  readonly kept: number;
  readonly rolls: readonly number[];
  readonly mode: SaveMode;
  readonly attribute: number;
  /** 'natural-1' always succeeds, 'natural-20' always fails; null when the attribute decided. */
  readonly automatic: 'natural-1' | 'natural-20' | null;
  readonly steps: ExplainStep[];
}

/** Whether one d20 face succeeds against the attribute: ≤ attribute, a 1 always, a 20 never. */
export function faceSucceeds(face: number, attribute: number): boolean {
  if (face === 1) return true;
  if (face === SAVE_DIE) return false;
  return face <= attribute;
}

/**
 * Resolves a d20 save. Lower is better on every face (success is "roll ≤ attribute" with 1 and
 * 20 automatic), so the worse of two dice is the higher one and the better is the lower one.
 */
export function resolveSave(input: SaveInput): SaveResult {
  const label = input.label ?? 'Save';
  const attribute = requireAttribute(`${label}: attribute`, input.attribute);
  if (attribute === 0) {
    throw new RulesError(
      'not-allowed',
      `${label}: an attribute at 0 cannot be saved against (BOD 0 is death, AGL 0 paralysis, CTR 0 a breakdown).`,
      { attribute },
    );
  }
  const rolls = requireFaces(`${label}: rolls`, input.rolls, SAVE_DIE, 2);
  const mode: SaveMode = input.mode ?? (rolls.length === 2 ? 'disadvantage' : 'normal');
  const needed = mode === 'normal' ? 1 : 2;
  if (rolls.length !== needed) {
    throw new RulesError(
      'invalid-input',
      `${label}: a ${mode === 'normal' ? 'normal save rolls one d20' : `save with ${mode} rolls two d20`}, got ${rolls.length}.`,
      { mode, count: rolls.length },
    );
  }
  const steps: ExplainStep[] = [];
  let kept = rolls[0]!;
  if (mode === 'disadvantage') {
    kept = Math.max(rolls[0]!, rolls[1]!);
    steps.push(
      step(`Disadvantage: rolled ${rolls[0]} and ${rolls[1]}, kept the worse (${kept}).`, SECTIONS.saves, 'book'),
    );
  } else if (mode === 'advantage') {
    kept = Math.min(rolls[0]!, rolls[1]!);
    steps.push(
      step(`Advantage: rolled ${rolls[0]} and ${rolls[1]}, kept the better (${kept}).`, SECTIONS.saves, 'book'),
    );
  }
  const success = faceSucceeds(kept, attribute);
  const automatic = kept === 1 ? 'natural-1' : kept === SAVE_DIE ? 'natural-20' : null;
  if (automatic === 'natural-1') {
    steps.push(step(`${label}: a 1 always succeeds.`, SECTIONS.saves, 'book'));
  } else if (automatic === 'natural-20') {
    steps.push(step(`${label}: a 20 always fails.`, SECTIONS.saves, 'book'));
  } else {
    steps.push(
      step(
        `${label}: ${kept} ${success ? 'is at or under' : 'is over'} ${attribute}, so it ${success ? 'succeeds' : 'fails'}.`,
        SECTIONS.saves,
        'book',
      ),
    );
  }
  return { success, kept, rolls: [...rolls], mode, attribute, automatic, steps };
}

/** How many of the 20 faces succeed against the attribute (1–20): always between 1 and 19. */
export function successFaces(attribute: number): number {
  requireAttribute('attribute', attribute);
  if (attribute === 0) return 0;
  return Math.min(attribute, SAVE_DIE - 1);
}

/** Exact chance of a save (attribute 0 makes no save, chance 0). */
export function saveChance(attribute: number, mode: SaveMode = 'normal'): number {
  const p = successFaces(attribute) / SAVE_DIE;
  if (mode === 'advantage') return 1 - (1 - p) * (1 - p);
  if (mode === 'disadvantage') return p * p;
  return p;
}
