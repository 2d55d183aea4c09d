import type { RendererError } from '../../../shared/ipc/contract';

/** Where an entry came from: the main process (or the browser fallback's server) or one of the pages. */
export type LogOrigin = 'main' | 'gm page' | 'player page';
export type LogLevel = 'error' | 'warn' | 'info';

/** Continuation lines are indented, so a message holding a line break cannot pass for an entry of its own. */
function indentContinuation(text: string): string {
  return text.replace(/\r\n?|\n/g, '\n    ');
}

/**
 * One entry as written: "2026-12-02T07:30:00.000Z ERROR [gm page] message", the stack below it,
 * indented. Times are UTC, the same whatever the machine's time zone.
 */
export function formatLogEntry(date: Date, level: LogLevel, origin: LogOrigin, text: string): string {
  return `${date.toISOString()} ${level.toUpperCase().padEnd(5)} [${origin}] ${indentContinuation(text)}`;
}

/**
 * A renderer's report as one text: its message, then the stack without the stack's own first line
 * when the message already says it (a page adds where it happened to the error's words), else the
 * stack alone when it starts with the message, else both.
 */
export function rendererErrorText(report: RendererError): string {
  const stack = report.stack?.trim();
  if (!stack) return report.message;
  const [first = '', ...rest] = stack.split('\n');
  if (report.message.includes(first.trim())) return [report.message, ...rest].join('\n');
  return stack.includes(report.message) ? stack : `${report.message}\n${stack}`;
}

/** What main logs about its own failures: the error's stack when it has one, else its words. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  return String(error);
}
