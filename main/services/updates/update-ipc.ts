/**
 * The contract's update methods for each shell: the Electron shell's call the update controller
 * (made lazily, see main/electron/updates.ts); the browser fallback's answer that updates come
 * with the desktop app, and never touch the network.
 */
import type { IpcImplementation } from '../ipc/ipc-handler';
import { BROWSER_UPDATE_REFUSAL, BROWSER_UPDATE_STATUS } from '../../../shared/ipc/browser-updates';
import type { UpdateController } from './update-controller';

export type UpdateIpcMethod = 'getUpdateStatus' | 'checkForUpdates' | 'downloadUpdate' | 'installUpdate' | 'setUpdateChecks';
export type UpdateIpcImplementation = Pick<IpcImplementation, UpdateIpcMethod>;

export function createUpdateIpcMethods(controller: () => Promise<UpdateController>): UpdateIpcImplementation {
  return {
    getUpdateStatus: async () => (await controller()).status(),
    checkForUpdates: async () => (await controller()).check(),
    downloadUpdate: async () => (await controller()).download(),
    installUpdate: async (request) => (await controller()).install(request),
    setUpdateChecks: async (request) => (await controller()).setChecks(request),
  };
}

export const BROWSER_UPDATE_IPC_METHODS: UpdateIpcImplementation = {
  getUpdateStatus: () => BROWSER_UPDATE_STATUS,
  checkForUpdates: () => BROWSER_UPDATE_REFUSAL,
  downloadUpdate: () => BROWSER_UPDATE_REFUSAL,
  installUpdate: () => BROWSER_UPDATE_REFUSAL,
  setUpdateChecks: () => BROWSER_UPDATE_REFUSAL,
};
