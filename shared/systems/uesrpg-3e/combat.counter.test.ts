import { describe, expect, it } from 'vitest';
import { resolveCombat } from './combat';
import { combatOdds } from './odds';
import { RULES } from './sections';
import { combatResultsTable, defenderWinsTable, hitLocationTable } from './tables';

// Counter-Attack is two simultaneous attacks (seed, Step 2: "both characters attack simultaneously";
// RULES-NOTES §2; CONFORMANCE uesrpg-3e combat): whoever alone succeeds hits the other, a critical
// beats a normal success, two successes compare DoS (equal: nothing), two criticals cancel. The
// engine, its explanation, the exact odds and the reference tables must all say so. The branches not
// already in combat.explain.test.ts are here, each with its exact sentences.

const attackStep = (text: string) => ({ text, rule: RULES.attack });
const defendStep = (text: string) => ({ text, rule: RULES.defend });
const compareStep = (text: string) => ({ text, rule: RULES.compare });
const resolveStep = (text: string) => ({ text, rule: RULES.resolve });

describe('counter-attack: the branches and their explanations', () => {
  it('a successful attack against a failed counter-attack hits at the attack roll', () => {
    expect(resolveCombat({ tn: 60, roll: 35 }, { type: 'counter', tn: 40, roll: 65 })).toMatchObject({
      outcome: 'hit',
      winner: 'attacker',
      advantages: 0,
      location: 'body',
      steps: [
        attackStep('Attack (melee attack): rolled 35 against TN 60 → success, 3 DoS.'),
        defendStep('Defence (counter-attack): rolled 65 against TN 40 → failure, 3 DoF.'),
        compareStep('The attack succeeds and the defence fails: the attacker wins.'),
        resolveStep("The attack hits. Ones digit of 35 → Body. Roll damage, subtract that location's AR."),
      ],
    });
  });

  it('a critical attack beats a successful counter-attack: hit, 1 Advantage', () => {
    expect(resolveCombat({ tn: 50, roll: 2, npc: true }, { type: 'counter', tn: 60, roll: 57 })).toMatchObject({
      outcome: 'hit',
      winner: 'attacker',
      advantages: 1,
      advantageTo: 'attacker',
      location: 'body',
      steps: [
        attackStep('Attack (melee attack): rolled 2 against TN 50 → critical success, 1 DoS.'),
        defendStep('Defence (counter-attack): rolled 57 against TN 60 → success, 5 DoS.'),
        compareStep('A critical success beats a normal success: the attacker wins.'),
        compareStep('The attacker gains 1 Advantage.'),
        resolveStep("The attack hits. Ones digit of 2 → Body. Roll damage, subtract that location's AR."),
      ],
    });
  });

  it("a critical counter-attack beats a successful attack: it hits at the counter-attacker's roll, 1 Advantage", () => {
    expect(resolveCombat({ tn: 70, roll: 66 }, { type: 'counter', tn: 60, roll: 16, lucky: [16] })).toMatchObject({
      outcome: 'counter',
      winner: 'defender',
      advantages: 1,
      advantageTo: 'defender',
      location: 'right-leg',
      steps: [
        attackStep('Attack (melee attack): rolled 66 against TN 70 → success, 6 DoS.'),
        defendStep('Defence (counter-attack): rolled 16 against TN 60 → critical success, 1 DoS.'),
        compareStep('A critical success beats a normal success: the defender wins.'),
        compareStep('The defender gains 1 Advantage.'),
        resolveStep("The counter-attack hits the attacker. Ones digit of the counter-attacker's 16 → Right Leg."),
      ],
    });
  });

  it('two criticals cancel out: nothing happens', () => {
    const r = resolveCombat({ tn: 50, roll: 1, npc: true }, { type: 'counter', tn: 50, roll: 3, npc: true });
    expect(r).toMatchObject({ outcome: 'miss', winner: null, advantages: 0, advantageTo: null });
    expect(r.location).toBeUndefined();
    expect(r.steps.slice(2)).toEqual([
      compareStep('Both sides critically succeed: the criticals cancel out and nothing happens.'),
      compareStep('Nothing resolves: the attack misses.'),
    ]);
  });

  it('a successful attack against a fumbled counter-attack: hit, 2 Advantages', () => {
    expect(resolveCombat({ tn: 50, roll: 44 }, { type: 'counter', tn: 50, roll: 98, npc: true })).toMatchObject({
      outcome: 'hit',
      advantages: 2,
      advantageTo: 'attacker',
      location: 'body',
      steps: [
        attackStep('Attack (melee attack): rolled 44 against TN 50 → success, 4 DoS.'),
        defendStep('Defence (counter-attack): rolled 98 against TN 50 → critical failure, 5 DoF.'),
        compareStep('The attack succeeds and the defence fails: the attacker wins.'),
        compareStep('The attacker gains 2 Advantages.'),
        resolveStep("The attack hits. Ones digit of 44 → Body. Roll damage, subtract that location's AR."),
      ],
    });
  });

  it('a counter-attacker with no AP left cannot strike back: a failed defence, the attack hits', () => {
    expect(resolveCombat({ tn: 30, roll: 25 }, { type: 'counter', tn: 50, roll: 40, ap: 0 })).toMatchObject({
      outcome: 'hit',
      winner: 'attacker',
      defense: null,
      effectiveDefense: 'none',
      location: 'body',
      steps: [
        attackStep('Attack (melee attack): rolled 25 against TN 30 → success, 2 DoS.'),
        { text: 'The defender has no AP left, so the defence fails automatically.', rule: RULES.multipleOpponents },
        compareStep('The attack succeeds and the defender does not defend: the attacker wins.'),
        resolveStep("The attack hits. Ones digit of 25 → Body. Roll damage, subtract that location's AR."),
      ],
    });
  });
});

