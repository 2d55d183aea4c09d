import type { EncounterEvent } from '../../../shared/encounter/events';
import { readStoredLog, type LogDamage } from '../../../shared/encounter/stored-log';
import type { SystemId } from '../../../shared/system-kit/rule-system';
import { ENCOUNTER_STATE_VERSION, type EncounterState } from '../../../shared/encounter/state';
import type { EncounterRow, EventRow, GmDatabase, SnapshotRow } from './database';

/**
 * Encounter storage: one row per encounter and its event log. Every write is one strict
 * transaction, so an event is either fully on disk (log and cursor) or not at all.
 */
export interface StoredEncounter {
  readonly row: EncounterRow;
  /** Active (not discarded) events in log order, up to the first damaged row. */
  readonly events: EncounterEvent[];
  /** The log position of each active event, parallel to `events`. */
  readonly seqs: number[];
  /** The next free log position (past discarded events too). */
  readonly nextSeq: number;
  /** How many active events are in effect. */
  readonly cursor: number;
  /** The first damage found in the rows or the stored cursor; null when the log reads whole. */
  readonly damage: LogDamage | null;
}

const wholeLog = (id: string) => [[id, -Infinity], [id, Infinity]] as const;

/** The encounters in the list, newest change first, each with the round and time of its latest change. */
export async function listEncounters(db: GmDatabase): Promise<EncounterRow[]> {
  const rows = await db.encounters.orderBy('updatedAt').reverse().toArray();
  const listed = await Promise.all(rows.filter((row) => row.deletedAt === null).map((row) => withLatestSummary(db, row)));
  return listed.sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0));
}

/**
 * The row with its summary taken from the log's last row, which is written with every change:
 * the row's own summary is written a moment later and may miss the last change before a crash.
 * An undo writes the row's cursor and round together, so a pinned cursor keeps the row's round.
 */
export async function withLatestSummary(db: GmDatabase, row: EncounterRow): Promise<EncounterRow> {
  if (row.cursor !== null) return row;
  const last = await db.events.where('[encounterId+seq]').between(...wholeLog(row.id)).last();
  if (!last || last.discarded !== 0 || typeof last.round !== 'number') return row;
  const at = typeof last.event?.at === 'string' && last.event.at > row.updatedAt ? last.event.at : row.updatedAt;
  return last.round === row.round && at === row.updatedAt ? row : { ...row, round: last.round, updatedAt: at };
}

/** Rows for a list of events written from the start of a log: positions, the chain of previous ids and, on the last, the round. */
function freshRows(encounterId: string, events: readonly EncounterEvent[], round: number): EventRow[] {
  return events.map((event, seq) => ({
    encounterId,
    seq,
    event,
    discarded: 0,
    prev: seq === 0 ? null : events[seq - 1]!.id,
    ...(seq === events.length - 1 ? { round } : {}),
  }));
}

export async function createEncounter(
  db: GmDatabase,
  init: { id: string; name: string; systemId: SystemId; at: string; round?: number },
  events: readonly EncounterEvent[],
): Promise<void> {
  const { round = 0, ...row } = init;
  await db.transaction('rw', db.encounters, db.events, async () => {
    await db.encounters.add({ ...row, createdAt: init.at, updatedAt: init.at, archived: 0, deletedAt: null, cursor: null, round });
    await db.events.bulkAdd(freshRows(init.id, events, round));
  });
}

/** Reads and checks a whole log; damage is reported, never repaired. */
export async function loadEncounter(db: GmDatabase, id: string): Promise<StoredEncounter | undefined> {
  return db.transaction('r', db.encounters, db.events, async () => {
    const row = await db.encounters.get(id);
    if (!row || row.deletedAt !== null) return undefined;
    const rows = await db.events.where('[encounterId+seq]').between(...wholeLog(id)).toArray();
    const reading = readStoredLog(rows, row.cursor);
    return { row, events: reading.events, seqs: reading.seqs, nextSeq: nextSeqAfter(rows), cursor: reading.cursor, damage: reading.damage };
  });
}

