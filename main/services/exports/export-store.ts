import { mkdir, stat } from 'node:fs/promises';
import { dirname, extname, join } from 'node:path';
import type { ExportFormat, SaveExportResponse } from '../../../shared/ipc/contract';
import { writeFileAtomic } from '../files/atomic-write';
import { describeFileError } from '../files/describe-file-error';
import type { PreferencesFile } from '../files/preferences';
import { utf8Chunks } from '../files/utf8-chunks';

/** The extension and the save dialog's filter name of each export format. */
export const exportFormatFiles: Readonly<Record<ExportFormat, { readonly extension: string; readonly filterName: string }>> = {
  markdown: { extension: 'md', filterName: 'Markdown session report' },
  html: { extension: 'html', filterName: 'HTML session report' },
  csv: { extension: 'csv', filterName: 'CSV spreadsheet' },
  json: { extension: 'json', filterName: 'GM Screen encounter (JSON)' },
};

export type ChooseSavePath = (suggestion: { defaultPath: string; format: ExportFormat }) => Promise<string | null>;

export interface ExportStoreOptions {
  readonly dataDirectory: string;
  /** The save dialog; null in the browser fallback, where exports go to `<data>/exports/`. */
  readonly chooseSavePath: ChooseSavePath | null;
  readonly preferences: PreferencesFile;
}

export interface SaveExportRequest {
  readonly fileName: string;
  readonly format: ExportFormat;
  readonly content: string;
}

/** "report.md", then "report (2).md", "report (3).md"… */
export function numberedFileName(fileName: string, copy: number): string {
  if (copy === 1) return fileName;
  const extension = extname(fileName);
  const stem = extension && extension !== fileName ? fileName.slice(0, -extension.length) : fileName;
  return `${stem} (${copy})${stem === fileName ? '' : extension}`;
}

const exists = (path: string) => stat(path).then(() => true, () => false);

export function createExportStore(options: ExportStoreOptions): { save(request: SaveExportRequest): Promise<SaveExportResponse> } {
  const exportsFolder = join(options.dataDirectory, 'exports');
  // One export at a time, so two saves of the same name in the fallback never pick the same free name.
  let queue: Promise<unknown> = Promise.resolve();

  async function chooseTarget(request: SaveExportRequest): Promise<{ path: string; chosen: boolean } | null> {
    if (options.chooseSavePath) {
      const { lastExportFolder } = await options.preferences.read();
      const defaultPath = lastExportFolder ? join(lastExportFolder, request.fileName) : request.fileName;
      const chosen = await options.chooseSavePath({ defaultPath, format: request.format });
      return chosen ? { path: chosen, chosen: true } : null;
    }
    await mkdir(exportsFolder, { recursive: true });
    for (let copy = 1; ; copy++) {
      const path = join(exportsFolder, numberedFileName(request.fileName, copy));
      if (!(await exists(path))) return { path, chosen: false };
    }
  }

  async function save(request: SaveExportRequest): Promise<SaveExportResponse> {
    let target: { path: string; chosen: boolean } | null;
    try {
      target = await chooseTarget(request);
    } catch (error) {
      return { status: 'failed', message: describeFileError(error, join(exportsFolder, request.fileName)) };
    }
    if (!target) return { status: 'cancelled' };
    try {
      await writeFileAtomic(target.path, utf8Chunks(request.content));
    } catch (error) {
      return { status: 'failed', message: describeFileError(error, target.path) };
    }
    // The file is saved: failing to remember its folder must not turn that into a failure.
    if (target.chosen) await options.preferences.update({ lastExportFolder: dirname(target.path) }).catch(() => undefined);
    return { status: 'saved', path: target.path, bytes: Buffer.byteLength(request.content, 'utf8') };
  }

  return {
    save(request) {
      const result = queue.then(() => save(request));
      queue = result.catch(() => undefined);
      return result;
    },
  };
}
