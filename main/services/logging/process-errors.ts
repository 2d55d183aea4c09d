import type { AppLogger } from './app-logger';
import { describeError } from './log-entry';

/** The part of `process` the handlers attach to (an EventEmitter in tests). */
export interface ErrorEvents {
  on(event: 'uncaughtException', listener: (error: unknown) => void): unknown;
  on(event: 'unhandledRejection', listener: (reason: unknown) => void): unknown;
}

/**
 * Main's uncaught exceptions and unhandled rejections go to the log. The app keeps running, as
 * Electron's main does after one (without the error dialog): a GM mid-fight keeps the screen.
 */
export function logProcessErrors(events: ErrorEvents, logger: AppLogger): void {
  events.on('uncaughtException', (error) => logger.error(`Uncaught exception: ${describeError(error)}`));
  events.on('unhandledRejection', (reason) => logger.error(`Unhandled promise rejection: ${describeError(reason)}`));
}
