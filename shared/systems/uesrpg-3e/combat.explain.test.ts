import { describe, expect, it } from 'vitest';
import { RulesError } from '../../errors';
import { resolveCombat } from './combat';
import { resolveTest } from './d100';
import { RULES } from './sections';

// The combat roll (seed "The combat roll", Steps 1–4), every branch with its explanation
// asserted word for word and its citation.

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

const attackStep = (text: string) => ({ text, rule: RULES.attack });
const defendStep = (text: string) => ({ text, rule: RULES.defend });
const compareStep = (text: string) => ({ text, rule: RULES.compare });
const resolveStep = (text: string) => ({ text, rule: RULES.resolve });
const areaStep = (text: string) => ({ text, rule: RULES.areaOfEffect });
const NOTHING_RESOLVES = compareStep('Nothing resolves: the attack misses.');

describe('combat roll: no defence, unaware, out of AP', () => {
  it('no defence: a failed defence roll, the attack hits at the ones digit', () => {
    expect(resolveCombat({ tn: 60, roll: 48 }, { type: 'none' })).toEqual({
      outcome: 'hit',
      winner: 'attacker',
      advantages: 0,
      advantageTo: null,
      location: 'right-arm',
      attack: resolveTest({ tn: 60, roll: 48 }),
      defense: null,
      effectiveDefense: 'none',
      steps: [
        attackStep('Attack (melee attack): rolled 48 against TN 60 → success, 4 DoS.'),
        defendStep('No defence: it counts as a failed defence roll.'),
        compareStep('The attack succeeds and the defender does not defend: the attacker wins.'),
        resolveStep("The attack hits. Ones digit of 48 → Right Arm. Roll damage, subtract that location's AR."),
      ],
    });
  });

  it('no defence and a failed attack: the attack fails, nothing resolves', () => {
    expect(resolveCombat({ tn: 30, roll: 45 }, { type: 'none' })).toEqual({
      outcome: 'miss',
      winner: null,
      advantages: 0,
      advantageTo: null,
      attack: resolveTest({ tn: 30, roll: 45 }),
      defense: null,
      effectiveDefense: 'none',
      steps: [
        attackStep('Attack (melee attack): rolled 45 against TN 30 → failure, 2 DoF.'),
        defendStep('No defence: it counts as a failed defence roll.'),
        compareStep('The attack fails.'),
        NOTHING_RESOLVES,
      ],
    });
  });

  it('an unaware defender cannot defend: the chosen defence is not rolled', () => {
    expect(resolveCombat({ tn: 50, roll: 43 }, { type: 'evade', tn: 80, roll: 10, aware: false })).toMatchObject({
      outcome: 'hit',
      winner: 'attacker',
      defense: null,
      effectiveDefense: 'none',
      location: 'body',
      steps: [
        attackStep('Attack (melee attack): rolled 43 against TN 50 → success, 4 DoS.'),
        defendStep('The defender is unaware of the attack and cannot defend: a failed defence.'),
        compareStep('The attack succeeds and the defender does not defend: the attacker wins.'),
        resolveStep("The attack hits. Ones digit of 43 → Body. Roll damage, subtract that location's AR."),
      ],
    });
  });

  it('a defender with 0 AP fails the defence automatically (seed: Multiple opponents)', () => {
    const result = resolveCombat({ tn: 50, roll: 43 }, { type: 'parry', tn: 80, roll: 10, ap: 0 });
    expect(result).toMatchObject({ outcome: 'hit', defense: null, effectiveDefense: 'none' });
    expect(result.steps).toHaveLength(4);
    expect(result.steps[1]).toEqual({
      text: 'The defender has no AP left, so the defence fails automatically.',
      rule: RULES.multipleOpponents,
    });
  });

  it('no defence chosen: awareness and AP are not looked at', () => {
    expect(resolveCombat({ tn: 50, roll: 43 }, { type: 'none', aware: false, ap: 0 }).steps).toEqual([
      attackStep('Attack (melee attack): rolled 43 against TN 50 → success, 4 DoS.'),
      defendStep('No defence: it counts as a failed defence roll.'),
      compareStep('The attack succeeds and the defender does not defend: the attacker wins.'),
      resolveStep("The attack hits. Ones digit of 43 → Body. Roll damage, subtract that location's AR."),
    ]);
  });

  it('an aware defender with AP left rolls the defence', () => {
    for (const defender of [
      { aware: true, ap: 1 },
      { aware: undefined, ap: undefined },
    ]) {
      const result = resolveCombat({ tn: 50, roll: 43 }, { type: 'evade', tn: 80, roll: 70, ...defender });
      expect(result).toMatchObject({ outcome: 'miss', winner: 'defender', effectiveDefense: 'evade' });
      expect(result.defense).toEqual(resolveTest({ tn: 80, roll: 70 }));
    }
  });

  it('refuses an AP count out of range and a defence without its roll', () => {
    expect(
      rulesErrorOf(() => resolveCombat({ tn: 50, roll: 43 }, { type: 'evade', tn: 50, roll: 5, ap: 100 })),
    ).toEqual({
      code: 'out-of-range',
      message: 'defense.ap must be between 0 and 99, got 100.',
    });
    expect(resolveCombat({ tn: 50, roll: 43 }, { type: 'evade', tn: 50, roll: 70, ap: 99 }).effectiveDefense).toBe(
      'evade',
    );
    expect(rulesErrorOf(() => resolveCombat({ tn: 50, roll: 43 }, { type: 'parry', tn: 50 }))).toEqual({
      code: 'invalid-input',
      message: 'A parry defence needs its own tn and roll.',
    });
    expect(rulesErrorOf(() => resolveCombat({ tn: 50, roll: 43 }, { type: 'block', roll: 20 })).message).toBe(
      'A block defence needs its own tn and roll.',
    );
  });
});

