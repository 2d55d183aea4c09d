import { describe, expect, it } from 'vitest';
import { BODY_ARMOR, COVER, WEAPONS } from './equipment';
import { electricStateSystem } from './index';
import {
  actionTypesTable,
  bodyArmorTable,
  coverTable,
  electricStateTables,
  rallyingTable,
  rangeBandsTable,
  seriousInjuriesTable,
  weaponsTable,
} from './tables';

describe('reference tables', () => {
  it('each seed table has the seed row count', () => {
    // Counted in seeds/000_37ea37a29e173e06.txt:
    expect(rangeBandsTable.rows).toHaveLength(5); // "Range Bands": Engaged … Extreme
    expect(actionTypesTable.rows).toHaveLength(4); // "Action Types": Action, Move, Reaction, Free Action
    expect(coverTable.rows).toHaveLength(5); // cover table under "Ranged Combat": Shrubbery … Sandbag
    expect(weaponsTable.rows).toHaveLength(22); // "Weapons Table": Unarmed … Mortar
    expect(weaponsTable.footnotes).toHaveLength(4); // ★ ◆ ● ‡
    expect(rallyingTable.rows).toHaveLength(3); // "Rallying & Stabilizing": Rally, Self-rally, Stabilize
    expect(bodyArmorTable.rows).toHaveLength(3); // "Body Armor": Soft vest, Plate vest, Riot gear
    expect(seriousInjuriesTable.rows).toHaveLength(19); // "Serious Injuries (D66)": 11–36 + 41…66
  });

  it('typed data agrees with the displayed tables', () => {
    expect(WEAPONS).toHaveLength(weaponsTable.rows.length);
    WEAPONS.forEach((w, i) => expect(String(weaponsTable.rows[i]!.cells.weapon)).toContain(w.name));
    expect(WEAPONS.filter((w) => w.fullAuto).map((w) => w.id)).toEqual([
      'submachinegun',
      'assault-rifle',
      'heavy-machinegun',
    ]);
    expect(WEAPONS.filter((w) => w.neurocaster).map((w) => w.id)).toEqual(['neodymium-cannon']);
    expect(WEAPONS.filter((w) => w.taser).map((w) => w.id)).toEqual(['taser']);
    expect(WEAPONS.filter((w) => w.notForSale)).toHaveLength(7); // ‡: sniper, SMG, assault rifle, HMG, cannon, grenade, mortar
    expect(WEAPONS.filter((w) => w.notForSale)).toHaveLength(
      weaponsTable.rows.filter((r) => r.cells.price === '‡').length,
    );
    expect(BODY_ARMOR.map((a) => a.armorLevel)).toEqual(bodyArmorTable.rows.map((r) => r.cells.armorLevel));
    expect(COVER.map((c) => c.armorLevel)).toEqual(coverTable.rows.map((r) => r.cells.armorLevel));
  });

  it('every table is complete: ids unique, cells for every column, keywords on every row', () => {
    const ids = electricStateTables.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const t of electricStateTables) {
      expect(t.system).toBe('electric-state');
      expect(t.section).toBeTruthy();
      for (const row of t.rows) {
        for (const col of t.columns) expect(row.cells[col.key], `${t.id} ${col.key}`).toBeDefined();
        expect(row.keywords.length).toBeGreaterThan(0);
      }
    }
    expect(seriousInjuriesTable.roll).toEqual({ dice: 'D66', column: 'd66' });
  });

  it('the system object wires everything', () => {
    expect(electricStateSystem.id).toBe('electric-state');
    expect(electricStateSystem.toggles.map((t) => [t.id, t.defaultValue])).toEqual([
      ['zeroPool', 'fail'],
      ['instantKill', 'after-armor'],
      ['hopeOnlyNewOnes', false],
      ['deathRollsOnDamage', 'reset'],
      ['firstSide', 'roll'],
    ]);
    for (const t of electricStateSystem.toggles) expect(t.values[0]!.value).toBe(t.defaultValue);
    for (const op of [
      'successes',
      'pool',
      'attack',
      'damage',
      'death-rolls',
      'initiative',
      'serious-injury',
      'blast',
      'push',
      'odds-successes',
    ]) {
      expect(electricStateSystem.operations[op], op).toBeTypeOf('function');
    }
  });
});
