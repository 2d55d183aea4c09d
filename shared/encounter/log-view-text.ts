// Small texts of the log: dice of a roll, harm, stat and toggle values, and ids made readable.
import type { RollRecord } from '../dice/record';
import type { ToggleValue } from '../system-kit/rule-system';
import type { Harm, InitiativeEntry, StatValue, TrackerRules } from '../system-kit/tracker-rules';
import type { LogDice } from './log-view-types';
import type { EncounterState } from './state';

/** The Initiative entry that orders a combatant (its own, its group's or its side's), if rolled. */
export function entryOf(state: EncounterState, combatantId: string): InitiativeEntry | undefined {
  return state.initiative.entries.find((entry) => entry.memberIds.includes(combatantId));
}

export function rollDice(roll: RollRecord, fallbackLabel: string): LogDice[] {
  return roll.groups.map((group) => ({ label: group.label ?? fallbackLabel, sides: group.sides, faces: group.faces }));
}

/** The system's label without its parenthesised help: "Damage (after cover and armour)" → "Damage". */
export function shortLabel(label: string): string {
  let short = shortLabels.get(label);
  if (short === undefined) shortLabels.set(label, (short = label.replace(/\s*\([^)]*\)\s*$/, '')));
  return short;
}

const shortLabels = new Map<string, string>();

export function harmText(harm: Harm, rules: TrackerRules): string {
  const kind = rules.harmKinds.find((k) => k.id === harm.kind);
  const location = harm.location ? (kind?.locations?.find((l) => l.id === harm.location)?.label ?? harm.location) : '';
  return `${kind ? shortLabel(kind.label) : harm.kind} ${harm.amount}${location ? ` (${location})` : ''}`;
}

export function statText(value: StatValue): string {
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return Array.isArray(value) ? value.join(' ') : String(value);
}

export function toggleValueText(value: ToggleValue): string {
  return typeof value === 'boolean' ? (value ? 'on' : 'off') : value;
}

/** "critical-damage:abc" → "Critical damage", for checks the rules no longer list. */
export function humanize(id: string): string {
  const words = (id.split(':')[0] ?? id).replace(/[-_]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : id;
}
