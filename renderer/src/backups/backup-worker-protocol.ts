import type { BackupReason, WriteBackupResponse } from '../../../shared/ipc/contract';
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
  | { readonly kind: 'restore'; readonly database: string; readonly text: string };

/** The worker's one answer: the result, or why the work itself failed (the database would not open). */
export type BackupWorkerReply =
  | { readonly ok: true; readonly dump: DatabaseDump }
  | { readonly ok: true; readonly restore: RestoreOutcome }
  | { readonly ok: true; readonly written: WriteBackupResponse }
  | { readonly ok: false; readonly message: string };
