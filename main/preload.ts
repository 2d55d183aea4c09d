import { contextBridge, ipcRenderer } from 'electron';
import { ipcChannels } from '../shared/ipc/channels';
import type { GmApi } from '../shared/ipc/contract';

// The renderer gets named functions only, never ipcRenderer itself.
const gm = {
  getAppInfo: () => ipcRenderer.invoke(ipcChannels.getAppInfo),
} satisfies GmApi;

contextBridge.exposeInMainWorld('gm', gm);
