import type { EncounterEvent } from '../encounter/events';
import type { SystemId } from '../system-kit/rule-system';

/**
 * One encounter as its exports and imports see it: the list row's facts and its whole stored log,
 * undone entries included, in log order. Built by the renderer from the database, and by the
 * JSON import from a file; every exporter reads only this.
 */
export interface EncounterRecord {
  readonly name: string;
  readonly systemId: SystemId;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly archived: boolean;
  /** How many active (not discarded) entries are in effect; null when all of them are. */
  readonly cursor: number | null;
  readonly log: readonly LoggedEvent[];
}

export interface LoggedEvent {
  readonly event: EncounterEvent;
  /**
   * Undone and then overwritten by a later change (the dropped redo branch). Entries past the
   * cursor are undone too but can still be redone; they are not discarded.
   */
  readonly discarded: boolean;
}

/** What the GM asked for in the Export dialog. JSON ignores both: it is always the whole encounter. */
export interface ExportOptions {
  /** Show undone entries (struck through) instead of leaving them out. */
  readonly includeUndone: boolean;
  /** Only entries in these rounds (inclusive; 0 is setup before the start); null = every round. */
  readonly rounds: { readonly from: number; readonly to: number } | null;
}

/** Called now and then during a long export, so the screen can show progress. */
export type ExportProgress = (done: number, total: number) => void;
