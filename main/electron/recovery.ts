import { dialog, type BrowserWindow } from 'electron';
import type { RecoveredWindow } from '../services/renderer-recovery/recovery-messages';
import { createRendererRecovery, type RendererRecovery } from '../services/renderer-recovery/renderer-recovery';
import { appLog } from './app-log';

/**
 * Reloads a window whose page crashed or hung (Electron glue; the policy, its limits and its
 * sentences are main/services/renderer-recovery/): `giveUp` is what the GM's "Quit" or "Close the
 * player view" does after repeated crashes.
 */
export function watchRendererRecovery(
  window: BrowserWindow,
  which: RecoveredWindow,
  giveUp: () => void,
): RendererRecovery {
  const contents = window.webContents;
  const recovery = createRendererRecovery(
    {
      now: () => new Date(),
      schedule: (callback, ms) => {
        const timer = setTimeout(callback, ms);
        return () => clearTimeout(timer);
      },
      reload: () => {
        if (!window.isDestroyed()) contents.reload();
      },
      // Electron's own advice for a hung page: end its renderer; the render-process-gone that follows reloads it.
      endHungRenderer: () => {
        if (!window.isDestroyed()) contents.forcefullyCrashRenderer();
      },
      ask: async (question, signal) => {
        if (window.isDestroyed()) return question.cancelId;
        const answer = await dialog.showMessageBox(window, {
          type: 'warning',
          message: question.message,
          detail: question.detail,
          buttons: [...question.buttons],
          defaultId: 0,
          cancelId: question.cancelId,
          noLink: true,
          signal,
        });
        return answer.response;
      },
      giveUp,
      log: (message) => appLog().warn(message),
    },
    which,
  );
  contents.on('render-process-gone', (_event, details) => recovery.gone(details.reason));
  contents.on('unresponsive', () => recovery.unresponsive());
  contents.on('responsive', () => recovery.responsive());
  window.once('closed', () => recovery.dispose());
  return recovery;
}
