import { describe, expect, it } from 'vitest';
import { headers, printedRows } from '../../system-kit/tables.test-support';
import { uesrpgTables } from './tables';

/**
 * Row counts read from the seed (001_2f7eae2f19ba3a3c.txt) and, for book tables, RULES-NOTES §2.
 * Each number is the count of entries in the named seed list or section.
 */
const EXPECTED_ROWS: Record<string, number> = {
  'ues-combat-sequence': 6, // "Combat sequence": Step 1 … Step 6
  'ues-action-economy': 4, // "Action economy": 3 AP, non-free ≥ 1 AP, multiple actions per Turn, attack limit
  'ues-attack-tests': 3, // "Step 1: Attack" bullets: Melee, Ranged, Magic
  'ues-defence-options': 4, // "Step 2: Defend" bullets: Evade, Parry, Block, Counter-Attack
  'ues-combat-results': 11, // "Step 3: Compare results" rules written for both sides (6) + RULES-NOTES both-fail, Parry/Evade, Block, Counter, failed attack vs Counter (5)
  'ues-defender-wins': 4, // "Step 4: Resolve" › Defender wins: Evade, Parry, Block + Counter-Attack (Step 2: two simultaneous attacks; RULES-NOTES §2)
  'ues-hit-location': 6, // RULES-NOTES hit location: 1–5, 6, 7, 8, 9, 0
  'ues-wound-effects': 4, // RULES-NOTES wound effects: any wound, body, limb, head
  'ues-advantage': 3, // "Advantage": what it is, ranged/spells, stacking
  'ues-melee-circumstances': 6, // "Melee combat › Circumstance modifiers": dual wielding, multiple opponents, mounted, cover, improvised, unarmed
  'ues-mounted-combat': 4, // "Mounted combat" bullets
  'ues-cover': 2, // "Cover": impenetrable, penetrable
  'ues-natural-weapons': 1, // "Unarmed combat": Punches/Kicks 1d4, 1 m
  'ues-grappling-actions': 3, // "Grappling" bullets: Takedown, Move, Attack
  'ues-range-bands': 3, // "Range bands" bullets: close, effective, long
  'ues-ranged-circumstances': 3, // "Ranged combat": Reload, Firing while mounted, Area of effect attacks
  'ues-area-defence': 2, // "Area of effect attacks" bullets: Block, Evade
  'ues-unusual-scenarios': 5, // "Unusual combat scenarios": climbing, slippery, swimming, breath, swinging/jumping
  'ues-damage-modifiers': 7, // summary: penetrable, impenetrable, area block, swimming, swinging, shield BR, magic BR
  'ues-tn-modifiers': 8, // summary: untrained, outside style, improvised, close, effective, long, wounded, grapple larger
  'ues-initiative': 6, // "Step 3: Roll Initiative": roll, IR, Luck Bonus, PC over NPC, contested/GM, groups
  'ues-tests': 6, // RULES-NOTES tests: success, DoS, DoF, skill TN, untrained, outside style
  'ues-criticals': 2, // RULES-NOTES criticals: PC, NPC
  'ues-skill-ranks': 7, // book ranks: Untrained, Novice … Master
  'ues-derived-stats': 7, // RULES-NOTES derived: HP, WT, IR, Stamina, AP, lucky, unlucky
};

describe('reference tables', () => {
  it('has every expected table, each with the seed row count', () => {
    expect(uesrpgTables.map((t) => t.id).sort()).toEqual(Object.keys(EXPECTED_ROWS).sort());
    for (const t of uesrpgTables) expect(t.rows.length, t.id).toBe(EXPECTED_ROWS[t.id]);
  });

  it('rows fill every column and carry search keywords', () => {
    for (const t of uesrpgTables) {
      expect(t.system).toBe('uesrpg-3e');
      expect(t.section.length).toBeGreaterThan(0);
      for (const r of t.rows) {
        expect(Object.keys(r.cells).sort(), t.id).toEqual(t.columns.map((c) => c.key).sort());
        expect(r.keywords.length, t.id).toBeGreaterThan(0);
      }
    }
  });

  it('the hit location table is rollable on a d10', () => {
    const t = uesrpgTables.find((x) => x.id === 'ues-hit-location')!;
    expect(t.roll).toEqual({ dice: '1d10', column: 'roll' });
  });
});

// Cells checked against the seed (seeds/001_2f7eae2f19ba3a3c.txt, cited by line) and, for book
// tables, RULES-NOTES §2. Each row reads "a | b | c" in column order.
const byId = (id: string) => uesrpgTables.find((t) => t.id === id)!;
const printed = (id: string) => printedRows(byId(id));

