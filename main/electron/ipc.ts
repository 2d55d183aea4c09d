import { extname, join } from 'node:path';
import { app, BrowserWindow, dialog, ipcMain, shell, type OpenDialogOptions, type SaveDialogOptions } from 'electron';
import {
  ipcContract,
  type BackupReason,
  type IpcMethod,
  type IpcResponse,
  type OpenPlayerViewResponse,
} from '../../shared/ipc/contract';
import type { AppMenuController } from '../services/app-menu-controller';
import type { AppLogger } from '../services/logging/app-logger';
import { openLogFolder } from '../services/logging/log-folder';
import { logRendererError } from '../services/logging/renderer-errors';
import { createAppInfo } from '../services/app-info';
import { exportFormatFiles } from '../services/exports/export-store';
import { createFileServices } from '../services/file-services';
import { createPreferencesFile } from '../services/files/preferences';
import { createPlacementStore } from '../services/player-window/placement-store';
import { createIpcHandler, type IpcImplementation } from '../services/ipc/ipc-handler';
import type { UpdateIpcImplementation } from '../services/updates/update-ipc';

const importFilters: Record<'encounter' | 'bestiary', string> = {
  encounter: 'GM Screen encounter (JSON)',
  bestiary: 'GM Screen bestiary (JSON)',
};

/** Dialogs belong to the window the GM is using, so they open over it. */
function showSaveDialog(options: SaveDialogOptions) {
  const parent = BrowserWindow.getFocusedWindow();
  return parent ? dialog.showSaveDialog(parent, options) : dialog.showSaveDialog(options);
}
function showOpenDialog(options: OpenDialogOptions) {
  const parent = BrowserWindow.getFocusedWindow();
  return parent ? dialog.showOpenDialog(parent, options) : dialog.showOpenDialog(options);
}

/**
 * Registers one handler per contract entry; each validates its sender and payload. The file
 * methods are main/services' plain-Node file services with Electron's dialogs and folder window;
 * `onBackupFinished` hears every writeBackup, saved or failed (the quit backup waits for it);
 * `windows` answers for files opened with the app and the GM window's recovery notice (main/index.ts);
 * `openPlayerView` opens or focuses the player view window (main/electron/player-window.ts);
 * `setMenu` puts the GM page's commands in the application menu (main/electron/menu.ts);
 * `logger` is the log file the pages' errors go to (main/services/logging/);
 * `updates` answers the update methods (main/services/updates/update-ipc.ts).
 * Returns what the app does on quitting: drop the exports still being written.
 */
export function registerIpcHandlers(
  isTrustedSender: (url: string) => boolean,
  onBackupFinished: (reason: BackupReason) => void,
  openPlayerView: () => Promise<OpenPlayerViewResponse>,
  windows: {
    takeOpenedFile(): Promise<IpcResponse<'takeOpenedFile'>>;
    takeRecoveryNotice(): IpcResponse<'takeRecoveryNotice'>;
  },
  menu: AppMenuController,
  logger: AppLogger,
  updates: UpdateIpcImplementation,
): { abortOpenExports(): Promise<void> } {
  const dataDirectory = app.getPath('userData');
  const placements = createPlacementStore(
    createPreferencesFile(join(dataDirectory, 'preferences.json')),
    'playerWindow',
  );
  const { abortOpenExports, ...files } = createFileServices({
    dataDirectory,
    chooseSavePath: async ({ defaultPath, format }) => {
      const { extension, filterName } = exportFormatFiles[format];
      const answer = await showSaveDialog({ defaultPath, filters: [{ name: filterName, extensions: [extension] }] });
      if (answer.canceled || !answer.filePath) return null;
      // Some Linux dialogs return the name as typed: a report without its extension would open in nothing.
      return extname(answer.filePath) ? answer.filePath : `${answer.filePath}.${extension}`;
    },
    chooseOpenPath: async (kind) => {
      const answer = await showOpenDialog({
        properties: ['openFile'],
        filters: [
          { name: importFilters[kind], extensions: ['json'] },
          { name: 'All files', extensions: ['*'] },
        ],
      });
      return answer.canceled ? null : (answer.filePaths[0] ?? null);
    },
    revealInFolder: (path) => shell.showItemInFolder(path),
    now: () => new Date(),
  });
  const implementation: IpcImplementation = {
    getAppInfo: () =>
      createAppInfo(
        {
          name: app.getName(),
          version: app.getVersion(),
          platform: process.platform,
          dataDirectory,
        },
        process.versions,
      ),
    ...files,
    writeBackup: async (request) => {
      try {
        return await files.writeBackup(request);
      } finally {
        onBackupFinished(request.reason);
      }
    },
    takeOpenedFile: () => windows.takeOpenedFile(),
    takeRecoveryNotice: () => windows.takeRecoveryNotice(),
    openPlayerView,
    choosePlayerPlacement: ({ displays }) => placements.choose(displays),
    savePlayerPlacement: (placement) => placements.save(placement),
    setMenu: (model) => menu.show(model),
    logRendererError: (report) => logRendererError(logger, report),
    openLogFolder: () => openLogFolder(logger.folder, (path) => shell.openPath(path)),
    // The update controller (main/electron/updates.ts): status, check, download, install, the checks choice.
    ...updates,
  };
  for (const method of Object.keys(ipcContract) as IpcMethod[]) {
    ipcMain.handle(ipcContract[method].channel, createIpcHandler(method, implementation[method], isTrustedSender));
  }
  return { abortOpenExports };
}
