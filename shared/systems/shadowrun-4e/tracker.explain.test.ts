import { describe, expect, it } from 'vitest';
import type {
  EncounterMoment,
  HealthState,
  InitiativeEntry,
  InitiativeParticipant,
  RulesCombatant,
  Stats,
  TurnSlot,
} from '../../encounter/tracker-rules';
import { RulesError } from '../../errors';
import type { ExplainStep } from '../contract';
import { resolveToggles } from '../toggles';
import { applyDamage } from './health';
import { shadowrunToggles } from './toggles';
import { shadowrun4eTracker as T } from './tracker';
import { VEHICLE_STAT_FIELDS } from './vehicles';

/**
 * The tracker adapter's words asserted whole: stat fields, harm and healing explanations for each
 * branch, health view markers, Initiative sentences, and every refusal's sentence.
 */
const TOGGLES = resolveToggles(shadowrunToggles, {});
const PHASE = resolveToggles(shadowrunToggles, { initiativeCriticalGlitch: 'action-phase' });
const TWO_TO_ONE = resolveToggles(shadowrunToggles, { stunOverflow: '2:1' });
const DEFAULTS: Stats = Object.fromEntries(T.statFields.map((f) => [f.id, f.defaultValue]));
const MOMENT: EncounterMoment = { round: 1, activeCombatantId: null, toggles: TOGGLES };
const DAMAGE = 'Damage';
const TURN = 'The Combat Turn';
const seed = (text: string, section: string): ExplainStep => ({ text, rule: { section, source: 'seed' } });
const book = (text: string, section: string): ExplainStep => ({ text, rule: { section, source: 'book' } });
const byDefault = (text: string, section: string): ExplainStep => ({ text, rule: { section, source: 'default' } });
const TIE =
  'tie: they act at the same time unless it matters; then a glitch goes last and Edge, Initiative, Reaction break the tie in that order.';

function fighter(
  id: string,
  stats: Partial<Record<string, number>> = {},
  health: HealthState = { physical: 0, stun: 0 },
  extra: { groupId?: string; conditionIds?: string[]; name?: string } = {},
): RulesCombatant {
  return {
    id,
    name: extra.name ?? id,
    kind: 'npc',
    side: 'a',
    stats: { ...DEFAULTS, ...stats } as Stats,
    health,
    conditionIds: extra.conditionIds ?? [],
    ...(extra.groupId === undefined ? {} : { groupId: extra.groupId }),
  };
}

const solo = (c: RulesCombatant): InitiativeParticipant => ({ id: c.id, label: c.name, members: [c] });

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof RulesError) return `${error.code}: ${error.message}`;
    throw error;
  }
  return 'accepted';
}

/** The package's own steps for the same damage, which applyHarm passes on after its own first step. */
function packageSteps(
  body: number,
  willpower: number,
  physical: number,
  stun: number,
  incoming: Partial<Record<'incomingPhysical' | 'incomingStun', number>>,
  rule: '1:1' | '2:1' = '1:1',
) {
  return applyDamage({ body, willpower, physical, stun, ...incoming }, rule).steps;
}

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
      skill('pilotGroundCraft', 'Pilot Ground Craft', 'PGC', 'Cars, bikes and trucks: the Vehicle Test (with Reaction).'),
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

