import type { ReadBackupResponse, WriteBackupResponse } from '../../../shared/ipc/contract';
import { GmDatabase } from '../db/database';
import { createBridgeCaller, type Fetch } from '../platform/bridge-transport';
import type { BackupWorkerProgress, BackupWorkerReply, BackupWorkerRequest } from './backup-worker-protocol';
import { dumpDatabase } from './database-dump';
import { restoreDatabase } from './database-restore';

/** What the work needs from where it runs: fetch for the bridge, and a way to report progress before the answer. */
export interface BackupWorkHost {
  readonly fetch: Fetch;
  readonly progress: (progress: BackupWorkerProgress) => void;
}

/**
 * Dumps or restores the database off the page's thread: turning 100,000 events into JSON text
 * (or back) takes long enough to freeze the screen. Dexie works the same in a worker; this
 * opens its own connection to the page's database by name and closes it when done.
 */
export async function runBackupWork(request: BackupWorkerRequest, host: BackupWorkHost): Promise<BackupWorkerReply> {
  const db = new GmDatabase(request.database);
  try {
    if (request.kind === 'dump') return { ok: true, dump: await dumpDatabase(db) };
    if (request.kind === 'dump-and-write') {
      const dump = await dumpDatabase(db);
      const call = createBridgeCaller(request.token, host.fetch);
      try {
        const payload = { reason: request.reason, encounters: dump.encounters, events: dump.events, content: dump.content };
        return { ok: true, written: (await call('writeBackup', payload)) as WriteBackupResponse };
      } catch (error) {
        return { ok: true, written: { status: 'failed', message: (error as Error).message } };
      }
    }
    if (request.kind === 'read-and-restore') {
      const call = createBridgeCaller(request.token, host.fetch);
      let read: ReadBackupResponse;
      try {
        read = (await call('readBackup', { name: request.name })) as ReadBackupResponse;
      } catch (error) {
        return { ok: true, readAndRestore: { status: 'failed', message: (error as Error).message } };
      }
      if (read.status === 'failed') return { ok: true, readAndRestore: read };
      host.progress({ progress: 'restoring' });
      return { ok: true, readAndRestore: { status: 'read', backup: read.backup, restore: await restoreDatabase(db, read.content) } };
    }
    return { ok: true, restore: await restoreDatabase(db, request.text) };
  } catch (error) {
    const cause = error as Error;
    return { ok: false, message: `${cause.name}: ${cause.message}` };
  } finally {
    db.close();
  }
}
