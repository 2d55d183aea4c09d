// What a plain browser page can do with files itself: pick one to import (the server may not read
// the GM's disk for the page) and offer an export as a download.
import type { ExportFormat, ImportKind, PickImportResponse } from '../../../shared/ipc/contract';
import { formatBytes, formatCount } from '../ui/formatting';
import { MAX_IMPORT_BYTES } from '../../../shared/ipc/limits';

/** How long a download's Blob URL stays alive: long enough for the browser to start saving a large export. */
export const DOWNLOAD_URL_LIFETIME_MS = 60_000;

const MIME_TYPES: Readonly<Record<ExportFormat, string>> = {
  markdown: 'text/markdown;charset=utf-8',
  html: 'text/html;charset=utf-8',
  csv: 'text/csv;charset=utf-8',
  json: 'application/json;charset=utf-8',
};

/** Both sizes as a GM reads them; in bytes when rounding would show them equal. */
function sizesApart(size: number, limit: number): [string, string] {
  const [shown, shownLimit] = [formatBytes(size), formatBytes(limit)];
  return shown === shownLimit ? [`${formatCount(size)} bytes`, `${formatCount(limit)} bytes`] : [shown, shownLimit];
}

/**
 * Reads a picked file as the desktop shell does (main/services/imports/pick-import-file.ts, same
 * sentences): refused over the import cap before it is read, decoded as UTF-8 (anything else is
 * refused, never patched with replacement characters), a leading byte-order mark dropped.
 */
export { MAX_IMPORT_BYTES };

export async function readPickedFile(file: File, kind: ImportKind): Promise<PickImportResponse> {
  if (file.size > MAX_IMPORT_BYTES) {
    const [size, limit] = sizesApart(file.size, MAX_IMPORT_BYTES);
    return { status: 'failed', message: `${file.name} is ${size}; an import may be at most ${limit}.` };
  }
  let bytes: ArrayBuffer;
  try {
    bytes = await file.arrayBuffer();
  } catch (error) {
    return { status: 'failed', message: `${file.name} could not be read: ${error instanceof Error ? error.message : String(error)}.` };
  }
  try {
    // ignoreBOM is false: the decoder drops a leading byte-order mark itself.
    return { status: 'picked', name: file.name, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { status: 'failed', message: `${file.name} is not UTF-8 text, so it is not a GM Screen ${kind} file.` };
  }
}

/**
 * Opens the browser's file picker for JSON files. It must be called while the GM's click is being
 * handled (nothing awaited before), or the browser refuses to open it. Closing the picker
 * (its `cancel` event) answers "cancelled".
 */
export function pickFileInPage(document: Document, kind: ImportKind): Promise<PickImportResponse> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = '.json,application/json';
    input.hidden = true;
    const finish = (answer: PickImportResponse) => {
      input.remove();
      resolve(answer);
    };
    input.addEventListener('cancel', () => finish({ status: 'cancelled' }), { once: true });
    input.addEventListener(
      'change',
      () => {
        const file = input.files?.[0];
        if (!file) finish({ status: 'cancelled' });
        else void readPickedFile(file, kind).then(finish);
      },
      { once: true },
    );
    document.body.append(input);
    input.click();
  });
}

export interface DownloadHost {
  readonly document: Document;
  readonly createObjectURL: (blob: Blob) => string;
  readonly revokeObjectURL: (url: string) => void;
}

/**
 * Offers `content` as a download named `fileName` (a Blob URL clicked through a[download], revoked a
 * minute later). `content` may be the parts of an export written as it was made, each a Blob the
 * browser keeps outside the page's memory.
 */
export function offerDownload(
  host: DownloadHost,
  request: { fileName: string; format: ExportFormat; content: string | readonly Blob[] },
): void {
  const parts = typeof request.content === 'string' ? [request.content] : [...request.content];
  const url = host.createObjectURL(new Blob(parts, { type: MIME_TYPES[request.format] }));
  const link = host.document.createElement('a');
  link.href = url;
  link.download = request.fileName;
  link.hidden = true;
  host.document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => host.revokeObjectURL(url), DOWNLOAD_URL_LIFETIME_MS);
}
