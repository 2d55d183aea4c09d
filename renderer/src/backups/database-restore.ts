import { MAX_FILE_CONTENT_CHARS } from '../../../shared/ipc/limits';
import { parseUntrustedJson } from '../../../shared/import/safe-json';
import type { GmDatabase } from '../db/database';
import {
  countRows,
  DUMP_FORMAT,
  DUMPED_TABLE_NAMES,
  DUMPED_TABLES,
  READABLE_DUMP_VERSIONS,
  REBUILT_TABLES,
  type DumpCounts,
  type DumpedRows,
  type DumpedTable,
} from './database-dump';
import { checkTableRows } from './dump-rows';

export type RestoreOutcome = ({ readonly status: 'restored' } & DumpCounts) | { readonly status: 'refused'; readonly message: string };

const isTableName = (name: string): name is DumpedTable => Object.hasOwn(DUMPED_TABLES, name);
/** Version 1 dumps carried the saved states too; they are left out, as version 2 leaves them out. */
const isSkippedTable = (name: string, version: number) => version === 1 && (REBUILT_TABLES as readonly string[]).includes(name);
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Bounds for a backup: as long as any file the app writes, and wider than an import's, since
 * a whole database has more rows and larger objects than one encounter file (a roll log of a
 * million rolls, a snapshot of a thousand combatants); a backup the app wrote must restore.
 */
const BACKUP_JSON_LIMITS = {
  maxChars: MAX_FILE_CONTENT_CHARS,
  maxArrayItems: 20_000_000,
  maxObjectKeys: 1_000_000,
  maxStringChars: 10_000_000,
} as const;

/** Parsed with the same guard as every file from outside: no prototype keys, bounded nesting, texts, lists and objects. */
function parseText(text: string): { value: unknown } | { message: string } {
  const parsed = parseUntrustedJson(text, BACKUP_JSON_LIMITS);
  return parsed.ok ? { value: parsed.value } : { message: `The backup cannot be read: ${lowerFirst(parsed.message)}` };
}

const lowerFirst = (sentence: string) => sentence.charAt(0).toLowerCase() + sentence.slice(1);

/**
 * The tables of a dump, checked: format and version, a schema no newer than this build's, every
 * table this schema version has and no other, every row of the shape the database needs.
 * Tables added after the dump's schema version come back empty.
 */
export function readDump(text: string, schemaVersion: number): { tables: DumpedRows } | { message: string } {
  const parsed = parseText(text);
  if ('message' in parsed) return parsed;
  const dump = parsed.value;
  if (!isRecord(dump) || dump.format !== DUMP_FORMAT) {
    return { message: `This is not a GM Screen database backup (its format is not "${DUMP_FORMAT}").` };
  }
  if (!READABLE_DUMP_VERSIONS.includes(dump.version as number)) {
    return {
      message: `This backup is in version ${JSON.stringify(dump.version)} of the backup format; this GM Screen reads versions ${READABLE_DUMP_VERSIONS.join(' and ')}.`,
    };
  }
  const version = dump.version as number;
  const from = dump.schemaVersion;
  if (!Number.isInteger(from) || (from as number) < 1) {
    return { message: 'The backup does not say which database version it was made from.' };
  }
  if ((from as number) > schemaVersion) {
    return {
      message: `This backup was made by a newer GM Screen (database version ${String(from)}; this one has version ${schemaVersion}). Update GM Screen to restore it.`,
    };
  }
  if (!isRecord(dump.tables)) return { message: 'The backup has no tables.' };
  const unknown = Object.keys(dump.tables).find((name) => !isTableName(name) && !isSkippedTable(name, version));
  if (unknown !== undefined) return { message: `The backup has a table "${unknown}" that this GM Screen does not know.` };
  const tables = {} as DumpedRows;
  for (const name of DUMPED_TABLE_NAMES) {
    const rows = dump.tables[name];
    if (rows === undefined && DUMPED_TABLES[name] > (from as number)) {
      tables[name] = [];
      continue;
    }
    if (rows === undefined) return { message: `The backup has no "${name}" table, which a database of version ${String(from)} has.` };
    const problem = checkTableRows(name, rows);
    if (problem) return { message: problem };
    tables[name] = rows as unknown[];
  }
  return { tables };
}

/**
 * Empties every table (the saved states included) and adds the rows, in one read-write
 * transaction: all of it or, on any problem, nothing. Written straight on IndexedDB under Dexie:
 * Dexie's bulkAdd tracks every key it writes for its live queries, which no one watches here.
 */
export async function replaceTables(db: GmDatabase, tables: DumpedRows): Promise<void> {
  if (!db.isOpen()) await db.open();
  const names = [...DUMPED_TABLE_NAMES, ...REBUILT_TABLES];
  const transaction = db.backendDB().transaction(names, 'readwrite', { durability: 'strict' });
  const done = new Promise<void>((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    // A refused row aborts the transaction: its error first, then the abort, which rejects once.
    transaction.onabort = () => reject(transaction.error ?? new DOMException('The restore was stopped.', 'AbortError'));
  });
  try {
    for (const name of names) transaction.objectStore(name).clear();
    for (const name of DUMPED_TABLE_NAMES) {
      const store = transaction.objectStore(name);
      for (const row of tables[name]) store.add(row);
    }
  } catch (error) {
    // A row IndexedDB refuses at once (a key it cannot use): nothing written.
    transaction.abort();
    await done.catch(() => undefined);
    throw error;
  }
  return done;
}

/**
 * Replaces every table with the dump's rows in one read-write transaction: all of it or, on any
 * problem, nothing (the database is left exactly as it was, and the sentence says why).
 */
export async function restoreDatabase(db: GmDatabase, text: string): Promise<RestoreOutcome> {
  if (!db.isOpen()) await db.open();
  const read = readDump(text, db.verno);
  if ('message' in read) return { status: 'refused', message: read.message };
  try {
    await replaceTables(db, read.tables);
  } catch (error) {
    const cause = error as Error;
    return {
      status: 'refused',
      message: `The backup could not be written to the database (${cause.name}: ${cause.message.slice(0, 200)}).`,
    };
  }
  return { status: 'restored', ...countRows(read.tables) };
}
