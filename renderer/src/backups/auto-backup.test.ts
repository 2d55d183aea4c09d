import { createPinia, setActivePinia } from 'pinia';
import { describe, expect, it, vi } from 'vitest';
import { GmDatabase } from '../db/database';
import { useCommandsStore } from '../palette/commands-store';
import { startAutomaticBackups } from './auto-backup';

vi.mock('../platform/gm', () => ({ gm: { onQuitBackupRequested: () => () => undefined } }));

const FAILURE = 'The automatic backup failed: The disk is full. It is tried again after the next change.';

/** Automatic backups started on a database not yet open, each backup failing as on a full disk. */
function startFailingBackups(name: string) {
  const pinia = createPinia();
  setActivePinia(pinia);
  const db = new GmDatabase(name);
  const runs: string[] = [];
  const stop = startAutomaticBackups(pinia, db, {
    settleMs: 10,
    run: async (reason) => (runs.push(reason), { status: 'failed', message: 'The disk is full.' }),
  });
  return { db, runs, stop, announcement: () => useCommandsStore(pinia).announcement };
}

describe('startAutomaticBackups', () => {
  it('watches the writes of a database opened after it, and says a failed automatic backup on the status line', async () => {
    const { db, runs, stop, announcement } = startFailingBackups('gm-screen-auto-backup-1');
    await db.settings.put({ key: 'theme', value: 'light' });
    await vi.waitFor(() => expect(announcement()).toBe(FAILURE));
    expect(runs).toEqual(['settled']);
    stop();
    db.close();
  });

  it('is stopped by what it returns: later writes back nothing up and say nothing', async () => {
    const { db, runs, stop, announcement } = startFailingBackups('gm-screen-auto-backup-2');
    stop();
    await db.settings.put({ key: 'theme', value: 'light' });
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(runs).toEqual([]);
    expect(announcement()).toBe(null);
    db.close();
  });
});
