import { app, ipcMain } from 'electron';
import { ipcContract, type IpcMethod } from '../../shared/ipc/contract';
import { createAppInfo } from '../services/app-info';
import { createIpcHandler, type IpcImplementation } from '../services/ipc-handler';

/** Registers one handler per contract entry; each validates its sender and payload. */
export function registerIpcHandlers(isTrustedSender: (url: string) => boolean): void {
  const implementation: IpcImplementation = {
    getAppInfo: () =>
      createAppInfo({
        name: app.getName(),
        version: app.getVersion(),
        platform: process.platform,
        dataDirectory: app.getPath('userData'),
      }),
  };
  for (const method of Object.keys(ipcContract) as IpcMethod[]) {
    ipcMain.handle(ipcContract[method].channel, createIpcHandler(method, implementation[method], isTrustedSender));
  }
}
