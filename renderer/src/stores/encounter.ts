import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { EncounterEvent, EventInput } from '../../../shared/encounter/events';
import {
  SNAPSHOT_INTERVAL,
  append,
  canRedo,
  canUndo,
  moveCursor,
  openHistoryUpToDamage,
  withEarlierEvents,
  type EncounterHistory,
  type HistoryStart,
} from '../../../shared/encounter/history';
import { rulesLookup } from '../../../shared/encounter/rules-lookup';
import { isRulesError } from '../../../shared/errors';
import { getDatabase } from '../db/database';
import { appendEvent, loadEncounter, loadEncounterQuickly, loadEventsUpTo, setCursor, touchEncounter } from '../db/encounter-repository';
import { newId } from '../platform/ids';
import { useSettingsStore } from './settings';

export const OPEN_ENCOUNTER_KEY = 'openEncounterId';

/**
 * Opens a stored log. A damaged event stops the replay there: the encounter opens read-only
 * as it was before that event, and nothing is deleted.
 */
export function openStoredHistory(
  events: readonly EncounterEvent[],
  cursor: number,
  start?: HistoryStart,
): { history: EncounterHistory; problem: string | null } {
  const { history, damage } = openHistoryUpToDamage(events, rulesLookup, cursor, start);
  if (!damage) return { history, problem: null };
  const reason = damage.error instanceof Error ? damage.error.message : String(damage.error);
  return {
    history,
    problem: `Entry ${damage.index + 1} of this encounter's log is damaged (${reason}). It is shown as it was before that entry, read-only; nothing has been deleted.`,
  };
}

