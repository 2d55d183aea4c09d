import { computed } from 'vue';
import { initiativeComplete, initiativeParticipants, remainingSlots } from '../../../shared/encounter/reducer';
import { initiativeStandings, trackerOrder, type Standing } from '../../../shared/encounter/queries';
import { presentCombatants, toRulesCombatant, type Combatant } from '../../../shared/encounter/state';
import type { CheckRequest, EncounterMoment } from '../../../shared/system-kit/tracker-rules';
import { useEncounterStore } from '../encounter/encounter-store';

/** Read-only views of the open encounter for the tracker panel; all rules come from the system's tracker. */
export function useTracker() {
  const encounter = useEncounterStore();
  const state = computed(() => encounter.state);
  const tracker = computed(() => encounter.tracker);

  const present = computed(() => (state.value ? presentCombatants(state.value) : []));

  const moment = computed<EncounterMoment | null>(() =>
    state.value ? { round: state.value.round, activeCombatantId: state.value.current?.combatantId ?? null, toggles: state.value.toggles } : null,
  );

  /** Initiative order first (as the round runs now, where wounds move scores), then everyone without a place yet. */
  const displayOrder = computed<Combatant[]>(() => (state.value ? trackerOrder(state.value, tracker.value) : []));

  /** What each row shows in its initiative column, with the tooltip that explains it. */
  const standings = computed(() =>
    state.value && tracker.value ? initiativeStandings(state.value, tracker.value) : new Map<string, Standing>(),
  );

  const upcoming = computed(() => (state.value && tracker.value ? remainingSlots(state.value, tracker.value) : []));

  const participants = computed(() => (state.value && tracker.value ? initiativeParticipants(state.value, tracker.value) : []));

  const needsInitiative = computed(() => {
    if (!state.value || !tracker.value || state.value.status === 'ended') return false;
    return !initiativeComplete(state.value, tracker.value);
  });

  /** Rolls the rules ask for now: per-combatant checks, then encounter-wide prompts. */
  const checks = computed<(CheckRequest & { prompt: boolean })[]>(() => {
    if (!state.value || !tracker.value || !moment.value || state.value.status === 'ended') return [];
    const rules = tracker.value;
    const out: (CheckRequest & { prompt: boolean })[] = [];
    for (const combatant of present.value) {
      for (const check of rules.checksDue(toRulesCombatant(combatant), moment.value)) out.push({ ...check, prompt: false });
    }
    const prompts = rules.encounterPrompts(present.value.map(toRulesCombatant), state.value.promptsDone);
    for (const prompt of prompts) out.push({ ...prompt, prompt: true });
    return out;
  });

  return { encounter, state, tracker, present, moment, standings, displayOrder, upcoming, participants, needsInitiative, checks };
}
