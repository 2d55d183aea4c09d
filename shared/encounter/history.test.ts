import { describe, expect, it } from 'vitest';
import { RulesError } from '../errors';
import type { EncounterEvent } from './events';
import { FAKE_SYSTEM_ID, createFakeLookup } from './fake-rules.test-support';
import {
  SNAPSHOT_INTERVAL,
  append,
  canRedo,
  canUndo,
  historyLength,
  lowestReachable,
  moveCursor,
  openHistory,
  openHistoryUpToDamage,
  redo,
  stateAt,
  undo,
  withEarlierEvents,
  type EncounterHistory,
} from './history';

/**
 * Cursor, snapshot and partial-loading arithmetic. The log is a creation followed by renames
 * ("n1", "n2", …), so the state after `count` events names itself: `nameAfter(count)`.
 */

const lookup = createFakeLookup();
const at = '2026-11-29T12:00:00.000Z';
const created: EncounterEvent = { id: 'e0', at, type: 'encounter-created', encounterId: 'enc', name: 'Warehouse', systemId: FAKE_SYSTEM_ID };
const rename = (i: number): EncounterEvent => ({ id: `e${i}`, at, type: 'encounter-renamed', name: `n${i}` });
/** The first `count` events of the log. */
const log = (count: number): EncounterEvent[] => [created, ...Array.from({ length: count - 1 }, (_, i) => rename(i + 1))];
const nameAfter = (count: number) => (count === 1 ? 'Warehouse' : `n${count - 1}`);
const snapshotNames = (history: EncounterHistory) => [...history.snapshots].sort(([a], [b]) => a - b).map(([k, s]) => [k, s.name]);
// A turn cannot advance before the encounter starts: the reducer refuses this event.
const damaged = (i: number): EncounterEvent => ({ id: `bad${i}`, at, type: 'turn-advanced' });

/** A history opened from the saved state after `count` events, with the later events up to `total`. */
function fromSnapshot(count: number, total: number, cursor?: number) {
  const start = { count, state: openHistory(log(count), lookup).state };
  return openHistoryUpToDamage(log(total).slice(count), lookup, cursor, start);
}

describe('opening a history', () => {
  it('replays every event, snapshotting after each full interval', () => {
    const history = openHistory(log(250), lookup);
    expect(SNAPSHOT_INTERVAL).toBe(100);
    expect(history).toMatchObject({ offset: 0, cursor: 250 });
    expect(history.state.name).toBe(nameAfter(250));
    expect(snapshotNames(history)).toEqual([
      [1, nameAfter(100)],
      [2, nameAfter(200)],
    ]);
    expect(historyLength(history)).toBe(250);
  });

  it('opens at a cursor, clamped between the creation and the last event', () => {
    const partway = openHistory(log(250), lookup, 150);
    expect(partway.cursor).toBe(150);
    expect(partway.state.name).toBe(nameAfter(150));
    expect(snapshotNames(partway)).toEqual([[1, nameAfter(100)]]);
    expect(partway.events).toHaveLength(250);
    expect(openHistory(log(5), lookup, 0).cursor).toBe(1);
    expect(openHistory(log(5), lookup, 9).cursor).toBe(5);
  });

  it('refuses an empty log, and a log whose first event does not create', () => {
    expect(() => openHistoryUpToDamage([], lookup)).toThrow(new Error('An encounter history needs at least its creation event.'));
    expect(() => openHistoryUpToDamage([damaged(0)], lookup)).toThrow(new RulesError('invalid-input', 'The first event of an encounter must create it.'));
  });

  it('stops before a damaged event, saying where and why; openHistory throws that error', () => {
    const events = [...log(5), damaged(5), rename(6)];
    const { history, damage } = openHistoryUpToDamage(events, lookup);
    expect(history.events).toEqual(log(5));
    expect(history).toMatchObject({ offset: 0, cursor: 5 });
    expect(history.state.name).toBe(nameAfter(5));
    expect(damage!.index).toBe(5);
    expect(damage!.error).toEqual(new RulesError('not-allowed', 'Start the encounter before you advance the turn.'));
    expect(() => openHistory(events, lookup)).toThrow('Start the encounter before you advance the turn.');
    // A cursor before the damage never reaches it.
    expect(openHistoryUpToDamage(events, lookup, 3).damage).toBeNull();
  });
});