describe('reference tables against the seed text', () => {
  it('column headers of every table', () => {
    expect(Object.fromEntries(uesrpgTables.map((t) => [t.id, headers(t)]))).toEqual({
      'ues-combat-sequence': ['Step', 'Step', 'What happens'],
      'ues-action-economy': ['Rule', 'Detail'],
      'ues-attack-tests': ['Attack', 'Test'],
      'ues-defence-options': ['Defence', 'Type', 'Test', 'Limits', 'If the defender wins'],
      'ues-combat-results': ['Attack', 'Defence', 'Result'],
      'ues-defender-wins': ['Defence', 'Effect'],
      'ues-hit-location': ['Ones digit', 'Location'],
      'ues-wound-effects': ['Wound', 'Effect'],
      'ues-advantage': ['Rule', 'Detail'],
      'ues-melee-circumstances': ['Situation', 'Rule'],
      'ues-mounted-combat': ['Rule'],
      'ues-cover': ['Cover', 'Effect'],
      'ues-natural-weapons': ['Weapon', 'Damage', 'Range'],
      'ues-grappling-actions': ['Action', 'AP', 'Effect'],
      'ues-range-bands': ['Band', 'Attack modifier'],
      'ues-ranged-circumstances': ['Situation', 'Rule'],
      'ues-area-defence': ['Defence', 'Effect'],
      'ues-unusual-scenarios': ['Situation', 'Rule'],
      'ues-damage-modifiers': ['Situation', 'Damage'],
      'ues-tn-modifiers': ['Situation', 'Modifier'],
      'ues-initiative': ['Order', 'Rule'],
      'ues-tests': ['Rule', 'Detail'],
      'ues-criticals': ['Who', 'Critical success', 'Critical failure'],
      'ues-skill-ranks': ['Rank', 'Rank number', 'TN modifier'],
      'ues-derived-stats': ['Stat', 'Formula'],
    });
  });

  it('combat sequence: the six steps in seed order (lines 14–36)', () => {
    expect(byId('ues-combat-sequence').rows.map((r) => Object.values(r.cells).slice(0, 2))).toEqual([
      [1, 'Determine Surprise'],
      [2, 'Set the Scene'],
      [3, 'Roll Initiative'],
      [4, 'Round Start'],
      [5, 'Round End'],
      [6, 'Encounter Ends'],
    ]);
    expect(printed('ues-combat-sequence')[0]).toBe(
      '1 | Determine Surprise | The GM decides who is caught unaware. A surprised character cannot act during the first round.',
    );
    expect(printed('ues-combat-sequence')[5]).toBe(
      '6 | Encounter Ends | Repeat Steps 4–5 until the combat is resolved.',
    );
  });

  it('action economy: 3 AP and at most 2 attacks per round (lines 42–46)', () => {
    expect(printed('ues-action-economy')[0]).toBe(
      'Action Points | Every character has 3 AP per round, replenished at the start of the round.',
    );
    expect(printed('ues-action-economy')[3]).toBe(
      'Attack limit | No more than 2 attacks per round (melee, ranged or spell attacks).',
    );
  });

  it('the combat roll: attack tests (lines 58–60), defences (68–71) and the defender winning (85–87)', () => {
    expect(printed('ues-attack-tests')).toEqual([
      'Melee | Combat Style test using Str or Ag',
      'Ranged | Combat Style test using Ag',
      "Magic | Skill test using the spell's school skill",
    ]);
    expect(byId('ues-defence-options').rows.map((r) => [r.cells.defence, r.cells.type, r.cells.test])).toEqual([
      ['Evade', 'Reaction', 'Ag-based Evade test'],
      ['Parry', 'Reaction', 'Str or Ag Combat Style test'],
      ['Block', 'Reaction', 'Str Combat Style test'],
      ['Counter-Attack', 'Reaction', 'Combat Style attack test'],
    ]);
    expect(printed('ues-defender-wins')).toEqual([
      'Evade | Attack negated entirely; move 1 m freely (no AoO)',
      'Parry | Attack negated entirely',
      "Block | Roll attack damage. If it exceeds the shield's BR, the defender takes full damage to the shield arm; otherwise no damage. Magic damage treats BR as half (round up) unless the shield has magic BR",
      "Counter-Attack | The counter-attacker hits the attacker (a failed attack included); location from the ones digit of the counter-attacker's roll",
    ]);
  });

  it('compare results (line 75 and RULES-NOTES §2)', () => {
    expect(printed('ues-combat-results')).toEqual([
      'Critical success | Normal success | The critical wins and gains 1 Advantage',
      'Normal success | Critical success | The defender wins and gains 1 Advantage',
      'Critical success | Failure | Hit; the attacker gains 2 Advantages',
      'Success | Critical failure | Hit; the attacker gains 2 Advantages',
      'Failure or critical failure | Critical success, or success against a critical failure | The defender wins with 2 Advantages',
      'Critical success | Critical success | Mutual criticals cancel out: nothing happens',
      'Failure | Failure (or no defence roll) | Both fail: nothing happens (a miss)',
      'Success | Evade or Parry success | The attack hits only with more DoS than the defender',
      'Success | Block success | Always blocked',
      'Success | Counter-Attack success | More DoS hits the other; equal DoS, nothing happens',
      "Failure | Counter-Attack success | The counter-attacker hits the attacker (two simultaneous attacks); location from the counter-attacker's roll",
    ]);
  });

  it('hit location by the ones digit (RULES-NOTES §2) and wound effects', () => {
    expect(printed('ues-hit-location')).toEqual([
      '1–5 | Body',
      '6 | Right Leg',
      '7 | Left Leg',
      '8 | Right Arm',
      '9 | Left Arm',
      '0 | Head',
    ]);
    expect(printed('ues-wound-effects')).toEqual([
      'Any wound | −20 to all tests and −2 initiative while wounded',
      'Body | Lose 1 AP',
      'Arm or leg | The limb is crippled',
      'Head | Stunned for 1 round',
    ]);
  });

  it('melee: mounted combat (lines 113–116), cover (120), natural weapons (128), grappling (132–134)', () => {
    expect(printed('ues-mounted-combat')).toEqual([
      "Use the mount's Speed",
      'Can Evade ranged attacks while moving (not melee, unless vs mounted)',
      'Can Parry or Counter-Attack attacks against the mount',
      'Combat Style limited by Ride rank',
    ]);
    expect(printed('ues-cover')).toEqual([
      'Impenetrable | The attacker simply cannot hit the target.',
      'Penetrable | No penalty to hit; roll damage twice and take the lower result.',
    ]);
    expect(printed('ues-natural-weapons')).toEqual(['Punches/Kicks | 1d4 | 1 m']);
    expect(byId('ues-grappling-actions').rows.map((r) => [r.cells.action, r.cells.cost])).toEqual([
      ['Takedown', 1],
      ['Move', 1],
      ['Attack', 1],
    ]);
    expect(printed('ues-grappling-actions')[1]).toBe('Move | 1 | Drag both combatants up to SB meters.');
  });

  it('ranged: range bands +10 / 0 / −20 (lines 148–150) and area defence (166–167)', () => {
    expect(byId('ues-range-bands').rows.map((r) => [r.cells.band, r.cells.modifier])).toEqual([
      ['Close', 10],
      ['Effective', 0],
      ['Long', -20],
    ]);
    expect(printed('ues-area-defence')).toEqual([
      'Block | Halve incoming damage (round up) before resolving.',
      'Evade | Move 1 m; if this carries the character outside the AoE, they are unaffected.',
    ]);
  });

  it('test modifiers and initiative tie-breaks (lines 24, 62, 124, 136, 148–150)', () => {
    expect(printed('ues-tn-modifiers')).toEqual([
      'Untrained skill | -20',
      'Weapon not in Combat Style | -20',
      'Improvised weapon (not in Combat Style) | -20',
      'Close range | 10',
      'Effective range | 0',
      'Long range | -20',
      'Wounded | -20',
      'Grappling a larger creature | -30',
    ]);
    expect(printed('ues-initiative')).toEqual([
      '1 | Roll 1d6 + Initiative Rating; act from highest to lowest',
      '2 | Tie: higher Initiative Rating first',
      '3 | Still tied: higher Luck Bonus first',
      '4 | Still tied: PCs beat NPCs',
      '5 | Still tied: contested Luck rolls or GM discretion',
      '6 | Roll once for a group of similar NPCs',
    ]);
  });

  it('book tables: criticals, skill ranks, derived stats (RULES-NOTES §2)', () => {
    expect(printed('ues-criticals')).toEqual([
      'PC | Any of their Lucky Numbers (as many as their Luck Bonus) | Any of their Unlucky Numbers (5 − Luck Bonus)',
      'NPC | 01–03 | 98–100',
    ]);
    expect(printed('ues-skill-ranks')).toEqual([
      'Untrained | — | -20',
      'Novice | 0 | 0',
      'Apprentice | 1 | 10',
      'Journeyman | 2 | 20',
      'Adept | 3 | 30',
      'Expert | 4 | 40',
      'Master | 5 | 50',
    ]);
    expect(printed('ues-derived-stats')[0]).toBe('Hit Points (HP) | Endurance ÷ 2, rounded up');
    expect(printed('ues-derived-stats')[2]).toBe(
      'Initiative Rating (IR) | Agility bonus + Intelligence bonus + Perception bonus',
    );
  });
});
