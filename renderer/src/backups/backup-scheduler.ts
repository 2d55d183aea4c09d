import type { BackupInfo, BackupReason } from '../../../shared/ipc/contract';

export type BackupAttempt =
  | { readonly status: 'saved'; readonly backup: BackupInfo }
  /** Nothing worth keeping (an empty database): not written, so it never hides the backups that have something. */
  | { readonly status: 'skipped' }
  | { readonly status: 'failed'; readonly message: string };

export interface BackupSchedulerOptions {
  /** How long the database must stay unchanged before an automatic backup. */
  readonly settleMs: number;
  /** Takes one backup; a throw counts as a failed attempt with its message. */
  run(reason: BackupReason): Promise<BackupAttempt>;
  /** Told of every attempt, automatic or asked for. */
  onAttempt?(reason: BackupReason, attempt: BackupAttempt): void;
  /** Whether this window takes automatic backups now (another window may be the one that does). */
  canBackUp?(): boolean;
}

export interface BackupScheduler {
  /** Something was written: an automatic backup follows once writes stop for `settleMs`. */
  noteChange(): void;
  /** A backup now (by hand, before a restore, at quit), after the one running if any: never two at once. */
  backUp(reason: BackupReason): Promise<BackupAttempt>;
  /** Stops noticing changes (while a restore replaces the database). */
  pause(): void;
  resume(): void;
  dispose(): void;
}

/**
 * When to back up: after changes settle (one backup for a burst of writes, none while nothing
 * changes), one more when a write lands during a backup, and at once when asked. A failed
 * automatic backup is tried again at the next settle, not in a loop.
 */
export function createBackupScheduler(options: BackupSchedulerOptions): BackupScheduler {
  let unsaved = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  let writtenDuringRun = false;
  let paused = false;
  let queue: Promise<unknown> = Promise.resolve();

  function settled(): void {
    timer = undefined;
    // A backup running now looks again when it ends.
    if (running || !unsaved) return;
    if (options.canBackUp && !options.canBackUp()) return;
    void backUp('settled');
  }

  function noteChange(): void {
    if (paused) return;
    unsaved = true;
    if (running) writtenDuringRun = true;
    clearTimeout(timer);
    timer = setTimeout(settled, options.settleMs);
  }

  async function attempt(reason: BackupReason): Promise<BackupAttempt> {
    running = true;
    writtenDuringRun = false;
    // Changes from here on are not in this backup; they mark it unsaved again.
    unsaved = false;
    let result: BackupAttempt;
    try {
      result = await options.run(reason);
    } catch (error) {
      result = { status: 'failed', message: (error as Error).message };
    }
    running = false;
    if (result.status === 'failed') unsaved = true;
    options.onAttempt?.(reason, result);
    // Writes that settled while this one ran get their own backup now.
    if (writtenDuringRun && timer === undefined && !paused) settled();
    return result;
  }

  function backUp(reason: BackupReason): Promise<BackupAttempt> {
    const next = queue.then(() => attempt(reason));
    queue = next;
    return next;
  }

  return {
    noteChange,
    backUp,
    pause: () => {
      paused = true;
      clearTimeout(timer);
      timer = undefined;
    },
    resume: () => {
      paused = false;
    },
    dispose: () => {
      paused = true;
      clearTimeout(timer);
    },
  };
}
