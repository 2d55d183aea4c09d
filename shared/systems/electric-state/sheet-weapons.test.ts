import { describe, expect, it } from 'vitest';
import { weaponProblems } from '../../system-kit/sheet-weapons';
import { getWeapon, WEAPONS } from './equipment';
import { ES_WEAPONS_TABLE_ID, electricStateWeapons, weaponOfSheet } from './sheet-weapons';
import { weaponsTable } from './tables';
import { electricStateTracker } from './tracker';

const W = electricStateWeapons;
const row = (name: string) => W.catalogue.find((c) => c.name === name)!;

describe('Electric State sheet weapons', () => {
  it('the custom weapon form has the numbers the attack workflows read', () => {
    expect(W.fields.map((f) => f.id)).toEqual([
      'bonus',
      'neurocaster',
      'effect',
      'damage',
      'minRange',
      'maxRange',
      'firearm',
      'fullAuto',
    ]);
    expect(electricStateTracker.weapons).toBe(W);
  });

  it('the catalogue is the seed Weapons Table, row by row, each entry valid', () => {
    expect(ES_WEAPONS_TABLE_ID).toBe(weaponsTable.id);
    expect(W.catalogue).toHaveLength(22);
    W.catalogue.forEach((c, i) => {
      expect(c.row).toEqual({ tableId: 'es-weapons', rowIndex: i });
      expect(String(weaponsTable.rows[i]!.cells.weapon)).toContain(c.name);
    });
    expect(weaponProblems(W.catalogue, W)).toEqual([]);
  });

  it('gives the table numbers of named rows', () => {
    expect(row('Derringer').values).toEqual({
      bonus: 2,
      neurocaster: false,
      effect: 'damage',
      damage: 2,
      minRange: 'engaged',
      maxRange: 'short',
      firearm: true,
      fullAuto: false,
    });
    expect(row('Assault rifle').values).toEqual({
      bonus: 3,
      neurocaster: false,
      effect: 'damage',
      damage: 2,
      minRange: 'short',
      maxRange: 'long',
      firearm: true,
      fullAuto: true,
    });
    expect(row('Taser').values).toEqual({
      bonus: 3,
      neurocaster: false,
      effect: 'taser',
      damage: 0,
      minRange: 'engaged',
      maxRange: 'short',
      firearm: false,
      fullAuto: false,
    });
    expect(row('Neodymium cannon').values).toEqual({
      bonus: 0,
      neurocaster: true,
      effect: 'damage',
      damage: 4,
      minRange: 'medium',
      maxRange: 'long',
      firearm: false,
      fullAuto: false,
    });
    expect(row('Mortar').values).toEqual({
      bonus: 2,
      neurocaster: false,
      effect: 'blast',
      damage: 12,
      minRange: 'medium',
      maxRange: 'extreme',
      firearm: false,
      fullAuto: false,
    });
    expect(row('Rock').values).toEqual({
      bonus: 0,
      neurocaster: false,
      effect: 'damage',
      damage: 1,
      minRange: 'engaged',
      maxRange: 'medium',
      firearm: false,
      fullAuto: false,
    });
  });

  it('reads every catalogue row back to the table weapon, under the sheet id', () => {
    WEAPONS.forEach((w, i) => {
      const entry = W.catalogue[i]!;
      const { id, price, notForSale, ...rest } = weaponOfSheet({ ...entry, id: 'w1' });
      const { id: _id, price: _price, notForSale: _nfs, ...table } = getWeapon(w.id);
      expect({ id, price, notForSale }).toEqual({ id: 'sheet:w1', price: null, notForSale: false });
      expect(rest).toEqual(table);
    });
  });

  it('reads a custom weapon, and refuses one whose ranges are reversed or a value that does not fit', () => {
    const values = {
      bonus: 1,
      neurocaster: false,
      effect: 'blast',
      damage: 5,
      minRange: 'short',
      maxRange: 'medium',
      firearm: false,
      fullAuto: false,
    };
    expect(weaponOfSheet({ id: 'w3', name: 'Pipe bomb', values })).toMatchObject({
      id: 'sheet:w3',
      name: 'Pipe bomb',
      bonus: { kind: 'dice', dice: 1 },
      damage: { kind: 'blast', blastPower: 5 },
      explosive: true,
      taser: false,
    });
    expect(() => weaponOfSheet({ id: 'w3', name: 'Pipe bomb', values: { ...values, minRange: 'long' } })).toThrow(
      'Pipe bomb: the minimum range (Long) is beyond the maximum range (Medium).',
    );
    expect(() => weaponOfSheet({ id: 'w3', name: 'Pipe bomb', values: { ...values, damage: 21 } })).toThrow(
      'Pipe bomb: Damage (Blast Power for explosives) must be',
    );
  });
});

describe('Electric State weapon lines', () => {
  const custom = (values: Record<string, string | number | boolean>) => ({
    id: 'w1',
    name: 'Custom',
    values: {
      bonus: 0,
      neurocaster: false,
      effect: 'damage',
      damage: 2,
      minRange: 'engaged',
      maxRange: 'engaged',
      firearm: false,
      fullAuto: false,
      ...values,
    },
  });

  it("a table weapon in the Weapons Table's columns, a missing bonus left out", () => {
    expect(W.describe(row('Derringer'))).toBe('+2 · damage 2 · Engaged–Short');
    expect(W.describe(row('Unarmed'))).toBe('damage 1 · Engaged');
    expect(W.describe(row('Assault rifle'))).toBe('+3 · damage 2 · Short–Long · full auto');
    expect(W.describe(row('Taser'))).toBe('+3 · damage ★ · Engaged–Short');
    expect(W.describe(row('Neodymium cannon'))).toBe('Network · damage 4 · Medium–Long');
    expect(W.describe(row('Hand grenade'))).toBe('damage Blast 8 · Engaged–Medium');
  });

  it('a custom weapon of each effect', () => {
    expect(W.describe(custom({ bonus: 1, damage: 3, minRange: 'short', maxRange: 'long', fullAuto: true }))).toBe(
      '+1 · damage 3 · Short–Long · full auto',
    );
    expect(W.describe(custom({ effect: 'taser', damage: 0, maxRange: 'short' }))).toBe('damage ★ · Engaged–Short');
    expect(
      W.describe(custom({ effect: 'blast', damage: 5, neurocaster: true, minRange: 'medium', maxRange: 'medium' })),
    ).toBe('Network · damage Blast 5 · Medium');
  });
});
