import { describe, expect, it } from 'vitest';
import { DELIVERY_SKILL, RANGE_CATEGORY_SKILL, sheetSkill, skillByLabel, skillLabel, SHADOWRUN_SKILLS } from './skills';
import { MELEE_WEAPONS, RANGED_WEAPONS } from './weapons';

describe('Shadowrun combat skills', () => {
  it('has the ids other parts of the app read, in this order', () => {
    expect(SHADOWRUN_SKILLS.map((s) => s.id)).toEqual([
      'pistols',
      'automatics',
      'longarms',
      'heavyWeapons',
      'blades',
      'clubs',
      'unarmedCombat',
      'throwingWeapons',
      'dodge',
      'gunnery',
      'pilotGroundCraft',
      'pilotAircraft',
      'pilotWatercraft',
    ]);
  });

  it('fires every firearm of the table with the skill its range category names', () => {
    for (const weapon of RANGED_WEAPONS)
      expect(skillLabel(RANGE_CATEGORY_SKILL[weapon.category]), weapon.name).toBe(weapon.skill);
  });

  it('knows every skill the weapon tables name by its label, and nothing else', () => {
    expect([...new Set([...RANGED_WEAPONS, ...MELEE_WEAPONS].map((w) => skillByLabel(w.skill)))]).toEqual([
      'pistols',
      'automatics',
      'longarms',
      'heavyWeapons',
      'unarmedCombat',
      'blades',
      'clubs',
    ]);
    expect(skillByLabel('Sorcery')).toBeUndefined();
  });

  it('throws grenades with Throwing Weapons and launches everything else with Heavy Weapons (seed)', () => {
    expect(DELIVERY_SKILL).toEqual({
      standard: 'throwingWeapons',
      aerodynamic: 'throwingWeapons',
      airburst: 'heavyWeapons',
      launcher: 'heavyWeapons',
      rocket: 'heavyWeapons',
      missile: 'heavyWeapons',
    });
  });

  it('reads a rating from a sheet only when the sheet has the skill', () => {
    expect(sheetSkill({ automatics: 5 }, 'automatics')).toBe(5);
    expect(sheetSkill({ automatics: 12 }, 'automatics')).toBe(12);
    expect(sheetSkill({ automatics: 0 }, 'automatics')).toBeNull();
    expect(sheetSkill({}, 'automatics')).toBeNull();
    expect(sheetSkill(undefined, 'automatics')).toBeNull();
    expect(sheetSkill({ automatics: 13 }, 'automatics')).toBeNull();
    expect(sheetSkill({ automatics: 2.5 }, 'automatics')).toBeNull();
    expect(sheetSkill({ automatics: true }, 'automatics')).toBeNull();
  });
});
