import { describe, expect, it } from 'vitest';
import type { RulesCombatant } from '../../../system-kit/tracker-rules';
import { RULES } from '../sections';
import { readUesrpgHealth, uesrpg3eTracker as T } from '.';
import { toggles, FIGHTER, rulesErrorOf } from './tracker.test-support';

// Stat-block checks, health records, damage and healing in the tracker, with every step and
// message asserted word for word.

function aela(hp = 23, wounds: string[] = [], conditionIds: string[] = []): RulesCombatant {
  return { id: 'a1', name: 'Aela', kind: 'pc', side: 'party', stats: FIGHTER, health: { hp, wounds }, conditionIds };
}

describe('validateStats messages', () => {
  it('a block that is not an object', () => {
    expect(T.validateStats(null as never)).toEqual(['The stat block must be an object of stats, got null.']);
    expect(T.validateStats([] as never)).toEqual(['The stat block must be an object of stats, got a list.']);
    expect(T.validateStats(7 as never)).toEqual(['The stat block must be an object of stats, got 7.']);
  });

  it('unknown stats and numbers out of range, each named; edges accepted', () => {
    expect(T.validateStats({ charisma: 3, agility: 201, evade: -1, arHead: 101, combatStyle: 2.5 })).toEqual([
      '"charisma" is not a UESRPG stat.',
      'Agility must be between 0 and 200, got 201.',
      'Combat Style TN must be a whole number, got 2.5.',
      'Evade TN must be between 0 and 200, got -1.',
      'AR Head must be between 0 and 100, got 101.',
    ]);
    expect(T.validateStats({ agility: 200, evade: 0, arHead: 100, combatStyle: 200 })).toEqual([]);
  });

  it('a lucky list that is not a list is named, and its count is not checked again', () => {
    expect(T.validateStats({ luck: 30, lucky: 'seven' as never, unlucky: [90, 91] })).toEqual([
      'Lucky numbers must be a list of numbers from 1 to 100, got "seven".',
    ]);
    expect(T.validateStats({ luck: 30, lucky: [5, 6, 7], unlucky: 9 as never })).toEqual([
      'Unlucky numbers must be a list of numbers from 1 to 100, got 9.',
    ]);
  });

  it('numbers outside 1–100, non-integers and repeats are named one by one', () => {
    expect(T.validateStats({ luck: 50, lucky: [0, 101, 2.5, 'x', 1, 1] as never })).toEqual([
      'Lucky numbers may only hold whole numbers from 1 to 100; 0 is not one.',
      'Lucky numbers may only hold whole numbers from 1 to 100; 101 is not one.',
      'Lucky numbers may only hold whole numbers from 1 to 100; 2.5 is not one.',
      'Lucky numbers may only hold whole numbers from 1 to 100; "x" is not one.',
      'Lucky numbers list 1 twice; each number may appear once.',
      'A PC with Luck Bonus 5 has 5 lucky numbers (one per point of Luck Bonus), but 6 are listed.',
    ]);
    expect(T.validateStats({ luck: 50, lucky: [1, 2, 3, 4, 100] })).toEqual([]);
  });

  it('a list longer than its field allows', () => {
    expect(T.validateStats({ luck: 0, unlucky: [1, 2, 3, 4, 5, 6] })).toEqual([
      'Unlucky numbers hold at most 5 entries, got 6.',
      'A PC with Luck Bonus 0 has 5 unlucky numbers (5 − Luck Bonus), but 6 are listed.',
    ]);
  });

  it('numbers both lucky and unlucky, one or several', () => {
    expect(T.validateStats({ luck: 30, lucky: [5, 6, 7], unlucky: [7, 8] })).toEqual([
      '7 is both lucky and unlucky; a number can only be one.',
    ]);
    expect(T.validateStats({ luck: 20, lucky: [7, 8], unlucky: [7, 8, 9] })).toEqual([
      '7, 8 are both lucky and unlucky; a number can only be one.',
    ]);
  });

  it('PC counts: Luck Bonus lucky numbers and 5 − LB unlucky ones, singular and plural', () => {
    expect(T.validateStats({ luck: 10, lucky: [5, 6], unlucky: [90] })).toEqual([
      'A PC with Luck Bonus 1 has 1 lucky number (one per point of Luck Bonus), but 2 are listed.',
      'A PC with Luck Bonus 1 has 4 unlucky numbers (5 − Luck Bonus), but 1 is listed.',
    ]);
    expect(T.validateStats({ luck: 40, unlucky: [90, 91] })).toEqual([
      'A PC with Luck Bonus 4 has 4 lucky numbers (one per point of Luck Bonus), but 0 are listed.',
      'A PC with Luck Bonus 4 has 1 unlucky number (5 − Luck Bonus), but 2 are listed.',
    ]);
    expect(T.validateStats({ luck: 20, lucky: [3] })).toEqual([
      'A PC with Luck Bonus 2 has 2 lucky numbers (one per point of Luck Bonus), but 1 is listed.',
      'A PC with Luck Bonus 2 has 3 unlucky numbers (5 − Luck Bonus), but 0 are listed.',
    ]);
  });

  it('counts are left out while a characteristic is bad (it was reported already)', () => {
    expect(T.validateStats({ luck: 250, lucky: [5] })).toEqual(['Luck must be between 0 and 200, got 250.']);
  });
});

