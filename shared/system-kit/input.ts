import { z } from 'zod';
import { RulesError } from '../errors';

/**
 * Validates untrusted operation input with a zod schema and turns the first issue
 * into one readable sentence ("attackDice[2]: must be at most 6").
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, what = 'input'): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const path = issue.path.length
    ? issue.path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join('')
    : what;
  throw new RulesError('invalid-input', `${path}: ${issue.message}`, { path: issue.path });
}

/** A whole number in [min, max] with a message that names the limits. */
export const int = (min: number, max: number) =>
  z
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(min, { error: `must be at least ${min}` })
    .max(max, { error: `must be at most ${max}` });

/** A list of faces of a d`sides`, at most `maxCount` long. */
export const faces = (sides: number, maxCount = 1000) =>
  z
    .array(int(1, sides).refine(() => true, { error: `must be a face of a d${sides}` }), {
      error: `must be a list of d${sides} faces`,
    })
    .max(maxCount, { error: `at most ${maxCount} dice` });
