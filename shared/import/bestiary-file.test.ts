import { describe, expect, it } from 'vitest';
import { allPresets, rulesLookup } from '../systems/all-systems.test-support';
import { BESTIARY_FILE_FORMAT, BESTIARY_FILE_VERSION, bestiaryFileVersions, exportBestiaryJson, readBestiaryFile, type BestiaryTemplate } from './bestiary-file';

const ganger: BestiaryTemplate = {
  id: 'tpl-1',
  systemId: 'shadowrun-4e',
  name: 'Ganger',
  kind: 'npc',
  stats: { body: 3, agility: 3, reaction: 3, strength: 3, charisma: 2, intuition: 3, logic: 2, willpower: 2, edge: 1, passes: 1, ballistic: 4, impact: 2 },
  notes: 'Heavy pistol.',
  updatedAt: '2026-11-29T19:00:00.000Z',
};
const valid = exportBestiaryJson([ganger, ...allPresets]);

type Json = Record<string, unknown> & { templates: Record<string, unknown>[] };
function edited(edit: (file: Json) => void): string {
  const file = JSON.parse(valid) as Json;
  edit(file);
  return JSON.stringify(file);
}
const messageOf = (text: string) => {
  const reading = readBestiaryFile(text, rulesLookup);
  return reading.ok ? 'accepted' : reading.message;
};

describe('exportBestiaryJson', () => {
  it('writes the format and version, then the templates in order with sorted keys', () => {
    expect(BESTIARY_FILE_FORMAT).toBe('gm-screen-bestiary');
    expect(BESTIARY_FILE_VERSION).toBe(1);
    expect(exportBestiaryJson([{ ...ganger, stats: { edge: 1, body: 3 } }])).toBe(`{
  "format": "gm-screen-bestiary",
  "version": 1,
  "templates": [
    {
      "id": "tpl-1",
      "kind": "npc",
      "name": "Ganger",
      "notes": "Heavy pistol.",
      "stats": {
        "body": 3,
        "edge": 1
      },
      "systemId": "shadowrun-4e",
      "updatedAt": "2026-11-29T19:00:00.000Z"
    }
  ]
}
`);
    expect(exportBestiaryJson([])).toBe('{\n  "format": "gm-screen-bestiary",\n  "version": 1,\n  "templates": []\n}\n');
  });
});

describe('readBestiaryFile', () => {
  it('reads every template of all four systems back, without their ids', () => {
    const reading = readBestiaryFile(valid, rulesLookup);
    if (!reading.ok) throw new Error(reading.message);
    expect(reading.templates).toEqual([ganger, ...allPresets].map(({ id: _id, ...template }) => template));
    expect(bestiaryFileVersions).toEqual({ current: 1, migrations: {} });
  });

  it('trims names as the template form does', () => {
    const reading = readBestiaryFile(edited((f) => (f.templates[0]!['name'] = '  Ganger  ')), rulesLookup);
    expect(reading.ok && reading.templates[0]!.name).toBe('Ganger');
  });

  it('refuses files that are not a bestiary', () => {
    expect(messageOf('{"format":"gm-screen-encounter","version":1}')).toBe(
      'This is a GM Screen encounter file, not a bestiary file: import it from the encounter list.',
    );
    expect(messageOf('{"format":"gm-screen-backup","version":1}\n{}')).toBe(
      'This is a GM Screen backup, not a bestiary file: restore it from Backups… in Settings.',
    );
    expect(messageOf('{"templates":[]}')).toBe('This is not a GM Screen bestiary file.');
    expect(messageOf('{"format":')).toBe('The file is not valid JSON: it ends too early (it may be cut short).');
    expect(messageOf(edited((f) => (f['version'] = 3)))).toBe('This file was made by a newer GM Screen (format version 3); this one reads up to 1.');
    expect(messageOf(edited((f) => (f['version'] = 'one')))).toBe('This bestiary file has no valid format version (found "one").');
  });

  it('refuses an empty list, too many templates and unknown fields', () => {
    expect(messageOf(edited((f) => (f.templates = [])))).toBe('templates: must list at least 1 item.');
    expect(messageOf(edited((f) => (f.templates = Array(10_001).fill(f.templates[0]))))).toBe(
      'templates: a list of 10,001 items is longer than the 10,000 allowed.',
    );
    expect(messageOf(edited((f) => (f['exportedAt'] = 'now')))).toBe('exportedAt: this field is not part of a GM Screen file.');
    expect(messageOf(edited((f) => (f.templates[3]!['hp'] = 10)))).toBe('templates[3].hp: this field is not part of a GM Screen file.');
  });

  it('names the template and the field of a malformed template', () => {
    expect(messageOf(edited((f) => (f.templates[2]!['kind'] = 'boss')))).toBe('templates[2].kind: expected one of "pc", "npc"; found "boss".');
    expect(messageOf(edited((f) => delete f.templates[2]!['notes']))).toBe('templates[2].notes: is missing.');
    expect(messageOf(edited((f) => (f.templates[2]!['notes'] = 'n'.repeat(501))))).toBe(
      'templates[2].notes: a text of 501 characters is longer than the 500 allowed.',
    );
    expect(messageOf(edited((f) => (f.templates[2]!['name'] = '   ')))).toBe('templates[2].name: a template needs a name.');
    expect(messageOf(edited((f) => (f.templates[2]!['name'] = 'N'.repeat(81))))).toBe(
      'templates[2].name: a template name may be at most 80 characters; this one has 81.',
    );
    expect(messageOf(edited((f) => ((f.templates[2]!['stats'] as Record<string, unknown>)['wits'] = [1, 'x'])))).toBe(
      'templates[2].stats.wits: expected a number, true or false, or a list of numbers, found a list.',
    );
  });

  it('checks every stat block with its system\'s rules, naming the template and the first problem', () => {
    expect(messageOf(edited((f) => ((f.templates[0]!['stats'] as Record<string, unknown>)['strength'] = 99)))).toBe(
      'templates[0] ("Ganger").stats: Strength must be between 1 and 20, got 99.',
    );
    const twoProblems = edited((f) => {
      const stats = f.templates[0]!['stats'] as Record<string, unknown>;
      stats['strength'] = 99;
      stats['agility'] = 0;
    });
    expect(messageOf(twoProblems)).toBe(
      'templates[0] ("Ganger").stats: Agility must be between 1 and 20, got 0. (1 more problem in this stat block.)',
    );
    // The same stat block is wrong for another system.
    expect(messageOf(edited((f) => (f.templates[0]!['systemId'] = 'hardware')))).toBe(
      'templates[0] ("Ganger").stats: "agility" is not a Hardware stat; the stats are BOD, AGL, CTR, stamina, armor, buffer, weaponDie, hardened, noAglSave. (11 more problems in this stat block.)',
    );
  });
});