describe('health records', () => {
  it('starts at ⌈End/2⌉ HP; refuses a kind that is not pc or npc', () => {
    expect(T.initialHealth(FIGHTER, 'npc')).toEqual({ hp: 23, wounds: [] });
    expect(rulesErrorOf(() => T.initialHealth(FIGHTER, 'monster' as never))).toEqual({
      code: 'invalid-input',
      message: 'Combatant kind must be "pc" or "npc", got "monster".',
    });
  });

  it('reads HP from −10000 to 10000 and refuses beyond, naming the combatant', () => {
    expect(readUesrpgHealth(aela(-10000))).toEqual({ hp: -10000, wounds: [] });
    expect(readUesrpgHealth(aela(10000, ['head']))).toEqual({ hp: 10000, wounds: ['head'] });
    expect(rulesErrorOf(() => readUesrpgHealth(aela(10001))).message).toBe(
      "Aela's HP must be between -10000 and 10000, got 10001.",
    );
    expect(rulesErrorOf(() => readUesrpgHealth(aela(-10001))).message).toBe(
      "Aela's HP must be between -10000 and 10000, got -10001.",
    );
    expect(rulesErrorOf(() => readUesrpgHealth({ ...aela(), health: { hp: '5', wounds: [] } })).message).toBe(
      'Aela\'s HP must be a whole number, got "5".',
    );
  });

  it('refuses a record that is not an object, or wounds that are not hit locations', () => {
    expect(rulesErrorOf(() => readUesrpgHealth({ ...aela(), health: null as never }))).toEqual({
      code: 'invalid-input',
      message: "Aela's health must be an object, got null.",
    });
    expect(rulesErrorOf(() => readUesrpgHealth({ ...aela(), name: '', health: [] as never })).message).toBe(
      'health must be an object, got a list.',
    );
    for (const wounds of [['tail'], 'body']) {
      expect(rulesErrorOf(() => readUesrpgHealth({ ...aela(), health: { hp: 5, wounds } as never }))).toEqual({
        code: 'invalid-input',
        message: "Aela's wounds must be a list of hit locations.",
      });
    }
  });
});

