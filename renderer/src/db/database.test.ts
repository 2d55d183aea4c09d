import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { GmDatabase } from './database';

describe('database migrations', () => {
  it('upgrades a version 1 database to the current version keeping rolls and settings', async () => {
    const name = 'gm-screen-migration-test';
    // A database as version 1 of the app left it.
    const v1 = new Dexie(name);
    v1.version(1).stores({ rolls: '&id, at', settings: '&key' });
    await v1.table('rolls').add({ id: 'r1', at: '2026-01-01T00:00:00.000Z', roller: 'GM', reason: 'test', source: 'crypto', groups: [{ sides: 6, faces: [6, 1] }] });
    await v1.table('settings').put({ key: 'system', value: 'hardware' });
    v1.close();

    const v2 = new GmDatabase(name);
    await v2.open();
    expect(v2.verno).toBe(3);
    expect(await v2.rolls.get('r1')).toMatchObject({ groups: [{ sides: 6, faces: [6, 1] }] });
    expect(await v2.settings.get('system')).toEqual({ key: 'system', value: 'hardware' });
    expect(await v2.encounters.count()).toBe(0);
    expect(await v2.templates.count()).toBe(0);
    expect(await v2.snapshots.count()).toBe(0);
    v2.close();
    await Dexie.delete(name);
  });
});
