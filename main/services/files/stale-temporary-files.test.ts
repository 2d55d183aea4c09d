import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeStaleTemporaryFiles } from './stale-temporary-files';

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'gm-stale-'));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('removeStaleTemporaryFiles', () => {
  it('removes the writer’s temporary files older than an hour, and nothing else', async () => {
    const now = new Date('2026-12-01T19:00:00.000Z');
    const at = async (name: string, minutesAgo: number) => {
      await writeFile(join(folder, name), 'x');
      const time = new Date(now.getTime() - minutesAgo * 60_000);
      await utimes(join(folder, name), time, time);
    };
    await at('.b.gmbackup.12.aaaaaaaaaaaa.tmp', 61);
    await at('.b.gmbackup.12.bbbbbbbbbbbb.tmp', 59); // perhaps still being written
    await at('old.tmp', 600); // not the writer's (no dot)
    await at('.hidden', 600);
    await mkdir(join(folder, '.dir.tmp'));
    expect(await removeStaleTemporaryFiles(folder, now)).toEqual(['.b.gmbackup.12.aaaaaaaaaaaa.tmp']);
    expect((await readdir(folder)).sort()).toEqual(['.b.gmbackup.12.bbbbbbbbbbbb.tmp', '.dir.tmp', '.hidden', 'old.tmp']);
  });

  it('finds nothing in a folder that does not exist', async () => {
    expect(await removeStaleTemporaryFiles(join(folder, 'missing'), new Date())).toEqual([]);
  });
});
