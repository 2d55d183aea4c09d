/**
 * The update state machine, pure: every state the GM can see in Settings and every event that
 * moves it. An impossible event is refused with a sentence and the state kept, never thrown, so
 * a late or duplicated updater event can never become an unhandled rejection.
 */

export type UpdateState =
  | { readonly kind: 'idle' }
  | { readonly kind: 'checking' }
  | { readonly kind: 'available'; readonly version: string }
  | { readonly kind: 'downloading'; readonly version: string; readonly percent: number }
  | { readonly kind: 'ready'; readonly version: string }
  | { readonly kind: 'error'; readonly message: string }
  /** No network: shown as a quiet line, never as an error. */
  | { readonly kind: 'offline' }
  /** The GM turned checks off in Settings. */
  | { readonly kind: 'disabled' }
  /**
   * This copy cannot update itself (run from the checkout, or a build with no update feed): the
   * reason is the Settings line. Nothing leaves it; the GM's checks choice is kept for the installed app.
   */
  | { readonly kind: 'unavailable'; readonly reason: string };

export type UpdateEvent =
  | { readonly type: 'check-requested' }
  | { readonly type: 'update-found'; readonly version: string }
  | { readonly type: 'no-update' }
  | { readonly type: 'download-requested' }
  | { readonly type: 'progress'; readonly percent: number }
  | { readonly type: 'downloaded' }
  | { readonly type: 'failed'; readonly message: string }
  | { readonly type: 'network-unavailable' }
  | { readonly type: 'checks-disabled' }
  | { readonly type: 'checks-enabled' };

export type UpdateTransition =
  | { readonly ok: true; readonly state: UpdateState }
  | { readonly ok: false; readonly state: UpdateState; readonly reason: string };

export const IDLE: UpdateState = { kind: 'idle' };

function to(state: UpdateState): UpdateTransition {
  return { ok: true, state };
}

function refuse(state: UpdateState, reason: string): UpdateTransition {
  return { ok: false, state, reason };
}

/** Why nothing can start from here: one sentence per state that blocks a check or a download. */
function busyReason(state: UpdateState): string {
  switch (state.kind) {
    case 'checking':
      return 'A check for updates is already running.';
    case 'downloading':
      return `Version ${state.version} is already downloading.`;
    case 'ready':
      return `Version ${state.version} is downloaded and ready to install.`;
    case 'disabled':
      return 'Update checks are turned off in Settings.';
    case 'unavailable':
      return state.reason;
    default:
      return 'No update has been found to download.';
  }
}

/** Percent from the updater, kept to a whole number between 0 and 100 (it can report NaN or 100.4). */
function wholePercent(percent: number): number {
  if (!Number.isFinite(percent)) return 0;
  return Math.min(100, Math.max(0, Math.round(percent)));
}

export function nextUpdateState(state: UpdateState, event: UpdateEvent): UpdateTransition {
  switch (event.type) {
    case 'check-requested':
      if (state.kind === 'checking' || state.kind === 'downloading' || state.kind === 'ready' || state.kind === 'disabled' || state.kind === 'unavailable') {
        return refuse(state, busyReason(state));
      }
      return to({ kind: 'checking' });
    case 'update-found':
      if (state.kind !== 'checking') return refuse(state, 'An update was reported but no check is running.');
      return to({ kind: 'available', version: event.version });
    case 'no-update':
      if (state.kind !== 'checking') return refuse(state, 'A check result arrived but no check is running.');
      return to(IDLE);
    case 'download-requested':
      if (state.kind !== 'available') return refuse(state, busyReason(state));
      return to({ kind: 'downloading', version: state.version, percent: 0 });
    case 'progress':
      if (state.kind !== 'downloading') return refuse(state, 'Download progress arrived but nothing is downloading.');
      return to({ ...state, percent: wholePercent(event.percent) });
    case 'downloaded':
      if (state.kind !== 'downloading') return refuse(state, 'A download finished but nothing was downloading.');
      return to({ kind: 'ready', version: state.version });
    case 'failed':
      if (state.kind !== 'checking' && state.kind !== 'downloading') {
        return refuse(state, 'An update error arrived but no check or download is running.');
      }
      return to({ kind: 'error', message: event.message });
    case 'network-unavailable':
      // A download cut by the network goes quiet too: the GM can ask again once online.
      if (state.kind !== 'checking' && state.kind !== 'downloading') {
        return refuse(state, 'The network went away but no check or download is running.');
      }
      return to({ kind: 'offline' });
    case 'checks-disabled':
      // A download the GM asked for, or one ready to install, is theirs: turning checks off stops only future checks.
      if (state.kind === 'downloading' || state.kind === 'ready' || state.kind === 'disabled' || state.kind === 'unavailable') return to(state);
      return to({ kind: 'disabled' });
    case 'checks-enabled':
      return to(state.kind === 'disabled' ? IDLE : state);
  }
}
