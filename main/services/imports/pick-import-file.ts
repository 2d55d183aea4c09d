import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { MAX_IMPORT_BYTES, type ImportKind, type PickImportResponse } from '../../../shared/ipc/contract';
import { describeFileError } from '../files/describe-file-error';
import { formatBytes } from '../files/format-bytes';

export type ChooseOpenPath = (kind: ImportKind) => Promise<string | null>;

export const NO_FILE_DIALOG =
  'There is no file dialog here: in a browser the page picks the file itself.';

/**
 * The import's file as text: picked with the open dialog, refused over MAX_IMPORT_BYTES before it
 * is read, decoded as UTF-8 (anything else is refused) with a leading byte-order mark dropped.
 * Checking what the text holds is the renderer's import, not this.
 */
export async function pickImportFile(kind: ImportKind, chooseOpenPath: ChooseOpenPath | null): Promise<PickImportResponse> {
  if (!chooseOpenPath) return { status: 'failed', message: NO_FILE_DIALOG };
  const path = await chooseOpenPath(kind);
  if (!path) return { status: 'cancelled' };
  const name = basename(path);
  let bytes: Buffer;
  try {
    const info = await stat(path);
    if (!info.isFile()) return { status: 'failed', message: `Could not read ${path}: it is a folder, not a file.` };
    if (info.size > MAX_IMPORT_BYTES) return tooLarge(name, info.size);
    bytes = await readFile(path);
  } catch (error) {
    return { status: 'failed', message: describeFileError(error, path, 'read') };
  }
  // The file may have grown between the look and the read.
  if (bytes.byteLength > MAX_IMPORT_BYTES) return tooLarge(name, bytes.byteLength);
  let text: string;
  try {
    // A leading byte-order mark is dropped by the decoder (ignoreBOM is false).
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { status: 'failed', message: `${name} is not UTF-8 text, so it is not a GM Screen ${kind} file.` };
  }
  return { status: 'picked', name, text };
}

function tooLarge(name: string, bytes: number): PickImportResponse {
  let size = formatBytes(bytes);
  let limit = formatBytes(MAX_IMPORT_BYTES);
  // Just over the limit both round alike ("128 MB"): then the exact counts tell them apart.
  if (size === limit) [size, limit] = [bytes, MAX_IMPORT_BYTES].map((count) => `${count.toLocaleString('en-US')} bytes`) as [string, string];
  return { status: 'failed', message: `${name} is ${size}; an import may be at most ${limit}.` };
}
