import { describe, expect, it } from 'vitest';
import { fitRows, ROW_REM } from './row-fit';

/** The height n rows take, gaps between them included. */
const rows = (count: number, size: number) => count * size + (count - 1) * ROW_REM.gap;

describe('fitRows', () => {
  it('full rows when they all fit, to the last rem', () => {
    expect(fitRows(8, 3, rows(8, ROW_REM.full))).toEqual({ mode: 'full', start: 0, end: 8, before: 0, after: 0 });
    expect(fitRows(2, 0, 100)).toEqual({ mode: 'full', start: 0, end: 2, before: 0, after: 0 });
  });

  it('compact rows, all of them, when full ones do not fit and compact ones do', () => {
    expect(fitRows(8, 3, rows(8, ROW_REM.full) - 0.01)).toEqual({
      mode: 'compact',
      start: 0,
      end: 8,
      before: 0,
      after: 0,
    });
    expect(fitRows(12, 3, rows(12, ROW_REM.compact))).toEqual({
      mode: 'compact',
      start: 0,
      end: 12,
      before: 0,
      after: 0,
    });
  });

  it('else a window of compact rows, two before the acting one, the rest counted above and below', () => {
    // 50 rem: two "+N more" lines (with their gaps) leave 44.25 rem, ten compact rows.
    expect(fitRows(200, 100, 50)).toEqual({ mode: 'compact', start: 98, end: 108, before: 98, after: 92 });
  });

  it('the window stays inside the list at either end', () => {
    expect(fitRows(200, 0, 50)).toEqual({ mode: 'compact', start: 0, end: 10, before: 0, after: 190 });
    expect(fitRows(200, 1, 50)).toEqual({ mode: 'compact', start: 0, end: 10, before: 0, after: 190 });
    expect(fitRows(200, 199, 50)).toEqual({ mode: 'compact', start: 190, end: 200, before: 190, after: 0 });
    expect(fitRows(200, 195, 50)).toEqual({ mode: 'compact', start: 190, end: 200, before: 190, after: 0 });
  });

  it('starts at the top when nobody acts (setup, between rounds)', () => {
    expect(fitRows(200, -1, 50)).toEqual({ mode: 'compact', start: 0, end: 10, before: 0, after: 190 });
  });

  it('fewer rows of context before the acting one when few rows fit, and never fewer than the acting one', () => {
    // Room for 4 rows: one before the acting one.
    const four = 2 * (ROW_REM.more + ROW_REM.gap) + rows(4, ROW_REM.compact);
    expect(fitRows(50, 20, four)).toEqual({ mode: 'compact', start: 19, end: 23, before: 19, after: 27 });
    // Room for none: the acting one alone.
    expect(fitRows(50, 20, 1)).toEqual({ mode: 'compact', start: 20, end: 21, before: 20, after: 29 });
  });

  it('an empty list is full and empty', () => {
    expect(fitRows(0, -1, 10)).toEqual({ mode: 'full', start: 0, end: 0, before: 0, after: 0 });
  });
});
