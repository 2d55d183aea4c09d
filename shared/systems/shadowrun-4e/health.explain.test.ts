import { describe, expect, it } from 'vitest';
import { RulesError } from '../../errors';
import type { ExplainStep } from '../../system-kit/rule-system';
import { applyDamage, conditionAfterDamage, conditionMonitors, explainWoundModifier, woundModifier } from './health';

/** Condition monitor explanations asserted whole (sentence, heading, source) for every branch. */
const DAMAGE = 'Damage';
const seed = (text: string): ExplainStep => ({ text, rule: { section: DAMAGE, source: 'seed' } });
const book = (text: string): ExplainStep => ({ text, rule: { section: DAMAGE, source: 'book' } });
const byDefault = (text: string): ExplainStep => ({ text, rule: { section: DAMAGE, source: 'default' } });
const monitorsOf44 = book(
  'Condition monitors: Physical 10 boxes (8 + ⌈Body 4/2⌉), Stun 10 boxes (8 + ⌈Willpower 4/2⌉).',
);

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof RulesError) return error.message;
    throw error;
  }
  throw new Error('expected a RulesError');
}

describe('condition monitor sizes and checks', () => {
  it('accept Body and Willpower from 1 to 20', () => {
    expect(conditionMonitors(20, 1)).toEqual({ physical: 18, stun: 9 });
    expect(conditionMonitors(1, 20)).toEqual({ physical: 9, stun: 18 });
  });

  it('name the attribute out of range', () => {
    expect(messageOf(() => conditionMonitors(0, 3))).toBe('Body must be between 1 and 20, got 0.');
    expect(messageOf(() => conditionMonitors(21, 3))).toBe('Body must be between 1 and 20, got 21.');
    expect(messageOf(() => conditionMonitors(3, 0))).toBe('Willpower must be between 1 and 20, got 0.');
    expect(messageOf(() => conditionMonitors(3, 21))).toBe('Willpower must be between 1 and 20, got 21.');
  });
});

describe('wound modifier checks and explanation', () => {
  it('accept 0 to 200 boxes per track and name the track out of range', () => {
    expect(woundModifier(200, 200)).toBe(-132);
    expect(messageOf(() => woundModifier(201, 0))).toBe('Physical boxes must be between 0 and 200, got 201.');
    expect(messageOf(() => woundModifier(0, 201))).toBe('Stun boxes must be between 0 and 200, got 201.');
    expect(messageOf(() => woundModifier(0, -1))).toBe('Stun boxes must be between 0 and 200, got -1.');
  });

  it('explain each track and the sum', () => {
    expect(explainWoundModifier(5, 6)).toEqual(
      seed('5 Physical boxes give −1 and 6 Stun boxes give −2 (−1 per full 3 boxes per track): wound modifier −3.'),
    );
    expect(explainWoundModifier(1, 1)).toEqual(
      seed('1 Physical box give 0 and 1 Stun box give 0 (−1 per full 3 boxes per track): wound modifier 0.'),
    );
  });
});

