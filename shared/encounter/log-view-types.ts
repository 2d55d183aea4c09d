// The log's public shapes: entry kinds, names, positions, dice and entries as the screen and exports read them.
import type { EncounterEventType } from './events';
import type { EncounterState, EncounterStatus } from './state';

/** What an entry is about, for filtering; an entry can be several (a roll that deals damage). */
export type LogKind = 'turns' | 'harm' | 'rolls' | 'conditions' | 'roster' | 'notes' | 'encounter';

export const LOG_KINDS: readonly { readonly id: LogKind; readonly label: string }[] = [
  { id: 'turns', label: 'Turns & initiative' },
  { id: 'harm', label: 'Damage & healing' },
  { id: 'rolls', label: 'Rolls & checks' },
  { id: 'conditions', label: 'Conditions' },
  { id: 'roster', label: 'Roster' },
  { id: 'notes', label: 'Notes' },
  { id: 'encounter', label: 'Encounter & rules' },
];

export interface LogName {
  readonly id: string;
  readonly name: string;
}

/** Where the encounter was when the event happened (the state before it). */
export interface LogPosition {
  readonly status: EncounterStatus;
  /** 0 before the start. */
  readonly round: number;
  /** 1-based turn within the round (turns already taken + 1); null when it is nobody's turn. */
  readonly turn: number | null;
  /** Initiative pass of the turn (Shadowrun); null when it is nobody's turn. */
  readonly pass: number | null;
  readonly turnOf: LogName | null;
  /** Short form for the column: "Setup", "R2·T3", "R2·P2·T5", "R2", "Ended". */
  readonly label: string;
  /** The same in words, for screen readers and tooltips. */
  readonly description: string;
}

export interface LogDice {
  /** Whose or what dice ("Ghost", "soak"); empty when the roll says nothing more. */
  readonly label: string;
  /** Die size; null when the event kept only the faces. */
  readonly sides: number | null;
  readonly faces: readonly number[];
}

export interface LogEntry {
  /** Absolute position in the encounter's log (0 = the creation event). */
  readonly index: number;
  readonly eventId: string;
  readonly type: EncounterEventType;
  readonly at: string;
  readonly kinds: readonly LogKind[];
  readonly position: LogPosition;
  readonly actor: LogName | null;
  readonly targets: readonly LogName[];
  readonly dice: readonly LogDice[];
  /** The outcome in plain words. */
  readonly text: string;
  /** Everyone the entry concerns (actor, targets, initiative members), for the combatant filter. */
  readonly combatantIds: readonly string[];
}

/** A builder starts either from nothing or from a saved state after `count` events. */
export interface LogStart {
  readonly count: number;
  readonly state: EncounterState;
}

export interface LogCombatant extends LogName {
  readonly removed: boolean;
}
