import { describe, expect, it } from 'vitest';
import { RulesError } from '../../errors';
import type { ExplainStep } from '../../system-kit/rule-system';
import { knocksDown, opposedTest, pickArmor, resolveAttack, type AttackInput } from './combat';
import { evaluateTest } from './tests';

/** Every step of each resolveAttack branch, asserted whole: sentence, seed heading and source. */
const rules = { glitch: 'sr4', stunWhenEqual: true } as const;
const seed = (text: string, section: string): ExplainStep => ({ text, rule: { section, source: 'seed' } });
const book = (text: string, section: string): ExplainStep => ({ text, rule: { section, source: 'book' } });
const byDefault = (text: string, section: string): ExplainStep => ({ text, rule: { section, source: 'default' } });
const RESOLVING = 'Resolving an Attack';
const FLOW = 'Combat resolution flow';
const TURN = 'The Combat Turn';

function rulesError(run: () => unknown): RulesError {
  try {
    run();
  } catch (error) {
    if (error instanceof RulesError) return error;
    throw error;
  }
  throw new Error('expected a RulesError');
}

describe('knocksDown (book: boxes exceed Body or reach 10)', () => {
  it('knocks down above Body, not at Body', () => {
    expect(knocksDown(5, 4)).toBe(true);
    expect(knocksDown(4, 4)).toBe(false);
  });

  it('knocks down at exactly 10 boxes even when Body is higher', () => {
    expect(knocksDown(10, 12)).toBe(true);
    expect(knocksDown(9, 12)).toBe(false);
  });
});

describe('pickArmor', () => {
  it('passes a single rating through, whatever the type', () => {
    expect(pickArmor(5, undefined)).toBe(5);
    expect(pickArmor(5, 'impact')).toBe(5);
  });

  it('asks the GM to choose when both ratings are given', () => {
    const error = rulesError(() => pickArmor({ ballistic: 6, impact: 4 }, undefined));
    expect(error.code).toBe('invalid-input');
    expect(error.message).toBe('Choose Ballistic or Impact armour for this attack.');
  });
});

describe('opposedTest explanation', () => {
  it('names hits and net hits on a hit, singular and plural', () => {
    expect(opposedTest([6, 5, 2], [5], 'sr4').steps).toEqual([
      seed('Attacker 2 hits against defender 1 hit: the attack hits with 1 net hit.', RESOLVING),
    ]);
    expect(opposedTest([5], [], 'sr4').steps).toEqual([
      seed('Attacker 1 hit against defender 0 hits: the attack hits with 1 net hit.', RESOLVING),
    ]);
    expect(opposedTest([6, 6, 6], [2], 'sr4')).toMatchObject({ hit: true, netHits: 3 });
  });

  it('explains a tie and a plain miss differently', () => {
    expect(opposedTest([5], [6], 'sr4').steps).toEqual([
      seed('Attacker and defender both score 1 hit: ties favour the defender, the attack misses.', RESOLVING),
    ]);
    const miss = opposedTest([5, 2], [6, 6], 'sr4');
    expect(miss).toMatchObject({ hit: false, netHits: 0 });
    expect(miss.steps).toEqual([seed('Attacker 1 hit against defender 2 hits: the attack misses.', RESOLVING)]);
  });

  it('adds a step for each side that glitches or critically glitches', () => {
    // Attacker [1, 1, 5]: 2 ones of 3 with a hit (glitch); defender [1, 1]: no hits (critical glitch).
    expect(opposedTest([1, 1, 5], [1, 1], 'sr4').steps).toEqual([
      seed('Attacker 1 hit against defender 0 hits: the attack hits with 1 net hit.', RESOLVING),
      book('The attacker glitches.', TURN),
      book('The defender critically glitches.', TURN),
    ]);
    expect(opposedTest([1, 1], [1, 1, 5], 'sr4').steps).toEqual([
      seed('Attacker 0 hits against defender 1 hit: the attack misses.', RESOLVING),
      book('The attacker critically glitches.', TURN),
      book('The defender glitches.', TURN),
    ]);
  });

  it('judges glitches by the chosen rule (two 1s of four: SR4 glitch, SR5 not)', () => {
    expect(opposedTest([1, 1, 5, 5], [], 'sr4').steps).toHaveLength(2);
    expect(opposedTest([1, 1, 5, 5], [], 'sr5').steps).toHaveLength(1);
  });
});

