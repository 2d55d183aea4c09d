import { contextBridge, ipcRenderer } from 'electron';
import { ipcChannels, ipcEvents } from '../shared/ipc/channels';
import type { GmApi, GmEvents } from '../shared/ipc/contract';

// The renderer gets named functions only, never ipcRenderer itself; main validates every payload.
const gm = {
  getAppInfo: () => ipcRenderer.invoke(ipcChannels.getAppInfo),
  saveExport: (request) => ipcRenderer.invoke(ipcChannels.saveExport, request),
  showInFolder: (request) => ipcRenderer.invoke(ipcChannels.showInFolder, request),
  pickImportFile: (request) => ipcRenderer.invoke(ipcChannels.pickImportFile, request),
  writeBackup: (request) => ipcRenderer.invoke(ipcChannels.writeBackup, request),
  listBackups: () => ipcRenderer.invoke(ipcChannels.listBackups),
  readBackup: (request) => ipcRenderer.invoke(ipcChannels.readBackup, request),
  findNewestIntactBackup: () => ipcRenderer.invoke(ipcChannels.findNewestIntactBackup),
  openPlayerView: () => ipcRenderer.invoke(ipcChannels.openPlayerView),
  choosePlayerPlacement: (request) => ipcRenderer.invoke(ipcChannels.choosePlayerPlacement, request),
  savePlayerPlacement: (request) => ipcRenderer.invoke(ipcChannels.savePlayerPlacement, request),
  setMenu: (request) => ipcRenderer.invoke(ipcChannels.setMenu, request),
} satisfies GmApi;

const events = {
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
} satisfies GmEvents;

contextBridge.exposeInMainWorld('gm', { ...gm, ...events });
