import { useCommands } from '../composables/useCommand';

/** "Backups…" in the command palette. */
export function useBackupCommands(openBackups: () => void): void {
  useCommands([
    {
      id: 'settings.backups',
      label: 'Backups…',
      group: 'Settings',
      keywords: 'backup restore save copy safety folder',
      run: openBackups,
    },
  ]);
}
