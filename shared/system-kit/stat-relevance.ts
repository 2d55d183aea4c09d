import type { StatField, Stats } from './tracker-rules';

/**
 * Whether a stat field matters for this stat block: always, unless the field names a flag it
 * depends on (`StatField.onlyWhen`). A flag that is absent, or holds anything but `true`, is off:
 * flags default to off, and an old block made before the flag existed is read the same way.
 */
export function statApplies(field: StatField, stats: Stats): boolean {
  const rule = field.onlyWhen;
  if (rule === undefined) return true;
  return (stats[rule.stat] === true) === rule.is;
}

/** The fields that matter for this stat block, in their order. */
export function applyingFields(fields: readonly StatField[], stats: Stats): StatField[] {
  return fields.filter((field) => statApplies(field, stats));
}
