import type { EncounterEvent } from '../../../shared/encounter/events';
import type { SystemId } from '../../../shared/systems/contract';
import { ENCOUNTER_STATE_VERSION, type EncounterState } from '../../../shared/encounter/state';
import type { EncounterRow, EventRow, GmDatabase, SnapshotRow } from './database';

/**
 * Encounter storage: one row per encounter and its event log. Every write is one strict
 * transaction, so an event is either fully on disk (log and cursor) or not at all.
 */
export interface StoredEncounter {
  readonly row: EncounterRow;
  /** Active (not discarded) events in log order. */
  readonly events: EncounterEvent[];
  /** The log position of each active event, parallel to `events`. */
  readonly seqs: number[];
  /** The next free log position (past discarded events too). */
  readonly nextSeq: number;
  /** How many active events are in effect. */
  readonly cursor: number;
}

export async function listEncounters(db: GmDatabase): Promise<EncounterRow[]> {
  const rows = await db.encounters.orderBy('updatedAt').reverse().toArray();
  return rows.filter((row) => row.deletedAt === null);
}

export async function createEncounter(
  db: GmDatabase,
  init: { id: string; name: string; systemId: SystemId; at: string },
  events: readonly EncounterEvent[],
): Promise<void> {
  await db.transaction('rw', db.encounters, db.events, async () => {
    await db.encounters.add({ ...init, createdAt: init.at, updatedAt: init.at, archived: 0, deletedAt: null, cursor: null, round: 0 });
    await db.events.bulkAdd(events.map((event, seq): EventRow => ({ encounterId: init.id, seq, event, discarded: 0 })));
  });
}

export async function loadEncounter(db: GmDatabase, id: string): Promise<StoredEncounter | undefined> {
  return db.transaction('r', db.encounters, db.events, async () => {
    const row = await db.encounters.get(id);
    if (!row || row.deletedAt !== null) return undefined;
    const rows = await db.events.where('[encounterId+seq]').between([id, -Infinity], [id, Infinity]).toArray();
    const active = rows.filter((r) => r.discarded === 0);
    const nextSeq = rows.reduce((max, r) => Math.max(max, r.seq + 1), 0);
    return { row, events: active.map((r) => r.event), seqs: active.map((r) => r.seq), nextSeq, cursor: row.cursor ?? active.length };
  });
}

export interface QuickOpen {
  readonly row: EncounterRow;
  /** The latest usable snapshot at or before the cursor, or null (then `events` is the whole log). */
  readonly snapshot: SnapshotRow | null;
  /** Active events after the snapshot (or all of them), in log order. */
  readonly events: EncounterEvent[];
  readonly seqs: number[];
  readonly nextSeq: number;
  /** How many active events are in effect. */
  readonly cursor: number;
}

/**
 * Reads what is needed to show an encounter now: its latest snapshot and the events after
 * it. The events before the snapshot are read later (`loadEventsUpTo`), for undo and the log.
 */
export async function loadEncounterQuickly(db: GmDatabase, id: string): Promise<QuickOpen | undefined> {
  return db.transaction('r', db.encounters, db.events, db.snapshots, async () => {
    const row = await db.encounters.get(id);
    if (!row || row.deletedAt !== null) return undefined;
    // The newest few are enough: one of another state version is skipped, not read in bulk.
    const candidates = await db.snapshots.where('[encounterId+count]').between([id, 1], [id, row.cursor ?? Infinity], true, true).reverse().limit(3).toArray();
    const snapshot = candidates.find((c) => c.version === ENCOUNTER_STATE_VERSION) ?? null;
    const fromSeq = snapshot ? snapshot.lastSeq + 1 : -Infinity;
    const rows = await db.events.where('[encounterId+seq]').between([id, fromSeq], [id, Infinity]).toArray();
    const last = await db.events.where('[encounterId+seq]').between([id, -Infinity], [id, Infinity]).last();
    const active = rows.filter((r) => r.discarded === 0);
    const cursor = row.cursor ?? (snapshot?.count ?? 0) + active.length;
    return { row, snapshot, events: active.map((r) => r.event), seqs: active.map((r) => r.seq), nextSeq: last ? last.seq + 1 : 0, cursor };
  });
}

/** Active events up to and including log position `lastSeq`, with their positions. */
export async function loadEventsUpTo(db: GmDatabase, id: string, lastSeq: number): Promise<{ events: EncounterEvent[]; seqs: number[] }> {
  const rows = await db.events.where('[encounterId+seq]').between([id, -Infinity], [id, lastSeq], true, true).toArray();
  const active = rows.filter((r) => r.discarded === 0);
  return { events: active.map((r) => r.event), seqs: active.map((r) => r.seq) };
}

/** The whole log including discarded (undone and overwritten) events, for the export. */
export async function loadFullLog(db: GmDatabase, id: string): Promise<EventRow[]> {
  return db.events.where('[encounterId+seq]').between([id, -Infinity], [id, Infinity]).toArray();
}

