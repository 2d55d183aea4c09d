import { describe, expect, it } from 'vitest';
import type { EncounterEvent } from '../encounter/events';
import { rulesLookup } from '../systems/all-systems.test-support';
import { exportEncounterJson, FILE_ENCOUNTER_ID } from '../export/encounter-json';
import type { EncounterRecord } from '../export/encounter-record';
import { asImportedCopy, encounterFileVersions, readEncounterFile } from './encounter-file';

const at = '2026-11-29T19:00:00.000Z';
const stats = { body: 3, agility: 3, reaction: 3, strength: 3, charisma: 2, intuition: 3, logic: 2, willpower: 2, edge: 1, passes: 1, ballistic: 4, impact: 2 };
const events: EncounterEvent[] = [
  { type: 'encounter-created', id: 'e0', at, encounterId: 'enc-1', name: 'Depot', systemId: 'shadowrun-4e' },
  { type: 'combatant-added', id: 'e1', at, combatant: { id: 'ghost', name: 'Ghost', kind: 'pc', side: 'party', stats } },
  { type: 'combatant-added', id: 'e2', at, combatant: { id: 'ganger', name: 'Ganger', kind: 'npc', side: 'opponents', stats } },
  { type: 'harm-applied', id: 'e3', at, combatantId: 'ganger', harm: { kind: 'physical', amount: 2 } },
  {
    type: 'roll-resolved',
    id: 'e4',
    at,
    roll: { id: 'e4', at, roller: 'Ghost', reason: 'Perception', source: 'physical', groups: [{ sides: 6, faces: [6, 5, 1], label: 'test' }] },
    summary: 'Ghost: 2 hits',
  },
  { type: 'note-added', id: 'e5', at, text: 'Sirens.' },
];
const record: EncounterRecord = {
  name: 'Depot',
  systemId: 'shadowrun-4e',
  createdAt: at,
  updatedAt: '2026-11-29T19:30:00.000Z',
  archived: false,
  cursor: null,
  log: events.map((event) => ({ event, discarded: false })),
};
const valid = exportEncounterJson(record);
/** The record as read from its file: the creation entry names no database, so it carries FILE_ENCOUNTER_ID. */
const readBack: EncounterRecord = asImportedCopy(record, FILE_ENCOUNTER_ID);

type Json = Record<string, unknown> & { log: { discarded: unknown; event: Record<string, unknown> }[] };
/** The valid file, changed by `edit`, as text. */
function edited(edit: (file: Json) => void): string {
  const file = JSON.parse(valid) as Json;
  edit(file);
  return JSON.stringify(file);
}
const messageOf = (text: string, versions = encounterFileVersions) => {
  const reading = readEncounterFile(text, rulesLookup, versions);
  return reading.ok ? 'accepted' : reading.message;
};

describe('readEncounterFile: a valid file', () => {
  it('gives back the record, the state at the cursor and a summary', () => {
    const reading = readEncounterFile(valid, rulesLookup);
    if (!reading.ok) throw new Error(reading.message);
    expect(reading.record).toEqual(readBack);
    expect(reading.summary).toEqual({ events: 6, combatants: 2, rounds: 0 });
    expect(reading.state.combatants.map((c) => c.name)).toEqual(['Ghost', 'Ganger']);
    expect(reading.state.id).toBe(FILE_ENCOUNTER_ID);
  });

  it('summarises at a pinned cursor, and replays the redo branch past it too', () => {
    const pinned = readEncounterFile(edited((f) => (f['cursor'] = 2)), rulesLookup);
    if (!pinned.ok) throw new Error(pinned.message);
    expect(pinned.summary).toEqual({ events: 2, combatants: 1, rounds: 0 });
    expect(pinned.record.cursor).toBe(2);
    // The entry past the cursor must still replay: redo has to work after the import.
    expect(messageOf(edited((f) => { f['cursor'] = 2; f.log[3]!.event['combatantId'] = 'nobody'; }))).toBe(
      'Entry 4 (harm-applied, log[3]) was refused: There is no combatant with id "nobody" in this encounter.',
    );
  });

  it('only shape-checks discarded entries: one the rules would refuse is kept, not replayed', () => {
    const text = edited((f) => {
      f.log[3]!.discarded = true;
      f.log[3]!.event['combatantId'] = 'nobody';
    });
    const reading = readEncounterFile(text, rulesLookup);
    if (!reading.ok) throw new Error(reading.message);
    expect(reading.record.log[3]).toEqual({ discarded: true, event: { ...events[3], combatantId: 'nobody' } });
    expect(reading.summary.events).toBe(5);
    expect(exportEncounterJson(reading.record)).toBe(exportEncounterJson({ ...record, log: reading.record.log }));
    // …but its shape is checked all the same.
    expect(messageOf(edited((f) => { f.log[3]!.discarded = true; f.log[3]!.event['harm'] = { kind: 'physical', amount: -1 }; }))).toBe(
      'log[3].event.harm.amount: -1 is less than the smallest allowed, 0.',
    );
  });
});