describe('applyHarm explanation, branch by branch', () => {
  it('damage that leaves the character up: who takes what, then the package steps', () => {
    const out = T.applyHarm(fighter('sam', { body: 4, willpower: 4 }), { kind: 'stun', amount: 1 }, TOGGLES);
    expect(out).toEqual({
      health: { physical: 0, stun: 1 },
      steps: [seed('sam takes 1 Stun box.', DAMAGE), ...packageSteps(4, 4, 0, 0, { incomingStun: 1 })],
    });
    expect(T.applyHarm(fighter('sam'), { kind: 'physical', amount: 1 }, TOGGLES).steps[0]).toEqual(
      seed('sam takes 1 Physical box.', DAMAGE),
    );
    expect(T.applyHarm(fighter('sam'), { kind: 'stun', amount: 2 }, TOGGLES).steps[0]).toEqual(
      seed('sam takes 2 Stun boxes.', DAMAGE),
    );
  });

  it('uses the combatant’s name, not the id', () => {
    const out = T.applyHarm(fighter('c1', {}, undefined, { name: 'Ghost' }), { kind: 'physical', amount: 2 }, TOGGLES);
    expect(out.steps[0]).toEqual(seed('Ghost takes 2 Physical boxes.', DAMAGE));
  });

  it('knockdown above Body, with the book citation', () => {
    const out = T.applyHarm(fighter('sam', { body: 3, willpower: 4 }), { kind: 'physical', amount: 4 }, TOGGLES);
    expect(out).toEqual({
      health: { physical: 4, stun: 0 },
      steps: [
        seed('sam takes 4 Physical boxes.', DAMAGE),
        ...packageSteps(3, 4, 0, 0, { incomingPhysical: 4 }),
        book('4 boxes exceed Body 3: sam is knocked down (Prone).', 'Combat resolution flow'),
      ],
      conditions: [{ conditionId: 'prone', label: 'Prone', note: 'Knocked down' }],
    });
  });

  it('knockdown at exactly 10 boxes even with a higher Body; 9 boxes and boxes equal to Body do not', () => {
    const troll = fighter('troll', { body: 12, willpower: 12 });
    const ten = T.applyHarm(troll, { kind: 'physical', amount: 10 }, TOGGLES);
    expect(ten.conditions).toEqual([{ conditionId: 'prone', label: 'Prone', note: 'Knocked down' }]);
    expect(ten.steps.at(-1)).toEqual(
      book('10 boxes reach 10: troll is knocked down (Prone).', 'Combat resolution flow'),
    );
    const nine = T.applyHarm(troll, { kind: 'stun', amount: 9 }, TOGGLES);
    expect(nine).toEqual({
      health: { physical: 0, stun: 9 },
      steps: [seed('troll takes 9 Stun boxes.', DAMAGE), ...packageSteps(12, 12, 0, 0, { incomingStun: 9 })],
    });
    expect(T.applyHarm(fighter('x', { body: 4 }), { kind: 'physical', amount: 4 }, TOGGLES).conditions).toBeUndefined();
    // Past Body and past 10: the sentence names the 10.
    expect(T.applyHarm(fighter('x', { body: 8 }), { kind: 'stun', amount: 11 }, TOGGLES).steps).toContainEqual(
      book('11 boxes reach 10: x is knocked down (Prone).', 'Combat resolution flow'),
    );
  });

  it('zero boxes are no damage: no knockdown, no collapse', () => {
    const out = T.applyHarm(fighter('x'), { kind: 'physical', amount: 0 }, TOGGLES);
    expect(out).toEqual({
      health: { physical: 0, stun: 0 },
      steps: [seed('x takes 0 Physical boxes.', DAMAGE), ...packageSteps(3, 3, 0, 0, {})],
    });
  });

  it('collapse without knockdown: Prone "Collapsed", and nothing held to end', () => {
    const tired = fighter('sam', { body: 5, willpower: 4 }, { physical: 0, stun: 5 });
    const out = T.applyHarm(tired, { kind: 'stun', amount: 5 }, TOGGLES);
    expect(out).toEqual({
      health: { physical: 0, stun: 10 },
      steps: [
        seed('sam takes 5 Stun boxes.', DAMAGE),
        ...packageSteps(5, 4, 0, 5, { incomingStun: 5 }),
        byDefault('sam collapses (Prone).', DAMAGE),
      ],
      conditions: [{ conditionId: 'prone', label: 'Prone', note: 'Collapsed' }],
    });
  });

  it('one held condition "ends", several "end", in the package order, others kept', () => {
    const running = fighter(
      'sam',
      { body: 5, willpower: 4 },
      { physical: 0, stun: 5 },
      { conditionIds: ['in-melee', 'running'] },
    );
    const one = T.applyHarm(running, { kind: 'stun', amount: 5 }, TOGGLES);
    expect(one.removeConditions).toEqual(['running']);
    expect(one.steps.at(-1)).toEqual(byDefault('sam collapses (Prone); Running ends.', DAMAGE));
    const busy = { ...running, conditionIds: ['delaying', 'aiming', 'running', 'full-defense', 'pinned'] };
    const all = T.applyHarm(busy, { kind: 'stun', amount: 5 }, TOGGLES);
    expect(all.removeConditions).toEqual(['full-defense', 'running', 'aiming', 'delaying']);
    expect(all.steps.at(-1)).toEqual(
      byDefault('sam collapses (Prone); Full Defense, Running, Taking aim, Delaying action end.', DAMAGE),
    );
  });

  it('killed outright: no Prone, one held condition ends, or nothing at all is said', () => {
    const aiming = fighter('sam', { body: 2 }, undefined, { conditionIds: ['aiming'] });
    const killed = T.applyHarm(aiming, { kind: 'physical', amount: 20 }, TOGGLES);
    expect(killed).toEqual({
      health: { physical: 20, stun: 0 },
      steps: [
        seed('sam takes 20 Physical boxes.', DAMAGE),
        ...packageSteps(2, 3, 0, 0, { incomingPhysical: 20 }),
        byDefault('Taking aim ends.', DAMAGE),
      ],
      removeConditions: ['aiming'],
    });
    const plain = T.applyHarm(fighter('sam', { body: 2 }), { kind: 'physical', amount: 20 }, TOGGLES);
    expect(plain).toEqual({
      health: { physical: 20, stun: 0 },
      steps: [seed('sam takes 20 Physical boxes.', DAMAGE), ...packageSteps(2, 3, 0, 0, { incomingPhysical: 20 })],
    });
  });

  it('someone already down neither collapses again nor ends anything', () => {
    const out = fighter('sam', {}, { physical: 0, stun: 10 }, { conditionIds: ['aiming'] });
    expect(T.applyHarm(out, { kind: 'stun', amount: 1 }, TOGGLES)).toEqual({
      health: { physical: 1, stun: 10 },
      steps: [seed('sam takes 1 Stun box.', DAMAGE), ...packageSteps(3, 3, 0, 10, { incomingStun: 1 })],
    });
  });

  it('follows the Stun overflow toggle', () => {
    const out = fighter('sam', {}, { physical: 0, stun: 10 });
    expect(T.applyHarm(out, { kind: 'stun', amount: 3 }, TWO_TO_ONE)).toEqual({
      health: { physical: 1, stun: 10 },
      steps: [seed('sam takes 3 Stun boxes.', DAMAGE), ...packageSteps(3, 3, 0, 10, { incomingStun: 3 }, '2:1')],
    });
  });

  it('keeps at most 200 Physical boxes, however far past death', () => {
    const out = T.applyHarm(
      fighter('x', { body: 1 }, { physical: 150, stun: 0 }),
      { kind: 'physical', amount: 100 },
      TOGGLES,
    );
    expect(out.health).toEqual({ physical: 200, stun: 0 });
  });
});

