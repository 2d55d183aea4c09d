import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';

export type ShowInFolderRequest = { readonly path: string } | { readonly folder: 'backups' };

export interface ShowInFolderOptions {
  readonly backupsFolder: string;
  /** Files this process wrote in this session (exports, backups), as absolute paths. */
  readonly writtenThisSession: ReadonlySet<string>;
  /** Opens the system's folder window with the item selected; null where there is none (browser fallback). */
  readonly revealInFolder: ((path: string) => void) | null;
}

/**
 * Opens the folder holding a file this app wrote in this session, or the backups folder.
 * Any other path is not revealed: the answer is `{ opened: false, path }`, as in a shell without
 * folder windows, so the GM still sees the path and a page cannot make main open arbitrary folders.
 */
export async function showInFolder(request: ShowInFolderRequest, options: ShowInFolderOptions): Promise<{ opened: boolean; path: string }> {
  let path: string;
  if ('folder' in request) {
    path = options.backupsFolder;
    // Before the first backup the folder does not exist yet; an empty folder is what the GM should see.
    await mkdir(path, { recursive: true }).catch(() => undefined);
  } else {
    path = request.path;
    if (!options.writtenThisSession.has(resolve(path))) return { opened: false, path };
  }
  if (!options.revealInFolder) return { opened: false, path };
  options.revealInFolder(path);
  return { opened: true, path };
}
