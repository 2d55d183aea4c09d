import { BrowserWindow } from 'electron';
import type { PreferencesFile } from '../services/files/preferences';
import { MIN_PLAYER_HEIGHT, MIN_PLAYER_WIDTH } from '../services/player-window/placement';
import { createPlacementStore } from '../services/player-window/placement-store';
import {
  createPlayerWindowController,
  type PlayerWindowController,
} from '../services/player-window/player-window-controller';
import { createTrustedUrlCheck } from '../services/security';
import { connectedDisplays } from './displays';
import { createConsoleMessageLogger } from '../services/logging/console-messages';
import { appLog } from './app-log';
import { watchRendererRecovery } from './recovery';
import { HARDENED_WEB_PREFERENCES, keepOnOwnPage, playerPageUrl } from './window';

/**
 * The player view's window (Electron glue; the logic is main/services/player-window/): player.html
 * from the GM window's own origin, with no preload at all — the player page needs nothing from
 * main and must never get the GM's API — sandboxed, kept on its own page, reloaded when its page
 * crashes or hangs (main/electron/recovery.ts).
 */
export function createPlayerWindows(preferences: PreferencesFile): PlayerWindowController {
  const url = playerPageUrl();
  const isTrusted = createTrustedUrlCheck(url);
  return createPlayerWindowController({
    displays: connectedDisplays,
    store: createPlacementStore(preferences, 'playerWindow'),
    log: (message) => appLog().error(message),
    schedule: (callback, ms) => {
      const timer = setTimeout(callback, ms);
      return () => clearTimeout(timer);
    },
    create(placement, listeners) {
      const window = new BrowserWindow({
        ...placement.bounds,
        minWidth: MIN_PLAYER_WIDTH,
        minHeight: MIN_PLAYER_HEIGHT,
        fullscreen: placement.fullScreen,
        show: false,
        backgroundColor: '#15130f',
        title: 'GM Screen — Player view',
        autoHideMenuBar: true,
        // No preload: the player page needs nothing of main and never gets the GM's API.
        webPreferences: { ...HARDENED_WEB_PREFERENCES },
      });
      window.once('ready-to-show', () => window.show());
      // Links leave for the system browser after the same check as the GM window's; a refusal is logged as the player view's.
      keepOnOwnPage(window, isTrusted, (message) => appLog().warn(`Player view: ${message}`));
      window.on('move', () => listeners.changed());
      window.on('resize', () => listeners.changed());
      window.on('enter-full-screen', () => listeners.changed());
      window.on('leave-full-screen', () => listeners.changed());
      window.on('close', () => listeners.closing());
      window.once('closed', () => listeners.closed());
      // The page has no preload to report its errors with: main reads its console (errors, warnings) into the log.
      const logConsole = createConsoleMessageLogger({ logger: appLog(), source: 'player' });
      window.webContents.on('console-message', (details) => logConsole(details));
      // A crashed or hung player page is reloaded (asking the GM after repeated crashes), as the GM window's is.
      watchRendererRecovery(window, 'player', () => window.close());
      void window.loadURL(url);
      return window;
    },
  });
}
