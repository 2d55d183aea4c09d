import {
  crashNotice,
  describeReason,
  hangNotice,
  notRespondingQuestion,
  repeatedCrashQuestion,
  type RecoveredWindow,
  type RecoveryQuestion,
} from './recovery-messages';

/** Crashes counted over this span: more than MAX_RELOADS in it and the GM is asked instead of another reload. */
export const CRASH_SPAN_MS = 2 * 60_000;
export const MAX_RELOADS = 3;
/** A page unresponsive this long gets the "not responding" dialog; a hiccup shorter than this is never mentioned. */
export const HANG_GRACE_MS = 10_000;
/** After a hung page is ended its render-process-gone reloads it; this long without one and it is reloaded anyway. */
export const RESTART_TIMEOUT_MS = 5_000;

export interface RecoveryHost {
  now(): Date;
  /** setTimeout; returns the function that cancels it. */
  schedule(callback: () => void, ms: number): () => void;
  /** Loads the window's page again (a new renderer after a crash). */
  reload(): void;
  /** Ends a hung renderer (its render-process-gone follows). */
  endHungRenderer(): void;
  /** A native dialog over the window; the index of the button chosen. Aborting the signal closes it. */
  ask(question: RecoveryQuestion, signal: AbortSignal): Promise<number>;
  /** The GM gave up after repeated crashes: quit the app (GM window) or close the player view. */
  giveUp(): void;
  log(message: string): void;
}

export type RecoveryState =
  | 'running'
  /** Unresponsive, within the grace period. */
  | 'waiting'
  | 'asking-hung'
  /** A hung page was ended; reloading once it is gone. */
  | 'restarting'
  | 'asking-crashed'
  | 'given-up'
  | 'disposed';

export interface RendererRecovery {
  /** Electron's render-process-gone, with its reason ('clean-exit' is a normal close). */
  gone(reason: string): void;
  unresponsive(): void;
  responsive(): void;
  /** The notice of the last reload, once (the GM window's renderer reads it at start); null for the player view. */
  takeNotice(): { message: string } | null;
  state(): RecoveryState;
  /** The window closed: no more timers or dialogs. */
  dispose(): void;
}

/**
 * What to do when a window's page crashes or hangs, apart from Electron: a crash reloads the page
 * (and leaves the GM a notice), but more than MAX_RELOADS crashes within CRASH_SPAN_MS ask the GM
 * (Reload / Quit) instead of looping; a page unresponsive for HANG_GRACE_MS asks Wait / Reload,
 * and becoming responsive again closes that question.
 */
export function createRendererRecovery(host: RecoveryHost, window: RecoveredWindow): RendererRecovery {
  const subject = window === 'gm' ? 'The GM screen' : 'The player view';
  let state: RecoveryState = 'running';
  let crashTimes: number[] = [];
  let notice: string | null = null;
  let cancelTimer: (() => void) | null = null;
  let dialog: AbortController | null = null;
  let hungSince: Date | null = null;

  function stopWaiting(): void {
    cancelTimer?.();
    cancelTimer = null;
    dialog?.abort();
    dialog = null;
  }

  function reload(withNotice: string): void {
    state = 'running';
    hungSince = null;
    if (window === 'gm') notice = withNotice;
    host.reload();
  }

  /** Asks, and hands the answer on only if nothing has changed the state meanwhile. */
  function ask(question: RecoveryQuestion, answered: (button: number) => void): void {
    const asking = new AbortController();
    dialog = asking;
    host.ask(question, asking.signal).then(
      (button) => {
        if (dialog !== asking) return;
        dialog = null;
        answered(button);
      },
      (error: unknown) => {
        if (dialog !== asking) return;
        dialog = null;
        host.log(`${subject}'s dialog failed (${error instanceof Error ? error.message : String(error)}); taken as "${question.buttons[question.cancelId]}".`);
        answered(question.cancelId);
      },
    );
  }

  function crashed(reason: string): void {
    stopWaiting();
    const at = host.now();
    crashTimes = [...crashTimes.filter((time) => at.getTime() - time < CRASH_SPAN_MS), at.getTime()];
    if (crashTimes.length <= MAX_RELOADS) {
      host.log(`${subject}'s page stopped (${reason}); reloaded.`);
      reload(crashNotice(reason, at));
      return;
    }
    host.log(`${subject}'s page stopped (${reason}) ${crashTimes.length} times within ${CRASH_SPAN_MS / 60_000} minutes; the GM is asked before another reload.`);
    state = 'asking-crashed';
    ask(repeatedCrashQuestion(window, crashTimes.length, CRASH_SPAN_MS / 60_000, reason), (button) => {
      if (button === 0) {
        crashTimes = [];
        reload(crashNotice(reason, at));
      } else {
        state = 'given-up';
        host.giveUp();
      }
    });
  }

  function waitForResponse(): void {
    state = 'waiting';
    cancelTimer = host.schedule(() => {
      cancelTimer = null;
      host.log(`${subject} has not responded for ${HANG_GRACE_MS / 1000} seconds; the GM is asked.`);
      state = 'asking-hung';
      ask(notRespondingQuestion(window, HANG_GRACE_MS / 1000), (button) => {
        if (button === 0) waitForResponse();
        else restartHung();
      });
    }, HANG_GRACE_MS);
  }

  function restartHung(): void {
    state = 'restarting';
    const since = hungSince ?? host.now();
    cancelTimer = host.schedule(() => {
      cancelTimer = null;
      host.log(`${subject}'s hung page did not end; reloaded anyway.`);
      reload(hangNotice(since));
    }, RESTART_TIMEOUT_MS);
    host.endHungRenderer();
  }

  return {
    gone(reason) {
      if (state === 'restarting') {
        stopWaiting();
        host.log(`${subject}'s hung page was ended (${describeReason(reason)}); reloaded.`);
        reload(hangNotice(hungSince ?? host.now()));
        return;
      }
      if (reason === 'clean-exit' || state === 'asking-crashed' || state === 'given-up' || state === 'disposed') return;
      crashed(reason);
    },
    unresponsive() {
      if (state !== 'running') return;
      hungSince = host.now();
      waitForResponse();
    },
    responsive() {
      if (state !== 'waiting' && state !== 'asking-hung') return;
      stopWaiting();
      hungSince = null;
      state = 'running';
    },
    takeNotice() {
      const message = notice;
      notice = null;
      return message === null ? null : { message };
    },
    state: () => state,
    dispose() {
      stopWaiting();
      state = 'disposed';
    },
  };
}
