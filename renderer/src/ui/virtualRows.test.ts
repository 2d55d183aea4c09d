import { describe, expect, it } from 'vitest';
import { nextTick, ref } from 'vue';
import { initialListRect, useOpeningOverscan } from './virtualRows';

/** A paint the test lets happen when it chooses, counting how often one was waited for. */
function controlledPaint() {
  const waiting: (() => void)[] = [];
  return {
    painted: () => new Promise<void>((resolve) => waiting.push(resolve)),
    paint: async () => {
      for (const resolve of waiting.splice(0)) resolve();
      await nextTick();
    },
    waits: () => waiting.length,
  };
}

describe('useOpeningOverscan', () => {
  it('builds no row beyond the window until the first rows are painted, then the overscan', async () => {
    const rows = ref(0);
    const paint = controlledPaint();
    const overscan = useOpeningOverscan(() => rows.value > 0, 4, paint.painted);
    expect(overscan.value).toBe(0);
    // No rows yet: nothing waits for a paint.
    await paint.paint();
    expect(overscan.value).toBe(0);
    rows.value = 200;
    await nextTick();
    expect(overscan.value).toBe(0);
    expect(paint.waits()).toBe(1);
    await paint.paint();
    expect(overscan.value).toBe(4);
  });

  it('starts waiting at once for a list that has rows when it is made', async () => {
    const paint = controlledPaint();
    const overscan = useOpeningOverscan(() => true, 3, paint.painted);
    expect(overscan.value).toBe(0);
    await paint.paint();
    expect(overscan.value).toBe(3);
  });

  it('stays raised when the list empties and fills again, waiting for no further paint', async () => {
    const rows = ref(5);
    const paint = controlledPaint();
    const overscan = useOpeningOverscan(() => rows.value > 0, 4, paint.painted);
    await paint.paint();
    rows.value = 0;
    await nextTick();
    rows.value = 7;
    await nextTick();
    expect(paint.waits()).toBe(0);
    expect(overscan.value).toBe(4);
  });
});

describe('initialListRect', () => {
  it('assumes the window less what is above the list, and never less than a quarter of the window', () => {
    const { innerWidth: width, innerHeight: height } = window;
    expect(initialListRect()).toEqual({ width, height });
    expect(initialListRect(280)).toEqual({ width, height: height - 280 });
    expect(initialListRect(height)).toEqual({ width, height: Math.round(height / 4) });
  });
});
