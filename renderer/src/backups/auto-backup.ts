import type { Pinia } from 'pinia';
import { watch } from 'vue';
import { getDatabase, type GmDatabase } from '../db/database';
import { useCommandsStore } from '../palette/commands-store';
import { useBackupsStore, type BackupsStartOptions } from './backups-store';

/**
 * Automatic backups for the app's lifetime. Started by main.ts before anything opens the
 * database: the write watch is part of the connection, and the start-up reads (settings, the
 * resume offer) open it before the screen mounts. A failed automatic backup is said once on the
 * status line (and stays in the Backups dialog); play goes on. Returns what stops them.
 */
export function startAutomaticBackups(
  pinia: Pinia,
  db: GmDatabase = getDatabase(),
  options: BackupsStartOptions = {},
): () => void {
  const backups = useBackupsStore(pinia);
  const commands = useCommandsStore(pinia);
  const stopBackups = backups.start(db, options);
  const stopAnnouncing = watch(
    () => backups.automaticFailure,
    (message) => {
      if (message) commands.announce(message);
    },
  );
  return () => {
    stopAnnouncing();
    stopBackups();
  };
}
