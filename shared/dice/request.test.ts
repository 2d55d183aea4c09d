import { describe, expect, it } from 'vitest';
import { parseDiceCount, parseFaces, summarizeFaces } from './request';

describe('parseDiceCount', () => {
  it.each([
    ['0', /Cannot roll 0 dice/],
    ['-1', /Cannot roll -1 dice/],
    ['10001', /more than one roll allows/],
    ['abc', /"abc" is not a number of dice/],
    ['2.5', /not a number of dice/],
    ['', /No number of dice/],
  ])('rejects %j with a clear message', (text, message) => {
    const result = parseDiceCount(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(message);
  });

  it('accepts whole numbers within the limit', () => {
    expect(parseDiceCount(' 12 ')).toEqual({ ok: true, value: 12 });
    expect(parseDiceCount(1000)).toEqual({ ok: true, value: 1000 });
  });
});

describe('summarizeFaces', () => {
  it('counts sixes, 5-6 hits and ones', () => {
    expect(summarizeFaces([6, 5, 1, 3, 6])).toEqual({ total: 21, sixes: 2, hits: 3, ones: 1 });
  });
});

describe('parseFaces', () => {
  it('reads typed faces separated by spaces or commas', () => {
    expect(parseFaces('6 3,1', 3, 6)).toEqual({ ok: true, value: [6, 3, 1] });
  });

  it.each([
    ['7', 1, 6, /A d6 has no face 7/],
    ['0', 1, 6, /has no face 0/],
    ['a', 1, 6, /"a" is not a die face/],
    ['1 2', 3, 6, /2 faces were entered/],
    ['', 2, 6, /Enter 2 faces of a d6/],
    ['2.5', 1, 20, /not a die face/],
  ])('rejects %j for %i d%i', (text, count, sides, message) => {
    const result = parseFaces(text, count, sides);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(message);
  });
});
