import { computed } from 'vue';
import { progressParts } from '../../../shared/encounter/progress';
import { combatTerms } from '../../../shared/system-kit/rule-system';
import { getSystemProfile } from '../../../shared/systems/profiles';
import { useEncounterStore } from '../encounter/encounter-store';

/** The open encounter's progress in its system's words, in full and compact (see shared/encounter/progress.ts). */
export function useTrackerProgress() {
  const encounter = useEncounterStore();
  const terms = computed(() => (encounter.state ? combatTerms(getSystemProfile(encounter.state.systemId)) : null));
  const progress = (compact: boolean) =>
    computed(() =>
      encounter.state && encounter.tracker && terms.value
        ? progressParts(encounter.state, encounter.tracker, terms.value, compact)
        : null,
    );
  return { terms, parts: progress(false), compactParts: progress(true) };
}
