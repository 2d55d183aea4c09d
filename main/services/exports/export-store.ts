import { isUtf8 } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import { mkdir, stat } from 'node:fs/promises';
import { dirname, extname, join } from 'node:path';
import type {
  AbortExportResponse,
  AppendExportResponse,
  BeginExportResponse,
  ExportFormat,
  SaveExportResponse,
} from '../../../shared/ipc/contract';
import { writeFileAtomic } from '../files/atomic-write';
import { describeFileError } from '../files/describe-file-error';
import { createPartFeed, type PartFeed } from '../files/part-feed';
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

/** An export written as it is made: begun (where to save it is chosen), its parts appended in order, then finished or aborted. */
export interface BeginExportRequest {
  readonly fileName: string;
  readonly format: ExportFormat;
}

/** An export left this long without a call (its window closed or reloaded mid-export) is aborted: its temporary file goes. */
export const EXPORT_IDLE_MS = 60_000;

export interface ExportStore {
  /** The whole file at once (small files: the bestiary). */
  save(request: SaveExportRequest): Promise<SaveExportResponse>;
  begin(request: BeginExportRequest): Promise<BeginExportResponse>;
  /**
   * Resolves once the part (the text's next UTF-8 bytes) is on disk (in the temporary file), so the
   * sender never runs ahead of the disk. A part that is not UTF-8 stops the export: nothing is saved.
   */
  append(exportId: string, part: Uint8Array): Promise<AppendExportResponse>;
  /** Flushes the file and puts it in place of the target: only now does the target change. */
  finish(exportId: string): Promise<SaveExportResponse>;
  abort(exportId: string): Promise<AbortExportResponse>;
  /** Aborts every open export (the app is quitting): no temporary file is left beside a target. */
  abortAll(): Promise<void>;
}

interface OpenExport {
  readonly target: { readonly path: string; readonly chosen: boolean };
  readonly feed: PartFeed<Uint8Array>;
  /** The crash-safe writer's run: rejects (temporary file removed) when the disk refuses a part or the feed fails. */
  readonly written: Promise<void>;
  bytes: number;
  idle: ReturnType<typeof setTimeout> | undefined;
  /** Lets the next export in the queue go. */
  readonly close: () => void;
}

const NOT_OPEN = 'That export is no longer open (it was finished, cancelled, or left unanswered for a minute); export again.';

/** "report.md", then "report (2).md", "report (3).md"… */
export function numberedFileName(fileName: string, copy: number): string {
  if (copy === 1) return fileName;
  const extension = extname(fileName);
  const stem = extension && extension !== fileName ? fileName.slice(0, -extension.length) : fileName;
  return `${stem} (${copy})${stem === fileName ? '' : extension}`;
}

const exists = (path: string) => stat(path).then(() => true, () => false);

