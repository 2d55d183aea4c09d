import { describe, expect, it } from 'vitest';
import { replay } from '../encounter/reducer';
import { rulesLookup } from '../systems/all-systems.test-support';
import { asImportedCopy, readEncounterFile } from '../import/encounter-file';
import type { SystemId } from '../system-kit/rule-system';
import { canonicalJson } from '../file-format/canonical-json';
import { ENCOUNTER_FILE_FORMAT, ENCOUNTER_FILE_VERSION, exportEncounterJson, FILE_ENCOUNTER_ID } from './encounter-json';
import type { EncounterRecord } from './encounter-record';
import { generateEncounter } from './generated-encounters.test-support';

const SYSTEMS: readonly SystemId[] = ['electric-state', 'uesrpg-3e', 'shadowrun-4e', 'hardware'];
const PER_SYSTEM = 50;

const small: EncounterRecord = {
  name: 'Depot',
  systemId: 'hardware',
  createdAt: '2026-11-29T19:00:00.000Z',
  updatedAt: '2026-11-29T19:05:00.000Z',
  archived: true,
  cursor: 1,
  log: [
    {
      discarded: false,
      event: { type: 'encounter-created', id: 'e1', at: '2026-11-29T19:00:00.000Z', encounterId: 'x1', name: 'Depot', systemId: 'hardware', toggles: { b: true, a: 'on', '10': 'ten', '2': 'two' } },
    },
    { discarded: true, event: { type: 'note-added', id: 'e2', at: '2026-11-29T19:05:00.000Z', text: 'Zoë said "hi"\n' } },
  ],
};

