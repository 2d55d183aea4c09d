import { join } from 'node:path';
import { app, BrowserWindow, session } from 'electron';
import { createPreferencesFile } from './services/files/preferences';
import { openedFilePaths } from './services/opened-files/opened-file-arguments';
import type { PlayerWindowController } from './services/player-window/player-window-controller';
import type { RendererRecovery } from './services/renderer-recovery/renderer-recovery';
import { createGmWindowStateKeeper, type GmWindowStateKeeper } from './services/window-state/gm-window-state-keeper';
import { connectedDisplays } from './electron/displays';
import { registerIpcHandlers } from './electron/ipc';
import { createElectronUpdates } from './electron/updates';
import { createUpdateIpcMethods } from './services/updates/update-ipc';
import { clearMenuWithPage, installAppMenu } from './electron/menu';
import { logProcessErrors } from './services/logging/process-errors';
import { createPlayerWindows } from './electron/player-window';
import { collectOpenedFiles, launchContext } from './electron/opened-files';
import { backupFinished, holdCloseForQuitBackup } from './electron/quit-backup';
import { watchRendererRecovery } from './electron/recovery';
import { appLog } from './electron/app-log';
import { createMainWindow, createTrustedUrlCheck, hardenSession, rendererUrl } from './electron/window';

// A separate data folder (tests, or a GM keeping campaigns apart) must be set before anything reads it.
const dataDirectoryOverride = process.env.GM_SCREEN_DATA_DIR;
if (dataDirectoryOverride) app.setPath('userData', dataDirectoryOverride);

// Main's errors and the pages' go to <data>/logs/gm-screen.log (main/services/logging/), never to the network.
const logger = appLog();
logProcessErrors(process, logger);

// One GM Screen at a time: a second launch focuses the open window instead of
// opening a second writer on the same database.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let gmWindow: BrowserWindow | null = null;
  let playerView: PlayerWindowController | null = null;
  let gmWindowState: GmWindowStateKeeper | null = null;
  let exportsInProgress: { abortOpenExports(): Promise<void> } | null = null;
  let gmRecovery: RendererRecovery | null = null;
  let reopenGmWindow: (() => void) | null = null;

  // The GM window, never the player view: a second launch or an opened file means the GM wants their screen.
  const bringGmWindowForward = () => {
    if (gmWindow && !gmWindow.isDestroyed()) {
      if (gmWindow.isMinimized()) gmWindow.restore();
      gmWindow.focus();
    } else {
      reopenGmWindow?.();
    }
  };
  // Before 'ready': macOS hands a double-clicked file to a starting app that early.
  const openedFiles = collectOpenedFiles(() => gmWindow, bringGmWindowForward);

  app.on('second-instance', (_event, argv, workingDirectory) => {
    bringGmWindowForward();
    openedFiles.add(openedFilePaths(argv, launchContext(workingDirectory)));
  });

  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });

  void app.whenReady().then(() => {
    hardenSession();
    const preferences = createPreferencesFile(join(app.getPath('userData'), 'preferences.json'));
    const player = createPlayerWindows(preferences);
    // Made at the first need; the first check is scheduled once the GM window shows (never during start-up).
    const updates = createElectronUpdates(preferences, () => gmWindow?.webContents ?? null);
    app.on('will-quit', () => updates.dispose());
    // The shell's items at once; the GM page's commands join once it sends them (setMenu).
    const menu = installAppMenu(() => gmWindow, {
      togglePlayerFullScreen: () => void player.toggleFullScreen().then(logFailure),
    });
    const keeper = createGmWindowStateKeeper({
      preferences,
      displays: connectedDisplays,
      log: (message) => logger.error(message),
      schedule: (callback, ms) => {
        const timer = setTimeout(callback, ms);
        return () => clearTimeout(timer);
      },
    });
    gmWindowState = keeper;
    let openingGmWindow = false;
    const openGmWindow = async () => {
      // A second 'activate' while the saved place is being read must not make a second window.
      if (openingGmWindow) return;
      openingGmWindow = true;
      let window: BrowserWindow;
      try {
        window = createMainWindow(await keeper.choose(), (handle) => keeper.track(handle));
      } finally {
        openingGmWindow = false;
      }
      gmWindow = window;
      window.once('show', () => updates.start());
      const recovery = watchRendererRecovery(window, 'gm', () => app.quit());
      gmRecovery = recovery;
      holdCloseForQuitBackup(window);
      clearMenuWithPage(menu, window);
      // The player view belongs to this GM screen: it goes when the GM window goes (its placement saved).
      window.once('closed', () => {
        if (gmWindow === window) gmWindow = null;
        if (gmRecovery === recovery) gmRecovery = null;
        player.close();
      });
    };
    playerView = player;
    const windows = {
      takeOpenedFile: () => openedFiles.take(),
      takeRecoveryNotice: () => gmRecovery?.takeNotice() ?? null,
    };
    exportsInProgress = registerIpcHandlers(
      createTrustedUrlCheck(rendererUrl()),
      backupFinished,
      () => player.open(),
      windows,
      menu,
      logger,
      createUpdateIpcMethods(updates.controller),
    );
    reopenGmWindow = () => void openGmWindow();
    void openGmWindow();
    app.on('activate', () => {
      if (!gmWindow) void openGmWindow();
    });
  });

  // The windows' places are written as they close, often just before the app quits, and an export
  // cut short by the quit is dropped (no temporary file left beside its target): the quit waits for both.
  let placementWritten = false;
  app.on('will-quit', (event) => {
    if (placementWritten || (!playerView && !gmWindowState && !exportsInProgress)) return;
    event.preventDefault();
    void Promise.all([playerView?.flush(), gmWindowState?.flush(), exportsInProgress?.abortOpenExports()]).finally(() => {
      placementWritten = true;
      app.quit();
    });
  });

  // The start preview the screen keeps in localStorage (renderer/src/start-preview/) is written to
  // disk lazily by Chromium: flushed before the process ends, so the next start paints the last state.
  app.on('will-quit', () => session.defaultSession.flushStorageData());

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
}

function logFailure(answer: { status: string; message?: string }): void {
  if (answer.status === 'failed') logger.error(answer.message ?? 'A menu action failed.');
}
