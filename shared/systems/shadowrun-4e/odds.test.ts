import { describe, expect, it } from 'vitest';
import { createSeededSource, rollDice } from '../../dice/random';
import { RulesError } from '../../errors';
import { attackOdds, explodingHitDistribution, hitDistribution, opposedOdds, rollOdds } from './odds';
import { shadowrun4eSystem } from './index';
import { countHits, evaluateTest } from './tests';

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/**
 * Simulation tolerance: 100,000 seeded rolls give a standard error of at most
 * √(0.25 / 100000) ≈ 0.0016 for any probability, so |p_exact − p_sim| < 0.01 is more than six
 * standard errors: a correct formula essentially never fails, while a wrong rule (e.g. the other
 * glitch threshold, or a missed explosion) is off by far more than 0.01 at these pool sizes.
 */
const SIMULATED = 100_000;
const TOLERANCE = 0.01;

describe('rollOdds', () => {
  it('sums to 1 for every pool size, with and without Edge', () => {
    for (let n = 0; n <= 60; n++) {
      expect(Math.abs(sum(rollOdds(n, 'sr4').hits) - 1)).toBeLessThan(1e-9);
      expect(Math.abs(sum(rollOdds(n, 'sr4', { mode: 'second-chance' }).hits) - 1)).toBeLessThan(1e-9);
    }
    for (const n of [1, 5, 20, 40]) {
      expect(Math.abs(sum(explodingHitDistribution(n)) - 1)).toBeLessThan(1e-9);
    }
  });

  it('keeps critical glitches inside glitches, SR5 inside SR4', () => {
    for (let n = 1; n <= 30; n++) {
      const sr4 = rollOdds(n, 'sr4');
      const sr5 = rollOdds(n, 'sr5');
      expect(sr4.criticalGlitch).toBeLessThanOrEqual(sr4.glitch);
      expect(sr5.glitch).toBeLessThanOrEqual(sr4.glitch + 1e-15);
      if (n % 2 === 1) expect(Math.abs(sr5.glitch - sr4.glitch)).toBeLessThan(1e-15);
    }
  });

  it('matches exact enumeration of every outcome for small pools', () => {
    for (let n = 1; n <= 5; n++) {
      for (const rule of ['sr4', 'sr5'] as const) {
        const hits = new Array<number>(n + 1).fill(0);
        let glitch = 0;
        let critical = 0;
        const total = 6 ** n;
        for (let code = 0; code < total; code++) {
          const faces: number[] = [];
          let c = code;
          for (let i = 0; i < n; i++) {
            faces.push((c % 6) + 1);
            c = Math.floor(c / 6);
          }
          const r = evaluateTest(faces, rule);
          hits[r.hits]! += 1 / total;
          if (r.glitch) glitch += 1 / total;
          if (r.criticalGlitch) critical += 1 / total;
        }
        const odds = rollOdds(n, rule);
        odds.hits.forEach((p, k) => expect(p).toBeCloseTo(hits[k]!, 12));
        expect(odds.glitch).toBeCloseTo(glitch, 12);
        expect(odds.criticalGlitch).toBeCloseTo(critical, 12);
      }
    }
  });

  it('matches a seeded simulation of 100,000 rolls (12 dice, both glitch rules)', () => {
    const source = createSeededSource('sr4-odds-roll');
    const n = 12;
    const hitCounts = new Array<number>(n + 1).fill(0);
    const glitches = { sr4: 0, sr5: 0 };
    const criticals = { sr4: 0, sr5: 0 };
    for (let i = 0; i < SIMULATED; i++) {
      const faces = rollDice(source, n, 6);
      for (const rule of ['sr4', 'sr5'] as const) {
        const r = evaluateTest(faces, rule);
        if (r.glitch) glitches[rule]++;
        if (r.criticalGlitch) criticals[rule]++;
      }
      hitCounts[countHits(faces)]!++;
    }
    const odds4 = rollOdds(n, 'sr4');
    odds4.hits.forEach((p, k) => expect(Math.abs(p - hitCounts[k]! / SIMULATED)).toBeLessThan(TOLERANCE));
    expect(Math.abs(odds4.glitch - glitches.sr4 / SIMULATED)).toBeLessThan(TOLERANCE);
    expect(Math.abs(odds4.criticalGlitch - criticals.sr4 / SIMULATED)).toBeLessThan(TOLERANCE);
    const odds5 = rollOdds(n, 'sr5');
    expect(Math.abs(odds5.glitch - glitches.sr5 / SIMULATED)).toBeLessThan(TOLERANCE);
    expect(Math.abs(odds5.criticalGlitch - criticals.sr5 / SIMULATED)).toBeLessThan(TOLERANCE);
  });

  it('matches a simulation for small pools where glitches are common (3 dice)', () => {
    const source = createSeededSource('sr4-odds-small');
    let glitch = 0;
    let critical = 0;
    for (let i = 0; i < SIMULATED; i++) {
      const r = evaluateTest(rollDice(source, 3, 6), 'sr4');
      if (r.glitch) glitch++;
      if (r.criticalGlitch) critical++;
    }
    const odds = rollOdds(3, 'sr4');
    expect(Math.abs(odds.glitch - glitch / SIMULATED)).toBeLessThan(TOLERANCE);
    expect(Math.abs(odds.criticalGlitch - critical / SIMULATED)).toBeLessThan(TOLERANCE);
  });

  it('matches a simulation of the Rule of Six (8 dice, every 6 explodes)', () => {
    const source = createSeededSource('sr4-rule-of-six');
    const counts: number[] = [];
    for (let i = 0; i < SIMULATED; i++) {
      let hits = 0;
      let toRoll = 8;
      while (toRoll > 0) {
        const faces = rollDice(source, toRoll, 6);
        hits += countHits(faces);
        toRoll = faces.filter((f) => f === 6).length;
      }
      counts[hits] = (counts[hits] ?? 0) + 1;
    }
    const exact = explodingHitDistribution(8);
    for (let k = 0; k < Math.max(exact.length, counts.length); k++) {
      expect(Math.abs((exact[k] ?? 0) - (counts[k] ?? 0) / SIMULATED)).toBeLessThan(TOLERANCE);
    }
  });

  it('matches a simulation of a second chance (6 dice, misses rerolled)', () => {
    const source = createSeededSource('sr4-second-chance');
    const counts = new Array<number>(7).fill(0);
    let glitch = 0;
    for (let i = 0; i < SIMULATED; i++) {
      const first = rollDice(source, 6, 6);
      const final = first.map((f) => (f >= 5 ? f : rollDice(source, 1, 6)[0]!));
      const r = evaluateTest(final, 'sr4');
      counts[r.hits]!++;
      if (r.glitch) glitch++;
    }
    const odds = rollOdds(6, 'sr4', { mode: 'second-chance' });
    odds.hits.forEach((p, k) => expect(Math.abs(p - counts[k]! / SIMULATED)).toBeLessThan(TOLERANCE));
    expect(Math.abs(odds.glitch - glitch / SIMULATED)).toBeLessThan(TOLERANCE);
  });

  it('rejects bad pool sizes', () => {
    expect(() => rollOdds(-1, 'sr4')).toThrow(RulesError);
    expect(() => rollOdds(101, 'sr4')).toThrow(RulesError);
    expect(() => rollOdds(2.5, 'sr4')).toThrow(RulesError);
    expect(() => hitDistribution(Number.NaN)).toThrow(RulesError);
  });
});

