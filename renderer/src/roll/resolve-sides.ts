// Who rolls against whom in the roll panel: the sides chosen (encounter or ad hoc) and the situation they make.
import { computed, ref, type Ref } from 'vue';
import { actingNow, whatCanTheyDo } from '../../../shared/encounter/queries';
import { chaseContextOf } from '../../../shared/encounter/chase';
import type { Combatant, EncounterState } from '../../../shared/encounter/state';
import type { SystemId } from '../../../shared/system-kit/rule-system';
import type { TrackerRules } from '../../../shared/system-kit/tracker-rules';
import type { Participant, ResolveContext, ResolveWorkflow } from '../../../shared/system-kit/workflow';
import { getSystemProfile } from '../../../shared/systems/profiles';
import { resolveToggles } from '../../../shared/system-kit/toggles';
import { defaultStats } from '../sheets';
import {
  adhocParticipant,
  defaultTargetId,
  fallbackAttackerId,
  participantFromCombatant,
  type AdhocDraft,
} from './useResolveParticipants';

export type ResolveSide = 'attackers' | 'targets';

export interface SideChoice {
  readonly mode: 'encounter' | 'adhoc';
  /** Combatant ids the GM chose; null = the default (whoever acts now / the first foe). */
  readonly ids: readonly string[] | null;
  readonly adhoc: AdhocDraft;
}

/** The name an ad-hoc participant gets while the GM has typed none, and its problems are prefixed with. */
export const SIDE_NAMES: Readonly<Record<ResolveSide, string>> = {
  attackers: 'Ad-hoc attacker',
  targets: 'Ad-hoc target',
};

export function freshSide(systemId: SystemId): SideChoice {
  return {
    mode: 'encounter',
    ids: null,
    adhoc: { name: '', kind: 'npc', stats: defaultStats(systemId), problems: [] },
  };
}

const sameList = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((item, i) => item === b[i]);

/** What the sides read from the rest of the store. */
export interface SidesDeps {
  readonly shownState: Readonly<Ref<EncounterState | null>>;
  readonly systemId: Readonly<Ref<SystemId>>;
  readonly workflow: Readonly<Ref<ResolveWorkflow | null>>;
  readonly rules: Readonly<Ref<TrackerRules>>;
  /** The situation as it was at the first die, or null before it. */
  readonly lockedContext: Readonly<Ref<ResolveContext | null>>;
  readonly actionError: Ref<string | null>;
  /** Brings the shown encounter up to date before an action reads it. */
  readonly catchUp: () => void;
  /** Says why and returns true when a roll in progress forbids changing the setup. */
  readonly refuseWhileLocked: () => boolean;
  /** The GM changed something: the last outcome and error no longer apply. */
  readonly edited: () => void;
}

