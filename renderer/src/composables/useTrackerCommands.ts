import type { Command } from '../stores/commands';
import { useEncounterStore } from '../stores/encounter';
import { useCommands } from './useCommand';

export interface TrackerCommandHooks {
  /** Opens the list of encounters (the header's encounter picker). */
  openEncounters(): void;
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

/**
 * The encounter tracker's commands for the palette and the single-key shortcuts. Each one does
 * what the tracker's own control does, through the same store; undo and redo keep Ctrl+Z and
 * Ctrl+Shift+Z in the tracker itself, so here they have no single key.
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
      id: 'tracker.undo',
      label: 'Undo',
      group: 'Encounter',
      keywords: 'revert ctrl+z',
      disabledReason: () =>
        !encounter.state
          ? 'No encounter is open.'
          : (encounter.readOnlyReason ?? (encounter.undoable ? null : 'There is nothing to undo.')),
      run: () => encounter.undo(),
    },
    {
      id: 'tracker.redo',
      label: 'Redo',
      group: 'Encounter',
      keywords: 'again ctrl+shift+z',
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
      id: 'tracker.open-encounter',
      label: 'Open encounter…',
      group: 'Encounter',
      keywords: 'encounters list new create switch load',
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
