// Running a workflow function so that a failure becomes a sentence for the GM, not an exception.
import { isRulesError } from '../../../shared/errors';

export type Attempt<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };

/** Runs a workflow function; a thrown RulesError becomes its sentence, anything else says where it failed. */
export function attempt<T>(what: string, run: () => T): Attempt<T> {
  try {
    return { ok: true, value: run() };
  } catch (cause) {
    const message = isRulesError(cause) ? cause.message : `${what} failed: ${(cause as Error).message}`;
    return { ok: false, error: message };
  }
}
