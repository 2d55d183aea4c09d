import { useReferenceStore } from './reference-store';
import { useCommands } from '../palette';
import { shortSystemLabel } from './useReferenceView';

/** The quick reference's commands, for the palette, the single-key shortcuts and the `?` overlay. */
export function useReferenceCommands(): void {
  const reference = useReferenceStore();
  useCommands([
    {
      id: 'reference.search',
      label: 'Search reference',
      group: 'Reference',
      key: '/',
      keywords: 'rules tables look up',
      // The Help menu's way to the rules, while the panel is on screen (its tables load with it).
      menu: { section: 'Help', order: 20 },
      run: () => reference.requestSearch(),
    },
    {
      id: 'reference.all-systems',
      label: "Show all systems' tables",
      group: 'Reference',
      disabledReason: () => (reference.scope === 'all' ? "All systems' tables are already shown." : null),
      run: () => reference.showAllSystems(),
    },
    {
      id: 'reference.encounter-system',
      label: "Show the encounter's system only",
      group: 'Reference',
      disabledReason: () =>
        reference.scope === reference.defaultSystem
          ? `Only ${shortSystemLabel(reference.defaultSystem)} is shown already.`
          : null,
      run: () => reference.followEncounter(),
    },
    {
      id: 'reference.roll-table',
      label: 'Roll on table…',
      group: 'Reference',
      run: () => reference.requestSearch({ rollableOnly: true }),
    },
  ]);
}
