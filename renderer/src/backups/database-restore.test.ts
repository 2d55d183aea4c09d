import { beforeEach, describe, expect, it, vi } from 'vitest';
import { GmDatabase } from '../db/database';
import { everyRow, fillDatabase } from './backups.test-support';
import { dumpDatabase, type DumpedRows, type DumpedTable } from './database-dump';
import { replaceTables, restoreDatabase } from './database-restore';

let databaseCount = 0;
let db: GmDatabase;
let before: string;
let beforeRows: Awaited<ReturnType<typeof everyRow>>;
type Rows = Record<string, unknown>[];
let good: Record<string, unknown> & { tables: Record<DumpedTable, Rows> };

beforeEach(async () => {
  db = new GmDatabase(`gm-screen-restore-test-${databaseCount++}`);
  await fillDatabase(db);
  before = (await dumpDatabase(db)).content;
  beforeRows = await everyRow(db);
  good = JSON.parse(before) as typeof good;
});

/** The good dump with one change made by `edit`. */
function edited(edit: (dump: typeof good) => void): string {
  const copy = structuredClone(good);
  edit(copy);
  return JSON.stringify(copy);
}

async function expectRefused(text: string, message: string | RegExp): Promise<void> {
  const outcome = await restoreDatabase(db, text);
  expect(outcome.status).toBe('refused');
  if (outcome.status !== 'refused') return;
  if (typeof message === 'string') expect(outcome.message).toBe(message);
  else expect(outcome.message).toMatch(message);
  // Nothing changed: every row of every table, the saved states included, is as it was.
  expect(await everyRow(db)).toEqual(beforeRows);
}

