import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BackupReason } from '../../../shared/ipc/contract';
import { GmDatabase } from '../db/database';
import { fillDatabase } from './backups.test-support';
import { useBackupsStore } from './backups-store';
import { dumpDatabase } from './database-dump';

/** The shell's notice that the desktop app is quitting, fired by the test. */
const quitHandlers = vi.hoisted(() => new Set<() => void>());
const readBackup = vi.hoisted(() => vi.fn<(request: { name: string }) => Promise<unknown>>());
vi.mock('../platform/gm', () => ({
  gm: {
    readBackup,
    onQuitBackupRequested: (handler: () => void) => {
      quitHandlers.add(handler);
      return () => quitHandlers.delete(handler);
    },
  },
}));

let databaseCount = 0;

beforeEach(() => {
  setActivePinia(createPinia());
});

const savedAs = (reason: BackupReason) => ({
  status: 'saved' as const,
  backup: { name: 'b.json', createdAt: '2026-12-01T19:00:00.000Z', bytes: 1, encounters: 0, events: 0, reason },
});

describe('backups store', () => {
  it('notices writes from any table through the database connection and backs up once they settle', async () => {
    const db = new GmDatabase(`gm-screen-backups-store-${databaseCount++}`);
    const runs: BackupReason[] = [];
    const store = useBackupsStore();
    const stop = store.start(db, { settleMs: 30, run: async (reason) => (runs.push(reason), savedAs(reason)) });
    await db.open();
    await db.settings.put({ key: 'theme', value: 'light' });
    await db.rolls.add({ id: 'r', at: 'a', roller: 'GM', reason: '', source: 'crypto', groups: [] });
    await vi.waitFor(() => expect(runs).toEqual(['settled']));
    expect(store.lastSaved?.reason).toBe('settled');
    // Reading is not a change.
    await db.settings.toArray();
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(runs).toEqual(['settled']);
    stop();
    db.close();
  });

  it('keeps the failure of an automatic backup until one succeeds; a failed manual one does not replace it', async () => {
    const db = new GmDatabase(`gm-screen-backups-store-${databaseCount++}`);
    let fail = true;
    const store = useBackupsStore();
    const stop = store.start(db, {
      settleMs: 10,
      run: async (reason) => (fail ? { status: 'failed', message: 'The disk is full.' } : savedAs(reason)),
    });
    await db.settings.put({ key: 'theme', value: 'light' });
    await vi.waitFor(() =>
      expect(store.automaticFailure).toBe('The automatic backup failed: The disk is full. It is tried again after the next change.'),
    );
    await store.backUp('manual', db);
    expect(store.automaticFailure).toBe('The automatic backup failed: The disk is full. It is tried again after the next change.');
    fail = false;
    await db.settings.put({ key: 'theme', value: 'dark' });
    await vi.waitFor(() => expect(store.automaticFailure).toBe(null));
    stop();
    db.close();
  });

  it('backs up at once with reason "quit" when the desktop app asks, until stopped', async () => {
    const db = new GmDatabase(`gm-screen-backups-store-${databaseCount++}`);
    const runs: BackupReason[] = [];
    const store = useBackupsStore();
    const stop = store.start(db, { settleMs: 60_000, run: async (reason) => (runs.push(reason), savedAs(reason)) });
    await vi.waitFor(() => expect(store.active).toBe(true));
    for (const handler of quitHandlers) handler();
    await vi.waitFor(() => expect(runs).toEqual(['quit']));
    stop();
    expect(quitHandlers.size).toBe(0);
    expect(store.active).toBe(false);
  });

  it('restores through the same queue: the current state backed up first, the restore’s own writes not backed up', async () => {
    const source = new GmDatabase(`gm-screen-backups-store-${databaseCount++}`);
    await fillDatabase(source);
    const content = (await dumpDatabase(source)).content;
    const info = savedAs('manual').backup;
    readBackup.mockResolvedValue({ status: 'read', backup: info, content });
    const db = new GmDatabase(`gm-screen-backups-store-${databaseCount++}`);
    const runs: BackupReason[] = [];
    const store = useBackupsStore();
    const stop = store.start(db, { settleMs: 20, run: async (reason) => (runs.push(reason), savedAs(reason)) });
    await db.settings.put({ key: 'theme', value: 'light' });
    await vi.waitFor(() => expect(runs).toEqual(['settled']));
    expect(await store.restore('b.json', { backUpFirst: true }, db)).toEqual({ status: 'restored', backup: info });
    expect(runs).toEqual(['settled', 'before-restore']);
    expect((await dumpDatabase(db)).content).toBe(content);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(runs).toEqual(['settled', 'before-restore']);
    stop();
  });
});
