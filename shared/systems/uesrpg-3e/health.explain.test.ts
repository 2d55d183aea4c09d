import { describe, expect, it } from 'vitest';
import { RulesError } from '../../errors';
import { applyDamage, holdBreath, woundEffects, woundState } from './health';
import { RULES } from './sections';

/** The RulesError a call throws, as plain data, so code and sentence are asserted exactly. */
function rulesErrorOf(call: () => unknown): { code: string; message: string } {
  try {
    call();
  } catch (error) {
    if (error instanceof RulesError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a RulesError, but the call returned');
}

const WHILE_WOUNDED = { text: 'While wounded: −20 to all tests and −2 to initiative.', rule: RULES.woundEffects };

describe('woundEffects, each location with its explanation', () => {
  it('body: lose 1 AP', () => {
    expect(woundEffects('body')).toEqual({
      location: 'body',
      testPenalty: -20,
      initiativePenalty: -2,
      apLoss: 1,
      crippled: null,
      stunnedRounds: 0,
      steps: [WHILE_WOUNDED, { text: 'Body wound: lose 1 AP.', rule: RULES.woundEffects }],
    });
  });

  it('head: stunned for 1 round', () => {
    expect(woundEffects('head')).toEqual({
      location: 'head',
      testPenalty: -20,
      initiativePenalty: -2,
      apLoss: 0,
      crippled: null,
      stunnedRounds: 1,
      steps: [WHILE_WOUNDED, { text: 'Head wound: stunned for 1 round.', rule: RULES.woundEffects }],
    });
  });

  it('a limb: crippled, named by its label', () => {
    expect(woundEffects('left-leg')).toEqual({
      location: 'left-leg',
      testPenalty: -20,
      initiativePenalty: -2,
      apLoss: 0,
      crippled: 'left-leg',
      stunnedRounds: 0,
      steps: [WHILE_WOUNDED, { text: 'Left Leg wound: the limb is crippled.', rule: RULES.woundEffects }],
    });
    expect(woundEffects('right-arm').steps[1]).toEqual({
      text: 'Right Arm wound: the limb is crippled.',
      rule: RULES.woundEffects,
    });
  });

  it('no location: only the general penalties', () => {
    expect(woundEffects(null)).toEqual({
      location: null,
      testPenalty: -20,
      initiativePenalty: -2,
      apLoss: 0,
      crippled: null,
      stunnedRounds: 0,
      steps: [WHILE_WOUNDED],
    });
  });

  it('refuses an unknown location with a sentence', () => {
    expect(rulesErrorOf(() => woundEffects('tail' as never))).toEqual({
      code: 'invalid-input',
      message: 'Unknown hit location "tail".',
    });
  });
});

describe('applyDamage explanations', () => {
  it('a wound: AR subtracted, HP reduced, WT exceeded, then the location effect', () => {
    const result = applyDamage({ hp: 15, damage: 12, ar: 3, wt: 8, location: 'body' });
    expect(result).toEqual({
      hp: 6,
      damageAfterAr: 9,
      wound: true,
      effects: woundEffects('body'),
      steps: [
        { text: '12 damage − AR 3 of Body = 9; HP 15 → 6.', rule: RULES.resolve },
        { text: '9 after AR exceeds the Wound Threshold 8: a wound.', rule: RULES.resolve },
        WHILE_WOUNDED,
        { text: 'Body wound: lose 1 AP.', rule: RULES.woundEffects },
      ],
    });
  });

  it('damage equal to the WT is no wound', () => {
    expect(applyDamage({ hp: 15, damage: 11, ar: 3, wt: 8, location: 'head' })).toEqual({
      hp: 7,
      damageAfterAr: 8,
      wound: false,
      effects: null,
      steps: [
        { text: '11 damage − AR 3 of Head = 8; HP 15 → 7.', rule: RULES.resolve },
        { text: '8 after AR does not exceed the Wound Threshold 8: no wound.', rule: RULES.resolve },
      ],
    });
  });

  it('AR above the damage leaves 0, never a heal', () => {
    expect(applyDamage({ hp: 10, damage: 4, ar: 6, wt: 5 }).steps).toEqual([
      { text: '4 damage − AR 6 of the location = 0; HP 10 → 10.', rule: RULES.resolve },
      { text: '0 after AR does not exceed the Wound Threshold 5: no wound.', rule: RULES.resolve },
    ]);
  });

  it('HP below 0 says it is not clamped; exactly 0 does not', () => {
    expect(applyDamage({ hp: 3, damage: 20, ar: 2, wt: 20 }).steps[0]).toEqual({
      text: '20 damage − AR 2 of the location = 18; HP 3 → -15 (HP is not clamped at 0).',
      rule: RULES.resolve,
    });
    expect(applyDamage({ hp: 5, damage: 5, ar: 0, wt: 10 }).steps[0]).toEqual({
      text: '5 damage − AR 0 of the location = 5; HP 5 → 0.',
      rule: RULES.resolve,
    });
  });

  it('a wound with no location: only the general penalties', () => {
    const result = applyDamage({ hp: 20, damage: 10, ar: 0, wt: 9 });
    expect(result.effects).toEqual(woundEffects(null));
    expect(result.steps).toEqual([
      { text: '10 damage − AR 0 of the location = 10; HP 20 → 10.', rule: RULES.resolve },
      { text: '10 after AR exceeds the Wound Threshold 9: a wound.', rule: RULES.resolve },
      WHILE_WOUNDED,
    ]);
  });

  it('a location it does not know is "the location" while no wound needs its effect', () => {
    expect(applyDamage({ hp: 20, damage: 3, ar: 0, wt: 9, location: 'tail' as never }).steps[0]!.text).toBe(
      '3 damage − AR 0 of the location = 3; HP 20 → 17.',
    );
  });

  it('refuses numbers out of range, naming them', () => {
    expect(rulesErrorOf(() => applyDamage({ hp: 10001, damage: 1, ar: 0, wt: 5 })).message).toBe(
      'hp must be between -10000 and 10000, got 10001.',
    );
    expect(rulesErrorOf(() => applyDamage({ hp: 10, damage: 1001, ar: 0, wt: 5 })).message).toBe(
      'damage must be between 0 and 1000, got 1001.',
    );
    expect(rulesErrorOf(() => applyDamage({ hp: 10, damage: 1, ar: -1, wt: 5 })).message).toBe(
      'ar must be between 0 and 1000, got -1.',
    );
    expect(rulesErrorOf(() => applyDamage({ hp: 10, damage: 1, ar: 0, wt: 1001 })).message).toBe(
      'wt must be between 0 and 1000, got 1001.',
    );
    expect(applyDamage({ hp: -10000, damage: 1000, ar: 1000, wt: 0 }).hp).toBe(-10000);
  });
});

describe('holdBreath explanations', () => {
  it('within the limit: one step', () => {
    expect(holdBreath({ eb: 4, rounds: 8 })).toEqual({
      limit: 8,
      fatigue: 0,
      steps: [{ text: '2 rounds per Endurance bonus (4): 8 rounds.', rule: RULES.holdingBreath }],
    });
    expect(holdBreath({ eb: 3 })).toEqual({
      limit: 6,
      fatigue: 0,
      steps: [{ text: '2 rounds per Endurance bonus (3): 6 rounds.', rule: RULES.holdingBreath }],
    });
  });

  it('idle doubles the limit and says so', () => {
    expect(holdBreath({ eb: 4, idle: true, rounds: 16 })).toEqual({
      limit: 16,
      fatigue: 0,
      steps: [
        {
          text: '2 rounds per Endurance bonus (4), doubled for doing nothing but holding the breath: 16 rounds.',
          rule: RULES.holdingBreath,
        },
      ],
    });
    expect(holdBreath({ eb: 4, idle: false }).limit).toBe(8);
  });

  it('past the limit: one temporary fatigue level per round (singular and plural)', () => {
    expect(holdBreath({ eb: 4, rounds: 9 })).toEqual({
      limit: 8,
      fatigue: 1,
      steps: [
        { text: '2 rounds per Endurance bonus (4): 8 rounds.', rule: RULES.holdingBreath },
        {
          text: '9 rounds held, 1 past the limit: 1 temporary fatigue level (removed at 1 per round once breathing resumes).',
          rule: RULES.holdingBreath,
        },
      ],
    });
    expect(holdBreath({ eb: 0, rounds: 3 }).steps[1]).toEqual({
      text: '3 rounds held, 3 past the limit: 3 temporary fatigue levels (removed at 1 per round once breathing resumes).',
      rule: RULES.holdingBreath,
    });
  });

  it('refuses an EB or round count out of range', () => {
    expect(rulesErrorOf(() => holdBreath({ eb: 21 })).message).toBe('eb must be between 0 and 20, got 21.');
    expect(rulesErrorOf(() => holdBreath({ eb: 2, rounds: -1 })).message).toBe(
      'rounds must be between 0 and 10000, got -1.',
    );
    expect(holdBreath({ eb: 20, rounds: 10000 }).fatigue).toBe(10000 - 40);
  });
});

describe('woundState explanations', () => {
  it('no wounds: no steps', () => {
    expect(woundState([])).toEqual({
      wounded: false,
      testPenalty: 0,
      initiativePenalty: 0,
      maxAp: 3,
      crippled: [],
      steps: [],
    });
  });

  it('a limb wound: penalties once, no AP loss', () => {
    expect(woundState(['left-arm'])).toEqual({
      wounded: true,
      testPenalty: -20,
      initiativePenalty: -2,
      maxAp: 3,
      crippled: ['left-arm'],
      steps: [
        {
          text: 'Wounded: −20 to all tests and −2 to initiative (once, however many wounds).',
          rule: RULES.woundEffects,
        },
      ],
    });
  });

  it('body wounds: 2 AP per round, said once', () => {
    expect(woundState(['body', 'body']).steps).toEqual([
      {
        text: 'Wounded: −20 to all tests and −2 to initiative (once, however many wounds).',
        rule: RULES.woundEffects,
      },
      {
        text: 'A body wound costs 1 AP: 2 AP per round while it lasts (more body wounds cost no more).',
        rule: RULES.woundsLast,
      },
    ]);
  });

  it('lists every crippled limb once, in hit-location order', () => {
    expect(woundState(['left-arm', 'right-arm', 'left-leg', 'right-leg', 'right-arm']).crippled).toEqual([
      'right-leg',
      'left-leg',
      'right-arm',
      'left-arm',
    ]);
  });

  it('refuses anything but a list, with a sentence', () => {
    expect(rulesErrorOf(() => woundState('body' as never))).toEqual({
      code: 'invalid-input',
      message: 'Wounds must be a list of hit locations.',
    });
  });
});