describe('readEncounterFile: what is not an encounter file', () => {
  it('passes on the safe parse\'s sentence', () => {
    expect(messageOf(valid.slice(0, 200))).toBe('The file is not valid JSON: it ends too early (it may be cut short).');
    expect(messageOf(edited((f) => (f.log[1]!.event['combatant'] = JSON.parse('{"__proto__":{"polluted":true}}'))))).toBe(
      'At log[1].event.combatant: the key "__proto__" is not allowed in a GM Screen file.',
    );
  });

  it('names our other formats and where they belong', () => {
    expect(messageOf('{"format":"gm-screen-bestiary","version":1,"templates":[]}')).toBe(
      'This is a GM Screen bestiary file, not an encounter file: import it in the bestiary.',
    );
    expect(messageOf('{"format":"gm-screen-database","version":1,"tables":{}}')).toBe(
      'This is a GM Screen backup, not an encounter file: restore it from Backups… in Settings.',
    );
    // A backup file is a header line and then the dump: not one JSON value, recognised by its first line.
    expect(messageOf('{"format":"gm-screen-backup","version":1,"sha256":"ab"}\n{"format":"gm-screen-database"}')).toBe(
      'This is a GM Screen backup, not an encounter file: restore it from Backups… in Settings.',
    );
    expect(messageOf('{"format":"something-else"}\n{')).toBe('The file is not valid JSON: it stops making sense at line 2, column 1 (it may be damaged).');
  });

  it('refuses anything else as not ours', () => {
    expect(messageOf('[1,2]')).toBe('This is not a GM Screen encounter file.');
    expect(messageOf('{"format":"foundry-scene"}')).toBe('This is not a GM Screen encounter file.');
    expect(messageOf('"gm-screen-encounter"')).toBe('This is not a GM Screen encounter file.');
  });
});

describe('readEncounterFile: versions', () => {
  it('refuses a missing version and a newer one', () => {
    expect(messageOf(edited((f) => delete f['version']))).toBe('This encounter file has no valid format version (found nothing).');
    expect(messageOf(edited((f) => (f['version'] = 1.5)))).toBe('This encounter file has no valid format version (found 1.5).');
    expect(messageOf(edited((f) => (f['version'] = 2)))).toBe('This file was made by a newer GM Screen (format version 2); this one reads up to 1.');
  });

  it('has no migrations yet: version 1 is the first', () => {
    expect(encounterFileVersions).toEqual({ current: 1, migrations: {} });
  });

  // There is no older format yet, so the mechanism is tested with an injected one: a
  // hypothetical version 1 named the log "entries" and marked undone entries with "undone".
  const renamed = edited((f) => {
    const file: Record<string, unknown> = f;
    file['entries'] = f.log.map(({ event }) => ({ event, undone: false }));
    delete file['log'];
  });

  it('migrates an older version step by step before checking it', () => {
    const versions = {
      current: 2,
      migrations: {
        1: ({ entries, ...rest }: Readonly<Record<string, unknown>>) => ({
          ...rest,
          log: (entries as { event: unknown; undone: boolean }[]).map(({ event, undone }) => ({ event, discarded: undone })),
        }),
      },
    };
    const reading = readEncounterFile(renamed, rulesLookup, versions);
    if (!reading.ok) throw new Error(reading.message);
    expect(reading.record).toEqual(readBack);
    // Without the migration the same file is refused by the schema.
    expect(messageOf(renamed)).toBe('log: is missing.');
  });

  it('refuses a version with no migration, and a migration that fails', () => {
    expect(messageOf(renamed, { current: 3, migrations: { 2: (file) => ({ ...file }) } })).toBe(
      'This encounter file has format version 1, which this GM Screen cannot read.',
    );
    expect(
      messageOf(renamed, {
        current: 2,
        migrations: {
          1: () => {
            throw new TypeError('entries.map is not a function');
          },
        },
      }),
    ).toBe('This encounter file (format version 1) could not be brought up to date: entries.map is not a function');
  });
});

