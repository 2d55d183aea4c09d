import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BackupInfo, BackupReason } from '../../../shared/ipc/contract';
import { createBackupScheduler, type BackupAttempt } from './backup-scheduler';

const info = (reason: BackupReason): BackupInfo => ({ name: `b-${reason}.json`, createdAt: '2026-12-01T19:00:00.000Z', bytes: 10, encounters: 1, events: 2, reason });
const saved = (reason: BackupReason): BackupAttempt => ({ status: 'saved', backup: info(reason) });

/** A scheduler whose backups finish when the test says so. */
function harness(options: { canBackUp?: () => boolean; fail?: string } = {}) {
  const runs: BackupReason[] = [];
  const attempts: [BackupReason, BackupAttempt][] = [];
  const finishers: (() => void)[] = [];
  const scheduler = createBackupScheduler({
    settleMs: 5000,
    run: (reason) => {
      runs.push(reason);
      return new Promise((resolve) =>
        finishers.push(() => resolve(options.fail ? { status: 'failed', message: options.fail } : saved(reason))),
      );
    },
    onAttempt: (reason, attempt) => attempts.push([reason, attempt]),
    canBackUp: options.canBackUp,
  });
  /** Lets the oldest running backup finish and the scheduler react. */
  const finish = async () => {
    await vi.advanceTimersByTimeAsync(0);
    finishers.shift()?.();
    await vi.advanceTimersByTimeAsync(0);
  };
  return { scheduler, runs, attempts, finish };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('automatic backups', () => {
  it('takes one backup 5 s after the last of a burst of writes', async () => {
    const { scheduler, runs } = harness();
    for (let write = 0; write < 10; write++) {
      scheduler.noteChange();
      await vi.advanceTimersByTimeAsync(1000);
    }
    expect(runs).toEqual([]);
    await vi.advanceTimersByTimeAsync(3999);
    expect(runs).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toEqual(['settled']);
  });

  it('takes none while nothing is written', async () => {
    const { scheduler, runs, finish } = harness();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toEqual([]);
    scheduler.noteChange();
    await vi.advanceTimersByTimeAsync(5000);
    await finish();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toEqual(['settled']);
  });

  it('takes one more when a write lands during a backup, and never two at once', async () => {
    const { scheduler, runs, attempts, finish } = harness();
    scheduler.noteChange();
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toEqual(['settled']);
    scheduler.noteChange();
    // That write settles while the first backup is still running: nothing starts beside it.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toEqual(['settled']);
    await finish();
    expect(runs).toEqual(['settled', 'settled']);
    await finish();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toEqual(['settled', 'settled']);
    expect(attempts.map(([reason, attempt]) => [reason, attempt.status])).toEqual([
      ['settled', 'saved'],
      ['settled', 'saved'],
    ]);
  });

  it('waits for a write during a backup to settle before the next one', async () => {
    const { scheduler, runs, finish } = harness();
    scheduler.noteChange();
    await vi.advanceTimersByTimeAsync(5000);
    await vi.advanceTimersByTimeAsync(1000);
    scheduler.noteChange();
    await finish();
    expect(runs).toEqual(['settled']);
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toEqual(['settled', 'settled']);
  });

  it('backs up at once at quit, after the backup already running', async () => {
    const { scheduler, runs, finish } = harness();
    scheduler.noteChange();
    await vi.advanceTimersByTimeAsync(5000);
    const quit = scheduler.backUp('quit');
    expect(runs).toEqual(['settled']);
    await finish();
    expect(runs).toEqual(['settled', 'quit']);
    await finish();
    expect(await quit).toEqual(saved('quit'));
  });

  it('a backup asked for covers the changes before it: the pending settle finds nothing to do', async () => {
    const { scheduler, runs, finish } = harness();
    scheduler.noteChange();
    await vi.advanceTimersByTimeAsync(2000);
    const manual = scheduler.backUp('manual');
    await finish();
    await manual;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toEqual(['manual']);
  });

  it('after a failure, says why and tries again at the next settle, not in a loop', async () => {
    const { scheduler, runs, attempts, finish } = harness({ fail: 'The disk is full.' });
    scheduler.noteChange();
    await vi.advanceTimersByTimeAsync(5000);
    await finish();
    expect(attempts).toEqual([['settled', { status: 'failed', message: 'The disk is full.' }]]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toEqual(['settled']);
    scheduler.noteChange();
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toEqual(['settled', 'settled']);
  });

  it('counts a thrown error as a failed attempt with its message', async () => {
    const attempts: BackupAttempt[] = [];
    const scheduler = createBackupScheduler({
      settleMs: 5000,
      run: () => Promise.reject(new Error('The file service is gone.')),
      onAttempt: (_reason, attempt) => attempts.push(attempt),
    });
    expect(await scheduler.backUp('manual')).toEqual({ status: 'failed', message: 'The file service is gone.' });
    expect(attempts).toEqual([{ status: 'failed', message: 'The file service is gone.' }]);
  });

  it('a window that is not the backing-up one keeps its changes unsaved and backs up once it is', async () => {
    let mine = false;
    const { scheduler, runs } = harness({ canBackUp: () => mine });
    scheduler.noteChange();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toEqual([]);
    mine = true;
    scheduler.noteChange();
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toEqual(['settled']);
  });

  it('notices nothing while paused (a restore replacing the database)', async () => {
    const { scheduler, runs } = harness();
    scheduler.noteChange();
    scheduler.pause();
    scheduler.noteChange();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toEqual([]);
    scheduler.resume();
    scheduler.noteChange();
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toEqual(['settled']);
  });
});
