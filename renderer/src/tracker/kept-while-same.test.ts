import { describe, expect, it } from 'vitest';
import { keptWhileSame, sameIds, sameRoster } from './kept-while-same';

describe('keptWhileSame', () => {
  it('derives once while every input is the same object, and again when one is not', () => {
    const keep = keptWhileSame<string[]>();
    const a = { n: 1 };
    const b = [1, 2];
    let runs = 0;
    const derive = () => {
      runs++;
      return [`run ${runs}`];
    };
    const first = keep([a, b], derive);
    expect(keep([a, b], derive)).toBe(first);
    expect(runs).toBe(1);
    // An equal but different object is a change: states are compared by identity only.
    const second = keep([{ n: 1 }, b], derive);
    expect(second).not.toBe(first);
    expect(second).toEqual(['run 2']);
    expect(keep([a, b], derive)).toEqual(['run 3']);
  });

  it('treats a different number of inputs, null and NaN as Object.is does', () => {
    const keep = keptWhileSame<number>();
    let runs = 0;
    const derive = () => ++runs;
    expect(keep([null, Number.NaN], derive)).toBe(1);
    expect(keep([null, Number.NaN], derive)).toBe(1);
    expect(keep([null], derive)).toBe(2);
    expect(keep([undefined], derive)).toBe(3);
  });
});

describe('sameIds', () => {
  it('is true for the same ids in the same order only', () => {
    expect(sameIds(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(sameIds([], [])).toBe(true);
    expect(sameIds(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(sameIds(['a', 'b'], ['a'])).toBe(false);
    expect(sameIds(['a'], ['a', 'b'])).toBe(false);
  });
});

describe('sameRoster', () => {
  // Every row a new object with its own health: only who is where, and in which side and group, count.
  let hp = 0;
  const row = (id: string, facts: { removed?: boolean; side?: string; kind?: 'pc' | 'npc'; groupId?: string | null } = {}) => ({
    id,
    removed: facts.removed ?? false,
    side: facts.side ?? 'party',
    kind: facts.kind ?? 'npc',
    groupId: facts.groupId ?? null,
    hp: hp++,
  });
  it('ignores everything but who is where, present, on which side, of which kind and in which group', () => {
    expect(sameRoster([row('a'), row('b')], [row('a'), row('b')])).toBe(true);
    expect(sameRoster([row('a'), row('b')], [row('b'), row('a')])).toBe(false);
    expect(sameRoster([row('a'), row('b')], [row('a')])).toBe(false);
    expect(sameRoster([row('a')], [row('a'), row('b')])).toBe(false);
    expect(sameRoster([row('a'), row('b')], [row('a'), row('b', { removed: true })])).toBe(false);
    expect(sameRoster([row('a', { removed: true })], [row('a')])).toBe(false);
    expect(sameRoster([row('a')], [row('a', { side: 'opponents' })])).toBe(false);
    expect(sameRoster([row('a')], [row('a', { kind: 'pc' })])).toBe(false);
    expect(sameRoster([row('a')], [row('a', { groupId: 'g' })])).toBe(false);
    expect(sameRoster([row('a', { groupId: 'g' })], [row('a', { groupId: 'g' })])).toBe(true);
  });
});