describe('healing explanation', () => {
  it('heals some of the marked boxes, singular and plural', () => {
    const c = fighter('sam', { body: 4, willpower: 4 }, { physical: 3, stun: 3 });
    const one = T.applyHarm(c, { kind: 'heal-stun', amount: 1 }, TOGGLES);
    expect(one).toEqual({
      health: { physical: 3, stun: 2 },
      steps: [book('sam heals 1 Stun box: 3 → 2.', DAMAGE), ...packageSteps(4, 4, 3, 2, {}).slice(1)],
    });
    expect(T.applyHarm(c, { kind: 'heal-physical', amount: 3 }, TOGGLES)).toEqual({
      health: { physical: 0, stun: 3 },
      steps: [book('sam heals 3 Physical boxes: 3 → 0.', DAMAGE), ...packageSteps(4, 4, 0, 3, {}).slice(1)],
    });
  });

  it('heals all when asked for more, and says when there is nothing to heal', () => {
    const c = fighter('sam', {}, { physical: 1, stun: 0 });
    expect(T.applyHarm(c, { kind: 'heal-physical', amount: 2 }, TOGGLES).steps[0]).toEqual(
      book('sam has only 1 Physical box marked; all 1 are healed.', DAMAGE),
    );
    const nothing = T.applyHarm(c, { kind: 'heal-stun', amount: 1 }, TOGGLES);
    expect(nothing.health).toEqual({ physical: 1, stun: 0 });
    expect(nothing.steps[0]).toEqual(book('sam has only 0 Stun boxes marked; nothing to heal.', DAMAGE));
  });

  it('healing nothing of nothing is a plain heal of 0 boxes', () => {
    expect(T.applyHarm(fighter('sam'), { kind: 'heal-physical', amount: 0 }, TOGGLES).steps[0]).toEqual(
      book('sam heals 0 Physical boxes: 0 → 0.', DAMAGE),
    );
  });

  it('brings the dying back but refuses to raise the dead, with a sentence', () => {
    const dying = fighter('sam', { body: 4 }, { physical: 14, stun: 0 });
    expect(T.applyHarm(dying, { kind: 'heal-physical', amount: 5 }, TOGGLES).health).toEqual({ physical: 9, stun: 0 });
    const dead = fighter('Sam', { body: 4 }, { physical: 15, stun: 0 });
    expect(refusal(() => T.applyHarm(dead, { kind: 'heal-stun', amount: 1 }, TOGGLES))).toBe(
      'not-allowed: Sam is dead, and healing cannot bring them back; undo the damage instead if it was a mistake.',
    );
  });
});

describe('harm refusals, with their sentences', () => {
  const c = fighter('x');

  it('names what is wrong with the harm', () => {
    expect(refusal(() => T.applyHarm(c, null as unknown as { kind: string; amount: number }, TOGGLES))).toBe(
      'invalid-input: Harm must be an object with kind and amount, got null.',
    );
    expect(refusal(() => T.applyHarm(c, [] as unknown as { kind: string; amount: number }, TOGGLES))).toBe(
      'invalid-input: Harm must be an object with kind and amount, got a list.',
    );
    expect(refusal(() => T.applyHarm(c, { kind: 'fire', amount: 1 }, TOGGLES))).toBe(
      'invalid-input: Unknown harm kind "fire"; use physical, stun, heal-physical, heal-stun.',
    );
    expect(refusal(() => T.applyHarm(c, { kind: 5 as unknown as string, amount: 1 }, TOGGLES))).toBe(
      'invalid-input: Unknown harm kind 5; use physical, stun, heal-physical, heal-stun.',
    );
    expect(refusal(() => T.applyHarm(c, { kind: 'stun', amount: 1, location: 'arm' }, TOGGLES))).toBe(
      'invalid-input: Shadowrun has no hit locations; leave the location empty.',
    );
    expect(refusal(() => T.applyHarm(c, { kind: 'stun', amount: 201 }, TOGGLES))).toBe(
      'out-of-range: Boxes of damage or healing must be between 0 and 200, got 201.',
    );
    expect(T.applyHarm(c, { kind: 'stun', amount: 200 }, TOGGLES).health).toEqual({ physical: 190, stun: 10 });
  });

  it('names what is wrong with the combatant', () => {
    const harm = { kind: 'stun', amount: 1 };
    expect(refusal(() => T.applyHarm(null as unknown as RulesCombatant, harm, TOGGLES))).toBe(
      'invalid-input: A combatant must be an object, got null.',
    );
    expect(refusal(() => T.applyHarm([] as unknown as RulesCombatant, harm, TOGGLES))).toBe(
      'invalid-input: A combatant must be an object, got a list.',
    );
    expect(refusal(() => T.applyHarm({ ...c, stats: null as unknown as Stats }, harm, TOGGLES))).toBe(
      "invalid-input: x's The stat block must be an object of stats, got null.",
    );
    expect(refusal(() => T.applyHarm({ ...c, stats: { willpower: 0 } }, harm, TOGGLES))).toBe(
      "out-of-range: x's Willpower must be between 1 and 20, got 0.",
    );
    expect(refusal(() => T.applyHarm({ ...c, conditionIds: [1] as unknown as string[] }, harm, TOGGLES))).toBe(
      "invalid-input: x's conditions must be a list of condition ids, got a list.",
    );
    expect(refusal(() => T.applyHarm({ ...c, health: null as unknown as HealthState }, harm, TOGGLES))).toBe(
      "invalid-input: x's health must be an object, got null.",
    );
    expect(refusal(() => T.applyHarm({ ...c, health: { physical: 0, stun: 201 } }, harm, TOGGLES))).toBe(
      "out-of-range: x's Stun boxes must be between 0 and 200, got 201.",
    );
    expect(refusal(() => T.applyHarm({ ...c, health: { physical: 201, stun: 0 } }, harm, TOGGLES))).toBe(
      "out-of-range: x's Physical boxes must be between 0 and 200, got 201.",
    );
    expect(refusal(() => T.applyHarm({ ...c, health: { physical: 0, stun: 1.5 } }, harm, TOGGLES))).toBe(
      "invalid-input: x's Stun boxes must be a whole number, got 1.5.",
    );
    expect(T.applyHarm({ ...c, health: { physical: 200, stun: 0 } }, harm, TOGGLES).health).toEqual({
      physical: 200,
      stun: 1,
    });
  });

  it('names bad toggles', () => {
    expect(refusal(() => T.applyHarm(c, { kind: 'stun', amount: 1 }, 'sr4' as unknown as typeof TOGGLES))).toBe(
      'invalid-input: options must be an object of rule toggles, got "sr4".',
    );
    expect(T.applyHarm(c, { kind: 'stun', amount: 1 }, null as unknown as typeof TOGGLES).health).toEqual({
      physical: 0,
      stun: 1,
    });
  });
});

