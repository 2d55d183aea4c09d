import { describe, expect, it } from 'vitest';
import { manualTimers } from '../window-state/manual-timers.test-support';
import { clockTime, describeReason, type RecoveredWindow, type RecoveryQuestion } from './recovery-messages';
import { createRendererRecovery, CRASH_SPAN_MS, HANG_GRACE_MS, RESTART_TIMEOUT_MS } from './renderer-recovery';

const SAVED = 'Nothing was lost: every change is saved as it is made.';

/** A window's shell, recorded: reloads, ended renderers, dialogs (answered by the test), the clock run by hand. */
function harness(window: RecoveredWindow = 'gm') {
  const timers = manualTimers();
  const start = new Date(2026, 11, 1, 21, 4, 0).getTime();
  let elapsed = 0;
  const record = { reloads: 0, ended: 0, gaveUp: 0, logs: [] as string[] };
  const dialogs: { question: RecoveryQuestion; signal: AbortSignal; answer(button: number): Promise<void>; fail(error: Error): Promise<void> }[] = [];
  const recovery = createRendererRecovery(
    {
      now: () => new Date(start + elapsed),
      schedule: timers.schedule,
      reload: () => void record.reloads++,
      endHungRenderer: () => void record.ended++,
      ask: (question, signal) =>
        new Promise<number>((resolve, reject) => {
          const settled = () => new Promise<void>((done) => setTimeout(done, 0));
          dialogs.push({ question, signal, answer: (button) => (resolve(button), settled()), fail: (error) => (reject(error), settled()) });
        }),
      giveUp: () => void record.gaveUp++,
      log: (message) => record.logs.push(message),
    },
    window,
  );
  const advance = (ms: number) => {
    elapsed += ms;
    timers.tick(ms);
  };
  return { recovery, record, dialogs, advance, pendingTimers: timers.pending };
}

const crashedAt = (time: string, reason = 'crashed') => `The screen stopped unexpectedly (${reason}) at ${time} and was reloaded. ${SAVED}`;

describe('a crashed page', () => {
  it('is reloaded, and the GM window keeps one notice for its renderer to read once', () => {
    const { recovery, record } = harness();
    recovery.gone('crashed');
    expect(record.reloads).toBe(1);
    expect(recovery.state()).toBe('running');
    expect(record.logs).toEqual(["The GM screen's page stopped (crashed); reloaded."]);
    expect(recovery.takeNotice()).toEqual({ message: crashedAt('21:04') });
    expect(recovery.takeNotice()).toBeNull();
  });

  it('is not a crash when it closed normally (clean-exit)', () => {
    const { recovery, record } = harness();
    recovery.gone('clean-exit');
    expect(record.reloads).toBe(0);
    expect(recovery.takeNotice()).toBeNull();
    expect(record.logs).toEqual([]);
  });

  it('names each of Electron’s reasons in the GM’s words; an unknown one as given', () => {
    expect(
      ['crashed', 'oom', 'killed', 'abnormal-exit', 'launch-failed', 'integrity-failure', 'memory-eviction', 'something-new'].map(describeReason),
    ).toEqual([
      'crashed',
      'out of memory',
      'ended by the system',
      'exited abnormally',
      'failed to start',
      'failed its integrity check',
      'closed to free memory',
      'something-new',
    ]);
    const { recovery, advance } = harness();
    advance(9 * 60_000);
    recovery.gone('oom');
    expect(recovery.takeNotice()).toEqual({ message: crashedAt('21:13', 'out of memory') });
    expect(clockTime(new Date(2026, 0, 1, 7, 5))).toBe('07:05');
  });

  it('keeps the latest notice when it crashed twice before the renderer asked', () => {
    const { recovery, advance } = harness();
    recovery.gone('crashed');
    advance(60_000);
    recovery.gone('killed');
    expect(recovery.takeNotice()).toEqual({ message: crashedAt('21:05', 'ended by the system') });
  });

  it('asks the GM (Reload / Quit) instead of a fourth reload within two minutes', () => {
    const { recovery, record, dialogs, advance } = harness();
    for (let crash = 0; crash < 3; crash++) {
      recovery.gone('crashed');
      advance(30_000);
    }
    expect(record.reloads).toBe(3);
    recovery.gone('crashed');
    expect(record.reloads).toBe(3);
    expect(recovery.state()).toBe('asking-crashed');
    expect(dialogs.map((dialog) => dialog.question)).toEqual([
      {
        message: 'GM Screen keeps stopping',
        detail: `The screen stopped unexpectedly 4 times within 2 minutes (last: crashed), so it was not reloaded again. Reload it to try once more, or quit. ${SAVED}`,
        buttons: ['Reload', 'Quit'],
        cancelId: 0,
      },
    ]);
    expect(record.logs.at(-1)).toBe("The GM screen's page stopped (crashed) 4 times within 2 minutes; the GM is asked before another reload.");
    // While the question is open, another report changes nothing.
    recovery.gone('crashed');
    recovery.unresponsive();
    expect(dialogs).toHaveLength(1);
    expect(recovery.state()).toBe('asking-crashed');
  });

  it('counts only the crashes of the last two minutes: one exactly two minutes old has dropped out', () => {
    const { recovery, record, dialogs, advance } = harness();
    recovery.gone('crashed');
    advance(40_000);
    recovery.gone('crashed');
    advance(40_000);
    recovery.gone('crashed');
    advance(CRASH_SPAN_MS - 80_000);
    recovery.gone('crashed');
    expect(record.reloads).toBe(4);
    expect(dialogs).toHaveLength(0);
    // Now 40 s, 80 s and 120 s are within two minutes of the next one, 1 ms short of the 40 s crash leaving.
    advance(40_000 - 1);
    recovery.gone('crashed');
    expect(record.reloads).toBe(4);
    expect(dialogs).toHaveLength(1);
  });

  it('reloads when the GM says Reload (or closes the dialog), and starts counting afresh', async () => {
    const { recovery, record, dialogs, advance } = harness();
    for (let crash = 0; crash < 4; crash++) recovery.gone('crashed');
    advance(60_000);
    await dialogs[0]!.answer(0);
    expect(record.reloads).toBe(4);
    expect(recovery.state()).toBe('running');
    // The notice tells when it stopped, not when the GM answered.
    expect(recovery.takeNotice()).toEqual({ message: crashedAt('21:04') });
    for (let crash = 0; crash < 3; crash++) recovery.gone('crashed');
    expect(record.reloads).toBe(7);
    expect(dialogs).toHaveLength(1);
  });

  it('gives up when the GM says Quit: no reload, later reports ignored', async () => {
    const { recovery, record, dialogs } = harness();
    for (let crash = 0; crash < 4; crash++) recovery.gone('crashed');
    await dialogs[0]!.answer(1);
    expect(record.gaveUp).toBe(1);
    expect(record.reloads).toBe(3);
    expect(recovery.state()).toBe('given-up');
    recovery.gone('crashed');
    recovery.unresponsive();
    expect(record.reloads).toBe(3);
    expect(dialogs).toHaveLength(1);
  });

  it('takes a dialog that failed to show as its cancel button (Reload), and logs why', async () => {
    const { recovery, record, dialogs } = harness();
    for (let crash = 0; crash < 4; crash++) recovery.gone('crashed');
    await dialogs[0]!.fail(new Error('no display'));
    expect(record.reloads).toBe(4);
    expect(record.logs.at(-1)).toBe(`The GM screen's dialog failed (no display); taken as "Reload".`);
  });
});

