import { describe, expect, it } from 'vitest';
import type { EncounterEvent } from './events';
import { checkCursor, checkLogRows, describeDamage, readStoredLog, sameData, type StoredLogRow } from './stored-log';

const note = (id: string): EncounterEvent => ({ id, at: '2026-12-01T10:00:00.000Z', type: 'note-added', text: id });

/** A healthy log: a, b (undone), c, d — each row naming the active event before it. */
function rows(): StoredLogRow[] {
  return [
    { seq: 0, event: note('a'), discarded: 0, prev: null },
    { seq: 1, event: note('b'), discarded: 1, prev: 'a' },
    { seq: 2, event: note('c'), discarded: 0, prev: 'a' },
    { seq: 3, event: note('d'), discarded: 0, prev: 'c' },
  ];
}

const ids = (events: readonly EncounterEvent[]) => events.map((e) => e.id);

describe('checkLogRows', () => {
  it('reads a whole log: the active events with their positions, undone rows skipped', () => {
    const checked = checkLogRows(rows());
    expect(ids(checked.events)).toEqual(['a', 'c', 'd']);
    expect(checked.seqs).toEqual([0, 2, 3]);
    expect(checked.damage).toBeNull();
  });

  it('reads rows written before each row named its predecessor', () => {
    const old = rows().map(({ prev: _prev, ...row }) => row);
    expect(checkLogRows(old).damage).toBeNull();
  });

  it('stops at a missing position', () => {
    const checked = checkLogRows([rows()[0]!, rows()[2]!, rows()[3]!]);
    expect(ids(checked.events)).toEqual(['a']);
    expect(checked.damage).toEqual({ kind: 'entry', entry: 2, reason: 'a stored entry is missing here' });
  });

  it('stops at a position out of place', () => {
    const [a, b, c] = rows();
    const checked = checkLogRows([a!, b!, { ...c!, seq: 1 }]);
    expect(checked.damage).toEqual({ kind: 'entry', entry: 2, reason: 'it is stored out of place (at 1 after 1)' });
    expect(checkLogRows([{ ...a!, seq: '0' }]).damage).toEqual({
      kind: 'entry',
      entry: 1,
      reason: 'it is stored out of place (at "0" after -1)',
    });
  });

  it('stops at a row that is neither active nor undone', () => {
    const damaged = rows();
    damaged[2] = { ...damaged[2]!, discarded: true };
    expect(checkLogRows(damaged).damage).toEqual({ kind: 'entry', entry: 2, reason: 'it is marked neither in effect nor undone (true)' });
  });

  it('stops at a row that holds no event: null, text, a list, no id, no type', () => {
    const holding = (event: unknown) => {
      const damaged = rows();
      damaged[3] = { ...damaged[3]!, event };
      return checkLogRows(damaged).damage?.reason;
    };
    expect(holding(null)).toBe('it holds null instead of an event');
    expect(holding('note-added')).toBe('it holds "note-added" instead of an event');
    expect(holding([])).toBe('it holds a list instead of an event');
    expect(holding({ type: 'note-added' })).toBe('it holds an object instead of an event');
    expect(holding({ id: '', type: 'note-added' })).toBe('it holds an object instead of an event');
    expect(holding({ id: 'd' })).toBe('it holds an object instead of an event');
    expect(checkLogRows(rows()).events).toHaveLength(3);
  });

  it('stops at an event seen before', () => {
    const damaged = rows();
    damaged[3] = { ...damaged[3]!, event: note('a') };
    const checked = checkLogRows(damaged);
    expect(ids(checked.events)).toEqual(['a', 'c']);
    expect(checked.damage).toEqual({ kind: 'entry', entry: 3, reason: 'it repeats an earlier entry (a)' });
  });

  it('stops at a row whose predecessor is not the event before it', () => {
    const damaged = rows();
    damaged[3] = { ...damaged[3]!, prev: 'b' };
    expect(checkLogRows(damaged).damage).toEqual({
      kind: 'entry',
      entry: 3,
      reason: 'it is out of order: it was written after another entry',
    });
    // The first row of a log follows nothing.
    const first = rows();
    first[0] = { ...first[0]!, prev: 'z' };
    expect(checkLogRows(first).damage?.entry).toBe(1);
  });

  it('reads from a later position with the entries and the event before it', () => {
    const checked = checkLogRows(rows().slice(2), { seq: 2, entries: 1, prevId: 'a' });
    expect(ids(checked.events)).toEqual(['c', 'd']);
    expect(checked.damage).toBeNull();
    const wrongBefore = checkLogRows(rows().slice(2), { seq: 2, entries: 1, prevId: 'x' });
    expect(wrongBefore.damage).toEqual({ kind: 'entry', entry: 2, reason: 'it is out of order: it was written after another entry' });
    // Not knowing the event before (an older snapshot) checks from the next row on.
    expect(checkLogRows(rows().slice(2), { seq: 2, entries: 1 }).damage).toBeNull();
  });
});

