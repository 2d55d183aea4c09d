import { defineStore } from 'pinia';
import { computed, nextTick, ref, shallowRef } from 'vue';
import type { EncounterEvent, EventInput } from '../../../shared/encounter/events';
import {
  SNAPSHOT_INTERVAL,
  append,
  canRedo,
  canUndo,
  historyLength,
  moveCursor,
  openHistoryUpToDamage,
  withEarlierEvents,
  type EncounterHistory,
  type HistoryStart,
} from '../../../shared/encounter/history';
import { ensureSystem, rulesLookup } from '../systems/loaded-systems';
import type { EncounterState } from '../../../shared/encounter/state';
import { describeDamage, readStoredLog, sameData, type LogDamage } from '../../../shared/encounter/stored-log';
import { isRulesError } from '../../../shared/errors';
import { getDatabase } from '../db/database';
import { awaitEncounter, claimEncounter, type EncounterClaim } from '../db/encounter-lock';
import { appendEvents, loadEncounter, loadEncounterQuickly, loadLogUpTo, readWriteMark, saveSnapshots, setCursor, type SnapshotToSave, type WriteMark } from '../db/encounter-repository';
import { newId } from '../platform/ids';
import { markStartup } from '../platform/startup-timeline';
import { useSettingsStore } from '../settings/settings-store';

export const OPEN_ENCOUNTER_KEY = 'openEncounterId';

const messageOf = (cause: unknown) => (cause instanceof Error ? cause.message : String(cause));

/**
 * Replays checked events into a history: through every loaded event, so damage in the redo
 * branch is found too, then back to `cursor`. A damaged event stops the replay there.
 * Throws only when not even the creation event replays.
 */
export function replayStoredEvents(
  events: readonly EncounterEvent[],
  cursor: number,
  start?: HistoryStart,
): { history: EncounterHistory; damage: LogDamage | null } {
  const { history: whole, damage } = openHistoryUpToDamage(events, rulesLookup, undefined, start);
  const target = Math.max(1, start?.count ?? 0, Math.min(cursor, historyLength(whole)));
  const history = target < whole.cursor ? moveCursor(whole, target, rulesLookup) : whole;
  // The rules' sentence goes inside the damage sentence's brackets, without its full stop.
  return { history, damage: damage ? { kind: 'entry', entry: damage.index + 1, reason: messageOf(damage.error).replace(/\.$/, '') } : null };
}

/**
 * Opens a stored log. A damaged event stops the replay there: the encounter opens read-only
 * as it was before that event, and nothing is deleted.
 */
export function openStoredHistory(
  events: readonly EncounterEvent[],
  cursor: number,
  start?: HistoryStart,
): { history: EncounterHistory; problem: string | null } {
  const { history, damage } = replayStoredEvents(events, cursor, start);
  return { history, problem: damage ? describeDamage(damage) : null };
}

