import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isRulesError } from '../../errors';
import { canPush, countSuccesses, pushBlockedReason, pushRoll, rerollableCount } from './dice';

const face = fc.integer({ min: 1, max: 6 });

describe('countSuccesses', () => {
  it('counts each 6 as a success', () => {
    expect(countSuccesses([6, 2, 6, 6, 1]).successes).toBe(3);
    expect(countSuccesses([]).successes).toBe(0);
    expect(countSuccesses([1, 2, 3, 4, 5]).successes).toBe(0);
  });

  it('explains itself with a rule reference', () => {
    const step = countSuccesses([6]).steps[0]!;
    expect(step.text).toMatch(/1 six/);
    expect(step.rule.section).toBeTruthy();
  });

  it('rejects faces that are not on a d6', () => {
    expect(() => countSuccesses([7])).toThrow(/not a face of a d6/);
    expect(() => countSuccesses([0])).toThrow();
    expect(() => countSuccesses([2.5])).toThrow();
    expect(() => countSuccesses([Number.NaN])).toThrow();
    expect(() => countSuccesses('66' as unknown as number[])).toThrow(/list of die faces/);
  });
});

describe('pushRoll', () => {
  it('rerolls every die that is neither 6 nor 1, base dice first', () => {
    const r = pushRoll({ base: [6, 1, 3, 4], gear: [2, 6], reroll: [6, 1, 5] });
    expect(r.base).toEqual([6, 1, 6, 1]);
    expect(r.gear).toEqual([5, 6]);
    expect(r.successes).toBe(3);
    expect(r.hopeLost).toBe(2);
    expect(r.gearDamage).toBe(0);
    expect(r.rerolledBase).toEqual([2, 3]);
    expect(r.rerolledGear).toEqual([0]);
  });

  it('hopeOnlyNewOnes counts only 1s that came up in the push, for Hope only', () => {
    const r = pushRoll({ base: [1, 3], gear: [1, 4], reroll: [1, 1] }, { hopeOnlyNewOnes: true });
    expect(r.hopeLost).toBe(1);
    expect(r.gearDamage).toBe(2);
    const d = pushRoll({ base: [1, 3], gear: [1, 4], reroll: [1, 1] });
    expect(d.hopeLost).toBe(2);
    expect(d.gearDamage).toBe(2);
  });

  it('lowers the gear bonus and marks it broken at 0', () => {
    const r = pushRoll({ base: [], gear: [1, 3], reroll: [1], gearBonus: 2 });
    expect(r.gearDamage).toBe(2);
    expect(r.gearBonusAfter).toBe(0);
    expect(r.gearBroken).toBe(true);
    const s = pushRoll({ base: [], gear: [1, 3], reroll: [5], gearBonus: 3 });
    expect(s.gearBonusAfter).toBe(2);
    expect(s.gearBroken).toBe(false);
  });

  it('needs exactly one new face per rerolled die', () => {
    expect(() => pushRoll({ base: [2, 3], gear: [], reroll: [6] })).toThrow(/rerolls 2 dice/);
    expect(() => pushRoll({ base: [6, 1], gear: [], reroll: [4] })).toThrow(/rerolls 0 dice/);
  });

  it('refuses pushes the rules forbid', () => {
    const forbidden = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return isRulesError(e) && e.code === 'not-allowed';
      }
      return false;
    };
    expect(forbidden(() => pushRoll({ base: [2], gear: [], reroll: [3], roller: 'npc' }))).toBe(true);
    for (const kind of ['initiative', 'death', 'armor', 'cover', 'blast', 'defense'] as const) {
      expect(forbidden(() => pushRoll({ base: [2], gear: [], reroll: [3], kind }))).toBe(true);
    }
    expect(forbidden(() => pushRoll({ base: [2], gear: [], reroll: [3], alreadyPushed: true }))).toBe(true);
    expect(canPush('attack', 'pc')).toBe(true);
    expect(canPush('rally', 'pc')).toBe(true);
    expect(pushBlockedReason('attack', 'npc')).toMatch(/player characters/);
  });

  it('property: 6s and 1s stay, successes never drop, only rerolled dice change', () => {
    fc.assert(
      fc.property(
        fc.array(face, { maxLength: 10 }),
        fc.array(face, { maxLength: 6 }),
        fc.array(face, { minLength: 16, maxLength: 16 }),
        (base, gear, pool) => {
          const reroll = pool.slice(0, rerollableCount(base, gear));
          const r = pushRoll({ base, gear, reroll });
          const before = [...base, ...gear].filter((f) => f === 6).length;
          expect(r.successes).toBeGreaterThanOrEqual(before);
          base.forEach((f, i) => {
            if (f === 6 || f === 1) expect(r.base[i]).toBe(f);
          });
          gear.forEach((f, i) => {
            if (f === 6 || f === 1) expect(r.gear[i]).toBe(f);
          });
          expect(r.hopeLost).toBe(r.base.filter((f) => f === 1).length);
          expect(r.gearDamage).toBe(r.gear.filter((f) => f === 1).length);
        },
      ),
    );
  });
});
