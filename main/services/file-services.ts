import { join, resolve } from 'node:path';
import type { ExportFormat, ImportKind } from '../../shared/ipc/contract';
import { createBackupStore } from './backups/backup-store';
import { createExportStore } from './exports/export-store';
import { showInFolder } from './exports/show-in-folder';
import { createPreferencesFile } from './files/preferences';
import { pickImportFile } from './imports/pick-import-file';
import type { IpcImplementation } from './ipc/ipc-handler';

export interface FileServiceHost {
  readonly dataDirectory: string;
  /** Electron's save dialog; null in the browser fallback (exports then go to <data>/exports/). */
  readonly chooseSavePath: ((suggestion: { defaultPath: string; format: ExportFormat }) => Promise<string | null>) | null;
  /** Electron's open dialog; null in the browser fallback (the page picks files itself). */
  readonly chooseOpenPath: ((kind: ImportKind) => Promise<string | null>) | null;
  /** Electron's shell.showItemInFolder; null where no folder window can be opened. */
  readonly revealInFolder: ((path: string) => void) | null;
  readonly now: () => Date;
}

/**
 * Every file method of the IPC contract, in plain Node: the Electron main process and the browser
 * fallback's server each compose it with their own host. Expected failures come back as
 * `{ status: 'failed', message }` with the GM's sentence; only a backups folder that cannot be
 * listed throws (listBackups has no failed answer).
 */
/** The contract's file methods (every method but the app info and the player view's). */
export type FileServices = Omit<IpcImplementation, 'getAppInfo' | 'takeOpenedFile' | 'takeRecoveryNotice' | 'openPlayerView' | 'choosePlayerPlacement' | 'savePlayerPlacement' | 'setMenu' | 'logRendererError' | 'openLogFolder' | 'getUpdateStatus' | 'checkForUpdates' | 'downloadUpdate' | 'installUpdate' | 'setUpdateChecks'>;

/** What the shell does with the file services besides answering calls. */
export interface FileServicesLifecycle {
  /** Drops every export still being written (the app is quitting or the server closing). */
  readonly abortOpenExports: () => Promise<void>;
}

export function createFileServices(host: FileServiceHost): FileServices & FileServicesLifecycle {
  const backupsFolder = join(host.dataDirectory, 'backups');
  const backups = createBackupStore({ folder: backupsFolder, now: host.now });
  const exports = createExportStore({
    dataDirectory: host.dataDirectory,
    chooseSavePath: host.chooseSavePath,
    preferences: createPreferencesFile(join(host.dataDirectory, 'preferences.json')),
  });
  const writtenThisSession = new Set<string>();

  return {
    async saveExport(request) {
      const answer = await exports.save(request);
      if (answer.status === 'saved') writtenThisSession.add(resolve(answer.path));
      return answer;
    },
    beginExport: (request) => exports.begin(request),
    appendExport: ({ exportId, content }) => exports.append(exportId, content),
    async finishExport({ exportId }) {
      const answer = await exports.finish(exportId);
      if (answer.status === 'saved') writtenThisSession.add(resolve(answer.path));
      return answer;
    },
    abortExport: ({ exportId }) => exports.abort(exportId),
    abortOpenExports: () => exports.abortAll(),
    showInFolder: (request) => showInFolder(request, { backupsFolder, writtenThisSession, revealInFolder: host.revealInFolder }),
    pickImportFile: ({ kind }) => pickImportFile(kind, host.chooseOpenPath),
    async writeBackup(request) {
      const answer = await backups.write(request);
      if (answer.status === 'saved') writtenThisSession.add(resolve(backupsFolder, answer.backup.name));
      return answer;
    },
    listBackups: () => backups.list(),
    readBackup: ({ name }) => backups.read(name),
    findNewestIntactBackup: () => backups.findNewestIntact(),
  };
}