describe('applyHarm: damage', () => {
  it('no wound: HP down, the package says why there is no wound', () => {
    expect(T.applyHarm(aela(), { kind: 'damage', amount: 11, location: 'left-leg' }, toggles)).toEqual({
      health: { hp: 12, wounds: [] },
      steps: [
        { text: 'Aela takes 11 damage after AR to the left leg: HP 23 → 12.', rule: RULES.resolve },
        { text: '11 after AR does not exceed the Wound Threshold 11: no wound.', rule: RULES.resolve },
      ],
    });
    expect(T.applyHarm(aela(), { kind: 'damage', amount: 3 }, toggles).steps[0]).toEqual({
      text: 'Aela takes 3 damage after AR: HP 23 → 20.',
      rule: RULES.resolve,
    });
  });

  it('a limb wound: Wounded and Crippled conditions, and the wound effect steps', () => {
    expect(T.applyHarm(aela(), { kind: 'damage', amount: 12, location: 'right-arm' }, toggles)).toEqual({
      health: { hp: 11, wounds: ['right-arm'] },
      steps: [
        { text: 'Aela takes 12 damage after AR to the right arm: HP 23 → 11.', rule: RULES.resolve },
        { text: '12 after AR exceeds the Wound Threshold 11: a wound.', rule: RULES.resolve },
        { text: 'While wounded: −20 to all tests and −2 to initiative.', rule: RULES.woundEffects },
        { text: 'Right Arm wound: the limb is crippled.', rule: RULES.woundEffects },
      ],
      conditions: [
        { conditionId: 'wounded', label: 'Wounded', note: 'Right Arm wound' },
        { conditionId: 'crippled-right-arm', label: 'Crippled right arm' },
      ],
    });
  });

  it('a head wound: Stunned for 1 round, ticking at the end of the turn', () => {
    expect(T.applyHarm(aela(), { kind: 'damage', amount: 12, location: 'head' }, toggles).conditions).toEqual([
      { conditionId: 'wounded', label: 'Wounded', note: 'Head wound' },
      { conditionId: 'stunned', label: 'Stunned', rounds: 1, expires: 'turn-end', note: 'Head wound' },
    ]);
  });

  it('a body wound: 2 AP per round while it lasts', () => {
    const outcome = T.applyHarm(aela(20, ['head']), { kind: 'damage', amount: 15, location: 'body' }, toggles);
    expect(outcome.health).toEqual({ hp: 5, wounds: ['head', 'body'] });
    expect(outcome.conditions).toEqual([{ conditionId: 'wounded', label: 'Wounded', note: 'Body wound' }]);
    expect(outcome.steps.slice(2)).toEqual([
      { text: 'While wounded: −20 to all tests and −2 to initiative.', rule: RULES.woundEffects },
      { text: 'Body wound: lose 1 AP.', rule: RULES.woundEffects },
      { text: 'Aela now has 2 AP per round while the body wound lasts.', rule: RULES.woundsLast },
    ]);
  });

  it('to exactly 0 HP: down; below 0: not clamped; already down: no second down step', () => {
    expect(T.applyHarm(aela(5), { kind: 'damage', amount: 5 }, toggles).steps).toEqual([
      { text: 'Aela takes 5 damage after AR: HP 5 → 0.', rule: RULES.resolve },
      { text: '5 after AR does not exceed the Wound Threshold 11: no wound.', rule: RULES.resolve },
      { text: 'HP 0: Aela is down and cannot act.', rule: RULES.downAtZero },
    ]);
    expect(T.applyHarm(aela(1), { kind: 'damage', amount: 4 }, toggles).steps[0]).toEqual({
      text: 'Aela takes 4 damage after AR: HP 1 → -3 (HP is not clamped at 0).',
      rule: RULES.resolve,
    });
    expect(T.applyHarm(aela(0), { kind: 'damage', amount: 2 }, toggles).steps).toHaveLength(2);
    expect(T.applyHarm(aela(6), { kind: 'damage', amount: 5 }, toggles).steps).toHaveLength(2);
  });

  it('HP stop at −10000, the lowest a record holds', () => {
    expect(T.applyHarm(aela(-9998), { kind: 'damage', amount: 5 }, toggles).health).toEqual({
      hp: -10000,
      wounds: [],
    });
  });

  it('a wound without a location is refused: its effect depends on it', () => {
    expect(rulesErrorOf(() => T.applyHarm(aela(), { kind: 'damage', amount: 12 }, toggles))).toEqual({
      code: 'invalid-input',
      message:
        "12 damage after AR exceeds Aela's Wound Threshold 11, so it is a wound: give the hit location so its effect can be applied.",
    });
  });

  it('refuses harm it cannot read, with a sentence', () => {
    expect(rulesErrorOf(() => T.applyHarm(aela(), null as never, toggles))).toEqual({
      code: 'invalid-input',
      message: 'Harm must be an object with kind and amount, got null.',
    });
    expect(rulesErrorOf(() => T.applyHarm(aela(), [] as never, toggles)).message).toBe(
      'Harm must be an object with kind and amount, got a list.',
    );
    expect(rulesErrorOf(() => T.applyHarm(aela(), { kind: 'fire', amount: 3 }, toggles))).toEqual({
      code: 'invalid-input',
      message: 'Unknown harm kind "fire"; use damage or heal.',
    });
    expect(rulesErrorOf(() => T.applyHarm(aela(), { kind: 'damage', amount: 1001 }, toggles)).message).toBe(
      'Damage must be between 0 and 1000, got 1001.',
    );
    expect(rulesErrorOf(() => T.applyHarm(aela(), { kind: 'heal', amount: 2.5 }, toggles)).message).toBe(
      'Healing must be a whole number, got 2.5.',
    );
    expect(rulesErrorOf(() => T.applyHarm(aela(), { kind: 'damage', amount: 3, location: 'tail' }, toggles))).toEqual({
      code: 'invalid-input',
      message: 'Unknown hit location "tail"; use body, right-leg, left-leg, right-arm, left-arm, head or none.',
    });
    expect(T.applyHarm(aela(), { kind: 'damage', amount: 1000, location: 'head' }, toggles).health).toEqual({
      hp: -977,
      wounds: ['head'],
    });
  });
});

