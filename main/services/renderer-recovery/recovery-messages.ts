/** Whose page stopped: the GM's screen (its notice is shown after the reload) or the player view (reloaded silently). */
export type RecoveredWindow = 'gm' | 'player';

/** A native dialog's content: the policy words it, the shell only shows it. */
export interface RecoveryQuestion {
  readonly message: string;
  readonly detail: string;
  readonly buttons: readonly [string, string];
  /** The button that Escape or closing the dialog stands for. */
  readonly cancelId: 0 | 1;
}

const SAVED = 'Nothing was lost: every change is saved as it is made.';

/** Electron's render-process-gone reasons in the GM's words. */
const REASONS: Readonly<Record<string, string>> = {
  crashed: 'crashed',
  oom: 'out of memory',
  killed: 'ended by the system',
  'abnormal-exit': 'exited abnormally',
  'launch-failed': 'failed to start',
  'integrity-failure': 'failed its integrity check',
  'memory-eviction': 'closed to free memory',
};

export function describeReason(reason: string): string {
  return Object.hasOwn(REASONS, reason) ? REASONS[reason]! : reason;
}

/** 21:04: the GM reads it against the clock on the wall, so local time without seconds. */
export function clockTime(at: Date): string {
  return `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
}

export function crashNotice(reason: string, at: Date): string {
  return `The screen stopped unexpectedly (${describeReason(reason)}) at ${clockTime(at)} and was reloaded. ${SAVED}`;
}

export function hangNotice(at: Date): string {
  return `The screen stopped responding at ${clockTime(at)} and was reloaded. ${SAVED}`;
}

export function repeatedCrashQuestion(window: RecoveredWindow, crashes: number, minutes: number, reason: string): RecoveryQuestion {
  const stopped = `stopped unexpectedly ${crashes} times within ${minutes} minutes (last: ${describeReason(reason)}), so it was not reloaded again.`;
  if (window === 'gm') {
    return {
      message: 'GM Screen keeps stopping',
      detail: `The screen ${stopped} Reload it to try once more, or quit. ${SAVED}`,
      buttons: ['Reload', 'Quit'],
      cancelId: 0,
    };
  }
  return {
    message: 'The player view keeps stopping',
    detail: `The player view ${stopped} Reload it to try once more, or close it; the GM screen is unaffected.`,
    buttons: ['Reload', 'Close the player view'],
    cancelId: 0,
  };
}

export function notRespondingQuestion(window: RecoveredWindow, seconds: number): RecoveryQuestion {
  if (window === 'gm') {
    return {
      message: 'GM Screen is not responding',
      detail: `The screen has not responded for ${seconds} seconds. Wait for it, or reload it: every change is saved as it is made.`,
      buttons: ['Wait', 'Reload'],
      cancelId: 0,
    };
  }
  return {
    message: 'The player view is not responding',
    detail: `The player view has not responded for ${seconds} seconds. Wait for it, or reload it; the GM screen is unaffected.`,
    buttons: ['Wait', 'Reload'],
    cancelId: 0,
  };
}
