import { describe, expect, it } from 'vitest';
import { RulesError } from '../../errors';
import {
  MAX_POOL,
  canPush,
  countOnes,
  countSixes,
  countSuccesses,
  isRerollable,
  pushBlockedReason,
  pushRoll,
  rerollableCount,
  type RollKind,
} from './dice';

// Exact explanation steps and error sentences of the Electric State dice rules. Pushing is a book
// rule (the seed names it only in "cannot be pushed"), so its steps cite "Pushing a Roll" as book/default.
const book = (section: string) => ({ section, source: 'book' });
const byDefault = { section: 'Pushing a Roll', source: 'default' };

function thrown(f: () => unknown): RulesError {
  try {
    f();
  } catch (error) {
    if (error instanceof RulesError) return error;
    throw error;
  }
  throw new Error('expected a RulesError');
}

describe('counting faces', () => {
  it('counts 6s and 1s only', () => {
    expect(countSixes([6, 5, 6, 1, 2])).toBe(2);
    expect(countOnes([1, 5, 6, 1, 1])).toBe(3);
    expect(countSixes([])).toBe(0);
    expect(countOnes([2, 3, 4, 5, 6])).toBe(0);
  });

  it('explains the count in one sentence, singular and plural', () => {
    expect(countSuccesses([6])).toEqual({
      successes: 1,
      steps: [{ text: '1 die rolled, 1 six: each 6 is a success.', rule: book('Dice and Successes') }],
    });
    expect(countSuccesses([6, 6, 2]).steps[0]!.text).toBe('3 dice rolled, 2 sixes: each 6 is a success.');
    expect(countSuccesses([]).steps[0]!.text).toBe('0 dice rolled, 0 sixes: each 6 is a success.');
  });

  it(`accepts up to ${MAX_POOL} dice and refuses more`, () => {
    expect(countSuccesses(Array<number>(MAX_POOL).fill(6)).successes).toBe(100);
    const error = thrown(() => countSuccesses(Array<number>(MAX_POOL + 1).fill(6)));
    expect(error.code).toBe('too-many-dice');
    expect(error.message).toBe('dice has 101 dice; at most 100 are allowed.');
  });
});

describe('which rolls may be pushed', () => {
  it('names the reason for each roll that cannot be pushed', () => {
    const reasons: [RollKind, string | null][] = [
      ['attack', null],
      ['attribute', null],
      ['rally', null],
      ['stabilize', null],
      ['taser-resist', null],
      ['initiative', 'The initiative roll cannot be pushed.'],
      ['death', 'Death rolls cannot be pushed.'],
      ['armor', 'Armour and cover rolls cannot be pushed.'],
      ['cover', 'Armour and cover rolls cannot be pushed.'],
      ['blast', 'The Blast Power roll is a damage roll, not an attribute roll; it cannot be pushed.'],
      ['defense', 'In a fight-back or dodge only the attacker can push.'],
    ];
    for (const [kind, reason] of reasons) {
      expect(pushBlockedReason(kind, 'pc'), kind).toBe(reason);
      expect(canPush(kind, 'pc'), kind).toBe(reason === null);
      // An NPC never pushes, whatever the roll.
      expect(pushBlockedReason(kind, 'npc'), kind).toBe('Only player characters may push a roll.');
      expect(canPush(kind, 'npc'), kind).toBe(false);
    }
  });

  it('rerolls exactly the dice showing 2 to 5', () => {
    expect([1, 2, 3, 4, 5, 6].map(isRerollable)).toEqual([false, true, true, true, true, false]);
    expect(rerollableCount([1, 2, 6], [5, 6, 1, 3])).toBe(3);
  });
});

