// The player window has no preload (it must never get the GM's API), so its page cannot call
// logRendererError in the desktop app: main reads the page's console instead, where Chromium
// writes every uncaught error and unhandled rejection. Throttled like the GM page's reporter, so a
// page that throws on every frame costs a few lines a minute.
import type { RendererError } from '../../../shared/ipc/contract';
import { MAX_LOGGED_MESSAGE_CHARS } from '../../../shared/ipc/limits';
import type { AppLogger } from './app-logger';
import { logRendererError } from './renderer-errors';

/** The parts of Electron's console-message details that are read. */
export interface ConsoleMessage {
  readonly level: 'info' | 'warning' | 'error' | 'debug';
  readonly message: string;
  readonly sourceId: string;
  readonly lineNumber: number;
}

/** As the GM page's reporter (renderer/src/platform/error-reporting.ts). */
export const MAX_CONSOLE_REPORTS_PER_MINUTE = 20;
const MINUTE_MS = 60_000;

/** A console error or warning as a page's report; info and debug lines are not the log's business. */
export function consoleMessageReport(message: ConsoleMessage, source: RendererError['source']): RendererError | null {
  if (message.level !== 'error' && message.level !== 'warning') return null;
  const where = message.sourceId ? ` (${message.sourceId}:${message.lineNumber})` : '';
  const text = `${message.message.trim() || '(no message)'}${where}`;
  const bounded = text.length > MAX_LOGGED_MESSAGE_CHARS ? `${text.slice(0, MAX_LOGGED_MESSAGE_CHARS - 1)}…` : text;
  return { level: message.level === 'error' ? 'error' : 'warn', source, message: bounded };
}

export interface ConsoleLoggerOptions {
  readonly logger: AppLogger;
  readonly source: RendererError['source'];
  /** Milliseconds; Date.now by default. */
  readonly now?: () => number;
  readonly perMinute?: number;
}

/** Logs a page's console errors and warnings; returns whether this one was written (false: not an error, or over the minute's limit). */
export function createConsoleMessageLogger(options: ConsoleLoggerOptions): (message: ConsoleMessage) => boolean {
  const now = options.now ?? (() => Date.now());
  const limit = options.perMinute ?? MAX_CONSOLE_REPORTS_PER_MINUTE;
  const writtenAt: number[] = [];
  return (message) => {
    const report = consoleMessageReport(message, options.source);
    if (!report) return false;
    const time = now();
    while (writtenAt.length > 0 && time - writtenAt[0]! >= MINUTE_MS) writtenAt.shift();
    if (writtenAt.length >= limit) return false;
    writtenAt.push(time);
    logRendererError(options.logger, report);
    return true;
  };
}
