import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { BackupInfo, BackupReason } from '../../../shared/ipc/contract';
import { getDatabase, type GmDatabase } from '../db/database';
import { gm } from '../platform/gm';
import { holdBackupLock } from './backup-lock';
import { createBackupScheduler, type BackupAttempt, type BackupScheduler } from './backup-scheduler';
import { watchWrites } from './change-watch';
import type { RestoreResult, RestoreStep } from './restore-flow';

// Taking a backup (the dump and its worker) is a chunk of its own: none is taken before changes
// settle, so the start-up script does not carry it. A chunk that will not load fails the attempt.
const takeBackup = async (db: GmDatabase, reason: BackupReason): Promise<BackupAttempt> =>
  (await import('./take-backup')).takeBackup(db, reason);

/** Quiet for this long after the last write before an automatic backup. */
export const SETTLE_MS = 5000;

export interface BackupsStartOptions {
  readonly settleMs?: number;
  /** Takes one backup (tests replace the dump and the file service). */
  readonly run?: (reason: BackupReason) => Promise<BackupAttempt>;
}

/**
 * Automatic backups and the one queue every backup goes through (automatic, by hand, before a
 * restore, at quit), so two never run at once.
 */
export const useBackupsStore = defineStore('backups', () => {
  const lastSaved = shallowRef<BackupInfo | null>(null);
  /** Why the last automatic backup failed, until one succeeds; never blocks anything. */
  const automaticFailure = ref<string | null>(null);
  /** Whether this window is the one taking automatic backups. */
  const active = ref(false);
  let scheduler: BackupScheduler | null = null;
  let stopping: (() => void) | null = null;

  function recordAttempt(reason: BackupReason, attempt: BackupAttempt): void {
    if (attempt.status === 'saved') {
      lastSaved.value = attempt.backup;
      if (reason !== 'before-restore') automaticFailure.value = null;
    } else if (attempt.status === 'failed' && (reason === 'settled' || reason === 'quit')) {
      automaticFailure.value = `The automatic backup failed: ${attempt.message} It is tried again after the next change.`;
    }
  }

  /**
   * Starts watching the database (before it first opens), backing up when changes settle and
   * when the desktop app quits, while this window holds the backup lock.
   */
  function start(db: GmDatabase, options: BackupsStartOptions = {}): () => void {
    stopping?.();
    const run = options.run ?? ((reason: BackupReason) => takeBackup(db, reason));
    const current = createBackupScheduler({
      settleMs: options.settleMs ?? SETTLE_MS,
      run,
      onAttempt: recordAttempt,
      canBackUp: () => active.value,
    });
    scheduler = current;
    watchWrites(db, () => scheduler?.noteChange());
    const abort = new AbortController();
    holdBackupLock(() => (active.value = true), abort.signal);
    // Main waits for this backup (reason "quit") before the window closes.
    const stopQuit = gm.onQuitBackupRequested?.(() => {
      if (active.value) void current.backUp('quit');
    });
    stopping = () => {
      stopQuit?.();
      abort.abort();
      active.value = false;
      current.dispose();
      if (scheduler === current) scheduler = null;
      stopping = null;
    };
    return stopping;
  }

  /** A backup now, queued behind any running one; without a started scheduler, taken directly. */
  function backUp(reason: BackupReason, db: GmDatabase = getDatabase()): Promise<BackupAttempt> {
    if (scheduler) return scheduler.backUp(reason);
    return takeBackup(db, reason).then((attempt) => {
      recordAttempt(reason, attempt);
      return attempt;
    });
  }

  /** While a restore replaces the database, its writes are not changes to back up. */
  function pause(): void {
    scheduler?.pause();
  }
  function resume(): void {
    scheduler?.resume();
  }

  /**
   * Restores a backup from the backups folder (the current state backed up first when asked);
   * the caller reloads the screen on success so every store reads the restored data.
   */
  async function restore(
    name: string,
    options: { backUpFirst: boolean; replaceUnopenable?: boolean; onStep?: (step: RestoreStep) => void },
    db: GmDatabase = getDatabase(),
  ): Promise<RestoreResult> {
    // Loaded when a restore is asked for: a rare step, so not part of the start-up script.
    const { restoreBackup } = await import('./restore-flow');
    return restoreBackup(db, name, {
      backUpCurrent: options.backUpFirst ? () => backUp('before-restore', db) : undefined,
      replaceUnopenable: options.replaceUnopenable,
      pauseAutomatic: pause,
      resumeAutomatic: resume,
      onStep: options.onStep,
    });
  }

  return { lastSaved, automaticFailure, active, start, backUp, restore, pause, resume };
});