describe('readEncounterFile: the shape of the file', () => {
  it('refuses top-level fields that are missing, wrong or unknown', () => {
    expect(messageOf(edited((f) => (f['id'] = 'enc-1')))).toBe('id: this field is not part of a GM Screen file.');
    expect(messageOf(edited((f) => delete f['name']))).toBe('name: is missing.');
    expect(messageOf(edited((f) => (f['name'] = '')))).toBe('name: must not be empty.');
    expect(messageOf(edited((f) => (f['systemId'] = 'dnd-5e')))).toBe(
      'systemId: expected one of "electric-state", "uesrpg-3e", "shadowrun-4e", "hardware"; found "dnd-5e".',
    );
    expect(messageOf(edited((f) => (f['createdAt'] = 'yesterday')))).toBe(
      'createdAt: expected a date and time such as 2026-11-29T12:00:00.000Z, found "yesterday".',
    );
    expect(messageOf(edited((f) => (f['archived'] = 'no')))).toBe('archived: expected true or false, found "no".');
    expect(messageOf(edited((f) => (f['cursor'] = 0)))).toBe('cursor: 0 is less than the smallest allowed, 1.');
    expect(messageOf(edited((f) => (f['cursor'] = 2.5)))).toBe('cursor: expected a whole number, found 2.5.');
    expect(messageOf(edited((f) => (f.log = [])))).toBe('log: must list at least 1 item.');
  });

  it('names the entry and the field of a malformed entry', () => {
    expect(messageOf(edited((f) => ((f.log as unknown[])[2] = 'entry')))).toBe('log[2]: expected an object, found "entry".');
    expect(messageOf(edited((f) => delete (f.log[2] as Record<string, unknown>)['discarded']))).toBe('log[2].discarded: is missing.');
    expect(messageOf(edited((f) => ((f.log[2] as Record<string, unknown>)['seq'] = 2)))).toBe('log[2].seq: this field is not part of a GM Screen file.');
    expect(messageOf(edited((f) => (f.log[2]!.event['type'] = 'fireball-cast')))).toBe('log[2].event.type: "fireball-cast" is not an event GM Screen knows.');
    expect(messageOf(edited((f) => delete f.log[2]!.event['type']))).toBe('log[2].event.type: is missing.');
    expect(messageOf(edited((f) => ((f.log[3]!.event['harm'] as Record<string, unknown>)['amount'] = 1.5)))).toBe(
      'log[3].event.harm.amount: expected a whole number, found 1.5.',
    );
    expect(messageOf(edited((f) => ((f.log[3]!.event['harm'] as Record<string, unknown>)['amount'] = 1001)))).toBe(
      'log[3].event.harm.amount: 1001 is more than the largest allowed, 1000.',
    );
    expect(messageOf(edited((f) => (f.log[3]!.event['extra'] = true)))).toBe('log[3].event.extra: this field is not part of a GM Screen file.');
    expect(messageOf(edited((f) => (f.log[5]!.event['text'] = 'x'.repeat(10_001))))).toBe(
      'log[5].event.text: a text of 10,001 characters is longer than the 10,000 allowed.',
    );
    expect(messageOf(edited((f) => (f.log[1]!.event['at'] = 12)))).toBe('log[1].event.at: expected a text, found 12.');
  });

  it('checks stat values\' types and roll records\' dice', () => {
    const setStat = (value: unknown) => edited((f) => (((f.log[1]!.event['combatant'] as Record<string, unknown>)['stats'] as Record<string, unknown>)['body'] = value));
    expect(messageOf(setStat('3'))).toBe('log[1].event.combatant.stats.body: expected a number, true or false, or a list of numbers, found "3".');
    const setFaces = (faces: unknown, sides = 6) =>
      edited((f) => (((f.log[4]!.event['roll'] as Record<string, unknown>)['groups'] as unknown[])[0] = { sides, faces, label: 'test' }));
    expect(messageOf(setFaces([6, 7, 1]))).toBe('log[4].event.roll.groups[0].faces[1]: 7 is not a face of a d6 (1–6).');
    expect(messageOf(setFaces([6, 0]))).toBe('log[4].event.roll.groups[0].faces[1]: 0 is not a face of a d6 (1–6).');
    expect(messageOf(setFaces([1], 1))).toBe('log[4].event.roll.groups[0].sides: 1 is less than the smallest allowed, 2.');
    expect(messageOf(setFaces(Array(1001).fill(1)))).toBe('log[4].event.roll.groups[0].faces: a list of 1,001 items is longer than the 1,000 allowed.');
    const twoBigGroups = edited(
      (f) => ((f.log[4]!.event['roll'] as Record<string, unknown>)['groups'] = [{ sides: 6, faces: Array(600).fill(1) }, { sides: 6, faces: Array(600).fill(2) }]),
    );
    expect(messageOf(twoBigGroups)).toBe('log[4].event.roll.groups: a roll may have at most 1000 dice, this one has 1200.');
    // A result that needed no dice (UESRPG's grapple Takedown) is recorded with none.
    const diceless = readEncounterFile(edited((f) => ((f.log[4]!.event['roll'] as Record<string, unknown>)['groups'] = [])), rulesLookup);
    expect(diceless.ok && diceless.record.log[4]!.event.type).toBe(
      (JSON.parse(valid) as { log: { event: { type: string } }[] }).log[4]!.event.type,
    );
  });
});

