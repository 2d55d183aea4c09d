import { describe, expect, it } from 'vitest';
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
  'ues-combat-results': 10, // "Step 3: Compare results" rules written for both sides (6) + RULES-NOTES both-fail, Parry/Evade, Block, Counter (4)
  'ues-defender-wins': 3, // "Step 4: Resolve" › Defender wins: Evade, Parry, Block
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
