import { describe, expect, it } from 'vitest';
import { hardwareSystem } from './index';
import { SECTIONS } from './rules';
import * as tables from './tables';

describe('reference tables', () => {
  it('row counts match the seed', () => {
    // Rounds: the numbered list "Resolve rounds in the following order" has 3 steps.
    expect(tables.roundOrderTable.rows).toHaveLength(3);
    // Actions: move up to 10m + the 4 listed actions (hack, attack, move again, other).
    expect(tables.actionsTable.rows).toHaveLength(5);
    // Attacking & Damage: "Attacks are resolved through the following steps" has 5 steps.
    expect(tables.attackStepsTable.rows).toHaveLength(5);
    // Attack Modifiers: Edges, Impaired, Dual-wielding, Aim.
    expect(tables.attackModifiersTable.rows).toHaveLength(4);
    // Attack Modifiers: die steps d4, d6, d8, d10, d12.
    expect(tables.dieStepsTable.rows).toHaveLength(5);
    // Impaired causes: Heavy Cover, Hardened, distant target, unimpaired enemy beside.
    expect(tables.impairedTable.rows).toHaveLength(4);
    // Protection: Armor, Cover, Buffer.
    expect(tables.protectionTable.rows).toHaveLength(3);
    // Cover: "Cover has two tiers".
    expect(tables.coverTable.rows).toHaveLength(2);
    // Ranged Attacks: the range table Close / Near / Far.
    expect(tables.rangesTable.rows).toHaveLength(3);
    // Ammo & Reloading: Handgun, Rifle, Shotgun, Explosive, Arrow.
    expect(tables.ammoGroupsTable.rows).toHaveLength(5);
    // Ammo & Reloading: the reload check has 3 numbered steps.
    expect(tables.reloadCheckTable.rows).toHaveLength(3);
    // Critical Damage / Critical Stress: damage and stress tracks.
    expect(tables.harmTrackTable.rows).toHaveLength(2);
    // Critical Damage / Critical Stress: PC and NPC outcome for each.
    expect(tables.criticalOutcomesTable.rows).toHaveLength(4);
    // Attribute Loss: BOD, AGL, CTR at 0.
    expect(tables.attributeLossTable.rows).toHaveLength(3);
    // Retreat, Hardened, Character Death.
    expect(tables.otherRulesTable.rows).toHaveLength(3);
    // Book (RULES-NOTES §4): saves (6 cases), gear tags (4), morale triggers (2).
    expect(tables.savesTable.rows).toHaveLength(6);
    expect(tables.gearTagsTable.rows).toHaveLength(4);
    expect(tables.moraleTable.rows).toHaveLength(2);
  });

  it('every table is registered, unique, and every row has keywords and a known section', () => {
    const known = new Set<string>(Object.values(SECTIONS));
    const ids = hardwareSystem.tables.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(hardwareSystem.tables).toHaveLength(18);
    for (const table of hardwareSystem.tables) {
      expect(table.system).toBe('hardware');
      expect(known.has(table.section)).toBe(true);
      for (const row of table.rows) {
        expect(row.keywords.length).toBeGreaterThan(0);
        expect(known.has(String(row.cells.section))).toBe(true);
        for (const column of table.columns) expect(row.cells[column.key]).toBeDefined();
      }
    }
  });
});
