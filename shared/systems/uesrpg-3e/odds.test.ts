import { describe, expect, it } from 'vitest';
import { createSeededSource, rollDice } from '../../dice/random';
import { resolveCombat, resolveTest, type AttackInput, type DefenseInput } from './index';
import { combatOdds, testOdds, type CombatOddsAttack, type CombatOddsDefense } from './odds';
import { HIT_LOCATIONS } from './combat';

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

describe('exact test odds', () => {
  const configs = [
    { tn: 50 },
    { tn: 50, npc: true },
    { tn: -20, lucky: [10] },
    { tn: 150, unlucky: [100] },
    { tn: 45, lucky: [5, 77, 88], unlucky: [40, 99] },
  ];
  it('degree distribution sums to P(success); every probability is in [0, 1]', () => {
    for (const config of configs) {
      const odds = testOdds(config);
      expect(Math.abs(sum(odds.degreesOfSuccess) - odds.success)).toBeLessThan(1e-9);
      for (const p of [odds.success, odds.criticalSuccess, odds.criticalFailure]) {
        expect(p).toBeGreaterThanOrEqual(0);
        expect(p).toBeLessThanOrEqual(1);
      }
    }
  });

  it('matches a seeded simulation of 100,000 rolls', () => {
    // 100,000 Bernoulli samples have a standard error of at most 0.0016; 0.01 is more than 6 standard
    // errors, so a correct implementation passes and an off-by-one face (±0.01) would not hide in the noise.
    const source = createSeededSource('ues-odds-test');
    for (const config of configs) {
      const odds = testOdds(config);
      let success = 0;
      let critS = 0;
      let critF = 0;
      const n = 100_000;
      const rolls = rollDice(source, n, 100);
      for (const roll of rolls) {
        const r = resolveTest({ ...config, roll });
        if (r.success) success++;
        if (r.critical === 'success') critS++;
        if (r.critical === 'failure') critF++;
      }
      expect(Math.abs(success / n - odds.success)).toBeLessThan(0.01);
      expect(Math.abs(critS / n - odds.criticalSuccess)).toBeLessThan(0.01);
      expect(Math.abs(critF / n - odds.criticalFailure)).toBeLessThan(0.01);
    }
  });
});

describe('exact combat odds', () => {
  const configs: [CombatOddsAttack, CombatOddsDefense][] = [
    [{ tn: 50 }, { type: 'none' }],
    [{ tn: 50 }, { type: 'evade', tn: 50 }],
    [
      { tn: 65, lucky: [7, 33, 64], unlucky: [91, 96] },
      { type: 'parry', tn: 55, npc: true },
    ],
    [
      { tn: 60, npc: true },
      { type: 'block', tn: 70, lucky: [1, 2, 3, 4] },
    ],
    [
      { tn: 45, lucky: [12] },
      { type: 'counter', tn: 50, unlucky: [50] },
    ],
    [
      { tn: 70, ranged: true, npc: true },
      { type: 'evade', tn: 40, npc: true },
    ],
    [
      { tn: 60, area: true, spell: true },
      { type: 'evade', tn: 50 },
    ],
    [
      { tn: 60, area: true },
      { type: 'block', tn: 50, leavesArea: false },
    ],
  ];

  it('each distribution sums to 1', () => {
    for (const [a, d] of configs) {
      const o = combatOdds(a, d);
      expect(Math.abs(o.hit + o.miss + o.blocked + o.counter - 1)).toBeLessThan(1e-9);
      expect(Math.abs(sum(o.attackerAdvantages) + sum(o.defenderAdvantages) + o.nothing - 1)).toBeLessThan(1e-9);
      expect(Math.abs(sum(HIT_LOCATIONS.map((l) => o.hitLocation[l])) - o.hit)).toBeLessThan(1e-9);
      expect(Math.abs(sum(HIT_LOCATIONS.map((l) => o.counterLocation[l])) - o.counter)).toBeLessThan(1e-9);
    }
  });

  it('equals a brute-force count through resolveCombat over all 10,000 roll pairs', () => {
    for (const [a, d] of configs.slice(1, 5)) {
      const o = combatOdds(a, d);
      const counts = { hit: 0, miss: 0, blocked: 0, counter: 0 };
      const advantages = [0, 0, 0];
      for (let ar = 1; ar <= 100; ar++) {
        for (let dr = 1; dr <= 100; dr++) {
          const r = resolveCombat({ ...(a as AttackInput), roll: ar }, { ...(d as DefenseInput), roll: dr });
          counts[r.outcome]++;
          if (r.winner === 'attacker') advantages[r.advantages]! += 1;
        }
      }
      expect(o.hit).toBeCloseTo(counts.hit / 10000, 12);
      expect(o.miss).toBeCloseTo(counts.miss / 10000, 12);
      expect(o.blocked).toBeCloseTo(counts.blocked / 10000, 12);
      expect(o.counter).toBeCloseTo(counts.counter / 10000, 12);
      advantages.forEach((n, k) => expect(o.attackerAdvantages[k]).toBeCloseTo(n / 10000, 12));
    }
  });

  it('matches a seeded simulation of 100,000 combat rolls', () => {
    // Same tolerance argument as for tests: standard error ≤ 0.0016 per probability, bound 0.01.
    const source = createSeededSource('ues-odds-combat');
    for (const [a, d] of configs) {
      const o = combatOdds(a, d);
      const n = 100_000;
      const attackRolls = rollDice(source, n, 100);
      const defenseRolls = rollDice(source, n, 100);
      const counts = { hit: 0, miss: 0, blocked: 0, counter: 0 };
      // The resolver's answer for each roll pair is memoised: it is deterministic, and building its
      // explanation 800,000 times would only measure string formatting.
      const memo = new Map<number, keyof typeof counts>();
      for (let i = 0; i < n; i++) {
        const key = attackRolls[i]! * 1000 + defenseRolls[i]!;
        let outcome = memo.get(key);
        if (outcome === undefined) {
          outcome = resolveCombat(
            { ...(a as AttackInput), roll: attackRolls[i]! },
            { ...(d as DefenseInput), roll: defenseRolls[i]! },
          ).outcome;
          memo.set(key, outcome);
        }
        counts[outcome]++;
      }
      expect(Math.abs(counts.hit / n - o.hit)).toBeLessThan(0.01);
      expect(Math.abs(counts.miss / n - o.miss)).toBeLessThan(0.01);
      expect(Math.abs(counts.blocked / n - o.blocked)).toBeLessThan(0.01);
      expect(Math.abs(counts.counter / n - o.counter)).toBeLessThan(0.01);
    }
  });


  it('rejects parry against ranged attacks', () => {
    expect(() => combatOdds({ tn: 50, ranged: true }, { type: 'parry', tn: 50 })).toThrow(/ranged/);
  });
});
