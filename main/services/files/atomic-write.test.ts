import * as nodeFs from 'node:fs/promises';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  AtomicWriteError,
  isTemporaryFileName,
  RENAME_RETRY_DELAYS_MS,
  temporaryPathFor,
  writeFileAtomic,
  type WritableFile,
  type WriterFileSystem,
} from './atomic-write';

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'gm-atomic-'));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

const failure = (code: string) => Object.assign(new Error(`${code}: simulated`), { code });
const noSleep = async () => undefined;

/** The real file system with the calls it records and the faults a test asks for. */
function faultyFs(faults: {
  renameFailures?: string[];
  openFolder?: string;
  folderSync?: string;
  write?: string;
  sync?: string;
  close?: string;
}): WriterFileSystem & { calls: string[] } {
  const renameFailures = [...(faults.renameFailures ?? [])];
  const calls: string[] = [];
  return {
    calls,
    async open(path, flags) {
      calls.push(`open ${flags}`);
      if (flags === 'r' && faults.openFolder) throw failure(faults.openFolder);
      const handle = (await nodeFs.open(path, flags)) as unknown as WritableFile;
      const isFolder = flags === 'r';
      return {
        async writeFile(data) {
          calls.push('write');
          if (faults.write) throw failure(faults.write);
          await handle.writeFile(data);
        },
        async sync() {
          calls.push(isFolder ? 'sync folder' : 'sync');
          const fault = isFolder ? faults.folderSync : faults.sync;
          if (fault) throw failure(fault);
          await handle.sync();
        },
        async close() {
          calls.push('close');
          await handle.close();
          if (!isFolder && faults.close) throw failure(faults.close);
        },
      };
    },
    async rename(from, to) {
      calls.push('rename');
      const code = renameFailures.shift();
      if (code) throw failure(code);
      await nodeFs.rename(from, to);
    },
    async unlink(path) {
      calls.push('unlink');
      await nodeFs.unlink(path);
    },
  };
}

async function rejection(promise: Promise<unknown>): Promise<AtomicWriteError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AtomicWriteError) return error;
    throw error;
  }
  throw new Error('the write was expected to fail');
}

