import type { DatabaseDump } from './database-dump';
import type { RestoreOutcome } from './database-restore';

/** What the page asks the backup worker: dump or restore the database of that name. */
export type BackupWorkerRequest =
  | { readonly kind: 'dump'; readonly database: string }
  | { readonly kind: 'restore'; readonly database: string; readonly text: string };

/** The worker's one answer: the result, or why the work itself failed (the database would not open). */
export type BackupWorkerReply =
  | { readonly ok: true; readonly dump: DatabaseDump }
  | { readonly ok: true; readonly restore: RestoreOutcome }
  | { readonly ok: false; readonly message: string };
