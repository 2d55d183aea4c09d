import { describe, expect, it } from 'vitest';
import { uesrpg3ePresets } from './presets';
import { weaponProblems } from '../../system-kit/sheet-weapons';
import { customWeapon, readWeapon, UESRPG_WEAPONS } from './sheet-weapons';
import { unarmedTable } from './tables';
import { uesrpg3eTracker } from './tracker';

describe('UESRPG sheet weapons', () => {
  it('the custom weapon form holds what the melee, ranged and grapple rolls read', () => {
    expect(uesrpg3eTracker.weapons).toBe(UESRPG_WEAPONS);
    expect(UESRPG_WEAPONS.fields.map((f) => f.id)).toEqual([
      'weaponType',
      'damageDice',
      'damageDie',
      'damageBonus',
      'reach',
      'rangeClose',
      'rangeEffective',
      'rangeLong',
      'style',
      'blockRating',
      'magicBr',
    ]);
  });

  it("the catalogue is every row of the seed's weapon tables (natural weapons), every value filled", () => {
    expect(UESRPG_WEAPONS.catalogue).toEqual([
      {
        id: 'punches-kicks',
        name: 'Punches/Kicks',
        row: { tableId: 'ues-natural-weapons', rowIndex: 0 },
        values: {
          weaponType: 'natural',
          damageDice: 1,
          damageDie: '4',
          damageBonus: 0,
          reach: 1,
          rangeClose: 0,
          rangeEffective: 0,
          rangeLong: 0,
          style: 'main',
          blockRating: 0,
          magicBr: false,
        },
      },
    ]);
    expect(unarmedTable.rows).toHaveLength(UESRPG_WEAPONS.catalogue.length);
    expect(unarmedTable.rows[0]!.cells).toEqual({ weapon: 'Punches/Kicks', damage: '1d4', range: '1 m' });
    expect(weaponProblems(UESRPG_WEAPONS.catalogue, UESRPG_WEAPONS)).toEqual([]);
  });

  it('reads a sheet weapon back as typed numbers', () => {
    const bow = customWeapon('bow', 'Bow', {
      type: 'ranged',
      dice: { count: 1, sides: 8, bonus: 2 },
      reach: 0,
      range: { close: 10, effective: 30, long: 100 },
      style: 'second',
      blockRating: 0,
      magicBr: false,
    });
    expect(weaponProblems([bow], UESRPG_WEAPONS)).toEqual([]);
    expect(readWeapon(bow)).toEqual({
      type: 'ranged',
      dice: { count: 1, sides: 8, bonus: 2 },
      reach: 0,
      range: { close: 10, effective: 30, long: 100 },
      style: 'second',
      blockRating: 0,
      magicBr: false,
    });
  });

  it('arms the ready-made entries with the weapons their notes name', () => {
    const armed = Object.fromEntries(
      uesrpg3ePresets.map((p) => [
        p.name,
        (p.weapons ?? []).map((w) => `${w.name}${w.row ? ' (table)' : ''}`),
      ]),
    );
    expect(armed).toEqual({
      Bandit: ['Sword'],
      'Imperial legionary': ['Gladius', 'Shield'],
      'Tavern brawler': ['Punches/Kicks (table)'],
      // Its notes name no weapon; everyone has Punches/Kicks in the weapon choice anyway.
      Adventurer: [],
    });
    for (const preset of uesrpg3ePresets) {
      expect(weaponProblems(preset.weapons ?? [], UESRPG_WEAPONS), preset.name).toEqual([]);
    }
    const legionary = uesrpg3ePresets.find((p) => p.name === 'Imperial legionary')!;
    expect(readWeapon(legionary.weapons![1]!)).toMatchObject({ type: 'shield', blockRating: 6, magicBr: false });
    expect(readWeapon(legionary.weapons![0]!)).toMatchObject({ type: 'melee', dice: { count: 1, sides: 6, bonus: 0 } });
  });
});

describe('UESRPG weapon lines', () => {
  const dice = { count: 1, sides: 8, bonus: 0 };
  const melee = { type: 'melee', dice, reach: 1, style: 'main', blockRating: 0, magicBr: false } as const;

  it('the table weapon: its damage dice and reach', () => {
    expect(UESRPG_WEAPONS.describe(UESRPG_WEAPONS.catalogue[0]!)).toBe('1d4 · 1 m');
  });

  it('a custom weapon of each type, the Combat Style only when it is not the main one', () => {
    expect(UESRPG_WEAPONS.describe(customWeapon('w1', 'Sword', melee))).toBe('1d8 · 1 m');
    expect(UESRPG_WEAPONS.describe(customWeapon('w1', 'Spear', { ...melee, dice: { count: 1, sides: 10, bonus: 1 }, reach: 2, style: 'second' }))).toBe(
      '1d10+1 · 2 m · second Combat Style',
    );
    expect(
      UESRPG_WEAPONS.describe(customWeapon('w1', 'Bow', { ...melee, type: 'ranged', reach: 0, range: { close: 10, effective: 30, long: 100 }, style: 'none' })),
    ).toBe('1d8 · 10/30/100 m · outside the Combat Styles −20');
    expect(UESRPG_WEAPONS.describe(customWeapon('w1', 'Claws', { ...melee, type: 'natural', dice: { count: 1, sides: 6, bonus: -1 } }))).toBe('1d6−1 · 1 m');
    expect(UESRPG_WEAPONS.describe(customWeapon('w1', 'Shield', { ...melee, type: 'shield', blockRating: 6 }))).toBe('BR 6 (shield)');
    expect(UESRPG_WEAPONS.describe(customWeapon('w1', 'Ward', { ...melee, type: 'shield', blockRating: 8, magicBr: true }))).toBe('BR 8 (shield, magic BR)');
  });
});
