import { describe, expect, it } from 'vitest';
import { createQuitGate, QUIT_BACKUP_TIMEOUT_MS } from './quit-gate';

/** Timers a test fires by hand. */
function manualTimers() {
  const timers: { ms: number; run: () => void; cancelled: boolean }[] = [];
  return {
    timers,
    setTimer: (run: () => void, ms: number) => {
      const timer = { ms, run, cancelled: false };
      timers.push(timer);
      return () => void (timer.cancelled = true);
    },
  };
}

function harness() {
  const clock = manualTimers();
  const gate = createQuitGate({ setTimer: clock.setTimer });
  const log: string[] = [];
  const close = () => gate.onClose(() => void log.push('backup requested'), () => void log.push('closed'));
  return { clock, gate, log, close };
}

describe('quit gate', () => {
  it('holds the first close, asks for the backup, and closes once the quit backup has finished', () => {
    const { clock, gate, log, close } = harness();
    expect(close()).toBe(false);
    expect(log).toEqual(['backup requested']);
    gate.backupFinished('settled'); // another backup does not end the wait
    expect(log).toEqual(['backup requested']);
    gate.backupFinished('quit');
    expect(log).toEqual(['backup requested', 'closed']);
    expect(clock.timers.map((timer) => [timer.ms, timer.cancelled])).toEqual([[5000, true]]);
    // The close it makes itself (and any later one) goes ahead.
    expect(close()).toBe(true);
    gate.backupFinished('quit');
    expect(log).toEqual(['backup requested', 'closed']);
  });

  it('closes after 5 s when no quit backup comes, and only once', () => {
    const { clock, gate, log, close } = harness();
    expect(close()).toBe(false);
    expect(close()).toBe(false); // a second click while waiting asks nothing more
    expect(QUIT_BACKUP_TIMEOUT_MS).toBe(5000);
    clock.timers[0]!.run();
    gate.backupFinished('quit');
    expect(log).toEqual(['backup requested', 'closed']);
  });

  it('closes right after the close event when the renderer cannot be asked', () => {
    const clock = manualTimers();
    const gate = createQuitGate({ setTimer: clock.setTimer, timeoutMs: 100 });
    const log: string[] = [];
    const held = gate.onClose(
      () => {
        throw new Error('Object has been destroyed');
      },
      () => void log.push('closed'),
    );
    expect(held).toBe(false);
    expect(log).toEqual([]); // not inside the close event
    expect(clock.timers.map((timer) => [timer.ms, timer.cancelled])).toEqual([
      [100, true],
      [0, false],
    ]);
    clock.timers[1]!.run();
    expect(log).toEqual(['closed']);
  });
});
