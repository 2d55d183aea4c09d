import { app, BrowserWindow } from 'electron';
import { registerIpcHandlers } from './electron/ipc';
import { backupFinished, holdCloseForQuitBackup } from './electron/quit-backup';
import { createMainWindow, createTrustedUrlCheck, hardenSession, rendererUrl } from './electron/window';

// A separate data folder (tests, or a GM keeping campaigns apart) must be set before anything reads it.
const dataDirectoryOverride = process.env.GM_SCREEN_DATA_DIR;
if (dataDirectoryOverride) app.setPath('userData', dataDirectoryOverride);

// One GM Screen at a time: a second launch focuses the open window instead of
// opening a second writer on the same database.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    const [window] = BrowserWindow.getAllWindows();
    if (window) {
      if (window.isMinimized()) window.restore();
      window.focus();
    }
  });

  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });

  void app.whenReady().then(() => {
    hardenSession();
    registerIpcHandlers(createTrustedUrlCheck(rendererUrl()), backupFinished);
    holdCloseForQuitBackup(createMainWindow());
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) holdCloseForQuitBackup(createMainWindow());
    });
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
}
