import { useCommands } from '../palette';
import { lastRollEvent, useShowRoll } from './useShowRoll';

/** The palette's "Show last roll to players": the newest roll in effect, shown as the log's Show button would. */
export function useShowRollCommands(): void {
  const { encounter, unavailable, isShown, show } = useShowRoll();

  function reason(): string | null {
    if (unavailable.value) return unavailable.value;
    const last = lastRollEvent(encounter.history);
    if (!last) return 'No roll in this encounter yet.';
    return isShown(last) ? 'The last roll is already shown to the players.' : null;
  }

  useCommands([
    {
      id: 'player.show-last-roll',
      label: 'Show last roll to players',
      group: 'Encounter',
      keywords: 'player view reveal dice result',
      disabledReason: reason,
      run: () => {
        const last = lastRollEvent(encounter.history);
        return last ? show(last) : false;
      },
    },
  ]);
}