describe('healthView markers and labels', () => {
  it('wounded without a wound modifier yet: no modifier line', () => {
    expect(T.healthView(fighter('x', {}, { physical: 0, stun: 2 }), TOGGLES)).toEqual({
      tracks: [
        { id: 'physical', label: 'Physical', current: 10, max: 10, style: 'boxes' },
        { id: 'stun', label: 'Stun', current: 8, max: 10, style: 'boxes' },
      ],
      stateLabel: 'Wounded',
      severity: 'hurt',
      modifiers: [],
      markers: [],
      canAct: true,
    });
    expect(T.healthView(fighter('x', {}, { physical: 1, stun: 0 }), TOGGLES).stateLabel).toBe('Wounded');
  });

  it('dying with overflow, and a full Stun track, both marked', () => {
    const view = T.healthView(fighter('x', { body: 4, willpower: 4 }, { physical: 12, stun: 10 }), TWO_TO_ONE);
    expect(view).toEqual({
      tracks: [
        { id: 'physical', label: 'Physical', current: 0, max: 10, style: 'boxes' },
        { id: 'stun', label: 'Stun', current: 0, max: 10, style: 'boxes' },
      ],
      stateLabel: 'Dying',
      severity: 'down',
      modifiers: ['Wound modifier −6'],
      markers: [
        'Overflow 2 of Body 4 (more than 4 is death)',
        'Stun track full: more Stun overflows into Physical (2:1)',
      ],
      canAct: false,
    });
  });

  it('one box short of a full Stun track has no marker; the dead get none for Stun', () => {
    expect(T.healthView(fighter('x', {}, { physical: 0, stun: 9 }), TOGGLES).markers).toEqual([]);
    const dead = T.healthView(fighter('x', { body: 4 }, { physical: 15, stun: 10 }), TOGGLES);
    expect(dead.markers).toEqual(['Overflow 5 of Body 4 (more than 4 is death)']);
    expect(dead).toMatchObject({ stateLabel: 'Dead', severity: 'dead', canAct: false });
  });

  it('a paralysed character who is down shows no "Cannot act" marker: being down says it', () => {
    const view = T.healthView(fighter('x', {}, { physical: 0, stun: 10 }, { conditionIds: ['paralysed'] }), TOGGLES);
    expect(view).toMatchObject({ stateLabel: 'Unconscious', severity: 'down', canAct: false });
    expect(view.markers).toEqual(['Stun track full: more Stun overflows into Physical (1:1)']);
    const up = T.healthView(
      fighter('x', {}, { physical: 4, stun: 0 }, { conditionIds: ['prone', 'paralysed'] }),
      TOGGLES,
    );
    expect(up).toMatchObject({ severity: 'hurt', markers: ['Cannot act: Paralysed'], canAct: false });
  });

  it('names a bad combatant or stat block', () => {
    expect(refusal(() => T.healthView(5 as unknown as RulesCombatant, TOGGLES))).toBe(
      'invalid-input: A combatant must be an object, got 5.',
    );
    expect(refusal(() => T.healthView({ ...fighter('x'), stats: 'big' as unknown as Stats }, TOGGLES))).toBe(
      `invalid-input: x's The stat block must be an object of stats, got "big".`,
    );
  });
});

describe('checks and conditions', () => {
  it('names a bad moment and a check that does not exist', () => {
    expect(refusal(() => T.checksDue(fighter('a'), null as unknown as EncounterMoment))).toBe(
      'invalid-input: The encounter moment must be an object, got null.',
    );
    expect(refusal(() => T.checksDue(null as unknown as RulesCombatant, MOMENT))).toBe(
      'invalid-input: A combatant must be an object, got null.',
    );
    expect(refusal(() => T.checksDue({ ...fighter('a'), health: 3 as unknown as HealthState }, MOMENT))).toBe(
      "invalid-input: a's health must be an object, got 3.",
    );
    expect(refusal(() => T.resolveCheck(fighter('a'), 'death', [3], MOMENT, []))).toBe(
      'unknown-entry: Shadowrun 4e asks for no checks, so there is no check "death" to resolve.',
    );
  });

  it('describes each condition and when it ends', () => {
    expect(T.conditions).toEqual([
      {
        id: 'prone',
        label: 'Prone',
        description:
          'Dropped prone (a Free Action), knocked down by damage or collapsed; standing up is a Simple Action.',
      },
      {
        id: 'edge-first',
        label: 'Edge: acts first',
        description:
          'Spent a point of Edge to act first in each Initiative Pass this Combat Turn (ahead of higher scores).',
        defaultRounds: 1,
        expires: 'round-end',
      },
      {
        id: 'full-defense',
        label: 'Full Defense',
        description:
          "Adds a defensive skill's dice to every defence test; costs a Complex Action (or the next action, as an interrupt). Lasts to the end of the Combat Turn.",
        defaultRounds: 1,
        expires: 'round-end',
      },
      {
        id: 'running',
        label: 'Running',
        description: '−2 dice on most tests this Combat Turn, but not on charging or defence tests.',
        defaultRounds: 1,
        expires: 'round-end',
      },
      {
        id: 'aiming',
        label: 'Taking aim',
        description:
          '+1 die on the next shot per Simple Action spent aiming; lost if the character does anything else.',
      },
      {
        id: 'delaying',
        label: 'Delaying action',
        description:
          'Holds the action to act later in this Combat Turn, going before whoever the character interrupts; a held action is lost when the Combat Turn ends.',
        defaultRounds: 1,
        expires: 'round-end',
      },
      { id: 'in-melee', label: 'In melee', description: '−3 dice on ranged attacks while engaged in melee.' },
      {
        id: 'pinned',
        label: 'Pinned',
        description:
          'Held by a successful grapple: open to follow-up damage or knockdown each turn until breaking free.',
      },
      {
        id: 'surprised',
        label: 'Surprised',
        description:
          'Lost the surprise Initiative Test: cannot act toward or react to those who surprised them (named in the note) until the first Initiative Pass ends.',
        defaultRounds: 1,
        expires: 'pass-end',
      },
      {
        id: 'grenade-in-flight',
        label: 'Grenade in flight',
        description:
          "Threw or launched a grenade: it goes off on the thrower's next Initiative Pass (at once with an airburst link). Ends when the thrower's next Action Phase begins.",
        defaultRounds: 1,
        expires: 'turn-start',
      },
      {
        id: 'paralysed',
        label: 'Paralysed',
        description:
          'Cannot act at all (a paralysing power or spell, held helpless): gets no Action Phases until removed.',
      },
    ]);
    expect(T.harmKinds).toEqual([
      { id: 'physical', label: 'Physical damage', healing: false, locations: [] },
      { id: 'stun', label: 'Stun damage', healing: false, locations: [] },
      { id: 'heal-physical', label: 'Heal Physical', healing: true, locations: [] },
      { id: 'heal-stun', label: 'Heal Stun', healing: true, locations: [] },
    ]);
    expect(T.systemId).toBe('shadowrun-4e');
  });
});

