import type { BackupReason } from '../../../shared/ipc/contract';
import type { GmDatabase } from '../db/database';
import { gm } from '../platform/gm';
import type { BackupAttempt } from './backup-scheduler';
import { workerBridgeToken } from '../platform/select-gm';
import { dumpAndWriteOffMainThread, dumpOffMainThread } from './off-main-thread';
import { isDatabaseEmpty } from './startup-offer';

/**
 * Dumps the database and hands it to main, which writes it into the backups folder with its
 * checksum. An automatic backup of an empty database is skipped: the start-up offer restores the
 * newest backup, and an empty one written at the first start would hide the one that matters.
 */
export async function takeBackup(db: GmDatabase, reason: BackupReason): Promise<BackupAttempt> {
  let dump;
  try {
    if ((reason === 'settled' || reason === 'quit') && (await isDatabaseEmpty(db))) return { status: 'skipped' };
    // The browser fallback: the worker dumps and writes through the bridge, the page never holds the text.
    const token = workerBridgeToken();
    const written = token ? await dumpAndWriteOffMainThread(db, token, reason) : null;
    if (written) return written;
    dump = await dumpOffMainThread(db);
  } catch (error) {
    const cause = error as Error;
    return { status: 'failed', message: `The database could not be read for a backup (${cause.message}).` };
  }
  try {
    return await gm.writeBackup({ reason, encounters: dump.encounters, events: dump.events, content: dump.content });
  } catch (error) {
    return { status: 'failed', message: `The backup could not be handed to the file service (${(error as Error).message}).` };
  }
}
