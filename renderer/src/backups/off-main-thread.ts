import type { BackupReason, WriteBackupResponse } from '../../../shared/ipc/contract';
import type { GmDatabase } from '../db/database';
import type { BackupWorkerProgress, BackupWorkerReply, BackupWorkerRequest, ReadAndRestoreOutcome } from './backup-worker-protocol';
import { dumpDatabase, type DatabaseDump } from './database-dump';
import type { RestoreOutcome } from './database-restore';

export type BackupWorkerFactory = () => Worker;

const defaultFactory: BackupWorkerFactory | null =
  typeof Worker === 'function'
    ? () => new Worker(new URL('./backup.worker.ts', import.meta.url), { type: 'module' })
    : null;
let factory = defaultFactory;

/** Tests choose the worker (or none, to run on the page's thread). */
export function setBackupWorkerFactory(next: BackupWorkerFactory | null): void {
  factory = next;
}

const isProgress = (data: BackupWorkerReply | BackupWorkerProgress): data is BackupWorkerProgress => 'progress' in data;

/** The worker's answer, or null when no worker could run it (none here, or it failed to start); progress on the way goes to `onProgress`. */
function runInWorker(request: BackupWorkerRequest, onProgress?: (progress: BackupWorkerProgress) => void): Promise<BackupWorkerReply | null> {
  if (!factory) return Promise.resolve(null);
  let worker: Worker;
  try {
    worker = factory();
  } catch {
    return Promise.resolve(null);
  }
  return new Promise((resolve) => {
    worker.onmessage = (message: MessageEvent<BackupWorkerReply | BackupWorkerProgress>) => {
      if (isProgress(message.data)) return onProgress?.(message.data);
      worker.terminate();
      resolve(message.data);
    };
    // A worker that cannot load (a page without worker support for its origin) reports an error
    // event and never answers: the page does the work itself.
    worker.onerror = (event) => {
      event.preventDefault();
      worker.terminate();
      resolve(null);
    };
    worker.postMessage(request);
  });
}

/** The whole database as backup text, made in a worker where one can run, else here. */
export async function dumpOffMainThread(db: GmDatabase): Promise<DatabaseDump> {
  if (!db.isOpen()) await db.open();
  const reply = await runInWorker({ kind: 'dump', database: db.name });
  if (reply === null) return dumpDatabase(db);
  if (!reply.ok) throw new Error(reply.message);
  if (!('dump' in reply)) throw new Error('The backup worker answered a dump with something else.');
  return reply.dump;
}

/**
 * Dumps the database and writes the backup through the loopback bridge, both in a worker: the
 * browser fallback's way of keeping the page's thread free. Null when no worker could do it (the
 * caller then dumps and writes the usual way).
 */
export async function dumpAndWriteOffMainThread(db: GmDatabase, token: string, reason: BackupReason): Promise<WriteBackupResponse | null> {
  if (!db.isOpen()) await db.open();
  const reply = await runInWorker({ kind: 'dump-and-write', database: db.name, token, reason });
  if (reply === null) return null;
  if (!reply.ok) throw new Error(reply.message);
  if (!('written' in reply)) throw new Error('The backup worker answered a backup with something else.');
  return reply.written;
}

/** Replaces the database with a dump's rows (all or nothing), in a worker where one can run, else here. */
export async function restoreOffMainThread(db: GmDatabase, text: string): Promise<RestoreOutcome> {
  if (!db.isOpen()) await db.open();
  const reply = await runInWorker({ kind: 'restore', database: db.name, text });
  // The restore's checks (and the JSON guard they use) load only when a restore runs.
  if (reply === null) return (await import('./database-restore')).restoreDatabase(db, text);
  if (!reply.ok) return { status: 'refused', message: `The backup could not be restored (${reply.message}).` };
  if (!('restore' in reply)) return { status: 'refused', message: 'The backup worker answered a restore with something else.' };
  return reply.restore;
}

/**
 * Reads a backup through the loopback bridge and restores it, both in a worker: the browser
 * fallback's way of keeping tens of megabytes off the page's thread. `onRestoring` is called once
 * the backup is read and its rows are being written. Null when no worker could do it (the caller
 * then reads and restores the usual way).
 */
export async function readAndRestoreOffMainThread(
  db: GmDatabase,
  token: string,
  name: string,
  onRestoring: () => void,
): Promise<ReadAndRestoreOutcome | null> {
  if (!db.isOpen()) await db.open();
  const reply = await runInWorker({ kind: 'read-and-restore', database: db.name, token, name }, onRestoring);
  if (reply === null) return null;
  // The work itself failed (the database would not open): a transaction left unfinished changed nothing.
  if (!reply.ok) return { status: 'failed', message: `The backup could not be restored (${reply.message}).` };
  if (!('readAndRestore' in reply)) return { status: 'failed', message: 'The backup worker answered a restore with something else.' };
  return reply.readAndRestore;
}
