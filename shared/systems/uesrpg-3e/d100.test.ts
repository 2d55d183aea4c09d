import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { RulesError } from '../../errors';
import { critTable, degreesOfFailure, degreesOfSuccess, resolveTest, skillTn } from './d100';

describe('d100 test', () => {
  it('succeeds at or under the TN with DoS = tens digit (min 1)', () => {
    expect(resolveTest({ tn: 60, roll: 45 })).toMatchObject({ success: true, critical: null, degrees: 4 });
    expect(resolveTest({ tn: 60, roll: 60 })).toMatchObject({ success: true, degrees: 6 });
    expect(resolveTest({ tn: 60, roll: 9 })).toMatchObject({ success: true, degrees: 1 });
    expect(resolveTest({ tn: 100, roll: 100 })).toMatchObject({ success: true, degrees: 10 });
  });

  it('fails above the TN with DoF = 1 + tens digit of (roll − TN)', () => {
    expect(resolveTest({ tn: 60, roll: 61 })).toMatchObject({ success: false, degrees: 1 });
    expect(resolveTest({ tn: 60, roll: 70 })).toMatchObject({ success: false, degrees: 2 });
    expect(resolveTest({ tn: 60, roll: 69 })).toMatchObject({ success: false, degrees: 1 });
    expect(resolveTest({ tn: -20, roll: 100 })).toMatchObject({ success: false, degrees: 13 });
  });

  it('a PC without lists never crits', () => {
    expect(resolveTest({ tn: 50, roll: 1 }).critical).toBeNull();
    expect(resolveTest({ tn: 50, roll: 100 }).critical).toBeNull();
    expect(resolveTest({ tn: 50, roll: 100, lucky: [], unlucky: [] }).critical).toBeNull();
  });

  it('NPCs crit on 01–03 and fumble on 98–100 regardless of TN', () => {
    for (const roll of [1, 2, 3]) {
      expect(resolveTest({ tn: -50, roll, npc: true })).toMatchObject({
        success: true,
        critical: 'success',
        degrees: 1,
      });
    }
    for (const roll of [98, 99, 100]) {
      expect(resolveTest({ tn: 150, roll, npc: true })).toMatchObject({
        success: false,
        critical: 'failure',
        degrees: 1,
      });
    }
    expect(resolveTest({ tn: 50, roll: 4, npc: true }).critical).toBeNull();
    expect(resolveTest({ tn: 50, roll: 97, npc: true }).critical).toBeNull();
    expect(resolveTest({ tn: 60, roll: 98, npc: true }).degrees).toBe(4);
  });

  it('lucky numbers succeed and unlucky numbers fail whatever the TN', () => {
    expect(resolveTest({ tn: 20, roll: 77, lucky: [77] })).toMatchObject({
      success: true,
      critical: 'success',
      degrees: 7,
    });
    expect(resolveTest({ tn: 20, roll: 77, lucky: [77] }, 'one')).toMatchObject({
      success: true,
      critical: 'success',
      degrees: 1,
    });
    expect(resolveTest({ tn: 90, roll: 44, unlucky: [44] })).toMatchObject({
      success: false,
      critical: 'failure',
      degrees: 1,
    });
    expect(resolveTest({ tn: 30, roll: 88, unlucky: [88] })).toMatchObject({
      success: false,
      critical: 'failure',
      degrees: 6,
    });
  });

  it('explains itself with seed/book references', () => {
    const result = resolveTest({ tn: 60, roll: 45 });
    expect(result.steps.length).toBeGreaterThan(0);
    for (const step of result.steps) {
      expect(step.text.length).toBeGreaterThan(5);
      expect(['seed', 'book', 'default']).toContain(step.rule.source);
    }
  });

  it('rejects bad input with a RulesError', () => {
    expect(() => resolveTest({ tn: 500, roll: 50 })).toThrow(RulesError);
    expect(() => resolveTest({ tn: 50, roll: 0 })).toThrow(RulesError);
    expect(() => resolveTest({ tn: 50, roll: 101 })).toThrow(RulesError);
    expect(() => resolveTest({ tn: Number.NaN, roll: 50 })).toThrow(RulesError);
    expect(() => resolveTest({ tn: 50.5, roll: 50 })).toThrow(RulesError);
    expect(() => resolveTest({ tn: 50, roll: 50, lucky: [0] })).toThrow(RulesError);
    expect(() => resolveTest({ tn: 50, roll: 50, lucky: [5, 5] })).toThrow(/twice/);
    expect(() => resolveTest({ tn: 50, roll: 50, lucky: [5], unlucky: [5] })).toThrow(/both/);
    expect(() => resolveTest({ tn: 50, roll: 50, npc: true, lucky: [5] })).toThrow(/NPC/);
    expect(() => resolveTest({ tn: '50' as unknown as number, roll: 50 })).toThrow(RulesError);
  });

  it('properties: success ⇔ roll ≤ TN without crits; degrees always ≥ 1', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100, max: 200 }), fc.integer({ min: 1, max: 100 }), (tn, roll) => {
        const r = resolveTest({ tn, roll });
        expect(r.success).toBe(roll <= tn);
        expect(r.critical).toBeNull();
        expect(r.degrees).toBeGreaterThanOrEqual(1);
        expect(r.degrees).toBe(r.success ? degreesOfSuccess(roll) : degreesOfFailure(roll, tn));
        if (r.success) expect(r.degrees).toBeLessThanOrEqual(10);
      }),
    );
  });

  it('properties: an NPC result differs from a plain PC only on 01–03 and 98–100', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100, max: 200 }), fc.integer({ min: 4, max: 97 }), (tn, roll) => {
        const pc = resolveTest({ tn, roll });
        const npc = resolveTest({ tn, roll, npc: true });
        expect({ ...npc, steps: [] }).toEqual({ ...pc, steps: [] });
      }),
    );
  });

  it('crit table marks exactly the listed numbers', () => {
    const table = critTable({ lucky: [7, 33], unlucky: [66] });
    expect([...table].filter((v) => v === 1)).toHaveLength(2);
    expect(table[66]).toBe(2);
  });
});

describe('skill TN', () => {
  it('characteristic + 10 × rank, untrained −20, outside the style −20, wounded −20', () => {
    expect(skillTn({ characteristic: 40, rank: 0 }).tn).toBe(40);
    expect(skillTn({ characteristic: 40, rank: 5 }).tn).toBe(90);
    expect(skillTn({ characteristic: 40, trained: false }).tn).toBe(20);
    expect(skillTn({ characteristic: 40, rank: null }).tn).toBe(20);
    expect(skillTn({ characteristic: 40, rank: 2, inStyle: false }).tn).toBe(40);
    expect(skillTn({ characteristic: 40, rank: 2, wounded: true, modifier: 10 }).tn).toBe(50);
  });

  it('rejects impossible ranks', () => {
    expect(() => skillTn({ characteristic: 40, rank: 6 })).toThrow(RulesError);
    expect(() => skillTn({ characteristic: 40, rank: 2, trained: false })).toThrow(RulesError);
    expect(() => skillTn({ characteristic: -1, rank: 0 })).toThrow(RulesError);
  });
});
