import { describe, expect, it } from 'vitest';
import { boxShapes, pipShapes } from './trackShapes';

/** The x of each shape's first move in a path ("M12.5 0.5h9…" → 12.5). */
const starts = (path: string) => [...path.matchAll(/M(-?[\d.]+) /g)].map((m) => Number(m[1]));

describe('health track shapes', () => {
  it('draws a condition monitor in threes, the marked boxes first', () => {
    // 10 boxes, 3 marked: boxes 1–3 filled (the first wound modifier), 4–10 open.
    const grid = boxShapes(10, 3);
    expect(starts(grid.filled)).toEqual([0, 12, 24]);
    expect(starts(grid.open)).toEqual([39.5, 51.5, 63.5, 78.5, 90.5, 102.5, 117.5]);
    // Three groups of three and one box: 10 boxes, 9 gaps, 3 group gaps.
    expect(grid.width).toBe(10 * 10 + 9 * 2 + 3 * 3);
    expect(grid.height).toBe(10);
  });

  it('fills every box when all are marked and none when none is', () => {
    expect(boxShapes(3, 3).open).toBe('');
    expect(starts(boxShapes(3, 3).filled)).toHaveLength(3);
    expect(boxShapes(3, 0).filled).toBe('');
    expect(starts(boxShapes(3, 0).open)).toHaveLength(3);
  });

  it('keeps out-of-range counts inside the track instead of drawing nonsense', () => {
    expect(boxShapes(4, 9)).toEqual(boxShapes(4, 4));
    expect(boxShapes(4, -2)).toEqual(boxShapes(4, 0));
    expect(boxShapes(4, Number.NaN)).toEqual(boxShapes(4, 0));
    expect(boxShapes(0, 0)).toEqual({ width: 0, height: 10, open: '', filled: '' });
    expect(boxShapes(-3, 1).width).toBe(0);
  });

  it('draws pips filled up to the current count, the rest hollow', () => {
    const pips = pipShapes(5, 2);
    expect(starts(pips.filled)).toEqual([0, 13]);
    expect(starts(pips.open)).toEqual([26.5, 39.5, 52.5]);
    expect(pips.width).toBe(4 * 13 + 10);
  });
});
