import { describe, expect, it } from 'vitest';
import { headers, printedRows } from '../../system-kit/tables.test-support';
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
        // Exactly the table's columns, each a non-empty cell.
        expect(Object.keys(r.cells).sort(), t.id).toEqual(t.columns.map((c) => c.key).sort());
        for (const column of t.columns)
          expect(String(r.cells[column.key]).length, `${t.id}.${column.key}`).toBeGreaterThan(0);
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

// Cells checked against the seed (seeds/002_efc801e1fa6f2480.txt, cited by line); rows the seed does
// not print are marked "(book)" in the table itself. Each row reads "a | b | c" in column order.
const byId = (id: string) => shadowrunTables.find((t) => t.id === id)!;
const printed = (id: string) => printedRows(byId(id));

describe('reference tables against the seed text', () => {
  it('column headers of every table', () => {
    expect(Object.fromEntries(shadowrunTables.map((t) => [t.id, headers(t)]))).toEqual({
      'sr4-blast': ['Type', 'Damage Code', 'AP', 'Blast / DV falloff'],
      'sr4-scatter': ['Weapon', 'Base scatter', 'Per net hit', 'Notes'],
      'sr4-explosive-delivery': ['Topic', 'Rule'],
      'sr4-barriers': ['Barrier', 'Effect'],
      'sr4-action-phase': ['Option', 'Detail'],
      'sr4-actions': ['Action', 'Type'],
      'sr4-movement': ['Metatype', 'Walk (m)', 'Run (m)'],
      'sr4-ranged-modifiers': ['Situation', 'Dice pool'],
      'sr4-range-bands': ['Range', 'Dice pool (book)'],
      'sr4-firing-modes': ['Mode', 'Action', 'Bullets', 'Narrow (book)', 'Wide (book)'],
      'sr4-defenses': ['Defence', 'Dice pool'],
      'sr4-attack-steps': ['Step', 'What happens'],
      'sr4-damage-tracks': ['Track', 'Boxes (book)', 'Typical sources', 'When full'],
      'sr4-initiative': ['Topic', 'Rule'],
      'sr4-edge': ['Use', 'Effect'],
      'sr4-dice': ['Result', 'Rule'],
      'sr4-vehicle-stats': ['Attribute', 'Use'],
      'sr4-chase-stunts': ['Stunt'],
      'sr4-other-factors': ['Factor', 'Rule'],
      'sr4-ranged-weapons': ['Weapon', 'Type', 'DV', 'AP', 'Modes', 'RC', 'Ranges S/M/L/E'],
      'sr4-melee-weapons': ['Weapon', 'Skill', 'Reach', 'DV', 'AP'],
    });
  });

  it('the blast table row for row as printed (lines 48–58)', () => {
    expect(printed('sr4-blast')).toEqual([
      'Flash-Bang | 6S | −3 | 10 m radius',
      'Flash-Pak | Special | — | Special',
      'Fragmentation (grenade) | 12P(f) | +5 | −1 DV per meter',
      'High Explosive (grenade) | 10P | −2 | −2 DV per meter',
      'Gas | Chemical | — | 10 m radius',
      'Smoke / Thermal Smoke | — | — | 10 m radius',
      'Fragmentation (rocket/missile) | 16P(f) | +5 | −1 DV per meter',
      'High Explosive (rocket/missile) | 14P | −2 | −2 DV per meter',
      'Anti-Vehicle (rocket/missile) | 16P | −2 (−6 vs. vehicles) | −4 DV per meter',
    ]);
  });

  it('scatter: base distance and reduction per net hit (lines 44–45)', () => {
    expect(printed('sr4-scatter')).toEqual([
      'Standard grenade (thrown) | 1D6 m | −1 m | Throwing Weapons',
      'Aerodynamic grenade | 2D6 m | −2 m | Throwing Weapons',
      'Airburst round | 2D6 m | −2 m | Detonates immediately',
      'Grenade launcher | 3D6 m | −2 m | Heavy Weapons; 5 m minimum range',
      'Rocket | 4D6 m | −2 m | Heavy Weapons',
      'Missile | 4D6 m | −2 m | Further −1 m per Sensor rating',
    ]);
  });

  it('barriers: holds or falls (line 59)', () => {
    expect(printed('sr4-barriers')).toEqual([
      'Holds | The blast is channelled or reflects back the way it came; anyone caught by the rebound takes it as a second, separate hit.',
      "Falls | The explosion continues past it; anything beyond gets only the barrier's Armor bonus, not full protection.",
    ]);
  });

  it('actions: the Action Phase options (lines 9–12) and the examples by type (lines 13–15)', () => {
    expect(byId('sr4-action-phase').rows.map((r) => r.cells.option)).toEqual([
      'One Complex Action',
      'Two Simple Actions',
      'One Simple Action + one Free Action',
      'Plus one Free Action',
    ]);
    const actions = byId('sr4-actions').rows;
    const ofType = (type: string) => actions.filter((r) => r.cells.type === type).map((r) => r.cells.action);
    expect(ofType('Free')).toEqual([
      'Speak a phrase',
      'Drop an item',
      'Drop prone',
      'Gesture',
      "Change a linked device's mode",
      'Call a shot before firing',
    ]);
    expect(ofType('Simple')).toEqual([
      'Fire a weapon once (single-shot/semi-auto/burst)',
      'Reload a clip',
      'Take aim',
      'Stand up',
      'Sprint',
      'Use a simple object or skill',
    ]);
    expect(ofType('Complex')).toEqual([
      'Full-auto fire (long or full burst)',
      'Melee or unarmed attack',
      'Go on Full Defense',
      'Use a complex object',
      'Reload a non-clip weapon',
      'Most skill uses',
    ]);
  });

  it('movement: a human runs 25 m, a troll 35 m (line 18); the other metatypes from the book', () => {
    expect(printed('sr4-movement')).toEqual([
      'Human | 10 | 25',
      'Elf (book) | 10 | 25',
      'Dwarf (book) | 8 | 20',
      'Ork (book) | 10 | 25',
      'Troll | 15 | 35',
    ]);
  });

  it('ranged combat: the common modifiers (line 38), range bands and firing modes', () => {
    expect(printed('sr4-ranged-modifiers')).toEqual([
      'Attacker running | −2',
      'Attacker in melee | −3',
      'Firing from a moving vehicle | −3',
      'Smartlink | +2',
      'Laser sight (not with a smartlink) | +1',
      'Aimed shot | +1 per Simple Action spent',
      'Blind fire | −6',
      'Multiple targets | −2 per extra target',
      'Recoil | −1 per bullet after the first this Action Phase, less recoil compensation (book)',
    ]);
    // "Range bands (Short/Medium/Long/Extreme)" (line 38); the dice pool values are the book's.
    expect(byId('sr4-range-bands').rows.map((r) => [r.cells.band, r.cells.modifier])).toEqual([
      ['Short', 0],
      ['Medium', -1],
      ['Long', -3],
      ['Extreme', -6],
    ]);
    expect(printed('sr4-firing-modes')).toEqual([
      'Single-shot (SS) | Simple | 1 | — | —',
      'Semi-auto (SA), 2 shots per phase | Simple | 1 | — | —',
      'Burst fire (BF) | Simple | 3 | +2 DV | −2 defence dice',
      'Full-auto long burst (FA) | Complex | 6 | +5 DV | −5 defence dice',
      'Full-auto full burst (FA) | Complex | 10 | +9 DV | −9 defence dice',
    ]);
  });

  it('melee defences (line 61) and the attack steps (lines 20–25)', () => {
    expect(printed('sr4-defenses')).toEqual([
      'Ranged attack | Reaction',
      'Parry | Weapon skill + Reaction',
      'Block | Unarmed Combat + Reaction',
      'Dodge | Dodge + Reaction',
      "Full Defense | + a defensive skill's dice (costs an action, even as an interrupt)",
    ]);
    expect(byId('sr4-attack-steps').rows.map((r) => r.cells.step)).toEqual([1, 2, 3, 4, 5]);
    expect(printed('sr4-attack-steps')[2]).toBe(
      '3 | Opposed Test: Combat Skill + attribute against the defence pool; more attacker hits = a hit, ties favour the defender.',
    );
  });

  it('damage tracks (line 65) and the Combat Turn (lines 3–4)', () => {
    expect(printed('sr4-damage-tracks')).toEqual([
      'Physical | 8 + ⌈Body/2⌉ | Guns, blades, explosions (slow to heal) | Dying; overflow beyond Body = death',
      'Stun | 8 + ⌈Willpower/2⌉ | Fists, stun weapons, drain, fatigue (heals fast) | Unconscious; further Stun overflows into Physical',
    ]);
    expect(printed('sr4-initiative').slice(0, 4)).toEqual([
      'Combat Turn | 3 seconds (20 per minute).',
      'Initiative Score | Reaction + Intuition + hits on the Initiative Test; highest acts first.',
      'Initiative Passes | Everyone acts in pass 1; characters with extra passes act again in later passes, most cap at 4.',
      'Ties | Simultaneous unless it matters; then Edge, Initiative, Reaction break the tie.',
    ]);
  });

  it('vehicles (line 67) and other combat factors (lines 69–71)', () => {
    expect(byId('sr4-vehicle-stats').rows.map((r) => r.cells.stat)).toEqual([
      'Body',
      'Armor',
      'Handling',
      'Sensor',
      'Speed',
      'Initiative',
    ]);
    expect(printed('sr4-chase-stunts')).toEqual(['Break Off', 'Cut Off', 'Ram', 'Maneuver']);
    expect(byId('sr4-other-factors').rows.map((r) => r.cells.factor)).toEqual([
      'Surprise',
      'Barriers',
      'Knockdown, Called Shots, Interception, Subduing',
    ]);
  });

  it('book weapons: spot-checked rows', () => {
    expect(printed('sr4-ranged-weapons')[3]).toBe('Ares Predator IV | Heavy pistol | 5P | −1 | SA | 0 | 5/20/40/60 m');
    expect(printed('sr4-ranged-weapons')[13]).toBe(
      'Ingram White Knight | Light machine gun | 6P | −1 | BF/FA | 5 | 75/200/400/800 m',
    );
    expect(printed('sr4-melee-weapons')[3]).toBe('Katana | Blades | 1 | (STR/2+3)P | −1');
    expect(printed('sr4-melee-weapons')[0]).toBe('Unarmed | Unarmed Combat | 0 | (STR/2)S | 0');
  });
});