describe('restore refuses what it cannot trust, and changes nothing', () => {
  it.each([
    ['an empty text', '  ', 'The backup cannot be read: the file is empty.'],
    ['a JSON array', '[1,2]', 'This is not a GM Screen database backup (its format is not "gm-screen-database").'],
    ['another format', '{"format":"gm-screen-encounter","version":1}', 'This is not a GM Screen database backup (its format is not "gm-screen-database").'],
  ])('%s', async (_name, text, message) => {
    await expectRefused(text, message);
  });

  it('text cut short', async () => {
    const cut = before.slice(0, before.length - 10);
    await expectRefused(cut, `The backup cannot be read: the file is not valid JSON: it stops making sense at line 1, column ${cut.length + 1} (it may be damaged).`);
  });

  it.each([
    ['"__proto__"', '{"__proto__":{"polluted":true},"format":"gm-screen-database"}', 'at the top level: the key "__proto__"'],
    ['"constructor.prototype"', '{"format":"gm-screen-database","tables":{"rolls":[{"constructor":{"prototype":{"polluted":true}}}]}}', 'at tables.rolls[0]: the key "constructor"'],
  ])('a %s key, leaving Object.prototype untouched', async (_name, text, where) => {
    await expectRefused(text, `The backup cannot be read: ${where} is not allowed in a GM Screen file.`);
    expect(({} as Record<string, unknown>).polluted).toBe(undefined);
  });

  it.each([[3], [0], ['2']])('version %j of the backup format', async (version) => {
    await expectRefused(edited((d) => (d.version = version)), `This backup is in version ${JSON.stringify(version)} of the backup format; this GM Screen reads versions 1 and 2.`);
  });

  it('saved states in a version 2 dump (only version 1 carried them)', async () => {
    await expectRefused(edited((d) => ((d.tables as Record<string, Rows>).snapshots = [])), 'The backup has a table "snapshots" that this GM Screen does not know.');
  });

  it('a dump from a newer database schema', async () => {
    await expectRefused(
      edited((d) => (d.schemaVersion = 4)),
      'This backup was made by a newer GM Screen (database version 4; this one has version 3). Update GM Screen to restore it.',
    );
  });

  it.each([
    ['no schema version', (d: typeof good) => delete d.schemaVersion, 'The backup does not say which database version it was made from.'],
    ['no tables', (d: typeof good) => delete (d as Record<string, unknown>).tables, 'The backup has no tables.'],
    ['an unknown table', (d: typeof good) => ((d.tables as Record<string, Rows>).players = []), 'The backup has a table "players" that this GM Screen does not know.'],
    ['a table missing at its schema version', (d: typeof good) => delete (d.tables as Partial<typeof d.tables>).events, 'The backup has no "events" table, which a database of version 3 has.'],
    ['a table that is not a list', (d: typeof good) => ((d.tables as Record<string, unknown>).rolls = {}), 'The table "rolls" in this backup is not a list of rows.'],
    ['a row that is not an object', (d: typeof good) => ((d.tables.settings as unknown[])[1] = 'x'), 'Row 2 of the table "settings" is not an object.'],
    ['an event row with a negative position', (d: typeof good) => (d.tables.events[2]!.seq = -1), 'Row 3 of the table "events": "seq" must be a whole number of 0 or more.'],
    ['an event row without its event', (d: typeof good) => delete d.tables.events[0]!.event, 'Row 1 of the table "events": "event" must be an object.'],
    ['an event row with a bad discarded flag', (d: typeof good) => (d.tables.events[0]!.discarded = true), 'Row 1 of the table "events": "discarded" must be 0 or 1.'],
    ['an encounter of an unknown system', (d: typeof good) => (d.tables.encounters[1]!.systemId = 'dnd-5e'), 'Row 2 of the table "encounters": "systemId" must be a rule system GM Screen knows.'],
    ['an encounter with a fractional cursor', (d: typeof good) => (d.tables.encounters[0]!.cursor = 1.5), 'Row 1 of the table "encounters": "cursor" must be a whole number of 0 or more or null.'],
    ['a template of an unknown kind', (d: typeof good) => (d.tables.templates[0]!.kind = 'boss'), 'Row 1 of the table "templates": "kind" must be "pc" or "npc".'],
    ['a roll with faces that are not numbers', (d: typeof good) => (d.tables.rolls[0]!.groups = [{ sides: 6, faces: ['6'] }]), 'Row 1 of the table "rolls": "groups" must be a list of dice groups (sides and faces).'],
    ['a setting without a value', (d: typeof good) => delete d.tables.settings[0]!.value, 'Row 1 of the table "settings": "value" must be present.'],
    ['a roll with an empty id', (d: typeof good) => (d.tables.rolls[1]!.id = ''), 'Row 2 of the table "rolls": "id" must be non-empty text.'],
    ['two event rows with one key', (d: typeof good) => d.tables.events.push({ ...d.tables.events[0]! }), 'Row 10 of the table "events" has the same key (enc-a #0) as row 1.'],
  ])('%s', async (_name, edit, message) => {
    await expectRefused(edited(edit as (d: typeof good) => void), message);
  });

  it('a row the database refuses half-way (after the tables were cleared) leaves every row as it was', async () => {
    // Two rows with one key pass no dump's checks; written anyway, the second add fails and aborts the transaction.
    const tables = JSON.parse(before).tables as DumpedRows;
    tables.templates.push(tables.templates[0]);
    await expect(replaceTables(db, tables)).rejects.toThrow(expect.objectContaining({ name: 'ConstraintError' }));
    expect(await everyRow(db)).toEqual(beforeRows);
  });

  it('a row the database refuses at once (a key it cannot use) leaves every row as it was, and says why', async () => {
    const tables = JSON.parse(before).tables as DumpedRows;
    (tables.events[4] as { seq: unknown }).seq = { not: 'a key' };
    await expect(replaceTables(db, tables)).rejects.toThrow(expect.objectContaining({ name: 'DataError' }));
    expect(await everyRow(db)).toEqual(beforeRows);
  });

  it('a write that fails is told with the database\'s reason', async () => {
    const { objectStore } = IDBTransaction.prototype;
    const failing = vi.spyOn(IDBTransaction.prototype, 'objectStore').mockImplementation(function (this: IDBTransaction, name: string) {
      const store = objectStore.call(this, name);
      if (name === 'templates' && this.mode === 'readwrite') store.add = () => { throw new DOMException('The disk is full', 'QuotaExceededError'); };
      return store;
    });
    try {
      await expectRefused(before, 'The backup could not be written to the database (QuotaExceededError: The disk is full).');
    } finally {
      failing.mockRestore();
    }
  });

  it('nesting deeper than any file of the app, refused with the place it happened', async () => {
    let deep: unknown = 1;
    for (let level = 0; level < 70; level++) deep = [deep];
    await expectRefused(
      edited((d) => (d.tables.settings[0]!.value = deep)),
      'The backup cannot be read: at tables.settings[0].value[0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0]: the file is nested more than 64 levels deep.',
    );
  });
});

describe('restore accepts what a whole database holds beyond an import file’s limits', () => {
  it('an object of 1,500 keys and a text of 200,000 characters', async () => {
    const wide = Object.fromEntries(Array.from({ length: 1500 }, (_, index) => [`k${index}`, index]));
    const text = edited((d) => d.tables.settings.push({ key: 'wide', value: wide }, { key: 'long', value: 'x'.repeat(200_000) }));
    expect(await restoreDatabase(db, text)).toEqual({ status: 'restored', encounters: 2, events: 7 });
    expect((await db.settings.get('wide'))?.value).toEqual(wide);
    expect(((await db.settings.get('long'))?.value as string).length).toBe(200_000);
  });
});