/** The encounter being run: its event history, and every change made through events. */
export const useEncounterStore = defineStore('encounter', () => {
  // shallowRef: the history is replaced, never mutated, and deep reactivity over
  // hundreds of combatants would cost more than it gives.
  const history = shallowRef<EncounterHistory | null>(null);
  const seqs = shallowRef<number[]>([]);
  const nextSeq = ref(0);
  const error = ref<string | null>(null);
  const problem = ref<string | null>(null);
  /** Writes not yet on disk; the screen shows "Saving…" while above 0. */
  const saving = ref(0);

  const state = computed(() => history.value?.state ?? null);
  // Its own computed so that rows reading the toggles re-render only when the toggles change.
  const toggles = computed(() => state.value?.toggles ?? {});
  const readOnly = computed(() => problem.value !== null);
  const tracker = computed(() => (state.value ? rulesLookup.tracker(state.value.systemId) : null));
  const undoable = computed(() => (history.value ? canUndo(history.value) : false));
  const redoable = computed(() => (history.value ? canRedo(history.value) : false));

  /** Whether the row on disk holds a number as cursor (after an undo), which the next append must clear. */
  let cursorPinned = false;
  let touchTimer: ReturnType<typeof setTimeout> | undefined;

  /** The list's summary (last change, round) follows the changes shortly after, in its own write. */
  function scheduleTouch(): void {
    clearTimeout(touchTimer);
    touchTimer = setTimeout(() => {
      const state = history.value?.state;
      if (state) void touchEncounter(getDatabase(), state.id, { round: state.round, updatedAt: new Date().toISOString() }).catch(() => undefined);
    }, 400);
  }

  /** Log position of the last event folded into the snapshot the encounter was opened from. */
  let earlierUpToSeq: number | null = null;
  let earlierLoading: Promise<boolean> | null = null;

  async function open(id: string): Promise<boolean> {
    error.value = null;
    // Let the previous encounter's changes reach the disk first.
    await writes;
    try {
      const quick = await loadEncounterQuickly(getDatabase(), id);
      if (!quick) {
        error.value = 'That encounter is no longer in the database.';
        return false;
      }
      let opened = quick.snapshot
        ? openStoredHistory(quick.events, quick.cursor, { count: quick.snapshot.count, state: quick.snapshot.state })
        : openStoredHistory(quick.events, quick.cursor);
      let seqList = quick.seqs;
      earlierUpToSeq = quick.snapshot ? quick.snapshot.lastSeq : null;
      if (quick.snapshot && opened.problem) {
        // Trust the log over a snapshot that does not fit it: replay everything.
        const stored = (await loadEncounter(getDatabase(), id))!;
        opened = openStoredHistory(stored.events, stored.cursor);
        seqList = stored.seqs;
        earlierUpToSeq = null;
      }
      history.value = opened.history;
      problem.value = opened.problem;
      seqs.value = seqList;
      cursorPinned = quick.row.cursor !== null;
      nextSeq.value = quick.nextSeq;
      earlierLoading = null;
      markConfirmed();
      await getDatabase().settings.put({ key: OPEN_ENCOUNTER_KEY, value: id });
      // The last system used is the default for new encounters and the dice roller.
      await useSettingsStore().selectSystem(opened.history.state.systemId);
      // Read the events before the snapshot in the background, for undo and the log, once
      // the screen has been drawn (reading thousands of events would delay it).
      if (earlierUpToSeq !== null) setTimeout(() => void loadEarlier(), 1000);
      return true;
    } catch (cause) {
      error.value = `The encounter could not be opened: ${(cause as Error).message}`;
      return false;
    }
  }

  /** Loads the events before the snapshot the encounter was opened from (once). */
  function loadEarlier(): Promise<boolean> {
    if (earlierUpToSeq === null || !history.value || history.value.offset === 0) return Promise.resolve(true);
    const id = history.value.state.id;
    const upTo = earlierUpToSeq;
    earlierLoading ??= loadEventsUpTo(getDatabase(), id, upTo).then(
      ({ events, seqs: earlierSeqs }) => {
        const current = history.value;
        if (!current || current.state.id !== id || current.offset === 0) return true;
        history.value = withEarlierEvents(current, events);
        seqs.value = [...earlierSeqs, ...seqs.value];
        if (confirmed && confirmed.history.offset > 0) {
          confirmed = { ...confirmed, history: withEarlierEvents(confirmed.history, events), seqs: [...earlierSeqs, ...confirmed.seqs] };
        }
        earlierUpToSeq = null;
        return true;
      },
      (cause: unknown) => {
        earlierLoading = null;
        error.value = `The earlier part of this encounter could not be read: ${(cause as Error).message}`;
        return false;
      },
    );
    return earlierLoading;
  }

  function close(): void {
    history.value = null;
    problem.value = null;
    error.value = null;
    void getDatabase().settings.delete(OPEN_ENCOUNTER_KEY);
  }

  /**
   * Writes go to disk one after another, in the order the GM made the changes. The screen
   * shows a change at once, marked as saving until its write has reached the disk; if a
   * write fails, the screen goes back to what is on disk and says why.
   */
  let writes: Promise<unknown> = Promise.resolve();
  /** What is on disk: restored when a write fails. */
  let confirmed: { history: EncounterHistory; seqs: number[]; nextSeq: number } | null = null;
  /** Bumped by a failed write, so the writes queued behind it (which build on it) are dropped. */
  let generation = 0;

  function markConfirmed(): void {
    if (history.value) confirmed = { history: history.value, seqs: seqs.value, nextSeq: nextSeq.value };
  }

  function queueWrite(
    write: () => Promise<unknown>,
    what: string,
    reached: { history: EncounterHistory; seqs: number[]; nextSeq: number },
  ): Promise<boolean> {
    const queuedIn = generation;
    const idle = saving.value === 0;
    saving.value += 1;
    const run = async () => {
      if (queuedIn !== generation) throw new Error('an earlier change was not saved');
      await write();
      confirmed = reached;
    };
    // With nothing ahead of it, the write starts now, before the screen redraws for the change,
    // so the disk works while the screen is drawn.
    const done = idle ? run() : writes.then(run);
    writes = done.catch(() => undefined);
    return done.then(
      () => true,
      (cause: unknown) => {
        if (queuedIn === generation) {
          generation += 1;
          // Unknown what reached the disk: the next append rewrites the row's cursor to be sure.
          cursorPinned = true;
          if (confirmed) {
            history.value = confirmed.history;
            seqs.value = confirmed.seqs;
            nextSeq.value = confirmed.nextSeq;
          }
          error.value = `${what} was not saved, so it was taken back: ${(cause as Error).message}`;
        }
        return false;
      },
    ).finally(() => {
      saving.value -= 1;
    });
  }

  /**
   * Applies one change. The rules check it first (a refused change shows why and changes
   * nothing); then it is shown, marked as saving, and written to disk.
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
    const seq = nextSeq.value;
    const loadedCursor = current.cursor - current.offset;
    const discardSeqs = seqs.value.slice(loadedCursor);
    const encounterId = next.state.id;
    const name = event.type === 'encounter-renamed' ? next.state.name : undefined;
    const nextSeqs = [...seqs.value.slice(0, loadedCursor), seq];
    const snapshot = next.cursor % SNAPSHOT_INTERVAL === 0 ? next.state : undefined;
    const unpinCursor = cursorPinned;
    cursorPinned = false;
    const saved = queueWrite(
      () =>
        appendEvent(getDatabase(), encounterId, event, {
          seq,
          discardSeqs,
          cursor: next.cursor,
          unpinCursor,
          ...(name !== undefined ? { name } : {}),
          ...(snapshot ? { snapshot } : {}),
        }),
      'The change',
      { history: next, seqs: nextSeqs, nextSeq: seq + 1 },
    );
    history.value = next;
    seqs.value = nextSeqs;
    nextSeq.value = seq + 1;
    error.value = null;
    return saved.then((ok) => {
      if (ok) scheduleTouch();
      return ok;
    });
  }

  async function moveTo(cursor: number): Promise<boolean> {
    if (history.value && cursor < history.value.offset && !(await loadEarlier())) return false;
    const current = history.value;
    if (!current || readOnly.value) return false;
    const next = moveCursor(current, cursor, rulesLookup);
    if (next.cursor === current.cursor) return false;
    history.value = next;
    error.value = null;
    cursorPinned = true;
    return queueWrite(
      () => setCursor(getDatabase(), next.state.id, next.cursor, next.state.round),
      cursor < current.cursor ? 'The undo' : 'The redo',
      { history: next, seqs: seqs.value, nextSeq: nextSeq.value },
    );
  }

  const undo = () => moveTo((history.value?.cursor ?? 1) - 1);
  const redo = () => moveTo((history.value?.cursor ?? 0) + 1);

  function clearError(): void {
    error.value = null;
  }

  return { history, state, toggles, tracker, error, problem, readOnly, saving, undoable, redoable, open, close, dispatch, undo, redo, moveTo, clearError };
});
