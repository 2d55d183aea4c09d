import { computed } from 'vue';
import { progressParts } from '../../../shared/encounter/progress';
import { remainingSlots } from '../../../shared/encounter/reducer';
import type { EncounterState } from '../../../shared/encounter/state';
import { combatTerms } from '../../../shared/system-kit/rule-system';
import { getSystemProfile } from '../../../shared/systems/profiles';
import { useEncounterStore } from '../encounter/encounter-store';
import { deferredRead } from '../ui/deferred-ref';
import { sameIds } from './kept-while-same';
import { scheduleRowOrder } from './row-order-schedule';

/**
 * What makes the tracker's order-derived lines (the rows' order, the progress line, who is next)
 * change at once rather than a frame later: another encounter (opened, closed or switched), or a
 * turn taken, skipped or undone. Null without an encounter.
 */
export function turnKey(state: EncounterState | null): string | null {
  if (!state) return null;
  const current = state.current;
  return `${state.id}|${state.status}|${state.round}|${state.acted.length}|${current ? `${current.combatantId}@${current.pass}` : '-'}`;
}

/**
 * The open encounter's progress in its system's words, in full and compact (see
 * shared/encounter/progress.ts), and the turns left in the round. Drawn with the tracker's row
 * order: at once when the turn moves, a frame after any other change. A wound can reorder a
 * Shadowrun round, and working the rest of the round out again takes 1–2 ms at 1,000 combatants,
 * which the frame that shows the hit need not wait for.
 */
export function useTrackerProgress() {
  const encounter = useEncounterStore();
  const shown = deferredRead(
    () => [encounter.state, encounter.tracker] as const,
    ([state]) => turnKey(state),
    () => [encounter.state, encounter.tracker] as const,
    scheduleRowOrder,
  ).value;
  const terms = computed(() => {
    const [state] = shown.value;
    return state ? combatTerms(getSystemProfile(state.systemId)) : null;
  });
  // The same list while the words are the same, so what shows it is not drawn again for nothing.
  const progress = (compact: boolean) =>
    computed<string[] | null>((previous) => {
      const [state, tracker] = shown.value;
      const parts = state && tracker && terms.value ? progressParts(state, tracker, terms.value, compact) : null;
      return previous && parts && sameIds(previous, parts) ? previous : parts;
    });
  const upcoming = computed(() => {
    const [state, tracker] = shown.value;
    return state && tracker ? remainingSlots(state, tracker) : [];
  });
  return { terms, parts: progress(false), compactParts: progress(true), upcoming };
}
