import { defineStore } from 'pinia';
import { computed, ref, shallowRef, watch } from 'vue';
import { parseFaces } from '../../../shared/dice/request';
import type { EncounterEvent, EventInput } from '../../../shared/encounter/events';
import { actingNow, whatCanTheyDo } from '../../../shared/encounter/queries';
import { reduce } from '../../../shared/encounter/reducer';
import { chaseContextOf } from '../../../shared/encounter/chase';
import type { Combatant, EncounterState } from '../../../shared/encounter/state';
import { loadedSystem, rulesLookup, workflowsOf } from '../systems/loaded-systems';
import { isRulesError } from '../../../shared/errors';
import type {
  DiceStage,
  FieldDef,
  FollowUp,
  OddsView,
  Participant,
  Resolution,
  ResolveContext,
  ResolveWorkflow,
  RolledStage,
  SetupValue,
  SetupValues,
} from '../../../shared/system-kit/workflow';
import { getSystemProfile } from '../../../shared/systems/profiles';
import type { SystemId } from '../../../shared/system-kit/rule-system';
import { resolveToggles } from '../../../shared/system-kit/toggles';
import { deferredRef } from '../ui/afterPaint';
import { systemLabel } from '../ui/formatting';
import { checkFieldValue, fitsField } from '../ui/setup-fields';
import { describeEffect } from './useResolveFormat';
import {
  adhocParticipant,
  defaultTargetId,
  fallbackAttackerId,
  participantFromCombatant,
  type AdhocDraft,
} from './useResolveParticipants';
import {
  appliedEvent,
  applyBlocker,
  buildRollRecord,
  logBlocker,
  resolvedEvent,
  type RolledEntry,
} from './useResolveRecord';
import { defaultStats } from '../sheets';
import { newId } from '../platform/ids';
import { getRandomSource, rollWithApp } from '../platform/random';
import { useEncounterStore } from '../encounter/encounter-store';
import { useSettingsStore } from '../settings/settings-store';

export type ResolveSide = 'attackers' | 'targets';

interface SideChoice {
  readonly mode: 'encounter' | 'adhoc';
  /** Combatant ids the GM chose; null = the default (whoever acts now / the first foe). */
  readonly ids: readonly string[] | null;
  readonly adhoc: AdhocDraft;
}

/** One group of dice a stage asks for: the main group first (its id is the stage's), then the extras. */
export interface StageGroup {
  readonly id: string;
  readonly label: string;
  readonly count: number;
  readonly sides: number;
}

/** What was done with the last result, for the line the panel shows after it. */
export interface ResolveOutcome {
  readonly kind: 'applied' | 'logged';
  readonly summary: string;
  readonly effects: readonly string[];
  /** The recorded roll's id, so the roll can be shown to the players from here. */
  readonly rollId: string;
}

type Attempt<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };

/** Runs a workflow function; a thrown RulesError becomes its sentence, anything else says where it failed. */
function attempt<T>(what: string, run: () => T): Attempt<T> {
  try {
    return { ok: true, value: run() };
  } catch (cause) {
    const message = isRulesError(cause) ? cause.message : `${what} failed: ${(cause as Error).message}`;
    return { ok: false, error: message };
  }
}

export function stageGroups(stage: DiceStage): StageGroup[] {
  return [{ id: stage.id, label: stage.label, count: stage.count, sides: stage.sides }, ...(stage.extra ?? [])];
}

const SIDE_NAMES: Readonly<Record<ResolveSide, string>> = { attackers: 'Ad-hoc attacker', targets: 'Ad-hoc target' };

function freshSide(systemId: SystemId): SideChoice {
  return {
    mode: 'encounter',
    ids: null,
    adhoc: { name: '', kind: 'npc', stats: defaultStats(systemId), problems: [] },
  };
}

/**
 * The roll resolution panel's state: who rolls against whom with which workflow and values, the
 * dice rolled so far, and the result. Kept in a store so it survives the panel moving between
 * layout slots; every rule comes from the system's workflow (`shared/resolve`).
 */
