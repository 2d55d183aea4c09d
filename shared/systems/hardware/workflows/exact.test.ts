import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { total } from '../../../dice/distribution';
import { resolveAttack, type AttackerRoll, type DieSize } from '../combat';
import { attackDamageOdds } from '../odds';
import { attackDistribution, exactDamage, type ExactAttackInput, type ExactDie } from './exact';

/** Every outcome of the rolled dice, resolved by the package's resolveAttack. */
function enumerate(input: ExactAttackInput): number[] {
  const rolledDice = input.attackers.flatMap((a) => a.dice).filter((d) => !d.aimed);
  const faces = new Array<number>(rolledDice.length).fill(1);
  const out: number[] = [];
  let outcomes = 0;
  for (;;) {
    let i = 0;
    const attackers: AttackerRoll[] = input.attackers.map((a) => ({
      dice: a.dice.map((d) => ({
        face: d.aimed ? d.sides : faces[i++]!,
        sides: d.sides,
        aimed: d.aimed,
        tags: { piercing: d.piercing },
      })),
    }));
    const { damage } = resolveAttack({ attackers, cover: input.cover, armor: input.armor, assists: input.assists });
    while (out.length <= damage) out.push(0);
    out[damage]! += 1;
    outcomes++;
    let k = 0;
    while (k < rolledDice.length && faces[k] === rolledDice[k]!.sides) faces[k++] = 1;
    if (k === rolledDice.length) break;
    faces[k]!++;
  }
  return out.map((n) => n / outcomes);
}

const dieArb: fc.Arbitrary<ExactDie> = fc.record({
  sides: fc.constantFrom<DieSize>(4, 6, 8, 10, 12),
  piercing: fc.boolean(),
  aimed: fc.boolean(),
});
const attackerArb = fc.oneof(
  dieArb.map((d) => ({ dice: [d] })),
  fc.tuple(dieArb, dieArb).map(([a, b]) => ({ dice: [a, { ...b, aimed: a.aimed }] })),
);
const inputArb: fc.Arbitrary<ExactAttackInput> = fc.record({
  attackers: fc.array(attackerArb, { minLength: 1, maxLength: 3 }),
  cover: fc.integer({ min: 0, max: 2 }),
  armor: fc.integer({ min: 0, max: 3 }),
  assists: fc.constantFrom('every-4-plus' as const, 'none' as const),
});

const close = (a: readonly number[], b: readonly number[]) => {
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) expect(Math.abs((a[i] ?? 0) - (b[i] ?? 0))).toBeLessThan(1e-12);
};

describe('exact damage odds with Aim and mixed piercing', () => {
  it('equals full enumeration through resolveAttack (property, up to 3 attackers)', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const exact = exactDamage(input);
        expect(total(exact)).toBeCloseTo(1, 12);
        close(exact, enumerate(input));
        close(attackDistribution(input), exact);
      }),
      { numRuns: 300 },
    );
  });

  it('equals the package odds when every die is rolled and piercing is uniform', () => {
    fc.assert(
      fc.property(inputArb, fc.boolean(), (input, piercing) => {
        const plain = {
          ...input,
          attackers: input.attackers.map((a) => ({ dice: a.dice.map((d) => ({ ...d, aimed: false, piercing })) })),
        };
        const sizes = plain.attackers.map((a) =>
          a.dice.length === 2 ? ([a.dice[0]!.sides, a.dice[1]!.sides] as const) : a.dice[0]!.sides,
        );
        close(
          exactDamage(plain),
          attackDamageOdds({ dice: sizes, cover: plain.cover, armor: plain.armor, piercing, assists: plain.assists }),
        );
      }),
      { numRuns: 200 },
    );
  });

  it('an aimed d8 alone always deals 8 before protection', () => {
    const dist = exactDamage({
      attackers: [{ dice: [{ sides: 8, piercing: false, aimed: true }] }],
      cover: 1,
      armor: 2,
      assists: 'every-4-plus',
    });
    expect(dist).toEqual([0, 0, 0, 0, 0, 1]);
  });
});
