import type { WriteBackupResponse } from '../../../shared/ipc/contract';
import { GmDatabase } from '../db/database';
import { createBridgeCaller } from '../platform/bridge-transport';
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
    if (request.kind === 'dump-and-write') {
      const dump = await dumpDatabase(db);
      const call = createBridgeCaller(request.token, (input, init) => fetch(input, init));
      try {
        const payload = { reason: request.reason, encounters: dump.encounters, events: dump.events, content: dump.content };
        return { ok: true, written: (await call('writeBackup', payload)) as WriteBackupResponse };
      } catch (error) {
        return { ok: true, written: { status: 'failed', message: (error as Error).message } };
      }
    }
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
