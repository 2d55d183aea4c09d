// What one event's entry says before its position is added, and the small arrays many entries share.
import type { LogDice, LogKind, LogName } from './log-view-types';

export interface Outcome {
  readonly kinds: readonly LogKind[];
  readonly actor: LogName | null;
  readonly targets: readonly LogName[];
  readonly dice: readonly LogDice[];
  readonly text: string;
  /** Combatants the entry concerns beyond its actor and targets. */
  readonly extraIds?: readonly string[];
}

// Shared constants: 10,000 entries should not each carry their own copy of the same small arrays.
export const NONE: readonly string[] = [];
export const NO_NAMES: readonly LogName[] = [];
export const NO_DICE: readonly LogDice[] = [];
export const NONE_KINDS: readonly LogKind[] = [];
export const K = {
  turns: ['turns'],
  harm: ['harm'],
  rolls: ['rolls'],
  conditions: ['conditions'],
  roster: ['roster'],
  notes: ['notes'],
  encounter: ['encounter'],
  rollsHarm: ['rolls', 'harm'],
  turnsRolls: ['turns', 'rolls'],
} as const satisfies Record<string, readonly LogKind[]>;
const withConditionsCache = new Map<readonly LogKind[], readonly LogKind[]>();

/** The kinds plus "conditions", one shared array per kinds array. */
export function withConditions(kinds: readonly LogKind[]): readonly LogKind[] {
  if (kinds.includes('conditions')) return kinds;
  let out = withConditionsCache.get(kinds);
  if (!out) withConditionsCache.set(kinds, (out = [...kinds, 'conditions']));
  return out;
}

export const plain = (kinds: readonly LogKind[], text: string): Outcome => ({
  kinds,
  actor: null,
  targets: NO_NAMES,
  dice: NO_DICE,
  text,
});
