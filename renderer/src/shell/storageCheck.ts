import type { AppInfo } from '../../../shared/ipc/contract';
import type { GmDatabase } from '../db/database';

export interface StorageProblemInfo {
  readonly message: string;
  readonly dataDirectory: string | null;
}

/**
 * Opens the database before anything reads it. A database that will not open (quota,
 * corruption, a blocked upgrade) becomes a problem to show, with where the data lives;
 * nothing is written or deleted.
 */
export async function checkStorage(db: GmDatabase, appInfo: () => Promise<AppInfo>): Promise<StorageProblemInfo | null> {
  try {
    await db.open();
    return null;
  } catch (cause) {
    const info = await appInfo().catch(() => null);
    const error = cause as Error;
    return { message: `${error.name}: ${error.message}`, dataDirectory: info?.dataDirectory ?? null };
  }
}
