import { readdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { isTemporaryFileName } from './atomic-write';

/** A write takes seconds at most; a temporary file this old was left by a process that died mid-write. */
export const STALE_TEMPORARY_FILE_MS = 60 * 60 * 1000;

/** Removes the writer's temporary files older than an hour from a folder; returns their names. Never throws. */
export async function removeStaleTemporaryFiles(folder: string, now: Date, maxAgeMs = STALE_TEMPORARY_FILE_MS): Promise<string[]> {
  const names = await readdir(folder).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names.filter(isTemporaryFileName)) {
    const path = join(folder, name);
    const info = await stat(path).catch(() => null);
    if (info?.isFile() && now.getTime() - info.mtimeMs > maxAgeMs && (await unlink(path).then(() => true, () => false))) removed.push(name);
  }
  return removed;
}
