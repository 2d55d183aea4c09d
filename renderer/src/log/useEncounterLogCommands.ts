import { nextTick, type Ref } from 'vue';
import { useEncounterStore } from '../encounter/encounter-store';
import { useLayoutStore } from '../layout/layout-store';
import { isCollapsed } from '../layout';
import { useCommands } from '../palette';

export interface EncounterLogActions {
  readonly filtered: Ref<boolean>;
  readonly entryCount: Ref<number>;
  readonly noteUnavailable: Ref<string | null>;
  focusCombatantFilter(): void;
  showAll(): void;
  latest(): unknown;
  focusNote(): void;
}

/** The log panel's commands for the palette (no single keys: none of them is safe on a stray key press). */
export function useEncounterLogCommands(actions: EncounterLogActions): void {
  const encounter = useEncounterStore();
  const layout = useLayoutStore();

  /** Shows the log panel (not collapsed, not behind a maximised panel) before acting in it. */
  async function revealed(then: () => unknown): Promise<void> {
    if (layout.maximised !== null && layout.maximised !== 'log') layout.restore();
    if (isCollapsed(layout.current, 'log')) layout.setCollapsed('log', false);
    await nextTick();
    await then();
  }

  const noEncounter = () => (encounter.state ? null : 'Open an encounter first.');

  useCommands([
    {
      id: 'log.filter-combatant',
      label: 'Filter log by combatant…',
      group: 'Log',
      disabledReason: noEncounter,
      run: () => revealed(actions.focusCombatantFilter),
    },
    {
      id: 'log.show-all',
      label: 'Show all log entries',
      group: 'Log',
      disabledReason: () => noEncounter() ?? (actions.filtered.value ? null : 'The log already shows every entry.'),
      run: () => revealed(actions.showAll),
    },
    {
      id: 'log.latest',
      label: 'Jump to latest entry',
      group: 'Log',
      disabledReason: () => noEncounter() ?? (actions.entryCount.value > 0 ? null : 'The log shows no entries.'),
      run: () => revealed(actions.latest),
    },
    {
      id: 'log.add-note',
      label: 'Add log note',
      group: 'Log',
      disabledReason: () => actions.noteUnavailable.value,
      run: () => revealed(actions.focusNote),
    },
  ]);
}
