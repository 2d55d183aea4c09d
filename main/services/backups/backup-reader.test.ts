import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { encodeBackup } from './backup-file';
import { readBackupFile, readBackupStart } from './backup-reader';

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'gm-backup-reader-'));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

const description = { createdAt: new Date('2026-12-01T19:05:00.000Z'), reason: 'manual' as const, encounters: 1, events: 2 };
const body = '{"name":"Zoë 🐉","events":[1,2,3]}'.repeat(20);

async function backupFile(): Promise<{ path: string; file: Buffer }> {
  const { parts } = encodeBackup(description, body);
  const file = Buffer.concat(Array.from(parts, (part) => Buffer.from(part)));
  const path = join(folder, 'b.gmbackup');
  await writeFile(path, file);
  return { path, file };
}

describe('readBackupFile', () => {
  it('reads an intact backup back in chunks that split characters, whole', async () => {
    const { path, file } = await backupFile();
    for (const chunkBytes of [3, 7, 1024, 4 * 1024 * 1024]) {
      const reading = await readBackupFile(path, chunkBytes);
      expect(reading.kind === 'intact' && [reading.body, reading.fileBytes]).toEqual([body, file.byteLength]);
    }
  });

  it('names a flipped byte, a cut-off body and a longer one', async () => {
    const { path, file } = await backupFile();
    const flipped = Buffer.from(file);
    flipped.writeUInt8(flipped.readUInt8(flipped.byteLength - 10) ^ 0x20, flipped.byteLength - 10);
    await writeFile(path, flipped);
    expect(await readBackupFile(path, 16)).toMatchObject({ kind: 'damaged', problem: 'its checksum does not match' });
    await writeFile(path, file.subarray(0, file.byteLength - 1));
    expect(await readBackupFile(path)).toMatchObject({ kind: 'damaged', problem: `it is incomplete (${Buffer.byteLength(body) - 1} of ${Buffer.byteLength(body)} bytes)` });
    await writeFile(path, Buffer.concat([file, Buffer.from('\n')]));
    expect(await readBackupFile(path)).toMatchObject({ kind: 'damaged', problem: 'it holds 1 bytes more than its header says' });
  });

  it('says "not ours" for a file without our header, and reads only the start for a list', async () => {
    const path = join(folder, 'x.gmbackup');
    await writeFile(path, 'just text');
    expect(await readBackupFile(path)).toEqual({ kind: 'not-ours' });
    await writeFile(path, Buffer.alloc(100 * 1024, 0x61));
    expect((await readBackupStart(path)).start.byteLength).toBe(64 * 1024);
    expect((await readBackupStart(path)).size).toBe(100 * 1024);
  });
});