describe('opening from a saved snapshot', () => {
  it('starts from the snapshot with only the later events loaded', () => {
    const { history, damage } = fromSnapshot(200, 250);
    expect(damage).toBeNull();
    expect(history).toMatchObject({ offset: 200, cursor: 250 });
    expect(history.events).toHaveLength(50);
    expect(history.state.name).toBe(nameAfter(250));
    expect(snapshotNames(history)).toEqual([[2, nameAfter(200)]]);
    expect(lowestReachable(history)).toBe(200);
    expect(historyLength(history)).toBe(250);
  });

  it('keeps a snapshot taken between intervals out of the snapshot list', () => {
    const { history } = fromSnapshot(150, 230);
    expect(snapshotNames(history)).toEqual([[2, nameAfter(200)]]);
  });

  it('opens a snapshot with nothing after it', () => {
    const { history } = fromSnapshot(100, 100);
    expect(history).toMatchObject({ offset: 100, cursor: 100, events: [] });
    expect(history.state.name).toBe(nameAfter(100));
  });

  it('stops before a damaged later event, keeping the events before it', () => {
    const start = { count: 100, state: openHistory(log(100), lookup).state };
    const { history, damage } = openHistoryUpToDamage([rename(100), rename(101), damaged(102)], lookup, undefined, start);
    expect(damage!.index).toBe(102);
    expect(history).toMatchObject({ offset: 100, cursor: 102 });
    expect(history.events.map((e) => e.id)).toEqual(['e100', 'e101']);
    expect(history.state.name).toBe('n101');
  });

  it('moves within the loaded part, down to the snapshot itself, and refuses to go below it', () => {
    const { history } = fromSnapshot(200, 250, 220);
    expect(history.cursor).toBe(220);
    expect(stateAt(history, 240, lookup).name).toBe(nameAfter(240));
    const forward = moveCursor(history, 245, lookup);
    expect(forward.state.name).toBe(nameAfter(245));
    expect(moveCursor(history, 200, lookup).state.name).toBe(nameAfter(200));
    // Asked for a state below the loaded part, stateAt gives the lowest it can reach.
    expect(stateAt(history, 10, lookup).name).toBe(nameAfter(200));
    expect(() => moveCursor(history, 199, lookup)).toThrow(new Error('The earlier part of this encounter is not loaded yet.'));
  });

  it('cannot reach back from a snapshot taken between intervals until the earlier events are added', () => {
    const { history } = fromSnapshot(150, 180, 180);
    expect(() => stateAt(history, 160, lookup)).toThrow(new Error('The earlier part of this encounter is not loaded yet.'));
    const whole = withEarlierEvents(history, log(150));
    expect(whole).toMatchObject({ offset: 0, cursor: 180 });
    expect(stateAt(whole, 160, lookup).name).toBe(nameAfter(160));
    expect(lowestReachable(whole)).toBe(1);
  });

  it('takes the snapshots the caller replayed the earlier events into, its own winning a tie', () => {
    const { history } = fromSnapshot(200, 250);
    expect(withEarlierEvents(history, log(200)).snapshots).toBe(history.snapshots);
    const stale = openHistory(log(5), lookup).state;
    const earlier = new Map([
      [1, openHistory(log(100), lookup).state],
      [2, stale],
    ]);
    const whole = withEarlierEvents(history, log(200), earlier);
    expect(snapshotNames(whole)).toEqual([
      [1, nameAfter(100)],
      [2, nameAfter(200)],
    ]);
    expect(stateAt(whole, 150, lookup).name).toBe(nameAfter(150));
  });

  it('refuses earlier events of the wrong number', () => {
    const { history } = fromSnapshot(100, 120);
    expect(() => withEarlierEvents(history, log(99))).toThrow(new Error('Expected the 100 earlier events, got 99.'));
  });

  it('appends after an undo within the loaded part', () => {
    const { history } = fromSnapshot(100, 150);
    const appended = append(moveCursor(history, 140, lookup), rename(999), lookup);
    expect(appended).toMatchObject({ offset: 100, cursor: 141 });
    expect(appended.events.map((e) => e.id)).toEqual([...log(140).slice(100).map((e) => e.id), 'e999']);
    expect(appended.state.name).toBe('n999');
  });
});

