import { contextBridge, ipcRenderer } from 'electron';
import { ipcChannels, ipcEvents } from '../shared/ipc/channels';
import type { GmApi, GmEvents } from '../shared/ipc/contract';
import type { UpdateStatus } from '../shared/ipc/update-status';

// The renderer gets named functions only, never ipcRenderer itself; main validates every payload.
const gm = {
  getAppInfo: () => ipcRenderer.invoke(ipcChannels.getAppInfo),
  saveExport: (request) => ipcRenderer.invoke(ipcChannels.saveExport, request),
  beginExport: (request) => ipcRenderer.invoke(ipcChannels.beginExport, request),
  appendExport: (request) => ipcRenderer.invoke(ipcChannels.appendExport, request),
  finishExport: (request) => ipcRenderer.invoke(ipcChannels.finishExport, request),
  abortExport: (request) => ipcRenderer.invoke(ipcChannels.abortExport, request),
  showInFolder: (request) => ipcRenderer.invoke(ipcChannels.showInFolder, request),
  pickImportFile: (request) => ipcRenderer.invoke(ipcChannels.pickImportFile, request),
  takeOpenedFile: () => ipcRenderer.invoke(ipcChannels.takeOpenedFile),
  takeRecoveryNotice: () => ipcRenderer.invoke(ipcChannels.takeRecoveryNotice),
  writeBackup: (request) => ipcRenderer.invoke(ipcChannels.writeBackup, request),
  listBackups: () => ipcRenderer.invoke(ipcChannels.listBackups),
  readBackup: (request) => ipcRenderer.invoke(ipcChannels.readBackup, request),
  findNewestIntactBackup: () => ipcRenderer.invoke(ipcChannels.findNewestIntactBackup),
  openPlayerView: () => ipcRenderer.invoke(ipcChannels.openPlayerView),
  choosePlayerPlacement: (request) => ipcRenderer.invoke(ipcChannels.choosePlayerPlacement, request),
  savePlayerPlacement: (request) => ipcRenderer.invoke(ipcChannels.savePlayerPlacement, request),
  setMenu: (request) => ipcRenderer.invoke(ipcChannels.setMenu, request),
  logRendererError: (request) => ipcRenderer.invoke(ipcChannels.logRendererError, request),
  openLogFolder: () => ipcRenderer.invoke(ipcChannels.openLogFolder),
  getUpdateStatus: () => ipcRenderer.invoke(ipcChannels.getUpdateStatus),
  checkForUpdates: () => ipcRenderer.invoke(ipcChannels.checkForUpdates),
  downloadUpdate: () => ipcRenderer.invoke(ipcChannels.downloadUpdate),
  installUpdate: (request) => ipcRenderer.invoke(ipcChannels.installUpdate, request),
  setUpdateChecks: (request) => ipcRenderer.invoke(ipcChannels.setUpdateChecks, request),
} satisfies GmApi;

const events = {
  onFileOpened: (handler) => {
    const listener = () => handler();
    ipcRenderer.on(ipcEvents.fileOpened, listener);
    return () => ipcRenderer.off(ipcEvents.fileOpened, listener);
  },
  onQuitBackupRequested: (handler) => {
    const listener = () => handler();
    ipcRenderer.on(ipcEvents.quitBackupRequested, listener);
    return () => ipcRenderer.off(ipcEvents.quitBackupRequested, listener);
  },
  onMenuCommand: (handler) => {
    // Only the id crosses: the renderer runs it through its command registry, which knows every id.
    const listener = (_event: unknown, id: unknown) => {
      if (typeof id === 'string') handler(id);
    };
    ipcRenderer.on(ipcEvents.menuCommand, listener);
    return () => ipcRenderer.off(ipcEvents.menuCommand, listener);
  },
  onUpdateStatus: (handler) => {
    // Main sends only statuses its update controller built (main/electron/updates.ts).
    const listener = (_event: unknown, status: unknown) => {
      if (typeof status === 'object' && status !== null) handler(status as UpdateStatus);
    };
    ipcRenderer.on(ipcEvents.updateStatusChanged, listener);
    return () => ipcRenderer.off(ipcEvents.updateStatusChanged, listener);
  },
} satisfies GmEvents;

contextBridge.exposeInMainWorld('gm', { ...gm, ...events });
