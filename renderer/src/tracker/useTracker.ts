import { computed } from 'vue';
import { initiativeComplete, initiativeParticipants, remainingSlots } from '../../../shared/encounter/reducer';
import { initiativeStandings, trackerOrder, type Standing } from '../../../shared/encounter/queries';
import { presentCombatants, toRulesCombatant, type Combatant } from '../../../shared/encounter/state';
import type { CheckRequest, EncounterMoment } from '../../../shared/system-kit/tracker-rules';
import { useEncounterStore } from '../encounter/encounter-store';
import { keptWhileSame } from './kept-while-same';

/** Read-only views of the open encounter for the tracker panel; all rules come from the system's tracker. */
export function useTracker() {
  const encounter = useEncounterStore();
  const state = computed(() => encounter.state);
  const tracker = computed(() => encounter.tracker);

  // Each kept while the parts of the state it reads are the same objects (kept-while-same.ts):
  // a turn taken changes none of them, and the rows are then not redrawn.
  const keepPresent = keptWhileSame<Combatant[]>();
  const keepOrder = keptWhileSame<Combatant[]>();
  const keepStandings = keptWhileSame<Map<string, Standing>>();
  const keepComplete = keptWhileSame<boolean>();

  const present = computed(() => {
    const s = state.value;
    return s ? keepPresent([s.combatants], () => presentCombatants(s)) : [];
  });

  const moment = computed<EncounterMoment | null>(() =>
    state.value ? { round: state.value.round, activeCombatantId: state.value.current?.combatantId ?? null, toggles: state.value.toggles } : null,
  );

  /** Initiative order first (as the round runs now, where wounds move scores), then everyone without a place yet. */
  const displayOrder = computed<Combatant[]>(() => {
    const s = state.value;
    const rules = tracker.value;
    if (!s) return [];
    // The round's plan where the order follows it; a plan not stored in the state is rebuilt for
    // each state (planOf), so the state itself is the input then.
    const plan = rules?.initiative.current ? (s.plan ?? s) : null;
    return keepOrder([s.combatants, s.initiative, rules, plan], () => trackerOrder(s, rules));
  });

  /** What each row shows in its initiative column, with the tooltip that explains it. */
  const standings = computed(() => {
    const s = state.value;
    const rules = tracker.value;
    if (!s || !rules) return new Map<string, Standing>();
    return keepStandings([s.combatants, s.initiative, s.toggles, rules], () => initiativeStandings(s, rules));
  });

  const upcoming = computed(() => (state.value && tracker.value ? remainingSlots(state.value, tracker.value) : []));

  const participants = computed(() => (state.value && tracker.value ? initiativeParticipants(state.value, tracker.value) : []));

  const needsInitiative = computed(() => {
    const s = state.value;
    const rules = tracker.value;
    if (!s || !rules || s.status === 'ended') return false;
    return !keepComplete([s.combatants, s.sides, s.groups, s.initiative, rules], () => initiativeComplete(s, rules));
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
