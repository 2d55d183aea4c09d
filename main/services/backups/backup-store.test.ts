import * as nodeFs from 'node:fs/promises';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, truncate, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WriterFileSystem } from '../files/atomic-write';
import { backupFileName, createBackupStore } from './backup-store';

let data: string;
let folder: string;
let clock: Date;
beforeEach(async () => {
  data = await mkdtemp(join(tmpdir(), 'gm-backups-'));
  folder = join(data, 'backups');
  clock = new Date('2026-12-01T19:05:00.000Z');
});
afterEach(async () => {
  await chmod(data, 0o700).catch(() => undefined);
  await rm(data, { recursive: true, force: true });
});

const store = () => createBackupStore({ folder, now: () => clock, timeZone: 'UTC' });
const request = (content: string, reason: 'settled' | 'quit' | 'manual' = 'settled') => ({ reason, encounters: 1, events: 3, content });

describe('backup store', () => {
  it('writes a backup into a new backups folder under a sortable name and reads it back', async () => {
    const written = await store().write(request('{"dump":1}', 'quit'));
    const name = 'gm-screen-2026-12-01T19-05-00.000Z-quit.gmbackup';
    const file = await readFile(join(folder, name));
    expect(written).toEqual({
      status: 'saved',
      backup: { name, createdAt: '2026-12-01T19:05:00.000Z', bytes: file.byteLength, encounters: 1, events: 3, reason: 'quit' },
    });
    expect(await store().read(name)).toEqual({ status: 'read', backup: written.status === 'saved' ? written.backup : null, content: '{"dump":1}' });
  });

  it('gives a second backup in the same millisecond its own name', async () => {
    await store().write(request('a'));
    const second = await store().write(request('b'));
    expect(second.status === 'saved' && second.backup.name).toBe('gm-screen-2026-12-01T19-05-00.000Z-settled-2.gmbackup');
    expect(backupFileName(clock, 'manual', 3)).toBe('gm-screen-2026-12-01T19-05-00.000Z-manual-3.gmbackup');
  });

  it('lists newest first from headers alone, skipping files that are not ours', async () => {
    await store().write(request('first'));
    clock = new Date('2026-12-01T20:00:00.000Z');
    await store().write(request('second', 'manual'));
    await writeFile(join(folder, 'notes.txt'), 'hello');
    await writeFile(join(folder, 'fake.gmbackup'), '{"format":"someone-else"}\nbody');
    await writeFile(join(folder, 'empty.gmbackup'), '');
    await writeFile(join(folder, '.gm-screen-x.gmbackup.1.abc.tmp'), 'left by a crash');
    await mkdir(join(folder, 'folder.gmbackup'));
    const listed = await store().list();
    expect(listed.folder).toBe(folder);
    expect(listed.backups.map((backup) => backup.name)).toEqual([
      'gm-screen-2026-12-01T20-00-00.000Z-manual.gmbackup',
      'gm-screen-2026-12-01T19-05-00.000Z-settled.gmbackup',
    ]);
  });

  it('lists nothing before the first backup (no folder yet)', async () => {
    expect(await store().list()).toEqual({ folder, backups: [] });
    expect(await store().findNewestIntact()).toBeNull();
  });

  it('refuses to list a folder it may not read, with the sentence', async () => {
    await store().write(request('x'));
    await chmod(folder, 0o000);
    if (process.getuid?.() === 0) return; // root reads any folder: the refusal cannot happen here
    await expect(store().list()).rejects.toThrow(`Could not read ${folder}: permission denied for ${folder}.`);
  });

  describe('damage is found and named', () => {
    const name = 'gm-screen-2026-12-01T19-05-00.000Z-settled.gmbackup';
    beforeEach(async () => {
      await store().write(request('{"encounters":[1,2,3]}'));
    });

    it('one byte flipped in the body', async () => {
      const file = await readFile(join(folder, name));
      file.writeUInt8(file.readUInt8(file.byteLength - 3) ^ 0x01, file.byteLength - 3);
      await writeFile(join(folder, name), file);
      expect(await store().read(name)).toEqual({ status: 'failed', message: 'The backup of 1 Dec 19:05 is damaged: its checksum does not match.' });
    });

    it('cut short', async () => {
      const file = await readFile(join(folder, name));
      await truncate(join(folder, name), file.byteLength - 5);
      expect(await store().read(name)).toEqual({ status: 'failed', message: 'The backup of 1 Dec 19:05 is damaged: it is incomplete (17 of 22 bytes).' });
    });

    it('header edited: a size that is not the body’s, or a checksum changed', async () => {
      const file = (await readFile(join(folder, name), 'utf8')).replace('"bytes":22', '"bytes":21');
      await writeFile(join(folder, name), file);
      expect(await store().read(name)).toEqual({
        status: 'failed',
        message: 'The backup of 1 Dec 19:05 is damaged: it holds 1 bytes more than its header says.',
      });
      const [headerLine, body] = file.split('\n') as [string, string];
      const otherSha = { ...JSON.parse(headerLine), bytes: 22, sha256: 'f'.repeat(64) };
      await writeFile(join(folder, name), `${JSON.stringify(otherSha)}\n${body}`);
      expect(await store().read(name)).toEqual({ status: 'failed', message: 'The backup of 1 Dec 19:05 is damaged: its checksum does not match.' });
    });

    it('header unreadable: told by the time in its name, and left out of the list', async () => {
      await writeFile(join(folder, name), '{"format":"gm-screen-backup",\n{}');
      expect(await store().read(name)).toEqual({ status: 'failed', message: 'The backup of 1 Dec 19:05 is damaged: its header cannot be read.' });
      await writeFile(join(folder, 'renamed.gmbackup'), 'garbage');
      expect(await store().read('renamed.gmbackup')).toEqual({ status: 'failed', message: 'The backup renamed.gmbackup is damaged: its header cannot be read.' });
      expect((await store().list()).backups).toEqual([]);
    });

    it('a name that is not a backup, or no such backup', async () => {
      expect(await store().read('notes.txt')).toEqual({ status: 'failed', message: 'notes.txt is not a GM Screen backup (their names end in .gmbackup).' });
      expect(await store().read('.hidden.gmbackup')).toEqual({
        status: 'failed',
        message: '.hidden.gmbackup is not a GM Screen backup (their names end in .gmbackup).',
      });
      expect(await store().read('gone.gmbackup')).toEqual({ status: 'failed', message: `There is no backup named gone.gmbackup in ${folder}.` });
    });

    it('a backup that cannot be read at all', async () => {
      await mkdir(join(folder, 'dir.gmbackup'));
      expect(await store().read('dir.gmbackup')).toEqual({
        status: 'failed',
        message: `Could not read ${join(folder, 'dir.gmbackup')}: it is a folder, not a file.`,
      });
    });
  });

  it('finds the newest intact backup, passing over newer damaged ones', async () => {
    await store().write(request('oldest'));
    clock = new Date('2026-12-01T19:10:00.000Z');
    const intact = await store().write(request('intact'));
    clock = new Date('2026-12-01T19:20:00.000Z');
    const damaged = await store().write(request('damaged'));
    const damagedPath = join(folder, damaged.status === 'saved' ? damaged.backup.name : '');
    await writeFile(damagedPath, (await readFile(damagedPath, 'utf8')).replace('damaged', 'DAMAGED'));
    expect(await store().findNewestIntact()).toEqual(intact.status === 'saved' ? intact.backup : 'unreachable');
  });

  it('prunes after each write: keeps 20 plus one per day for 14 days', async () => {
    // One backup a day at noon for 20 days, then 20 more on the last day.
    for (let day = 1; day <= 20; day++) {
      clock = new Date(Date.UTC(2026, 11, day, 12));
      await store().write(request(`day ${day}`));
    }
    for (let minute = 1; minute <= 20; minute++) {
      clock = new Date(Date.UTC(2026, 11, 20, 13, minute));
      await store().write(request(`minute ${minute}`));
    }
    const names = (await readdir(folder)).sort();
    // The 20 of Dec 20 13:xx, plus the newest of each day from Dec 7 to Dec 19 (Dec 20's newest is among the 20).
    expect(names).toHaveLength(33);
    expect(names[0]).toBe('gm-screen-2026-12-07T12-00-00.000Z-settled.gmbackup');
    expect(names[12]).toBe('gm-screen-2026-12-19T12-00-00.000Z-settled.gmbackup');
    expect(names[13]).toBe('gm-screen-2026-12-20T13-01-00.000Z-settled.gmbackup');
    expect(names).not.toContain('gm-screen-2026-12-20T12-00-00.000Z-settled.gmbackup');
  });

  it('fails with the sentence when the backups folder cannot be created', async () => {
    await writeFile(folder, 'a file where the folder should be');
    const answer = await store().write(request('x'));
    expect(answer).toEqual({
      status: 'failed',
      message: `Could not save ${join(folder, 'gm-screen-2026-12-01T19-05-00.000Z-settled.gmbackup')}: part of its path is a file, not a folder.`,
    });
  });

  it('tells the GM when the disk is full, or when another program keeps the backup locked', async () => {
    const target = join(folder, 'gm-screen-2026-12-01T19-05-00.000Z-settled.gmbackup');
    const failing = (override: Partial<WriterFileSystem>): WriterFileSystem => ({ ...(nodeFs as unknown as WriterFileSystem), ...override });
    const fault = (code: string) => Object.assign(new Error(code), { code });
    const full = createBackupStore({
      folder,
      now: () => clock,
      writeOptions: { fs: failing({ open: async (path, flags) => (flags === 'wx' ? Promise.reject(fault('ENOSPC')) : nodeFs.open(path, flags)) }) },
    });
    expect(await full.write(request('x'))).toEqual({ status: 'failed', message: `Could not save ${target}: the disk is full.` });
    const locked = createBackupStore({
      folder,
      now: () => clock,
      writeOptions: { fs: failing({ rename: async () => Promise.reject(fault('EPERM')) }), sleep: async () => undefined },
    });
    expect(await locked.write(request('x'))).toEqual({
      status: 'failed',
      message: `Could not save ${target}: another program (an anti-virus scanner or a file indexer, perhaps) kept it locked through 10 attempts; try again in a moment.`,
    });
    expect(await readdir(folder)).toEqual([]);
  });

  it('removes temporary files a crashed write left over an hour ago when it writes', async () => {
    await mkdir(folder);
    const stale = '.gm-screen-2026-12-01T17-00-00.000Z-quit.gmbackup.4242.0123456789ab.tmp';
    await writeFile(join(folder, stale), 'half a backup');
    await utimes(join(folder, stale), new Date('2026-12-01T17:00:00.000Z'), new Date('2026-12-01T17:00:00.000Z'));
    await store().write(request('x'));
    expect(await readdir(folder)).toEqual(['gm-screen-2026-12-01T19-05-00.000Z-settled.gmbackup']);
  });

  it('stores and verifies a 50 MB body', { timeout: 60_000 }, async () => {
    const body = 'x'.repeat(50 * 1024 * 1024);
    const written = await store().write(request(body));
    expect(written.status).toBe('saved');
    const read = await store().read('gm-screen-2026-12-01T19-05-00.000Z-settled.gmbackup');
    expect(read.status === 'read' && read.content.length).toBe(body.length);
    expect(written.status === 'saved' && written.backup.bytes).toBe((await stat(join(folder, 'gm-screen-2026-12-01T19-05-00.000Z-settled.gmbackup'))).size);
  });
});
