import { GmDatabase } from '../db/database';
import type { BackupWorkerReply, BackupWorkerRequest } from './backup-worker-protocol';
import { dumpDatabase } from './database-dump';
import { restoreDatabase } from './database-restore';

/**
 * Dumps or restores the database off the page's thread: turning 100,000 events into JSON text
 * (or back) takes long enough to freeze the screen. Dexie works the same in a worker; this
 * opens its own connection to the page's database by name and closes it when done.
 */
async function handle(request: BackupWorkerRequest): Promise<BackupWorkerReply> {
  const db = new GmDatabase(request.database);
  try {
    if (request.kind === 'dump') return { ok: true, dump: await dumpDatabase(db) };
    return { ok: true, restore: await restoreDatabase(db, request.text) };
  } catch (error) {
    const cause = error as Error;
    return { ok: false, message: `${cause.name}: ${cause.message}` };
  } finally {
    db.close();
  }
}

self.onmessage = async (message: MessageEvent<BackupWorkerRequest>) => {
  self.postMessage(await handle(message.data));
};
