import { afterEach, describe, expect, it } from 'vitest';
import { GmDatabase } from '../db/database';
import type { BackupWorkerReply, BackupWorkerRequest } from './backup-worker-protocol';
import { fillDatabase } from './backups.test-support';
import { dumpDatabase } from './database-dump';
import { dumpOffMainThread, restoreOffMainThread, setBackupWorkerFactory } from './off-main-thread';

let databaseCount = 0;

/** A stand-in worker: answers each request with `answer(request)`, or fails to load when it returns 'error'. */
function fakeWorker(answer: (request: BackupWorkerRequest) => BackupWorkerReply | 'error', seen: BackupWorkerRequest[] = []) {
  return () => {
    const worker = {
      onmessage: null as ((message: MessageEvent<BackupWorkerReply>) => void) | null,
      onerror: null as ((event: { preventDefault(): void }) => void) | null,
      terminated: false,
      terminate() {
        worker.terminated = true;
      },
      postMessage(request: BackupWorkerRequest) {
        seen.push(request);
        setTimeout(() => {
          const reply = answer(request);
          if (reply === 'error') worker.onerror?.({ preventDefault: () => undefined });
          else worker.onmessage?.({ data: reply } as MessageEvent<BackupWorkerReply>);
        }, 0);
      },
    };
    return worker as unknown as Worker;
  };
}

afterEach(() => setBackupWorkerFactory(null));

describe('backups off the main thread', () => {
  it('hands the worker the database by name and uses its dump', async () => {
    const db = new GmDatabase(`gm-screen-worker-test-${databaseCount++}`);
    const seen: BackupWorkerRequest[] = [];
    const fromWorker = { content: '{"made":"in the worker"}', encounters: 4, events: 40 };
    setBackupWorkerFactory(fakeWorker(() => ({ ok: true, dump: fromWorker }), seen));
    expect(await dumpOffMainThread(db)).toEqual(fromWorker);
    expect(seen).toEqual([{ kind: 'dump', database: db.name }]);
  });

  it.each([
    ['no worker at all', null],
    ['a worker that cannot be created', () => {
      throw new Error('SecurityError');
    }],
    ['a worker that fails to load', fakeWorker(() => 'error')],
  ])('does the work on the page with %s', async (_name, factory) => {
    const db = new GmDatabase(`gm-screen-worker-test-${databaseCount++}`);
    await fillDatabase(db);
    setBackupWorkerFactory(factory);
    const dump = await dumpOffMainThread(db);
    expect(dump).toEqual(await dumpDatabase(db));
    const copy = new GmDatabase(`gm-screen-worker-test-${databaseCount++}`);
    expect(await restoreOffMainThread(copy, dump.content)).toEqual({ status: 'restored', encounters: 2, events: 7 });
    expect((await dumpDatabase(copy)).content).toBe(dump.content);
  });

  it('reports a worker that could not do the work: a dump throws, a restore is refused', async () => {
    const db = new GmDatabase(`gm-screen-worker-test-${databaseCount++}`);
    setBackupWorkerFactory(fakeWorker(() => ({ ok: false, message: 'UnknownError: Internal error opening backing store' })));
    await expect(dumpOffMainThread(db)).rejects.toThrow('UnknownError: Internal error opening backing store');
    expect(await restoreOffMainThread(db, '{}')).toEqual({
      status: 'refused',
      message: 'The backup could not be restored (UnknownError: Internal error opening backing store).',
    });
  });
});