export function createExportStore(options: ExportStoreOptions, idleMs = EXPORT_IDLE_MS): ExportStore {
  const exportsFolder = join(options.dataDirectory, 'exports');
  // One export at a time (a begun one until it is finished or aborted), so two saves of the same
  // name in the fallback never pick the same free name.
  let queue: Promise<unknown> = Promise.resolve();
  const open = new Map<string, OpenExport>();

  async function chooseTarget(request: BeginExportRequest): Promise<{ path: string; chosen: boolean } | null> {
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

  type NoTarget = Extract<SaveExportResponse, { status: 'cancelled' | 'failed' }>;

  async function chooseOrFail(request: BeginExportRequest): Promise<{ path: string; chosen: boolean } | NoTarget> {
    try {
      return (await chooseTarget(request)) ?? { status: 'cancelled' };
    } catch (error) {
      return { status: 'failed', message: describeFileError(error, join(exportsFolder, request.fileName)) };
    }
  }

  /** The file is saved: failing to remember its folder must not turn that into a failure. */
  async function saved(target: { path: string; chosen: boolean }, bytes: number): Promise<SaveExportResponse> {
    if (target.chosen) await options.preferences.update({ lastExportFolder: dirname(target.path) }).catch(() => undefined);
    return { status: 'saved', path: target.path, bytes };
  }

  async function save(request: SaveExportRequest): Promise<SaveExportResponse> {
    const target = await chooseOrFail(request);
    if ('status' in target) return target;
    try {
      await writeFileAtomic(target.path, utf8Chunks(request.content));
    } catch (error) {
      return { status: 'failed', message: describeFileError(error, target.path) };
    }
    return saved(target, Buffer.byteLength(request.content, 'utf8'));
  }

  async function begin(request: BeginExportRequest, close: () => void): Promise<BeginExportResponse> {
    const target = await chooseOrFail(request);
    if ('status' in target) return target;
    const feed = createPartFeed<Uint8Array>();
    const written = writeFileAtomic(target.path, feed);
    // Its temporary file is open (or could not be made) before the GM's export is rendered.
    const started = await Promise.race([feed.asked.then(() => null), written.then(() => null, (error: unknown) => error)]);
    if (started !== null) return { status: 'failed', message: describeFileError(started, target.path) };
    written.catch(() => undefined); // each later call reports its own failure
    const exportId = randomUUID();
    const session: OpenExport = { target, feed, written, bytes: 0, idle: undefined, close };
    open.set(exportId, session);
    keepAlive(exportId, session);
    return { status: 'started', exportId };
  }

  function keepAlive(exportId: string, session: OpenExport): void {
    clearTimeout(session.idle);
    session.idle = setTimeout(() => void abort(exportId), idleMs);
    // The timer alone never keeps the process (the browser fallback's server) running.
    session.idle.unref?.();
  }

  function end(exportId: string, session: OpenExport): void {
    clearTimeout(session.idle);
    open.delete(exportId);
    session.close();
  }

  async function append(exportId: string, part: Uint8Array): Promise<AppendExportResponse> {
    const session = open.get(exportId);
    if (!session) return { status: 'failed', message: NOT_OPEN };
    keepAlive(exportId, session);
    if (!isUtf8(part)) {
      // Checked without decoding it: the renderer encoded it, but a file is never written with broken text.
      await stop(exportId, session, 'The export stopped.');
      return { status: 'failed', message: `The export was not saved: part of its text came damaged (not UTF-8), so ${session.target.path} was left as it was.` };
    }
    try {
      await Promise.race([session.feed.push(part), session.written]);
      session.bytes += part.byteLength;
      return { status: 'appended' };
    } catch (error) {
      await stop(exportId, session, 'The export stopped.');
      return { status: 'failed', message: describeFileError(error, session.target.path) };
    }
  }

  /** Drops an export half-way: its temporary file goes, and the target is untouched. */
  async function stop(exportId: string, session: OpenExport, reason: string): Promise<void> {
    session.feed.fail(new Error(reason));
    await session.written.catch(() => undefined);
    end(exportId, session);
  }

  async function finish(exportId: string): Promise<SaveExportResponse> {
    const session = open.get(exportId);
    if (!session) return { status: 'failed', message: NOT_OPEN };
    clearTimeout(session.idle);
    session.feed.end();
    try {
      await session.written;
    } catch (error) {
      return { status: 'failed', message: describeFileError(error, session.target.path) };
    } finally {
      end(exportId, session);
    }
    return saved(session.target, session.bytes);
  }

  async function abort(exportId: string): Promise<AbortExportResponse> {
    const session = open.get(exportId);
    if (!session) return { status: 'aborted' };
    await stop(exportId, session, 'The export was cancelled.');
    return { status: 'aborted' };
  }

  /** Runs `work` once the exports before it are done; a begun export holds the queue until it is closed. */
  function queued<T>(work: (close: () => void) => Promise<T>): Promise<T> {
    let close: () => void = () => undefined;
    const closed = new Promise<void>((resolve) => (close = resolve));
    const result = queue.then(() => work(close));
    queue = result.then(
      (answer) => (typeof answer === 'object' && answer !== null && 'exportId' in answer ? closed : undefined),
      () => undefined,
    );
    return result;
  }

  return {
    save: (request) => queued(() => save(request)),
    begin: (request) => queued((close) => begin(request, close)),
    append,
    finish,
    abort,
    abortAll: async () => {
      await Promise.all([...open.keys()].map((exportId) => abort(exportId)));
    },
  };
}
