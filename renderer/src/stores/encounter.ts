import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { EncounterEvent, EventInput } from '../../../shared/encounter/events';
import { append, canRedo, canUndo, moveCursor, openHistory, type EncounterHistory } from '../../../shared/encounter/history';
import { reduce } from '../../../shared/encounter/reducer';
import { rulesLookup } from '../../../shared/encounter/rules-lookup';
import type { EncounterState } from '../../../shared/encounter/state';
import { isRulesError } from '../../../shared/errors';
import { getDatabase } from '../db/database';
import { appendEvent, loadEncounter, setCursor } from '../db/encounter-repository';
import { newId } from '../platform/ids';
import { useSettingsStore } from './settings';

export const OPEN_ENCOUNTER_KEY = 'openEncounterId';

/**
 * Opens a stored log. A damaged event stops the replay there: the encounter opens read-only
 * as it was before that event, and nothing is deleted.
 */
export function openStoredHistory(events: readonly EncounterEvent[], cursor: number): { history: EncounterHistory; problem: string | null } {
  const limit = Math.max(1, Math.min(cursor, events.length));
  let state: EncounterState | null = null;
  for (let i = 0; i < limit; i++) {
    try {
      state = reduce(state, events[i]!, rulesLookup);
    } catch (cause) {
      if (i === 0) throw cause;
      const reason = cause instanceof Error ? cause.message : String(cause);
      return {
        history: openHistory(events.slice(0, i), rulesLookup),
        problem: `Entry ${i + 1} of this encounter's log is damaged (${reason}). It is shown as it was before that entry, read-only; nothing has been deleted.`,
      };
    }
  }
  return { history: openHistory(events, rulesLookup, limit), problem: null };
}

/** The encounter being run: its event history, and every change made through events. */
export const useEncounterStore = defineStore('encounter', () => {
  // shallowRef: the history is replaced, never mutated, and deep reactivity over
  // hundreds of combatants would cost more than it gives.
  const history = shallowRef<EncounterHistory | null>(null);
  const seqs = ref<number[]>([]);
  const nextSeq = ref(0);
  const error = ref<string | null>(null);
  const problem = ref<string | null>(null);
  const saving = ref(false);

  const state = computed(() => history.value?.state ?? null);
  const readOnly = computed(() => problem.value !== null);
  const tracker = computed(() => (state.value ? rulesLookup.tracker(state.value.systemId) : null));
  const undoable = computed(() => (history.value ? canUndo(history.value) : false));
  const redoable = computed(() => (history.value ? canRedo(history.value) : false));

  async function open(id: string): Promise<boolean> {
    error.value = null;
    try {
      const stored = await loadEncounter(getDatabase(), id);
      if (!stored) {
        error.value = 'That encounter is no longer in the database.';
        return false;
      }
      const opened = openStoredHistory(stored.events, stored.row.cursor);
      history.value = opened.history;
      problem.value = opened.problem;
      seqs.value = stored.seqs;
      nextSeq.value = stored.nextSeq;
      await getDatabase().settings.put({ key: OPEN_ENCOUNTER_KEY, value: id });
      // The last system used is the default for new encounters and the dice roller.
      await useSettingsStore().selectSystem(opened.history.state.systemId);
      return true;
    } catch (cause) {
      error.value = `The encounter could not be opened: ${(cause as Error).message}`;
      return false;
    }
  }

  function close(): void {
    history.value = null;
    problem.value = null;
    error.value = null;
    void getDatabase().settings.delete(OPEN_ENCOUNTER_KEY);
  }

  /**
   * Applies one change. The rules check it first (a refused change shows why and changes
   * nothing); then it is written to disk; only then does the screen show it.
   */
  async function dispatch(input: EventInput): Promise<boolean> {
    const current = history.value;
    if (!current) return false;
    if (readOnly.value) {
      error.value = 'This encounter is open read-only because its log is damaged.';
      return false;
    }
    // Events are plain JSON: copying drops Vue proxies, which IndexedDB cannot store.
    const event = { ...(JSON.parse(JSON.stringify(input)) as EventInput), id: newId(), at: new Date().toISOString() } as EncounterEvent;
    let next: EncounterHistory;
    try {
      next = append(current, event, rulesLookup);
    } catch (cause) {
      error.value = isRulesError(cause) ? cause.message : `That change could not be applied: ${(cause as Error).message}`;
      return false;
    }
    saving.value = true;
    try {
      const seq = nextSeq.value;
      await appendEvent(getDatabase(), next.state.id, event, {
        seq,
        discardSeqs: seqs.value.slice(current.cursor),
        cursor: next.cursor,
        ...(event.type === 'encounter-renamed' ? { name: next.state.name } : {}),
      });
      seqs.value = [...seqs.value.slice(0, current.cursor), seq];
      nextSeq.value = seq + 1;
      history.value = next;
      error.value = null;
      return true;
    } catch (cause) {
      error.value = `The change was not saved, so it was not applied: ${(cause as Error).message}`;
      return false;
    } finally {
      saving.value = false;
    }
  }

  async function moveTo(cursor: number): Promise<void> {
    const current = history.value;
    if (!current || readOnly.value) return;
    const next = moveCursor(current, cursor, rulesLookup);
    if (next.cursor === current.cursor) return;
    try {
      await setCursor(getDatabase(), next.state.id, next.cursor);
      history.value = next;
      error.value = null;
    } catch (cause) {
      error.value = `Undo/redo was not saved: ${(cause as Error).message}`;
    }
  }

  const undo = () => moveTo((history.value?.cursor ?? 1) - 1);
  const redo = () => moveTo((history.value?.cursor ?? 0) + 1);

  function clearError(): void {
    error.value = null;
  }

  return { history, state, tracker, error, problem, readOnly, saving, undoable, redoable, open, close, dispatch, undo, redo, moveTo, clearError };
});
