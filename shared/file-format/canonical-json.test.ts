import { describe, expect, it } from 'vitest';
import { canonicalJson, sortedForJson } from './canonical-json';

describe('sortedForJson', () => {
  it('hands back data already in order as it is, nested lists and objects included', () => {
    const inOrder = { a: 1, b: [1, 2, { c: 'x', d: null }], e: { f: true } };
    expect(sortedForJson(inOrder)).toBe(inOrder);
    const list = [{ a: 1, b: 2 }, [3, 4]];
    expect(sortedForJson(list)).toBe(list);
  });

  it('copies an object in order whose value deep down is not, keeping the values before it and the input untouched', () => {
    const early = { p: 1, q: 2 };
    const input = { a: early, b: { z: 1, y: 2 }, c: [{ k: 1 }] };
    const sorted = sortedForJson(input) as Record<string, unknown>;
    expect(sorted).not.toBe(input);
    expect(Object.keys(sorted)).toEqual(['a', 'b', 'c']);
    expect(sorted.a).toBe(early);
    expect(Object.keys(sorted.b as object)).toEqual(['y', 'z']);
    expect(sorted.c).toBe(input.c);
    expect(Object.keys(input.b)).toEqual(['z', 'y']);
  });

  it('copies a list from the first item that changes, the items before it kept', () => {
    const first = { a: 1 };
    const input = [first, { b: 1, a: 2 }, 3];
    const sorted = sortedForJson(input) as unknown[];
    expect(sorted).not.toBe(input);
    expect(sorted[0]).toBe(first);
    expect(Object.keys(sorted[1] as object)).toEqual(['a', 'b']);
    expect(sorted[2]).toBe(3);
  });

  it('writes an object that is not plain as its own keys, never through its toJSON', () => {
    const when = new Date('2026-12-03T20:00:00.000Z');
    expect(canonicalJson({ a: when })).toBe('{\n  "a": {}\n}');
    expect(canonicalJson({ a: new Map([['k', 1]]) })).toBe('{\n  "a": {}\n}');
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { a: 1, b: 2 });
    expect(sortedForJson(bare)).toBe(bare);
  });

  it('writes a hole in a list as null, copied or not', () => {
    // eslint-disable-next-line no-sparse-arrays
    expect(canonicalJson([1, , 3])).toBe('[\n  1,\n  null,\n  3\n]');
    // eslint-disable-next-line no-sparse-arrays
    expect(canonicalJson([{ b: 1, a: 2 }, , 3])).toBe('[\n  {\n    "a": 2,\n    "b": 1\n  },\n  null,\n  3\n]');
  });

  it('keeps a key named __proto__ in order as data when nothing else moves', () => {
    const value = JSON.parse('{"__proto__": {"polluted": true}, "b": 1}') as unknown;
    expect(sortedForJson(value)).toBe(value);
    expect(canonicalJson(value)).toBe('{\n  "__proto__": {\n    "polluted": true\n  },\n  "b": 1\n}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('tells shapes with the same key count and first key apart', () => {
    expect(canonicalJson([{ a: 1, c: 2, b: 3 }, { a: 1, b: 2, c: 3 }, { a: 1, d: 2, b: 3 }])).toBe(
      '[\n  {\n    "a": 1,\n    "b": 3,\n    "c": 2\n  },\n  {\n    "a": 1,\n    "b": 2,\n    "c": 3\n  },\n  {\n    "a": 1,\n    "b": 3,\n    "d": 2\n  }\n]',
    );
  });
});
