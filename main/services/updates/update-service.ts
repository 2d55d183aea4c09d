/**
 * The update service: electron-updater behind the state machine, with the GM in charge. It never
 * checks during start-up (the first check waits FIRST_CHECK_DELAY_MS), stays quiet offline, downloads
 * only when asked, never installs during an open encounter, and can be turned off. A copy that
 * cannot update itself (run from the checkout, no feed) is built with no updater and stays
 * `unavailable` with its reason.
 *
 * Wired by update-controller.ts (preferences, the status the contract answers) and, in Electron,
 * main/electron/updates.ts (the AppUpdater, net.isOnline). Everything here is plain Node, tested
 * against a fake updater and a real feed on 127.0.0.1.
 */
import { describeUpdateError, isNetworkUnavailable, type UpdateStage } from './update-errors';
import { IDLE, nextUpdateState, type UpdateEvent, type UpdateState, type UpdateTransition } from './update-state';

/** The AppUpdater events the service listens to, with the parts of their payloads it reads. */
export interface UpdaterEvents {
  'update-available': (info: { version: string }) => void;
  'update-not-available': (info: unknown) => void;
  'download-progress': (progress: { percent: number }) => void;
  'update-downloaded': (info: unknown) => void;
  error: (error: unknown) => void;
}

/** The parts of electron-updater's AppUpdater the service uses; a plain object in tests. */
export interface UpdaterLike {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  checkForUpdates(): Promise<unknown>;
  downloadUpdate(): Promise<unknown>;
  quitAndInstall(): void;
  // One overload per event (not one generic signature), so electron-updater's AppUpdater, whose events are a superset, fits as it is.
  on(event: 'update-available', listener: UpdaterEvents['update-available']): unknown;
  on(event: 'update-not-available', listener: UpdaterEvents['update-not-available']): unknown;
  on(event: 'download-progress', listener: UpdaterEvents['download-progress']): unknown;
  on(event: 'update-downloaded', listener: UpdaterEvents['update-downloaded']): unknown;
  on(event: 'error', listener: UpdaterEvents['error']): unknown;
}

export interface UpdateSettings {
  checksEnabled: boolean;
}

interface CommonOptions {
  /** Electron's net.isOnline(); asked before every check. */
  isOnline: () => boolean;
  /** Date.now, for the time of the last finished check. */
  now: () => number;
  settings: UpdateSettings;
  /** setTimeout; returns the function that cancels it. */
  schedule: (callback: () => void, ms: number) => () => void;
  /** Told of every refused transition (a late updater event, a second click): worth a log line, nothing more. */
  log?: (message: string) => void;
}

export type UpdateServiceOptions = CommonOptions &
  (
    | { updater: UpdaterLike }
    /** No updater: this copy cannot update itself, and `unavailableReason` says why in one sentence. */
    | { updater: null; unavailableReason: string }
  );

export type UpdateActionResult = { readonly status: 'done'; readonly state: UpdateState } | { readonly status: 'refused'; readonly message: string; readonly state: UpdateState };

export interface UpdateService {
  /** Schedules the first check; nothing happens synchronously. */
  start(): void;
  check(): Promise<UpdateActionResult>;
  download(): Promise<UpdateActionResult>;
  /** Quits and installs a downloaded update, unless an encounter is open. */
  install(encounterOpen: boolean): UpdateActionResult;
  setChecksEnabled(enabled: boolean): UpdateState;
  state(): UpdateState;
  /** When the last check finished (found, none, offline or failed); undefined before the first. */
  lastCheckedAt(): number | undefined;
  /** Called on every change of state; returns the function that stops it. */
  subscribe(listener: (state: UpdateState) => void): () => void;
  /** Cancels the scheduled first check (the app is quitting). */
  dispose(): void;
}

/** Long enough for the GM window to be up and the GM at work before any network traffic. */
export const FIRST_CHECK_DELAY_MS = 15_000;

export const INSTALL_REFUSED_DURING_ENCOUNTER = 'Installing restarts GM Screen: close the open encounter first, then install.';

