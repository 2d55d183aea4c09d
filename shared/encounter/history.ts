import type { EncounterEvent } from './events';
import { reduce, type RulesLookup } from './reducer';
import type { EncounterState } from './state';

/**
 * Undo and redo over the event list: `cursor` events are in effect, the rest are the redo
 * branch. Appending after an undo drops the redo branch. Snapshots every SNAPSHOT_INTERVAL
 * events keep moving the cursor cheap in long sessions.
 *
 * A history may start from a saved snapshot instead of the first event, so a long
 * encounter opens without reading and replaying its whole log: then the first `offset`
 * events are not loaded, and the cursor cannot move below `offset` until they are
 * (`withEarlierEvents`). All counts and cursors are absolute positions in the log.
 */
export const SNAPSHOT_INTERVAL = 100;

export interface EncounterHistory {
  /** The loaded events: log positions offset … offset + events.length − 1. */
  readonly events: readonly EncounterEvent[];
  /** How many events at the start of the log are not loaded (0 = all are). */
  readonly offset: number;
  readonly cursor: number;
  /** State after `cursor` events. */
  readonly state: EncounterState;
  /** State after k × SNAPSHOT_INTERVAL events, by k. */
  readonly snapshots: ReadonlyMap<number, EncounterState>;
}

export function historyLength(history: EncounterHistory): number {
  return history.offset + history.events.length;
}

function withSnapshot(snapshots: ReadonlyMap<number, EncounterState>, count: number, state: EncounterState) {
  if (count % SNAPSHOT_INTERVAL !== 0) return snapshots;
  const next = new Map(snapshots);
  next.set(count / SNAPSHOT_INTERVAL, state);
  return next;
}

/** Builds a history from stored events; `cursor` defaults to all of them. Throws on an event that does not replay. */
export function openHistory(events: readonly EncounterEvent[], lookup: RulesLookup, cursor?: number): EncounterHistory {
  const opened = openHistoryUpToDamage(events, lookup, cursor);
  if (opened.damage) throw opened.damage.error;
  return opened.history;
}

/** Where a history starts when it is opened from a saved snapshot. */
export interface HistoryStart {
  /** Events folded into `state` (none of them loaded). */
  readonly count: number;
  readonly state: EncounterState;
}

/**
 * Builds a history in one pass, stopping at the first event that does not replay (a
 * damaged record): the history then ends just before it, and `damage` says where and why.
 * With `start`, `events` are the ones after the snapshot and `cursor` is absolute.
 */
export function openHistoryUpToDamage(
  events: readonly EncounterEvent[],
  lookup: RulesLookup,
  cursor?: number,
  start?: HistoryStart,
): { history: EncounterHistory; damage: { index: number; error: unknown } | null } {
  const offset = start?.count ?? 0;
  if (offset === 0 && events.length === 0) throw new Error('An encounter history needs at least its creation event.');
  const limit = Math.max(1, offset, Math.min(cursor ?? offset + events.length, offset + events.length));
  let state: EncounterState | null = start?.state ?? null;
  const snapshots = new Map<number, EncounterState>();
  if (start && offset % SNAPSHOT_INTERVAL === 0) snapshots.set(offset / SNAPSHOT_INTERVAL, start.state);
  for (let i = offset; i < limit; i++) {
    try {
      state = reduce(state, events[i - offset]!, lookup);
    } catch (error) {
      if (i === 0) throw error;
      return {
        history: { events: events.slice(0, i - offset), offset, cursor: i, state: state!, snapshots },
        damage: { index: i, error },
      };
    }
    if ((i + 1) % SNAPSHOT_INTERVAL === 0) snapshots.set((i + 1) / SNAPSHOT_INTERVAL, state);
  }
  return { history: { events, offset, cursor: limit, state: state!, snapshots }, damage: null };
}

/**
 * Adds the events before the snapshot the history was opened from, once they have been read;
 * `earlierSnapshots` (states the caller replayed them into) keep undo far back cheap.
 */
export function withEarlierEvents(
  history: EncounterHistory,
  earlier: readonly EncounterEvent[],
  earlierSnapshots: ReadonlyMap<number, EncounterState> = new Map(),
): EncounterHistory {
  if (earlier.length !== history.offset) {
    throw new Error(`Expected the ${history.offset} earlier events, got ${earlier.length}.`);
  }
  const snapshots = earlierSnapshots.size ? new Map([...earlierSnapshots, ...history.snapshots]) : history.snapshots;
  return { ...history, events: [...earlier, ...history.events], offset: 0, snapshots };
}

/** Applies a new event at the cursor (throws, changing nothing, if the rules refuse it). */
export function append(history: EncounterHistory, event: EncounterEvent, lookup: RulesLookup): EncounterHistory {
  const state = reduce(history.state, event, lookup);
  const cursor = history.cursor + 1;
  // After an undo, snapshots past the cursor fold the dropped branch and must go.
  const snapshots =
    history.cursor === historyLength(history)
      ? history.snapshots
      : new Map([...history.snapshots].filter(([k]) => k * SNAPSHOT_INTERVAL <= history.cursor));
  return {
    events: [...history.events.slice(0, history.cursor - history.offset), event],
    offset: history.offset,
    cursor,
    state,
    snapshots: withSnapshot(snapshots, cursor, state),
  };
}

/** The lowest count the cursor can reach without loading earlier events. */
export function lowestReachable(history: EncounterHistory): number {
  return Math.max(1, history.offset);
}

/** State after the first `count` events, replayed from the nearest snapshot. */
export function stateAt(history: EncounterHistory, count: number, lookup: RulesLookup): EncounterState {
  const target = Math.max(lowestReachable(history), Math.min(count, historyLength(history)));
  if (target === history.cursor) return history.state;
  let k = Math.floor(target / SNAPSHOT_INTERVAL);
  while (k > 0 && !history.snapshots.has(k)) k--;
  if (k * SNAPSHOT_INTERVAL < history.offset) {
    throw new Error('The earlier part of this encounter is not loaded yet.');
  }
  let state: EncounterState | null = k > 0 ? history.snapshots.get(k)! : null;
  for (let i = k * SNAPSHOT_INTERVAL; i < target; i++) state = reduce(state, history.events[i - history.offset]!, lookup);
  return state!;
}

export function canUndo(history: EncounterHistory): boolean {
  // The creation event cannot be undone: delete the encounter instead.
  return history.cursor > 1;
}

export function canRedo(history: EncounterHistory): boolean {
  return history.cursor < historyLength(history);
}

export function moveCursor(history: EncounterHistory, cursor: number, lookup: RulesLookup): EncounterHistory {
  const target = Math.max(1, Math.min(cursor, historyLength(history)));
  if (target === history.cursor) return history;
  if (target < history.offset) throw new Error('The earlier part of this encounter is not loaded yet.');
  // Snapshots beyond the cursor stay valid: the events they fold are unchanged until an append.
  let snapshots = history.snapshots;
  let state: EncounterState;
  if (target > history.cursor) {
    state = history.state;
    for (let i = history.cursor; i < target; i++) {
      state = reduce(state, history.events[i - history.offset]!, lookup);
      snapshots = withSnapshot(snapshots, i + 1, state);
    }
  } else {
    state = stateAt(history, target, lookup);
  }
  return { ...history, cursor: target, state, snapshots };
}

export const undo = (history: EncounterHistory, lookup: RulesLookup) => moveCursor(history, history.cursor - 1, lookup);
export const redo = (history: EncounterHistory, lookup: RulesLookup) => moveCursor(history, history.cursor + 1, lookup);
