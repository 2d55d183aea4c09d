import { computed } from 'vue';
import { initiativeComplete, initiativeParticipants, remainingSlots } from '../../../shared/encounter/reducer';
import { presentCombatants, toRulesCombatant, type Combatant } from '../../../shared/encounter/state';
import type { CheckRequest, EncounterMoment, InitiativeEntry } from '../../../shared/encounter/tracker-rules';
import { useEncounterStore } from '../stores/encounter';

/** Read-only views of the open encounter for the tracker panel; all rules come from the system's tracker. */
export function useTracker() {
  const encounter = useEncounterStore();
  const state = computed(() => encounter.state);
  const tracker = computed(() => encounter.tracker);

  const present = computed(() => (state.value ? presentCombatants(state.value) : []));

  const moment = computed<EncounterMoment | null>(() =>
    state.value ? { round: state.value.round, activeCombatantId: state.value.current?.combatantId ?? null, toggles: state.value.toggles } : null,
  );

  const entryByCombatant = computed(() => {
    const map = new Map<string, InitiativeEntry>();
    for (const entry of state.value?.initiative.entries ?? []) for (const id of entry.memberIds) map.set(id, entry);
    return map;
  });

  /** Initiative order first (sides and groups expanded), then everyone without a place yet. */
  const displayOrder = computed<Combatant[]>(() => {
    if (!state.value) return [];
    const byId = new Map(present.value.map((c) => [c.id, c]));
    const entries = new Map(state.value.initiative.entries.map((e) => [e.participantId, e]));
    const ordered: Combatant[] = [];
    const seen = new Set<string>();
    for (const participantId of state.value.initiative.order?.order ?? []) {
      for (const id of entries.get(participantId)?.memberIds ?? []) {
        const combatant = byId.get(id);
        if (combatant && !seen.has(id)) {
          ordered.push(combatant);
          seen.add(id);
        }
      }
    }
    for (const combatant of present.value) if (!seen.has(combatant.id)) ordered.push(combatant);
    return ordered;
  });

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

  return { encounter, state, tracker, present, moment, entryByCombatant, displayOrder, upcoming, participants, needsInitiative, checks };
}
