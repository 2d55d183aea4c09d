import { nextTick } from 'vue';
import { useCommands } from '../palette';
import { useCommandsStore } from '../palette/commands-store';
import { useImportFile } from './useImportFile';

/**
 * "Import encounter…" and "Import templates into the bestiary…" in the command palette and the File menu. An encounter comes in through
 * the Encounters dialog's own Import (where it is listed and can be opened); a bestiary file is
 * imported at once and the status line says what came in.
 */
export function useImportCommands(options: { openEncounters: () => unknown }): void {
  const commands = useCommandsStore();
  const bestiaryImport = useImportFile();
  useCommands([
    {
      id: 'files.import-encounter',
      label: 'Import encounter…',
      group: 'Files',
      keywords: 'open file json load copy',
      menu: { section: 'File', order: 110 },
      run: async () => {
        await options.openEncounters();
        await nextTick();
        document.querySelector<HTMLButtonElement>('[data-testid="import-encounter-button"]')?.click();
      },
    },
    {
      id: 'files.import-bestiary',
      label: 'Import templates into the bestiary…',
      group: 'Files',
      keywords: 'templates file json load',
      menu: { section: 'File', order: 120 },
      run: async () => {
        const outcome = await bestiaryImport.run('bestiary');
        if (outcome.kind === 'bestiary') {
          commands.announce(`Imported ${outcome.count} ${outcome.count === 1 ? 'template' : 'templates'} (${outcome.bySystem}).`);
        } else if (outcome.kind === 'refused') {
          commands.announce(outcome.message);
        }
      },
    },
  ]);
}