describe('applyHarm: healing', () => {
  it('HP come back up to the maximum', () => {
    expect(T.applyHarm(aela(18), { kind: 'heal', amount: 2 }, toggles)).toEqual({
      health: { hp: 20, wounds: [] },
      steps: [{ text: 'Aela heals 2 HP: 18 → 20 of 23.', rule: RULES.derived }],
    });
    expect(T.applyHarm(aela(18), { kind: 'heal', amount: 50 }, toggles).steps).toEqual([
      { text: 'Aela heals 5 HP: 18 → 23 of 23.', rule: RULES.derived },
    ]);
  });

  it('at or above the maximum: nothing to restore, and never lowered', () => {
    expect(T.applyHarm(aela(23), { kind: 'heal', amount: 4 }, toggles)).toEqual({
      health: { hp: 23, wounds: [] },
      steps: [{ text: 'Aela is at 23 of 23 HP: no HP to restore.', rule: RULES.derived }],
    });
    expect(T.applyHarm(aela(30), { kind: 'heal', amount: 4 }, toggles).health).toEqual({ hp: 30, wounds: [] });
  });

  it('back above 0: no longer down; still at 0 or less: no such step', () => {
    expect(T.applyHarm(aela(0), { kind: 'heal', amount: 1 }, toggles).steps).toEqual([
      { text: 'Aela heals 1 HP: 0 → 1 of 23.', rule: RULES.derived },
      { text: 'HP 1: Aela is no longer down.', rule: RULES.downAtZero },
    ]);
    expect(T.applyHarm(aela(-5), { kind: 'heal', amount: 5 }, toggles).steps).toHaveLength(1);
    expect(T.applyHarm(aela(1), { kind: 'heal', amount: 5 }, toggles).steps).toHaveLength(1);
  });

  it('treating a limb wound: the crippled limb recovers; the last wound ends Wounded', () => {
    expect(T.applyHarm(aela(10, ['left-arm']), { kind: 'heal', amount: 0, location: 'left-arm' }, toggles)).toEqual({
      health: { hp: 10, wounds: [] },
      steps: [
        { text: 'Aela is at 10 of 23 HP: no HP to restore.', rule: RULES.derived },
        { text: 'The left arm wound is treated and no longer counts; no wounds left.', rule: RULES.treatWound },
      ],
      removeConditions: ['crippled-left-arm', 'wounded'],
    });
  });

  it('treating one of several wounds says how many are left', () => {
    const one = T.applyHarm(aela(10, ['body', 'head']), { kind: 'heal', amount: 0, location: 'body' }, toggles);
    expect(one).toEqual({
      health: { hp: 10, wounds: ['head'] },
      steps: [
        { text: 'Aela is at 10 of 23 HP: no HP to restore.', rule: RULES.derived },
        { text: 'The body wound is treated and no longer counts (1 wound left).', rule: RULES.treatWound },
      ],
    });
    const two = T.applyHarm(
      aela(10, ['right-leg', 'body', 'right-leg']),
      { kind: 'heal', amount: 0, location: 'right-leg' },
      toggles,
    );
    expect(two.health).toEqual({ hp: 10, wounds: ['body', 'right-leg'] });
    expect(two.steps[1]).toEqual({
      text: 'The right leg wound is treated and no longer counts (2 wounds left).',
      rule: RULES.treatWound,
    });
    expect(two.removeConditions).toBeUndefined();
  });

  it('treating the last head wound only ends Wounded', () => {
    expect(
      T.applyHarm(aela(10, ['head']), { kind: 'heal', amount: 0, location: 'head' }, toggles).removeConditions,
    ).toEqual(['wounded']);
  });

  it('refuses to treat a wound that is not there', () => {
    expect(
      rulesErrorOf(() => T.applyHarm(aela(10, ['body']), { kind: 'heal', amount: 1, location: 'head' }, toggles)),
    ).toEqual({
      code: 'not-allowed',
      message: 'Aela has no wound on the head to treat; leave the location empty to heal HP only.',
    });
  });
});

