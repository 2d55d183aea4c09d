import { describe, expect, it } from 'vitest';
import { parseDiceCount, summarizeFaces } from './request';

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
