import Dexie, { type Table } from 'dexie';
import type { RollRecord } from '../../../shared/dice/record';

export interface SettingRow {
  key: string;
  value: unknown;
}

/**
 * The renderer's database. Every schema change is a new numbered version with its
 * upgrade function; versions are never edited once released.
 */
export class GmDatabase extends Dexie {
  rolls!: Table<RollRecord, string>;
  settings!: Table<SettingRow, string>;

  constructor(name = 'gm-screen') {
    // Strict durability: a write is on disk before the UI shows it as done.
    super(name, { chromeTransactionDurability: 'strict' });
    this.version(1).stores({
      rolls: '&id, at',
      settings: '&key',
    });
  }
}

let database: GmDatabase | undefined;

export function getDatabase(): GmDatabase {
  database ??= new GmDatabase();
  return database;
}

/** Tests swap in a database with a fresh name. */
export function setDatabase(next: GmDatabase): void {
  database = next;
}
