import type { UpdaterEvents, UpdaterLike } from './update-service';

type Listeners = { [E in keyof UpdaterEvents]: UpdaterEvents[E][] };

/**
 * An AppUpdater stand-in: records calls, and lets a test say what a check or a download does
 * (emit events, resolve, reject) — as electron-updater emits its events before its promise settles.
 */
export class FakeUpdater implements UpdaterLike {
  autoDownload = true;
  autoInstallOnAppQuit = true;
  checks = 0;
  downloads = 0;
  installs = 0;
  onCheck: (updater: FakeUpdater) => Promise<unknown> = async () => null;
  onDownload: (updater: FakeUpdater) => Promise<unknown> = async () => [];
  private readonly listeners: Listeners = {
    'update-available': [],
    'update-not-available': [],
    'download-progress': [],
    'update-downloaded': [],
    error: [],
  };

  on<E extends keyof UpdaterEvents>(event: E, listener: UpdaterEvents[E]): this {
    (this.listeners[event] as UpdaterEvents[E][]).push(listener);
    return this;
  }

  emit<E extends keyof UpdaterEvents>(event: E, ...args: Parameters<UpdaterEvents[E]>): void {
    for (const listener of this.listeners[event]) (listener as (...values: unknown[]) => void)(...args);
  }

  checkForUpdates(): Promise<unknown> {
    this.checks += 1;
    return this.onCheck(this);
  }

  downloadUpdate(): Promise<unknown> {
    this.downloads += 1;
    return this.onDownload(this);
  }

  quitAndInstall(): void {
    this.installs += 1;
  }
}

/** A network error as Node reports it. */
export function networkError(code: string): Error {
  return Object.assign(new Error(`connect ${code} 127.0.0.1:9`), { code });
}
