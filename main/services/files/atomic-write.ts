import { randomBytes } from 'node:crypto';
import * as nodeFs from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** The part of an open file the writer uses (node:fs/promises' FileHandle fits). */
export interface WritableFile {
  writeFile(data: string | Uint8Array): Promise<void>;
  sync(): Promise<void>;
  close(): Promise<void>;
}

/** The file-system operations the writer needs; injected so tests can make them fail. */
export interface WriterFileSystem {
  open(path: string, flags: string): Promise<WritableFile>;
  rename(from: string, to: string): Promise<void>;
  unlink(path: string): Promise<void>;
}

export interface AtomicWriteOptions {
  readonly fs?: WriterFileSystem;
  /** process.platform by default: only Windows may skip the folder's fsync. */
  readonly platform?: NodeJS.Platform;
  /** Waits between rename attempts; setTimeout by default, instant in tests. */
  readonly sleep?: (ms: number) => Promise<void>;
}

export type AtomicWriteStep = 'create' | 'write' | 'sync' | 'rename' | 'sync-folder';

/** A failed write: the step it failed at and, for a refused rename, how often it was tried. */
export class AtomicWriteError extends Error {
  readonly code: string | undefined;
  constructor(
    readonly target: string,
    readonly step: AtomicWriteStep,
    readonly attempts: number,
    override readonly cause: unknown,
  ) {
    super(`${step} of ${target} failed: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'AtomicWriteError';
    this.code = errorCode(cause);
  }
}

/** Waits before each retry of a refused rename: 9 waits, 1.78 s in all, so 10 attempts stay under 2 s. */
export const RENAME_RETRY_DELAYS_MS: readonly number[] = [20, 40, 80, 160, 250, 300, 300, 310, 320];

// Windows anti-virus scanners and indexers hold a fresh file open for a moment and a rename
// over it is refused meanwhile; these clear on their own.
const TRANSIENT_RENAME_CODES = new Set(['EPERM', 'EACCES', 'EBUSY']);
// Windows cannot open or fsync a folder; the rename is as durable as NTFS makes it.
const WINDOWS_FOLDER_SYNC_CODES = new Set(['EISDIR', 'EPERM', 'EINVAL']);

export function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A dot-prefixed name in the target's folder, unique per call, so a rename never crosses file systems. */
export function temporaryPathFor(target: string): string {
  return join(dirname(target), `.${basename(target)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
}

/** Whether a file name is one of the writer's temporary files (left behind only when the process died mid-write). */
export function isTemporaryFileName(name: string): boolean {
  return name.startsWith('.') && name.endsWith('.tmp');
}

/**
 * Replaces `target` with `data` so that, whatever moment the process or machine dies, the file
 * holds either its previous complete content or the new complete content, never a mix: the data
 * goes to a temporary file in the same folder, is flushed to disk, and is renamed over the target;
 * the folder is then flushed so the rename itself survives a power cut. The temporary file is
 * removed on any failure. `data` may come in parts (a header, then a body a chunk at a time),
 * also as they are made (an async iterable: a long export written piece by piece, never held
 * whole); a producer that throws fails the write at "write", and the target keeps what it had.
 * Throws an AtomicWriteError (see describeFileError for the GM's sentence).
 */
export async function writeFileAtomic(
  target: string,
  data: string | Uint8Array | Iterable<Uint8Array> | AsyncIterable<Uint8Array>,
  options: AtomicWriteOptions = {},
): Promise<void> {
  const fs = options.fs ?? (nodeFs as unknown as WriterFileSystem);
  const platform = options.platform ?? process.platform;
  const sleep = options.sleep ?? defaultSleep;
  const temporary = temporaryPathFor(target);

  let file: WritableFile;
  try {
    file = await fs.open(temporary, 'wx');
  } catch (error) {
    throw new AtomicWriteError(target, 'create', 1, error);
  }
  let step: AtomicWriteStep = 'write';
  try {
    // Parts are written one after another (each writeFile continues where the last ended) and the
    // next is asked for only once the last is written, so a producer may reuse one buffer.
    for await (const part of typeof data === 'string' || data instanceof Uint8Array ? [data] : data) await file.writeFile(part);
    step = 'sync';
    await file.sync();
  } catch (error) {
    await file.close().catch(() => undefined);
    await fs.unlink(temporary).catch(() => undefined);
    throw new AtomicWriteError(target, step, 1, error);
  }
  try {
    await file.close();
  } catch (error) {
    await fs.unlink(temporary).catch(() => undefined);
    throw new AtomicWriteError(target, 'sync', 1, error);
  }

  await renameWithRetry(fs, temporary, target, sleep);
  await syncFolder(fs, dirname(target), platform, target);
}

async function renameWithRetry(fs: WriterFileSystem, from: string, to: string, sleep: (ms: number) => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await fs.rename(from, to);
      return;
    } catch (error) {
      const delay = RENAME_RETRY_DELAYS_MS[attempt - 1];
      if (delay === undefined || !TRANSIENT_RENAME_CODES.has(errorCode(error) ?? '')) {
        await fs.unlink(from).catch(() => undefined);
        throw new AtomicWriteError(to, 'rename', attempt, error);
      }
      await sleep(delay);
    }
  }
}

async function syncFolder(fs: WriterFileSystem, folder: string, platform: NodeJS.Platform, target: string): Promise<void> {
  let handle: WritableFile | undefined;
  try {
    handle = await fs.open(folder, 'r');
    await handle.sync();
  } catch (error) {
    if (!(platform === 'win32' && WINDOWS_FOLDER_SYNC_CODES.has(errorCode(error) ?? ''))) {
      throw new AtomicWriteError(target, 'sync-folder', 1, error);
    }
  } finally {
    await handle?.close().catch(() => undefined);
  }
}