describe('healthView', () => {
  it('unhurt at full HP', () => {
    expect(T.healthView(aela(), toggles)).toEqual({
      tracks: [{ id: 'hp', label: 'HP', current: 23, max: 23, style: 'bar' }],
      stateLabel: 'Unhurt',
      severity: 'ok',
      modifiers: [],
      markers: [],
      canAct: true,
    });
  });

  it('hurt below full HP, down at 0', () => {
    expect(T.healthView(aela(22), toggles)).toMatchObject({ stateLabel: 'Hurt', severity: 'hurt', canAct: true });
    expect(T.healthView(aela(1), toggles)).toMatchObject({ stateLabel: 'Hurt', canAct: true });
    expect(T.healthView(aela(0), toggles)).toMatchObject({ stateLabel: 'Down', severity: 'down', canAct: false });
  });

  it('wounded: the penalties, the AP a body wound costs, and a marker per wound', () => {
    expect(T.healthView(aela(23, ['body', 'left-leg', 'head']), toggles)).toEqual({
      tracks: [{ id: 'hp', label: 'HP', current: 23, max: 23, style: 'bar' }],
      stateLabel: 'Wounded',
      severity: 'hurt',
      modifiers: ['−20 to all tests (wounded)', '−2 initiative (wounded)', '2 AP per round (body wound)'],
      markers: ['Wound: body (1 AP lost)', 'Wound: left leg (crippled)', 'Wound: head (stunned 1 round)'],
      canAct: true,
    });
  });

  it('a GM-applied Wounded condition counts as wounded', () => {
    expect(T.healthView(aela(23, [], ['wounded']), toggles)).toMatchObject({
      stateLabel: 'Wounded',
      severity: 'hurt',
      modifiers: ['−20 to all tests (wounded)', '−2 initiative (wounded)'],
      markers: [],
    });
    expect(T.healthView({ ...aela(), conditionIds: undefined as never }, toggles).stateLabel).toBe('Unhurt');
  });
});