function nextSeqAfter(rows: readonly EventRow[]): number {
  return rows.reduce((max, r) => (typeof r.seq === 'number' ? Math.max(max, r.seq + 1) : max), 0);
}

export interface QuickOpen {
  readonly row: EncounterRow;
  /** The latest snapshot at or before the cursor that fits the log, or null (then `reading` is the whole log). */
  readonly snapshot: SnapshotRow | null;
  /** Why the latest snapshot of this version was not used, when it does not fit the log (`entry`: the entries it claims). */
  readonly snapshotRejected: { readonly entry: number; readonly reason: string } | null;
  /** The checked active events after the snapshot (or all of them) and the cursor. */
  readonly reading: StoredLogReadingOf;
  readonly nextSeq: number;
}

type StoredLogReadingOf = ReturnType<typeof readStoredLog>;

/**
 * Whether a snapshot can stand for the log before it: it folds no more entries than there are
 * positions up to its last, and the row at its last position holds the event it names. The rows
 * before it, and its state, are checked once the earlier events are read (the encounter store
 * does that before the first change): counting them here as well cost up to 860 ms on disk at
 * 100,000 rows, and found nothing that check does not.
 */
async function snapshotMisfit(db: GmDatabase, id: string, snapshot: SnapshotRow): Promise<string | null> {
  const { count, lastSeq } = snapshot;
  if (!Number.isInteger(count) || !Number.isInteger(lastSeq) || count < 1 || count > lastSeq + 1) {
    return `it claims ${String(count)} entries up to log position ${String(lastSeq)}`;
  }
  if (snapshot.lastEventId === undefined) return null;
  const last = await db.events.get([id, lastSeq]);
  return last?.event?.id === snapshot.lastEventId ? null : `the log row at position ${lastSeq} is not the entry it folds`;
}

/** The newest `count` snapshots up to entry `upTo`, newest first. */
function newestSnapshots(db: GmDatabase, id: string, upTo: number, count: number): Promise<SnapshotRow[]> {
  return db.snapshots.where('[encounterId+count]').between([id, 1], [id, upTo], true, true).reverse().limit(count).toArray();
}

/**
 * The snapshot to open from: the newest of this state version, read alone (a snapshot holds the
 * whole encounter, and reading one costs milliseconds). When it is of another version (after an
 * update) the newest few are looked at: one of another version is skipped, not read in bulk.
 */
async function usableSnapshot(db: GmDatabase, id: string, upTo: number, newest: SnapshotRow | undefined): Promise<SnapshotRow | null> {
  if (!newest || newest.version === ENCOUNTER_STATE_VERSION) return newest ?? null;
  const candidates = await newestSnapshots(db, id, upTo, 3);
  return candidates.find((c) => c.version === ENCOUNTER_STATE_VERSION) ?? null;
}

/**
 * Reads what is needed to show an encounter now: its latest snapshot and the events after
 * it. The events before the snapshot are read later (`loadLogUpTo`), for undo and the log.
 * What does not depend on an earlier answer is asked together: each round trip to the
 * database costs more than the reading itself while the app is starting.
 */
