/** Marks kept in the performance timeline: enough for a benchmark run, never a growing list. */
export const PAINT_MARKS_KEPT = 100;

const kept: string[] = [];

/**
 * Marks the moment a screen is on the glass, for the benchmark (GM action → player view painted):
 * the frame after Vue's update is painted, then the task after that frame. Cheap: one frame
 * callback and one timeout per screen.
 */
export function markPainted(seq: number): void {
  requestAnimationFrame(() =>
    setTimeout(() => {
      const name = `player-painted:${seq}`;
      performance.mark(name);
      kept.push(name);
      while (kept.length > PAINT_MARKS_KEPT) performance.clearMarks(kept.shift());
    }),
  );
}
