import { mkdir } from 'node:fs/promises';

/** Electron's shell.openPath: '' once opened, else why not. Null where no folder window can be opened (a server). */
export type OpenFolder = ((path: string) => Promise<string>) | null;

/**
 * openLogFolder: the logs folder, created first so there is something to open even before the
 * first entry; where it cannot be opened, the answer carries its path for the GM to read.
 */
export async function openLogFolder(folder: string, open: OpenFolder): Promise<{ opened: boolean; path: string }> {
  await mkdir(folder, { recursive: true });
  if (!open) return { opened: false, path: folder };
  return { opened: (await open(folder)) === '', path: folder };
}
