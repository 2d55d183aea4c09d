import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { binomial } from '../../dice/distribution';
import { createSeededSource, rollDice, type RandomSource } from '../../dice/random';
import { countSixes, isRerollable } from './dice';
import { resolveAttack, resolveBlast, type Defense } from './combat';
import { resolveDeathRolls } from './health';
import {
  attackOdds,
  blastOdds,
  deathRollOdds,
  finalSixesDistribution,
  P_SIX_AFTER_PUSH,
  pushedSuccessDistribution,
  pushOutcomeOdds,
  successDistribution,
  taserOdds,
  type PushPolicy,
} from './odds';

const sum = (d: readonly number[]) => d.reduce((a, b) => a + b, 0);

/**
 * Simulation tolerance: with 100,000 samples the standard error of any probability is at most
 * √(0.25 / 100000) ≈ 0.0016, so |exact − simulated| < 0.01 is over 6 standard errors; a correct
 * formula essentially never fails it while a wrong rule (e.g. a wrong push model) shifts
 * probabilities by far more. The seed is fixed, so the test is deterministic.
 */
const SAMPLES = 100_000;
const TOLERANCE = 0.01;

function histogram(values: readonly number[]): number[] {
  const out: number[] = [];
  for (const v of values) {
    while (out.length <= v) out.push(0);
    out[v]! += 1 / values.length;
  }
  return out;
}

function expectClose(exact: readonly number[], simulated: readonly number[]) {
  const n = Math.max(exact.length, simulated.length);
  for (let i = 0; i < n; i++) expect(Math.abs((exact[i] ?? 0) - (simulated[i] ?? 0))).toBeLessThan(TOLERANCE);
}

/** Rolls n dice and pushes them when `shouldPush(sixes)` says so (rerolling dice showing neither 6 nor 1). */
function rollWithPush(source: RandomSource, n: number, shouldPush: (sixes: number) => boolean): number[] {
  const faces = rollDice(source, n, 6);
  if (!shouldPush(countSixes(faces))) return faces;
  return faces.map((f) => (isRerollable(f) ? rollDice(source, 1, 6)[0]! : f));
}

describe('exact distributions sum to 1', () => {
  it('successes with and without a push', () => {
    for (let n = 0; n <= 30; n++) {
      expect(Math.abs(sum(successDistribution(n)) - 1)).toBeLessThan(1e-9);
      expect(Math.abs(sum(pushedSuccessDistribution(n)) - 1)).toBeLessThan(1e-9);
      expect(successDistribution(n)).toHaveLength(n + 1);
    }
  });

  it('property: attack and blast odds for any pools, defences and push policies', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<Defense>('take-hit', 'stand-tall', 'fight-back', 'dodge'),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 6 }),
        fc.constantFrom<PushPolicy>('never', 'always', 'if-failed'),
        (defense, n, m, w, cover, armour, push) => {
          const o = attackOdds({
            defense,
            attackDice: n,
            weaponDamage: w,
            defenseDice: m,
            defenderWeaponDamage: 2,
            coverLevel: cover,
            armorLevel: armour,
            push,
          });
          expect(Math.abs(sum(o.damageToTarget) - 1)).toBeLessThan(1e-9);
          expect(Math.abs(sum(o.damageBeforeProtection) - 1)).toBeLessThan(1e-9);
          expect(Math.abs(sum(o.damageToAttacker) - 1)).toBeLessThan(1e-9);
          expect(Math.abs(o.hit + o.miss - 1)).toBeLessThan(1e-9);
          if (defense === 'fight-back' || defense === 'dodge')
            expect(Math.abs(o.hit + o.tie + o.defenderWins - 1)).toBeLessThan(1e-9);
          expect(o.damageToTarget.at(-1)).toBeGreaterThan(0);
          const b = blastOdds({
            attackDice: n,
            blastPower: Math.max(1, w * 3),
            coverLevel: cover,
            armorLevel: armour,
            push,
          });
          expect(Math.abs(sum(b.damage) - 1)).toBeLessThan(1e-9);
          expect(Math.abs(sum(b.damageIfScattered) - 1)).toBeLessThan(1e-9);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('death roll outcomes', () => {
    const o = deathRollOdds();
    expect(Math.abs(o.stabilized + o.dead - 1)).toBeLessThan(1e-9);
  });
});

describe('push model', () => {
  it('always pushing equals a binomial with 10/36 per die', () => {
    for (let n = 0; n <= 20; n++) {
      const modelled = Array.from(finalSixesDistribution(n, n));
      const direct = binomial(n, P_SIX_AFTER_PUSH);
      modelled.forEach((p, k) => expect(Math.abs(p - direct[k]!)).toBeLessThan(1e-12));
    }
  });

  it('pushing only when failed hits as often as always pushing, and more than never', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 0, max: 20 }),
        fc.constantFrom<Defense>('stand-tall', 'dodge', 'fight-back'),
        (n, m, defense) => {
          const base = { defense, attackDice: n, weaponDamage: 2, defenseDice: m, defenderWeaponDamage: 1 };
          const never = attackOdds(base).hit;
          const ifFailed = attackOdds({ ...base, push: 'if-failed' }).hit;
          const always = attackOdds({ ...base, push: 'always' }).hit;
          expect(Math.abs(ifFailed - always)).toBeLessThan(1e-9);
          expect(ifFailed).toBeGreaterThanOrEqual(never - 1e-12);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('matches hand-worked values', () => {
    expect(successDistribution(2)).toEqual([25 / 36, 10 / 36, 1 / 36].map((x) => expect.closeTo(x, 12)));
    const o = attackOdds({ defense: 'dodge', attackDice: 1, weaponDamage: 1, defenseDice: 1 });
    expect(o.hit).toBeCloseTo(5 / 36, 12);
    expect(o.tie).toBeCloseTo(26 / 36, 12);
    expect(taserOdds(4)).toBeCloseTo(25 / 36, 12);
    expect(taserOdds(2)).toBe(1);
    expect(taserOdds(2, { zeroPool: 'one-die' })).toBeCloseTo(5 / 6, 12);
  });

  it('push outcome odds from rolled faces', () => {
    const o = pushOutcomeOdds([1, 3], [2]);
    expect(o.rerolled).toBe(2);
    expect(o.hopeLost[0]).toBe(0);
    expect(o.anyHopeLost).toBe(1);
    expect(o.anyGearDamage).toBeCloseTo(1 / 6, 12);
    expect(pushOutcomeOdds([1, 3], [2], { hopeOnlyNewOnes: true }).anyHopeLost).toBeCloseTo(1 / 6, 12);
  });
});