describe('combat roll: both succeed', () => {
  it('evade: the attacker with more DoS hits', () => {
    expect(resolveCombat({ tn: 70, roll: 56 }, { type: 'evade', tn: 50, roll: 31 })).toEqual({
      outcome: 'hit',
      winner: 'attacker',
      advantages: 0,
      advantageTo: null,
      location: 'right-leg',
      attack: resolveTest({ tn: 70, roll: 56 }),
      defense: resolveTest({ tn: 50, roll: 31 }),
      effectiveDefense: 'evade',
      steps: [
        attackStep('Attack (melee attack): rolled 56 against TN 70 → success, 5 DoS.'),
        defendStep('Defence (evade): rolled 31 against TN 50 → success, 3 DoS.'),
        compareStep('Both succeed: attacker 5 DoS against defender 3 DoS; the attacker has more and wins.'),
        resolveStep("The attack hits. Ones digit of 56 → Right Leg. Roll damage, subtract that location's AR."),
      ],
    });
  });

  it('evade: equal DoS is not enough, the defender evades', () => {
    expect(resolveCombat({ tn: 70, roll: 45 }, { type: 'evade', tn: 50, roll: 41 })).toEqual({
      outcome: 'miss',
      winner: 'defender',
      advantages: 0,
      advantageTo: null,
      attack: resolveTest({ tn: 70, roll: 45 }),
      defense: resolveTest({ tn: 50, roll: 41 }),
      effectiveDefense: 'evade',
      steps: [
        attackStep('Attack (melee attack): rolled 45 against TN 70 → success, 4 DoS.'),
        defendStep('Defence (evade): rolled 41 against TN 50 → success, 4 DoS.'),
        compareStep(
          'Both succeed: attacker 4 DoS against defender 4 DoS; the attacker needs more than the defender, so the defender wins.',
        ),
        resolveStep('Evaded: the attack is negated and the defender may move 1 m freely (no attack of opportunity).'),
      ],
    });
  });

  it('parry: more DoS for the defender negates the attack', () => {
    expect(resolveCombat({ tn: 70, roll: 25 }, { type: 'parry', tn: 50, roll: 41 }).steps.slice(1)).toEqual([
      defendStep('Defence (parry): rolled 41 against TN 50 → success, 4 DoS.'),
      compareStep(
        'Both succeed: attacker 2 DoS against defender 4 DoS; the attacker needs more than the defender, so the defender wins.',
      ),
      resolveStep('Parried: the attack is negated entirely.'),
    ]);
  });

  it('block: always stops a normal success, whatever the DoS', () => {
    expect(resolveCombat({ tn: 90, roll: 89 }, { type: 'block', tn: 50, roll: 12 })).toEqual({
      outcome: 'blocked',
      winner: 'defender',
      advantages: 0,
      advantageTo: null,
      attack: resolveTest({ tn: 90, roll: 89 }),
      defense: resolveTest({ tn: 50, roll: 12 }),
      effectiveDefense: 'block',
      steps: [
        attackStep('Attack (melee attack): rolled 89 against TN 90 → success, 8 DoS.'),
        defendStep('Defence (block): rolled 12 against TN 50 → success, 1 DoS.'),
        compareStep('Both succeed and the defender blocks: a successful Block always stops an attack that would land.'),
        resolveStep(
          "Blocked: roll the attack's damage; if it exceeds the shield's BR the full damage goes to the shield arm, otherwise none.",
        ),
      ],
    });
  });

  it('counter-attack: the counter-attacker with more DoS hits at the ones digit of their roll', () => {
    expect(resolveCombat({ tn: 50, roll: 21 }, { type: 'counter', tn: 70, roll: 68 })).toEqual({
      outcome: 'counter',
      winner: 'defender',
      advantages: 0,
      advantageTo: null,
      location: 'right-arm',
      attack: resolveTest({ tn: 50, roll: 21 }),
      defense: resolveTest({ tn: 70, roll: 68 }),
      effectiveDefense: 'counter',
      steps: [
        attackStep('Attack (melee attack): rolled 21 against TN 50 → success, 2 DoS.'),
        defendStep('Defence (counter-attack): rolled 68 against TN 70 → success, 6 DoS.'),
        compareStep('Both succeed: attacker 2 DoS against defender 6 DoS; the counter-attacker has more and wins.'),
        resolveStep("The counter-attack hits the attacker. Ones digit of the counter-attacker's 68 → Right Arm."),
      ],
    });
  });

  it('counter-attack: equal DoS, nothing happens', () => {
    expect(resolveCombat({ tn: 50, roll: 34 }, { type: 'counter', tn: 50, roll: 39 })).toMatchObject({
      outcome: 'miss',
      winner: null,
      steps: [
        attackStep('Attack (melee attack): rolled 34 against TN 50 → success, 3 DoS.'),
        defendStep('Defence (counter-attack): rolled 39 against TN 50 → success, 3 DoS.'),
        compareStep('Both succeed with equal degrees of success (3) on a counter-attack: nothing happens.'),
        NOTHING_RESOLVES,
      ],
    });
  });

  it('counter-attack: the attacker with more DoS hits', () => {
    expect(resolveCombat({ tn: 50, roll: 45 }, { type: 'counter', tn: 50, roll: 21 })).toMatchObject({
      outcome: 'hit',
      winner: 'attacker',
      location: 'body',
      steps: [
        attackStep('Attack (melee attack): rolled 45 against TN 50 → success, 4 DoS.'),
        defendStep('Defence (counter-attack): rolled 21 against TN 50 → success, 2 DoS.'),
        compareStep('Both succeed: attacker 4 DoS against defender 2 DoS; the attacker has more and wins.'),
        resolveStep("The attack hits. Ones digit of 45 → Body. Roll damage, subtract that location's AR."),
      ],
    });
  });
});

