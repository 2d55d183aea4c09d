import type { Stats } from '../../../system-kit/tracker-rules';
import { shadowrun4eTracker as T } from './index';
import { VEHICLE_STAT_FIELDS } from '../vehicles';
import { describe, expect, it } from 'vitest';
import { DEFAULTS, refusal } from './tracker.test-support';

describe('stat fields and derived values, in full', () => {
  it('lists every field with its label, range, default, group, help and the quick add marks', () => {
    // Body is a vehicle's too; every other attribute, the armour and the skills are a person's only.
    const personOnly = { onlyWhen: { stat: 'vehicle', is: false } };
    const attribute = (id: string, label: string, short: string, help: string, quick = true) => ({
      id,
      label,
      short,
      type: 'number',
      min: 1,
      max: 20,
      defaultValue: 3,
      group: 'attribute',
      help,
      ...(quick ? { quick: true } : {}),
      ...(id === 'body' ? {} : personOnly),
    });
    const skill = (id: string, label: string, short: string, help: string) => ({
      id,
      label,
      short,
      type: 'number',
      min: 0,
      max: 12,
      defaultValue: 0,
      group: 'skill',
      help,
      ...personOnly,
    });
    expect(T.statFields).toEqual([
      attribute(
        'body',
        'Body',
        'BOD',
        'Sizes the Physical monitor (8 + ⌈Body/2⌉) and the overflow before death; resists damage.',
      ),
      attribute('agility', 'Agility', 'AGI', 'Linked attribute of most combat skills.'),
      attribute('reaction', 'Reaction', 'REA', 'Half of Initiative; the ranged defence pool.'),
      attribute('strength', 'Strength', 'STR', 'Melee damage and thrown range.'),
      attribute('charisma', 'Charisma', 'CHA', 'Social tests; rarely used in a fight.', false),
      attribute('intuition', 'Intuition', 'INT', 'Half of Initiative.'),
      attribute('logic', 'Logic', 'LOG', 'Technical and Matrix tests.', false),
      attribute('willpower', 'Willpower', 'WIL', 'Sizes the Stun monitor (8 + ⌈Willpower/2⌉).'),
      {
        id: 'edge',
        label: 'Edge',
        short: 'EDG',
        type: 'number',
        min: 0,
        max: 8,
        defaultValue: 2,
        group: 'resource',
        help: 'Edge points; also the first Initiative tie-break.',
        quick: true,
        ...personOnly,
      },
      {
        id: 'passes',
        label: 'Initiative Passes',
        short: 'IP',
        type: 'number',
        min: 1,
        max: 4,
        defaultValue: 1,
        group: 'combat',
        help: 'Initiative Passes per Combat Turn (1 unaugmented, up to 4).',
        quick: true,
      },
      {
        id: 'ballistic',
        label: 'Ballistic armour',
        short: 'B',
        type: 'number',
        min: 0,
        max: 30,
        defaultValue: 0,
        group: 'gear',
        help: 'Armour against bullets and most ranged attacks.',
        quick: true,
        ...personOnly,
      },
      {
        id: 'impact',
        label: 'Impact armour',
        short: 'I',
        type: 'number',
        min: 0,
        max: 30,
        defaultValue: 0,
        group: 'gear',
        help: 'Armour against blows, grenades, rockets and missiles.',
        quick: true,
        ...personOnly,
      },
      skill('pistols', 'Pistols', 'PIS', 'Tasers, light and heavy pistols (with Agility).'),
      skill('automatics', 'Automatics', 'AUT', 'Machine pistols, SMGs and assault rifles (with Agility).'),
      skill('longarms', 'Longarms', 'LNG', 'Shotguns and sniper rifles (with Agility).'),
      skill(
        'heavyWeapons',
        'Heavy Weapons',
        'HVY',
        'Machine guns, grenade launchers, rockets and missiles (with Agility; a missile: + Sensor).',
      ),
      skill('blades', 'Blades', 'BLD', 'Knives, swords and axes (with Agility); also parries.'),
      skill('clubs', 'Clubs', 'CLB', 'Clubs, batons and staffs (with Agility); also parries.'),
      skill('unarmedCombat', 'Unarmed Combat', 'UNA', 'Fists and kicks (with Agility); also blocks.'),
      skill('throwingWeapons', 'Throwing Weapons', 'THR', 'Thrown grenades and knives (with Agility).'),
      skill('dodge', 'Dodge', 'DOD', 'Dodges melee attacks; added to any defence on Full Defense.'),
      skill('gunnery', 'Gunnery', 'GUN', 'Vehicle-mounted weapons; Gunnery + Sensor for missiles from a vehicle.'),
      skill(
        'pilotGroundCraft',
        'Pilot Ground Craft',
        'PGC',
        'Cars, bikes and trucks: the Vehicle Test (with Reaction).',
      ),
      skill('pilotAircraft', 'Pilot Aircraft', 'PAC', 'Planes, rotorcraft and aerial drones: the Vehicle Test.'),
      skill('pilotWatercraft', 'Pilot Watercraft', 'PWC', 'Boats and submarines: the Vehicle Test.'),
      // Listed field by field in vehicles.test.ts.
      ...VEHICLE_STAT_FIELDS,
    ]);
  });

  it('derives the monitors and Initiative with their help', () => {
    expect(T.derive({ ...DEFAULTS, body: 7, willpower: 4, reaction: 5, intuition: 4 })).toEqual([
      { id: 'physicalMonitor', label: 'Physical monitor', value: 12, help: 'Boxes: 8 + ⌈Body/2⌉.' },
      { id: 'stunMonitor', label: 'Stun monitor', value: 10, help: 'Boxes: 8 + ⌈Willpower/2⌉.' },
      {
        id: 'initiative',
        label: 'Initiative',
        value: 9,
        help: 'Reaction + Intuition: the Initiative Test pool and the base of the score.',
      },
    ]);
  });

  it('reads an empty block as the defaults and names a bad stat without a combatant', () => {
    expect(T.derive({})).toEqual(T.derive(DEFAULTS));
    expect(refusal(() => T.derive({ reaction: 21 }))).toBe('out-of-range: Reaction must be between 1 and 20, got 21.');
    expect(refusal(() => T.derive({ intuition: 0 }))).toBe('out-of-range: Intuition must be between 1 and 20, got 0.');
    expect(refusal(() => T.derive({ willpower: 21 }))).toBe(
      'out-of-range: Willpower must be between 1 and 20, got 21.',
    );
    expect(refusal(() => T.derive([] as unknown as Stats))).toBe(
      'invalid-input: The stat block must be an object of stats, got a list.',
    );
  });

  it('validates each field against its own range', () => {
    expect(T.validateStats({ edge: 8, passes: 4, ballistic: 30, impact: 0 })).toEqual([]);
    expect(T.validateStats({ edge: 9, passes: 0, ballistic: 31, impact: -1 })).toEqual([
      'Edge must be between 0 and 8, got 9.',
      'Initiative Passes must be between 1 and 4, got 0.',
      'Ballistic armour must be between 0 and 30, got 31.',
      'Impact armour must be between 0 and 30, got -1.',
    ]);
    expect(T.validateStats({ automatics: 12, dodge: 0, pilotWatercraft: 1 })).toEqual([]);
    expect(T.validateStats({ automatics: 13, dodge: -1, gunnery: 2.5 })).toEqual([
      'Automatics must be between 0 and 12, got 13.',
      'Dodge must be between 0 and 12, got -1.',
      'Gunnery must be a whole number, got 2.5.',
    ]);
    expect(T.validateStats(null as unknown as Stats)).toEqual(['The stat block must be an object of stats, got null.']);
    expect(T.validateStats([] as unknown as Stats)).toEqual(['The stat block must be an object of stats, got a list.']);
  });

  it('starts an NPC or a PC with empty monitors, after checking Willpower too', () => {
    expect(T.initialHealth(DEFAULTS, 'npc')).toEqual({ physical: 0, stun: 0 });
    expect(refusal(() => T.initialHealth({ willpower: 0 }, 'pc'))).toBe(
      'out-of-range: Willpower must be between 1 and 20, got 0.',
    );
    expect(refusal(() => T.initialHealth(DEFAULTS, 'boss' as 'pc'))).toBe(
      'invalid-input: Combatant kind must be "pc" or "npc", got "boss".',
    );
    expect(refusal(() => T.initialHealth(7 as unknown as Stats, 'pc'))).toBe(
      'invalid-input: The stat block must be an object of stats, got 7.',
    );
  });
});
