import { MAX_DICE_PER_ROLL } from './record';

/** Die sizes offered by the plain dice roller. */
export const COMMON_DIE_SIZES = [4, 6, 8, 10, 12, 20, 100] as const;

export type ParseResult<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * Reads a dice count typed by the GM. Anything that is not a whole number from 1 to
 * the per-roll limit gets a sentence saying what to enter instead.
 */
export function parseDiceCount(text: string | number): ParseResult<number> {
  const raw = typeof text === 'number' ? String(text) : text.trim();
  const help = `Enter a whole number of dice from 1 to ${MAX_DICE_PER_ROLL}.`;
  if (raw === '') return { ok: false, message: `No number of dice given. ${help}` };
  if (!/^[+-]?\d+$/.test(raw)) return { ok: false, message: `"${raw.slice(0, 20)}" is not a number of dice. ${help}` };
  const count = Number(raw);
  if (count < 1) return { ok: false, message: `Cannot roll ${count} dice. ${help}` };
  if (count > MAX_DICE_PER_ROLL) return { ok: false, message: `${count} dice is more than one roll allows. ${help}` };
  return { ok: true, value: count };
}

export interface RollSummary {
  readonly total: number;
  /** Year Zero Engine successes. */
  readonly sixes: number;
  /** Shadowrun hits (5 or 6). */
  readonly hits: number;
  readonly ones: number;
}

export function summarizeFaces(faces: readonly number[]): RollSummary {
  let total = 0;
  let sixes = 0;
  let hits = 0;
  let ones = 0;
  for (const face of faces) {
    total += face;
    if (face === 6) sixes++;
    if (face === 5 || face === 6) hits++;
    if (face === 1) ones++;
  }
  return { total, sixes, hits, ones };
}

/**
 * Reads faces typed from physical dice ("6 3 1", "6,3,1"): exactly `count` whole numbers,
 * each a face of a d`sides`.
 */
export function parseFaces(text: string, count: number, sides: number): ParseResult<number[]> {
  const parts = text.trim().split(/[\s,;]+/).filter(Boolean);
  const want = `Enter ${count} ${count === 1 ? 'face' : 'faces'} of a d${sides} (1–${sides}), separated by spaces.`;
  if (parts.length === 0) return { ok: false, message: want };
  const faces: number[] = [];
  for (const part of parts) {
    if (!/^\d+$/.test(part)) return { ok: false, message: `"${part.slice(0, 10)}" is not a die face. ${want}` };
    const face = Number(part);
    if (face < 1 || face > sides) return { ok: false, message: `A d${sides} has no face ${face}. ${want}` };
    faces.push(face);
  }
  if (faces.length !== count) return { ok: false, message: `${faces.length} ${faces.length === 1 ? 'face was' : 'faces were'} entered. ${want}` };
  return { ok: true, value: faces };
}
