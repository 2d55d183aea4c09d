import { createPinia, setActivePinia } from 'pinia';
import { describe, expect, it, vi } from 'vitest';
import { GmDatabase } from '../db/database';
import { useCommandsStore } from '../palette/commands-store';
import { startAutomaticBackups } from './auto-backup';

vi.mock('../platform/gm', () => ({ gm: { onQuitBackupRequested: () => () => undefined } }));

const FAILURE = 'The automatic backup failed: The disk is full. It is tried again after the next change.';

describe('startAutomaticBackups', () => {
  it('watches the writes of a database opened after it, and says a failed automatic backup on the status line', async () => {
    const pinia = createPinia();
    setActivePinia(pinia);
    const db = new GmDatabase('gm-screen-auto-backup-1');
    const runs: string[] = [];
    const stop = startAutomaticBackups(pinia, db, {
      settleMs: 10,
      run: async (reason) => (runs.push(reason), { status: 'failed', message: 'The disk is full.' }),
    });
    await db.settings.put({ key: 'theme', value: 'light' });
    await vi.waitFor(() => expect(useCommandsStore(pinia).announcement).toBe(FAILURE));
    expect(runs).toEqual(['settled']);
    stop();
    db.close();
  });

  it('is stopped by what it returns: later writes back nothing up and say nothing', async () => {
    const pinia = createPinia();
    setActivePinia(pinia);
    const db = new GmDatabase('gm-screen-auto-backup-2');
    const runs: string[] = [];
    const stop = startAutomaticBackups(pinia, db, {
      settleMs: 10,
      run: async (reason) => (runs.push(reason), { status: 'failed', message: 'The disk is full.' }),
    });
    stop();
    await db.settings.put({ key: 'theme', value: 'light' });
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(runs).toEqual([]);
    expect(useCommandsStore(pinia).announcement).toBe(null);
    db.close();
  });
});