describe('exportEncounterJson', () => {
  it('writes the format and version first, then the facts in their fixed order, keys sorted inside', () => {
    expect(ENCOUNTER_FILE_FORMAT).toBe('gm-screen-encounter');
    expect(ENCOUNTER_FILE_VERSION).toBe(1);
    expect(exportEncounterJson(small)).toBe(`{
  "format": "gm-screen-encounter",
  "version": 1,
  "name": "Depot",
  "systemId": "hardware",
  "createdAt": "2026-11-29T19:00:00.000Z",
  "updatedAt": "2026-11-29T19:05:00.000Z",
  "archived": true,
  "cursor": 1,
  "log": [
    {
      "discarded": false,
      "event": {
        "at": "2026-11-29T19:00:00.000Z",
        "id": "e1",
        "name": "Depot",
        "systemId": "hardware",
        "toggles": {
          "2": "two",
          "10": "ten",
          "a": "on",
          "b": true
        },
        "type": "encounter-created"
      }
    },
    {
      "discarded": true,
      "event": {
        "at": "2026-11-29T19:05:00.000Z",
        "id": "e2",
        "text": "Zoë said \\"hi\\"\\n",
        "type": "note-added"
      }
    }
  ]
}
`);
  });

  it('does not depend on the order keys were added in', () => {
    const [created, note] = small.log;
    const reordered: EncounterRecord = {
      log: [
        { event: { ...created!.event, ...{ toggles: { '2': 'two', b: true, '10': 'ten', a: 'on' } } }, discarded: false },
        { event: { text: 'Zoë said "hi"\n', at: '2026-11-29T19:05:00.000Z', id: 'e2', type: 'note-added' }, discarded: true },
      ],
      cursor: 1,
      archived: true,
      updatedAt: small.updatedAt,
      createdAt: small.createdAt,
      systemId: 'hardware',
      name: 'Depot',
    };
    expect(note!.discarded).toBe(true);
    expect(exportEncounterJson(reordered)).toBe(exportEncounterJson(small));
  });

  it('leaves out undefined fields, writes an empty log as [] and a cursor of null as null', () => {
    const text = exportEncounterJson({ ...small, cursor: null, log: [] });
    expect(text.endsWith('  "cursor": null,\n  "log": []\n}\n')).toBe(true);
    expect(canonicalJson({ a: undefined, b: [undefined, Number.NaN, -0], c: {} })).toBe('{\n  "b": [\n    null,\n    null,\n    0\n  ],\n  "c": {}\n}');
  });

  it('keeps a key named __proto__ as data, never as a prototype', () => {
    const value = JSON.parse('{"b": 1, "__proto__": {"polluted": true}}') as unknown;
    expect(canonicalJson(value)).toBe('{\n  "__proto__": {\n    "polluted": true\n  },\n  "b": 1\n}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });


  it('sorts objects of one shape the same each time, and never mistakes one set of keys for another', () => {
    // The order of each shape is remembered: the second of each pair is written from the memory.
    expect(canonicalJson([{ z: 1, a: 2, m: 3 }, { z: 4, a: 5, m: 6 }])).toBe(
      '[\n  {\n    "a": 2,\n    "m": 3,\n    "z": 1\n  },\n  {\n    "a": 5,\n    "m": 6,\n    "z": 4\n  }\n]',
    );
    // Both spell "a,b,c" when their keys are joined with commas.
    expect(canonicalJson({ 'a,b': 1, c: 2 })).toBe('{\n  "a,b": 1,\n  "c": 2\n}');
    expect(canonicalJson({ c: 2, 'a,b': 1 })).toBe('{\n  "a,b": 1,\n  "c": 2\n}');
    expect(canonicalJson({ a: 1, 'b,c': 2 })).toBe('{\n  "a": 1,\n  "b,c": 2\n}');
    expect(canonicalJson({ 'b,c': 2, a: 1 })).toBe('{\n  "a": 1,\n  "b,c": 2\n}');
    // Whole-number keys first, ascending, however often the shape is seen.
    for (let i = 0; i < 3; i++) expect(canonicalJson({ b: i, 10: 'ten', a: 0, 2: 'two' })).toBe(`{\n  "2": "two",\n  "10": "ten",\n  "a": 0,\n  "b": ${i}\n}`);
  });
  it('writes a wide object (10,050 keys) in sorted order', () => {
    const wide = Object.fromEntries(Array.from({ length: 10_050 }, (_, index) => [`k${String(index).padStart(5, '0')}`, index]));
    const text = canonicalJson(wide);
    expect(JSON.parse(text)).toEqual(wide);
    expect(text.slice(0, 30)).toBe('{\n  "k00000": 0,\n  "k00001": 1');
    expect(text.endsWith('"k10049": 10049\n}')).toBe(true);
  });

  it('stays linear: 100,000 entries in seconds, not minutes', () => {
    const [created] = small.log;
    const log = [created!, ...Array.from({ length: 99_999 }, (_, index) => ({ discarded: index % 10 === 0, event: { type: 'note-added' as const, id: `n${index}`, at: small.createdAt, text: `Note ${index}` } }))];
    const started = performance.now();
    const text = exportEncounterJson({ ...small, cursor: null, log });
    // A generous bound for a busy test machine: anything quadratic would take minutes.
    expect(performance.now() - started).toBeLessThan(15_000);
    expect((JSON.parse(text) as { log: unknown[] }).log.length).toBe(100_000);
  });

  it("is the same JSON value as the record, less the creation entry's database id (nothing else lost or added)", () => {
    const { record } = generateEncounter('shadowrun-4e', 7);
    const parsed = JSON.parse(exportEncounterJson(record));
    const expected = JSON.parse(JSON.stringify(record)) as { log: { event: Record<string, unknown> }[] };
    expect(expected.log[0]!.event.encounterId).toBe('enc-7');
    delete expected.log[0]!.event.encounterId;
    expect(parsed).toEqual({ format: 'gm-screen-encounter', version: 1, ...expected });
  });

  it('leaves the database id out of the creation entry only: a file is tied to no database', () => {
    const { record } = generateEncounter('hardware', 3);
    const text = exportEncounterJson(record);
    expect(text).not.toContain('"encounterId"');
    const reading = readEncounterFile(text, rulesLookup);
    if (!reading.ok) throw new Error(reading.message);
    expect(reading.record.log[0]!.event).toEqual({ ...record.log[0]!.event, encounterId: FILE_ENCOUNTER_ID });
    expect(reading.state.id).toBe('file');
    expect(asImportedCopy(reading.record, 'new-id').log[0]!.event).toEqual({ ...record.log[0]!.event, encounterId: 'new-id' });
  });
});

describe.each(SYSTEMS)('%s: export → import → export', (systemId) => {
  it(`is byte-identical and replays to the same state for ${PER_SYSTEM} generated encounters`, () => {
    let discarded = 0;
    let pinned = 0;
    for (let seed = 1; seed <= PER_SYSTEM; seed++) {
      const generated = generateEncounter(systemId, seed);
      const text = exportEncounterJson(generated.record);
      const reading = readEncounterFile(text, rulesLookup);
      if (!reading.ok) throw new Error(`seed ${seed}: ${reading.message}`);
      expect(exportEncounterJson(reading.record)).toBe(text);
      // The file carries no database id: the state read back names FILE_ENCOUNTER_ID until stored.
      expect(reading.state).toEqual({ ...generated.state, id: FILE_ENCOUNTER_ID });
      // Replaying the imported record's entries in effect gives the original's state too.
      const copy = asImportedCopy(reading.record, generated.state.id);
      const inEffect = copy.log.filter((e) => !e.discarded).slice(0, copy.cursor ?? Infinity);
      expect(replay(inEffect.map((e) => e.event), rulesLookup)).toEqual(generated.state);
      discarded += generated.record.log.filter((e) => e.discarded).length;
      if (generated.record.cursor !== null) pinned++;
    }
    // The generator really makes undone-then-overwritten entries and pinned cursors.
    expect(discarded).toBeGreaterThan(50);
    expect(pinned).toBeGreaterThan(5);
  });
});
