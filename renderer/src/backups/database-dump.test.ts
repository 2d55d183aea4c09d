import { beforeEach, describe, expect, it } from 'vitest';
import { GmDatabase } from '../db/database';
import { fillDatabase, everyRow } from './backups.test-support';
import { dumpDatabase } from './database-dump';
import { restoreDatabase } from './database-restore';

let databaseCount = 0;
const freshDatabase = () => new GmDatabase(`gm-screen-dump-test-${databaseCount++}`);

let db: GmDatabase;
beforeEach(async () => {
  db = freshDatabase();
  await fillDatabase(db);
});

describe('database dump', () => {
  it('writes every table as JSON under the format name, version and schema version, with the listed counts', async () => {
    const dump = await dumpDatabase(db);
    expect(dump.content.startsWith('{"format":"gm-screen-database","version":2,"schemaVersion":3,"tables":{"rolls":[')).toBe(true);
    const parsed = JSON.parse(dump.content) as { tables: Record<string, unknown[]> };
    // The saved state of enc-b is left out: it is rebuilt from the log.
    expect(Object.keys(parsed.tables)).toEqual(['rolls', 'settings', 'encounters', 'events', 'templates']);
    expect(Object.values(parsed.tables).map((rows) => rows.length)).toEqual([2, 3, 3, 9, 1]);
    // The deleted encounter and its two rows are kept but not counted; the dropped redo entry is.
    expect({ encounters: dump.encounters, events: dump.events }).toEqual({ encounters: 2, events: 7 });
  });

  it('restored into an empty database reproduces every table but the saved states exactly, and dumps to the same text again', async () => {
    const original = await everyRow(db);
    const dump = await dumpDatabase(db);
    const copy = freshDatabase();
    expect(await restoreDatabase(copy, dump.content)).toEqual({ status: 'restored', encounters: 2, events: 7 });
    expect(await everyRow(copy)).toEqual({ ...original, snapshots: [] });
    expect((await dumpDatabase(copy)).content).toBe(dump.content);
  });

  it('restoring empties the saved states as well: those of the replaced database would not fit the restored logs', async () => {
    const dump = await dumpDatabase(db);
    expect((await db.snapshots.toArray()).length).toBe(1);
    expect(await restoreDatabase(db, dump.content)).toEqual({ status: 'restored', encounters: 2, events: 7 });
    expect(await db.snapshots.toArray()).toEqual([]);
  });

  it('restores a version 1 dump, leaving out the saved states it carried', async () => {
    const original = await everyRow(db);
    const v2 = JSON.parse((await dumpDatabase(db)).content) as { version: number; tables: Record<string, unknown> };
    const v1 = JSON.stringify({ ...v2, version: 1, tables: { ...v2.tables, snapshots: original.snapshots } });
    const copy = freshDatabase();
    expect(await restoreDatabase(copy, v1)).toEqual({ status: 'restored', encounters: 2, events: 7 });
    expect(await everyRow(copy)).toEqual({ ...original, snapshots: [] });
  });

  it('replaces what was there: rows the backup does not have are gone', async () => {
    const dump = await dumpDatabase(db);
    const other = freshDatabase();
    await other.settings.put({ key: 'only-here', value: 1 });
    await other.rolls.add({ id: 'roll-later', at: 'x', roller: 'GM', reason: '', source: 'crypto', groups: [] });
    await restoreDatabase(other, dump.content);
    expect(await other.settings.get('only-here')).toBeUndefined();
    expect(await other.rolls.get('roll-later')).toBeUndefined();
    expect(await everyRow(other)).toEqual({ ...(await everyRow(db)), snapshots: [] });
  });

  it('restores a dump of an older schema: the tables added since come back empty', async () => {
    const v1 = JSON.stringify({
      format: 'gm-screen-database',
      version: 2,
      schemaVersion: 1,
      tables: { rolls: [{ id: 'r', at: 'a', roller: 'GM', reason: '', source: 'crypto', groups: [{ sides: 6, faces: [2] }] }], settings: [{ key: 'system', value: 'hardware' }] },
    });
    expect(await restoreDatabase(db, v1)).toEqual({ status: 'restored', encounters: 0, events: 0 });
    const rows = await everyRow(db);
    expect(rows.rolls).toEqual([{ id: 'r', at: 'a', roller: 'GM', reason: '', source: 'crypto', groups: [{ sides: 6, faces: [2] }] }]);
    expect(rows.settings).toEqual([{ key: 'system', value: 'hardware' }]);
    expect([rows.encounters, rows.events, rows.templates, rows.snapshots]).toEqual([[], [], [], []]);
  });
});
