import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PANELS_WAIT_MS, useStartupStore } from './startup-store';

beforeEach(() => {
  setActivePinia(createPinia());
  vi.useFakeTimers();
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => setTimeout(() => callback(0), 16));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('start-up order', () => {
  it('holds the other panels until it is known whether a resume offer is open', () => {
    const startup = useStartupStore();
    expect(startup.panelsHeld).toBe(true);
    startup.releasePanels();
    expect(startup.panelsHeld).toBe(false);
  });

  it('while an offer is open, holds them for PANELS_WAIT_MS at most', () => {
    const startup = useStartupStore();
    startup.holdForOffer();
    vi.advanceTimersByTime(PANELS_WAIT_MS - 1);
    expect(startup.panelsHeld).toBe(true);
    vi.advanceTimersByTime(1);
    expect(startup.panelsHeld).toBe(false);
  });

  it('releases them once the answer to the offer has been painted', async () => {
    const startup = useStartupStore();
    startup.holdForOffer();
    const answered = startup.offerAnswered();
    expect(startup.panelsHeld).toBe(true);
    await vi.advanceTimersByTimeAsync(20);
    await answered;
    expect(startup.panelsHeld).toBe(false);
    // Released for good: a later offer does not hold them again.
    startup.holdForOffer();
    await vi.advanceTimersByTimeAsync(PANELS_WAIT_MS);
    expect(startup.panelsHeld).toBe(false);
  });

  it('lets the loads the first screen does not show wait for the release, and no longer', async () => {
    const startup = useStartupStore();
    startup.holdForOffer();
    let started = false;
    const waiting = startup.whenPanelsReleased().then(() => (started = true));
    await vi.advanceTimersByTimeAsync(PANELS_WAIT_MS - 1);
    expect(started).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await waiting;
    expect(started).toBe(true);
    // Once released, a later wait is over at once.
    let again = false;
    await startup.whenPanelsReleased().then(() => (again = true));
    expect(again).toBe(true);
  });
});
