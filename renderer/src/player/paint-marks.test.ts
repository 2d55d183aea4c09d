import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const paintMarks = () =>
  performance
    .getEntriesByType('mark')
    .map((entry) => entry.name)
    .filter((name) => name.startsWith('player-painted:'));

describe('markPainted', () => {
  // The module keeps the names it marked: each test starts with a fresh copy of it.
  let markPainted: (seq: number) => void;
  let kept: number;
  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    performance.clearMarks();
    vi.resetModules();
    ({ markPainted, PAINT_MARKS_KEPT: kept } = await import('./paint-marks'));
  });
  afterEach(() => vi.useRealTimers());

  it('marks the screen after the next frame, in the task after it, not before', () => {
    markPainted(7);
    expect(paintMarks()).toEqual([]);
    vi.advanceTimersToNextFrame();
    expect(paintMarks()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(paintMarks()).toEqual(['player-painted:7']);
  });

  it('keeps only the last 100 marks', () => {
    expect(kept).toBe(100);
    for (let seq = 1; seq <= 105; seq++) markPainted(seq);
    vi.runAllTimers();
    const marks = paintMarks();
    expect(marks).toHaveLength(100);
    expect(marks[0]).toBe('player-painted:6');
    expect(marks.at(-1)).toBe('player-painted:105');
  });
});