describe('resolveAttack explanation, step by step', () => {
  it('hit, Ballistic armour, Physical kept, resisted, knocked down above Body', () => {
    const input: AttackInput = {
      attackDice: [6, 6, 5, 5, 1],
      defenseDice: [5, 2, 2],
      dv: 6,
      damageType: 'P',
      ap: -2,
      armor: { ballistic: 9, impact: 2 },
      armorType: 'ballistic',
      body: 3,
      resistDice: [5, 6, 1, 2, 3, 4, 5, 2, 2, 2],
    };
    const result = resolveAttack(input, rules);
    expect(result).toEqual({
      hit: true,
      netHits: 3,
      attackHits: 4,
      defenseHits: 1,
      modifiedDv: 9,
      damageType: 'P',
      armorAfterAp: 7,
      resistPool: 10,
      resistHits: 3,
      boxes: 6,
      knockdown: true,
      attack: evaluateTest(input.attackDice, 'sr4'),
      defense: evaluateTest(input.defenseDice, 'sr4'),
      resist: evaluateTest(input.resistDice!, 'sr4'),
      steps: [
        seed('Attacker 4 hits against defender 1 hit: the attack hits with 3 net hits.', RESOLVING),
        seed('Modified DV = base 6 + 3 net hits = 9.', RESOLVING),
        seed('Ballistic armour 9 with AP −2 = 7.', RESOLVING),
        book('Modified DV 9 exceeds armour 7: the damage stays Physical.', RESOLVING),
        seed('The target resists with Body 3 + armour 7 = 10 dice.', RESOLVING),
        seed('Damage Resistance: 3 hits each cut the DV by 1: 6 boxes of Physical damage.', RESOLVING),
        book('6 boxes exceed Body 3: the target is knocked down.', FLOW),
      ],
    });
  });

  it('Impact armour equal to the DV turns Physical into Stun (book, toggle on)', () => {
    const result = resolveAttack(
      {
        attackDice: [5],
        defenseDice: [],
        dv: 5,
        damageType: 'P',
        ap: 0,
        armor: { ballistic: 1, impact: 6 },
        armorType: 'impact',
        body: 4,
        resistDice: [5, 2],
      },
      rules,
    );
    expect(result).toMatchObject({ modifiedDv: 6, damageType: 'S', armorAfterAp: 6, boxes: 5, knockdown: true });
    expect(result.steps.slice(1)).toEqual([
      seed('Modified DV = base 5 + 1 net hit = 6.', RESOLVING),
      seed('Impact armour 6 with AP 0 = 6.', RESOLVING),
      book('Modified DV 6 does not exceed armour 6: the Physical damage becomes Stun.', RESOLVING),
      seed('The target resists with Body 4 + armour 6 = 10 dice.', RESOLVING),
      seed('Damage Resistance: 1 hit each cut the DV by 1: 5 boxes of Stun damage.', RESOLVING),
      book('5 boxes exceed Body 4: the target is knocked down.', FLOW),
    ]);
  });

  it('with stunWhenEqual off, DV equal to armour stays Physical and DV below it becomes Stun (default)', () => {
    const off = { glitch: 'sr4', stunWhenEqual: false } as const;
    const equal = resolveAttack({ attackDice: [5], defenseDice: [], dv: 5, damageType: 'P', ap: 0, armor: 6 }, off);
    expect(equal.damageType).toBe('P');
    expect(equal.steps[3]).toEqual(
      byDefault('Modified DV 6 is not below armour 6: the damage stays Physical.', RESOLVING),
    );
    const below = resolveAttack({ attackDice: [5], defenseDice: [], dv: 4, damageType: 'P', ap: 0, armor: 6 }, off);
    expect(below.damageType).toBe('S');
    expect(below.steps[3]).toEqual(
      byDefault('Modified DV 5 is below armour 6: the Physical damage becomes Stun.', RESOLVING),
    );
  });

  it('a Stun weapon says so, and no Body means no pool, no knockdown', () => {
    const result = resolveAttack(
      { attackDice: [5, 5], defenseDice: [6], dv: 3, damageType: 'S', ap: 0, armor: 1, resistDice: [1, 2] },
      rules,
    );
    expect(result).toMatchObject({ damageType: 'S', resistPool: null, resistHits: 0, boxes: 4, knockdown: null });
    expect(result.steps.slice(1)).toEqual([
      seed('Modified DV = base 3 + 1 net hit = 4.', RESOLVING),
      seed('Armour 1 with AP 0 = 1.', RESOLVING),
      seed('The attack deals Stun damage.', 'Damage'),
      seed('Damage Resistance: 0 hits each cut the DV by 1: 4 boxes of Stun damage.', RESOLVING),
    ]);
  });

  it('armour after AP: never below 0 is said only when AP would push it under', () => {
    const attack = { attackDice: [5], defenseDice: [], dv: 0, damageType: 'P', armor: 3 } as const;
    expect(resolveAttack({ ...attack, ap: -5 }, rules).steps[2]).toEqual(
      seed('Armour 3 with AP −5 = 0 (never below 0).', RESOLVING),
    );
    expect(resolveAttack({ ...attack, ap: -3 }, rules).steps[2]).toEqual(seed('Armour 3 with AP −3 = 0.', RESOLVING));
    expect(resolveAttack({ ...attack, ap: 5 }, rules).steps[2]).toEqual(seed('Armour 3 with AP +5 = 8.', RESOLVING));
  });

  it('without resistance dice the boxes are the modified DV and knockdown is left open', () => {
    const result = resolveAttack(
      { attackDice: [5], defenseDice: [], dv: 0, damageType: 'P', ap: 0, armor: 0, body: 2 },
      rules,
    );
    expect(result).toMatchObject({ boxes: 1, resistPool: 2, resistHits: null, resist: null, knockdown: null });
    expect(result.steps.slice(3)).toEqual([
      book('Modified DV 1 exceeds armour 0: the damage stays Physical.', RESOLVING),
      seed('The target resists with Body 2 + armour 0 = 2 dice.', RESOLVING),
      seed('No resistance roll given: 1 box before resistance.', RESOLVING),
    ]);
  });

  it('resistance never takes the boxes below 0, and boxes at Body do not knock down', () => {
    const none = resolveAttack(
      { attackDice: [5], defenseDice: [], dv: 0, damageType: 'P', ap: 0, armor: 0, body: 1, resistDice: [5, 5] },
      rules,
    );
    expect(none).toMatchObject({ resistPool: 1, boxes: 0, knockdown: false });
    expect(none.steps.slice(4)).toEqual([
      seed('The target resists with Body 1 + armour 0 = 1 die.', RESOLVING),
      seed('Damage Resistance: 2 hits each cut the DV by 1: 0 boxes of Physical damage.', RESOLVING),
      book('0 boxes neither exceed Body 1 nor reach 10: no knockdown.', FLOW),
    ]);
    const atBody = resolveAttack(
      { attackDice: [5], defenseDice: [], dv: 3, damageType: 'P', ap: 0, armor: 0, body: 4, resistDice: [2] },
      rules,
    );
    expect(atBody).toMatchObject({ boxes: 4, knockdown: false });
    expect(atBody.steps.at(-1)).toEqual(book('4 boxes neither exceed Body 4 nor reach 10: no knockdown.', FLOW));
  });

  it('exactly 10 boxes knock down even a Body-12 target ("reach 10"), 9 do not', () => {
    const attack = { attackDice: [5], defenseDice: [], damageType: 'P', ap: 0, armor: 0, body: 12 } as const;
    const ten = resolveAttack({ ...attack, dv: 9, resistDice: [1] }, rules);
    expect(ten).toMatchObject({ boxes: 10, knockdown: true });
    expect(ten.steps.at(-1)).toEqual(book('10 boxes reach 10: the target is knocked down.', FLOW));
    const nine = resolveAttack({ ...attack, dv: 8, resistDice: [1] }, rules);
    expect(nine).toMatchObject({ boxes: 9, knockdown: false });
    expect(nine.steps.at(-1)).toEqual(book('9 boxes neither exceed Body 12 nor reach 10: no knockdown.', FLOW));
  });

  it('past both Body and 10, the sentence names reaching 10', () => {
    const result = resolveAttack(
      { attackDice: [5], defenseDice: [], dv: 10, damageType: 'P', ap: 0, armor: 0, body: 3, resistDice: [2] },
      rules,
    );
    expect(result.steps.at(-1)).toEqual(book('11 boxes reach 10: the target is knocked down.', FLOW));
  });

  it('a miss: no damage, the weapon type kept, the pool still sized, everything else empty', () => {
    const input: AttackInput = {
      attackDice: [5, 2],
      defenseDice: [6],
      dv: 8,
      damageType: 'S',
      ap: -1,
      armor: 4,
      body: 5,
      resistDice: [6, 6],
    };
    expect(resolveAttack(input, rules)).toEqual({
      hit: false,
      netHits: 0,
      attackHits: 1,
      defenseHits: 1,
      modifiedDv: 8,
      damageType: 'S',
      armorAfterAp: 3,
      resistPool: 8,
      resistHits: null,
      boxes: 0,
      knockdown: null,
      attack: evaluateTest([5, 2], 'sr4'),
      defense: evaluateTest([6], 'sr4'),
      resist: null,
      steps: [
        seed('Attacker and defender both score 1 hit: ties favour the defender, the attack misses.', RESOLVING),
        seed('A miss deals no damage; there is nothing to resist.', RESOLVING),
      ],
    });
    expect(resolveAttack({ ...input, body: undefined, resistDice: undefined }, rules).resistPool).toBeNull();
  });

  it('passes the glitch rule on to every roll', () => {
    const input = {
      attackDice: [1, 1, 5, 5],
      defenseDice: [],
      dv: 2,
      damageType: 'P',
      ap: 0,
      armor: 0,
      resistDice: [1, 1, 2, 2],
    } as const;
    const sr4 = resolveAttack(input, rules);
    expect([sr4.attack.glitch, sr4.resist?.glitch]).toEqual([true, true]);
    const sr5 = resolveAttack(input, { glitch: 'sr5', stunWhenEqual: true });
    expect([sr5.attack.glitch, sr5.resist?.glitch]).toEqual([false, false]);
  });
});

