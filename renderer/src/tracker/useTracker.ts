import { computed } from 'vue';
import { initiativeComplete, initiativeParticipants, planOf } from '../../../shared/encounter/reducer';
import { initiativeStandings, standingMemo, trackerOrder, type Standing } from '../../../shared/encounter/queries';
import { presentCombatants, toRulesCombatant, type Combatant } from '../../../shared/encounter/state';
import type { CheckRequest, EncounterMoment, TrackerRules } from '../../../shared/system-kit/tracker-rules';
import { useEncounterStore } from '../encounter/encounter-store';
import { keptWhileSame, sameIds, sameRoster } from './kept-while-same';

/** Read-only views of the open encounter for the tracker panel; all rules come from the system's tracker. */
export function useTracker() {
  const encounter = useEncounterStore();
  const state = computed(() => encounter.state);
  const tracker = computed(() => encounter.tracker);

  // Each kept while the parts of the state it reads are the same objects (kept-while-same.ts):
  // a turn taken changes none of them, and the rows are then not redrawn.
  const keepPresent = keptWhileSame<Combatant[]>();
  const keepOrder = keptWhileSame<readonly string[]>();
  const keepComplete = keptWhileSame<boolean>();
  const memo = standingMemo();
  const checksKnown = new WeakMap<
    Combatant,
    {
      rules: TrackerRules;
      round: number;
      active: string | null;
      toggles: EncounterMoment['toggles'];
      checks: readonly CheckRequest[];
    }
  >();

  const present = computed(() => {
    const s = state.value;
    return s ? keepPresent([s.combatants], () => presentCombatants(s)) : [];
  });

  /** The present combatants by id: rows look theirs up here, so only a changed one is drawn again. */
  const combatantsById = computed(() => new Map(present.value.map((c) => [c.id, c])));

  /**
   * The combatants as the order and the initiative see them (sameRoster): the previous array while
   * those facts are the same, so harm to someone leaves the order as it was without working it out.
   */
  const roster = computed<readonly Combatant[]>((previous) => {
    const combatants = state.value?.combatants ?? [];
    return previous && sameRoster(previous, combatants) ? previous : combatants;
  });

  /**
   * The rows' combatant ids: initiative order first (as the round runs now, where wounds move
   * scores), then everyone without a place yet. The same array while the sequence is the same.
   */
  const orderIds = computed<readonly string[]>((previous) => {
    const s = state.value;
    const rules = tracker.value;
    if (!s) return [];
    // The round's plan where the order follows it: planOf keeps one plan across changes that
    // cannot move anyone (samePlanAs), so an unmoved plan is the same array.
    const plan = rules?.initiative.current ? planOf(s, rules) : null;
    const ids = keepOrder([roster.value, s.initiative, rules, plan], () => trackerOrder(s, rules).map((c) => c.id));
    return previous && sameIds(previous, ids) ? previous : ids;
  });

  /**
   * What each row shows in its initiative column, with the tooltip that explains it. A combatant
   * unchanged since the last state keeps its standing object (standingMemo).
   */
  const standings = computed(() => {
    const s = state.value;
    const rules = tracker.value;
    if (!s || !rules) return new Map<string, Standing>();
    return initiativeStandings(s, rules, memo);
  });

  const participants = computed(() =>
    state.value && tracker.value ? initiativeParticipants(state.value, tracker.value) : [],
  );

  const needsInitiative = computed(() => {
    const s = state.value;
    const rules = tracker.value;
    if (!s || !rules || s.status === 'ended') return false;
    return !keepComplete([roster.value, s.sides, s.groups, s.initiative, rules], () => initiativeComplete(s, rules));
  });

  const moment = computed<EncounterMoment | null>(() =>
    state.value
      ? {
          round: state.value.round,
          activeCombatantId: state.value.current?.combatantId ?? null,
          toggles: state.value.toggles,
        }
      : null,
  );

  /** Rolls the rules ask for now: per-combatant checks, then encounter-wide prompts. */
  const checks = computed<(CheckRequest & { prompt: boolean })[]>(() => {
    if (!state.value || !tracker.value || !moment.value || state.value.status === 'ended') return [];
    const rules = tracker.value;
    const out: (CheckRequest & { prompt: boolean })[] = [];
    const now = moment.value;
    for (const combatant of present.value) {
      // Asked again only of a combatant who changed, or at a new moment (round, turn, toggles).
      let known = checksKnown.get(combatant);
      if (
        !known ||
        known.rules !== rules ||
        known.round !== now.round ||
        known.active !== now.activeCombatantId ||
        known.toggles !== now.toggles
      ) {
        known = {
          rules,
          round: now.round,
          active: now.activeCombatantId,
          toggles: now.toggles,
          checks: rules.checksDue(toRulesCombatant(combatant), now),
        };
        checksKnown.set(combatant, known);
      }
      for (const check of known.checks) out.push({ ...check, prompt: false });
    }
    const prompts = rules.encounterPrompts(present.value.map(toRulesCombatant), state.value.promptsDone);
    for (const prompt of prompts) out.push({ ...prompt, prompt: true });
    return out;
  });

  return {
    encounter,
    state,
    tracker,
    present,
    combatantsById,
    moment,
    standings,
    orderIds,
    participants,
    needsInitiative,
    checks,
  };
}
