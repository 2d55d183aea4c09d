// `window.gm` for the browser fallback: the same contract as the desktop preload, carried to the
// same main services over the loopback bridge. Importing and downloading happen in the page.
import type { ExportFormat, GmApi, IpcMethod, IpcRequest, IpcResponse } from '../../../shared/ipc/contract';
import { BridgeError, createBridgeCaller, type Fetch } from './bridge-transport';
import { offerDownload, pickFileInPage, type DownloadHost } from './page-files';
import { createBrowserPlayerOpener, pagePopupHost, type PopupHost } from './player-window-browser';

export interface HttpGmHost extends DownloadHost {
  readonly fetch: Fetch;
  readonly popups: PopupHost;
}

function browserHost(): HttpGmHost {
  return {
    fetch: (input, init) => fetch(input, init),
    document,
    createObjectURL: (blob) => URL.createObjectURL(blob),
    revokeObjectURL: (url) => URL.revokeObjectURL(url),
    popups: pagePopupHost(),
  };
}

/** Methods whose answers have a `failed` status: a bridge problem becomes that answer, with its sentence. */
function orFailed<T>(call: Promise<T>): Promise<T | { status: 'failed'; message: string }> {
  return call.catch((error: unknown) => {
    if (error instanceof BridgeError) return { status: 'failed' as const, message: error.message };
    throw error;
  });
}

export function createHttpGm(token: string, host: HttpGmHost = browserHost()): GmApi {
  const post = createBridgeCaller(token, host.fetch);
  // The server validated the answer against the contract before sending it.
  const call = <M extends IpcMethod>(method: M, payload?: IpcRequest<M>) => post(method, payload) as Promise<IpcResponse<M>>;
  /** Exports written as they are made: the server saves each part, and the page keeps it (as a Blob) for the download. */
  const downloads = new Map<string, { fileName: string; format: ExportFormat; parts: Blob[] }>();
  return {
    getAppInfo: () => call('getAppInfo'),
    saveExport: (request) => {
      // Offered first, while the GM's click is still being handled: browsers may block a later one.
      offerDownload(host, request);
      return orFailed(call('saveExport', request));
    },
    beginExport: async (request) => {
      const answer = await orFailed(call('beginExport', request));
      if (answer.status === 'started') downloads.set(answer.exportId, { fileName: request.fileName, format: request.format, parts: [] });
      return answer;
    },
    appendExport: async (request) => {
      // One Blob per part (of its bytes: nothing to encode), sent as the body and kept for the download.
      const part = new Blob([request.content as Uint8Array<ArrayBuffer>], { type: 'text/plain;charset=utf-8' });
      downloads.get(request.exportId)?.parts.push(part);
      const answer = await orFailed(post('appendExport', { exportId: request.exportId, content: part }) as Promise<IpcResponse<'appendExport'>>);
      if (answer.status === 'failed') downloads.delete(request.exportId);
      return answer;
    },
    finishExport: async (request) => {
      const download = downloads.get(request.exportId);
      downloads.delete(request.exportId);
      const answer = await orFailed(call('finishExport', request));
      // Offered once the file is saved: a download of half an export is never offered.
      if (answer.status === 'saved' && download) offerDownload(host, { ...download, content: download.parts });
      return answer;
    },
    abortExport: (request) => {
      downloads.delete(request.exportId);
      return call('abortExport', request).catch(() => ({ status: 'aborted' as const }));
    },
    showInFolder: (request) => call('showInFolder', request),
    pickImportFile: ({ kind }) => pickFileInPage(host.document, kind),
    takeOpenedFile: () => orFailed(call('takeOpenedFile')),
    takeRecoveryNotice: () => call('takeRecoveryNotice'),
    writeBackup: (request) => orFailed(call('writeBackup', request)),
    listBackups: () => call('listBackups'),
    readBackup: (request) => orFailed(call('readBackup', request)),
    findNewestIntactBackup: () => call('findNewestIntactBackup'),
    // The page opens the player view itself (a server cannot), where the server's remembered placement says.
    openPlayerView: createBrowserPlayerOpener(host.popups, (displays) => call('choosePlayerPlacement', { displays })),
    choosePlayerPlacement: (request) => call('choosePlayerPlacement', request),
    savePlayerPlacement: (request) => orFailed(call('savePlayerPlacement', request)),
    setMenu: (request) => call('setMenu', request),
    logRendererError: (request) => orFailed(call('logRendererError', request)),
    openLogFolder: () => call('openLogFolder'),
    // The server answers that updates come with the desktop app; nothing here touches the network beyond it.
    getUpdateStatus: () => call('getUpdateStatus'),
    checkForUpdates: () => call('checkForUpdates'),
    downloadUpdate: () => call('downloadUpdate'),
    installUpdate: (request) => call('installUpdate', request),
    setUpdateChecks: (request) => call('setUpdateChecks', request),
  };
}
