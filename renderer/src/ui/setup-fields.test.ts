import { describe, expect, it } from 'vitest';
import type { FieldDef } from '../../../shared/system-kit/workflow';
import { fieldsWithProblems, isAtDefault, layoutFields, moreLabel } from './setup-fields';

const FIELDS: readonly FieldDef[] = [
  {
    id: 'weapon',
    kind: 'choice',
    label: 'Weapon',
    group: 'attack',
    common: true,
    options: [
      { value: 'pistol', label: 'Pistol' },
      { value: 'rifle', label: 'Rifle' },
    ],
  },
  { id: 'recoil', kind: 'number', label: 'Extra recoil compensation', group: 'attack', min: 0, max: 10 },
  {
    id: 'range',
    kind: 'choice',
    label: 'Range',
    group: 'situation',
    common: true,
    options: [
      { value: 'short', label: 'Short' },
      { value: 'long', label: 'Long' },
    ],
  },
  { id: 'running', kind: 'flag', label: 'Attacker running', group: 'situation' },
  { id: 'dodge', kind: 'number', label: "Target's Dodge", group: 'defence', min: 0, max: 12 },
  { id: 'edge', kind: 'flag', label: 'Edge before the roll', group: 'extra' },
];
const DEFAULTS = { weapon: 'pistol', recoil: 0, range: 'short', running: false, dodge: 3, edge: false };
const ids = (fields: readonly FieldDef[]) => fields.map((f) => f.id);

describe('layoutFields', () => {
  it('shows the common fields at once and groups the rest under More, none changed', () => {
    const layout = layoutFields(FIELDS, { setup: DEFAULTS, defaults: DEFAULTS, flagged: new Set() }, false);
    expect(ids(layout.shown)).toEqual(['weapon', 'range']);
    expect(layout.more.map((g) => [g.id, g.label, ids(g.fields)])).toEqual([
      ['attack', 'Attack', ['recoil']],
      ['situation', 'Situation', ['running']],
      ['defence', 'Defence', ['dodge']],
      ['extra', 'Extras', ['edge']],
    ]);
    expect(layout.changed).toBe(0);
    expect(moreLabel(layout.changed)).toBe('More modifiers (none changed)');
  });

  it('counts the fields under More that are away from their default; a changed common field is not counted', () => {
    const setup = { ...DEFAULTS, weapon: 'rifle', running: true, dodge: 5 };
    const layout = layoutFields(FIELDS, { setup, defaults: DEFAULTS, flagged: new Set() }, true);
    expect(layout.changed).toBe(2);
    expect(moreLabel(layout.changed)).toBe('More modifiers (2 changed)');
    expect(moreLabel(1)).toBe('More modifiers (1 changed)');
  });

  it('while More is closed, draws a changed field or one with a problem at once, in the form’s order', () => {
    const setup = { ...DEFAULTS, dodge: 5 };
    const layout = layoutFields(FIELDS, { setup, defaults: DEFAULTS, flagged: new Set(['recoil']) }, false);
    expect(ids(layout.shown)).toEqual(['weapon', 'recoil', 'range', 'dodge']);
    expect([...layout.promoted]).toEqual(['recoil', 'dodge']);
    // Still listed under More too, where the GM finds it when opening it.
    expect(layout.more.flatMap((g) => ids(g.fields))).toEqual(['recoil', 'running', 'dodge', 'edge']);
  });

  it('while More is open, keeps every field in its place there (nothing jumps away from the cursor)', () => {
    const setup = { ...DEFAULTS, dodge: 5 };
    const layout = layoutFields(FIELDS, { setup, defaults: DEFAULTS, flagged: new Set(['recoil']) }, true);
    expect(ids(layout.shown)).toEqual(['weapon', 'range']);
    expect(layout.promoted.size).toBe(0);
    expect(layout.changed).toBe(1);
  });

  it('shows every field, with no More, for a workflow that marks none common', () => {
    const plain = FIELDS.map((f) => ({ ...f, common: undefined }));
    const layout = layoutFields(
      plain,
      { setup: { ...DEFAULTS, dodge: 5 }, defaults: DEFAULTS, flagged: new Set() },
      false,
    );
    expect(ids(layout.shown)).toEqual(['weapon', 'recoil', 'range', 'running', 'dodge', 'edge']);
    expect(layout.more).toEqual([]);
    expect(layout.changed).toBe(0);
  });
});

describe('isAtDefault', () => {
  it('compares with the starting value; a field with no value is at its default', () => {
    const dodge = FIELDS[4]!;
    expect(isAtDefault(dodge, { dodge: 3 }, DEFAULTS)).toBe(true);
    expect(isAtDefault(dodge, { dodge: 4 }, DEFAULTS)).toBe(false);
    expect(isAtDefault(dodge, {}, DEFAULTS)).toBe(true);
  });
});

describe('fieldsWithProblems', () => {
  it('flags a field with a refused entry and a field a problem sentence names, whatever the case', () => {
    const flagged = fieldsWithProblems(FIELDS, { dodge: '"x" is not a number.' }, [
      'extra recoil compensation: 11 is above 10.',
      'Choose a target.',
    ]);
    expect([...flagged].sort()).toEqual(['dodge', 'recoil']);
  });

  it('flags nothing when there is no problem', () => {
    expect(fieldsWithProblems(FIELDS, {}, []).size).toBe(0);
  });
});
