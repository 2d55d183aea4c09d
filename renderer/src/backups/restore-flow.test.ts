import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BackupInfo } from '../../../shared/ipc/contract';
import { GmDatabase } from '../db/database';
import { fillDatabase } from './backups.test-support';
import { dumpDatabase } from './database-dump';
import { restoreBackup, type RestoreStep } from './restore-flow';

const info: BackupInfo = { name: 'b.json', createdAt: '2026-12-01T19:00:00.000Z', bytes: 2048, encounters: 2, events: 7, reason: 'manual' };
const gmMock = vi.hoisted(() => ({ readBackup: vi.fn<(request: { name: string }) => Promise<unknown>>() }));
vi.mock('../platform/gm', () => ({ gm: gmMock }));

let databaseCount = 0;
let source: GmDatabase;
let target: GmDatabase;
let backupText: string;
let targetBefore: string;

beforeEach(async () => {
  source = new GmDatabase(`gm-screen-flow-source-${databaseCount++}`);
  await fillDatabase(source);
  backupText = (await dumpDatabase(source)).content;
  target = new GmDatabase(`gm-screen-flow-target-${databaseCount++}`);
  await target.settings.put({ key: 'theme', value: 'light' });
  await target.rolls.add({ id: 'today', at: 'x', roller: 'GM', reason: '', source: 'crypto', groups: [] });
  targetBefore = (await dumpDatabase(target)).content;
  gmMock.readBackup.mockReset().mockResolvedValue({ status: 'read', backup: info, content: backupText });
});

describe('restoring a backup', () => {
  it('backs up first, reads, replaces every table, with the steps in order and automatic backups paused', async () => {
    const steps: (RestoreStep | 'paused' | 'first backup')[] = [];
    const result = await restoreBackup(target, 'b.json', {
      backUpCurrent: async () => (steps.push('first backup'), { status: 'saved', backup: { ...info, reason: 'before-restore' } }),
      pauseAutomatic: () => steps.push('paused'),
      onStep: (step) => steps.push(step),
    });
    expect(result).toEqual({ status: 'restored', backup: info });
    expect(steps).toEqual(['backing-up', 'first backup', 'reading', 'restoring', 'paused']);
    expect(gmMock.readBackup).toHaveBeenCalledWith({ name: 'b.json' });
    expect((await dumpDatabase(target)).content).toBe(backupText);
  });

  it('stops before reading anything when the current state cannot be backed up first', async () => {
    const result = await restoreBackup(target, 'b.json', { backUpCurrent: async () => ({ status: 'failed', message: 'The disk is full.' }) });
    expect(result).toEqual({ status: 'failed', message: 'The current state could not be backed up first, so nothing was restored: The disk is full.' });
    expect(gmMock.readBackup).not.toHaveBeenCalled();
    expect((await dumpDatabase(target)).content).toBe(targetBefore);
  });

  it('changes nothing when main finds the backup damaged', async () => {
    gmMock.readBackup.mockResolvedValue({ status: 'failed', message: 'The backup b.json is damaged: its checksum does not match its content.' });
    expect(await restoreBackup(target, 'b.json')).toEqual({
      status: 'failed',
      message: 'The backup b.json is damaged: its checksum does not match its content. Nothing was changed.',
    });
    expect((await dumpDatabase(target)).content).toBe(targetBefore);
  });

  it('changes nothing and resumes automatic backups when the content is refused', async () => {
    gmMock.readBackup.mockResolvedValue({ status: 'read', backup: info, content: backupText.replace('"schemaVersion":3', '"schemaVersion":7') });
    const resumed = vi.fn();
    expect(await restoreBackup(target, 'b.json', { resumeAutomatic: resumed })).toEqual({
      status: 'failed',
      message: 'This backup was made by a newer GM Screen (database version 7; this one has version 3). Update GM Screen to restore it. Nothing was changed.',
    });
    expect(resumed).toHaveBeenCalledTimes(1);
    expect((await dumpDatabase(target)).content).toBe(targetBefore);
  });

  it('says so when the file service cannot be reached', async () => {
    gmMock.readBackup.mockRejectedValue(new Error('Failed to fetch'));
    expect(await restoreBackup(target, 'b.json')).toEqual({ status: 'failed', message: 'The backup could not be read (Failed to fetch). Nothing was changed.' });
  });

  it('replaces a database that will not open with the backup, but only once the backup has been checked', async () => {
    gmMock.readBackup.mockResolvedValueOnce({ status: 'read', backup: info, content: '{"format":"something else"}' });
    const unopenable = new GmDatabase(target.name);
    expect(await restoreBackup(unopenable, 'b.json', { replaceUnopenable: true })).toEqual({
      status: 'failed',
      message: 'This is not a GM Screen database backup (its format is not "gm-screen-database"). Nothing was changed.',
    });
    expect((await dumpDatabase(target)).content).toBe(targetBefore);
    target.close();
    expect(await restoreBackup(unopenable, 'b.json', { replaceUnopenable: true })).toEqual({ status: 'restored', backup: info });
    expect((await dumpDatabase(new GmDatabase(target.name))).content).toBe(backupText);
  });
});
