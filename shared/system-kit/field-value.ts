import { describe, problemOf, requireInteger } from '../errors';
import type { FieldDef, SetupValue } from './workflow';

/**
 * Whether a value fits a form field: one of a choice's options, a whole number within a number
 * field's bounds, on/off for a flag. A sentence naming the field when it does not, else null.
 */
export function fieldValueProblem(field: FieldDef, value: SetupValue | undefined): string | null {
  if (field.kind === 'choice') {
    if (typeof value === 'string' && field.options.some((o) => o.value === value)) return null;
    return `${field.label}: ${describe(value)} is not one of the choices (${field.options.map((o) => o.label).join(', ')}).`;
  }
  if (field.kind === 'number') return problemOf(() => requireInteger(field.label, value, field.min, field.max));
  return typeof value === 'boolean' ? null : `${field.label} must be on or off, got ${describe(value)}.`;
}