describe('applyDamage explanation, branch by branch', () => {
  const base = { body: 4, willpower: 4, physical: 0, stun: 0 };

  it('no damage at all: monitors, still up, wound modifier', () => {
    expect(applyDamage(base, '1:1')).toEqual({
      physical: 0,
      stun: 0,
      overflow: 0,
      state: 'ok',
      monitors: { physical: 10, stun: 10 },
      stunConvertedToPhysical: 0,
      stunLost: 0,
      woundModifier: 0,
      steps: [monitorsOf44, seed('Neither track is full: the character is still up.'), explainWoundModifier(0, 0)],
    });
  });

  it('Stun one short of the track: taken, still up', () => {
    const result = applyDamage({ ...base, stun: 8, incomingStun: 1 }, '1:1');
    expect(result).toMatchObject({ stun: 9, state: 'ok', woundModifier: -3 });
    expect(result.steps).toEqual([
      monitorsOf44,
      seed('1 Stun box taken: 9 Stun in all.'),
      seed('Neither track is full: the character is still up.'),
      explainWoundModifier(0, 9),
    ]);
  });

  it('Stun exactly filling the track knocks out, with nothing to overflow', () => {
    const result = applyDamage({ ...base, stun: 7, incomingStun: 3 }, '2:1');
    expect(result).toMatchObject({ stun: 10, physical: 0, state: 'unconscious', stunConvertedToPhysical: 0 });
    expect(result.steps).toEqual([
      monitorsOf44,
      seed('3 Stun boxes taken: 10 Stun in all.'),
      seed('The Stun track is full: the character is knocked out.'),
      explainWoundModifier(0, 10),
    ]);
  });

  it('1:1 overflow, one box and several (book)', () => {
    const one = applyDamage({ ...base, stun: 10, incomingStun: 1 }, '1:1');
    expect(one).toMatchObject({ physical: 1, stun: 10, stunConvertedToPhysical: 1, stunLost: 0 });
    expect(one.steps).toEqual([
      monitorsOf44,
      seed('1 Stun box taken: 11 Stun in all.'),
      book('The Stun track is full; the 1 extra Stun box overflows into Physical box for box.'),
      seed('Physical damage now 1 against a track of 10.'),
      seed('The Stun track is full: the character is knocked out.'),
      explainWoundModifier(1, 10),
    ]);
    expect(applyDamage({ ...base, stun: 9, incomingStun: 4 }, '1:1').steps[2]).toEqual(
      book('The Stun track is full; the 3 extra Stun boxes overflow into Physical box for box.'),
    );
  });

  it('2:1 overflow: full pairs only, the odd box lost and said so (default)', () => {
    const odd = applyDamage({ ...base, stun: 9, incomingStun: 4 }, '2:1');
    expect(odd).toMatchObject({ physical: 1, stunConvertedToPhysical: 1, stunLost: 1 });
    expect(odd.steps[2]).toEqual(
      byDefault(
        'The Stun track is full; 3 extra Stun boxes become 1 Physical box (one per full pair, the odd box is lost).',
      ),
    );
    const even = applyDamage({ ...base, stun: 10, incomingStun: 4 }, '2:1');
    expect(even).toMatchObject({ physical: 2, stunConvertedToPhysical: 2, stunLost: 0 });
    expect(even.steps[2]).toEqual(
      byDefault('The Stun track is full; 4 extra Stun boxes become 2 Physical boxes (one per full pair).'),
    );
  });

  it('a single extra Stun box under 2:1 becomes nothing, so no Physical step', () => {
    const result = applyDamage({ ...base, stun: 10, incomingStun: 1 }, '2:1');
    expect(result).toMatchObject({ physical: 0, stunConvertedToPhysical: 0, stunLost: 1, state: 'unconscious' });
    expect(result.steps).toEqual([
      monitorsOf44,
      seed('1 Stun box taken: 11 Stun in all.'),
      byDefault(
        'The Stun track is full; 1 extra Stun box become 0 Physical boxes (one per full pair, the odd box is lost).',
      ),
      seed('The Stun track is full: the character is knocked out.'),
      explainWoundModifier(0, 10),
    ]);
  });

  it('Physical exactly filling the track: dying with no overflow mentioned', () => {
    const result = applyDamage({ ...base, physical: 8, incomingPhysical: 2 }, '1:1');
    expect(result).toMatchObject({ physical: 10, overflow: 0, state: 'dying' });
    expect(result.steps).toEqual([
      monitorsOf44,
      seed('Physical damage now 10 against a track of 10.'),
      seed('The Physical track is full: the character is dying.'),
      explainWoundModifier(10, 0),
    ]);
  });

  it('one box short of the Physical track is still up', () => {
    const result = applyDamage({ ...base, physical: 8, incomingPhysical: 1 }, '1:1');
    expect(result).toMatchObject({ physical: 9, state: 'ok' });
    expect(result.steps.at(-2)).toEqual(seed('Neither track is full: the character is still up.'));
  });

  it('overflow up to Body: dying, with the overflow named', () => {
    const result = applyDamage({ ...base, physical: 9, incomingPhysical: 5 }, '1:1');
    expect(result).toMatchObject({ physical: 10, overflow: 4, state: 'dying' });
    expect(result.steps.slice(1)).toEqual([
      seed('Physical damage now 14 against a track of 10.'),
      seed('The Physical track is full with 4 overflow (at most Body 4): the character is dying.'),
      explainWoundModifier(10, 0),
    ]);
  });

  it('overflow past Body: dead, even with a full Stun track', () => {
    const result = applyDamage({ ...base, physical: 9, stun: 10, incomingPhysical: 6 }, '1:1');
    expect(result).toMatchObject({ physical: 10, stun: 10, overflow: 5, state: 'dead', woundModifier: -6 });
    expect(result.steps.slice(1)).toEqual([
      seed('Physical damage now 15 against a track of 10.'),
      seed('Overflow of 5 is more than Body 4: the character is dead.'),
      explainWoundModifier(10, 10),
    ]);
  });

  it('a full Physical track outranks a full Stun track', () => {
    expect(applyDamage({ ...base, physical: 10, stun: 10 }, '1:1').state).toBe('dying');
  });

  it('boxes already past the track count as overflow without new damage', () => {
    const result = applyDamage({ ...base, physical: 12 }, '1:1');
    expect(result).toMatchObject({ physical: 10, overflow: 2, state: 'dying' });
    expect(result.steps).toEqual([
      monitorsOf44,
      seed('The Physical track is full with 2 overflow (at most Body 4): the character is dying.'),
      explainWoundModifier(10, 0),
    ]);
  });

  it('uses each character’s own Body and Willpower', () => {
    const result = applyDamage({ body: 7, willpower: 2, physical: 0, stun: 0, incomingStun: 10 }, '1:1');
    expect(result).toMatchObject({ monitors: { physical: 12, stun: 9 }, stun: 9, physical: 1 });
    expect(result.steps[0]).toEqual(
      book('Condition monitors: Physical 12 boxes (8 + ⌈Body 7/2⌉), Stun 9 boxes (8 + ⌈Willpower 2/2⌉).'),
    );
  });

  it('names each bad input', () => {
    for (const apply of [applyDamage, conditionAfterDamage]) {
      expect(messageOf(() => apply({ ...base, physical: 201 }, '1:1'))).toBe(
        'Physical boxes must be between 0 and 200, got 201.',
      );
      expect(messageOf(() => apply({ ...base, stun: -1 }, '1:1'))).toBe(
        'Stun boxes must be between 0 and 200, got -1.',
      );
      expect(messageOf(() => apply({ ...base, incomingPhysical: -2 }, '1:1'))).toBe(
        'Incoming Physical damage must be between 0 and 200, got -2.',
      );
      expect(messageOf(() => apply({ ...base, incomingStun: 201 }, '1:1'))).toBe(
        'Incoming Stun damage must be between 0 and 200, got 201.',
      );
      expect(messageOf(() => apply({ ...base, willpower: 0 }, '1:1'))).toBe(
        'Willpower must be between 1 and 20, got 0.',
      );
    }
    expect(
      applyDamage({ ...base, physical: 200, stun: 200, incomingPhysical: 200, incomingStun: 200 }, '1:1'),
    ).toMatchObject({
      overflow: 780,
      state: 'dead',
    });
  });
});
