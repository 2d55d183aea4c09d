import { describe, expect, it } from 'vitest';
import { weaponProblems } from '../../system-kit/sheet-weapons';
import type { SheetWeapon } from '../../system-kit/tracker-rules';
import { catalogueWeapon, explosiveOfSheet, meleeOfSheet, rangedOfSheet, shadowrunWeapons } from './sheet-weapons';
import { blastTable } from './tables';
import { meleeWeaponTable, rangedWeaponTable } from './weapons';
import { shadowrun4eTracker } from './tracker';

const byId = (id: string) => shadowrunWeapons.catalogue.find((w) => w.id === id)!;

describe('Shadowrun sheet weapons', () => {
  it('are the tracker adapter’s weapon rules, with these field ids', () => {
    expect(shadowrun4eTracker.weapons).toBe(shadowrunWeapons);
    expect(shadowrunWeapons.fields.map((f) => f.id)).toEqual([
      'kind',
      'skill',
      'dv',
      'strengthDamage',
      'damageType',
      'electric',
      'ap',
      'apHalf',
      'modeSS',
      'modeSA',
      'modeBF',
      'modeFA',
      'smartlink',
      'rc',
      'rangeCategory',
      'reach',
      'explosive',
      'delivery',
      'sensor',
    ]);
  });

  it('catalogue every firearm and melee row, and every blast row with a Damage Value, each passing the rules', () => {
    // One at a time: the whole catalogue is more weapons than one sheet holds.
    for (const weapon of shadowrunWeapons.catalogue)
      expect(weaponProblems([weapon], shadowrunWeapons), weapon.name).toEqual([]);
    expect(shadowrunWeapons.catalogue).toHaveLength(14 + 9 + 6);
    const rows = (tableId: string) =>
      shadowrunWeapons.catalogue.filter((w) => w.row?.tableId === tableId).map((w) => w.row!.rowIndex);
    expect(rows(rangedWeaponTable.id)).toEqual(rangedWeaponTable.rows.map((_, i) => i));
    expect(rows(meleeWeaponTable.id)).toEqual(meleeWeaponTable.rows.map((_, i) => i));
    // Flash-Pak (1), gas (4) and smoke (5) have no Damage Value to resist.
    expect(rows(blastTable.id)).toEqual([0, 2, 3, 6, 7, 8]);
    for (const weapon of shadowrunWeapons.catalogue) {
      const table = [rangedWeaponTable, meleeWeaponTable, blastTable].find((t) => t.id === weapon.row!.tableId)!;
      expect(table.rows[weapon.row!.rowIndex]!.cells[table === blastTable ? 'type' : 'weapon']).toBe(weapon.name);
    }
  });

  it('hold the table rows’ numbers exactly', () => {
    const none = { rangeCategory: 'none', reach: 0, explosive: 'none', delivery: 'none', sensor: 0 };
    const noModes = { modeSS: false, modeSA: false, modeBF: false, modeFA: false, smartlink: false, rc: 0 };
    // Ares Alpha: assault rifle, 6P, AP −1, SA/BF/FA, RC 2.
    expect(byId('ares-alpha').values).toEqual({
      ...none,
      kind: 'ranged',
      skill: 'automatics',
      dv: 6,
      strengthDamage: false,
      damageType: 'P',
      electric: false,
      ap: -1,
      apHalf: false,
      modeSS: false,
      modeSA: true,
      modeBF: true,
      modeFA: true,
      smartlink: false,
      rc: 2,
      rangeCategory: 'assault-rifle',
    });
    // Defiance Super Shock: taser, 6S(e), AP −half, SS.
    expect(byId('defiance-super-shock').values).toMatchObject({
      skill: 'pistols',
      dv: 6,
      damageType: 'S',
      electric: true,
      apHalf: true,
      modeSS: true,
      modeSA: false,
      rangeCategory: 'taser',
    });
    // Katana: Blades, Reach 1, (STR/2+3)P, AP −1.
    expect(byId('katana').values).toEqual({
      ...none,
      ...noModes,
      kind: 'melee',
      skill: 'blades',
      dv: 3,
      strengthDamage: true,
      damageType: 'P',
      electric: false,
      ap: -1,
      apHalf: false,
      reach: 1,
    });
    // Stun baton: Clubs, Reach 1, 6S(e), AP −half.
    expect(byId('stun-baton').values).toMatchObject({
      skill: 'clubs',
      dv: 6,
      strengthDamage: false,
      damageType: 'S',
      electric: true,
      apHalf: true,
      reach: 1,
    });
    // Fragmentation grenade (seed's blast table): 12P(f), AP +5, thrown.
    expect(byId('fragmentation-grenade').values).toEqual({
      ...none,
      ...noModes,
      kind: 'explosive',
      skill: 'throwingWeapons',
      dv: 12,
      strengthDamage: false,
      damageType: 'P',
      electric: false,
      ap: 5,
      apHalf: false,
      explosive: 'fragmentation-grenade',
      delivery: 'standard',
    });
    expect(byId('anti-vehicle-missile').values).toMatchObject({
      skill: 'heavyWeapons',
      dv: 16,
      ap: -2,
      delivery: 'rocket',
    });
    expect(byId('flash-bang').values).toMatchObject({ dv: 6, damageType: 'S', ap: -3 });
  });

  it('read back as the weapons the rolls use', () => {
    expect(rangedOfSheet(byId('ares-alpha'), 'sheet:w1')).toEqual({
      skill: 'automatics',
      weapon: {
        id: 'sheet:w1',
        name: 'Ares Alpha',
        category: 'assault-rifle',
        skill: 'Automatics',
        dv: 6,
        damageType: 'P',
        ap: -1,
        modes: ['SA', 'BF', 'FA'],
        rc: 2,
      },
    });
    expect(meleeOfSheet(byId('stun-baton'), 'sheet:w2')).toEqual({
      skill: 'clubs',
      weapon: {
        id: 'sheet:w2',
        name: 'Stun baton',
        skill: 'Clubs',
        reach: 1,
        dv: { fixed: 6 },
        damageType: 'S',
        ap: 'half',
        electric: true,
      },
    });
    expect(meleeOfSheet(byId('knife'), 'sheet:w3')).toMatchObject({ weapon: { dv: { strengthPlus: 1 } } });
    expect(explosiveOfSheet(byId('high-explosive-missile'))).toEqual({
      skill: 'heavyWeapons',
      weapon: { explosive: 'high-explosive-missile', delivery: 'rocket', sensor: 0 },
    });
  });

  it('say what a custom weapon lacks before a roll can use it', () => {
    const custom = (name: string, patch: Record<string, string | number | boolean>): SheetWeapon => ({
      id: 'c1',
      name,
      values: { ...byId('ares-alpha').values, ...patch },
    });
    expect(rangedOfSheet(custom('Zip gun', { rangeCategory: 'none' }), 'sheet:c1')).toEqual({
      problem: 'Zip gun has no range table row: choose one on the sheet to fire it.',
    });
    expect(rangedOfSheet(custom('Jammed gun', { modeSA: false, modeBF: false, modeFA: false }), 'sheet:c1')).toEqual({
      problem: 'Jammed gun has no firing mode: choose one on the sheet to fire it.',
    });
    expect(rangedOfSheet(custom('Cannon', { dv: 31 }), 'sheet:c1')).toEqual({
      problem: 'Cannon: Damage Value must be between 0 and 30, got 31.',
    });
    expect(explosiveOfSheet(custom('Dud', { kind: 'explosive' }))).toEqual({
      problem: 'Dud has no warhead: choose a blast-table row on the sheet.',
    });
    expect(
      explosiveOfSheet(custom('Loose rocket', { kind: 'explosive', explosive: 'high-explosive-missile' })),
    ).toEqual({
      problem: 'Loose rocket has no delivery: choose how it is thrown or fired on the sheet.',
    });
  });

  it('put a catalogue weapon on a sheet under its own id and name', () => {
    expect(catalogueWeapon('knife', 'w2', 'Switchblade')).toEqual({ ...byId('knife'), id: 'w2', name: 'Switchblade' });
    expect(() => catalogueWeapon('phaser')).toThrow('No Shadowrun catalogue weapon "phaser".');
  });
});

