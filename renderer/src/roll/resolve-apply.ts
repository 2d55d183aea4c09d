// What the roll panel does with a result: apply it to the encounter or log it, and why it cannot now.
import { computed, ref, watch, type Ref } from 'vue';
import type { EncounterEvent, EventInput } from '../../../shared/encounter/events';
import { reduce } from '../../../shared/encounter/reducer';
import type { EncounterState } from '../../../shared/encounter/state';
import { isRulesError } from '../../../shared/errors';
import type { TrackerRules } from '../../../shared/system-kit/tracker-rules';
import type { Resolution, ResolveContext, ResolveWorkflow } from '../../../shared/system-kit/workflow';
import { rulesLookup } from '../systems/loaded-systems';
import { newId } from '../platform/ids';
import { describeEffect } from './useResolveFormat';
import {
  appliedEvent,
  applyBlocker,
  buildRollRecord,
  logBlocker,
  resolvedEvent,
  type RolledEntry,
} from './useResolveRecord';

/** What was done with the last result, for the line the panel shows after it. */
export interface ResolveOutcome {
  readonly kind: 'applied' | 'logged';
  readonly summary: string;
  readonly effects: readonly string[];
  /** The recorded roll's id, so the roll can be shown to the players from here. */
  readonly rollId: string;
}

/**
 * The sentence the tracker refuses this roll's spends with (no AP left, a lost turn, a third
 * attack…), when the roll itself would apply: then the GM may allow it anyway, as a ruling.
 */
export function economyRefusal(state: EncounterState | null, event: EventInput): string | null {
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

/** The encounter store as applying reads and changes it. */
export interface ApplyEncounter {
  readonly readOnlyReason: string | null;
  readonly error: string | null;
  dispatch(event: EventInput): Promise<boolean>;
}

/** What applying reads from, and writes to, the rest of the store. */
export interface ApplyDeps {
  readonly encounter: ApplyEncounter;
  readonly shownState: Readonly<Ref<EncounterState | null>>;
  readonly rules: Readonly<Ref<TrackerRules>>;
  readonly workflow: Readonly<Ref<ResolveWorkflow | null>>;
  readonly context: Readonly<Ref<ResolveContext>>;
  readonly rolled: Readonly<Ref<readonly RolledEntry[]>>;
  readonly resolution: Readonly<Ref<Resolution | null>>;
  /** Why the tracker refused the last try's spends, for the GM to allow anyway. */
  readonly refusal: Ref<string | null>;
  readonly outcome: Ref<ResolveOutcome | null>;
  readonly actionError: Ref<string | null>;
  /** Ends the roll: the dice, the locked situation and the errors about them go. */
  readonly clearRoll: () => void;
  readonly catchUp: () => void;
}

/** Applying or logging the result as one encounter event, and what stops either. */
export function useResolveApply(deps: ApplyDeps) {
  const { encounter, shownState, rules, workflow, context, rolled, resolution, refusal, outcome, actionError } = deps;
  const busy = ref(false);

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

  async function record(kind: ResolveOutcome['kind'], ruling?: string): Promise<boolean> {
    deps.catchUp();
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
    const refused = economyRefusal(shownState.value, event);
    refusal.value = refused;
    if (refused) return false;
    const effects = kind === 'applied' ? effectLines.value : [];
    busy.value = true;
    const saved = await encounter.dispatch(event).finally(() => (busy.value = false));
    if (!saved) {
      actionError.value = encounter.error ?? 'The result was not saved.';
      return false;
    }
    deps.clearRoll();
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

  return { busy, applyReason, logReason, effectLines, apply, allowAnyway, logOnly };
}