describe('a page that stops responding', () => {
  it('is left alone for ten seconds; responding again within them is never mentioned', () => {
    const { recovery, dialogs, advance, pendingTimers } = harness();
    recovery.unresponsive();
    expect(recovery.state()).toBe('waiting');
    advance(HANG_GRACE_MS - 1);
    recovery.responsive();
    expect(recovery.state()).toBe('running');
    expect(pendingTimers()).toBe(0);
    advance(HANG_GRACE_MS);
    expect(dialogs).toHaveLength(0);
  });

  it('asks Wait / Reload after ten seconds', () => {
    const { recovery, record, dialogs, advance } = harness();
    recovery.unresponsive();
    recovery.unresponsive();
    advance(HANG_GRACE_MS);
    expect(recovery.state()).toBe('asking-hung');
    expect(dialogs.map((dialog) => dialog.question)).toEqual([
      {
        message: 'GM Screen is not responding',
        detail: 'The screen has not responded for 10 seconds. Wait for it, or reload it: every change is saved as it is made.',
        buttons: ['Wait', 'Reload'],
        cancelId: 0,
      },
    ]);
    expect(record.logs).toEqual(['The GM screen has not responded for 10 seconds; the GM is asked.']);
  });

  it('closes the question when the page responds again, and ignores the answer that comes after', async () => {
    const { recovery, record, dialogs, advance } = harness();
    recovery.unresponsive();
    advance(HANG_GRACE_MS);
    recovery.responsive();
    expect(dialogs[0]!.signal.aborted).toBe(true);
    expect(recovery.state()).toBe('running');
    await dialogs[0]!.answer(1);
    expect(record.ended).toBe(0);
    expect(recovery.state()).toBe('running');
  });

  it('waits another ten seconds when the GM says Wait, then asks again', async () => {
    const { recovery, dialogs, advance } = harness();
    recovery.unresponsive();
    advance(HANG_GRACE_MS);
    await dialogs[0]!.answer(0);
    expect(recovery.state()).toBe('waiting');
    advance(HANG_GRACE_MS - 1);
    expect(dialogs).toHaveLength(1);
    advance(1);
    expect(dialogs).toHaveLength(2);
  });

  it('ends the hung page when the GM says Reload, and reloads once it is gone, with a notice; not counted as a crash', async () => {
    const { recovery, record, dialogs, advance, pendingTimers } = harness();
    advance(60_000);
    recovery.unresponsive();
    advance(HANG_GRACE_MS);
    await dialogs[0]!.answer(1);
    expect(record.ended).toBe(1);
    expect(record.reloads).toBe(0);
    expect(recovery.state()).toBe('restarting');
    recovery.gone('killed');
    expect(record.reloads).toBe(1);
    expect(pendingTimers()).toBe(0);
    expect(recovery.takeNotice()).toEqual({ message: `The screen stopped responding at 21:05 and was reloaded. ${SAVED}` });
    expect(record.logs.at(-1)).toBe("The GM screen's hung page was ended (ended by the system); reloaded.");
    for (let crash = 0; crash < 3; crash++) recovery.gone('crashed');
    expect(record.reloads).toBe(4);
    expect(dialogs).toHaveLength(1);
  });

  it('reloads anyway when the ended page never reports gone', async () => {
    const { recovery, record, dialogs, advance } = harness();
    recovery.unresponsive();
    advance(HANG_GRACE_MS);
    await dialogs[0]!.answer(1);
    advance(RESTART_TIMEOUT_MS - 1);
    expect(record.reloads).toBe(0);
    advance(1);
    expect(record.reloads).toBe(1);
    expect(recovery.state()).toBe('running');
    expect(record.logs.at(-1)).toBe("The GM screen's hung page did not end; reloaded anyway.");
    expect(recovery.takeNotice()).toEqual({ message: `The screen stopped responding at 21:04 and was reloaded. ${SAVED}` });
  });

  it('that crashes while waiting or while asked about is reloaded as a crash, its question closed', async () => {
    const { recovery, record, dialogs, advance, pendingTimers } = harness();
    recovery.unresponsive();
    recovery.gone('crashed');
    expect(record.reloads).toBe(1);
    expect(pendingTimers()).toBe(0);
    recovery.unresponsive();
    advance(HANG_GRACE_MS);
    recovery.gone('crashed');
    expect(dialogs[0]!.signal.aborted).toBe(true);
    expect(record.reloads).toBe(2);
    await dialogs[0]!.answer(1);
    expect(record.ended).toBe(0);
    expect(recovery.state()).toBe('running');
  });

  it('ignores responsive while running, and everything once its window closed', () => {
    const { recovery, record, dialogs, advance, pendingTimers } = harness();
    recovery.responsive();
    expect(recovery.state()).toBe('running');
    recovery.unresponsive();
    advance(HANG_GRACE_MS);
    recovery.dispose();
    expect(dialogs[0]!.signal.aborted).toBe(true);
    expect(pendingTimers()).toBe(0);
    recovery.gone('crashed');
    recovery.unresponsive();
    expect(record.reloads).toBe(0);
    expect(recovery.state()).toBe('disposed');
  });
});