describe('combat roll: one side fails', () => {
  it('a successful attack against a failed defence hits', () => {
    expect(resolveCombat({ tn: 60, roll: 35 }, { type: 'block', tn: 40, roll: 65 })).toMatchObject({
      outcome: 'hit',
      winner: 'attacker',
      advantages: 0,
      location: 'body',
      steps: [
        attackStep('Attack (melee attack): rolled 35 against TN 60 → success, 3 DoS.'),
        defendStep('Defence (block): rolled 65 against TN 40 → failure, 3 DoF.'),
        compareStep('The attack succeeds and the defence fails: the attacker wins.'),
        resolveStep("The attack hits. Ones digit of 35 → Body. Roll damage, subtract that location's AR."),
      ],
    });
  });

  it('a failed attack against a successful Block misses: nothing reaches the shield', () => {
    expect(resolveCombat({ tn: 40, roll: 55 }, { type: 'block', tn: 60, roll: 20 })).toMatchObject({
      outcome: 'miss',
      winner: 'defender',
      steps: [
        attackStep('Attack (melee attack): rolled 55 against TN 40 → failure, 2 DoF.'),
        defendStep('Defence (block): rolled 20 against TN 60 → success, 2 DoS.'),
        compareStep('The attack fails and the defence succeeds: the defender wins.'),
        resolveStep('The attack fails and misses.'),
      ],
    });
  });

  it('a failed attack against a successful Parry is parried', () => {
    expect(resolveCombat({ tn: 40, roll: 55 }, { type: 'parry', tn: 60, roll: 20 }).steps.slice(2)).toEqual([
      compareStep('The attack fails and the defence succeeds: the defender wins.'),
      resolveStep('Parried: the attack is negated entirely.'),
    ]);
  });

  it('a failed attack against a successful counter-attack: the counter-attacker hits (seed Step 2, RULES-NOTES §2)', () => {
    expect(resolveCombat({ tn: 30, roll: 45 }, { type: 'counter', tn: 50, roll: 40 })).toEqual({
      outcome: 'counter',
      winner: 'defender',
      advantages: 0,
      advantageTo: null,
      location: 'head',
      attack: resolveTest({ tn: 30, roll: 45 }),
      defense: resolveTest({ tn: 50, roll: 40 }),
      effectiveDefense: 'counter',
      steps: [
        attackStep('Attack (melee attack): rolled 45 against TN 30 → failure, 2 DoF.'),
        defendStep('Defence (counter-attack): rolled 40 against TN 50 → success, 4 DoS.'),
        compareStep('The attack fails and the defence succeeds: the defender wins.'),
        resolveStep("The counter-attack hits the attacker. Ones digit of the counter-attacker's 40 → Head."),
      ],
    });
  });

  it('both fail against a counter-attack: nothing happens', () => {
    expect(resolveCombat({ tn: 30, roll: 45 }, { type: 'counter', tn: 30, roll: 52 })).toMatchObject({
      outcome: 'miss',
      winner: null,
      steps: [
        attackStep('Attack (melee attack): rolled 45 against TN 30 → failure, 2 DoF.'),
        defendStep('Defence (counter-attack): rolled 52 against TN 30 → failure, 3 DoF.'),
        compareStep('Both sides fail: nothing happens.'),
        NOTHING_RESOLVES,
      ],
    });
  });
});

