import { join } from 'node:path';
import electronLog from 'electron-log/node';
import { formatLogEntry, type LogLevel, type LogOrigin } from './log-entry';
import { rotateLogFile } from './log-rotation';

export const LOG_FILE_NAME = 'gm-screen.log';
/** The log is archived once it passes 1 MiB; with 5 archives the logs never take more than about 6 MiB. */
export const MAX_LOG_BYTES = 1024 * 1024;
export const KEPT_ARCHIVES = 5;

export interface AppLoggerOptions {
  /** <dataDirectory>/logs: created at the first entry. */
  readonly folder: string;
  readonly now?: () => Date;
  readonly maxBytes?: number;
  readonly keepArchives?: number;
}

export interface AppLogger {
  readonly folder: string;
  readonly file: string;
  write(level: LogLevel, origin: LogOrigin, text: string): void;
  /** The main process's (or the browser fallback server's) own entries. */
  error(text: string): void;
  warn(text: string): void;
  info(text: string): void;
}

/** Each logger gets its own electron-log instance (its id is what keeps them apart). */
let created = 0;

/**
 * The log file in the data folder, through electron-log's Node logger (the same in Electron's main
 * and in the browser fallback's plain-Node server). electron-log/main is not used: importing it
 * registers an IPC channel of its own for pages, outside the contract and its checks; pages report
 * through logRendererError instead. Only the file transport writes: no console, no IPC, and the
 * remote (HTTP) transport is removed, so nothing is ever sent over the network.
 */
export function createAppLogger(options: AppLoggerOptions): AppLogger {
  const now = options.now ?? (() => new Date());
  const keep = options.keepArchives ?? KEPT_ARCHIVES;
  const file = join(options.folder, LOG_FILE_NAME);
  const logger = electronLog.create({ logId: `gm-screen-${++created}` });

  delete (logger.transports as Partial<typeof logger.transports>).remote;
  delete (logger.transports as Partial<typeof logger.transports>).ipc;
  // Kept only because electron-log reports a log file it cannot write through it; never for entries.
  logger.transports.console.level = false;

  const fileTransport = logger.transports.file;
  fileTransport.level = 'info';
  fileTransport.sync = true;
  fileTransport.maxSize = options.maxBytes ?? MAX_LOG_BYTES;
  fileTransport.resolvePathFn = () => file;
  // electron-log calls this once the file passes maxSize, then starts a fresh file at the same path.
  fileTransport.archiveLogFn = (full) => {
    try {
      rotateLogFile(full.path, keep);
    } catch {
      // The archives cannot be moved (a locked file on Windows): empty the log rather than let it grow.
      full.clear();
    }
  };
  fileTransport.format = ({ message, level }) => {
    const origin = (message.variables?.origin as LogOrigin | undefined) ?? 'main';
    return [
      formatLogEntry(
        message.date,
        level === 'error' || level === 'warn' ? level : 'info',
        origin,
        message.data.map(String).join(' '),
      ),
    ];
  };

  const write = (level: LogLevel, origin: LogOrigin, text: string) =>
    logger.processMessage({ data: [text], date: now(), level, variables: { origin } as never });

  return {
    folder: options.folder,
    file,
    write,
    error: (text) => write('error', 'main', text),
    warn: (text) => write('warn', 'main', text),
    info: (text) => write('info', 'main', text),
  };
}