describe('attackOdds', () => {
  const attack = { attackDice: 6, defenseDice: 4, dv: 5, damageType: 'P' as const, ap: -1, armor: 6, resistDice: 7 };

  it('sums to 1 and agrees with itself', () => {
    const odds = attackOdds(attack, true);
    expect(Math.abs(sum(odds.netHits) - 1)).toBeLessThan(1e-9);
    expect(Math.abs(sum(odds.boxes) - 1)).toBeLessThan(1e-9);
    expect(Math.abs(sum(odds.physical) - 1)).toBeLessThan(1e-9);
    expect(Math.abs(sum(odds.stun) - 1)).toBeLessThan(1e-9);
    expect(Math.abs(odds.hit - (1 - odds.netHits[0]!))).toBeLessThan(1e-12);
  });

  it('matches brute-force enumeration over hit counts', () => {
    const a = hitDistribution(attack.attackDice);
    const d = hitDistribution(attack.defenseDice);
    const r = hitDistribution(attack.resistDice);
    const boxes: number[] = new Array<number>(40).fill(0);
    a.forEach((pa, ah) =>
      d.forEach((pd, dh) => {
        if (ah <= dh) {
          boxes[0]! += pa * pd;
          return;
        }
        r.forEach((pr, rh) => {
          boxes[Math.max(0, attack.dv + ah - dh - rh)]! += pa * pd * pr;
        });
      }),
    );
    const odds = attackOdds(attack, true);
    for (let b = 0; b < boxes.length; b++) expect(odds.boxes[b] ?? 0).toBeCloseTo(boxes[b]!, 12);
  });

  it('matches a seeded simulation of 100,000 full attacks', () => {
    const source = createSeededSource('sr4-attack');
    const boxes: number[] = [];
    let hits = 0;
    let stun = 0;
    const run = shadowrun4eSystem.operations.attack!;
    for (let i = 0; i < SIMULATED; i++) {
      const result = run(
        {
          attackDice: rollDice(source, attack.attackDice, 6),
          defenseDice: rollDice(source, attack.defenseDice, 6),
          dv: attack.dv,
          damageType: 'P',
          ap: attack.ap,
          armor: attack.armor,
          resistDice: rollDice(source, attack.resistDice, 6),
        },
        {},
      );
      const b = result.boxes as number;
      boxes[b] = (boxes[b] ?? 0) + 1;
      if (result.hit) hits++;
      if (result.hit && result.damageType === 'S') stun++;
    }
    const odds = attackOdds(attack, true);
    expect(Math.abs(odds.hit - hits / SIMULATED)).toBeLessThan(TOLERANCE);
    expect(Math.abs(odds.stunChance - stun / SIMULATED)).toBeLessThan(TOLERANCE);
    for (let b = 0; b < Math.max(odds.boxes.length, boxes.length); b++) {
      expect(Math.abs((odds.boxes[b] ?? 0) - (boxes[b] ?? 0) / SIMULATED)).toBeLessThan(TOLERANCE);
    }
  });

  it('opposedOdds gives ties to the defender', () => {
    const odds = opposedOdds(1, 1);
    expect(odds.hit).toBeCloseTo(2 / 9, 15);
  });

});