describe('Shadowrun weapon lines', () => {
  const D = shadowrunWeapons.describe;
  const custom = (values: Record<string, string | number | boolean>): SheetWeapon => ({
    id: 'w1',
    name: 'Custom',
    values: { ...byId('ares-predator-iv').values, ...values },
  });

  it('a table firearm, melee weapon and grenade as the book writes them, AP only when it has one', () => {
    expect(D(byId('ares-predator-iv'))).toBe('Pistols · 5P · AP −1 · SA · RC 0');
    expect(D(byId('ares-alpha'))).toBe('Automatics · 6P · AP −1 · SA/BF/FA · RC 2');
    expect(D(byId('colt-america-l36'))).toBe('Pistols · 4P · SA · RC 0');
    expect(D(byId('defiance-super-shock'))).toBe('Pistols · 6S(e) · AP −half · SS · RC 0');
    expect(D(byId('knife'))).toBe('Blades · (STR/2+1)P · Reach 0');
    expect(D(byId('katana'))).toBe('Blades · (STR/2+3)P · AP −1 · Reach 1');
    expect(D(byId('unarmed'))).toBe('Unarmed Combat · (STR/2)S · Reach 0');
    expect(D(byId('stun-baton'))).toBe('Clubs · 6S(e) · AP −half · Reach 1');
    expect(D(byId('fragmentation-grenade'))).toBe('Throwing Weapons · 12P(f) · AP +5 · Standard thrown grenade');
    expect(D(byId('high-explosive-missile'))).toBe('Heavy Weapons · 14P · AP −2 · Rocket');
  });

  it('a custom firearm: no firing mode left out, a linked smartgun said', () => {
    expect(D(custom({ skill: 'automatics', dv: 7, ap: 2, modeSA: false, modeBF: true, modeFA: true, rc: 3, smartlink: true }))).toBe(
      'Automatics · 7P · AP +2 · BF/FA · RC 3 · smartlink',
    );
    expect(D(custom({ modeSA: false, damageType: 'S', electric: true, ap: 0 }))).toBe('Pistols · 5S(e) · RC 0');
  });

  it('a custom melee weapon, with Strength or a fixed DV', () => {
    const blade = { ...byId('katana').values };
    expect(D({ id: 'w2', name: 'Mono-whip', values: { ...blade, dv: 8, strengthDamage: false, ap: -4, reach: 2 } })).toBe(
      'Blades · 8P · AP −4 · Reach 2',
    );
    expect(D({ id: 'w2', name: 'Cudgel', values: { ...blade, skill: 'clubs', dv: 0, ap: 0, reach: 1 } })).toBe('Clubs · (STR/2)P · Reach 1');
  });

  it("a custom explosive: the warhead named when the weapon is called otherwise, a missile's Sensor", () => {
    const missile = { ...byId('anti-vehicle-missile').values, delivery: 'missile', sensor: 3 };
    expect(D({ id: 'w3', name: 'Tank buster', values: missile })).toBe(
      'Heavy Weapons · Anti-Vehicle (rocket/missile) · 16P · AP −2 · Missile · Sensor 3',
    );
    const frag = byId('fragmentation-grenade').values;
    expect(D({ id: 'w4', name: 'Frag', values: { ...frag, delivery: 'launcher' } })).toBe(
      'Throwing Weapons · Fragmentation (grenade) · 12P(f) · AP +5 · Grenade launcher',
    );
    expect(D({ id: 'w5', name: 'Dud', values: { ...frag, explosive: 'none', delivery: 'none', dv: 4, ap: -1 } })).toBe(
      'Throwing Weapons · 4P · AP −1',
    );
  });

  it('a weapon of no known kind has no line', () => {
    expect(D({ id: 'w6', name: 'Odd', values: { kind: 'thrown' } })).toBe('');
  });
});
