import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BackupInfo } from '../../../shared/ipc/contract';
import { GmDatabase } from '../db/database';
import { fillDatabase } from './backups.test-support';
import { dumpDatabase } from './database-dump';
import type { BackupWorkerReply, BackupWorkerRequest } from './backup-worker-protocol';
import { runBackupWork } from './backup-work';
import { setBackupWorkerFactory } from './off-main-thread';
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

describe('restoring a backup in the browser fallback', () => {
  const TOKEN = 'launch-token';
  let served: { path: string; token: string | null; body: string }[];

  /** The loopback bridge as the worker reaches it: readBackup answered with `answer`, content as the body. */
  function bridgeFetch(answer: () => Response) {
    return async (input: string, init: RequestInit) => {
      served.push({ path: input, token: (init.headers as Record<string, string>)['X-GM-Token'] ?? null, body: String(init.body) });
      return answer();
    };
  }
  const contentAnswer = (content: string) =>
    new Response(content, { headers: { 'X-GM-Fields': encodeURIComponent(JSON.stringify({ status: 'read', backup: info })) } });

  /** A worker running the real backup work, with the page's messages in order. */
  function workerWith(fetch: (input: string, init: RequestInit) => Promise<Response>, messages: unknown[]) {
    setBackupWorkerFactory(() => {
      const worker = {
        onmessage: null as ((message: MessageEvent) => void) | null,
        onerror: null,
        terminate: () => undefined,
        postMessage(request: BackupWorkerRequest) {
          const post = (data: unknown) => {
            messages.push(data);
            worker.onmessage?.({ data } as MessageEvent);
          };
          void runBackupWork(request, { fetch, progress: post }).then((reply: BackupWorkerReply) => post(reply));
        },
      };
      return worker as unknown as Worker;
    });
  }

  beforeEach(() => {
    served = [];
    document.head.insertAdjacentHTML('beforeend', `<meta name="gm-bridge-token" content="${TOKEN}">`);
  });
  afterEach(() => {
    document.head.querySelector('meta[name="gm-bridge-token"]')?.remove();
    setBackupWorkerFactory(null);
  });

  it('reads and restores in the worker, the page never asked for the text, with the steps in order', async () => {
    const messages: unknown[] = [];
    workerWith(bridgeFetch(() => contentAnswer(backupText)), messages);
    const steps: string[] = [];
    const result = await restoreBackup(target, 'b.json', { pauseAutomatic: () => steps.push('paused'), resumeAutomatic: () => steps.push('resumed'), onStep: (step) => steps.push(step) });
    expect(result).toEqual({ status: 'restored', backup: info });
    expect(steps).toEqual(['reading', 'paused', 'restoring']);
    expect(served).toEqual([{ path: '/api/readBackup', token: TOKEN, body: '{"name":"b.json"}' }]);
    expect(gmMock.readBackup).not.toHaveBeenCalled();
    expect(messages).toEqual([{ progress: 'restoring' }, { ok: true, readAndRestore: { status: 'read', backup: info, restore: { status: 'restored', encounters: 2, events: 7 } } }]);
    expect((await dumpDatabase(target)).content).toBe(backupText);
  });

  it('changes nothing, and resumes automatic backups, when the service refuses or the content is refused', async () => {
    const refusal = JSON.stringify({ value: { status: 'failed', message: 'The backup of 1 Dec 19:00 is damaged: its checksum does not match.' } });
    const cases = [
      [() => new Response(refusal), 'The backup of 1 Dec 19:00 is damaged: its checksum does not match. Nothing was changed.'],
      [() => contentAnswer('{"format":"x"}'), 'This is not a GM Screen database backup (its format is not "gm-screen-database"). Nothing was changed.'],
      [() => new Response('{"error":"Forbidden"}', { status: 403 }), "GM Screen's server refused readBackup (403): Forbidden Nothing was changed."],
    ] as const;
    for (const [answer, message] of cases) {
      workerWith(bridgeFetch(answer), []);
      const resumed = vi.fn();
      expect(await restoreBackup(target, 'b.json', { resumeAutomatic: resumed })).toEqual({ status: 'failed', message });
      expect(resumed).toHaveBeenCalledTimes(1);
      expect((await dumpDatabase(target)).content).toBe(targetBefore);
    }
  });

  it('reads on the page when no worker can run, and when the database will not open (checked before it is replaced)', async () => {
    setBackupWorkerFactory(null);
    expect(await restoreBackup(target, 'b.json')).toEqual({ status: 'restored', backup: info });
    expect(gmMock.readBackup).toHaveBeenCalledTimes(1);
    workerWith(bridgeFetch(() => contentAnswer(backupText)), []);
    target.close();
    expect(await restoreBackup(new GmDatabase(target.name), 'b.json', { replaceUnopenable: true })).toEqual({ status: 'restored', backup: info });
    expect(gmMock.readBackup).toHaveBeenCalledTimes(2);
    expect(served).toEqual([]);
  });
});