describe('Initiative sentences', () => {
  const ganger = fighter('ganger', { reaction: 3, intuition: 3 });

  it('a single combatant: the package roll steps, then their passes', () => {
    const ghost = fighter('ghost', { reaction: 2, intuition: 2, passes: 1 });
    const entry = T.initiative.score(solo(ghost), [5, 2, 3, 4], TOGGLES);
    expect(entry.steps.at(-1)).toEqual(seed('ghost: 1 Initiative Pass this Combat Turn.', TURN));
    expect(entry.steps.at(-2)).toEqual(seed('Initiative Score = Reaction 2 + Intuition 2 + 1 hit = 5.', TURN));
    expect(entry.display).toBe('5');
  });

  it('labels by the participant, falling back to the roller’s name', () => {
    const entry = T.initiative.score({ id: 'ganger', label: '', members: [ganger] }, [5, 2, 3, 4, 2, 3], TOGGLES);
    expect(entry.steps.at(-1)).toEqual(seed('ganger: 1 Initiative Pass this Combat Turn.', TURN));
    expect(refusal(() => T.initiative.score({ id: 'ganger', label: '', members: [ganger] }, [5], TOGGLES))).toBe(
      'invalid-input: ganger rolls 6 Initiative dice (Reaction 3 + Intuition 3), but 1 face was given.',
    );
    expect(refusal(() => T.initiative.score({ id: 'ganger', label: 'Boss', members: [ganger] }, [9], TOGGLES))).toBe(
      "invalid-face: Boss's Initiative dice[0] is 9, which is not a face of a d6 (1–6).",
    );
  });

  it('a group: one roll by the member the participant names, each member with their own passes', () => {
    const g1 = fighter('g1', { reaction: 1, intuition: 1, passes: 2 }, undefined, { groupId: 'g' });
    const g2 = fighter('g2', { reaction: 4, intuition: 1, passes: 3 }, undefined, { groupId: 'g' });
    const named: InitiativeParticipant = { id: 'g2', label: 'Gangers', members: [g1, g2] };
    expect(T.initiative.dice(named, TOGGLES)).toEqual({ count: 5, sides: 6 });
    const entry = T.initiative.score(named, [5, 2, 2, 2, 2], TOGGLES);
    expect(entry).toMatchObject({ participantId: 'g2', memberIds: ['g1', 'g2'], score: 6 });
    expect(entry.steps.at(-1)).toEqual(
      byDefault(
        "The group rolls once with g2's Reaction + Intuition; every member acts on this score, lowered by their own wounds, in their own Initiative Passes (g1 2, g2 3).",
        TURN,
      ),
    );
    expect(T.initiative.dice({ id: 'g', label: 'Gangers', members: [g1, g2] }, TOGGLES)).toEqual({
      count: 2,
      sides: 6,
    });
  });

  it('participant labels: one member by name, a group by its members', () => {
    const a = fighter('a', {}, undefined, { groupId: 'g', name: 'Alf' });
    const b = fighter('b', {}, undefined, { groupId: 'g', name: 'Bea' });
    const c = fighter('c', {}, undefined, { groupId: 'h', name: 'Cy' });
    expect(T.initiative.participants([a, c, b], [])).toEqual([
      { id: 'g', label: 'Alf, Bea', members: [a, b] },
      { id: 'h', label: 'Cy', members: [c] },
    ]);
  });

  it('the display names a glitch or a critical glitch', () => {
    expect(T.initiative.score(solo(ganger), [1, 1, 1, 5, 2, 3], TOGGLES).display).toBe('7 · glitch');
    expect(T.initiative.score(solo(ganger), [1, 1, 1, 2, 2, 3], TOGGLES).display).toBe('6 · critical glitch');
  });

  it('names a bad participant', () => {
    expect(refusal(() => T.initiative.dice(null as unknown as InitiativeParticipant, TOGGLES))).toBe(
      'invalid-input: An Initiative participant needs a list of members.',
    );
    expect(refusal(() => T.initiative.dice({ id: 'g', label: 'G' } as InitiativeParticipant, TOGGLES))).toBe(
      'invalid-input: An Initiative participant needs a list of members.',
    );
    expect(refusal(() => T.initiative.dice({ id: 'g', label: '', members: [] }, TOGGLES))).toBe(
      'invalid-input: g has no members to roll Initiative for.',
    );
    // A bad member used to surface as a TypeError; every input problem is a RulesError with a sentence.
    expect(
      refusal(() => T.initiative.dice({ id: 'g', label: 'G', members: [null as unknown as RulesCombatant] }, TOGGLES)),
    ).toBe('invalid-input: A combatant must be an object, got null.');
    const ganger2 = fighter('ganger2');
    expect(
      refusal(() =>
        T.initiative.dice({ id: 'ganger2', label: 'G', members: [7 as unknown as RulesCombatant, ganger2] }, TOGGLES),
      ),
    ).toBe('invalid-input: A combatant must be an object, got 7.');
    expect(refusal(() => T.initiative.participants('all' as unknown as RulesCombatant[], []))).toBe(
      'invalid-input: Combatants must be a list, got "all".',
    );
  });
});

