/**
 * The one catalogue of IPC channels between the renderer and the main process.
 * Kept free of zod so the sandboxed preload bundle stays tiny.
 */
export const ipcChannels = {
  getAppInfo: 'gm:app:get-info',
  saveExport: 'gm:files:save-export',
  showInFolder: 'gm:files:show-in-folder',
  pickImportFile: 'gm:files:pick-import',
  writeBackup: 'gm:backups:write',
  listBackups: 'gm:backups:list',
  readBackup: 'gm:backups:read',
  findNewestIntactBackup: 'gm:backups:newest-intact',
  openPlayerView: 'gm:player:open',
  choosePlayerPlacement: 'gm:player:choose-placement',
  savePlayerPlacement: 'gm:player:save-placement',
  setMenu: 'gm:menu:set',
} as const;

export type IpcMethod = keyof typeof ipcChannels;

/** Messages main sends to the renderer (no answer expected on the same channel). */
export const ipcEvents = {
  /** The window is closing: take the quit backup now (answered by a writeBackup call with reason "quit"). */
  quitBackupRequested: 'gm:backups:quit-requested',
  /** The GM chose one of the renderer's commands in the application menu: run the command with this id. */
  menuCommand: 'gm:menu:command',
} as const;
