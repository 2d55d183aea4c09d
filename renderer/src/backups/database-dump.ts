import type { GmDatabase } from '../db/database';

/** The name and version at the top of every dump; a restore refuses text without them. */
export const DUMP_FORMAT = 'gm-screen-database';
/** Version 2 leaves the saved states of long encounters out (version 1 carried them). */
export const DUMP_VERSION = 2;
/** The versions a restore reads: version 1's saved states are left out on restoring, as version 2 leaves them out on dumping. */
export const READABLE_DUMP_VERSIONS: readonly number[] = [1, 2];

/**
 * Every table a dump holds, in the order it lists them, with the schema version that added it:
 * a dump from an older schema simply has no rows for the tables added since.
 */
export const DUMPED_TABLES = {
  rolls: 1,
  settings: 1,
  encounters: 2,
  events: 2,
  templates: 2,
} as const;
export type DumpedTable = keyof typeof DUMPED_TABLES;
export const DUMPED_TABLE_NAMES = Object.keys(DUMPED_TABLES) as DumpedTable[];

/**
 * Tables a dump leaves out but a restore empties: the saved states of long encounters
 * (a snapshot every 100 entries) are a cache of their logs, more than half of a large database's
 * bytes; a restored encounter replays its log on opening and saves them again.
 */
export const REBUILT_TABLES = ['snapshots'] as const;

export type DumpedRows = Record<DumpedTable, unknown[]>;

/** What the Backups dialog and the backup file's listing show: encounters in the list and their log entries. */
export interface DumpCounts {
  readonly encounters: number;
  readonly events: number;
}

export interface DatabaseDump extends DumpCounts {
  /** `{"format":"gm-screen-database","version":1,"schemaVersion":N,"tables":{...}}` */
  readonly content: string;
}

/** Encounters not deleted, and the event rows (undone ones included) of those encounters. */
export function countRows(tables: Pick<DumpedRows, 'encounters' | 'events'>): DumpCounts {
  const listed = new Set<string>();
  for (const row of tables.encounters as { id: string; deletedAt: string | null }[]) {
    if (row.deletedAt === null) listed.add(row.id);
  }
  let events = 0;
  for (const row of tables.events as { encounterId: string }[]) if (listed.has(row.encounterId)) events++;
  return { encounters: listed.size, events };
}

/**
 * Every row of every table, read in one IndexedDB transaction so the dump is one consistent
 * moment. Read with getAll on the connection under Dexie: Dexie's own reading took about twice
 * as long for 100,000 events (its middlewares handle every result).
 */
export async function readAllTables(db: GmDatabase): Promise<DumpedRows> {
  if (!db.isOpen()) await db.open();
  const idb = db.backendDB();
  return new Promise((resolve, reject) => {
    const transaction = idb.transaction(DUMPED_TABLE_NAMES, 'readonly');
    const requests = DUMPED_TABLE_NAMES.map((name) => transaction.objectStore(name).getAll());
    // Built in the fixed table order, so the dump's text does not depend on which read ended first.
    transaction.oncomplete = () =>
      resolve(Object.fromEntries(DUMPED_TABLE_NAMES.map((name, index) => [name, requests[index]!.result as unknown[]])) as DumpedRows);
    transaction.onerror = () => reject(transaction.error ?? new Error('The database could not be read.'));
    transaction.onabort = () => reject(transaction.error ?? new Error('Reading the database was stopped.'));
  });
}

/** The whole database as JSON text, with the counts the backup list shows. */
export async function dumpDatabase(db: GmDatabase): Promise<DatabaseDump> {
  const tables = await readAllTables(db);
  const content = JSON.stringify({ format: DUMP_FORMAT, version: DUMP_VERSION, schemaVersion: db.verno, tables });
  return { content, ...countRows(tables) };
}

/** The same counts for the database as it is now, without reading every row (for the restore confirmation). */
export async function countDatabase(db: GmDatabase): Promise<DumpCounts> {
  return db.transaction('r', db.encounters, db.events, async () => {
    const listed = await db.encounters.filter((row) => row.deletedAt === null).primaryKeys();
    const events = listed.length === 0 ? 0 : await db.events.where('encounterId').anyOf(listed).count();
    return { encounters: listed.length, events };
  });
}