describe('combat roll: criticals and Advantage', () => {
  it('mutual criticals cancel out', () => {
    expect(resolveCombat({ tn: 50, roll: 3, npc: true }, { type: 'parry', tn: 60, roll: 1, npc: true })).toMatchObject({
      outcome: 'miss',
      winner: null,
      advantages: 0,
      advantageTo: null,
      steps: [
        attackStep('Attack (melee attack): rolled 3 against TN 50 → critical success, 1 DoS.'),
        defendStep('Defence (parry): rolled 1 against TN 60 → critical success, 1 DoS.'),
        compareStep('Both sides critically succeed: the criticals cancel out and nothing happens.'),
        NOTHING_RESOLVES,
      ],
    });
  });

  it('an attacking critical beats a successful defence: 1 Advantage', () => {
    expect(resolveCombat({ tn: 50, roll: 2, npc: true }, { type: 'parry', tn: 60, roll: 55 })).toMatchObject({
      outcome: 'hit',
      winner: 'attacker',
      advantages: 1,
      advantageTo: 'attacker',
      location: 'body',
      steps: [
        attackStep('Attack (melee attack): rolled 2 against TN 50 → critical success, 1 DoS.'),
        defendStep('Defence (parry): rolled 55 against TN 60 → success, 5 DoS.'),
        compareStep('A critical success beats a normal success: the attacker wins.'),
        compareStep('The attacker gains 1 Advantage.'),
        resolveStep("The attack hits. Ones digit of 2 → Body. Roll damage, subtract that location's AR."),
      ],
    });
  });

  it('a critical Block beats a successful attack: 1 Advantage to the defender', () => {
    expect(resolveCombat({ tn: 60, roll: 40 }, { type: 'block', tn: 50, roll: 2, npc: true })).toMatchObject({
      outcome: 'blocked',
      winner: 'defender',
      advantages: 1,
      advantageTo: 'defender',
      steps: [
        attackStep('Attack (melee attack): rolled 40 against TN 60 → success, 4 DoS.'),
        defendStep('Defence (block): rolled 2 against TN 50 → critical success, 1 DoS.'),
        compareStep('A critical success beats a normal success: the defender wins.'),
        compareStep('The defender gains 1 Advantage.'),
        resolveStep(
          "Blocked: roll the attack's damage; if it exceeds the shield's BR the full damage goes to the shield arm, otherwise none.",
        ),
      ],
    });
  });

  it('a critical against a failure: 2 Advantages', () => {
    expect(resolveCombat({ tn: 40, roll: 19, lucky: [19] }, { type: 'parry', tn: 50, roll: 80 })).toMatchObject({
      outcome: 'hit',
      advantages: 2,
      advantageTo: 'attacker',
      location: 'left-arm',
      steps: [
        attackStep('Attack (melee attack): rolled 19 against TN 40 → critical success, 1 DoS.'),
        defendStep('Defence (parry): rolled 80 against TN 50 → failure, 4 DoF.'),
        compareStep('The attack succeeds and the defence fails: the attacker wins.'),
        compareStep('The attacker gains 2 Advantages.'),
        resolveStep("The attack hits. Ones digit of 19 → Left Arm. Roll damage, subtract that location's AR."),
      ],
    });
  });

  it('a success against a critical failure: 2 Advantages', () => {
    expect(resolveCombat({ tn: 60, roll: 36 }, { type: 'evade', tn: 50, roll: 99, npc: true })).toMatchObject({
      outcome: 'hit',
      advantages: 2,
      advantageTo: 'attacker',
      steps: [
        attackStep('Attack (melee attack): rolled 36 against TN 60 → success, 3 DoS.'),
        defendStep('Defence (evade): rolled 99 against TN 50 → critical failure, 5 DoF.'),
        compareStep('The attack succeeds and the defence fails: the attacker wins.'),
        compareStep('The attacker gains 2 Advantages.'),
        resolveStep("The attack hits. Ones digit of 36 → Right Leg. Roll damage, subtract that location's AR."),
      ],
    });
  });

  it('a fumbled attack against a successful counter-attack: the counter-attacker hits with 2 Advantages', () => {
    expect(resolveCombat({ tn: 60, roll: 99, npc: true }, { type: 'counter', tn: 50, roll: 30 })).toMatchObject({
      outcome: 'counter',
      winner: 'defender',
      advantages: 2,
      advantageTo: 'defender',
      location: 'head',
      steps: [
        attackStep('Attack (melee attack): rolled 99 against TN 60 → critical failure, 4 DoF.'),
        defendStep('Defence (counter-attack): rolled 30 against TN 50 → success, 3 DoS.'),
        compareStep('The attack fails and the defence succeeds: the defender wins.'),
        compareStep('The defender gains 2 Advantages.'),
        resolveStep("The counter-attack hits the attacker. Ones digit of the counter-attacker's 30 → Head."),
      ],
    });
  });

  it('a critical Evade against a failed attack: 2 Advantages to the defender', () => {
    expect(resolveCombat({ tn: 30, roll: 45 }, { type: 'evade', tn: 50, roll: 2, npc: true })).toMatchObject({
      outcome: 'miss',
      winner: 'defender',
      advantages: 2,
      advantageTo: 'defender',
    });
  });

  it('the lucky-over-TN toggle reaches both tests', () => {
    const byDefault = resolveCombat(
      { tn: 20, roll: 77, lucky: [77] },
      { type: 'parry', tn: 30, roll: 66, lucky: [66] },
    );
    expect(byDefault.steps.slice(0, 2)).toEqual([
      attackStep('Attack (melee attack): rolled 77 against TN 20 → critical success, 7 DoS.'),
      defendStep('Defence (parry): rolled 66 against TN 30 → critical success, 6 DoS.'),
    ]);
    const one = resolveCombat(
      { tn: 20, roll: 77, lucky: [77] },
      { type: 'parry', tn: 30, roll: 66, lucky: [66] },
      'one',
    );
    expect(one.steps.slice(0, 2)).toEqual([
      attackStep('Attack (melee attack): rolled 77 against TN 20 → critical success, 1 DoS.'),
      defendStep('Defence (parry): rolled 66 against TN 30 → critical success, 1 DoS.'),
    ]);
  });
});