describe('exact odds match a seeded simulation of 100,000 rolls', () => {
  it('successes on 5 dice', () => {
    const source = createSeededSource('es-successes');
    const sims = Array.from({ length: SAMPLES }, () => countSixes(rollDice(source, 5, 6)));
    expectClose(successDistribution(5), histogram(sims));
  });

  it('successes on 4 dice, always pushed', () => {
    const source = createSeededSource('es-pushed');
    const sims = Array.from({ length: SAMPLES }, () => countSixes(rollWithPush(source, 4, () => true)));
    expectClose(pushedSuccessDistribution(4), histogram(sims));
  });

  it('dodge 6 vs 3 dice, cover 2 + armour 2, push if not winning', () => {
    const source = createSeededSource('es-dodge');
    const target: number[] = [];
    let hits = 0;
    for (let i = 0; i < SAMPLES; i++) {
      const defenseDice = rollDice(source, 3, 6);
      const d = countSixes(defenseDice);
      const attackDice = rollWithPush(source, 6, (a) => a <= d);
      const r = resolveAttack({
        defense: 'dodge',
        attackDice,
        weaponDamage: 2,
        defenseDice,
        coverDice: rollDice(source, 2, 6),
        armorDice: rollDice(source, 2, 6),
      });
      target.push(r.damageToTarget);
      if (r.hit) hits++;
    }
    const exact = attackOdds({
      defense: 'dodge',
      attackDice: 6,
      weaponDamage: 2,
      defenseDice: 3,
      coverLevel: 2,
      armorLevel: 2,
      push: 'if-failed',
    });
    expect(Math.abs(exact.hit - hits / SAMPLES)).toBeLessThan(TOLERANCE);
    expectClose(exact.damageToTarget, histogram(target));
  });

  it('fight-back 4 vs 5 dice with the attacker always pushing', () => {
    const source = createSeededSource('es-fight-back');
    const target: number[] = [];
    const attacker: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const defenseDice = rollDice(source, 5, 6);
      const attackDice = rollWithPush(source, 4, () => true);
      const r = resolveAttack({
        defense: 'fight-back',
        attackDice,
        weaponDamage: 3,
        defenseDice,
        defenderWeaponDamage: 2,
        armorDice: rollDice(source, 4, 6),
      });
      target.push(r.damageToTarget);
      attacker.push(r.damageToAttacker);
    }
    const exact = attackOdds({
      defense: 'fight-back',
      attackDice: 4,
      weaponDamage: 3,
      defenseDice: 5,
      defenderWeaponDamage: 2,
      armorLevel: 4,
      push: 'always',
    });
    expectClose(exact.damageToTarget, histogram(target));
    expectClose(exact.damageToAttacker, histogram(attacker));
  });

  it('stand tall 3 dice without a push, riot gear', () => {
    const source = createSeededSource('es-stand-tall');
    const target: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const r = resolveAttack({
        defense: 'stand-tall',
        attackDice: rollDice(source, 3, 6),
        weaponDamage: 2,
        armorDice: rollDice(source, 6, 6),
      });
      target.push(r.damageToTarget);
    }
    expectClose(
      attackOdds({ defense: 'stand-tall', attackDice: 3, weaponDamage: 2, armorLevel: 6 }).damageToTarget,
      histogram(target),
    );
  });

  it('hand grenade (Blast Power 8) with 3 attack dice, plate vest, push if missed', () => {
    const source = createSeededSource('es-blast');
    const dmg: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const attackDice = rollWithPush(source, 3, (a) => a === 0);
      const r = resolveBlast({
        attackDice,
        blastDice: rollDice(source, 8, 6),
        targets: [{ id: 't', armorDice: rollDice(source, 4, 6) }],
      });
      dmg.push(r.targets[0]!.damage);
    }
    expectClose(blastOdds({ attackDice: 3, blastPower: 8, armorLevel: 4, push: 'if-failed' }).damage, histogram(dmg));
  });

  it('death rolls from scratch', () => {
    const source = createSeededSource('es-death');
    let stabilized = 0;
    for (let i = 0; i < SAMPLES; i++) {
      const rolls = Array.from({ length: 5 }, () => rollDice(source, 4, 6));
      if (resolveDeathRolls(rolls).state === 'stabilized') stabilized++;
    }
    expect(Math.abs(deathRollOdds().stabilized - stabilized / SAMPLES)).toBeLessThan(TOLERANCE);
  });
});