describe('pushRoll refusals', () => {
  it('an NPC push names the rule and carries the kind and roller', () => {
    const error = thrown(() => pushRoll({ base: [2], gear: [], reroll: [3], kind: 'attack', roller: 'npc' }));
    expect(error.code).toBe('not-allowed');
    expect(error.message).toBe('Only player characters may push a roll.');
    expect(error.details).toEqual({ kind: 'attack', roller: 'npc' });
  });

  it('a forbidden kind, then a second push', () => {
    const death = thrown(() => pushRoll({ base: [2], gear: [], reroll: [3], kind: 'death' }));
    expect([death.code, death.message]).toEqual(['not-allowed', 'Death rolls cannot be pushed.']);
    const again = thrown(() => pushRoll({ base: [2], gear: [], reroll: [3], alreadyPushed: true }));
    expect([again.code, again.message]).toEqual(['not-allowed', 'A roll can be pushed only once.']);
    // The kind is checked before "already pushed".
    expect(
      thrown(() => pushRoll({ base: [2], gear: [], reroll: [3], kind: 'cover', alreadyPushed: true })).message,
    ).toBe('Armour and cover rolls cannot be pushed.');
  });

  it('counts the new faces it needs, in a sentence', () => {
    const tooFew = thrown(() => pushRoll({ base: [2, 3], gear: [], reroll: [6] }));
    expect(tooFew.code).toBe('invalid-input');
    expect(tooFew.message).toBe(
      'The push rerolls 2 dice (every die showing neither 6 nor 1), but 1 new face was given.',
    );
    expect(tooFew.details).toEqual({ needed: 2, given: 1 });
    expect(thrown(() => pushRoll({ base: [], gear: [4], reroll: [6, 6] })).message).toBe(
      'The push rerolls 1 die (every die showing neither 6 nor 1), but 2 new faces were given.',
    );
  });

  it('checks every face list, rerolls included', () => {
    expect(thrown(() => pushRoll({ base: [7], gear: [], reroll: [] })).message).toBe(
      'base[0] is 7, which is not a face of a d6 (1–6).',
    );
    expect(thrown(() => pushRoll({ base: [], gear: [0], reroll: [] })).message).toBe(
      'gear[0] is 0, which is not a face of a d6 (1–6).',
    );
    expect(thrown(() => pushRoll({ base: [2], gear: [], reroll: [9] })).message).toBe(
      'reroll[0] is 9, which is not a face of a d6 (1–6).',
    );
  });

  it('a gear bonus must be a whole number of at least 0', () => {
    expect(thrown(() => pushRoll({ base: [], gear: [3], reroll: [1], gearBonus: -1 })).message).toBe(
      'gearBonus must be a whole number of at least 0, got -1.',
    );
    expect(thrown(() => pushRoll({ base: [], gear: [3], reroll: [1], gearBonus: 1.5 })).code).toBe('invalid-input');
    expect(pushRoll({ base: [], gear: [3], reroll: [2], gearBonus: 0 }).gearBonusAfter).toBe(0);
  });
});

describe('pushRoll explanation, each branch', () => {
  it('every 1 on a base die after the push costs Hope; the gear is undamaged', () => {
    const r = pushRoll({ base: [1, 3, 6], gear: [4], reroll: [1, 6] });
    expect(r).toEqual({
      base: [1, 1, 6],
      gear: [6],
      successes: 2,
      hopeLost: 2,
      gearDamage: 0,
      gearBonusAfter: null,
      gearBroken: false,
      rerolledBase: [1],
      rerolledGear: [0],
      steps: [
        {
          text: 'Pushed: rerolled 1 base die and 1 gear die (every die showing neither 6 nor 1); 2 sixes in total now.',
          rule: book('Pushing a Roll'),
        },
        { text: '2 base dice show 1 after the push: 2 Hope lost.', rule: byDefault },
        { text: 'No gear die shows 1 after the push: the gear is undamaged.', rule: byDefault },
      ],
    });
  });

  it('singular forms: one base die showing 1, one six, one gear die damaged without a known bonus', () => {
    const r = pushRoll({ base: [2, 2], gear: [3, 4], reroll: [1, 6, 1, 5] });
    expect(r.steps.map((s) => s.text)).toEqual([
      'Pushed: rerolled 2 base dice and 2 gear dice (every die showing neither 6 nor 1); 1 six in total now.',
      '1 base die shows 1 after the push: 1 Hope lost.',
      '1 gear die shows 1 after the push: the gear bonus drops by 1.',
    ]);
    expect([r.gearDamage, r.gearBonusAfter, r.gearBroken]).toEqual([1, null, false]);
  });

  it('only new 1s cost Hope when the toggle is on', () => {
    const r = pushRoll({ base: [1, 4, 5], gear: [], reroll: [1, 2] }, { hopeOnlyNewOnes: true });
    expect(r.hopeLost).toBe(1);
    expect(r.steps[1]).toEqual({
      text: '1 base die came up 1 in the push: 1 Hope lost (only new 1s count).',
      rule: byDefault,
    });
    const none = pushRoll({ base: [1, 4], gear: [], reroll: [3] }, { hopeOnlyNewOnes: true });
    expect(none.hopeLost).toBe(0);
    expect(none.steps[1]!.text).toBe('0 base dice came up 1 in the push: 0 Hope lost (only new 1s count).');
  });

  it('the gear bonus drops by each 1 and breaks at 0, never below', () => {
    const dropped = pushRoll({ base: [], gear: [1, 3], reroll: [4], gearBonus: 3 });
    expect(dropped.steps[2]!.text).toBe('1 gear die shows 1 after the push: the gear bonus drops by 1 to 2.');
    expect([dropped.gearBonusAfter, dropped.gearBroken]).toEqual([2, false]);
    const broken = pushRoll({ base: [], gear: [1, 3, 2], reroll: [1, 1], gearBonus: 2 });
    expect(broken.steps[2]!.text).toBe('3 gear dice show 1 after the push: the gear bonus drops by 3 to 0 (broken).');
    expect([broken.gearDamage, broken.gearBonusAfter, broken.gearBroken]).toEqual([3, 0, true]);
    // A bonus already at 0 is not newly broken by an undamaged push.
    const zero = pushRoll({ base: [], gear: [3], reroll: [5], gearBonus: 0 });
    expect([zero.gearBonusAfter, zero.gearBroken]).toEqual([0, false]);
  });
});