describe('combat roll: ranged attacks and spells never gain Advantage', () => {
  it('a ranged critical against no defence: the Advantage it would gain is refused, with a step', () => {
    expect(resolveCombat({ tn: 50, roll: 1, npc: true, ranged: true }, { type: 'none' })).toMatchObject({
      outcome: 'hit',
      winner: 'attacker',
      advantages: 0,
      advantageTo: null,
      location: 'body',
      steps: [
        attackStep('Attack (ranged attack): rolled 1 against TN 50 → critical success, 1 DoS.'),
        defendStep('No defence: it counts as a failed defence roll.'),
        compareStep('The attack succeeds and the defender does not defend: the attacker wins.'),
        {
          text: 'Ranged attacks and spells cannot gain or use Advantage: no Advantage for either side.',
          rule: RULES.advantage,
        },
        resolveStep("The attack hits. Ones digit of 1 → Body. Roll damage, subtract that location's AR."),
      ],
    });
  });

  it('a critical Evade against a ranged attack gains no Advantage either', () => {
    const result = resolveCombat({ tn: 60, roll: 40, ranged: true }, { type: 'evade', tn: 50, roll: 5, lucky: [5] });
    expect(result).toMatchObject({ outcome: 'miss', winner: 'defender', advantages: 0, advantageTo: null });
    expect(result.steps.slice(2)).toEqual([
      compareStep('A critical success beats a normal success: the defender wins.'),
      {
        text: 'Ranged attacks and spells cannot gain or use Advantage: no Advantage for either side.',
        rule: RULES.advantage,
      },
      resolveStep('Evaded: the attack is negated and the defender may move 1 m freely (no attack of opportunity).'),
    ]);
  });

  it('a spell attack names itself and gains no Advantage', () => {
    const result = resolveCombat({ tn: 70, roll: 2, npc: true, spell: true }, { type: 'evade', tn: 40, roll: 90 });
    expect(result.advantages).toBe(0);
    expect(result.steps[0]).toEqual(
      attackStep('Attack (spell attack): rolled 2 against TN 70 → critical success, 1 DoS.'),
    );
    expect(result.steps[3]).toEqual({
      text: 'Ranged attacks and spells cannot gain or use Advantage: no Advantage for either side.',
      rule: RULES.advantage,
    });
  });

  it('no refusal step when there was no Advantage to refuse', () => {
    expect(resolveCombat({ tn: 60, roll: 40, ranged: true }, { type: 'none' }).steps).toEqual([
      attackStep('Attack (ranged attack): rolled 40 against TN 60 → success, 4 DoS.'),
      defendStep('No defence: it counts as a failed defence roll.'),
      compareStep('The attack succeeds and the defender does not defend: the attacker wins.'),
      resolveStep("The attack hits. Ones digit of 40 → Head. Roll damage, subtract that location's AR."),
    ]);
  });
});

