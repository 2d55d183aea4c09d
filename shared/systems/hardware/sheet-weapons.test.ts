import { describe, expect, it } from 'vitest';
import { weaponProblems } from '../../system-kit/sheet-weapons';
import { HARDWARE_DIE_STEPS_TABLE_ID, hardwareWeapons, weaponOfSheet, weaponParts } from './sheet-weapons';
import { dieStepsTable } from './tables';
import { hardwareTracker } from './tracker';

const W = hardwareWeapons;

describe('Hardware sheet weapons', () => {
  it('the custom weapon form: die, melee or ranged, the gear tags and dual wield', () => {
    expect(W.fields.map((f) => f.id)).toEqual(['die', 'attack', 'piercing', 'shred', 'blast', 'reload', 'pair']);
    expect(hardwareTracker.weapons).toBe(W);
  });

  it('the catalogue: one weapon per die step row and the seed’s Sniper Rifle (d8), each valid', () => {
    expect(HARDWARE_DIE_STEPS_TABLE_ID).toBe(dieStepsTable.id);
    expect(W.catalogue.map((c) => [c.name, c.row!.rowIndex, dieStepsTable.rows[c.row!.rowIndex]!.cells.die])).toEqual([
      ['d4 weapon', 0, 'd4'],
      ['d6 weapon', 1, 'd6'],
      ['d8 weapon', 2, 'd8'],
      ['d10 weapon', 3, 'd10'],
      ['d12 weapon', 4, 'd12'],
      ['Sniper Rifle', 2, 'd8'],
    ]);
    expect(weaponProblems(W.catalogue, W)).toEqual([]);
    expect(W.catalogue.find((c) => c.name === 'Sniper Rifle')!.values).toEqual({
      die: '8',
      attack: 'ranged',
      piercing: false,
      shred: false,
      blast: false,
      reload: false,
      pair: false,
    });
  });

  it('reads a sheet weapon, and refuses a value that does not fit', () => {
    const values = { die: '8', attack: 'melee', piercing: true, shred: false, blast: false, reload: true, pair: true };
    const w = weaponOfSheet({ id: 'w1', name: 'Twin blades', values });
    expect(w).toEqual({ name: 'Twin blades', die: 8, attack: 'melee', tags: { piercing: true, shred: false }, blast: false, reload: true, pair: true });
    expect(weaponParts(w)).toEqual(['d8+d8', 'melee', 'piercing', 'reload']);
    expect(weaponParts(weaponOfSheet(W.catalogue[0]!))).toEqual(['d4']);
    expect(() => weaponOfSheet({ id: 'w1', name: 'Twin blades', values: { ...values, die: '7' } })).toThrow(
      'Twin blades: Damage die: "7" is not one of the choices (d4, d6, d8, d10, d12).',
    );
  });
});

describe('Hardware weapon lines', () => {
  const custom = (values: Record<string, string | boolean>) => ({
    id: 'w1',
    name: 'Custom',
    values: { die: '6', attack: 'ranged', piercing: false, shred: false, blast: false, reload: false, pair: false, ...values },
  });

  it('a table weapon is its die alone', () => {
    expect(W.describe(W.catalogue.find((w) => w.id === 'sniper-rifle')!)).toBe('d8');
    expect(W.describe(W.catalogue[4]!)).toBe('d12');
  });

  it('a custom weapon adds melee and each tag it has, and both dice of a pair', () => {
    expect(W.describe(custom({ die: '8', piercing: true }))).toBe('d8 · piercing');
    expect(W.describe(custom({ attack: 'melee', shred: true }))).toBe('d6 · melee · shred');
    expect(W.describe(custom({ die: '10', blast: true, reload: true }))).toBe('d10 · blast · reload');
    expect(W.describe(custom({ die: '4', pair: true, attack: 'melee' }))).toBe('d4+d4 · melee');
  });
});
