import { computed } from 'vue';
import { remainingSlots } from '../../../shared/encounter/reducer';
import type { EncounterState } from '../../../shared/encounter/state';
import type { TrackerRules } from '../../../shared/encounter/tracker-rules';
import { combatTerms, type CombatTerms } from '../../../shared/systems/contract';
import { getSystemProfile } from '../../../shared/systems/profiles';
import { useEncounterStore } from '../stores/encounter';

/**
 * Where the fight is, in the system's own words: "Round 2 · Turn 3 of 6", or for Shadowrun
 * "Combat Turn 2 · Initiative Pass 2 · Action Phase 5 of 7". The pass is named only where the
 * round has more than one. `compact` (the app header, one line at 1280 px beside the encounter's
 * name) leaves the pass to the tracker and names the turn by its last word: "Combat Turn 2 · Phase 5 of 7".
 */
export function progressParts(state: EncounterState, rules: TrackerRules, terms: CombatTerms, compact = false): string[] {
  const short = (term: string) => (compact ? term.slice(term.lastIndexOf(' ') + 1) : term);
  if (state.status === 'setup') return ['Setting up'];
  // Shadowrun's terms are proper nouns mid-sentence; the generic "round" is not.
  const roundInText = terms.round === 'Round' ? 'round' : terms.round;
  if (state.status === 'ended') return [`Ended after ${roundInText} ${state.round}`];
  const parts = [`${terms.round} ${state.round}`];
  if (!state.current) {
    parts.push('initiative due');
    return parts;
  }
  const remaining = remainingSlots(state, rules);
  const passes = Math.max(1, state.current.pass, ...state.acted.map((s) => s.pass), ...remaining.map((s) => s.pass));
  if (passes > 1 && !compact) parts.push(`${terms.pass} ${state.current.pass}`);
  const taken = state.acted.length + 1;
  parts.push(`${short(terms.turn)} ${taken} of ${taken + remaining.length}`);
  return parts;
}

/** The open encounter's progress in its system's words, in full and compact (see progressParts). */
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
