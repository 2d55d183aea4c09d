import { renameSync, rmSync } from 'node:fs';
import { parse, join } from 'node:path';

/** gm-screen.log's archives: gm-screen.1.log is the newest, gm-screen.<keep>.log the oldest kept. */
export function archivePath(logFile: string, index: number): string {
  const { dir, name, ext } = parse(logFile);
  return join(dir, `${name}.${index}${ext}`);
}

/**
 * Shifts the archives one place (the oldest is deleted), then the full log becomes archive 1.
 * electron-log's file transport calls this as its archiveLogFn when the log passes its maxSize,
 * and starts a fresh file after.
 */
export function rotateLogFile(logFile: string, keep: number): void {
  rmSync(archivePath(logFile, keep), { force: true });
  for (let index = keep - 1; index >= 1; index--) {
    try {
      renameSync(archivePath(logFile, index), archivePath(logFile, index + 1));
    } catch (error) {
      // A gap in the archives (one deleted by hand) is no problem: the next one moves on.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  renameSync(logFile, archivePath(logFile, 1));
}