/** The sides of the roll, the participants they give and the context a workflow reads. */
export function useResolveSides(deps: SidesDeps) {
  const { shownState, systemId, workflow, rules, lockedContext, actionError } = deps;

  const sides = ref<Record<ResolveSide, SideChoice>>({
    attackers: freshSide(systemId.value),
    targets: freshSide(systemId.value),
  });

  const toggles = computed(
    () => shownState.value?.toggles ?? resolveToggles(getSystemProfile(systemId.value).toggles, {}),
  );
  const actingId = computed(() => (shownState.value ? (actingNow(shownState.value)?.id ?? null) : null));

  /** Without an encounter there is nobody to pick: both sides are typed ad hoc. */
  // A boolean of its own: reading the state itself here would recompute the odds on every event.
  const hasEncounter = computed(() => shownState.value !== null);
  function modeOf(side: ResolveSide): SideChoice['mode'] {
    return hasEncounter.value ? sides.value[side].mode : 'adhoc';
  }

  function takeFor(side: ResolveSide, ids: readonly string[]): readonly string[] {
    const wf = workflow.value;
    return wf && wf[side] === 'one' ? ids.slice(0, 1) : ids;
  }

  const attackerIds = computed<readonly string[]>(() => {
    const state = shownState.value;
    if (!state || modeOf('attackers') === 'adhoc') return [];
    const chosen = sides.value.attackers.ids;
    const fallback = actingId.value ?? fallbackAttackerId(state);
    return takeFor('attackers', chosen ?? (fallback ? [fallback] : []));
  });

  const targetIds = computed<readonly string[]>(() => {
    const state = shownState.value;
    if (!state || modeOf('targets') === 'adhoc') return [];
    const chosen = sides.value.targets.ids;
    const fallback = defaultTargetId(state, attackerIds.value[0] ?? null);
    return takeFor('targets', chosen ?? (fallback ? [fallback] : []));
  });

  // The reducer keeps an unchanged combatant the same object, so its participant can be kept too:
  // then an event elsewhere in the encounter leaves the context, and the odds, untouched.
  const fromCombatant = new WeakMap<Combatant, Participant>();
  const fromDraft = new WeakMap<AdhocDraft, Participant>();

  /** The combatant's economy left now, while the encounter runs (a state that changes it is a new combatant object, so the cache follows). */
  function resourcesLeftOf(state: EncounterState, id: string): Record<string, number> | undefined {
    if (state.status !== 'running') return undefined;
    const budget = whatCanTheyDo(state, rules.value, id);
    return budget ? Object.fromEntries(budget.resources.map((r) => [r.id, r.left])) : undefined;
  }

  function participantsOf(side: ResolveSide, ids: readonly string[]): Participant[] {
    if (modeOf(side) === 'adhoc') {
      const draft = sides.value[side].adhoc;
      const participant = fromDraft.get(draft) ?? adhocParticipant(draft, SIDE_NAMES[side]);
      fromDraft.set(draft, participant);
      return [participant];
    }
    const state = shownState.value;
    if (!state) return [];
    return ids.flatMap((id) => {
      const combatant = state.combatants.find((c) => c.id === id);
      if (!combatant) return [];
      const participant =
        fromCombatant.get(combatant) ?? participantFromCombatant(combatant, resourcesLeftOf(state, combatant.id));
      fromCombatant.set(combatant, participant);
      return [participant];
    });
  }

  let lastTurn: ResolveContext['turn'];
  /** The running fight's round and pass (Shadowrun surprise), one object while they stay put. */
  const turn = computed<ResolveContext['turn']>(() => {
    const state = shownState.value;
    if (state?.status !== 'running') return undefined;
    const pass = state.current?.pass ?? 1;
    if (lastTurn?.round !== state.round || lastTurn.pass !== pass) lastTurn = { round: state.round, pass };
    return lastTurn;
  });

  /** The encounter's chase with its members' sheets (Shadowrun chase stunts), one object while they stay put. */
  const chase = computed(() => chaseContextOf(shownState.value));

  let lastContext: ResolveContext | null = null;
  /** Returns the previous object when nothing in it changed, so nothing downstream recomputes. */
  const liveContext = computed<ResolveContext>(() => {
    const next = {
      attackers: participantsOf('attackers', attackerIds.value),
      targets: participantsOf('targets', targetIds.value),
      toggles: toggles.value,
      ...(shownState.value ? { combatStarted: shownState.value.status !== 'setup' } : {}),
      ...(chase.value ? { chase: chase.value } : {}),
      ...(turn.value ? { turn: turn.value } : {}),
    };
    const last = lastContext;
    if (
      last &&
      last.toggles === next.toggles &&
      last.combatStarted === next.combatStarted &&
      last.chase === next.chase &&
      last.turn === next.turn &&
      sameList(last.attackers, next.attackers) &&
      sameList(last.targets, next.targets)
    )
      return last;
    lastContext = next;
    return next;
  });
  const context = computed(() => lockedContext.value ?? liveContext.value);

  const selectionProblems = computed<string[]>(() => {
    const out: string[] = [];
    if (context.value.attackers.length === 0) out.push('Choose who attacks.');
    if (context.value.targets.length === 0) out.push('Choose a target.');
    for (const side of ['attackers', 'targets'] as const) {
      if (modeOf(side) !== 'adhoc') continue;
      for (const problem of sides.value[side].adhoc.problems) out.push(`${SIDE_NAMES[side]}: ${problem}`);
    }
    return out;
  });

  function updateSide(side: ResolveSide, change: Partial<SideChoice>): boolean {
    if (deps.refuseWhileLocked()) return false;
    sides.value = { ...sides.value, [side]: { ...sides.value[side], ...change } };
    deps.edited();
    return true;
  }

  /** Picks combatants for a side; an empty list or null goes back to the default (acting now / first foe). */
  function choose(side: ResolveSide, ids: readonly string[] | null): boolean {
    deps.catchUp();
    const state = shownState.value;
    const unknown = ids?.find((id) => !state?.combatants.some((c) => c.id === id));
    if (unknown !== undefined) {
      actionError.value = 'That combatant is not in the open encounter.';
      return false;
    }
    return updateSide(side, { mode: 'encounter', ids: ids && ids.length ? [...ids] : null });
  }

  function setMode(side: ResolveSide, mode: SideChoice['mode']): boolean {
    return updateSide(side, { mode });
  }

  function setAdhoc(side: ResolveSide, change: Partial<AdhocDraft>): boolean {
    return updateSide(side, { adhoc: { ...sides.value[side].adhoc, ...change } });
  }

  /** The stat editor's own problems for an ad-hoc participant: not a change by the GM, so allowed while locked. */
  function reportAdhocProblems(side: ResolveSide, problems: readonly string[]): void {
    const current = sides.value[side];
    if (current.adhoc.problems.join('\n') === problems.join('\n')) return;
    sides.value = { ...sides.value, [side]: { ...current, adhoc: { ...current.adhoc, problems: [...problems] } } };
  }

  return {
    sides,
    modeOf,
    actingId,
    attackerIds,
    targetIds,
    liveContext,
    context,
    selectionProblems,
    choose,
    setMode,
    setAdhoc,
    reportAdhocProblems,
  };
}
