// The roll panel's setup: the workflow chosen, the values the GM set over its defaults, the problems and the odds.
import { computed, ref, type Ref } from 'vue';
import type { SystemId } from '../../../shared/system-kit/rule-system';
import type {
  FieldDef,
  OddsView,
  ResolveContext,
  ResolveWorkflow,
  SetupValue,
  SetupValues,
} from '../../../shared/system-kit/workflow';
import { loadedSystem } from '../systems/loaded-systems';
import { checkFieldValue, fitsField } from '../ui/setup-fields';
import { attempt, type Attempt } from './resolve-attempt';

/** Values the GM changed, per workflow id, then field id. */
export type Overrides = Record<string, Record<string, SetupValue>>;

/**
 * The overrides without the values the sheets of the participants give (weapon, skill, armour) or
 * that belong to the participants (the grapple's action), read from `context`; null when none go.
 */
export function withoutParticipantValues(
  workflows: readonly ResolveWorkflow[],
  overrides: Overrides,
  context: ResolveContext,
): Overrides | null {
  const kept: Overrides = { ...overrides };
  let changedAny = false;
  for (const wf of workflows) {
    const changed = kept[wf.id];
    if (!changed) continue;
    // Read as if nothing were chosen: the weapon itself is one of the sheet's values to drop.
    const reading = wf.fromSheets ? attempt('Reading the sheets', () => wf.fromSheets!(context)) : null;
    const fields = attempt('The choices', () => wf.fields(context));
    const theirs = new Set([
      ...(reading?.ok ? reading.value.sources.map((s) => s.fieldId) : []),
      ...(fields.ok ? fields.value.filter((f) => f.perParticipants).map((f) => f.id) : []),
    ]);
    const left = Object.fromEntries(Object.entries(changed).filter(([fieldId]) => !theirs.has(fieldId)));
    if (Object.keys(left).length === Object.keys(changed).length) continue;
    kept[wf.id] = left;
    changedAny = true;
  }
  return changedAny ? kept : null;
}

/** What the setup reads from the rest of the store. */
export interface SetupDeps {
  readonly systemId: Readonly<Ref<SystemId>>;
  readonly systemName: Readonly<Ref<string>>;
  readonly workflows: Readonly<Ref<readonly ResolveWorkflow[]>>;
  readonly workflow: Readonly<Ref<ResolveWorkflow | null>>;
  /** The workflow id chosen per system (none: the system's first). */
  readonly chosenWorkflow: Ref<Partial<Record<SystemId, string>>>;
  readonly context: Readonly<Ref<ResolveContext>>;
  /** Who is missing or typed wrong, before any value is looked at. */
  readonly selectionProblems: Readonly<Ref<readonly string[]>>;
  readonly locked: Readonly<Ref<boolean>>;
  readonly actionError: Ref<string | null>;
  readonly refuseWhileLocked: () => boolean;
  readonly edited: () => void;
}

/** The values a roll is set up with and what they give before any die: problems and odds. */
export function useResolveSetup(deps: SetupDeps) {
  const { systemId, systemName, workflows, workflow, chosenWorkflow, context, selectionProblems } = deps;

  /** Values the GM changed, per workflow; everything else follows the workflow's defaults. */
  const overrides = ref<Overrides>({});
  /** Values typed that were refused, by field id: shown at the field, and rolling waits for them. */
  const fieldErrors = ref<Record<string, string>>({});

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

  function selectWorkflow(id: string): boolean {
    if (deps.refuseWhileLocked()) return false;
    if (!workflows.value.some((w) => w.id === id)) {
      deps.actionError.value = `${systemName.value} has no roll workflow "${id}".`;
      return false;
    }
    chosenWorkflow.value = { ...chosenWorkflow.value, [systemId.value]: id };
    fieldErrors.value = {};
    deps.edited();
    return true;
  }

  /** Sets one field; a refused value keeps the old one and says why at the field. */
  function setValue(fieldId: string, input: SetupValue): boolean {
    if (deps.refuseWhileLocked() || !workflow.value) return false;
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
    deps.edited();
    return true;
  }

  /** Back to the workflow's starting values (the participants stay). */
  function resetValues(): boolean {
    if (deps.refuseWhileLocked() || !workflow.value) return false;
    overrides.value = { ...overrides.value, [workflow.value.id]: {} };
    fieldErrors.value = {};
    deps.edited();
    return true;
  }

  /**
   * A reference table row sent here (a weapon): the first workflow of the current system that can
   * use it is selected and its values set. Returns why not, in a sentence, or null when done.
   */
  function receiveTableRow(tableId: string, rowIndex: number): string | null {
    const table = loadedSystem(systemId.value).tables.find((t) => t.id === tableId);
    const what = table ? `the ${table.title} table` : `table "${tableId}"`;
    if (deps.locked.value)
      return 'A roll is in progress: apply or log it, or start over, before choosing another weapon.';
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
      deps.edited();
      return null;
    }
    if (workflows.value.length === 0)
      return `${systemName.value} has no roll workflows yet, so ${what} cannot be used for a roll.`;
    return `No roll for ${systemName.value} uses rows of ${what}.`;
  }

  return {
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
  };
}
