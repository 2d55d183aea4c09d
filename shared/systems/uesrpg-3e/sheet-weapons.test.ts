import { describe, expect, it } from 'vitest';
import { bestiaryPresets } from '../../encounter/bestiary-presets';
import { weaponProblems } from '../../encounter/sheet-weapons';
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
      bestiaryPresets('uesrpg-3e').map((p) => [
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
    for (const preset of bestiaryPresets('uesrpg-3e')) {
      expect(weaponProblems(preset.weapons ?? [], UESRPG_WEAPONS), preset.name).toEqual([]);
    }
    const legionary = bestiaryPresets('uesrpg-3e').find((p) => p.name === 'Imperial legionary')!;
    expect(readWeapon(legionary.weapons![1]!)).toMatchObject({ type: 'shield', blockRating: 6, magicBr: false });
    expect(readWeapon(legionary.weapons![0]!)).toMatchObject({ type: 'melee', dice: { count: 1, sides: 6, bonus: 0 } });
  });
});