describe('checkCursor', () => {
  it('takes null (and a missing cursor) as every entry in effect', () => {
    expect(checkCursor(null, 7)).toEqual({ cursor: 7, damage: null });
    expect(checkCursor(undefined, 7)).toEqual({ cursor: 7, damage: null });
  });

  it('takes a whole number from 1 to the entries', () => {
    expect(checkCursor(1, 7)).toEqual({ cursor: 1, damage: null });
    expect(checkCursor(7, 7)).toEqual({ cursor: 7, damage: null });
  });

  it('reports entries gone when the cursor is past the end', () => {
    expect(checkCursor(8, 7)).toEqual({
      cursor: 7,
      damage: { kind: 'entry', entry: 8, reason: '8 entries were in effect but the log holds only 7' },
    });
  });

  it('reports any other value and keeps every entry in effect', () => {
    for (const [value, shown] of [
      [0, '0'],
      [-3, '-3'],
      [20.5, '20.5'],
      ['abc', '"abc"'],
      [Number.NaN, 'NaN'],
      [{}, 'an object'],
    ] as const) {
      expect(checkCursor(value, 7)).toEqual({ cursor: 7, damage: { kind: 'cursor', entry: 7, reason: `${shown} is not a position in the log` } });
    }
  });
});

describe('readStoredLog', () => {
  it('reads the events and the stored cursor together', () => {
    expect(readStoredLog(rows(), 2)).toMatchObject({ cursor: 2, damage: null, seqs: [0, 2, 3] });
    expect(readStoredLog(rows(), 'abc').damage?.kind).toBe('cursor');
  });

  it('with damaged rows keeps a valid earlier cursor, else shows up to the damage', () => {
    const damaged = rows().slice(0, 3).concat([{ seq: 4, event: note('e'), discarded: 0, prev: 'c' }]);
    expect(readStoredLog(damaged, 1)).toMatchObject({ cursor: 1, damage: { entry: 3 } });
    expect(readStoredLog(damaged, 3)).toMatchObject({ cursor: 2, damage: { entry: 3 } });
    expect(readStoredLog(damaged, null)).toMatchObject({ cursor: 2, damage: { entry: 3 } });
    expect(readStoredLog(damaged, -1)).toMatchObject({ cursor: 2, damage: { entry: 3 } });
  });
});

describe('sameData', () => {
  it('compares JSON-like values deeply, ignoring key order and undefined keys', () => {
    expect(sameData({ a: 1, b: [1, { c: 'x' }] }, { b: [1, { c: 'x' }], a: 1 })).toBe(true);
    expect(sameData({ a: 1, u: undefined }, { a: 1 })).toBe(true);
    expect(sameData({ a: 1 }, { a: 2 })).toBe(false);
    expect(sameData({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameData({ a: 1, b: 2 }, { a: 1, c: 2 })).toBe(false);
    expect(sameData([1, 2], [1, 2, 3])).toBe(false);
    expect(sameData([1], { 0: 1 })).toBe(false);
    expect(sameData(null, {})).toBe(false);
    expect(sameData('1', 1)).toBe(false);
  });
});

describe('describeDamage', () => {
  it('says what is damaged, what is shown instead, and that nothing was deleted', () => {
    expect(describeDamage({ kind: 'entry', entry: 61, reason: 'a stored entry is missing here' })).toBe(
      "Entry 61 of this encounter's log is damaged (a stored entry is missing here). It is shown as it was before that entry, read-only; nothing has been deleted.",
    );
    expect(describeDamage({ kind: 'cursor', entry: 138, reason: '-3 is not a position in the log' })).toBe(
      "This encounter's saved undo position is damaged (-3 is not a position in the log). All 138 entries are shown in effect, read-only; nothing has been deleted.",
    );
    expect(describeDamage({ kind: 'snapshot', entry: 100, reason: 'replaying the entries before it gives another state' })).toBe(
      "The state saved after entry 100 does not match this encounter's log (replaying the entries before it gives another state). The log was replayed instead and is shown read-only; nothing has been deleted.",
    );
  });
});
