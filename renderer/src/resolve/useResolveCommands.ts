import { useCommands } from '../palette';
import { useResolveStore } from '../roll/resolve-store';

/** The roll panel's commands for the palette and shortcuts, registered while the panel is on screen. */
export function useResolveCommands(focus: { focusPanel: () => void; focusRollKind: () => void }): void {
  const resolve = useResolveStore();
  useCommands([
    {
      id: 'resolve.roll',
      label: 'Roll',
      group: 'Resolve',
      disabledReason: () => resolve.rollBlocker,
      run: () => resolve.rollStage(),
    },
    {
      id: 'resolve.apply',
      label: 'Apply result',
      group: 'Resolve',
      disabledReason: () => resolve.applyReason,
      run: () => resolve.apply(),
    },
    {
      id: 'resolve.start-over',
      label: 'Start over',
      group: 'Resolve',
      disabledReason: () => (resolve.locked ? null : 'No roll is in progress.'),
      run: () => resolve.startOver(),
    },
    { id: 'resolve.focus', label: 'Focus roll panel', group: 'Resolve', run: focus.focusPanel },
    {
      // Then Tab: attacker, target, weapon; Enter in a list rolls (`r`, Enter replaces the old `r` that rolled at once).
      id: 'resolve.focus-kind',
      label: 'Roll form: go to the roll kind',
      group: 'Resolve',
      key: 'r',
      run: focus.focusRollKind,
    },
  ]);
}
