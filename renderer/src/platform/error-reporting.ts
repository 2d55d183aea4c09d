// The page's errors to the log file in the data folder (logRendererError): window errors, unhandled
// rejections and Vue's errorHandler. Throttled, so a render loop that throws on every frame costs
// at most a few lines a minute and never fills the disk; a report that cannot be sent is dropped.
import type { App } from 'vue';
import type { GmApi, RendererError } from '../../../shared/ipc/contract';
import { MAX_LOGGED_MESSAGE_CHARS, MAX_LOGGED_STACK_CHARS } from '../../../shared/ipc/limits';

/** At most this many reports a minute; the rest are dropped silently. */
export const MAX_REPORTS_PER_MINUTE = 20;
const MINUTE_MS = 60_000;

export type ReportLevel = RendererError['level'];
/** Reports one error; false when it was dropped by the throttle. */
export type ReportError = (level: ReportLevel, error: unknown, context?: string) => boolean;

/** Cut to the contract's bound, marked as cut. */
function bounded(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function reasonText(reason: unknown): string {
  if (typeof reason === 'string') return reason;
  if (reason === undefined || reason === null) return String(reason);
  try {
    return JSON.stringify(reason) ?? String(reason);
  } catch {
    return String(reason);
  }
}

/** The message and stack the log gets: an Error's name and message, else the value in words; where it happened after. */
export function describeForLog(error: unknown, context?: string): { message: string; stack?: string } {
  const words = error instanceof Error ? `${error.name}: ${error.message}` : reasonText(error);
  const message = bounded(`${words || '(no message)'}${context ? ` (${context})` : ''}`, MAX_LOGGED_MESSAGE_CHARS);
  const stack = error instanceof Error && error.stack ? bounded(error.stack, MAX_LOGGED_STACK_CHARS) : undefined;
  return stack ? { message, stack } : { message };
}

export interface ErrorReporterOptions {
  readonly send: GmApi['logRendererError'];
  readonly source: RendererError['source'];
  /** Milliseconds; Date.now by default. */
  readonly now?: () => number;
  readonly perMinute?: number;
}

export function createErrorReporter(options: ErrorReporterOptions): ReportError {
  const now = options.now ?? (() => Date.now());
  const limit = options.perMinute ?? MAX_REPORTS_PER_MINUTE;
  const sentAt: number[] = [];
  return (level, error, context) => {
    const time = now();
    while (sentAt.length > 0 && time - sentAt[0]! >= MINUTE_MS) sentAt.shift();
    if (sentAt.length >= limit) return false;
    sentAt.push(time);
    // A report that fails (no server, a bridge error) is dropped: reporting must never raise an error of its own.
    void options.send({ level, source: options.source, ...describeForLog(error, context) }).catch(() => undefined);
    return true;
  };
}

/** The parts of `window` the reporter listens on. */
export interface ErrorEventSource {
  addEventListener(type: 'error', listener: (event: ErrorEvent) => void): void;
  addEventListener(type: 'unhandledrejection', listener: (event: PromiseRejectionEvent) => void): void;
}

/**
 * The browser's note that a ResizeObserver callback changed sizes it had already measured: the
 * notifications left are delivered in the next frame, so nothing is lost (the HTML standard's
 * "report the exception" for it carries no error object). The tracker's virtual list measures its
 * rows so and raised it on every start-up, filling the GM's log with an error that is none.
 */
const RESIZE_OBSERVER_LOOP = /^ResizeObserver loop (completed with undelivered notifications|limit exceeded)/;

/** Installs the three listeners; call before mounting, so errors while mounting are caught too. */
export function installErrorReporting(app: Pick<App, 'config'>, target: ErrorEventSource, report: ReportError): void {
  target.addEventListener('error', (event) => {
    if (!event.error && RESIZE_OBSERVER_LOOP.test(event.message)) return;
    const where = event.filename ? `${event.filename}:${event.lineno}:${event.colno}` : undefined;
    report('error', event.error ?? event.message, where);
  });
  target.addEventListener('unhandledrejection', (event) => report('error', event.reason, 'unhandled rejection'));
  app.config.errorHandler = (error, _instance, info) => {
    report('error', error, `Vue: ${info}`);
    // As Vue does without a handler: the developer tools still show it.
    console.error(error);
  };
}