describe('combat roll: area-of-effect attacks', () => {
  it('no defence: hit, resolved against the body at full damage', () => {
    expect(resolveCombat({ tn: 60, roll: 48, area: true }, { type: 'none' })).toEqual({
      outcome: 'hit',
      winner: 'attacker',
      advantages: 0,
      advantageTo: null,
      location: 'body',
      areaDamage: 'full',
      attack: resolveTest({ tn: 60, roll: 48 }),
      defense: null,
      effectiveDefense: 'none',
      steps: [
        attackStep('Attack (area attack): rolled 48 against TN 60 → success, 4 DoS.'),
        defendStep('No defence: it counts as a failed defence roll.'),
        compareStep('The attack succeeds and the defender does not defend: the attacker wins.'),
        areaStep('Area attacks are resolved against the body.'),
      ],
    });
  });

  it('a ranged area attack is described as an area attack', () => {
    expect(resolveCombat({ tn: 60, roll: 48, area: true, ranged: true }, { type: 'none' }).steps[0]).toEqual(
      attackStep('Attack (area attack): rolled 48 against TN 60 → success, 4 DoS.'),
    );
  });

  it('a Block halves the damage and it is resolved against the body', () => {
    expect(resolveCombat({ tn: 60, roll: 30, area: true }, { type: 'block', tn: 50, roll: 20 })).toMatchObject({
      outcome: 'blocked',
      winner: 'defender',
      location: 'body',
      areaDamage: 'half',
      steps: [
        attackStep('Attack (area attack): rolled 30 against TN 60 → success, 3 DoS.'),
        defendStep('Defence (block): rolled 20 against TN 50 → success, 2 DoS.'),
        compareStep('Both succeed and the defender blocks: a successful Block always stops an attack that would land.'),
        areaStep('Blocked area attack: halve the damage (round up) and resolve it against the body.'),
      ],
    });
  });

  it('an Evade that stays inside the area is still hit', () => {
    expect(resolveCombat({ tn: 60, roll: 25, area: true }, { type: 'evade', tn: 60, roll: 50 })).toMatchObject({
      outcome: 'hit',
      winner: 'defender',
      location: 'body',
      areaDamage: 'full',
      steps: [
        attackStep('Attack (area attack): rolled 25 against TN 60 → success, 2 DoS.'),
        defendStep('Defence (evade): rolled 50 against TN 60 → success, 5 DoS.'),
        compareStep(
          'Both succeed: attacker 2 DoS against defender 5 DoS; the attacker needs more than the defender, so the defender wins.',
        ),
        areaStep('The Evade moves the defender 1 m, but they are still inside the area: they are hit.'),
        areaStep('Area attacks are resolved against the body.'),
      ],
    });
  });

  it('an Evade that leaves the area: unaffected', () => {
    const result = resolveCombat(
      { tn: 60, roll: 25, area: true },
      { type: 'evade', tn: 60, roll: 50, leavesArea: true },
    );
    expect(result).toMatchObject({ outcome: 'miss', winner: 'defender' });
    expect('location' in result || 'areaDamage' in result).toBe(false);
    expect(result.steps[3]).toEqual(areaStep('The Evade carries the defender 1 m out of the area: unaffected.'));
    expect(result.steps).toHaveLength(4);
  });

  it('leavesArea only matters for an area attack', () => {
    expect(resolveCombat({ tn: 60, roll: 25 }, { type: 'evade', tn: 60, roll: 50, leavesArea: false }).outcome).toBe(
      'miss',
    );
  });
});

