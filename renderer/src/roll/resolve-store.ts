import { defineStore } from 'pinia';
import { computed, ref, shallowRef, watch } from 'vue';
import type { FollowUp, ResolveContext, ResolveWorkflow } from '../../../shared/system-kit/workflow';
import type { SystemId } from '../../../shared/system-kit/rule-system';
import { rulesLookup, workflowsOf } from '../systems/loaded-systems';
import { deferredRef } from '../ui/deferred-ref';
import { systemLabel } from '../ui/formatting';
import { useEncounterStore } from '../encounter/encounter-store';
import { useSettingsStore } from '../settings/settings-store';
import { useResolveApply, type ResolveOutcome } from './resolve-apply';
import { useResolveSetup, withoutParticipantValues } from './resolve-setup';
import { freshSide, useResolveSides } from './resolve-sides';
import { useResolveStages } from './resolve-stages';
import type { RolledEntry } from './useResolveRecord';

// The store's own types and helpers, where its importers have always found them.
export type { ResolveSide } from './resolve-sides';
export type { ResolveOutcome } from './resolve-apply';
export { stageGroups, type StageGroup } from './resolve-stages';

/**
 * The roll resolution panel's state: who rolls against whom with which workflow and values, the
 * dice rolled so far, and the result. Kept in a store so it survives the panel moving between
 * layout slots; every rule comes from the system's workflows (`SystemModule.workflows`). Each concern is a
 * file of its own (sides, setup, stages, apply); this store holds what they share and composes them.
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
  const catchUp = shown.catchUp;

  const systemId = computed<SystemId>(() => shownState.value?.systemId ?? settings.systemId);
  const systemName = computed(() => systemLabel(systemId.value));
  const workflows = computed<readonly ResolveWorkflow[]>(() => workflowsOf(systemId.value));
  const rules = computed(() => rulesLookup.tracker(systemId.value));

  const chosenWorkflow = ref<Partial<Record<SystemId, string>>>({});
  const workflow = computed<ResolveWorkflow | null>(() => {
    const id = chosenWorkflow.value[systemId.value];
    return workflows.value.find((w) => w.id === id) ?? workflows.value[0] ?? null;
  });

  const rolled = shallowRef<readonly RolledEntry[]>([]);
  /** The situation as it was at the first die: the roll is resolved against that, whatever happens since. */
  const lockedContext = shallowRef<ResolveContext | null>(null);
  const pendingFollowUp = shallowRef<FollowUp | null>(null);
  const stageError = ref<string | null>(null);
  const actionError = ref<string | null>(null);
  /** Why the tracker refuses what this roll would spend; the GM may then allow it anyway (a ruling in the log). */
  const refusal = ref<string | null>(null);
  const outcome = ref<ResolveOutcome | null>(null);

  const locked = computed(() => rolled.value.length > 0 || pendingFollowUp.value !== null);

  function refuseWhileLocked(): boolean {
    if (!locked.value) return false;
    actionError.value = 'A roll is in progress: apply or log it, or start over, before changing the setup.';
    return true;
  }

  function edited(): void {
    outcome.value = null;
    actionError.value = null;
  }

  function clearRoll(): void {
    refusal.value = null;
    rolled.value = [];
    lockedContext.value = null;
    pendingFollowUp.value = null;
    stageError.value = null;
    actionError.value = null;
  }

  function startOver(): void {
    clearRoll();
    outcome.value = null;
  }

  const {
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
  } = useResolveSides({
    shownState,
    systemId,
    workflow,
    rules,
    lockedContext,
    actionError,
    catchUp,
    refuseWhileLocked,
    edited,
  });

  const {
    overrides,
    fieldErrors,
    fields,
    defaults,
    setup,
    moreOpen,
    setMoreOpen,
    problems,
    odds,
    oddsError,
    selectWorkflow,
    setValue,
    resetValues,
    receiveTableRow,
  } = useResolveSetup({
    systemId,
    systemName,
    workflows,
    workflow,
    chosenWorkflow,
    context,
    selectionProblems,
    locked,
    actionError,
    refuseWhileLocked,
    edited,
  });

  const {
    currentStage,
    currentGroups,
    resolution,
    resolveError,
    rollBlocker,
    rollStage,
    enterFaces,
    takeFollowUp,
    cancelFollowUp,
  } = useResolveStages({
    systemName,
    workflow,
    context,
    setup,
    problems,
    oddsError,
    locked,
    rolled,
    lockedContext,
    pendingFollowUp,
    stageError,
    actionError,
    outcome,
    catchUp,
  });

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
      const kept = withoutParticipantValues(workflows.value, overrides.value, liveContext.value);
      if (kept) overrides.value = kept;
    },
    { flush: 'sync' },
  );

  // Registered after the watches above, as it always was: its own watch on the result comes last.
  const { busy, applyReason, logReason, effectLines, apply, allowAnyway, logOnly } = useResolveApply({
    encounter,
    shownState,
    rules,
    workflow,
    context,
    rolled,
    resolution,
    refusal,
    outcome,
    actionError,
    clearRoll,
    catchUp,
  });

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
