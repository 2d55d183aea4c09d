/**
 * The one catalogue of IPC channels between the renderer and the main process.
 * Kept free of zod so the sandboxed preload bundle stays tiny.
 */
export const ipcChannels = {
  getAppInfo: 'gm:app:get-info',
  saveExport: 'gm:files:save-export',
  beginExport: 'gm:files:begin-export',
  appendExport: 'gm:files:append-export',
  finishExport: 'gm:files:finish-export',
  abortExport: 'gm:files:abort-export',
  showInFolder: 'gm:files:show-in-folder',
  pickImportFile: 'gm:files:pick-import',
  takeOpenedFile: 'gm:files:take-opened',
  takeRecoveryNotice: 'gm:app:take-recovery-notice',
  writeBackup: 'gm:backups:write',
  listBackups: 'gm:backups:list',
  readBackup: 'gm:backups:read',
  findNewestIntactBackup: 'gm:backups:newest-intact',
  openPlayerView: 'gm:player:open',
  choosePlayerPlacement: 'gm:player:choose-placement',
  savePlayerPlacement: 'gm:player:save-placement',
  setMenu: 'gm:menu:set',
  logRendererError: 'gm:log:renderer-error',
  openLogFolder: 'gm:log:open-folder',
  getUpdateStatus: 'gm:updates:status',
  checkForUpdates: 'gm:updates:check',
  downloadUpdate: 'gm:updates:download',
  installUpdate: 'gm:updates:install',
  setUpdateChecks: 'gm:updates:set-checks',
} as const;

export type IpcMethod = keyof typeof ipcChannels;

/** Messages main sends to the renderer (no answer expected on the same channel). */
export const ipcEvents = {
  /** A file was opened with the running app: the GM window takes it (takeOpenedFile). */
  fileOpened: 'gm:files:opened',
  /** The window is closing: take the quit backup now (answered by a writeBackup call with reason "quit"). */
  quitBackupRequested: 'gm:backups:quit-requested',
  /** The GM chose one of the renderer's commands in the application menu: run the command with this id. */
  menuCommand: 'gm:menu:command',
  /** The update state changed (a check, a download's progress): Settings shows the new status. */
  updateStatusChanged: 'gm:updates:status-changed',
} as const;
