import { describe, expect, it } from 'vitest';
import type { ReferenceTable } from '../../system-kit/rule-system';
import { headers, printedRows } from '../../system-kit/tables.test-support';
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
        // Exactly the shown columns plus the hidden section, each cell non-empty.
        expect(Object.keys(row.cells).sort(), table.id).toEqual([...table.columns.map((c) => c.key), 'section'].sort());
        for (const column of table.columns) expect(String(row.cells[column.key]).length, table.id).toBeGreaterThan(0);
      }
    }
  });
});

// Cells checked against the seed (seeds/004_4f030c793f7fe0c7.txt, cited by line) and RULES-NOTES §4.
// Each row reads "a | b | c" in column order.

const sectionsOf = (t: ReferenceTable) => t.rows.map((r) => r.cells.section);

describe('reference tables against the seed text', () => {
  it('lists the tables in reading order with their column headers', () => {
    expect(hardwareSystem.tables.map((t) => [t.id, headers(t)])).toEqual([
      ['hardware-round-order', ['#', 'Rule']],
      ['hardware-actions', ['Option', 'Detail']],
      ['hardware-attack-steps', ['#', 'Rule']],
      ['hardware-attack-modifiers', ['Modifier', 'Effect']],
      ['hardware-die-steps', ['Die', '+1 Edge', '+2 Edges', 'Impaired']],
      ['hardware-impaired-causes', ['Cause', 'Rule']],
      ['hardware-protection', ['Protection', 'Against', 'Rule']],
      ['hardware-cover-tiers', ['Tier', 'Cover', 'Examples']],
      ['hardware-ranges', ['Range', 'Distance']],
      ['hardware-ammo-groups', ['Ammo group']],
      ['hardware-reload-check', ['#', 'Rule']],
      ['hardware-harm-tracks', ['Harm', 'Reduced by', 'Past 0 Stamina', 'Then']],
      ['hardware-critical-outcomes', ['Critical', 'Who', 'Outcome']],
      ['hardware-attribute-loss', ['At 0', 'Effect']],
      ['hardware-other-rules', ['Rule', 'Summary']],
      ['hardware-saves', ['Roll', 'Result']],
      ['hardware-gear-tags', ['Tag', 'Effect']],
      ['hardware-morale', ['When', 'Check']],
    ]);
  });

  it('Rounds: the three numbered steps word for word (lines 9–11)', () => {
    expect(printedRows(tables.roundOrderTable)).toEqual([
      '1 | Each PC must make an AGL save in order to act before their opponents. PCs that fail their save lose their turn for this round.',
      '2 | Their opponents then take their turn.',
      '3 | The next round begins with the PCs taking their turn, followed by their opponents, and so on until combat has ended with one side defeated or fled.',
    ]);
    expect(tables.roundOrderTable.rows.map((r) => r.cells.step)).toEqual([1, 2, 3]);
    expect(tables.roundOrderTable.footnotes[1]).toBe(
      'Special circumstances, abilities, items, or skills may negate the need to make an AGL save to act first.',
    );
  });

  it('Actions: move up to 10 m plus one of the four listed actions (line 17)', () => {
    expect(tables.actionsTable.rows.map((r) => r.cells.option)).toEqual([
      'Move',
      'Deploy a hack',
      'Attack',
      'Move a second time',
      'Other reasonable action',
    ]);
    expect(tables.actionsTable.rows[0]!.cells.detail).toBe('Up to 10 m, as well as the action.');
  });

  it('Attacking & Damage: the five steps word for word (lines 27–31)', () => {
    expect(printedRows(tables.attackStepsTable)).toEqual([
      '1 | All attackers targeting the same foe roll damage dice.',
      '2 | Assist: damage results of 4 or greater can be discarded to add 1 damage to the final attack.',
      '3 | Take the value from the highest result remaining, adding assist damage.',
      '4 | Subtract the target’s Armor and Cover.',
      '5 | The attack inflicts damage equal to the remaining total, and applies any effects from the source of the highest result.',
    ]);
  });

  it('Attack Modifiers: Edge, Impaired, Dual-wielding, Aim and the die steps they imply (lines 35–41)', () => {
    expect(tables.attackModifiersTable.rows.map((r) => r.cells.modifier)).toEqual([
      'Edge',
      'Impaired',
      'Dual-wielding',
      'Aim',
    ]);
    expect(tables.attackModifiersTable.rows[1]!.cells.effect).toBe(
      'Always does d4 damage and cannot be improved by Edges.',
    );
    // "a Sniper Rifle (d8) attack with one Edge would instead do d10 damage. With two Edges it is d12" (line 35);
    // "Impaired attacks always do d4 damage" (line 37); "up to d12".
    expect(printedRows(tables.dieStepsTable)).toEqual([
      'd4 | d6 | d8 | d4',
      'd6 | d8 | d10 | d4',
      'd8 | d10 | d12 | d4',
      'd10 | d12 | d12 | d4',
      'd12 | d12 | d12 | d4',
    ]);
  });

  it('Protection: Cover before Armor, Buffer against stress, each capped at 3 (lines 45–72)', () => {
    expect(tables.protectionTable.rows.map((r) => [r.cells.protection, r.cells.against])).toEqual([
      ['Cover', 'Damage'],
      ['Armor', 'Damage'],
      ['Buffer', 'Stress'],
    ]);
    expect(sectionsOf(tables.protectionTable)).toEqual(['Cover', 'Armor', 'Buffer']);
    // "Cover has two tiers: Light Cover (+1 cover) such as wooden crates or a short wall. Heavy Cover (+2 cover) …" (lines 57–60)
    expect(printedRows(tables.coverTable)).toEqual([
      'Light Cover | 1 | Wooden crates or a short wall.',
      'Heavy Cover | 2 | Concrete pillars or a large vehicle.',
    ]);
    expect(tables.coverTable.rows.map((r) => r.cells.value)).toEqual([1, 2]);
    expect(tables.coverTable.footnotes[1]).toBe('Attacks from behind Heavy Cover are Impaired.');
  });

  it('Ranged Attacks: Close, Near, Far word for word (lines 83–85)', () => {
    expect(printedRows(tables.rangesTable)).toEqual([
      'Close | Right beside the target.',
      'Near | Within 30m of the target.',
      'Far | Beyond 30m of the target.',
    ]);
  });

  it('Ammo & Reloading: the five groups (line 89) and the reload check (lines 93–95, 97)', () => {
    expect(printedRows(tables.ammoGroupsTable)).toEqual(['Handgun', 'Rifle', 'Shotgun', 'Explosive', 'Arrow']);
    expect(printedRows(tables.reloadCheckTable)).toEqual([
      '1 | For any firearm used make an AGL save. If you used a burst attack, roll with Disadvantage.',
      '2 | On a failure, you must reload discarding one Ammo of that weapon type from your inventory.',
      '3 | On a success, you keep your Ammo.',
    ]);
    expect(tables.reloadCheckTable.footnotes).toEqual([
      'If a weapon has the reload tag, you must discard 1 Ammo after every attack.',
    ]);
  });

  it('Critical Damage / Stress: overflow to BOD or CTR and the PC and NPC outcomes (lines 103–119)', () => {
    expect(printedRows(tables.harmTrackTable)).toEqual([
      'Damage | Cover, then Armor | BOD loses the rest | BOD save with the new BOD, or Critical Damage',
      'Stress | Buffer | CTR loses the rest | CTR save with the new CTR, or Critical Stress',
    ]);
    expect(tables.criticalOutcomesTable.rows.map((r) => `${r.cells.critical} / ${r.cells.who}`)).toEqual([
      'Critical Damage / PC',
      'Critical Damage / NPC / monster',
      'Critical Stress / PC',
      'Critical Stress / NPC / monster',
    ]);
    expect(sectionsOf(tables.criticalOutcomesTable)).toEqual([
      'Critical Damage',
      'Critical Damage',
      'Critical Stress',
      'Critical Stress',
    ]);
  });

  it('Attribute Loss: BOD 0 dies, AGL 0 paralyzed, CTR 0 mental breakdown (line 125)', () => {
    expect(printedRows(tables.attributeLossTable)).toEqual([
      'BOD | The PC dies.',
      'AGL | Paralyzed: unable to act until restored through extended rest or by extraordinary means.',
      'CTR | Mental breakdown: unable to act until restored through extended rest or by extraordinary means.',
    ]);
  });

  it('Retreat, Hardened, Character Death (lines 129–137)', () => {
    expect(tables.otherRulesTable.rows.map((r) => r.cells.rule)).toEqual(['Retreat', 'Hardened', 'Character death']);
    expect(tables.otherRulesTable.rows[0]!.cells.text).toBe(
      'Running away from a dire situation always requires a successful AGL save, as well as a safe destination to run to.',
    );
    expect(sectionsOf(tables.otherRulesTable)).toEqual(['Retreat', 'Hardened', 'Character Death']);
  });

  it('book rules from RULES-NOTES §4: saves, gear tags, morale', () => {
    expect(printedRows(tables.savesTable)).toEqual([
      'd20 ≤ attribute | Success.',
      'd20 > attribute | Failure.',
      'Natural 1 | Always succeeds.',
      'Natural 20 | Always fails.',
      'Disadvantage | Roll two d20, keep the worse.',
      'Advantage | Roll two d20, keep the better.',
    ]);
    expect(printedRows(tables.gearTagsTable)).toEqual([
      'Piercing | Ignores Armor (Cover still applies).',
      'Shred | Lowers the target’s Armor by 1 when it deals damage.',
      'Blast | Rolls damage separately for each target.',
      'Reload | Discard 1 Ammo after every attack.',
    ]);
    expect(printedRows(tables.moraleTable)).toEqual([
      'First casualty | The group saves CTR; on a failure it flees or surrenders.',
      'Half strength | The group saves CTR; on a failure it flees or surrenders.',
    ]);
  });
});
