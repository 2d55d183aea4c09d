/**
 * How the order fits the screen without a scrollbar (players cannot scroll a TV): full rows when
 * they all fit, compact rows when those do, else compact rows around the one acting now with
 * "+N more" above and below. Sizes are in rem, so the same numbers hold in any window.
 */
export const ROW_REM = {
  full: 5.75,
  compact: 3.75,
  /** The "+N more" line. */
  more: 2.5,
  /** Between rows. */
  gap: 0.375,
} as const;

export interface RowFit {
  readonly mode: 'full' | 'compact';
  /** The rows shown: order[start, end). */
  readonly start: number;
  readonly end: number;
  /** Rows left out before and after the ones shown. */
  readonly before: number;
  readonly after: number;
}

/** Rows shown before the acting one when the list is cut, so the players see who just went. */
const CONTEXT_BEFORE = 2;

function heightOf(rows: number, rowRem: number): number {
  return rows <= 0 ? 0 : rows * rowRem + (rows - 1) * ROW_REM.gap;
}

/** `count` rows, the acting one at `acting` (-1: nobody), in `available` rem of height. */
export function fitRows(count: number, acting: number, available: number): RowFit {
  const all = { start: 0, end: count, before: 0, after: 0 };
  if (heightOf(count, ROW_REM.full) <= available) return { mode: 'full', ...all };
  if (heightOf(count, ROW_REM.compact) <= available) return { mode: 'compact', ...all };
  // Room for both "+N more" lines; at least the acting row is always shown.
  const forRows = available - 2 * (ROW_REM.more + ROW_REM.gap);
  const shown = Math.max(1, Math.floor((forRows + ROW_REM.gap) / (ROW_REM.compact + ROW_REM.gap)));
  const anchor = acting >= 0 && acting < count ? acting : 0;
  const context = Math.min(CONTEXT_BEFORE, Math.floor((shown - 1) / 3));
  const start = Math.max(0, Math.min(anchor - context, count - shown));
  const end = Math.min(count, start + shown);
  return { mode: 'compact', start, end, before: start, after: count - end };
}