describe('writeFileAtomic', () => {
  it('creates a file, then replaces it whole, leaving no temporary file behind', async () => {
    const target = join(folder, 'report.md');
    await writeFileAtomic(target, '# Round 1\n');
    expect(await readFile(target, 'utf8')).toBe('# Round 1\n');
    await writeFileAtomic(target, new Uint8Array([0xc3, 0xa9]));
    expect(await readFile(target, 'utf8')).toBe('é');
    await writeFileAtomic(target, [Buffer.from('head\n'), new Uint8Array(0), Buffer.from('body')]);
    expect(await readFile(target, 'utf8')).toBe('head\nbody');
    expect(await readdir(folder)).toEqual(['report.md']);
  });

  it('writes parts as an async producer makes them, each on disk before the next is asked for', async () => {
    const target = join(folder, 'log.csv');
    const onDiskWhenAsked: number[] = [];
    const temporarySize = async () => {
      const name = (await readdir(folder)).find(isTemporaryFileName);
      return name ? (await readFile(join(folder, name))).length : -1;
    };
    async function* parts(): AsyncGenerator<Uint8Array> {
      for (const text of ['a,b\r\n', '1,2\r\n', '3,4']) {
        onDiskWhenAsked.push(await temporarySize());
        await new Promise((resolve) => setTimeout(resolve, 1));
        yield Buffer.from(text);
      }
    }
    await writeFileAtomic(target, parts());
    expect(await readFile(target, 'utf8')).toBe('a,b\r\n1,2\r\n3,4');
    expect(onDiskWhenAsked).toEqual([0, 5, 10]);
    expect(await readdir(folder)).toEqual(['log.csv']);
  });

  it('fails at "write" when the producer throws, removing the temporary file and keeping the old content', async () => {
    const target = join(folder, 'report.html');
    await writeFile(target, 'old');
    const stopped = new Error('The export was cancelled.');
    async function* parts(): AsyncGenerator<Uint8Array> {
      yield Buffer.from('<h1>Round 1</h1>');
      throw stopped;
    }
    const error = await rejection(writeFileAtomic(target, parts()));
    expect([error.step, error.cause, error.target]).toEqual(['write', stopped, target]);
    expect(await readdir(folder)).toEqual(['report.html']);
    expect(await readFile(target, 'utf8')).toBe('old');
  });

  it('writes to a temporary file, syncs it, renames it over the target, then syncs the folder, in that order', async () => {
    const fs = faultyFs({});
    await writeFileAtomic(join(folder, 'a.json'), '{}', { fs, platform: 'linux' });
    expect(fs.calls).toEqual(['open wx', 'write', 'sync', 'close', 'rename', 'open r', 'sync folder', 'close']);
  });

  it('retries a rename refused twice (EPERM, then EBUSY) and then succeeds, waiting the first two delays', async () => {
    const waits: number[] = [];
    const fs = faultyFs({ renameFailures: ['EPERM', 'EBUSY'] });
    const target = join(folder, 'a.txt');
    await writeFileAtomic(target, 'kept', { fs, sleep: async (ms) => void waits.push(ms) });
    expect(await readFile(target, 'utf8')).toBe('kept');
    expect(waits).toEqual([20, 40]);
    expect(fs.calls.filter((call) => call === 'rename')).toHaveLength(3);
  });

  it('gives up after 10 refused renames, under 2 s of waiting, removes the temporary file and keeps the old content', async () => {
    const target = join(folder, 'a.txt');
    await writeFile(target, 'old');
    const waits: number[] = [];
    const fs = faultyFs({ renameFailures: Array<string>(20).fill('EACCES') });
    const error = await rejection(writeFileAtomic(target, 'new', { fs, sleep: async (ms) => void waits.push(ms) }));
    expect([error.step, error.attempts, error.code]).toEqual(['rename', 10, 'EACCES']);
    expect(waits).toEqual([...RENAME_RETRY_DELAYS_MS]);
    expect(waits.reduce((sum, ms) => sum + ms, 0)).toBe(1780);
    expect(await readFile(target, 'utf8')).toBe('old');
    expect(await readdir(folder)).toEqual(['a.txt']);
  });

  it('does not retry a rename that fails for a lasting reason (EXDEV)', async () => {
    const fs = faultyFs({ renameFailures: ['EXDEV'] });
    const error = await rejection(writeFileAtomic(join(folder, 'a.txt'), 'x', { fs, sleep: noSleep }));
    expect([error.step, error.attempts, error.code]).toEqual(['rename', 1, 'EXDEV']);
    expect(await readdir(folder)).toEqual([]);
  });

  it('removes the temporary file and keeps the old content when the disk fills during the write', async () => {
    const target = join(folder, 'a.txt');
    await writeFile(target, 'old');
    const error = await rejection(writeFileAtomic(target, 'new', { fs: faultyFs({ write: 'ENOSPC' }) }));
    expect([error.step, error.code, error.target]).toEqual(['write', 'ENOSPC', target]);
    expect(await readdir(folder)).toEqual(['a.txt']);
    expect(await readFile(target, 'utf8')).toBe('old');
  });

  it('removes the temporary file when the flush or the close fails', async () => {
    const sync = await rejection(writeFileAtomic(join(folder, 'a.txt'), 'x', { fs: faultyFs({ sync: 'EIO' }) }));
    expect([sync.step, sync.code]).toEqual(['sync', 'EIO']);
    const close = await rejection(writeFileAtomic(join(folder, 'a.txt'), 'x', { fs: faultyFs({ close: 'EIO' }) }));
    expect([close.step, close.code]).toEqual(['sync', 'EIO']);
    expect(await readdir(folder)).toEqual([]);
  });

  it('fails at "create" when the folder does not exist', async () => {
    const error = await rejection(writeFileAtomic(join(folder, 'missing', 'a.txt'), 'x'));
    expect([error.step, error.code]).toEqual(['create', 'ENOENT']);
  });

  it('skips the folder flush quietly on Windows only, where a folder cannot be opened or flushed', async () => {
    for (const code of ['EISDIR', 'EPERM', 'EINVAL']) {
      await writeFileAtomic(join(folder, 'a.txt'), code, { fs: faultyFs({ openFolder: code }), platform: 'win32' });
      await writeFileAtomic(join(folder, 'a.txt'), code, { fs: faultyFs({ folderSync: code }), platform: 'win32' });
      expect(await readFile(join(folder, 'a.txt'), 'utf8')).toBe(code);
    }
    const linux = await rejection(writeFileAtomic(join(folder, 'b.txt'), 'x', { fs: faultyFs({ folderSync: 'EINVAL' }), platform: 'linux' }));
    expect([linux.step, linux.code]).toEqual(['sync-folder', 'EINVAL']);
    const windowsIo = await rejection(writeFileAtomic(join(folder, 'c.txt'), 'x', { fs: faultyFs({ folderSync: 'EIO' }), platform: 'win32' }));
    expect([windowsIo.step, windowsIo.code]).toEqual(['sync-folder', 'EIO']);
  });

  it('names its temporary files with a dot, in the target folder, uniquely', () => {
    const first = temporaryPathFor('/data/backups/x.gmbackup');
    const second = temporaryPathFor('/data/backups/x.gmbackup');
    expect(first).toMatch(new RegExp(`^/data/backups/\\.x\\.gmbackup\\.${process.pid}\\.[0-9a-f]{12}\\.tmp$`));
    expect(first).not.toBe(second);
    expect(isTemporaryFileName('.x.gmbackup.12.abcdef012345.tmp')).toBe(true);
    expect(isTemporaryFileName('x.tmp')).toBe(false);
    expect(isTemporaryFileName('.x.gmbackup')).toBe(false);
  });
});
