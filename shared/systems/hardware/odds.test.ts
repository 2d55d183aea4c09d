import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { total } from '../../dice/distribution';
import { createSeededSource, rollDie } from '../../dice/random';
import { isRulesError } from '../../errors';
import { resolveAttack, type AttackerRoll, type DieSize } from './combat';
import { applyHarm } from './health';
import { attackCriticalOdds, attackDamageOdds, criticalOdds, type AttackOddsInput, type OddsDie } from './odds';

const sizesOf = (die: OddsDie): DieSize[] => (Array.isArray(die) ? [...die] : [die as DieSize]);

/** Every outcome of the dice, resolved by resolveAttack: the slow, obviously-right reference. */
function enumerate(input: AttackOddsInput): number[] {
  const groups = input.dice.map(sizesOf);
  const flat = groups.flat();
  const out: number[] = [];
  const faces = new Array<number>(flat.length).fill(1);
  let outcomes = 0;
  for (;;) {
    let i = 0;
    const attackers: AttackerRoll[] = groups.map((g) => ({ dice: g.map(() => ({ face: faces[i++]! })) }));
    const { damage } = resolveAttack({ ...input, attackers });
    while (out.length <= damage) out.push(0);
    out[damage]! += 1;
    outcomes++;
    let k = 0;
    while (k < flat.length && faces[k] === flat[k]) faces[k++] = 1;
    if (k === flat.length) break;
    faces[k]!++;
  }
  return out.map((n) => n / outcomes);
}

const dieArb = fc.oneof(
  fc.constantFrom<DieSize>(4, 6, 8, 10, 12),
  fc.tuple(fc.constantFrom<DieSize>(4, 6, 8), fc.constantFrom<DieSize>(4, 6, 8)),
) as fc.Arbitrary<OddsDie>;

describe('exact attack odds', () => {
  it('matches the worked examples', () => {
    expect(attackDamageOdds({ dice: [4], armor: 3 })).toEqual([0.75, 0.25]);
    expect(attackDamageOdds({ dice: [4], cover: 2, armor: 3 })).toEqual([1]);
    // Armor above 3 counts as 3 (seed: no creature has more than 3 Armor; CONFORMANCE: odds-attack likewise).
    expect(attackDamageOdds({ dice: [4], armor: 7 })).toEqual([0.75, 0.25]);
    const two = attackDamageOdds({ dice: [4, 4] });
    [0, 1, 3, 5, 6, 1].forEach((n, i) => expect(two[i]).toBeCloseTo(n / 16, 14));
  });

  it('equals full enumeration through resolveAttack (property, up to 3 attackers)', () => {
    fc.assert(
      fc.property(
        fc.array(dieArb, { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 0, max: 3 }),
        fc.boolean(),
        fc.constantFrom<'every-4-plus' | 'none'>('every-4-plus', 'none'),
        (dice, cover, armor, piercing, assists) => {
          const input = { dice, cover, armor, piercing, assists };
          const exact = attackDamageOdds(input);
          const brute = enumerate(input);
          expect(exact.length).toBe(brute.length);
          exact.forEach((p, i) => expect(Math.abs(p - brute[i]!)).toBeLessThan(1e-12));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('every distribution sums to 1 and its last entry is possible (property, up to 12 attackers)', () => {
    fc.assert(
      fc.property(
        fc.array(dieArb, { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 0, max: 3 }),
        (dice, cover, armor) => {
          const d = attackDamageOdds({ dice, cover, armor });
          expect(Math.abs(total(d) - 1)).toBeLessThan(1e-9);
          expect(d.at(-1)!).toBeGreaterThan(0);
          expect(d.every((p) => p >= 0 && p <= 1)).toBe(true);
        },
      ),
    );
  });

  it('matches a seeded simulation of 100,000 attacks', () => {
    // 100,000 trials: the standard error of any probability estimate is at most
    // sqrt(0.25 / 100000) ≈ 0.0016, so 0.01 is over 6 standard errors — a real bug fails, noise never does.
    const dice: OddsDie[] = [8, 6, 6, [6, 4], 10];
    const input = { dice, cover: 1, armor: 2 };
    const exact = attackDamageOdds(input);
    const source = createSeededSource('hardware-odds-attack');
    const counts = new Array<number>(exact.length).fill(0);
    const trials = 100_000;
    for (let t = 0; t < trials; t++) {
      const attackers: AttackerRoll[] = dice.map((d) => ({
        dice: sizesOf(d).map((s) => ({ face: rollDie(source, s) })),
      }));
      counts[resolveAttack({ ...input, attackers }).damage]! += 1;
    }
    exact.forEach((p, i) => expect(Math.abs(p - counts[i]! / trials)).toBeLessThan(0.01));
  });

  it('rejects bad dice', () => {
    const bad: AttackOddsInput[] = [
      { dice: [] },
      { dice: [20 as DieSize] },
      { dice: [6], armor: -1 },
      { dice: [6], cover: 3 },
      { dice: new Array<DieSize>(51).fill(6) },
      { dice: [[6, 6, 6] as unknown as OddsDie] },
    ];
    for (const input of bad) {
      let error: unknown;
      try {
        attackDamageOdds(input);
      } catch (e) {
        error = e;
      }
      expect(isRulesError(error)).toBe(true);
    }
  });

});

describe('exact critical damage odds', () => {
  it('worked example: d6 against Stamina 2, BOD 3', () => {
    const r = attackCriticalOdds({ dice: [6], stamina: 2, bod: 3 });
    // Damage 3 → BOD 2, fail 18/20; damage 4 → BOD 1, fail 19/20; 5 and 6 → BOD 0, dead.
    expect(r.critical).toBeCloseTo((0.9 + 0.95) / 6, 12);
    expect(r.zeroed).toBeCloseTo(2 / 6, 12);
    expect(r.overflow + r.safe).toBeCloseTo(1, 12);
    expect(r.saveRequired + r.zeroed).toBeCloseTo(r.overflow, 12);
  });

  it('works on any harm distribution (stress too)', () => {
    expect(criticalOdds([0, 0.5, 0.5], 1, 1)).toMatchObject({ zeroed: 0.5, critical: 0, safe: 0.5 });
  });

  it('matches a seeded simulation of 100,000 attacks and BOD saves', () => {
    // Same tolerance argument as above: standard error ≤ 0.0016, tolerance 0.01.
    const dice: OddsDie[] = [8, 6, [6, 6]];
    const exact = attackCriticalOdds({ dice, armor: 1, stamina: 3, bod: 8 });
    const source = createSeededSource('hardware-odds-critical');
    const trials = 100_000;
    let critical = 0;
    let dead = 0;
    for (let t = 0; t < trials; t++) {
      const attackers: AttackerRoll[] = dice.map((d) => ({
        dice: sizesOf(d).map((s) => ({ face: rollDie(source, s) })),
      }));
      const { damage } = resolveAttack({ attackers, armor: 1 });
      const first = applyHarm({ kind: 'damage', stamina: 3, attribute: 8, amount: damage });
      if (first.zeroed) dead++;
      else if (first.saveRequired) {
        const saved = applyHarm({
          kind: 'damage',
          stamina: 3,
          attribute: 8,
          amount: damage,
          saveRolls: [rollDie(source, 20)],
        });
        if (saved.critical) critical++;
      }
    }
    expect(Math.abs(exact.critical - critical / trials)).toBeLessThan(0.01);
    expect(Math.abs(exact.zeroed - dead / trials)).toBeLessThan(0.01);
  });
});
