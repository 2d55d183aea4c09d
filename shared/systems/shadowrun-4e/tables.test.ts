import { describe, expect, it } from 'vitest';
import { shadowrunTables } from './tables';
import { SECTION } from './sections';
import { shadowrun4eSystem } from './index';

/**
 * Row counts read from the seed (seeds/002_efc801e1fa6f2480.txt). Where the seed gives a list
 * rather than a table, the count is the number of list items; rows the book adds are noted.
 */
const EXPECTED_ROWS: Record<string, number> = {
  'sr4-blast': 9, // "Grenades, Rockets & Missiles" blast table: Flash-Bang … Anti-Vehicle, 9 rows
  'sr4-scatter': 6, // base scatter: standard 1D6, aerodynamic 2D6, airburst 2D6, launcher 3D6, rocket 4D6, missile 4D6
  'sr4-explosive-delivery': 5, // Delivery paragraph: thrown, launcher, rockets/missiles, missile targeting, detonation
  'sr4-barriers': 2, // "Barriers & confined spaces": the barrier holds / the barrier falls
  'sr4-action-phase': 4, // Actions: one Complex, two Simple, Simple + Free, plus one Free per pass
  'sr4-actions': 18, // Actions: 6 Free, 6 Simple, 6 Complex examples
  'sr4-movement': 5, // Movement: human and troll from the seed + elf, dwarf, ork from the book
  'sr4-ranged-modifiers': 9, // Ranged Combat "Common modifiers": running … recoil, 9 items
  'sr4-range-bands': 4, // Ranged Combat: Short/Medium/Long/Extreme
  'sr4-firing-modes': 5, // Ranged Combat: single-shot, semi-auto, burst, full-auto long and full bursts
  'sr4-defenses': 5, // Melee Combat + Resolving an Attack: Reaction (ranged), parry, block, dodge, Full Defense
  'sr4-attack-steps': 5, // Resolving an Attack: 5 bullet steps
  'sr4-damage-tracks': 2, // Damage: Physical and Stun
  'sr4-initiative': 8, // The Combat Turn / Combat turn sequence statements
  'sr4-edge': 4, // Edge uses (book): before, after, act first, negate a glitch
  'sr4-dice': 3, // hit, glitch, critical glitch (book)
  'sr4-vehicle-stats': 6, // Vehicles: Body, Armor, Handling, Sensor, Speed, Initiative
  'sr4-chase-stunts': 4, // Chase stunts: Break Off, Cut Off, Ram, Maneuver
  'sr4-other-factors': 3, // Other Combat Factors: 3 bullets
  'sr4-ranged-weapons': 14, // the seed lists no weapons: core-book firearms
  'sr4-melee-weapons': 9, // the seed lists no weapons: core-book melee weapons
};

describe('reference tables', () => {
  it('has every expected table with the seed row counts', () => {
    expect(shadowrunTables.map((t) => t.id).sort()).toEqual(Object.keys(EXPECTED_ROWS).sort());
    for (const t of shadowrunTables) expect(t.rows.length, t.id).toBe(EXPECTED_ROWS[t.id]);
  });

  it('gives every row its cells and search keywords, and cites a seed section', () => {
    const sections = new Set<string>(Object.values(SECTION));
    for (const t of shadowrunTables) {
      expect(t.system).toBe('shadowrun-4e');
      expect(sections.has(t.section), t.id).toBe(true);
      for (const r of t.rows) {
        expect(r.keywords.length, `${t.id} row`).toBeGreaterThan(0);
        for (const column of t.columns) expect(r.cells[column.key], `${t.id}.${column.key}`).toBeDefined();
      }
    }
  });

  it('keeps the blast table exactly as printed', () => {
    const blast = shadowrunTables.find((t) => t.id === 'sr4-blast')!;
    expect(blast.rows.map((r) => r.cells.damage)).toEqual([
      '6S',
      'Special',
      '12P(f)',
      '10P',
      'Chemical',
      '—',
      '16P(f)',
      '14P',
      '16P',
    ]);
    expect(blast.rows[8]!.cells.ap).toBe('−2 (−6 vs. vehicles)');
  });

  it('is registered on the system', () => {
    expect(shadowrun4eSystem.tables).toBe(shadowrunTables);
  });
});
