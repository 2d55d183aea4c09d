import type { BackupInfo } from '../../../shared/ipc/contract';
import type { GmDatabase } from '../db/database';
import { gm } from '../platform/gm';
import type { BackupAttempt } from './backup-scheduler';
import { workerBridgeToken } from '../platform/select-gm';
import { readAndRestoreOffMainThread, restoreOffMainThread } from './off-main-thread';

export type RestoreStep = 'backing-up' | 'reading' | 'restoring';

export type RestoreResult =
  | { readonly status: 'restored'; readonly backup: BackupInfo }
  | { readonly status: 'failed'; readonly message: string };

export interface RestoreFlowOptions {
  /** Backs up the current state first; omitted when there is nothing to keep (an empty or unreadable database). */
  readonly backUpCurrent?: () => Promise<BackupAttempt>;
  /** Automatic backups stop noticing writes while the database is replaced. */
  readonly pauseAutomatic?: () => void;
  readonly resumeAutomatic?: () => void;
  readonly onStep?: (step: RestoreStep) => void;
  /**
   * The database would not open: once the backup is read and checked, the unopenable database is
   * deleted and created anew from it (its rows cannot be replaced one by one).
   */
  readonly replaceUnopenable?: boolean;
}

const NOTHING_CHANGED = 'Nothing was changed.';

/**
 * Restores one backup: the current state backed up first (if that fails, nothing else happens),
 * the file read and its checksum checked by main (damaged: nothing happens), then every table
 * replaced in one transaction. The caller reloads the screen on success so every store reads
 * the restored data.
 */
export async function restoreBackup(db: GmDatabase, name: string, options: RestoreFlowOptions = {}): Promise<RestoreResult> {
  if (options.backUpCurrent) {
    options.onStep?.('backing-up');
    const first = await options.backUpCurrent();
    if (first.status === 'failed') {
      return { status: 'failed', message: `The current state could not be backed up first, so nothing was restored: ${first.message}` };
    }
  }
  options.onStep?.('reading');
  // The browser fallback: a worker reads and restores, the page never holds the backup's text.
  const token = options.replaceUnopenable ? null : workerBridgeToken();
  if (token) {
    options.pauseAutomatic?.();
    const inWorker = await readAndRestoreOffMainThread(db, token, name, () => options.onStep?.('restoring')).catch(
      (error: unknown) => ({ status: 'failed', message: `The database could not be opened to restore into (${(error as Error).message}).` }) as const,
    );
    if (inWorker !== null) {
      const outcome = inWorker.status === 'read' ? inWorker.restore : inWorker;
      if (outcome.status === 'restored' && inWorker.status === 'read') return { status: 'restored', backup: inWorker.backup };
      options.resumeAutomatic?.();
      return { status: 'failed', message: `${outcome.status === 'restored' ? '' : outcome.message} ${NOTHING_CHANGED}` };
    }
    // No worker could run here: read and restore as under Electron.
    options.resumeAutomatic?.();
  }
  let read;
  try {
    read = await gm.readBackup({ name });
  } catch (error) {
    return { status: 'failed', message: `The backup could not be read (${(error as Error).message}). ${NOTHING_CHANGED}` };
  }
  if (read.status === 'failed') return { status: 'failed', message: `${read.message} ${NOTHING_CHANGED}` };
  options.onStep?.('restoring');
  if (options.replaceUnopenable) {
    // Checked before anything is deleted: a backup that would be refused leaves the old database alone.
    const { readDump } = await import('./database-restore');
    const checked = readDump(read.content, db.verno);
    if ('message' in checked) return { status: 'failed', message: `${checked.message} ${NOTHING_CHANGED}` };
    try {
      await db.delete();
    } catch (error) {
      return { status: 'failed', message: `The database that will not open could not be replaced (${(error as Error).message}). ${NOTHING_CHANGED}` };
    }
  }
  options.pauseAutomatic?.();
  let outcome;
  try {
    outcome = await restoreOffMainThread(db, read.content);
  } catch (error) {
    outcome = { status: 'refused' as const, message: `The database could not be opened to restore into (${(error as Error).message}).` };
  }
  if (outcome.status === 'refused') {
    options.resumeAutomatic?.();
    return { status: 'failed', message: `${outcome.message} ${NOTHING_CHANGED}` };
  }
  return { status: 'restored', backup: read.backup };
}
