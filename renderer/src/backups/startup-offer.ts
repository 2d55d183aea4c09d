import type { BackupInfo } from '../../../shared/ipc/contract';
import type { GmDatabase } from '../db/database';
import { gm } from '../platform/gm';

export interface StartupRestoreOffer {
  readonly backup: BackupInfo;
  /** The database would not open: restoring replaces it rather than its rows. */
  readonly databaseUnavailable: boolean;
}

/** Nothing a GM made is in it: no encounter (deleted ones included), no template, no roll. Settings alone do not count. */
export async function isDatabaseEmpty(db: GmDatabase): Promise<boolean> {
  return db.transaction('r', db.encounters, db.templates, db.rolls, async () => {
    const counts = await Promise.all([db.encounters.count(), db.templates.count(), db.rolls.count()]);
    return counts.every((count) => count === 0);
  });
}

/**
 * At start: when the database will not open, or opened empty, and main has an intact backup,
 * the newest one is offered. Declining stores nothing, so the offer comes back at the next
 * start for as long as the database stays empty.
 */
export async function findStartupRestoreOffer(db: GmDatabase, databaseOpened: boolean): Promise<StartupRestoreOffer | null> {
  if (databaseOpened && !(await isDatabaseEmpty(db))) return null;
  const backup = await gm.findNewestIntactBackup().catch(() => null);
  return backup ? { backup, databaseUnavailable: !databaseOpened } : null;
}
