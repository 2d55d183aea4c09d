import type { GmApi } from '../../../shared/ipc/contract';
import { MENU_NOT_SHOWN } from '../../../shared/ipc/limits';
import { BROWSER_UPDATE_REFUSAL, BROWSER_UPDATE_STATUS } from '../../../shared/ipc/browser-updates';
import { createBrowserPlayerOpener, pagePopupHost } from './player-window-browser';

/** Why a page served without GM Screen's own server (e.g. the Vite dev server) has no file services. */
export const NO_FILE_SERVER = "Files need GM Screen's own server: run `npm run web` or `npm start`.";

const failed = async () => ({ status: 'failed' as const, message: NO_FILE_SERVER });

/**
 * `window.gm` for a page served without the loopback bridge (the Vite dev server, a test page):
 * the same interface, with what a browser alone has: app info, and no files.
 */
export function createBrowserGm(version: string): GmApi {
  const noPlacement = () => Promise.reject(new Error(NO_FILE_SERVER));
  return {
    getAppInfo: async () => ({
      name: 'GM Screen',
      version,
      shell: 'browser',
      platform: navigator.platform || 'web',
      dataDirectory: null,
      versions: { app: version },
    }),
    saveExport: failed,
    beginExport: failed,
    appendExport: failed,
    finishExport: failed,
    abortExport: async () => ({ status: 'aborted' }),
    showInFolder: async (request) => ({ opened: false, path: 'path' in request ? request.path : '' }),
    pickImportFile: failed,
    // A browser page is never opened with files, nor reloaded by a shell.
    takeOpenedFile: async () => ({ status: 'none' }),
    takeRecoveryNotice: async () => null,
    writeBackup: failed,
    listBackups: async () => ({ folder: '', backups: [] }),
    readBackup: failed,
    findNewestIntactBackup: async () => null,
    // The player view opens all the same, at the browser's default place: nothing is remembered without the server.
    openPlayerView: createBrowserPlayerOpener(pagePopupHost(), noPlacement),
    choosePlayerPlacement: noPlacement,
    savePlayerPlacement: failed,
    setMenu: async () => ({ status: 'not-shown', message: MENU_NOT_SHOWN }),
    // No server, no log file: the page's errors stay in its console.
    logRendererError: failed,
    openLogFolder: async () => ({ opened: false, path: '' }),
    // A page updates with the project's files: it never checks, and says so (the same answers as the server's).
    getUpdateStatus: async () => BROWSER_UPDATE_STATUS,
    checkForUpdates: async () => BROWSER_UPDATE_REFUSAL,
    downloadUpdate: async () => BROWSER_UPDATE_REFUSAL,
    installUpdate: async () => BROWSER_UPDATE_REFUSAL,
    setUpdateChecks: async () => BROWSER_UPDATE_REFUSAL,
  };
}