export async function loadEncounterQuickly(db: GmDatabase, id: string): Promise<QuickOpen | undefined> {
  return db.transaction('r', db.encounters, db.events, db.snapshots, async () => {
    const [row, [newest], nextSeq] = await Promise.all([
      db.encounters.get(id),
      newestSnapshots(db, id, Infinity, 1),
      positionAfterLog(db, id),
    ]);
    if (!row || row.deletedAt !== null) return undefined;
    // After an undo only a snapshot at or before the cursor stands for what is shown.
    const upTo = typeof row.cursor === 'number' && row.cursor >= 1 ? row.cursor : Infinity;
    const newestUpTo = upTo === Infinity ? newest : (await newestSnapshots(db, id, upTo, 1))[0];
    let snapshot = await usableSnapshot(db, id, upTo, newestUpTo);
    const eventsFrom = (fromSeq: number) => db.events.where('[encounterId+seq]').between([id, fromSeq], [id, Infinity]).toArray();
    // The events after the snapshot are read while it is checked; one that does not fit (rare)
    // costs a second read, of the whole log.
    const [misfit, afterSnapshot] = await Promise.all([
      snapshot ? snapshotMisfit(db, id, snapshot) : null,
      eventsFrom(snapshot ? snapshot.lastSeq + 1 : -Infinity),
    ]);
    const snapshotRejected = snapshot && misfit ? { entry: Number.isInteger(snapshot.count) ? snapshot.count : 0, reason: misfit } : null;
    if (snapshotRejected) snapshot = null;
    const rows = snapshotRejected ? await eventsFrom(-Infinity) : afterSnapshot;
    const reading = snapshot
      ? readStoredLog(rows, row.cursor, { seq: snapshot.lastSeq + 1, entries: snapshot.count, ...(snapshot.lastEventId !== undefined ? { prevId: snapshot.lastEventId } : {}) })
      : readStoredLog(rows, row.cursor);
    return { row, snapshot, snapshotRejected, reading, nextSeq };
  });
}

/**
 * What any write to an encounter changes: its row (times, cursor, round, name) or the position
 * after its last log row. Equal before and after, nothing was written in between.
 */
export interface WriteMark {
  readonly row: EncounterRow | undefined;
  readonly nextSeq: number;
}

export async function readWriteMark(db: GmDatabase, id: string): Promise<WriteMark> {
  return db.transaction('r', db.encounters, db.events, async () => {
    const [row, nextSeq] = await Promise.all([db.encounters.get(id), positionAfterLog(db, id)]);
    return { row, nextSeq };
  });
}

/** The position after the log's last row (0 for an empty log): where the next append goes. */
async function positionAfterLog(db: GmDatabase, id: string): Promise<number> {
  const last = await db.events.where('[encounterId+seq]').between(...wholeLog(id)).last();
  return last && typeof last.seq === 'number' ? last.seq + 1 : 0;
}

/** The log's rows (active and undone) up to and including position `lastSeq`, unchecked. */
export async function loadLogUpTo(db: GmDatabase, id: string, lastSeq: number): Promise<EventRow[]> {
  return db.events.where('[encounterId+seq]').between([id, -Infinity], [id, lastSeq], true, true).toArray();
}

/** The whole log including discarded (undone and overwritten) events, for the export. */
export async function loadFullLog(db: GmDatabase, id: string): Promise<EventRow[]> {
  return db.events.where('[encounterId+seq]').between(...wholeLog(id)).toArray();
}

/** A state to save, keyed to the entry it folds as the write path keys it. */
export interface SnapshotToSave {
  readonly count: number;
  readonly lastSeq: number;
  readonly lastEventId: string;
  readonly state: EncounterState;
}

/**
 * Saves the states a whole replay passed, for a log that had none of this version to open from
 * (a restored backup leaves them out, an imported encounter comes without them, an older build's
 * are of another version), so the next opening starts from the latest instead of replaying every
 * entry. One of the same count is replaced: it is the same state.
 */
export async function saveSnapshots(db: GmDatabase, encounterId: string, snapshots: readonly SnapshotToSave[]): Promise<void> {
  if (snapshots.length === 0) return;
  await db.snapshots.bulkPut(snapshots.map((snapshot) => ({ encounterId, ...snapshot, version: ENCOUNTER_STATE_VERSION })));
}

export interface AppendWrite {
  /** Log position of the first new event; the others follow it. */
  readonly seq: number;
  /** Positions of the redo branch the new events replace. */
  readonly discardSeqs: readonly number[];
  /** The cursor after the last new event. */
  readonly cursor: number;
  /** The row's cursor is a number (an undo pinned it): set it back to null. */
  readonly unpinCursor: boolean;
  readonly name?: string;
  /** States to save with the write, by the number of entries they fold (cursors this write reaches). */
  readonly snapshots?: readonly { readonly count: number; readonly state: EncounterState }[];
  /** Id of the active event just before the first new one (null: none; undefined: not known, not recorded). */
  readonly prevId: string | null | undefined;
  /** The round after the last new event. */
  readonly round: number;
}