describe('Initiative order sentences', () => {
  const a = fighter('a', { edge: 1 });
  const b = fighter('b', { edge: 1 });

  it('nobody rolled: says so', () => {
    expect(T.initiative.order([], [], TOGGLES)).toEqual({
      order: [],
      losesTurn: [],
      steps: [seed('Nobody has rolled Initiative.', TURN)],
    });
  });

  it('uses participant labels in the order and the tie, the first participant with an id winning', () => {
    const entries = [
      T.initiative.score(solo(a), [5, 2, 3, 4, 2, 3], TOGGLES),
      T.initiative.score(solo(b), [5, 2, 3, 4, 2, 3], TOGGLES),
    ];
    const order = T.initiative.order(
      entries,
      [
        { id: 'a', label: 'Alf', members: [a] },
        { id: 'b', label: '', members: [b] },
        { id: 'a', label: 'Other', members: [a] },
      ],
      TOGGLES,
    );
    expect(order).toEqual({
      order: ['a', 'b'],
      losesTurn: [],
      steps: [seed('Initiative order: Alf 7, b 7.', TURN), seed(`Alf, b ${TIE}`, TURN)],
    });
  });

  it('Edge spent to act first puts a lower score ahead', () => {
    const first = { ...b, conditionIds: ['edge-first'] };
    const entries = [
      T.initiative.score(solo(a), [5, 5, 3, 4, 2, 3], TOGGLES),
      T.initiative.score(solo(first), [5, 2, 3, 4, 2, 3], TOGGLES),
    ];
    expect(T.initiative.order(entries, [solo(a), solo(first)], TOGGLES).order).toEqual(['b', 'a']);
  });

  it('a group with one pass each loses the turn to a critical glitch: plural sentence', () => {
    const g1 = fighter('g1', {}, undefined, { groupId: 'g' });
    const g2 = fighter('g2', {}, undefined, { groupId: 'g' });
    const [group] = T.initiative.participants([g1, g2], []);
    const crit = T.initiative.score(group!, [1, 1, 1, 2, 2, 3], PHASE);
    const order = T.initiative.order([crit], [group!], PHASE);
    expect(order).toEqual({
      order: ['g'],
      losesTurn: ['g'],
      steps: [
        seed('Initiative order: g1, g2 6.', TURN),
        byDefault(
          'g1, g2 have one Initiative Pass and lose it to the critical glitch: no action this Combat Turn.',
          TURN,
        ),
      ],
    });
  });

  it('a critical glitcher with two passes, or in a group where one member has two, keeps the turn', () => {
    const fast = fighter('fast', { passes: 2 });
    const crit = T.initiative.score(solo(fast), [1, 1, 1, 2, 2, 3], PHASE);
    expect(T.initiative.order([crit], [solo(fast)], PHASE)).toMatchObject({ losesTurn: [], order: ['fast'] });
    const g1 = fighter('g1', {}, undefined, { groupId: 'g' });
    const g2 = fighter('g2', { passes: 2 }, undefined, { groupId: 'g' });
    const [group] = T.initiative.participants([g1, g2], []);
    const groupCrit = T.initiative.score(group!, [1, 1, 1, 2, 2, 3], PHASE);
    expect(T.initiative.order([groupCrit], [group!], PHASE).losesTurn).toEqual([]);
  });

  it('names a roller whose conditions are not a list (once a TypeError)', () => {
    const entry = T.initiative.score(solo(a), [5, 2, 3, 4, 2, 3], TOGGLES);
    const odd = { ...a, conditionIds: undefined as unknown as string[] };
    expect(refusal(() => T.initiative.order([entry], [solo(odd)], TOGGLES))).toBe(
      "invalid-input: a's conditions must be a list of condition ids, got nothing.",
    );
  });

  it('names entries and lists it cannot read', () => {
    const entry = T.initiative.score(solo(a), [5, 2, 3, 4, 2, 3], TOGGLES);
    const order = (e: unknown) => () => T.initiative.order([e as InitiativeEntry], [solo(a)], TOGGLES);
    expect(refusal(() => T.initiative.order(null as unknown as InitiativeEntry[], [], TOGGLES))).toBe(
      'invalid-input: Initiative entries and participants must be lists.',
    );
    expect(refusal(() => T.initiative.order([], null as unknown as InitiativeParticipant[], TOGGLES))).toBe(
      'invalid-input: Initiative entries and participants must be lists.',
    );
    expect(refusal(order(null))).toBe('invalid-input: An Initiative entry must be an object, got null.');
    expect(refusal(order({ ...entry, participantId: '' }))).toBe(
      'invalid-input: Every Initiative entry needs a participant id.',
    );
    expect(refusal(order({ ...entry, participantId: 3 }))).toBe(
      'invalid-input: Every Initiative entry needs a participant id.',
    );
    expect(refusal(order({ ...entry, memberIds: ['a', ''] }))).toBe(
      'invalid-input: Initiative entry a: memberIds must be a list of combatant ids.',
    );
    expect(refusal(order({ ...entry, memberIds: [1] }))).toBe(
      'invalid-input: Initiative entry a: memberIds must be a list of combatant ids.',
    );
    expect(refusal(order({ ...entry, score: 201 }))).toBe(
      'out-of-range: Initiative entry a: score must be between -100 and 200, got 201.',
    );
    expect(refusal(order({ ...entry, detail: { woundAtRoll: 1 } }))).toBe(
      'out-of-range: Initiative entry a: wound modifier at the roll must be between -100 and 0, got 1.',
    );
    expect(refusal(order({ ...entry, detail: { criticalGlitch: 1 } }))).toBe(
      'invalid-input: Initiative entry a: criticalGlitch must be true or false, got 1.',
    );
    expect(refusal(order({ ...entry, participantId: 'zed' }))).toBe(
      'unknown-entry: Initiative entry zed belongs to no participant in this encounter.',
    );
  });

  it('an entry without detail reads as no glitch and no wound at the roll', () => {
    const bare = {
      participantId: 'a',
      memberIds: ['a'],
      score: 7,
      display: '7',
      faces: [],
      steps: [],
    } as unknown as InitiativeEntry;
    const glitched = { ...bare, participantId: 'b', memberIds: ['b'], detail: { glitch: true } };
    expect(T.initiative.order([glitched, bare], [solo(a), solo(b)], TOGGLES).order).toEqual(['a', 'b']);
    const round = T.buildRound({
      round: 1,
      combatants: [a],
      participants: [solo(a)],
      entries: [{ ...bare, detail: null } as unknown as InitiativeEntry],
      initiative: null,
      acted: [],
      toggles: TOGGLES,
    });
    expect(round).toEqual([{ combatantId: 'a', pass: 1 }]);
  });
});