describe('combat roll: defences the attack does not allow', () => {
  it('refuses an unknown defence, and parry or counter-attack against ranged and area attacks', () => {
    expect(rulesErrorOf(() => resolveCombat({ tn: 50, roll: 20 }, { type: 'dodge' as never }))).toEqual({
      code: 'invalid-input',
      message: 'Unknown defence "dodge"; choose none, evade, parry, block or counter.',
    });
    expect(
      rulesErrorOf(() => resolveCombat({ tn: 50, roll: 20, ranged: true }, { type: 'parry', tn: 50, roll: 20 })),
    ).toEqual({
      code: 'not-allowed',
      message: 'A ranged attack cannot be parried; the defender may Evade, Block or not defend.',
    });
    expect(
      rulesErrorOf(() => resolveCombat({ tn: 50, roll: 20, ranged: true }, { type: 'counter', tn: 50, roll: 20 })),
    ).toEqual({
      code: 'not-allowed',
      message: 'A ranged attack cannot be counter-attacked; the defender may Evade, Block or not defend.',
    });
    for (const type of ['parry', 'counter'] as const) {
      expect(rulesErrorOf(() => resolveCombat({ tn: 50, roll: 20, area: true }, { type, tn: 50, roll: 20 }))).toEqual({
        code: 'not-allowed',
        message: 'An area-of-effect attack can only be defended by Evade or Block.',
      });
    }
  });

  it('allows Evade and Block against ranged and area attacks, and every defence against melee', () => {
    for (const type of ['evade', 'block'] as const) {
      expect(resolveCombat({ tn: 50, roll: 20, ranged: true }, { type, tn: 50, roll: 70 }).effectiveDefense).toBe(type);
      expect(resolveCombat({ tn: 50, roll: 20, area: true }, { type, tn: 50, roll: 70 }).effectiveDefense).toBe(type);
    }
    for (const type of ['parry', 'counter'] as const) {
      expect(
        resolveCombat({ tn: 50, roll: 20, ranged: false, area: false }, { type, tn: 50, roll: 70 }).effectiveDefense,
      ).toBe(type);
    }
  });
});
