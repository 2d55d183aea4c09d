/**
 * The update service as the contract sees it, for the Electron shell (main/electron/updates.ts):
 * the checks choice read from preferences.json at start and written there when the GM changes it,
 * and every answer and change of state as an UpdateStatus with its Settings line. Plain Node.
 */
import type { UpdateActionResponse, UpdateStatus } from '../../../shared/ipc/update-status';
import type { PreferencesFile } from '../files/preferences';
import { createUpdateService, type UpdateActionResult, type UpdateService, type UpdaterLike } from './update-service';
import { describeUpdateState } from './update-summary';

/** The key in preferences.json; absent or damaged means on. */
export const UPDATE_CHECKS_PREFERENCE = 'updateChecks';

interface CommonOptions {
  readonly preferences: PreferencesFile;
  readonly isOnline: () => boolean;
  readonly now: () => number;
  readonly schedule: (callback: () => void, ms: number) => () => void;
  readonly log: (message: string) => void;
}

/** electron-updater's AppUpdater, or none with the reason this copy cannot update (update-availability.ts). */
export type UpdateControllerOptions = CommonOptions & ({ readonly updater: UpdaterLike } | { readonly updater: null; readonly unavailableReason: string });

export interface UpdateController {
  status(): UpdateStatus;
  check(): Promise<UpdateActionResponse>;
  download(): Promise<UpdateActionResponse>;
  install(request: { encounterOpen: boolean }): UpdateActionResponse;
  setChecks(request: { enabled: boolean }): Promise<UpdateActionResponse>;
  /** Hears every change of state (a download's progress included); returns the function that stops it. */
  subscribe(listener: (status: UpdateStatus) => void): () => void;
  /** Schedules the first check (never at once: the GM window comes first). */
  start(): void;
  dispose(): void;
}

/** Reads the checks choice (on unless the GM turned it off), then builds the service around it. */
export async function createUpdateController(options: UpdateControllerOptions): Promise<UpdateController> {
  const stored = (await options.preferences.read())[UPDATE_CHECKS_PREFERENCE];
  const settings = { checksEnabled: typeof stored === 'boolean' ? stored : true };
  const common = { isOnline: options.isOnline, now: options.now, settings, schedule: options.schedule, log: options.log };
  const service: UpdateService =
    options.updater === null
      ? createUpdateService({ ...common, updater: null, unavailableReason: options.unavailableReason })
      : createUpdateService({ ...common, updater: options.updater });

  function status(): UpdateStatus {
    const state = service.state();
    const checkedAt = service.lastCheckedAt();
    return {
      state,
      lastCheckedAt: checkedAt === undefined ? null : new Date(checkedAt).toISOString(),
      checksEnabled: state.kind !== 'unavailable' && settings.checksEnabled,
      summary: describeUpdateState(state, checkedAt, options.now()),
    };
  }

  function answer(result: UpdateActionResult): UpdateActionResponse {
    return result.status === 'done' ? { status: 'done', update: status() } : { status: 'refused', message: result.message, update: status() };
  }

  async function setChecks({ enabled }: { enabled: boolean }): Promise<UpdateActionResponse> {
    const state = service.state();
    if (state.kind === 'unavailable') return { status: 'refused', message: state.reason, update: status() };
    service.setChecksEnabled(enabled);
    // Turned back on: a check follows after the same delay as at start; turned off, the pending one was cancelled.
    if (enabled) service.start();
    try {
      await options.preferences.update({ [UPDATE_CHECKS_PREFERENCE]: enabled });
    } catch (error) {
      // The choice holds for this session; preferences are a convenience, never a reason to fail.
      options.log(`The update checks choice could not be saved: ${error instanceof Error ? error.message : String(error)}`);
    }
    return { status: 'done', update: status() };
  }

  return {
    status,
    check: async () => answer(await service.check()),
    download: async () => answer(await service.download()),
    install: ({ encounterOpen }) => answer(service.install(encounterOpen)),
    setChecks,
    subscribe: (listener) => service.subscribe(() => listener(status())),
    start: () => service.start(),
    dispose: () => service.dispose(),
  };
}
