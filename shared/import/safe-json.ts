import secureJsonParse from 'secure-json-parse';
import { MAX_IMPORT_BYTES } from '../ipc/limits';

/**
 * Parsing text that came from outside the app (an import, a backup). The text is read by
 * secure-json-parse, which refuses `__proto__` keys and `constructor.prototype`, and the result is
 * then walked once to refuse anything a GM Screen file never holds: the keys `__proto__`,
 * `constructor` and `prototype` anywhere, nesting deeper than a file needs, and texts, lists and
 * objects so large that checking them would freeze the screen. Nothing here throws: every refusal
 * is a sentence naming the place in the file where it happened.
 */

export interface SafeJsonLimits {
  /** Longest text read at all, in characters (UTF-16 code units). */
  readonly maxChars: number;
  /** Deepest nesting of lists and objects: the top level is depth 1. */
  readonly maxDepth: number;
  readonly maxStringChars: number;
  readonly maxArrayItems: number;
  readonly maxObjectKeys: number;
}

export const DEFAULT_SAFE_JSON_LIMITS: SafeJsonLimits = {
  maxChars: MAX_IMPORT_BYTES,
  maxDepth: 64,
  maxStringChars: 100_000,
  maxArrayItems: 1_000_000,
  maxObjectKeys: 1_000,
};

export type SafeJsonResult = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly message: string };

/** Keys that name or reach an object's prototype: no GM Screen file has them, and a careless merge of them pollutes every object. */
const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** 1234567 → "1,234,567": the same in every locale, so messages can be compared exactly. */
export function formatCount(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A path as a reader of the file would write it: `log[12].event.roll.faces`, `stats["odd key"]`. */
export function formatJsonPath(path: readonly (string | number)[]): string {
  if (path.length === 0) return 'the top level';
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else if (segment.length <= 40 && IDENTIFIER.test(segment)) text += text === '' ? segment : `.${segment}`;
    else text += `[${JSON.stringify(segment.length > 40 ? `${segment.slice(0, 40)}…` : segment)}]`;
  }
  return text;
}

function refusedAt(path: readonly (string | number)[], reason: string): SafeJsonResult {
  const where = formatJsonPath(path);
  return { ok: false, message: `${where === 'the top level' ? 'At the top level' : `At ${where}`}: ${reason}` };
}

/** Walks a parsed value once, depth first in document order; returns the first refusal, or null. */
function findProblem(root: unknown, limits: SafeJsonLimits): SafeJsonResult | null {
  const path: (string | number)[] = [];
  const visit = (value: unknown, depth: number): SafeJsonResult | null => {
    if (typeof value === 'string') {
      return value.length > limits.maxStringChars
        ? refusedAt(path, `a text of ${formatCount(value.length)} characters is longer than the ${formatCount(limits.maxStringChars)} allowed.`)
        : null;
    }
    if (typeof value === 'number') {
      // JSON.parse reads 1e400 as Infinity, which no GM Screen file holds and JSON cannot write back.
      return Number.isFinite(value) ? null : refusedAt(path, 'a number is too large to be read.');
    }
    if (typeof value !== 'object' || value === null) return null;
    if (depth > limits.maxDepth) return refusedAt(path, `the file is nested more than ${limits.maxDepth} levels deep.`);
    if (Array.isArray(value)) {
      if (value.length > limits.maxArrayItems) {
        return refusedAt(path, `a list of ${formatCount(value.length)} items is longer than the ${formatCount(limits.maxArrayItems)} allowed.`);
      }
      for (let index = 0; index < value.length; index++) {
        path.push(index);
        const problem = visit(value[index], depth + 1);
        if (problem) return problem;
        path.pop();
      }
      return null;
    }
    const keys = Object.keys(value);
    if (keys.length > limits.maxObjectKeys) {
      return refusedAt(path, `an object with ${formatCount(keys.length)} keys has more than the ${formatCount(limits.maxObjectKeys)} allowed.`);
    }
    for (const key of keys) {
      if (FORBIDDEN_KEYS.has(key)) return refusedAt(path, `the key "${key}" is not allowed in a GM Screen file.`);
      if (key.length > limits.maxStringChars) {
        return refusedAt(path, `a key of ${formatCount(key.length)} characters is longer than the ${formatCount(limits.maxStringChars)} allowed.`);
      }
      path.push(key);
      const problem = visit((value as Record<string, unknown>)[key], depth + 1);
      if (problem) return problem;
      path.pop();
    }
    return null;
  };
  return visit(root, 1);
}

/**
 * Where JSON.parse stopped, as line and column: the engine's own wording differs between
 * Node and Electron's Chromium, so only the position is taken from it.
 */
function notJsonMessage(text: string, reason: string): string {
  const position = /at position (\d+)/.exec(reason);
  if (position) {
    // secure-json-parse drops a byte-order mark before parsing, and so does an editor showing the file.
    const offset = Number(position[1]);
    const before = text.replace(/^\uFEFF/, '').slice(0, offset);
    const line = before.split('\n').length;
    const column = offset - before.lastIndexOf('\n');
    return `The file is not valid JSON: it stops making sense at line ${line}, column ${column} (it may be damaged).`;
  }
  if (/end of JSON input/i.test(reason)) return 'The file is not valid JSON: it ends too early (it may be cut short).';
  return 'The file is not valid JSON (it may be damaged or cut short).';
}

const FORBIDDEN_PROPERTY_ERROR = 'Object contains forbidden prototype property';

/**
 * Parses untrusted JSON text. Never throws and never changes `Object.prototype`: a key
 * `__proto__` is refused before anything could merge it, and JSON.parse itself only ever makes
 * own properties.
 */
export function parseUntrustedJson(text: unknown, overrides: Partial<SafeJsonLimits> = {}): SafeJsonResult {
  const limits: SafeJsonLimits = { ...DEFAULT_SAFE_JSON_LIMITS, ...overrides };
  if (typeof text !== 'string') return { ok: false, message: 'The file could not be read as text.' };
  if (text.length > limits.maxChars) {
    return {
      ok: false,
      message: `The file is too large: it has ${formatCount(text.length)} characters, and at most ${formatCount(limits.maxChars)} can be read.`,
    };
  }
  // trim() also removes a byte-order mark.
  if (text.trim() === '') return { ok: false, message: 'The file is empty.' };
  let value: unknown;
  try {
    value = secureJsonParse.parse(text, null, { protoAction: 'error', constructorAction: 'error' });
  } catch (error) {
    if (error instanceof SyntaxError && error.message === FORBIDDEN_PROPERTY_ERROR) {
      // Parse again without the check only to say where the key is: JSON.parse makes a
      // "__proto__" key an own property, it never sets a prototype.
      const problem = findProblem(JSON.parse(text.replace(/^\uFEFF/, '')), limits);
      return problem ?? { ok: false, message: 'The file holds a key that is not allowed in a GM Screen file.' };
    }
    return { ok: false, message: notJsonMessage(text, error instanceof Error ? error.message : '') };
  }
  return findProblem(value, limits) ?? { ok: true, value };
}
