import Dexie, { type Table } from 'dexie';
import type { RollRecord } from '../../../shared/dice/record';
import type { EncounterEvent } from '../../../shared/encounter/events';
import type { EncounterState } from '../../../shared/encounter/state';
import type { CombatantKind, SheetWeapon, Stats } from '../../../shared/system-kit/tracker-rules';
import type { SystemId } from '../../../shared/system-kit/rule-system';

// Dexie turns its debug mode on by itself for pages served from localhost or 127.0.0.1 (the
// browser fallback), and it then tags every table call and promise with a console task, a stack
// capture each. The built app behaves the same wherever it is served: debug in development only.
Dexie.debug = import.meta.env.DEV;

export interface SettingRow {
  key: string;
  value: unknown;
}

export interface EncounterRow {
  id: string;
  name: string;
  systemId: SystemId;
  createdAt: string;
  updatedAt: string;
  /** 1 = archived (a number, because IndexedDB cannot index booleans). */
  archived: 0 | 1;
  /** Set when the GM deleted it; kept until purged so the delete can be undone. */
  deletedAt: string | null;
  /**
   * How many of the active events are in effect when an undo has moved it back; null when all
   * of them are (the usual case, so appending an event does not have to rewrite this row).
   */
  cursor: number | null;
  /** The round reached, kept up to date shortly after each change so the resume offer needs no replay (absent on old rows). */
  round?: number;
}

export interface EventRow {
  encounterId: string;
  /** Position in the encounter's log; never reused. */
  seq: number;
  event: EncounterEvent;
  /** Dropped redo branch: kept so the log export can show undone entries. */
  discarded: 0 | 1;
  /**
   * The id of the active event before this one when it was written (null for the first), so a
   * row moved or swapped is noticed on reading (absent on rows written before it was kept).
   */
  prev?: string | null;
  /** The round after this event, so the list and the resume offer name the round without a replay or a second write. */
  round?: number;
}

/** The encounter's state after `count` events, saved every SNAPSHOT_INTERVAL events so a long log opens without a full replay. */
export interface SnapshotRow {
  encounterId: string;
  count: number;
  /** Log position of the last event it folds. */
  lastSeq: number;
  /** Id of the last event it folds, checked against the log on reading (absent on older snapshots). */
  lastEventId?: string;
  version: number;
  state: EncounterState;
}

export interface TemplateRow {
  id: string;
  systemId: SystemId;
  name: string;
  kind: CombatantKind;
  stats: Stats;
  /** The sheet's weapons; absent on templates saved before sheets carried weapons (not indexed: no new version). */
  weapons?: readonly SheetWeapon[];
  notes: string;
  updatedAt: string;
}

/**
 * The renderer's database. Every schema change is a new numbered version with its
 * upgrade function; versions are never edited once released.
 */
export class GmDatabase extends Dexie {
  rolls!: Table<RollRecord, string>;
  settings!: Table<SettingRow, string>;
  encounters!: Table<EncounterRow, string>;
  events!: Table<EventRow, [string, number]>;
  templates!: Table<TemplateRow, string>;
  snapshots!: Table<SnapshotRow, [string, number]>;

  constructor(name = 'gm-screen') {
    // Strict durability: a write is on disk before the UI shows it as done.
    super(name, { chromeTransactionDurability: 'strict' });
    this.version(1).stores({
      rolls: '&id, at',
      settings: '&key',
    });
    // v2: encounters as event logs, and the bestiary. Existing rolls and settings are kept as they are.
    this.version(2).stores({
      rolls: '&id, at',
      settings: '&key',
      encounters: '&id, updatedAt, archived',
      events: '[encounterId+seq], encounterId',
      templates: '&id, systemId',
    });
    // v3: saved states every 100 events, so long encounters open fast. Nothing to migrate:
    // encounters without snapshots are replayed from their log as before.
    this.version(3).stores({
      snapshots: '[encounterId+count]',
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