/**
 * Appends an event at the cursor: events after the cursor (the redo branch) are marked
 * discarded and the new event takes the next log position. The cursor then points past the
 * last active event, which the row records as null — so the row is only rewritten when an
 * undo had pinned the cursor (or the name changes), and most appends are a single write.
 */
export async function appendEvent(
  db: GmDatabase,
  encounterId: string,
  event: EncounterEvent,
  write: {
    seq: number;
    discardSeqs: readonly number[];
    /** The cursor after this event. */
    cursor: number;
    /** The row's cursor is a number (an undo pinned it): set it back to null. */
    unpinCursor: boolean;
    name?: string;
    /** The state after this event, when the cursor reaches a snapshot point. */
    snapshot?: EncounterState;
  },
): Promise<void> {
  const rowChanges = write.unpinCursor || write.name !== undefined;
  if (!write.discardSeqs.length && !write.snapshot && !rowChanges) {
    // The common case touches one table: a transaction over that table alone is cheaper.
    await addEventRow(db, { encounterId, seq: write.seq, event, discarded: 0 });
    return;
  }
  await db.transaction('rw', db.encounters, db.events, db.snapshots, async () => {
    if (write.discardSeqs.length) {
      await db.events.bulkUpdate(write.discardSeqs.map((seq) => ({ key: [encounterId, seq] as [string, number], changes: { discarded: 1 as const } })));
      // Snapshots past the cursor folded the events just discarded.
      await db.snapshots.where('[encounterId+count]').between([encounterId, write.cursor - 1], [encounterId, Infinity], false, true).delete();
    }
    if (write.snapshot) {
      await db.snapshots.put({ encounterId, count: write.cursor, lastSeq: write.seq, version: ENCOUNTER_STATE_VERSION, state: write.snapshot });
    }
    await db.events.add({ encounterId, seq: write.seq, event, discarded: 0 });
    if (rowChanges) {
      const changes: Partial<EncounterRow> = { cursor: null, updatedAt: event.at };
      if (write.name !== undefined) changes.name = write.name;
      const updated = await db.encounters.update(encounterId, changes);
      if (updated !== 1) throw new Error(`Encounter ${encounterId} is not in the database.`);
    }
  });
}

/**
 * One event row in a transaction of its own, committed as soon as the row is queued. Dexie commits
 * only once the page has handled the row's success event, which waits behind the redraw the
 * change starts; the explicit commit lets the disk finish meanwhile. Nothing watches the
 * database through Dexie's hooks, so writing beside Dexie here misses nothing.
 */
async function addEventRow(db: GmDatabase, row: EventRow): Promise<void> {
  if (!db.isOpen()) await db.open();
  const idb = db.backendDB();
  await new Promise<void>((resolve, reject) => {
    const tx = idb.transaction('events', 'readwrite', { durability: 'strict' });
    tx.oncomplete = () => resolve();
    tx.onabort = () => {
      const cause = tx.error;
      // A DOMException's message can be empty; its name (QuotaExceededError, ConstraintError…) says what happened.
      reject(new Error(cause ? [cause.name, cause.message].filter(Boolean).join(': ') : 'The write was cancelled.', { cause }));
    };
    tx.objectStore('events').add(row);
    tx.commit();
  });
}

export async function setCursor(db: GmDatabase, encounterId: string, cursor: number, round: number): Promise<void> {
  await db.encounters.update(encounterId, { cursor, round, updatedAt: new Date().toISOString() });
}

/** Keeps the list's summary (last change, round reached) current; written shortly after changes, not with each one. */
export async function touchEncounter(db: GmDatabase, encounterId: string, summary: { round: number; updatedAt: string }): Promise<void> {
  await db.encounters.update(encounterId, summary);
}

export async function setArchived(db: GmDatabase, encounterId: string, archived: boolean): Promise<void> {
  await db.encounters.update(encounterId, { archived: archived ? 1 : 0 });
}

/** Deleting only marks the encounter, so the GM can undo it; purgeDeleted removes it for good. */
export async function markDeleted(db: GmDatabase, encounterId: string, deletedAt: string | null): Promise<void> {
  await db.encounters.update(encounterId, { deletedAt });
}

export async function purgeDeleted(db: GmDatabase, olderThan: string): Promise<number> {
  const rows = (await db.encounters.toArray()).filter((r) => r.deletedAt !== null && r.deletedAt < olderThan);
  await db.transaction('rw', db.encounters, db.events, db.snapshots, async () => {
    for (const row of rows) {
      await db.events.where('encounterId').equals(row.id).delete();
      await db.snapshots.where('[encounterId+count]').between([row.id, -Infinity], [row.id, Infinity]).delete();
      await db.encounters.delete(row.id);
    }
  });
  return rows.length;
}