/** The encounter being run: its event history, and every change made through events. */
export const useEncounterStore = defineStore('encounter', () => {
  // shallowRef: the history is replaced, never mutated, and deep reactivity over
  // hundreds of combatants would cost more than it gives.
  const history = shallowRef<EncounterHistory | null>(null);
  const seqs = shallowRef<number[]>([]);
  const nextSeq = ref(0);
  const error = ref<string | null>(null);
  /** What is damaged in the open encounter's log, as a sentence; the encounter is then read-only. */
  const problem = ref<string | null>(null);
  /** Another window holds this encounter: it is shown read-only here and follows that window's changes. */
  const elsewhere = ref(false);
  /** A passing note (another window let go of the encounter). */
  const notice = ref<string | null>(null);
  /** Writes not yet on disk; the screen shows "Saving…" while above 0. */
  const saving = ref(0);

  const state = computed(() => history.value?.state ?? null);
  // Its own computed so that rows reading the toggles re-render only when the toggles change.
  const toggles = computed(() => state.value?.toggles ?? {});
  const readOnlyReason = computed(() =>
    problem.value !== null
      ? 'This encounter is open read-only because its log is damaged; duplicate it to go on from here.'
      : elsewhere.value
        ? 'This encounter is open in another window; it is shown read-only here until that window closes it.'
        : null,
  );
  const readOnly = computed(() => readOnlyReason.value !== null);
  const tracker = computed(() => (state.value ? rulesLookup.tracker(state.value.systemId) : null));
  const undoable = computed(() => (history.value && !readOnly.value ? canUndo(history.value) : false));
  const redoable = computed(() => (history.value && !readOnly.value ? canRedo(history.value) : false));

  /** Whether the row on disk holds a number as cursor (after an undo), which the next append must clear. */
  let cursorPinned = false;

  /** The snapshot the encounter was opened from, until the events before it are read and checked against it. */
  let unverified: { upToSeq: number; state: EncounterState } | null = null;
  let earlierLoading: Promise<boolean> | null = null;

  // One writer per encounter (see encounter-lock.ts).
  let claim: { id: string; held: EncounterClaim } | null = null;
  let waiting: { id: string; abort: AbortController } | null = null;
  const changes = typeof BroadcastChannel === 'function' ? new BroadcastChannel('gm-screen:encounter-changes') : null;

  function stopWaiting(): void {
    waiting?.abort.abort();
    waiting = null;
  }

  function releaseClaim(): void {
    stopWaiting();
    claim?.held.release();
    claim = null;
  }

  /** Waits for the window that holds the encounter to let go, then takes over and reloads it. */
  function waitInLine(id: string): void {
    if (waiting?.id === id) return;
    stopWaiting();
    const abort = new AbortController();
    waiting = { id, abort };
    void awaitEncounter(id, abort.signal).then(async (held) => {
      if (!held) return;
      if (abort.signal.aborted || history.value?.state.id !== id) {
        held.release();
        return;
      }
      waiting = null;
      claim = { id, held };
      if (await load(id)) notice.value = 'The other window let go of this encounter: it can be changed here now.';
    });
  }

  /** Another window wrote to the encounter this one follows read-only: show what it wrote. */
  let following: Promise<unknown> | null = null;
  changes?.addEventListener('message', (message: MessageEvent<{ encounterId?: unknown }>) => {
    const id = history.value?.state.id;
    if (!elsewhere.value || !id || message.data?.encounterId !== id || following) return;
    following = load(id).finally(() => (following = null));
  });

  /** An encounter read ahead of its opening, with what marked its log when it was read. */
  let readAhead: { id: string; reading: Promise<(OpenedLog & { mark: WriteMark }) | null> } | null = null;

  /**
   * Reads, checks and replays an encounter before it is opened (the resume offer's, while the GM
   * reads the offer), so that opening it only has to show it. Holds nothing; resolves with the
   * state read (the start preview shows it), or null when it could not be read.
   */
  function readAheadOf(id: string): Promise<EncounterState | null> {
    const reading = readEncounter(id);
    readAhead = { id, reading };
    return reading.then(
      (opened) => opened?.history.state ?? null,
      () => null,
    );
  }

  function forgetReadAhead(): void {
    readAhead = null;
  }

  /**
   * The encounter read ahead, if it is this one and nothing was written to it since (by another
   * window: asked once this window holds it, so nothing can be written after); else null, and it
   * is read again.
   */
  async function takeReadAhead(id: string): Promise<OpenedLog | null> {
    const ahead = readAhead;
    readAhead = null;
    if (ahead?.id !== id) return null;
    try {
      const [opened, now] = await Promise.all([ahead.reading, readWriteMark(getDatabase(), id)]);
      if (!opened || !now.row || now.nextSeq !== opened.mark.nextSeq || !sameData(now.row, opened.mark.row)) return null;
      return opened;
    } catch {
      return null;
    }
  }

  async function open(id: string): Promise<boolean> {
    error.value = null;
    notice.value = null;
    // Let the previous encounter's changes reach the disk first.
    await writes;
    return load(id);
  }

  /** Reads, checks and shows an encounter; the one shown stays if this one cannot be opened at all. */
  async function load(id: string): Promise<boolean> {
    const previousClaim = claim;
    let held = claim?.id === id ? claim.held : await claimEncounter(id);
    markStartup('encounter-claimed');
    try {
      const opened = (await takeReadAhead(id)) ?? (await readEncounter(id));
      markStartup('encounter-read');
      if (!opened) {
        error.value = 'That encounter is no longer in the database.';
        if (held && held !== previousClaim?.held) held.release();
        return false;
      }
      if (previousClaim && previousClaim.held !== held) previousClaim.held.release();
      claim = held ? { id, held } : null;
      held = null;
      if (claim) stopWaiting();
      else waitInLine(id);
      history.value = opened.history;
      markStartup('encounter-shown');
      problem.value = opened.damage ? describeDamage(opened.damage) : null;
      elsewhere.value = claim === null;
      seqs.value = opened.seqs;
      cursorPinned = opened.cursorPinned;
      nextSeq.value = opened.nextSeq;
      unverified = opened.unverified;
      earlierLoading = null;
      markConfirmed();
      // Queued ahead of any change, so a later undo-and-append removes them like any other. A
      // failure costs only speed: the next opening replays again.
      if (claim && opened.snapshotsToSave.length) {
        const saving = writes.then(() => saveSnapshots(getDatabase(), id, opened.snapshotsToSave));
        writes = saving.catch(() => undefined);
      }
      await getDatabase().settings.put({ key: OPEN_ENCOUNTER_KEY, value: id });
      // The last system used is the default for new encounters and the dice roller.
      await useSettingsStore().selectSystem(opened.history.state.systemId);
      // Read and check the events before the snapshot in the background, for undo and the log,
      // once the screen has been drawn (reading thousands of events would delay it).
      if (unverified) setTimeout(() => void loadEarlier(), 1000);
      return true;
    } catch (cause) {
      if (held && held !== previousClaim?.held) held.release();
      error.value = `The encounter could not be opened: ${messageOf(cause)}`;
      return false;
    }
  }

  interface OpenedLog {
    history: EncounterHistory;
    seqs: number[];
    nextSeq: number;
    damage: LogDamage | null;
    cursorPinned: boolean;
    unverified: { upToSeq: number; state: EncounterState } | null;
    /** States the whole replay passed, to save when the log had none to open from. */
    snapshotsToSave: SnapshotToSave[];
  }

  /** The replay's states with the log rows they fold (every count is reached by the active events read). */
  function snapshotsOf(history: EncounterHistory, seqs: readonly number[]): SnapshotToSave[] {
    return [...history.snapshots].map(([index, state]) => {
      const count = index * SNAPSHOT_INTERVAL;
      return { count, lastSeq: seqs[count - 1]!, lastEventId: history.events[count - 1]!.id, state };
    });
  }

  /**
   * The latest snapshot and the events after it when they read whole; otherwise the whole log,
   * checked, up to its first damage. Damage is reported, never repaired.
   */
  async function readEncounter(id: string): Promise<(OpenedLog & { mark: WriteMark }) | null> {
    const db = getDatabase();
    const quick = await loadEncounterQuickly(db, id);
    if (!quick) return null;
    // Its system's rules (a chunk of their own, loaded once) before its events replay.
    await ensureSystem(quick.row.systemId);
    const pinned = quick.row.cursor !== null;
    if (quick.snapshot && !quick.reading.damage) {
      const { snapshot } = quick;
      const replayed = replayStoredEvents(quick.reading.events, quick.reading.cursor, { count: snapshot.count, state: snapshot.state });
      if (!replayed.damage) {
        return {
          mark: { row: quick.row, nextSeq: quick.nextSeq },
          history: replayed.history,
          seqs: quick.reading.seqs,
          nextSeq: quick.nextSeq,
          damage: null,
          cursorPinned: pinned,
          unverified: { upToSeq: snapshot.lastSeq, state: snapshot.state },
          snapshotsToSave: [],
        };
      }
    }
    // No snapshot, or damage after it: read and check everything (the damage may start earlier).
    const stored = await loadEncounter(db, id);
    if (!stored) return null;
    const replayed = replayStoredEvents(stored.events, stored.cursor);
    let damage = replayed.damage ?? stored.damage;
    if (!damage && quick.snapshotRejected) damage = { kind: 'snapshot', ...quick.snapshotRejected };
    // A log with damage keeps what it has: nothing is written beside damage.
    const snapshotsToSave = damage || quick.snapshot ? [] : snapshotsOf(replayed.history, stored.seqs);
    return {
      mark: { row: stored.row, nextSeq: stored.nextSeq },
      history: replayed.history,
      seqs: stored.seqs,
      nextSeq: stored.nextSeq,
      damage,
      cursorPinned: pinned,
      unverified: null,
      snapshotsToSave,
    };
  }

  /**
   * Reads the events before the snapshot the encounter was opened from (once) and checks them:
   * they must read whole and replay into the snapshot's very state. Damage there, or a snapshot
   * that does not match its log, turns the encounter read-only at the undamaged prefix (the log
   * replayed, not the snapshot). Changes wait for this check, so nothing is ever appended to a
   * log with damage before its snapshot.
   */
  function loadEarlier(): Promise<boolean> {
    const current = history.value;
    if (!unverified || !current) return Promise.resolve(true);
    const id = current.state.id;
    const { upToSeq, state: snapshotState } = unverified;
    earlierLoading ??= loadLogUpTo(getDatabase(), id, upToSeq).then(
      (rows) => {
        const shown = history.value;
        if (!shown || shown.state.id !== id || !unverified) return true;
        unverified = null;
        const reading = readStoredLog(rows, null);
        const earlier = reading.damage ? null : replayStoredEvents(reading.events, reading.events.length);
        const wholePrefix = earlier !== null && !earlier.damage && reading.events.length === shown.offset;
        if (wholePrefix && sameData(earlier.history.state, snapshotState)) {
          history.value = withEarlierEvents(shown, reading.events, earlier.history.snapshots);
          seqs.value = [...reading.seqs, ...seqs.value];
          markConfirmed();
          return true;
        }
        if (wholePrefix) {
          // The log before the snapshot is whole but the snapshot is not its state: trust the log.
          const all = [...reading.events, ...shown.events];
          const replayed = replayStoredEvents(all, shown.cursor);
          history.value = replayed.history;
          seqs.value = [...reading.seqs, ...seqs.value];
          problem.value = describeDamage(
            replayed.damage ?? { kind: 'snapshot', entry: shown.offset, reason: 'replaying the entries before it gives another state' },
          );
        } else {
          // Damage before the snapshot: show the log as it was before it.
          const prefix = replayStoredEvents(reading.events, reading.events.length);
          history.value = prefix.history;
          seqs.value = reading.seqs.slice(0, prefix.history.events.length);
          problem.value = describeDamage(
            (earlier?.damage ?? reading.damage) ??
              { kind: 'entry', entry: reading.events.length + 1, reason: `the snapshot folds ${shown.offset} entries but ${reading.events.length} are stored before it` },
          );
        }
        markConfirmed();
        return false;
      },
      (cause: unknown) => {
        earlierLoading = null;
        error.value = `The earlier part of this encounter could not be read: ${messageOf(cause)}`;
        return false;
      },
    );
    return earlierLoading;
  }

  /** Before a change: the open encounter has been checked whole and this window may write to it. */
  async function writable(): Promise<boolean> {
    if (unverified && !(await loadEarlier())) {
      if (problem.value) error.value = readOnlyReason.value;
      return false;
    }
    if (readOnlyReason.value) {
      error.value = readOnlyReason.value;
      return false;
    }
    return true;
  }

  function close(): void {
    releaseClaim();
    history.value = null;
    problem.value = null;
    elsewhere.value = false;
    notice.value = null;
    error.value = null;
    unverified = null;
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
      // A window following this encounter read-only shows the change too.
      changes?.postMessage({ encounterId: reached.history.state.id });
    };
    // With nothing ahead of it, the write starts as soon as the screen has taken the change in
    // (Vue's update of the page), not before: opening the transaction costs the main thread
    // about half a millisecond, which the GM would otherwise wait for before anything moves.
    const done = idle ? nextTick().then(run) : writes.then(run);
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
          error.value = `${what} was not saved, so it was taken back: ${messageOf(cause)}`;
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
  function dispatch(input: EventInput): Promise<boolean> {
    return dispatchAll([input]);
  }

  /**
   * Applies several changes as one: the rules check every one of them, in order, before
   * anything is shown or written, and they are written in one transaction — all or none.
   */
  function dispatchAll(inputs: readonly EventInput[]): Promise<boolean> {
    // A change right after opening waits for the check of the log before the snapshot.
    if (unverified || readOnlyReason.value) return writable().then((ok) => (ok ? applyAll(inputs) : false));
    return applyAll(inputs);
  }

  function applyAll(inputs: readonly EventInput[]): Promise<boolean> {
    const current = history.value;
    if (!current || inputs.length === 0) return Promise.resolve(false);
    const at = new Date().toISOString();
    // Events are plain JSON: copying drops Vue proxies, which IndexedDB cannot store.
    const events = inputs.map((input) => ({ ...(JSON.parse(JSON.stringify(input)) as EventInput), id: newId(), at }) as EncounterEvent);
    let next = current;
    const snapshots: { count: number; state: EncounterState }[] = [];
    try {
      for (const event of events) {
        next = append(next, event, rulesLookup);
        if (next.cursor % SNAPSHOT_INTERVAL === 0) snapshots.push({ count: next.cursor, state: next.state });
      }
    } catch (cause) {
      error.value = isRulesError(cause) ? cause.message : `That change could not be applied: ${messageOf(cause)}`;
      return Promise.resolve(false);
    }
    const seq = nextSeq.value;
    const loadedCursor = current.cursor - current.offset;
    const discardSeqs = seqs.value.slice(loadedCursor);
    const encounterId = next.state.id;
    const renamed = events.some((event) => event.type === 'encounter-renamed');
    const nextSeqs = [...seqs.value.slice(0, loadedCursor), ...events.map((_, index) => seq + index)];
    // The event before the first new one; unknown only while the events before a snapshot are unread.
    const prevId = loadedCursor > 0 ? current.events[loadedCursor - 1]!.id : current.offset === 0 ? null : undefined;
    const unpinCursor = cursorPinned;
    cursorPinned = false;
    // Shown first, so the write is queued behind the screen's update (see queueWrite).
    history.value = next;
    seqs.value = nextSeqs;
    nextSeq.value = seq + events.length;
    error.value = null;
    return queueWrite(
      () =>
        appendEvents(getDatabase(), encounterId, events, {
          seq,
          discardSeqs,
          cursor: next.cursor,
          unpinCursor,
          prevId,
          round: next.state.round,
          ...(renamed ? { name: next.state.name } : {}),
          ...(snapshots.length ? { snapshots } : {}),
        }),
      events.length > 1 ? 'The changes' : 'The change',
      { history: next, seqs: nextSeqs, nextSeq: seq + events.length },
    );
  }

  async function moveTo(cursor: number): Promise<boolean> {
    if (!(await writable())) return false;
    const current = history.value;
    if (!current) return false;
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

  return {
    history,
    state,
    toggles,
    tracker,
    error,
    problem,
    elsewhere,
    notice,
    readOnly,
    readOnlyReason,
    saving,
    undoable,
    redoable,
    open,
    readAheadOf,
    forgetReadAhead,
    close,
    dispatch,
    dispatchAll,
    undo,
    redo,
    moveTo,
    clearError,
    /** Reads and checks the events before the snapshot now (otherwise done a moment after opening, or before the first change). */
    checkWhole: loadEarlier,
  };
});
