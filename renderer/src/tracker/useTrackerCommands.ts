import type { Command } from '../palette/commands-store';
import { useEncounterStore } from '../encounter/encounter-store';
import { useCommands } from '../palette';

export interface TrackerCommandHooks {
  /** Opens the list of encounters (the header's encounter picker). */
  openEncounters(): unknown;
  /** Opens the bestiary to add combatants to the open encounter. */
  openBestiary(): void;
}

/**
 * Why a command on the open encounter cannot run, in the order the GM would meet the
 * obstacles, or null when it can. The checks are the tracker's own button conditions.
 */
export function encounterBlocker(
  encounter: ReturnType<typeof useEncounterStore>,
  need: 'running' | 'setup' | 'editable',
): string | null {
  const state = encounter.state;
  if (!state) return 'No encounter is open.';
  if (encounter.readOnlyReason) return encounter.readOnlyReason;
  if (need === 'setup') return state.status === 'setup' ? null : 'The encounter has already started.';
  if (need === 'editable') return state.status === 'ended' ? 'The encounter has ended.' : null;
  if (state.status === 'setup') return 'The encounter has not started yet.';
  if (state.status === 'ended') return 'The encounter has ended.';
  return null;
}

/** The command ids of the encounter's undo and redo (the menu hands them to a focused text field instead). */
export const UNDO_COMMAND = 'tracker.undo';
export const REDO_COMMAND = 'tracker.redo';

/** The Encounters dialog's name field for a new encounter. */
const NEW_ENCOUNTER_NAME = '[data-testid="encounter-new-name"]';

/**
 * Focuses the element once it is on screen: the Encounters dialog is fetched the first time it
 * opens, so its form may take a few frames. Looks once a frame, and gives up after a second.
 */
async function focusWhenShown(selector: string, giveUpAt = performance.now() + 1000): Promise<void> {
  const element = document.querySelector<HTMLElement>(selector);
  if (element) {
    element.focus();
    return;
  }
  if (performance.now() > giveUpAt) return;
  await new Promise((resolve) => requestAnimationFrame(resolve));
  return focusWhenShown(selector, giveUpAt);
}

/**
 * The encounter tracker's commands for the palette, the single-key shortcuts and the menu. Each
 * one does what the tracker's own control does, through the same store. Undo and redo have
 * Ctrl/Cmd+Z and Ctrl/Cmd+Shift+Z (Ctrl+Y too) and no single key; they work over a dialog, as
 * before, but leave the keys to a text field, whose own undo wins.
 */
export function trackerCommands(
  encounter: ReturnType<typeof useEncounterStore>,
  hooks: TrackerCommandHooks,
): Command[] {
  return [
    {
      id: 'tracker.next-turn',
      label: 'Next turn',
      group: 'Encounter',
      key: 'n',
      keywords: 'advance initiative',
      disabledReason: () =>
        encounterBlocker(encounter, 'running') ??
        (encounter.state?.current ? null : 'No one is acting now: roll initiative first.'),
      run: () => encounter.dispatch({ type: 'turn-advanced' }),
    },
    {
      id: 'tracker.previous-turn',
      label: 'Previous turn',
      group: 'Encounter',
      key: 'p',
      keywords: 'back rewind',
      disabledReason: () =>
        encounterBlocker(encounter, 'running') ??
        (encounter.state?.acted.length ? null : 'No turn has been taken this round yet.'),
      run: () => encounter.dispatch({ type: 'turn-rewound' }),
    },
    {
      id: UNDO_COMMAND,
      label: 'Undo',
      group: 'Encounter',
      keywords: 'revert ctrl+z',
      shortcut: 'CommandOrControl+Z',
      shortcutAlso: { overDialogs: true },
      menu: { section: 'Edit', order: 10 },
      disabledReason: () =>
        !encounter.state
          ? 'No encounter is open.'
          : (encounter.readOnlyReason ?? (encounter.undoable ? null : 'There is nothing to undo.')),
      run: () => encounter.undo(),
    },
    {
      id: REDO_COMMAND,
      label: 'Redo',
      group: 'Encounter',
      keywords: 'again ctrl+shift+z ctrl+y',
      shortcut: 'CommandOrControl+Shift+Z',
      // Windows programs redo with Ctrl+Y: kept as a page-only second key, the menu shows one.
      extraShortcuts: ['CommandOrControl+Y'],
      shortcutAlso: { overDialogs: true },
      menu: { section: 'Edit', order: 20 },
      disabledReason: () =>
        !encounter.state
          ? 'No encounter is open.'
          : (encounter.readOnlyReason ?? (encounter.redoable ? null : 'There is nothing to redo.')),
      run: () => encounter.redo(),
    },
    {
      id: 'tracker.start',
      label: 'Start encounter',
      group: 'Encounter',
      keywords: 'begin combat fight',
      disabledReason: () => encounterBlocker(encounter, 'setup'),
      run: () => encounter.dispatch({ type: 'encounter-started' }),
    },
    {
      id: 'tracker.new-encounter',
      label: 'New encounter…',
      group: 'Encounter',
      keywords: 'create start fresh combat',
      menu: { section: 'File', order: 10 },
      run: async () => {
        await hooks.openEncounters();
        await focusWhenShown(NEW_ENCOUNTER_NAME);
      },
    },
    {
      id: 'tracker.open-encounter',
      label: 'Open encounter…',
      group: 'Encounter',
      keywords: 'encounters list new create switch load',
      menu: { section: 'File', order: 20 },
      run: () => hooks.openEncounters(),
    },
    {
      id: 'tracker.add-from-bestiary',
      label: 'Add from bestiary…',
      group: 'Encounter',
      keywords: 'combatant monster npc pc add',
      disabledReason: () => encounterBlocker(encounter, 'editable'),
      run: () => hooks.openBestiary(),
    },
  ];
}

/** Registers the tracker's commands for as long as the calling component is mounted. */
export function useTrackerCommands(hooks: TrackerCommandHooks): void {
  useCommands(trackerCommands(useEncounterStore(), hooks));
}
