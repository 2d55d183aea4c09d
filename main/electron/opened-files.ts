import { app, type BrowserWindow } from 'electron';
import { ipcEvents } from '../../shared/ipc/channels';
import { isOpenable, openedFilePaths, type LaunchContext } from '../services/opened-files/opened-file-arguments';
import { createOpenedFiles, type OpenedFiles } from '../services/opened-files/opened-files';

/** How this app was started, with the working directory of the launch whose argv is read. */
export function launchContext(cwd: string): LaunchContext {
  return { cwd, platform: process.platform, defaultApp: Boolean(process.defaultApp) };
}

/**
 * Files opened with the app (Electron glue; the logic is main/services/opened-files/): this
 * launch's own at once, then macOS's open-file events — registered now, since macOS sends them
 * before 'ready' when a double-click starts the app. `opened` brings the GM window forward (or
 * opens it) for a file that arrives while the app runs.
 */
export function collectOpenedFiles(gmWindow: () => BrowserWindow | null, opened: () => void): OpenedFiles {
  const files = createOpenedFiles({
    notify: () => {
      const window = gmWindow();
      // A page still loading misses the event, but it takes the waiting files as it starts.
      if (window && !window.isDestroyed()) window.webContents.send(ipcEvents.fileOpened);
    },
  });
  files.add(openedFilePaths(process.argv, launchContext(process.cwd())));
  app.on('open-file', (event, path) => {
    event.preventDefault();
    if (!isOpenable(path)) return;
    files.add([path]);
    if (app.isReady()) opened();
  });
  return files;
}
