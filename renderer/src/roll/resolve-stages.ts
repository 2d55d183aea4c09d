// The roll panel's dice: the stage to roll now, rolling or typing its faces, follow-ups, and the result they give.
import { computed, type Ref, type ShallowRef } from 'vue';
import { parseFaces } from '../../../shared/dice/request';
import type {
  DiceStage,
  FollowUp,
  Resolution,
  ResolveContext,
  ResolveWorkflow,
  RolledStage,
  SetupValues,
} from '../../../shared/system-kit/workflow';
import { getRandomSource, rollWithApp } from '../platform/random';
import type { ResolveOutcome } from './resolve-apply';
import { attempt, type Attempt } from './resolve-attempt';
import type { RolledEntry } from './useResolveRecord';

/** One group of dice a stage asks for: the main group first (its id is the stage's), then the extras. */
export interface StageGroup {
  readonly id: string;
  readonly label: string;
  readonly count: number;
  readonly sides: number;
}

export function stageGroups(stage: DiceStage): StageGroup[] {
  return [{ id: stage.id, label: stage.label, count: stage.count, sides: stage.sides }, ...(stage.extra ?? [])];
}

type RolledGroup = RolledStage['groups'][number];

/** Faces typed from physical dice, one text per group, read for the stage; the first bad text says why. */
export function typedGroups(
  stage: DiceStage,
  texts: readonly string[],
): { readonly ok: true; readonly groups: RolledGroup[] } | { readonly ok: false; readonly error: string } {
  const wanted = stageGroups(stage);
  const groups: RolledGroup[] = [];
  for (const [index, group] of wanted.entries()) {
    // A group of no dice this time (no gear dice) has nothing to type.
    if (group.count === 0) {
      groups.push({ id: group.id, sides: group.sides, faces: [] });
      continue;
    }
    const parsed = parseFaces(texts[index] ?? '', group.count, group.sides);
    if (!parsed.ok)
      return { ok: false, error: wanted.length > 1 ? `${group.label}: ${parsed.message}` : parsed.message };
    groups.push({ id: group.id, sides: group.sides, faces: parsed.value });
  }
  return { ok: true, groups };
}

/** What the stages read from, and write to, the rest of the store. */
export interface StagesDeps {
  readonly systemName: Readonly<Ref<string>>;
  readonly workflow: Readonly<Ref<ResolveWorkflow | null>>;
  readonly context: Readonly<Ref<ResolveContext>>;
  readonly setup: Readonly<Ref<SetupValues>>;
  readonly problems: Readonly<Ref<readonly string[]>>;
  readonly oddsError: Readonly<Ref<string | null>>;
  readonly locked: Readonly<Ref<boolean>>;
  readonly rolled: ShallowRef<readonly RolledEntry[]>;
  readonly lockedContext: ShallowRef<ResolveContext | null>;
  readonly pendingFollowUp: ShallowRef<FollowUp | null>;
  readonly stageError: Ref<string | null>;
  readonly actionError: Ref<string | null>;
  /** Cleared by a new die or follow-up: it was about the result before. */
  readonly outcome: Ref<ResolveOutcome | null>;
  readonly catchUp: () => void;
}

/** The stage plan of the chosen workflow, the dice rolled for it, and the resolution once all are in. */
export function useResolveStages(deps: StagesDeps) {
  const { systemName, workflow, context, setup, problems, oddsError, locked, rolled, pendingFollowUp } = deps;
  const { stageError, actionError, outcome } = deps;

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
    deps.lockedContext.value = ctx;
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
    deps.catchUp();
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
    deps.catchUp();
    const next = stageToRoll();
    if (!next) return false;
    const typed = typedGroups(next.stage, texts);
    if (!typed.ok) {
      stageError.value = typed.error;
      return false;
    }
    return commit(next.stage, { stageId: next.stageId, groups: typed.groups, source: 'physical' });
  }

  function takeFollowUp(id: string): boolean {
    deps.catchUp();
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

  return {
    currentStage,
    currentGroups,
    resolution,
    resolveError,
    rollBlocker,
    rollStage,
    enterFaces,
    takeFollowUp,
    cancelFollowUp,
  };
}
