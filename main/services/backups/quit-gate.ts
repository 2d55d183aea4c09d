import type { BackupReason } from '../../../shared/ipc/contract';

/** Longest a closing window waits for its quit backup: quitting must never hang. */
export const QUIT_BACKUP_TIMEOUT_MS = 5000;

export interface QuitGate {
  /**
   * Called on each attempt to close the window: true lets the close go ahead. The first attempt is
   * held (false): `requestBackup` asks the renderer for the quit backup, and `closeForReal` runs once
   * that backup has finished or the timeout has passed, whichever comes first. Later attempts while
   * waiting are held too; once the gate has let go, every close goes ahead.
   */
  onClose(requestBackup: () => void, closeForReal: () => void): boolean;
  /** A writeBackup call finished (saved or failed): one with reason "quit" ends the wait. */
  backupFinished(reason: BackupReason): void;
}

export interface QuitGateOptions {
  readonly timeoutMs?: number;
  /** setTimeout by default; returns a function that cancels the timer. */
  readonly setTimer?: (run: () => void, ms: number) => () => void;
}

const defaultSetTimer = (run: () => void, ms: number) => {
  const timer = setTimeout(run, ms);
  return () => clearTimeout(timer);
};

/** Plain-Node logic of the quit backup, one gate per window (Electron's glue is main/electron/quit-backup.ts). */
export function createQuitGate(options: QuitGateOptions = {}): QuitGate {
  const setTimer = options.setTimer ?? defaultSetTimer;
  const timeoutMs = options.timeoutMs ?? QUIT_BACKUP_TIMEOUT_MS;
  let state: 'open' | 'waiting' | 'released' = 'open';
  let release = () => {};

  return {
    onClose(requestBackup, closeForReal) {
      if (state === 'released') return true;
      if (state === 'waiting') return false;
      state = 'waiting';
      let cancelTimeout = () => {};
      release = () => {
        if (state !== 'waiting') return;
        state = 'released';
        cancelTimeout();
        closeForReal();
      };
      cancelTimeout = setTimer(() => release(), timeoutMs);
      try {
        requestBackup();
      } catch {
        // The renderer cannot be asked (gone, crashed): close at once, after this close event is over.
        cancelTimeout();
        cancelTimeout = setTimer(() => release(), 0);
      }
      return false;
    },
    backupFinished(reason) {
      if (reason === 'quit') release();
    },
  };
}