describe('appending', () => {
  it('snapshots when the cursor reaches an interval', () => {
    const history = append(openHistory(log(99), lookup), rename(99), lookup);
    expect(history.cursor).toBe(100);
    expect(snapshotNames(history)).toEqual([[1, nameAfter(100)]]);
    expect(snapshotNames(append(history, rename(100), lookup))).toEqual([[1, nameAfter(100)]]);
  });

  it('drops the redo branch and the snapshots that folded it, keeping one exactly at the cursor', () => {
    const full = openHistory(log(250), lookup);
    const at150 = append(moveCursor(full, 150, lookup), rename(999), lookup);
    expect(at150).toMatchObject({ cursor: 151 });
    expect(at150.events).toHaveLength(151);
    expect(snapshotNames(at150)).toEqual([[1, nameAfter(100)]]);
    expect(canRedo(at150)).toBe(false);
    const at200 = append(moveCursor(full, 200, lookup), rename(999), lookup);
    expect(snapshotNames(at200)).toEqual([
      [1, nameAfter(100)],
      [2, nameAfter(200)],
    ]);
  });

  it('refuses what the rules refuse, changing nothing', () => {
    const history = openHistory(log(3), lookup);
    expect(() => append(history, damaged(3), lookup)).toThrow('Start the encounter before you advance the turn.');
    expect(history.events).toHaveLength(3);
  });
});

describe('moving the cursor', () => {
  it('returns the very same history and state when the cursor does not move', () => {
    const history = openHistory(log(120), lookup);
    expect(moveCursor(history, 120, lookup)).toBe(history);
    expect(moveCursor(history, 500, lookup)).toBe(history);
    expect(stateAt(history, 120, lookup)).toBe(history.state);
  });

  it('replays forward from the current state, snapshotting on the way', () => {
    const early = openHistory(log(250), lookup, 50);
    expect(snapshotNames(early)).toEqual([]);
    const late = moveCursor(early, 250, lookup);
    expect(late.state.name).toBe(nameAfter(250));
    expect(snapshotNames(late)).toEqual([
      [1, nameAfter(100)],
      [2, nameAfter(200)],
    ]);
  });

  it('goes back from the nearest snapshot there is, or from the start', () => {
    const early = openHistory(log(250), lookup, 50);
    // No snapshot yet: back past 200 replays from the creation.
    expect(stateAt(early, 230, lookup).name).toBe(nameAfter(230));
    const late = moveCursor(early, 250, lookup);
    expect(stateAt(late, 230, lookup).name).toBe(nameAfter(230));
    expect(stateAt(late, 199, lookup).name).toBe(nameAfter(199));
    expect(moveCursor(late, 0, lookup).cursor).toBe(1);
  });

  it('undoes down to the creation and redoes to the end, never further', () => {
    let history = openHistory(log(3), lookup);
    expect(canUndo(history)).toBe(true);
    expect(canRedo(history)).toBe(false);
    history = undo(undo(history, lookup), lookup);
    expect(history.cursor).toBe(1);
    expect(history.state.name).toBe('Warehouse');
    expect(canUndo(history)).toBe(false);
    expect(canRedo(history)).toBe(true);
    history = redo(history, lookup);
    expect(history).toMatchObject({ cursor: 2, state: { name: 'n1' } });
    expect(canUndo(history)).toBe(true);
  });
});
