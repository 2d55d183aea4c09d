import type { ImportKind, PickImportResponse } from '../../../shared/ipc/contract';
import { readImportFile } from './read-import-file';

export type ChooseOpenPath = (kind: ImportKind) => Promise<string | null>;

export const NO_FILE_DIALOG =
  'There is no file dialog here: in a browser the page picks the file itself.';

/**
 * The import's file as text, picked with the open dialog and read within the import's bounds
 * (read-import-file.ts, shared with files opened with the app).
 */
export async function pickImportFile(kind: ImportKind, chooseOpenPath: ChooseOpenPath | null): Promise<PickImportResponse> {
  if (!chooseOpenPath) return { status: 'failed', message: NO_FILE_DIALOG };
  const path = await chooseOpenPath(kind);
  if (!path) return { status: 'cancelled' };
  const read = await readImportFile(path, kind);
  return read.status === 'read' ? { status: 'picked', name: read.name, text: read.text } : read;
}
