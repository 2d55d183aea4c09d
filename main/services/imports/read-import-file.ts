import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { MAX_IMPORT_BYTES, type ImportKind } from '../../../shared/ipc/contract';
import { describeFileError } from '../files/describe-file-error';
import { formatBytes } from '../files/format-bytes';

export type ImportFileReading =
  | { readonly status: 'read'; readonly name: string; readonly text: string }
  | { readonly status: 'failed'; readonly message: string };

/**
 * An import file's text, however it was chosen (the open dialog, or a file opened with the app):
 * refused over MAX_IMPORT_BYTES before it is read, decoded as UTF-8 (anything else is refused)
 * with a leading byte-order mark dropped. Checking what the text holds is the renderer's import.
 */
export async function readImportFile(path: string, kind: ImportKind): Promise<ImportFileReading> {
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
  try {
    // A leading byte-order mark is dropped by the decoder (ignoreBOM is false).
    return { status: 'read', name, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { status: 'failed', message: `${name} is not UTF-8 text, so it is not a GM Screen ${kind} file.` };
  }
}

function tooLarge(name: string, bytes: number): ImportFileReading {
  let size = formatBytes(bytes);
  let limit = formatBytes(MAX_IMPORT_BYTES);
  // Just over the limit both round alike ("128 MB"): then the exact counts tell them apart.
  if (size === limit) [size, limit] = [bytes, MAX_IMPORT_BYTES].map((count) => `${count.toLocaleString('en-US')} bytes`) as [string, string];
  return { status: 'failed', message: `${name} is ${size}; an import may be at most ${limit}.` };
}
