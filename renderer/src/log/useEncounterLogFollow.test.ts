import { describe, expect, it } from 'vitest';
import { followRange } from './useEncounterLogFollow';

const range = (startIndex: number, endIndex: number, count: number, overscan = 2) => ({ startIndex, endIndex, count, overscan });

describe('followRange', () => {
  it('draws just the visible window (with overscan) when not following', () => {
    expect(followRange(range(10, 14, 100), false)).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 16]);
  });

  it('while following, also draws the newest rows, so an entry is drawn before the list scrolls to it', () => {
    // The window still shows rows 90–94 while the log has grown to 100 entries.
    const drawn = followRange(range(90, 94, 100), true);
    expect(drawn.slice(0, 2)).toEqual([88, 89]);
    expect(drawn.at(-1)).toBe(99);
    expect(new Set(drawn).size).toBe(drawn.length);
    expect(drawn).toEqual([...drawn].sort((a, b) => a - b));
  });

  it('adds nothing when the window already reaches the end, and nothing for an empty log', () => {
    expect(followRange(range(95, 99, 100), true)).toEqual([93, 94, 95, 96, 97, 98, 99]);
    expect(followRange(range(0, -1, 0), true)).toEqual([]);
  });
});
