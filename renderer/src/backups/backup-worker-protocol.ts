import type { BackupInfo, BackupReason, WriteBackupResponse } from '../../../shared/ipc/contract';
import type { DatabaseDump } from './database-dump';
import type { RestoreOutcome } from './database-restore';

/** What the page asks the backup worker: dump or restore the database of that name. */
export type BackupWorkerRequest =
  | { readonly kind: 'dump'; readonly database: string }
  /**
   * Dump and write it through GM Screen's loopback bridge from the worker itself (the browser
   * fallback): the page's thread never holds tens of megabytes of backup text.
   */
  | { readonly kind: 'dump-and-write'; readonly database: string; readonly token: string; readonly reason: BackupReason }
  | { readonly kind: 'restore'; readonly database: string; readonly text: string }
  /** Read the backup through the bridge and restore it, from the worker itself (the browser fallback). */
  | { readonly kind: 'read-and-restore'; readonly database: string; readonly token: string; readonly name: string };

/** Sent before the answer while a read-and-restore runs: the backup is read, its rows are being written. */
export interface BackupWorkerProgress {
  readonly progress: 'restoring';
}

/** A backup read in the worker (or why it could not be: nothing restored) and the restore's outcome. */
export type ReadAndRestoreOutcome =
  | { readonly status: 'read'; readonly backup: BackupInfo; readonly restore: RestoreOutcome }
  | { readonly status: 'failed'; readonly message: string };

/** The worker's one answer: the result, or why the work itself failed (the database would not open). */
export type BackupWorkerReply =
  | { readonly ok: true; readonly dump: DatabaseDump }
  | { readonly ok: true; readonly restore: RestoreOutcome }
  | { readonly ok: true; readonly written: WriteBackupResponse }
  | { readonly ok: true; readonly readAndRestore: ReadAndRestoreOutcome }
  | { readonly ok: false; readonly message: string };
