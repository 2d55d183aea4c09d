import { computed, ref } from 'vue';
import type { SystemId } from '../../../shared/system-kit/rule-system';
import type { EncounterRow } from '../db/database';
import { useEncounterStore } from './encounter-store';
import { useEncountersStore } from './encounters-store';

/** Where a failed action's message belongs: the "new" form, the undo bar, or one encounter's row. */
export type ActionTarget = 'new' | 'undo' | `row:${string}`;

export interface ActionFailure {
  readonly target: ActionTarget;
  readonly message: string;
}

/**
 * The encounter list's actions, each remembering where its error belongs so the screen
 * can show it next to the control that caused it. The stores do the work.
 */
export function useEncounterActions() {
  const encounters = useEncountersStore();
  const encounter = useEncounterStore();
  const failure = ref<ActionFailure | null>(null);
  const busy = ref(false);

  const active = computed(() => encounters.rows.filter((row) => row.archived === 0));
  const archived = computed(() => encounters.rows.filter((row) => row.archived === 1));

  function errorFor(target: ActionTarget): string | null {
    return failure.value?.target === target ? failure.value.message : null;
  }

  /**
   * Runs one store action; a falsy result or a new store error is shown at `target`.
   * `viaOpenEncounter`: the action reports through the open encounter's store (opening,
   * renaming the open encounter), whose error is otherwise the tracker's to show.
   */
  async function run<T>(
    target: ActionTarget,
    action: () => Promise<T>,
    fallback: string,
    viaOpenEncounter = false,
  ): Promise<T> {
    failure.value = null;
    encounters.error = null;
    if (viaOpenEncounter) encounter.clearError();
    busy.value = true;
    try {
      const result = await action();
      const failed = result === false || result === null;
      const message =
        encounters.error ?? (viaOpenEncounter && failed ? encounter.error : null) ?? (failed ? fallback : null);
      if (message) failure.value = { target, message };
      return result;
    } catch (cause) {
      failure.value = { target, message: `${fallback} ${cause instanceof Error ? cause.message : String(cause)}` };
      throw cause;
    } finally {
      busy.value = false;
    }
  }

  const rowTarget = (id: string): ActionTarget => `row:${id}`;

  async function refresh(): Promise<void> {
    await encounters.refresh();
  }

  /** Opens an encounter for play; true when it is open. */
  async function open(id: string): Promise<boolean> {
    return run(rowTarget(id), () => encounter.open(id), 'The encounter could not be opened.', true);
  }

  /** Creates an encounter and opens it; its id, or null with the reason shown at the form. */
  async function create(name: string, systemId: SystemId): Promise<string | null> {
    const id = await run('new', () => encounters.create(name, systemId), 'The encounter could not be created.');
    if (id && !(await run('new', () => encounter.open(id), 'The new encounter could not be opened.', true)))
      return null;
    return id;
  }

  async function rename(id: string, name: string): Promise<boolean> {
    const ok = await run(
      rowTarget(id),
      () => encounters.rename(id, name),
      'The encounter could not be renamed.',
      encounter.state?.id === id,
    );
    // Renaming the open encounter goes through its log; the list shows the new name after a refresh.
    if (ok) await encounters.refresh();
    return ok;
  }

  async function duplicate(id: string): Promise<string | null> {
    return run(rowTarget(id), () => encounters.duplicate(id), 'The encounter could not be duplicated.');
  }

  async function setArchived(row: EncounterRow, archive: boolean): Promise<void> {
    await run(rowTarget(row.id), () => encounters.archive(row.id, archive), 'The encounter could not be archived.');
  }

  async function remove(id: string): Promise<void> {
    await run(rowTarget(id), () => encounters.remove(id), 'The encounter could not be deleted.');
  }

  async function undoDelete(): Promise<void> {
    await run('undo', () => encounters.undoDelete(), 'The delete could not be undone.');
  }

  return {
    failure,
    busy,
    active,
    archived,
    errorFor,
    refresh,
    open,
    create,
    rename,
    duplicate,
    setArchived,
    remove,
    undoDelete,
  };
}