describe('buildRound refusals', () => {
  it('names lists it cannot read', () => {
    const base = { round: 1, participants: [], initiative: null, acted: [], toggles: TOGGLES };
    expect(
      refusal(() => T.buildRound({ ...base, combatants: [], entries: null as unknown as InitiativeEntry[] })),
    ).toBe('invalid-input: A round needs lists of combatants and Initiative entries.');
    expect(refusal(() => T.buildRound({ ...base, combatants: null as unknown as RulesCombatant[], entries: [] }))).toBe(
      'invalid-input: A round needs lists of combatants and Initiative entries.',
    );
  });
});

describe('action economy in full', () => {
  const c = fighter('a');
  const FULL_SUMMARY =
    'One Complex Action, or two Simple Actions (one may be swapped for a Free Action), plus one Free Action per Action Phase.';

  it('lists each action with its costs and help', () => {
    expect(T.economy(c, TOGGLES)).toEqual({
      resources: [
        { id: 'simple', label: 'Simple Actions', max: 2, refresh: 'turn' },
        { id: 'free', label: 'Free Action', max: 1, refresh: 'turn' },
        { id: 'swap', label: 'Simple swapped for Free', max: 1, refresh: 'turn' },
      ],
      actions: [
        {
          id: 'complex',
          label: 'Complex action',
          costs: { simple: 2 },
          help: 'Full-auto fire, melee or unarmed attack, going on Full Defense, most skill uses: the whole Action Phase.',
        },
        {
          id: 'simple',
          label: 'Simple action',
          costs: { simple: 1 },
          help: 'Fire once (single-shot, semi-auto, burst), reload a clip, take aim, stand up, sprint.',
        },
        {
          id: 'free',
          label: 'Free action',
          costs: { free: 1 },
          help: 'Speak a phrase, drop an item, drop prone, gesture, call a shot.',
        },
        {
          id: 'free-for-simple',
          label: 'Free action (in place of a Simple)',
          costs: { simple: 1, swap: 1 },
          help: 'One Simple Action may be swapped for a second Free Action.',
        },
        {
          id: 'full-defense-interrupt',
          label: 'Full Defense (interrupt)',
          costs: {},
          reaction: true,
          forfeitsNextTurn: true,
          help: "Go on Full Defense out of turn; it uses the character's next action (their next Action Phase if this one is spent).",
        },
      ],
      summary: FULL_SUMMARY,
      rule: { section: 'Actions', source: 'seed' },
    });
  });

  it('a critical glitch slot: one Simple slot fewer, said in the summary; other budgets untouched', () => {
    const lost = T.economy(c, TOGGLES, { combatantId: 'a', pass: 1, simpleActionsLost: 1 } as TurnSlot);
    expect(lost.resources).toEqual([
      { id: 'simple', label: 'Simple Actions (1 lost: critical glitch)', max: 1, refresh: 'turn' },
      { id: 'free', label: 'Free Action', max: 1, refresh: 'turn' },
      { id: 'swap', label: 'Simple swapped for Free', max: 1, refresh: 'turn' },
    ]);
    expect(lost.summary).toBe(
      `Critical glitch on Initiative: one Simple Action fewer in this Action Phase, so no Complex Action. ${FULL_SUMMARY}`,
    );
    expect(lost.actions).toEqual(T.economy(c, TOGGLES).actions);
    expect(T.economy(c, TOGGLES, { combatantId: 'a', pass: 1, simpleActionsLost: 0 } as TurnSlot)).toEqual(
      T.economy(c, TOGGLES),
    );
  });

  it('names a bad slot', () => {
    expect(refusal(() => T.economy(c, TOGGLES, 5 as unknown as TurnSlot))).toBe(
      'invalid-input: A turn slot must be an object, got 5.',
    );
    expect(refusal(() => T.economy(c, TOGGLES, null as unknown as TurnSlot))).toBe(
      'invalid-input: A turn slot must be an object, got null.',
    );
    expect(refusal(() => T.economy(c, TOGGLES, { combatantId: 'a', pass: 0 }))).toBe(
      'out-of-range: Initiative Pass must be between 1 and 4, got 0.',
    );
    expect(refusal(() => T.economy(c, TOGGLES, { combatantId: 'a', pass: 1, simpleActionsLost: 2 } as TurnSlot))).toBe(
      'out-of-range: Simple Actions lost must be between 0 and 1, got 2.',
    );
    expect(T.economy(c, TOGGLES, { combatantId: 'a', pass: 4 })).toEqual(T.economy(c, TOGGLES));
  });
});