/**
 * Appends events at the cursor, all of them or none: events after the cursor (the redo
 * branch) are marked discarded and the new events take the next log positions. The cursor then
 * points past the last active event, which the row records as null — so the row is only
 * rewritten when an undo had pinned the cursor (or the name changes), and most appends are a
 * single write. Each row names the event before it and the last one carries the round, so the
 * log's order and the list's summary are checked and known without another write.
 */
export async function appendEvents(db: GmDatabase, encounterId: string, events: readonly EncounterEvent[], write: AppendWrite): Promise<void> {
  if (events.length === 0) return;
  const rows: EventRow[] = events.map((event, index) => ({
    encounterId,
    seq: write.seq + index,
    event,
    discarded: 0,
    ...(index > 0 ? { prev: events[index - 1]!.id } : write.prevId !== undefined ? { prev: write.prevId } : {}),
    ...(index === events.length - 1 ? { round: write.round } : {}),
  }));
  const rowChanges = write.unpinCursor || write.name !== undefined;
  const snapshots = write.snapshots ?? [];
  if (rows.length === 1 && !write.discardSeqs.length && !snapshots.length && !rowChanges) {
    // The common case touches one table: a transaction over that table alone is cheaper.
    await addEventRow(db, rows[0]!);
    return;
  }
  const cursorBefore = write.cursor - events.length;
  await db.transaction('rw', db.encounters, db.events, db.snapshots, async () => {
    if (write.discardSeqs.length) {
      await db.events.bulkUpdate(write.discardSeqs.map((seq) => ({ key: [encounterId, seq] as [string, number], changes: { discarded: 1 as const } })));
      // Snapshots past the cursor folded the events just discarded.
      await db.snapshots.where('[encounterId+count]').between([encounterId, cursorBefore], [encounterId, Infinity], false, true).delete();
    }
    for (const { count, state } of snapshots) {
      const index = count - cursorBefore - 1;
      const row = rows[index];
      if (!row) throw new Error(`A snapshot of ${count} entries is not reached by this write.`);
      await db.snapshots.put({ encounterId, count, lastSeq: row.seq, lastEventId: row.event.id, version: ENCOUNTER_STATE_VERSION, state });
    }
    await db.events.bulkAdd(rows);
    if (rowChanges) {
      const changes: Partial<EncounterRow> = { cursor: null, updatedAt: events[events.length - 1]!.at, round: write.round };
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

/** Ids of logs stored without their encounter row (it was lost): their events can still be recovered. */
export async function orphanLogIds(db: GmDatabase): Promise<string[]> {
  return db.transaction('r', db.encounters, db.events, async () => {
    const rows = new Set((await db.encounters.toCollection().primaryKeys()) as string[]);
    const logged = await loggedEncounterIds(db);
    return logged.filter((id): id is string => typeof id === 'string' && !rows.has(id));
  });
}

/**
 * The encounter ids the log holds rows of, one query per id (each the first key above the last):
 * a unique-keys cursor steps over every row, which at 100,000 rows held the database for up to
 * 800 ms at start-up, ahead of the resumed encounter's own reads.
 */
async function loggedEncounterIds(db: GmDatabase): Promise<unknown[]> {
  const ids: unknown[] = [];
  let next = (await db.events.orderBy('encounterId').limit(1).keys())[0];
  while (next !== undefined) {
    ids.push(next);
    next = (await db.events.where('encounterId').above(next).limit(1).keys())[0];
  }
  return ids;
}

/** Gives a recovered log its encounter row again; its events are not touched. Refuses if a row exists meanwhile. */
export async function restoreEncounterRow(db: GmDatabase, row: EncounterRow): Promise<void> {
  await db.encounters.add(row);
}
