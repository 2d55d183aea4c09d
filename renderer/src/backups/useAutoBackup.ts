import { onBeforeUnmount, watch } from 'vue';
import { getDatabase, type GmDatabase } from '../db/database';
import { useCommandsStore } from '../palette/commands-store';
import { useBackupsStore } from './backups-store';

/**
 * Automatic backups for the app's lifetime. Call it from the root component's setup, before
 * anything opens the database: the write watch is part of the connection. A failed automatic
 * backup is said once on the status line (and stays in the Backups dialog); play goes on.
 */
export function useAutoBackup(db: GmDatabase = getDatabase()): void {
  const backups = useBackupsStore();
  const commands = useCommandsStore();
  const stop = backups.start(db);
  watch(
    () => backups.automaticFailure,
    (message) => {
      if (message) commands.announce(message);
    },
  );
  onBeforeUnmount(stop);
}
