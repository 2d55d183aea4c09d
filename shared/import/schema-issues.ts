import type { z } from 'zod';
import { describe } from '../errors';
import { formatCount, formatJsonPath } from './safe-json';

/**
 * A schema refusal as the GM reads it: which field of which entry, what was expected and what the
 * file holds ("log[12].event.harm.amount: expected a whole number, found 1.5."). zod's own wording
 * ("Invalid input: expected int, received number") is written for programmers.
 */

type Path = readonly (string | number)[];

const TYPE_WORDS: Readonly<Record<string, string>> = {
  string: 'a text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  record: 'an object',
  null: 'null',
};

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const key of path) {
    if (typeof value !== 'object' || value === null || typeof key === 'symbol' || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string | number, unknown>)[key];
  }
  return value;
}

const found = (value: unknown) => `found ${describe(value)}`;

function tooBig(issue: Extract<z.core.$ZodIssue, { code: 'too_big' }>, value: unknown): string {
  const limit = Number(issue.maximum);
  if (issue.origin === 'string' && typeof value === 'string') {
    return `a text of ${formatCount(value.length)} characters is longer than the ${formatCount(limit)} allowed.`;
  }
  if (issue.origin === 'array' && Array.isArray(value)) {
    return `a list of ${formatCount(value.length)} items is longer than the ${formatCount(limit)} allowed.`;
  }
  return `${describe(value)} is more than the largest allowed, ${limit}.`;
}

function tooSmall(issue: Extract<z.core.$ZodIssue, { code: 'too_small' }>, value: unknown): string {
  const limit = Number(issue.minimum);
  if (issue.origin === 'string') return limit === 1 ? 'must not be empty.' : `must have at least ${limit} characters.`;
  if (issue.origin === 'array') return `must list at least ${limit} ${limit === 1 ? 'item' : 'items'}.`;
  return `${describe(value)} is less than the smallest allowed, ${limit}.`;
}

function reason(issue: z.core.$ZodIssue, value: unknown): string {
  switch (issue.code) {
    case 'invalid_type':
      if (value === undefined) return 'is missing.';
      return `expected ${TYPE_WORDS[issue.expected] ?? issue.expected}, ${found(value)}.`;
    case 'too_big':
      return tooBig(issue, value);
    case 'too_small':
      return tooSmall(issue, value);
    case 'invalid_value':
      return issue.values.length === 1
        ? `expected ${JSON.stringify(issue.values[0])}, ${found(value)}.`
        : `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}; ${found(value)}.`;
    case 'invalid_format':
      return issue.format === 'datetime'
        ? `expected a date and time such as 2026-11-29T12:00:00.000Z, ${found(value)}.`
        : `${found(value)}, which is not in the expected form (${issue.format}).`;
    case 'invalid_union':
      // The schema's own message names what is allowed ("expected a number, true or false…").
      return `${issue.message}, ${found(value)}.`;
    case 'invalid_key': {
      const inner = issue.issues[0];
      return inner ? `this key is not allowed: ${reason(inner, value)}` : 'this key is not allowed.';
    }
    case 'custom':
      return `${issue.message}.`;
    default:
      return `${issue.message}.`;
  }
}

/** One sentence for the first issue of a failed parse; `prefix` is where the parsed value sits in the file. */
export function describeSchemaIssue(issue: z.core.$ZodIssue, parsed: unknown, prefix: Path = []): string {
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0] ?? '';
    return `${formatJsonPath([...prefix, ...(issue.path as Path), key])}: this field is not part of a GM Screen file.`;
  }
  const path = issue.path as Path;
  // A record's bad key: the path ends at the key itself, whose text is the value to describe.
  const value = issue.code === 'invalid_key' ? path[path.length - 1] : valueAt(parsed, issue.path);
  return `${formatJsonPath([...prefix, ...path])}: ${reason(issue, value)}`;
}

/** Parses with a schema; the first problem as a sentence, or the value. */
export function checkShape<T>(schema: z.ZodType<T>, value: unknown, prefix: Path = []): { ok: true; value: T } | { ok: false; message: string } {
  const result = schema.safeParse(value);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, message: describeSchemaIssue(result.error.issues[0]!, value, prefix) };
}
