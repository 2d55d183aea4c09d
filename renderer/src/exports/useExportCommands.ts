import { useCommands } from '../palette';
import { useEncounterStore } from '../encounter/encounter-store';
import { useExportDialogStore } from './export-dialog-store';

/** "Export log…" in the command palette: the open encounter, through the same dialog as the log panel's button. */
export function useExportCommands(): void {
  const encounter = useEncounterStore();
  const exportDialog = useExportDialogStore();
  useCommands([
    {
      id: 'files.export-log',
      label: 'Export log…',
      group: 'Files',
      keywords: 'save report markdown html csv json spreadsheet file',
      menu: { section: 'File', order: 210 },
      disabledReason: () => (encounter.state ? null : 'Open an encounter first.'),
      run: () => {
        const state = encounter.state;
        if (state) exportDialog.open({ encounterId: state.id, name: state.name, lastRound: state.round });
      },
    },
  ]);
}
