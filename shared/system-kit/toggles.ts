import { RulesError, describe } from '../errors';
import type { ToggleDef, ToggleValue, ToggleValues } from './rule-system';

/**
 * Fills in defaults and rejects unknown toggles or values, so a typo in an option
 * name is an error rather than silently running the default rule.
 */
export function resolveToggles(defs: readonly ToggleDef[], options: unknown): Record<string, ToggleValue> {
  if (options === undefined || options === null) options = {};
  if (typeof options !== 'object' || Array.isArray(options)) {
    throw new RulesError('invalid-input', `options must be an object of rule toggles, got ${describe(options)}.`);
  }
  const resolved: Record<string, ToggleValue> = {};
  for (const def of defs) resolved[def.id] = def.defaultValue;
  for (const [key, value] of Object.entries(options as Record<string, unknown>)) {
    const def = defs.find((d) => d.id === key);
    if (!def) {
      const known = defs.map((d) => d.id).join(', ') || 'none';
      throw new RulesError('unknown-option', `Unknown rule toggle "${key}". Known toggles: ${known}.`, { key });
    }
    if (!def.values.some((v) => v.value === value)) {
      const allowed = def.values.map((v) => JSON.stringify(v.value)).join(', ');
      throw new RulesError(
        'invalid-input',
        `Rule toggle "${key}" cannot be ${describe(value)}; it takes ${allowed}.`,
        { key, value },
      );
    }
    resolved[key] = value as ToggleValue;
  }
  return resolved;
}

export function toggle<T extends ToggleValue>(values: ToggleValues, id: string): T {
  return values[id] as T;
}