describe('the player view', () => {
  it('is reloaded silently (no notice) and asks Reload / Close the player view after repeated crashes', async () => {
    const { recovery, record, dialogs } = harness('player');
    recovery.gone('crashed');
    expect(record.reloads).toBe(1);
    expect(recovery.takeNotice()).toBeNull();
    expect(record.logs).toEqual(["The player view's page stopped (crashed); reloaded."]);
    for (let crash = 0; crash < 3; crash++) recovery.gone('oom');
    expect(dialogs.map((dialog) => dialog.question)).toEqual([
      {
        message: 'The player view keeps stopping',
        detail:
          'The player view stopped unexpectedly 4 times within 2 minutes (last: out of memory), so it was not reloaded again. Reload it to try once more, or close it; the GM screen is unaffected.',
        buttons: ['Reload', 'Close the player view'],
        cancelId: 0,
      },
    ]);
    await dialogs[0]!.answer(1);
    expect(record.gaveUp).toBe(1);
  });

  it('asks its own Wait / Reload when it hangs, and its reload leaves no notice', async () => {
    const { recovery, record, dialogs, advance } = harness('player');
    recovery.unresponsive();
    advance(HANG_GRACE_MS);
    expect(dialogs[0]!.question).toEqual({
      message: 'The player view is not responding',
      detail: 'The player view has not responded for 10 seconds. Wait for it, or reload it; the GM screen is unaffected.',
      buttons: ['Wait', 'Reload'],
      cancelId: 0,
    });
    await dialogs[0]!.answer(1);
    recovery.gone('killed');
    expect(record.reloads).toBe(1);
    expect(recovery.takeNotice()).toBeNull();
  });
});