describe('counter-attack: exact odds counted by hand', () => {
  it('attack TN 30 against a counter-attack TN 50 (two PCs, no lucky numbers)', () => {
    // DoS is the tens digit, at least 1. Attack: 1–19 → 1 DoS (19 faces), 20–29 → 2 (10), 30 → 3 (1);
    // 70 faces fail. Counter: 1–19 → 1 (19), 20–29 → 2 (10), 30–39 → 3 (10), 40–49 → 4 (10), 50 → 5 (1);
    // 50 faces fail.
    // counter = attack fails × counter succeeds (70 × 50 = 3500) + both succeed with more counter DoS
    //           (19 × 31 + 10 × 21 + 1 × 11 = 810) = 4310.
    // hit     = attack succeeds × counter fails (30 × 50 = 1500) + more attack DoS (10 × 19 + 1 × 29 = 219) = 1719.
    // nothing = both fail (70 × 50 = 3500) + equal DoS (19 × 19 + 10 × 10 + 1 × 10 = 471) = 3971.
    // Counter lands on the head when the counter roll ends in 0: 10, 20, 30, 40, 50 each against the
    // 70 failed attacks (350), plus 20 against the 19 one-DoS attacks, 30 against 29, 40 and 50 against
    // all 30 (108): 458.
    const odds = combatOdds({ tn: 30 }, { type: 'counter', tn: 50 });
    expect(odds.counter).toBeCloseTo(0.431, 12);
    expect(odds.hit).toBeCloseTo(0.1719, 12);
    expect(odds.miss).toBeCloseTo(0.3971, 12);
    expect(odds.nothing).toBeCloseTo(0.3971, 12);
    expect(odds.blocked).toBe(0);
    expect(odds.counterLocation.head).toBeCloseTo(0.0458, 12);
    expect(odds.defenderAdvantages).toEqual([odds.counter, 0, 0]);
    expect(odds.attackerAdvantages).toEqual([odds.hit, 0, 0]);
  });
});

describe('counter-attack: the reference tables say the same', () => {
  it('the compare table has the failed-attack row and its footnote agrees', () => {
    expect(combatResultsTable.rows.at(-1)!.cells).toEqual({
      attack: 'Failure',
      defence: 'Counter-Attack success',
      result:
        "The counter-attacker hits the attacker (two simultaneous attacks); location from the counter-attacker's roll",
    });
    expect(combatResultsTable.footnotes).toContain(
      'A failed attack is a miss, except against a successful Counter-Attack: the counter-attacker hits the attacker.',
    );
  });

  it('the defender-wins table and the hit-location footnote name the counter-attacker’s roll', () => {
    expect(defenderWinsTable.rows.map((r) => r.cells.defence)).toEqual(['Evade', 'Parry', 'Block', 'Counter-Attack']);
    expect(defenderWinsTable.rows.at(-1)!.cells.effect).toBe(
      "The counter-attacker hits the attacker (a failed attack included); location from the ones digit of the counter-attacker's roll",
    );
    expect(hitLocationTable.footnotes).toContain("A counter-attack that hits uses the counter-attacker's roll.");
  });
});