export function createUpdateService(options: UpdateServiceOptions): UpdateService {
  if (options.updater === null) return createUnavailableService(options.unavailableReason);
  const { updater, isOnline, now, settings, schedule } = options;
  const log = options.log ?? (() => {});
  // The GM decides when to download and when to install.
  updater.autoDownload = false;
  updater.autoInstallOnAppQuit = false;

  let current: UpdateState = settings.checksEnabled ? IDLE : { kind: 'disabled' };
  let checkedAt: number | undefined;
  let cancelFirstCheck: (() => void) | undefined;
  const listeners = new Set<(state: UpdateState) => void>();

  /** `finishesCheck`: the event ends a check, so its time is set before listeners hear the new state. */
  function apply(event: UpdateEvent, finishesCheck = false): UpdateTransition {
    const transition = nextUpdateState(current, event);
    if (!transition.ok) {
      log(`Update event ${event.type} ignored in state ${current.kind}: ${transition.reason}`);
      return transition;
    }
    if (finishesCheck) checkedAt = now();
    const changed = transition.state !== current;
    current = transition.state;
    if (changed) for (const listener of listeners) listener(current);
    return transition;
  }

  function result(transition: UpdateTransition): UpdateActionResult {
    return transition.ok ? { status: 'done', state: transition.state } : { status: 'refused', message: transition.reason, state: transition.state };
  }

  function applyError(error: unknown, stage: UpdateStage): void {
    const wasChecking = current.kind === 'checking';
    apply(isNetworkUnavailable(error) ? { type: 'network-unavailable' } : { type: 'failed', message: describeUpdateError(error, stage) }, wasChecking);
  }

  updater.on('update-available', (info) => apply({ type: 'update-found', version: info.version }, true));
  updater.on('update-not-available', () => apply({ type: 'no-update' }, true));
  updater.on('download-progress', (progress) => apply({ type: 'progress', percent: progress.percent }));
  updater.on('update-downloaded', () => apply({ type: 'downloaded' }));
  // electron-updater both emits 'error' and rejects; whichever comes second is refused by the machine.
  updater.on('error', (error) => applyError(error, current.kind === 'downloading' ? 'download' : 'check'));

  async function check(): Promise<UpdateActionResult> {
    const started = apply({ type: 'check-requested' });
    if (!started.ok) return result(started);
    if (!isOnline()) return result(apply({ type: 'network-unavailable' }, true));
    try {
      await updater.checkForUpdates();
      // A resolved check that reported nothing (an updater not active in a dev build answers null) found nothing.
      if (current.kind === 'checking') apply({ type: 'no-update' }, true);
    } catch (error) {
      if (current.kind === 'checking') applyError(error, 'check');
    }
    return { status: 'done', state: current };
  }

  async function download(): Promise<UpdateActionResult> {
    const started = apply({ type: 'download-requested' });
    if (!started.ok) return result(started);
    try {
      await updater.downloadUpdate();
    } catch (error) {
      if (current.kind === 'downloading') applyError(error, 'download');
    }
    return { status: 'done', state: current };
  }

  function install(encounterOpen: boolean): UpdateActionResult {
    if (current.kind !== 'ready') return { status: 'refused', message: 'No update is downloaded and ready to install.', state: current };
    if (encounterOpen) return { status: 'refused', message: INSTALL_REFUSED_DURING_ENCOUNTER, state: current };
    updater.quitAndInstall();
    return { status: 'done', state: current };
  }

  function setChecksEnabled(enabled: boolean): UpdateState {
    settings.checksEnabled = enabled;
    if (!enabled) {
      cancelFirstCheck?.();
      // Cleared, so start() can schedule again once checks are back on.
      cancelFirstCheck = undefined;
    }
    apply({ type: enabled ? 'checks-enabled' : 'checks-disabled' });
    return current;
  }

  function start(): void {
    if (cancelFirstCheck !== undefined || !settings.checksEnabled) return;
    cancelFirstCheck = schedule(() => {
      cancelFirstCheck = undefined;
      check().catch((error: unknown) => log(`The first update check stopped: ${String(error)}`));
    }, FIRST_CHECK_DELAY_MS);
  }

  return {
    start,
    check,
    download,
    install,
    setChecksEnabled,
    state: () => current,
    lastCheckedAt: () => checkedAt,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      cancelFirstCheck?.();
      cancelFirstCheck = undefined;
    },
  };
}

/**
 * A copy that cannot update: every check and download is refused with the reason (by the state
 * machine, like any refusal); turning checks on or off changes nothing.
 */
function createUnavailableService(reason: string): UpdateService {
  const state: UpdateState = { kind: 'unavailable', reason };
  const refusal = (event: UpdateEvent): UpdateActionResult => {
    const transition = nextUpdateState(state, event);
    return transition.ok ? { status: 'done', state } : { status: 'refused', message: transition.reason, state };
  };
  return {
    start: () => {},
    check: async () => refusal({ type: 'check-requested' }),
    download: async () => refusal({ type: 'download-requested' }),
    install: () => ({ status: 'refused', message: reason, state }),
    // Nothing to turn on or off: the choice is the installed app's, not this copy's.
    setChecksEnabled: () => state,
    state: () => state,
    lastCheckedAt: () => undefined,
    subscribe: () => () => {},
    dispose: () => {},
  };
}