describe('round rebuilds from the same entries follow every change', () => {
  // One entries list for the whole Combat Turn, as the tracker keeps it; each rebuild changes one thing.
  const a = fighter('a', { edge: 2 });
  const b = fighter('b', { edge: 2 });
  const entries = [
    T.initiative.score(solo(a), [5, 2, 3, 4, 2, 3], TOGGLES), // 7
    T.initiative.score(solo(b), [5, 1, 1, 1, 2, 3], TOGGLES), // 7, glitch
  ];
  const round = (combatants: RulesCombatant[], toggles = TOGGLES, order?: readonly string[]) =>
    T.buildRound({
      round: 1,
      combatants,
      participants: combatants.map(solo),
      entries,
      initiative: order === undefined ? null : { order, losesTurn: [], steps: [] },
      acted: [],
      toggles,
    }).map((s) => `${s.pass}:${s.combatantId}`);

  it('Edge, Initiative, Reaction and Passes changed between rebuilds', () => {
    expect(round([a, b])).toEqual(['1:a', '1:b']);
    // The glitch sends b behind a tie on score, whatever b's other tie-breaks.
    expect(round([a, { ...b, stats: { ...b.stats, edge: 8 } }])).toEqual(['1:a', '1:b']);
    expect(round([{ ...a, stats: { ...a.stats, passes: 2 } }, b])).toEqual(['1:a', '1:b', '2:a']);
    expect(round([a, { ...b, stats: { ...b.stats, passes: 3 } }])).toEqual(['1:a', '1:b', '2:b', '3:b']);
    expect(round([a, b])).toEqual(['1:a', '1:b']);
  });

  it('Edge spent to act first, then taken back', () => {
    const first = { ...b, conditionIds: ['edge-first'] };
    expect(round([a, first])).toEqual(['1:b', '1:a']);
    expect(round([a, b])).toEqual(['1:a', '1:b']);
  });

  it('the critical glitch toggle changed between rebuilds', () => {
    const crit = [T.initiative.score(solo(a), [1, 1, 1, 2, 2, 3], TOGGLES), entries[1]!];
    const build = (toggles: typeof TOGGLES) =>
      T.buildRound({
        round: 1,
        combatants: [a, b],
        participants: [solo(a), solo(b)],
        entries: crit,
        initiative: null,
        acted: [],
        toggles,
      });
    expect(build(TOGGLES)).toEqual([
      { combatantId: 'b', pass: 1 },
      { combatantId: 'a', pass: 1, simpleActionsLost: 1 },
    ]);
    expect(build(PHASE)).toEqual([{ combatantId: 'b', pass: 1 }]);
    expect(build(TOGGLES)).toHaveLength(2);
  });

  it('the same ids in a new encounter order still read each combatant’s own health', () => {
    const hurtA = { ...a, health: { physical: 3, stun: 0 } }; // −1: 6, behind b
    expect(round([hurtA, b])).toEqual(['1:b', '1:a']);
    expect(round([b, hurtA])).toEqual(['1:b', '1:a']);
    const hurtB = { ...b, health: { physical: 3, stun: 0 } };
    expect(round([hurtB, a])).toEqual(['1:a', '1:b']);
    expect(round([a, hurtB])).toEqual(['1:a', '1:b']);
  });

  it('a combatant who joined after the roll gets no slot; one listed twice is read once', () => {
    expect(round([a, b, fighter('late')])).toEqual(['1:a', '1:b']);
    expect(round([a, b, { ...a, health: { physical: 0, stun: 10 } }])).toEqual(['1:a', '1:b']);
  });

  it('follows the rolled order for full ties, and the entries order without one', () => {
    const twin = [
      T.initiative.score(solo(a), [5, 2, 3, 4, 2, 3], TOGGLES),
      T.initiative.score(solo(b), [5, 2, 3, 4, 2, 3], TOGGLES),
    ];
    const build = (order?: readonly string[]) =>
      T.buildRound({
        round: 1,
        combatants: [a, b],
        participants: [solo(a), solo(b)],
        entries: twin,
        initiative: order === undefined ? null : { order, losesTurn: [], steps: [] },
        acted: [],
        toggles: TOGGLES,
      }).map((s) => s.combatantId);
    expect(build()).toEqual(['a', 'b']);
    expect(build(['b', 'a'])).toEqual(['b', 'a']);
    expect(build(['a', 'b'])).toEqual(['a', 'b']);
    expect(build(['b'])).toEqual(['b']);
    expect(build()).toEqual(['a', 'b']);
    // The tie-breaks read from the stat block at each rebuild: Edge, then Initiative, then Reaction.
    const withStats = (stats: Record<string, number>) =>
      T.buildRound({
        round: 1,
        combatants: [a, { ...b, stats: { ...b.stats, ...stats } }],
        participants: [solo(a), solo(b)],
        entries: twin,
        initiative: null,
        acted: [],
        toggles: TOGGLES,
      }).map((s) => s.combatantId);
    expect(withStats({ edge: 3 })).toEqual(['b', 'a']);
    expect(withStats({ edge: 1 })).toEqual(['a', 'b']);
    expect(withStats({ intuition: 4 })).toEqual(['b', 'a']);
    expect(withStats({ reaction: 4, intuition: 2 })).toEqual(['b', 'a']);
    expect(withStats({ reaction: 2, intuition: 4 })).toEqual(['a', 'b']);
    expect(withStats({})).toEqual(['a', 'b']);
  });

  it('a group entry gives each member one slot, the first entry naming a member winning', () => {
    const g1 = fighter('g1');
    const g2 = fighter('g2');
    const group: InitiativeEntry = {
      ...T.initiative.score(solo(g1), [5, 5, 5, 2, 2, 2], TOGGLES),
      participantId: 'g',
      memberIds: ['g1', 'g2'],
    };
    const alone: InitiativeEntry = {
      ...T.initiative.score(solo(g2), [2, 2, 2, 2, 2, 2], TOGGLES),
      participantId: 'g2',
    };
    const slots = T.buildRound({
      round: 1,
      combatants: [g1, g2],
      participants: [],
      entries: [group, alone],
      initiative: { order: ['g', 'g2'], losesTurn: [], steps: [] },
      acted: [],
      toggles: TOGGLES,
    });
    expect(slots).toEqual([
      { combatantId: 'g1', pass: 1 },
      { combatantId: 'g2', pass: 1 },
    ]);
  });
});
