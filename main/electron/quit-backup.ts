import { app, type BrowserWindow } from 'electron';
import { ipcEvents } from '../../shared/ipc/channels';
import type { BackupReason } from '../../shared/ipc/contract';
import { createQuitGate } from '../services/backups/quit-gate';

const gates = new Set<(reason: BackupReason) => void>();
let quitting = false;
app.on('before-quit', () => {
  quitting = true;
});

/** Tells every window waiting to close that a writeBackup call finished. */
export function backupFinished(reason: BackupReason): void {
  for (const notify of gates) notify(reason);
}

/**
 * The first time the window is closed, the close is held while the renderer writes the quit backup
 * (it answers `quitBackupRequested` with a writeBackup of reason "quit"), at most 5 s.
 */
export function holdCloseForQuitBackup(window: BrowserWindow): void {
  const gate = createQuitGate();
  gates.add(gate.backupFinished);
  window.once('closed', () => gates.delete(gate.backupFinished));
  window.on('close', (event) => {
    const goAhead = gate.onClose(
      () => window.webContents.send(ipcEvents.quitBackupRequested),
      () => {
        // A held close cancels the app's quit (macOS ⌘Q, a quit from the menu): quit again, else close.
        if (quitting) app.quit();
        else if (!window.isDestroyed()) window.close();
      },
    );
    if (!goAhead) event.preventDefault();
  });
}
