import type { EncounterEvent } from './events';
import { reduce, type RulesLookup } from './reducer';
import type { EncounterState } from './state';

/**
 * Undo and redo over the event list: `cursor` events are in effect, the rest are the redo
 * branch. Appending after an undo drops the redo branch. Snapshots every SNAPSHOT_INTERVAL
 * events keep moving the cursor cheap in long sessions.
 */
export const SNAPSHOT_INTERVAL = 100;

export interface EncounterHistory {
  readonly events: readonly EncounterEvent[];
  readonly cursor: number;
  /** State after `cursor` events. */
  readonly state: EncounterState;
  /** State after k × SNAPSHOT_INTERVAL events, by k. */
  readonly snapshots: ReadonlyMap<number, EncounterState>;
}

function withSnapshot(snapshots: ReadonlyMap<number, EncounterState>, count: number, state: EncounterState) {
  if (count % SNAPSHOT_INTERVAL !== 0) return snapshots;
  const next = new Map(snapshots);
  next.set(count / SNAPSHOT_INTERVAL, state);
  return next;
}

/** Builds a history from stored events; `cursor` defaults to all of them. Throws on an event that does not replay. */
export function openHistory(events: readonly EncounterEvent[], lookup: RulesLookup, cursor = events.length): EncounterHistory {
  const opened = openHistoryUpToDamage(events, lookup, cursor);
  if (opened.damage) throw opened.damage.error;
  return opened.history;
}

/**
 * Builds a history in one pass, stopping at the first event that does not replay (a
 * damaged record): the history then ends just before it, and `damage` says where and why.
 */
export function openHistoryUpToDamage(
  events: readonly EncounterEvent[],
  lookup: RulesLookup,
  cursor = events.length,
): { history: EncounterHistory; damage: { index: number; error: unknown } | null } {
  if (events.length === 0) throw new Error('An encounter history needs at least its creation event.');
  const limit = Math.max(1, Math.min(cursor, events.length));
  let state: EncounterState | null = null;
  const snapshots = new Map<number, EncounterState>();
  for (let i = 0; i < limit; i++) {
    try {
      state = reduce(state, events[i]!, lookup);
    } catch (error) {
      if (i === 0) throw error;
      return { history: { events: events.slice(0, i), cursor: i, state: state!, snapshots }, damage: { index: i, error } };
    }
    if ((i + 1) % SNAPSHOT_INTERVAL === 0) snapshots.set((i + 1) / SNAPSHOT_INTERVAL, state);
  }
  return { history: { events, cursor: limit, state: state!, snapshots }, damage: null };
}

/** Applies a new event at the cursor (throws, changing nothing, if the rules refuse it). */
export function append(history: EncounterHistory, event: EncounterEvent, lookup: RulesLookup): EncounterHistory {
  const state = reduce(history.state, event, lookup);
  const cursor = history.cursor + 1;
  // After an undo, snapshots past the cursor fold the dropped branch and must go.
  const snapshots =
    history.cursor === history.events.length
      ? history.snapshots
      : new Map([...history.snapshots].filter(([k]) => k * SNAPSHOT_INTERVAL <= history.cursor));
  return {
    events: [...history.events.slice(0, history.cursor), event],
    cursor,
    state,
    snapshots: withSnapshot(snapshots, cursor, state),
  };
}

/** State after the first `count` events, replayed from the nearest snapshot. */
export function stateAt(history: EncounterHistory, count: number, lookup: RulesLookup): EncounterState {
  const target = Math.max(1, Math.min(count, history.events.length));
  if (target === history.cursor) return history.state;
  let k = Math.floor(target / SNAPSHOT_INTERVAL);
  while (k > 0 && !history.snapshots.has(k)) k--;
  let state: EncounterState | null = k > 0 ? history.snapshots.get(k)! : null;
  for (let i = k * SNAPSHOT_INTERVAL; i < target; i++) state = reduce(state, history.events[i]!, lookup);
  return state!;
}

export function canUndo(history: EncounterHistory): boolean {
  // The creation event cannot be undone: delete the encounter instead.
  return history.cursor > 1;
}

export function canRedo(history: EncounterHistory): boolean {
  return history.cursor < history.events.length;
}

export function moveCursor(history: EncounterHistory, cursor: number, lookup: RulesLookup): EncounterHistory {
  const target = Math.max(1, Math.min(cursor, history.events.length));
  if (target === history.cursor) return history;
  // Snapshots beyond the cursor stay valid: the events they fold are unchanged until an append.
  let snapshots = history.snapshots;
  let state: EncounterState;
  if (target > history.cursor) {
    state = history.state;
    for (let i = history.cursor; i < target; i++) {
      state = reduce(state, history.events[i]!, lookup);
      snapshots = withSnapshot(snapshots, i + 1, state);
    }
  } else {
    state = stateAt(history, target, lookup);
  }
  return { ...history, cursor: target, state, snapshots };
}

export const undo = (history: EncounterHistory, lookup: RulesLookup) => moveCursor(history, history.cursor - 1, lookup);
export const redo = (history: EncounterHistory, lookup: RulesLookup) => moveCursor(history, history.cursor + 1, lookup);