describe('resolveAttack sentences, singular and plural', () => {
  it('a tie on several hits, and on none', () => {
    expect(opposedTest([5, 6], [6, 5], 'sr4').steps).toEqual([
      seed('Attacker and defender both score 2 hits: ties favour the defender, the attack misses.', RESOLVING),
    ]);
    expect(opposedTest([2], [3], 'sr4').steps).toEqual([
      seed('Attacker and defender both score 0 hits: ties favour the defender, the attack misses.', RESOLVING),
    ]);
  });

  it('one box after resistance, one box at Body 1, several boxes unresisted', () => {
    const one = resolveAttack(
      { attackDice: [5], defenseDice: [], dv: 1, damageType: 'P', ap: 0, armor: 0, body: 1, resistDice: [6] },
      rules,
    );
    expect(one.steps.slice(-2)).toEqual([
      seed('Damage Resistance: 1 hit each cut the DV by 1: 1 box of Physical damage.', RESOLVING),
      book('1 box neither exceed Body 1 nor reach 10: no knockdown.', FLOW),
    ]);
    const unresisted = resolveAttack(
      { attackDice: [5, 5], defenseDice: [], dv: 1, damageType: 'P', ap: 0, armor: 0 },
      rules,
    );
    expect(unresisted.steps.at(-1)).toEqual(seed('No resistance roll given: 3 boxes before resistance.', RESOLVING));
  });
});