export const useResolveStore = defineStore('resolve', () => {
  const encounter = useEncounterStore();
  const settings = useSettingsStore();
  // The roll panel follows the encounter a frame behind the tracker (ui/afterPaint.ts),
  // so "Next turn" paints without waiting for the odds; every action here catches up first.
  const shown = deferredRef(
    () => encounter.state,
    (state) => state?.id ?? null,
  );
  const shownState = shown.value;

  const systemId = computed<SystemId>(() => shownState.value?.systemId ?? settings.systemId);
  const systemName = computed(() => systemLabel(systemId.value));
  const workflows = computed<readonly ResolveWorkflow[]>(() => workflowsOf(systemId.value));
  const rules = computed(() => rulesLookup.tracker(systemId.value));

  const chosenWorkflow = ref<Partial<Record<SystemId, string>>>({});
  const sides = ref<Record<ResolveSide, SideChoice>>({
    attackers: freshSide(systemId.value),
    targets: freshSide(systemId.value),
  });
  /** Values the GM changed, per workflow; everything else follows the workflow's defaults. */
  const overrides = ref<Record<string, Record<string, SetupValue>>>({});
  /** Values typed that were refused, by field id: shown at the field, and rolling waits for them. */
  const fieldErrors = ref<Record<string, string>>({});
  const rolled = shallowRef<readonly RolledEntry[]>([]);
  /** The situation as it was at the first die: the roll is resolved against that, whatever happens since. */
  const lockedContext = shallowRef<ResolveContext | null>(null);
  const pendingFollowUp = shallowRef<FollowUp | null>(null);
  const stageError = ref<string | null>(null);
  const actionError = ref<string | null>(null);
  /** Why the tracker refuses what this roll would spend; the GM may then allow it anyway (a ruling in the log). */
  const refusal = ref<string | null>(null);
  const outcome = ref<ResolveOutcome | null>(null);
  const busy = ref(false);

  const workflow = computed<ResolveWorkflow | null>(() => {
    const id = chosenWorkflow.value[systemId.value];
    return workflows.value.find((w) => w.id === id) ?? workflows.value[0] ?? null;
  });

  const locked = computed(() => rolled.value.length > 0 || pendingFollowUp.value !== null);

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

  const sameList = <T>(a: readonly T[], b: readonly T[]) =>
    a.length === b.length && a.every((item, i) => item === b[i]);

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

  const ready = computed(() => workflow.value !== null && selectionProblems.value.length === 0);

  const fieldsAttempt = computed(() =>
    ready.value ? attempt('The choices', () => workflow.value!.fields(context.value)) : null,
  );
  const fields = computed<readonly FieldDef[]>(() => (fieldsAttempt.value?.ok ? fieldsAttempt.value.value : []));
  /** The values the GM set for the workflow shown: defaults that depend on them follow (a weapon's skill). */
  const chosen = computed<SetupValues>(() => (workflow.value ? (overrides.value[workflow.value.id] ?? {}) : {}));
  const defaultsAttempt = computed(() =>
    ready.value ? attempt('The starting values', () => workflow.value!.defaults(context.value, chosen.value)) : null,
  );

  /** The workflow's starting values for this context ("More modifiers" counts the fields away from them). */
  const defaults = computed<SetupValues>(() => (defaultsAttempt.value?.ok ? defaultsAttempt.value.value : {}));

  /** "More modifiers" open or closed, per workflow, for the session. */
  const moreOpen = ref<Record<string, boolean>>({});
  function setMoreOpen(workflowId: string, open: boolean): void {
    if (moreOpen.value[workflowId] !== open) moreOpen.value = { ...moreOpen.value, [workflowId]: open };
  }

  const setup = computed<SetupValues>(() => {
    const changed = workflow.value ? (overrides.value[workflow.value.id] ?? {}) : {};
    const values: Record<string, SetupValue> = { ...defaults.value };
    for (const field of fields.value) {
      const value = changed[field.id];
      // A choice the workflow no longer offers (another attacker's weapons) falls back to the default.
      if (value !== undefined && fitsField(field, value)) values[field.id] = value;
    }
    return values;
  });

  const workflowProblems = computed<string[]>(() => {
    if (!ready.value) return [];
    const failures = [fieldsAttempt.value, defaultsAttempt.value].flatMap((a) => (a && !a.ok ? [a.error] : []));
    if (failures.length) return failures;
    const result = attempt('Checking the choices', () => workflow.value!.problems(setup.value, context.value));
    return result.ok ? [...result.value] : [result.error];
  });

  /** Everything that stops a roll, in sentences, in the order the GM would fix them. */
  const problems = computed<string[]>(() => [
    ...selectionProblems.value,
    ...Object.values(fieldErrors.value),
    ...workflowProblems.value,
  ]);

  const oddsAttempt = computed<Attempt<OddsView> | null>(() =>
    ready.value && problems.value.length === 0
      ? attempt('The odds', () => workflow.value!.odds(setup.value, context.value))
      : null,
  );
  const odds = computed(() => (oddsAttempt.value?.ok ? oddsAttempt.value.value : null));
  const oddsError = computed(() => (oddsAttempt.value && !oddsAttempt.value.ok ? oddsAttempt.value.error : null));

  const rolledStages = computed<RolledStage[]>(() => rolled.value.map((entry) => entry.rolled));

  /** The dice to roll now: a follow-up the GM took, else the workflow's next stage; null when all are in. */
  const stageAttempt = computed<Attempt<{ stage: DiceStage; stageId: string } | null> | null>(() => {
    if (!workflow.value) return null;
    if (pendingFollowUp.value)
      return { ok: true, value: { stage: pendingFollowUp.value.stage, stageId: pendingFollowUp.value.id } };
    // Before the first die the setup must be sound; once rolling, the locked situation carries on.
    if (!locked.value && (problems.value.length > 0 || oddsError.value)) return null;
    const next = attempt('The next roll', () =>
      workflow.value!.nextStage(setup.value, context.value, rolledStages.value),
    );
    return next.ok ? { ok: true, value: next.value ? { stage: next.value, stageId: next.value.id } : null } : next;
  });
  const currentStage = computed(() => (stageAttempt.value?.ok ? (stageAttempt.value.value?.stage ?? null) : null));
  const currentGroups = computed(() => (currentStage.value ? stageGroups(currentStage.value) : []));

  const resolutionAttempt = computed<Attempt<Resolution> | null>(() => {
    const wf = workflow.value;
    // With nothing rolled yet, a result stands only when the setup is sound and needs no dice at all
    // (UESRPG's grapple Takedown): stageAttempt is then a success with no stage.
    if (!wf || !stageAttempt.value?.ok || stageAttempt.value.value) return null;
    return attempt('Working out the result', () => wf.resolve(setup.value, context.value, rolledStages.value));
  });
  const resolution = computed(() => (resolutionAttempt.value?.ok ? resolutionAttempt.value.value : null));
  /** A workflow that failed mid-resolution: shown so the GM can start over. */
  const resolveError = computed(() => {
    if (stageAttempt.value && !stageAttempt.value.ok && locked.value) return stageAttempt.value.error;
    return resolutionAttempt.value && !resolutionAttempt.value.ok ? resolutionAttempt.value.error : null;
  });

  /** Why the next stage cannot be rolled now, or null. */
  const rollBlocker = computed<string | null>(() => {
    if (!workflow.value) return `${systemName.value} has no roll workflows yet.`;
    if (!locked.value && problems.value.length) return problems.value[0]!;
    if (!locked.value && oddsError.value) return oddsError.value;
    if (stageAttempt.value && !stageAttempt.value.ok) return stageAttempt.value.error;
    if (!currentStage.value)
      return resolution.value
        ? rolled.value.length === 0
          ? 'This one needs no dice: apply or log the result.'
          : 'Every die for this roll is in: apply or log the result, or start over.'
        : 'Nothing to roll now.';
    return null;
  });

  const applyTarget = computed(() => ({ state: shownState.value, readOnlyReason: encounter.readOnlyReason }));
  const applyReason = computed<string | null>(() => {
    if (busy.value) return 'Saving the last result…';
    if (!resolution.value) return 'Roll every stage first.';
    return applyBlocker(resolution.value, context.value, applyTarget.value);
  });
  const logReason = computed<string | null>(() => {
    if (busy.value) return 'Saving the last result…';
    if (!resolution.value) return 'Roll every stage first.';
    return logBlocker(applyTarget.value);
  });

  const effectLines = computed(() =>
    resolution.value ? resolution.value.effects.map((e) => describeEffect(e, context.value, rules.value)) : [],
  );

  function clearRoll(): void {
    refusal.value = null;
    rolled.value = [];
    lockedContext.value = null;
    pendingFollowUp.value = null;
    stageError.value = null;
    actionError.value = null;
  }

  // Another encounter or system: the choices made for the old one mean nothing here.
  watch(
    () => `${shownState.value?.id ?? ''}|${systemId.value}`,
    (_now, before) => {
      const systemChanged = before?.split('|')[1] !== systemId.value;
      clearRoll();
      outcome.value = null;
      fieldErrors.value = {};
      if (systemChanged) sides.value = { attackers: freshSide(systemId.value), targets: freshSide(systemId.value) };
      else
        sides.value = {
          attackers: { ...sides.value.attackers, ids: null },
          targets: { ...sides.value.targets, ids: null },
        };
    },
  );

  // Someone else attacks or is attacked: the values the GM changed that a sheet gives (weapon,
  // skill, armour) or that belong to the participants (the grapple's action) were for the ones
  // before, so the new participants' sheets and conditions fill them again.
  watch(
    () => `${modeOf('attackers')}:${attackerIds.value.join(',')}|${modeOf('targets')}:${targetIds.value.join(',')}`,
    () => {
      if (locked.value) return;
      const kept: Record<string, Record<string, SetupValue>> = { ...overrides.value };
      let changedAny = false;
      for (const wf of workflows.value) {
        const changed = kept[wf.id];
        if (!changed) continue;
        // Read as if nothing were chosen: the weapon itself is one of the sheet's values to drop.
        const reading = wf.fromSheets ? attempt('Reading the sheets', () => wf.fromSheets!(liveContext.value)) : null;
        const fields = attempt('The choices', () => wf.fields(liveContext.value));
        const theirs = new Set([
          ...(reading?.ok ? reading.value.sources.map((s) => s.fieldId) : []),
          ...(fields.ok ? fields.value.filter((f) => f.perParticipants).map((f) => f.id) : []),
        ]);
        const left = Object.fromEntries(Object.entries(changed).filter(([fieldId]) => !theirs.has(fieldId)));
        if (Object.keys(left).length === Object.keys(changed).length) continue;
        kept[wf.id] = left;
        changedAny = true;
      }
      if (changedAny) overrides.value = kept;
    },
    { flush: 'sync' },
  );

  function refuseWhileLocked(): boolean {
    if (!locked.value) return false;
    actionError.value = 'A roll is in progress: apply or log it, or start over, before changing the setup.';
    return true;
  }

  function edited(): void {
    outcome.value = null;
    actionError.value = null;
  }

  function selectWorkflow(id: string): boolean {
    if (refuseWhileLocked()) return false;
    if (!workflows.value.some((w) => w.id === id)) {
      actionError.value = `${systemName.value} has no roll workflow "${id}".`;
      return false;
    }
    chosenWorkflow.value = { ...chosenWorkflow.value, [systemId.value]: id };
    fieldErrors.value = {};
    edited();
    return true;
  }

  function updateSide(side: ResolveSide, change: Partial<SideChoice>): boolean {
    if (refuseWhileLocked()) return false;
    sides.value = { ...sides.value, [side]: { ...sides.value[side], ...change } };
    edited();
    return true;
  }

  /** Picks combatants for a side; an empty list or null goes back to the default (acting now / first foe). */
  function choose(side: ResolveSide, ids: readonly string[] | null): boolean {
    shown.catchUp();
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

  /** Sets one field; a refused value keeps the old one and says why at the field. */
  function setValue(fieldId: string, input: SetupValue): boolean {
    if (refuseWhileLocked() || !workflow.value) return false;
    const field = fields.value.find((f) => f.id === fieldId);
    if (!field) return false;
    const checked = checkFieldValue(field, input);
    const errors = { ...fieldErrors.value };
    if (!checked.ok) {
      fieldErrors.value = { ...errors, [fieldId]: checked.message };
      return false;
    }
    delete errors[fieldId];
    fieldErrors.value = errors;
    const id = workflow.value.id;
    overrides.value = { ...overrides.value, [id]: { ...overrides.value[id], [fieldId]: checked.value } };
    edited();
    return true;
  }

  /** Back to the workflow's starting values (the participants stay). */
  function resetValues(): boolean {
    if (refuseWhileLocked() || !workflow.value) return false;
    overrides.value = { ...overrides.value, [workflow.value.id]: {} };
    fieldErrors.value = {};
    edited();
    return true;
  }

  /** Adds a rolled stage after checking the workflow accepts it; a refusal changes nothing. */
  function commit(stage: DiceStage, stageRoll: RolledStage): boolean {
    const wf = workflow.value!;
    const ctx = context.value;
    const next = [...rolled.value, { stage, rolled: stageRoll }];
    const stages = next.map((entry) => entry.rolled);
    const check = attempt('That roll', () =>
      wf.nextStage(setup.value, ctx, stages) ? null : wf.resolve(setup.value, ctx, stages),
    );
    if (!check.ok) {
      stageError.value = check.error;
      return false;
    }
    lockedContext.value = ctx;
    rolled.value = next;
    pendingFollowUp.value = null;
    stageError.value = null;
    actionError.value = null;
    outcome.value = null;
    return true;
  }

  function stageToRoll(): { stage: DiceStage; stageId: string } | null {
    if (rollBlocker.value) {
      stageError.value = rollBlocker.value;
      return null;
    }
    return stageAttempt.value?.ok ? stageAttempt.value.value : null;
  }

  /** Rolls the current stage with the app's dice, recording the source (crypto or the seed). */
  function rollStage(): boolean {
    shown.catchUp();
    const next = stageToRoll();
    if (!next) return false;
    const source = getRandomSource().kind;
    const groups = stageGroups(next.stage).map((g) => ({
      id: g.id,
      sides: g.sides,
      faces: rollWithApp(g.count, g.sides),
    }));
    return commit(next.stage, { stageId: next.stageId, groups, source });
  }

  /** Uses faces typed from physical dice, one text per group; any bad text changes nothing. */
  function enterFaces(texts: readonly string[]): boolean {
    shown.catchUp();
    const next = stageToRoll();
    if (!next) return false;
    const wanted = stageGroups(next.stage);
    const groups: RolledStage['groups'][number][] = [];
    for (const [index, group] of wanted.entries()) {
      // A group of no dice this time (no gear dice) has nothing to type.
      if (group.count === 0) {
        groups.push({ id: group.id, sides: group.sides, faces: [] });
        continue;
      }
      const parsed = parseFaces(texts[index] ?? '', group.count, group.sides);
      if (!parsed.ok) {
        stageError.value = wanted.length > 1 ? `${group.label}: ${parsed.message}` : parsed.message;
        return false;
      }
      groups.push({ id: group.id, sides: group.sides, faces: parsed.value });
    }
    return commit(next.stage, { stageId: next.stageId, groups, source: 'physical' });
  }

  function takeFollowUp(id: string): boolean {
    shown.catchUp();
    const followUp = resolution.value?.followUps.find((f) => f.id === id);
    if (!followUp) {
      actionError.value = 'That follow-up is not open for this result.';
      return false;
    }
    pendingFollowUp.value = followUp;
    stageError.value = null;
    outcome.value = null;
    return true;
  }

  function cancelFollowUp(): void {
    pendingFollowUp.value = null;
    stageError.value = null;
  }

  function startOver(): void {
    clearRoll();
    outcome.value = null;
  }

  /**
   * The sentence the tracker refuses this roll's spends with (no AP left, a lost turn, a third
   * attack…), when the roll itself would apply: then the GM may allow it anyway, as a ruling.
   */
  function economyRefusal(event: EventInput): string | null {
    const state = shownState.value;
    if (!state || event.type !== 'roll-applied' || !event.spends?.length || event.ruling) return null;
    const trial = (input: EventInput) =>
      reduce(state, { ...input, id: 'check', at: new Date().toISOString() } as EncounterEvent, rulesLookup);
    try {
      trial(event);
      return null;
    } catch (error) {
      if (!isRulesError(error) || error.code !== 'not-allowed') return null;
      try {
        trial({ ...event, spends: [] });
      } catch {
        // Refused for another reason too: the dispatch says why.
        return null;
      }
      return error.message;
    }
  }

  async function record(kind: ResolveOutcome['kind'], ruling?: string): Promise<boolean> {
    shown.catchUp();
    const reason = kind === 'applied' ? applyReason.value : logReason.value;
    if (reason) {
      actionError.value = reason;
      return false;
    }
    const wf = workflow.value!;
    const result = resolution.value!;
    const ctx = context.value;
    const roll = buildRollRecord(wf, ctx, rolled.value, { id: newId(), at: new Date().toISOString() });
    const spendActions = shownState.value?.status === 'running';
    const event =
      kind === 'applied'
        ? appliedEvent(wf, ctx, result, roll, { spendActions, ruling })
        : resolvedEvent(wf, ctx, result, roll);
    const refused = economyRefusal(event);
    refusal.value = refused;
    if (refused) return false;
    const effects = kind === 'applied' ? effectLines.value : [];
    busy.value = true;
    const saved = await encounter.dispatch(event).finally(() => (busy.value = false));
    if (!saved) {
      actionError.value = encounter.error ?? 'The result was not saved.';
      return false;
    }
    clearRoll();
    outcome.value = { kind, summary: result.summary, effects, rollId: roll.id };
    return true;
  }

  // Another setup or roll: the refusal was about the one before.
  watch(resolution, () => (refusal.value = null), { flush: 'sync' });

  /** Applies the result to the encounter as one undoable `roll-applied` event. */
  const apply = () => record('applied');
  /** Applies it although the rules refused its spends: the GM's ruling, recorded with the refusal. */
  const allowAnyway = () => (refusal.value ? record('applied', refusal.value) : Promise.resolve(false));
  /** Logs the result as a `roll-resolved` event, changing nobody. */
  const logOnly = () => record('logged');

  /**
   * A reference table row sent here (a weapon): the first workflow of the current system that can
   * use it is selected and its values set. Returns why not, in a sentence, or null when done.
   */
  function receiveTableRow(tableId: string, rowIndex: number): string | null {
    const table = loadedSystem(systemId.value).tables.find((t) => t.id === tableId);
    const what = table ? `the ${table.title} table` : `table "${tableId}"`;
    if (locked.value) return 'A roll is in progress: apply or log it, or start over, before choosing another weapon.';
    for (const wf of workflows.value) {
      const found = attempt('Reading the table row', () => wf.fromTableRow(tableId, rowIndex));
      if (!found.ok) return found.error;
      if (!found.value) continue;
      const values = Object.fromEntries(
        Object.entries(found.value).filter((entry): entry is [string, SetupValue] => entry[1] !== undefined),
      );
      chosenWorkflow.value = { ...chosenWorkflow.value, [systemId.value]: wf.id };
      overrides.value = { ...overrides.value, [wf.id]: { ...overrides.value[wf.id], ...values } };
      fieldErrors.value = {};
      edited();
      return null;
    }
    if (workflows.value.length === 0)
      return `${systemName.value} has no roll workflows yet, so ${what} cannot be used for a roll.`;
    return `No roll for ${systemName.value} uses rows of ${what}.`;
  }

  return {
    shownState,
    systemId,
    systemName,
    workflows,
    workflow,
    sides,
    modeOf,
    actingId,
    attackerIds,
    targetIds,
    context,
    locked,
    fields,
    defaults,
    setup,
    moreOpen,
    setMoreOpen,
    fieldErrors,
    problems,
    odds,
    oddsError,
    currentStage,
    currentGroups,
    pendingFollowUp,
    rolled,
    resolution,
    resolveError,
    effectLines,
    rollBlocker,
    applyReason,
    logReason,
    stageError,
    actionError,
    outcome,
    busy,
    selectWorkflow,
    choose,
    setMode,
    setAdhoc,
    reportAdhocProblems,
    setValue,
    resetValues,
    rollStage,
    enterFaces,
    takeFollowUp,
    cancelFollowUp,
    startOver,
    apply,
    allowAnyway,
    refusal,
    logOnly,
    receiveTableRow,
  };
});
