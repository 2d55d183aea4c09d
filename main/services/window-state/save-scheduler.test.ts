import { describe, expect, it } from 'vitest';
import { createSaveScheduler } from './save-scheduler';

/** Timers run by hand: `tick(ms)` fires what is due. */
function manualTimers() {
  let now = 0;
  let timers: { at: number; callback: () => void }[] = [];
  return {
    schedule(callback: () => void, ms: number) {
      const timer = { at: now + ms, callback };
      timers.push(timer);
      return () => void (timers = timers.filter((other) => other !== timer));
    },
    tick(ms: number) {
      now += ms;
      const due = timers.filter((timer) => timer.at <= now);
      timers = timers.filter((timer) => timer.at > now);
      for (const timer of due) timer.callback();
    },
    pending: () => timers.length,
  };
}

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
