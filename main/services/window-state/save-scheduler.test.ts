import { describe, expect, it } from 'vitest';
import { createSaveScheduler } from './save-scheduler';
import { manualTimers } from './manual-timers.test-support';

function setUp() {
  const timers = manualTimers();
  const logged: string[] = [];
  const saved: string[] = [];
  const scheduler = createSaveScheduler({ schedule: timers.schedule, log: (message) => logged.push(message) }, 500);
  return { scheduler, timers, logged, saved };
}

describe('save scheduler', () => {
  it('saves once, the last request, 500 ms after the last of a burst', () => {
    const { scheduler, timers, saved } = setUp();
    scheduler.later(() => void saved.push('first'));
    timers.tick(499);
    scheduler.later(() => void saved.push('second'));
    timers.tick(499);
    expect(saved).toEqual([]);
    timers.tick(1);
    expect(saved).toEqual(['second']);
    expect(timers.pending()).toBe(0);
  });

  it('saves at once (synchronously) and drops the pending save', () => {
    const { scheduler, timers, saved } = setUp();
    scheduler.later(() => void saved.push('later'));
    scheduler.now(() => void saved.push('now'));
    expect(saved).toEqual(['now']);
    expect(timers.pending()).toBe(0);
  });

  it('cancels a pending save', () => {
    const { scheduler, timers, saved } = setUp();
    scheduler.later(() => void saved.push('later'));
    scheduler.cancel();
    timers.tick(500);
    expect(saved).toEqual([]);
  });

  it('flush waits for every save started', async () => {
    const { scheduler } = setUp();
    const finished: string[] = [];
    let release: () => void = () => undefined;
    scheduler.now(() => new Promise<void>((resolve) => (release = resolve)).then(() => void finished.push('slow')));
    scheduler.now(async () => void finished.push('quick'));
    const flushed = scheduler.flush().then(() => finished.slice());
    release();
    await expect(flushed).resolves.toEqual(['quick', 'slow']);
  });

  it('logs a save that threw or rejected, and flush still resolves', async () => {
    const { scheduler, logged } = setUp();
    scheduler.now(() => {
      throw new Error('no bounds');
    });
    scheduler.now(() => Promise.reject(new Error('disk gone')));
    await scheduler.flush();
    expect(logged).toEqual(["A window's place was not saved: no bounds", "A window's place was not saved: disk gone"]);
  });
});