describe('resolveAttack input checks, with their sentences', () => {
  const ok = { attackDice: [5], defenseDice: [1], dv: 4, damageType: 'P', ap: 0, armor: 3 } as const;
  const message = (input: AttackInput) => rulesError(() => resolveAttack(input, rules)).message;

  it('accepts the edges of every range', () => {
    expect(resolveAttack({ ...ok, dv: 0 }, rules).modifiedDv).toBe(1);
    expect(resolveAttack({ ...ok, dv: 100 }, rules).modifiedDv).toBe(101);
    expect(resolveAttack({ ...ok, armor: 100, ap: 50 }, rules).armorAfterAp).toBe(150);
    expect(resolveAttack({ ...ok, armor: 0, ap: -50 }, rules).armorAfterAp).toBe(0);
    expect(resolveAttack({ ...ok, body: 1 }, rules).resistPool).toBe(4);
    expect(resolveAttack({ ...ok, body: 20 }, rules).resistPool).toBe(23);
  });

  it('names what is out of range', () => {
    expect(message({ ...ok, dv: 101 })).toBe('DV must be between 0 and 100, got 101.');
    expect(message({ ...ok, dv: -1 })).toBe('DV must be between 0 and 100, got -1.');
    expect(message({ ...ok, armor: 101 })).toBe('Armor must be between 0 and 100, got 101.');
    expect(message({ ...ok, ap: 51 })).toBe('Armor Penetration must be between -50 and 50, got 51.');
    expect(message({ ...ok, ap: -51 })).toBe('Armor Penetration must be between -50 and 50, got -51.');
    expect(message({ ...ok, body: 0 })).toBe('Body must be between 1 and 20, got 0.');
    expect(message({ ...ok, body: 21 })).toBe('Body must be between 1 and 20, got 21.');
  });

  it('names a bad damage type and which dice hold a bad face', () => {
    expect(message({ ...ok, damageType: 'X' as 'P' })).toBe('Damage type must be "P" (Physical) or "S" (Stun).');
    expect(rulesError(() => resolveAttack({ ...ok, damageType: 'X' as 'P' }, rules)).code).toBe('invalid-input');
    expect(message({ ...ok, attackDice: [9] })).toBe('attackDice[0] is 9, which is not a face of a d6 (1–6).');
    expect(message({ ...ok, defenseDice: [0] })).toBe('defenseDice[0] is 0, which is not a face of a d6 (1–6).');
    expect(message({ ...ok, resistDice: [7] })).toBe('resistDice[0] is 7, which is not a face of a d6 (1–6).');
  });

  it('checks the resistance dice on a miss too', () => {
    expect(message({ ...ok, attackDice: [1], resistDice: [7] })).toBe(
      'resistDice[0] is 7, which is not a face of a d6 (1–6).',
    );
  });

  it('asks for an armour type when both ratings are given', () => {
    expect(message({ ...ok, armor: { ballistic: 2, impact: 3 } })).toBe(
      'Choose Ballistic or Impact armour for this attack.',
    );
  });
});
