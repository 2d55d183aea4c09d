/**
 * Every rule or input problem surfaces as a RulesError with a stable code and a
 * sentence a GM can read. Callers show `message`; tests match on `code`.
 */
export type RulesErrorCode =
  | 'invalid-input'
  | 'out-of-range'
  | 'invalid-face'
  | 'too-many-dice'
  | 'unknown-system'
  | 'unknown-operation'
  | 'unknown-option'
  | 'unknown-entry'
  | 'not-allowed'
  | 'parse-error';

export class RulesError extends Error {
  readonly code: RulesErrorCode;
  readonly details: Readonly<Record<string, unknown>>;

  constructor(code: RulesErrorCode, message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.name = 'RulesError';
    this.code = code;
    this.details = details;
  }
}

export function isRulesError(error: unknown): error is RulesError {
  return error instanceof RulesError;
}

/** Throws a RulesError unless `value` is an integer in [min, max]. */
export function requireInteger(name: string, value: unknown, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new RulesError('invalid-input', `${name} must be a whole number, got ${describe(value)}.`, { name, value });
  }
  if (value < min || value > max) {
    throw new RulesError('out-of-range', `${name} must be between ${min} and ${max}, got ${value}.`, {
      name,
      value,
      min,
      max,
    });
  }
  return value;
}

/** Throws unless every face is a whole number from 1 to `sides`. */
export function requireFaces(name: string, faces: unknown, sides: number, maxCount = 1000): number[] {
  if (!Array.isArray(faces)) {
    throw new RulesError('invalid-input', `${name} must be a list of die faces, got ${describe(faces)}.`, { name });
  }
  if (faces.length > maxCount) {
    throw new RulesError('too-many-dice', `${name} has ${faces.length} dice; at most ${maxCount} are allowed.`, {
      name,
      count: faces.length,
      maxCount,
    });
  }
  faces.forEach((face, index) => {
    if (typeof face !== 'number' || !Number.isInteger(face) || face < 1 || face > sides) {
      throw new RulesError(
        'invalid-face',
        `${name}[${index}] is ${describe(face)}, which is not a face of a d${sides} (1–${sides}).`,
        { name, index, face, sides },
      );
    }
  });
  return faces as number[];
}

export function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (value === undefined) return 'nothing';
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  if (Array.isArray(value)) return 'a list';
  return 'an object';
}

/** Runs a validator and turns its RulesError into a problem sentence (null when it passes). */
export function problemOf(check: () => unknown): string | null {
  try {
    check();
    return null;
  } catch (error) {
    if (error instanceof RulesError) return error.message;
    throw error;
  }
}
