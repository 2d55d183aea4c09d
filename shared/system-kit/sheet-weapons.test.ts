import { describe, expect, it } from 'vitest';
import { MAX_SHEET_WEAPONS, nextWeaponId, weaponProblems } from './sheet-weapons';
import type { SheetWeapon, WeaponRules } from './tracker-rules';

const RULES: WeaponRules = {
  fields: [
    { id: 'damage', kind: 'number', label: 'Damage', group: 'attack', min: 0, max: 10 },
    { id: 'reach', kind: 'choice', label: 'Reach', group: 'attack', options: [{ value: 'close', label: 'Close' }, { value: 'far', label: 'Far' }] },
    { id: 'auto', kind: 'flag', label: 'Full auto', group: 'attack' },
  ],
  catalogue: [{ id: 'knife', name: 'Knife', row: { tableId: 'weapons', rowIndex: 2 }, values: { damage: 2, reach: 'close', auto: false } }],
  describe: () => '',
};

const knife: SheetWeapon = { id: 'w1', name: 'Knife', row: { tableId: 'weapons', rowIndex: 2 }, values: { damage: 2, reach: 'close', auto: false } };
const custom: SheetWeapon = { id: 'w2', name: 'Rail gun', values: { damage: 9, reach: 'far', auto: true } };

describe('weaponProblems', () => {
  it('accepts table and custom weapons with every value', () => {
    expect(weaponProblems([knife, custom], RULES)).toEqual([]);
    expect(weaponProblems([], RULES)).toEqual([]);
  });

  it('refuses what is not a list, and more than the limit', () => {
    expect(weaponProblems('knife', RULES)).toEqual(['Weapons must be a list, got "knife".']);
    const many = Array.from({ length: MAX_SHEET_WEAPONS + 1 }, (_, i) => ({ ...custom, id: `w${i}` }));
    expect(weaponProblems(many, RULES)).toEqual(['A sheet holds at most 24 weapons, got 25.']);
  });

  it('names each problem with the weapon it is on', () => {
    expect(weaponProblems([null], RULES)).toEqual(['Weapon 1 must be a weapon, got null.']);
    expect(weaponProblems([{ ...custom, name: '  ' }], RULES)).toEqual(['Weapon 1 needs a name of 1 to 60 characters.']);
    expect(weaponProblems([{ ...custom, name: 'x'.repeat(61) }], RULES)[0]).toMatch(/needs a name of 1 to 60 characters\.$/);
    expect(weaponProblems([{ ...custom, id: '' }], RULES)).toEqual(['Weapon "Rail gun" has no usable id.']);
    expect(weaponProblems([custom, { ...knife, id: 'w2' }], RULES)).toEqual([
      'Weapon "Knife": another weapon on the sheet has the id "w2".',
    ]);
  });

  it('refuses a table row the system does not have', () => {
    expect(weaponProblems([{ ...knife, row: { tableId: 'weapons', rowIndex: 3 } }], RULES)).toEqual([
      'Weapon "Knife" names a table row the system does not have (table "weapons", row 3).',
    ]);
  });

  it('checks every value against the weapon form, and refuses values the system does not know', () => {
    expect(weaponProblems([{ ...custom, values: { damage: 11, reach: 'near', auto: 1 } }], RULES)).toEqual([
      'Weapon "Rail gun": Damage must be between 0 and 10, got 11.',
      'Weapon "Rail gun": Reach: "near" is not one of the choices (Close, Far).',
      'Weapon "Rail gun": Full auto must be on or off, got 1.',
    ]);
    expect(weaponProblems([{ ...custom, values: { ...custom.values, colour: 'red' } }], RULES)).toEqual([
      'Weapon "Rail gun": "colour" is not a weapon value of this system.',
    ]);
    expect(weaponProblems([{ ...custom, values: { damage: 9, reach: 'far' } }], RULES)).toEqual([
      'Weapon "Rail gun": Full auto must be on or off, got nothing.',
    ]);
    expect(weaponProblems([{ id: 'w1', name: 'Club' }], RULES)).toEqual(['Weapon "Club" has no weapon numbers.']);
  });
});

describe('nextWeaponId', () => {
  it('numbers past the ids already taken', () => {
    expect(nextWeaponId([])).toBe('w1');
    expect(nextWeaponId([knife])).toBe('w2');
    expect(nextWeaponId([custom, { ...knife, id: 'w3' }])).toBe('w4');
  });
});