describe('readEncounterFile: the log\'s own rules', () => {
  it('needs the creation first, only there, and in effect', () => {
    expect(messageOf(edited((f) => f.log.shift()))).toBe(
      'log[0].event.type: the first entry must create the encounter ("encounter-created"), not "combatant-added".',
    );
    expect(messageOf(edited((f) => (f.log[0]!.discarded = true)))).toBe('log[0].discarded: the entry that creates the encounter cannot be undone.');
    expect(messageOf(edited((f) => f.log.push({ discarded: true, event: { ...f.log[0]!.event, id: 'again' } })))).toBe(
      'log[6].event.type: only the first entry may create the encounter.',
    );
  });

  it('needs the file\'s system to be the one its creation names', () => {
    expect(messageOf(edited((f) => (f['systemId'] = 'hardware')))).toBe(
      'systemId: the file says "hardware", but its first entry creates a "shadowrun-4e" encounter.',
    );
  });

  it('needs every entry id to be unique, discarded entries included', () => {
    expect(messageOf(edited((f) => f.log.push({ discarded: true, event: { ...f.log[5]!.event } })))).toBe(
      'log[6].event.id: "e5" is already the id of log[5].',
    );
  });

  it('needs the cursor within the entries not discarded', () => {
    expect(messageOf(edited((f) => (f['cursor'] = 7)))).toBe('cursor: 7 entries are in effect, but the log has only 6 that are not discarded.');
    expect(messageOf(edited((f) => { f['cursor'] = 6; f.log[5]!.discarded = true; }))).toBe(
      'cursor: 6 entries are in effect, but the log has only 5 that are not discarded.',
    );
    expect(messageOf(edited((f) => (f['cursor'] = 6)))).toBe('accepted');
  });
});

describe('readEncounterFile: the replay', () => {
  it('refuses an entry the rules refuse, with its position and the reducer\'s sentence', () => {
    expect(messageOf(edited((f) => (((f.log[1]!.event['combatant'] as Record<string, unknown>)['stats'] as Record<string, unknown>)['strength'] = 99)))).toBe(
      'Entry 2 (combatant-added, log[1]) was refused: Ghost: Strength must be between 1 and 20, got 99.',
    );
    expect(messageOf(edited((f) => ((f.log[3]!.event['harm'] as Record<string, unknown>)['kind'] = 'fire')))).toBe(
      'Entry 4 (harm-applied, log[3]) was refused: "fire" is not a kind of harm here; use physical damage, stun damage, heal physical, heal stun.',
    );
    expect(messageOf(edited((f) => (f.log[2]!.event = { type: 'turn-advanced', id: 'e2', at })))).toBe(
      'Entry 3 (turn-advanced, log[2]) was refused: Start the encounter before you advance the turn.',
    );
  });

  it('counts entries by their place in the file, discarded ones included', () => {
    const text = edited((f) => {
      f.log.splice(1, 0, { discarded: true, event: { type: 'note-added', id: 'undone', at, text: 'undone' } });
      f.log[4]!.event['combatantId'] = 'nobody';
    });
    expect(messageOf(text)).toBe('Entry 5 (harm-applied, log[4]) was refused: There is no combatant with id "nobody" in this encounter.');
  });
});

describe('asImportedCopy', () => {
  it('gives the creation entry the new encounter id and keeps everything else', () => {
    const copy = asImportedCopy(record, 'enc-2');
    expect(copy.log[0]!.event).toEqual({ ...events[0], encounterId: 'enc-2' });
    expect(copy.log.slice(1)).toEqual(record.log.slice(1));
    expect({ ...copy, log: [] }).toEqual({ ...record, log: [] });
    expect(record.log[0]!.event).toEqual(events[0]);
  });

  it('refuses a record that does not start with its creation', () => {
    expect(() => asImportedCopy({ ...record, log: record.log.slice(1) }, 'enc-2')).toThrow('An encounter record starts with its creation entry.');
  });
});
