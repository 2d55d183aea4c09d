import { describe } from '../errors';
import type { EncounterEvent } from './events';

/**
 * Reading an encounter's log back from storage, where anything may have happened to it: a row
 * lost or duplicated, rows out of order, a row that is not an event, an undo position that is
 * not a position. Every check here only reads; what it finds is reported as the first damaged
 * entry, so the encounter can open as it was before it — nothing is ever rewritten or dropped.
 */

/** One stored row of a log, as read back (its fields unchecked). */
export interface StoredLogRow {
  /** Position in the encounter's log (active and discarded rows share one sequence from 0). */
  readonly seq: unknown;
  readonly event: unknown;
  /** 1 = undone and overwritten (kept for the export); 0 = active. */
  readonly discarded: unknown;
  /** The id of the active event before this one when it was written (absent on older rows). */
  readonly prev?: unknown;
}

export interface LogDamage {
  /** What is damaged: an entry of the log, the stored undo position, or a saved state (snapshot). */
  readonly kind: 'entry' | 'cursor' | 'snapshot';
  /** The damaged entry's number among the active entries, from 1 (as the log panel counts them); for a snapshot, the entries it folds. */
  readonly entry: number;
  readonly reason: string;
}

export interface CheckedLog {
  /** The active events before the first damage (all of them when there is none). */
  readonly events: EncounterEvent[];
  /** Their log positions, parallel to `events`. */
  readonly seqs: number[];
  readonly damage: LogDamage | null;
}

export interface LogStart {
  /** Log position of the first row given. */
  readonly seq: number;
  /** Active entries before the first row given (0 from the start of the log). */
  readonly entries: number;
  /** Id of the active event just before the first row, when known. */
  readonly prevId?: string | null;
}

const FROM_THE_START: LogStart = { seq: 0, entries: 0, prevId: null };

function isEventShaped(value: unknown): value is EncounterEvent {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { id, type } = value as { id?: unknown; type?: unknown };
  return typeof id === 'string' && id !== '' && typeof type === 'string';
}

/**
 * Checks rows read in key order: positions follow one another with none missing, each active row
 * holds an event with an id and a type, no event appears twice, and each row's `prev` (where
 * written) names the active event before it, so rows swapped or moved are noticed. Stops at the
 * first damaged row. Whether each event is allowed by the rules is the replay's to say.
 */
export function checkLogRows(rows: readonly StoredLogRow[], start: LogStart = FROM_THE_START): CheckedLog {
  const events: EncounterEvent[] = [];
  const seqs: number[] = [];
  const seen = new Set<string>();
  let prevId = start.prevId;
  const damaged = (reason: string): CheckedLog => ({ events, seqs, damage: { kind: 'entry', entry: start.entries + events.length + 1, reason } });
  for (const [index, row] of rows.entries()) {
    const expected = start.seq + index;
    if (row.seq !== expected) {
      return damaged(
        typeof row.seq === 'number' && row.seq > expected
          ? 'a stored entry is missing here'
          : `it is stored out of place (at ${describe(row.seq)} after ${expected - 1})`,
      );
    }
    if (row.discarded === 1) continue;
    if (row.discarded !== 0) return damaged(`it is marked neither in effect nor undone (${describe(row.discarded)})`);
    if (!isEventShaped(row.event)) return damaged(`it holds ${describe(row.event)} instead of an event`);
    const event = row.event;
    if (seen.has(event.id)) return damaged(`it repeats an earlier entry (${event.id})`);
    if (row.prev !== undefined && prevId !== undefined && row.prev !== prevId) {
      return damaged('it is out of order: it was written after another entry');
    }
    seen.add(event.id);
    events.push(event);
    seqs.push(expected);
    prevId = event.id;
  }
  return { events, seqs, damage: null };
}

/** Where the undo position stored with an encounter leaves it, checked against the log it points into. */
export type CursorCheck = { readonly cursor: number; readonly damage: null } | { readonly cursor: number; readonly damage: LogDamage };

/**
 * The stored undo position is null (every active entry in effect) or a count of active entries.
 * A cursor past the end means entries that were in effect are gone: the damage is at the first
 * missing one. Any other value cannot be trusted: every entry stays in effect, and it is reported.
 */
export function checkCursor(stored: unknown, activeEntries: number): CursorCheck {
  if (stored === null || stored === undefined) return { cursor: activeEntries, damage: null };
  if (typeof stored === 'number' && Number.isInteger(stored) && stored >= 1) {
    if (stored <= activeEntries) return { cursor: stored, damage: null };
    return {
      cursor: activeEntries,
      damage: { kind: 'entry', entry: activeEntries + 1, reason: `${stored} entries were in effect but the log holds only ${activeEntries}` },
    };
  }
  return {
    cursor: activeEntries,
    damage: { kind: 'cursor', entry: activeEntries, reason: `${describe(stored)} is not a position in the log` },
  };
}

/** Structural equality of two JSON-like values (key order ignored), to compare a saved state with a replayed one. */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const list = b as unknown[];
    return a.length === list.length && a.every((item, index) => sameData(item, list[index]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left).filter((key) => left[key] !== undefined);
  const otherKeys = Object.keys(right).filter((key) => right[key] !== undefined);
  return keys.length === otherKeys.length && keys.every((key) => Object.hasOwn(right, key) && sameData(left[key], right[key]));
}

/** The sentence the screen shows for damage: what is damaged, what is shown instead, and that nothing was lost. */
export function describeDamage(damage: LogDamage): string {
  switch (damage.kind) {
    case 'entry':
      return `Entry ${damage.entry} of this encounter's log is damaged (${damage.reason}). It is shown as it was before that entry, read-only; nothing has been deleted.`;
    case 'cursor':
      return `This encounter's saved undo position is damaged (${damage.reason}). All ${damage.entry} entries are shown in effect, read-only; nothing has been deleted.`;
    case 'snapshot':
      return `The state saved after entry ${damage.entry} does not match this encounter's log (${damage.reason}). The log was replayed instead and is shown read-only; nothing has been deleted.`;
  }
}

export interface StoredLogReading extends CheckedLog {
  /** How many of `events` are in effect (entries before `start` included). */
  readonly cursor: number;
}

/**
 * Reads a log and its stored undo position together. Damage in the rows wins: the log is shown
 * up to the entry before it, or at the stored position when that is earlier and valid.
 */
export function readStoredLog(rows: readonly StoredLogRow[], storedCursor: unknown, start: LogStart = FROM_THE_START): StoredLogReading {
  const checked = checkLogRows(rows, start);
  const entries = start.entries + checked.events.length;
  if (checked.damage) {
    const valid = typeof storedCursor === 'number' && Number.isInteger(storedCursor) && storedCursor >= 1 && storedCursor <= entries;
    return { ...checked, cursor: valid ? storedCursor : entries };
  }
  const cursor = checkCursor(storedCursor, entries);
  return { ...checked, cursor: cursor.cursor, damage: cursor.damage };
}
