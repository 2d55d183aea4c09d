import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { app, net, type WebContents } from 'electron';
import { ipcEvents } from '../../shared/ipc/channels';
import { appLog } from './app-log';
import type { PreferencesFile } from '../services/files/preferences';
import { commonJsExports } from '../services/updates/common-js-exports';
import { updateUnavailableReason } from '../services/updates/update-availability';
import { createUpdateController, type UpdateController } from '../services/updates/update-controller';
import type { UpdaterLike } from '../services/updates/update-service';

/**
 * Updates in the Electron shell (the logic is main/services/updates/): electron-updater's
 * autoUpdater, whose feed is the app-update.yml electron-builder writes from `publish`, net.isOnline,
 * and every change of state sent to the GM window so Settings follows a download live.
 */
export interface ElectronUpdates {
  /** The controller, made at the first need: a Settings question or start(). */
  readonly controller: () => Promise<UpdateController>;
  /** After the GM window shows: the first check is scheduled (15 s later), never during start-up. */
  start(): void;
  /** The app is quitting: a scheduled check is cancelled. */
  dispose(): void;
}

async function fileExists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

/** Loaded only in the installed app and only when needed: starting GM Screen does not wait for electron-updater. */
async function loadAutoUpdater(): Promise<UpdaterLike> {
  // electron-updater is CommonJS: Node's import() has its autoUpdater on the default export only.
  const { autoUpdater } = commonJsExports(await import('electron-updater'));
  return autoUpdater;
}

export function createElectronUpdates(
  preferences: PreferencesFile,
  gmContents: () => WebContents | null,
): ElectronUpdates {
  let made: Promise<UpdateController> | null = null;
  let disposed = false;

  async function make(): Promise<UpdateController> {
    const feedFileExists = app.isPackaged && (await fileExists(join(process.resourcesPath, 'app-update.yml')));
    const reason = updateUnavailableReason({ isPackaged: app.isPackaged, feedFileExists });
    const common = {
      preferences,
      isOnline: () => net.isOnline(),
      now: () => Date.now(),
      schedule: (callback: () => void, ms: number) => {
        const timer = setTimeout(callback, ms);
        return () => clearTimeout(timer);
      },
      log: (message: string) => appLog().warn(message),
    };
    const controller =
      reason === null
        ? await createUpdateController({ ...common, updater: await loadAutoUpdater() })
        : await createUpdateController({ ...common, updater: null, unavailableReason: reason });
    controller.subscribe((status) => {
      const contents = gmContents();
      if (contents && !contents.isDestroyed()) contents.send(ipcEvents.updateStatusChanged, status);
    });
    return controller;
  }

  const controller = () => (made ??= make());
  return {
    controller,
    start() {
      void controller()
        .then((updates) => {
          if (!disposed) updates.start();
        })
        .catch((error: unknown) => appLog().error(`Updates could not start: ${String(error)}`));
    },
    dispose() {
      disposed = true;
      void made?.then((updates) => updates.dispose()).catch(() => undefined);
    },
  };
}
