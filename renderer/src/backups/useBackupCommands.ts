import { useCommands } from '../palette';

/** "Backups…" in the command palette and the File menu. */
export function useBackupCommands(openBackups: () => void): void {
  useCommands([
    {
      id: 'settings.backups',
      label: 'Backups…',
      group: 'Settings',
      keywords: 'backup restore save copy safety folder',
      menu: { section: 'File', order: 310 },
      run: openBackups,
    },
  ]);
}
