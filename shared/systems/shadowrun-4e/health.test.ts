import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RulesError } from '../../errors';
import { applyDamage, conditionAfterDamage, conditionMonitors, woundModifier } from './health';

describe('condition monitors', () => {
  it('are 8 + half Body / Willpower, rounded up', () => {
    expect(conditionMonitors(4, 5)).toEqual({ physical: 10, stun: 11 });
    expect(conditionMonitors(1, 1)).toEqual({ physical: 9, stun: 9 });
    expect(conditionMonitors(9, 10)).toEqual({ physical: 13, stun: 13 });
  });

  it('reject attributes outside 1–20 and non-integers', () => {
    expect(() => conditionMonitors(0, 3)).toThrow(RulesError);
    expect(() => conditionMonitors(3, 21)).toThrow(RulesError);
    expect(() => conditionMonitors(3.5, 3)).toThrow(RulesError);
    expect(() => conditionMonitors(Number.NaN, 3)).toThrow(RulesError);
  });
});

describe('wound modifier', () => {
  it('is −1 per full 3 boxes, per track, summed', () => {
    expect(woundModifier(0, 0)).toBe(0);
    expect(Object.is(woundModifier(2, 2), 0)).toBe(true);
    expect(woundModifier(3, 0)).toBe(-1);
    expect(woundModifier(5, 6)).toBe(-3);
    expect(woundModifier(9, 11)).toBe(-6);
  });

  it('rejects negative boxes', () => {
    expect(() => woundModifier(-1, 0)).toThrow(RulesError);
  });

  it('property: never positive and never −0', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 200 }), (p, s) => {
        const m = woundModifier(p, s);
        expect(m).toBeLessThanOrEqual(0);
        expect(Object.is(m, -0)).toBe(false);
        expect(m).toBe(-(Math.floor(p / 3) + Math.floor(s / 3)) || 0);
      }),
    );
  });
});

describe('applyDamage', () => {
  const base = { body: 4, willpower: 4, physical: 0, stun: 0 };

  it('knocks out on a full Stun track and overflows 1:1 into Physical', () => {
    const result = applyDamage({ ...base, stun: 9, incomingStun: 4 }, '1:1');
    expect(result).toMatchObject({ stun: 10, physical: 3, state: 'unconscious', stunConvertedToPhysical: 3 });
  });

  it('overflows 2:1 counting full pairs only', () => {
    const result = applyDamage({ ...base, stun: 9, incomingStun: 4 }, '2:1');
    expect(result).toMatchObject({ stun: 10, physical: 1, stunConvertedToPhysical: 1, stunLost: 1 });
  });

  it('is dying on a full Physical track and dead when the overflow passes Body', () => {
    expect(applyDamage({ ...base, physical: 8, incomingPhysical: 2 }, '1:1').state).toBe('dying');
    expect(applyDamage({ ...base, physical: 9, incomingPhysical: 5 }, '1:1')).toMatchObject({
      overflow: 4,
      state: 'dying',
    });
    expect(applyDamage({ ...base, physical: 9, incomingPhysical: 6 }, '1:1')).toMatchObject({
      overflow: 5,
      state: 'dead',
    });
  });

  it('reports the wound modifier of the new boxes', () => {
    expect(applyDamage({ ...base, physical: 2, incomingPhysical: 4, stun: 3 }, '1:1').woundModifier).toBe(-3);
  });

  it('rejects bad input', () => {
    expect(() => applyDamage({ ...base, incomingPhysical: -2 }, '1:1')).toThrow(RulesError);
    expect(() => applyDamage({ ...base, physical: 1.5 }, '1:1')).toThrow(RulesError);
  });

  it('property: boxes are capped at the tracks, states are consistent, damage is never lost under 1:1', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 30 }),
        (body, willpower, incomingPhysical, incomingStun) => {
          const r = applyDamage({ body, willpower, physical: 0, stun: 0, incomingPhysical, incomingStun }, '1:1');
          expect(r.physical).toBeLessThanOrEqual(r.monitors.physical);
          expect(r.stun).toBeLessThanOrEqual(r.monitors.stun);
          expect(r.physical + r.overflow + r.stun).toBe(incomingPhysical + incomingStun);
          if (r.state === 'dead') expect(r.overflow).toBeGreaterThan(body);
          if (r.state === 'ok') expect(r.stun).toBeLessThan(r.monitors.stun);
        },
      ),
    );
  });
});

describe('conditionAfterDamage', () => {
  it('property: applyDamage without the steps, for both overflow rules', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 30 }),
        fc.constantFrom('1:1' as const, '2:1' as const),
        (body, willpower, physical, stun, incomingPhysical, incomingStun, rule) => {
          const input = { body, willpower, physical, stun, incomingPhysical, incomingStun };
          const { steps, ...numbers } = applyDamage(input, rule);
          expect(steps.length).toBeGreaterThan(0);
          expect(conditionAfterDamage(input, rule)).toEqual(numbers);
        },
      ),
    );
  });

  it('rejects what applyDamage rejects', () => {
    const base = { body: 4, willpower: 4, physical: 0, stun: 0 };
    expect(() => conditionAfterDamage({ ...base, incomingPhysical: -2 }, '1:1')).toThrow(RulesError);
    expect(() => conditionAfterDamage({ ...base, physical: 1.5 }, '1:1')).toThrow(RulesError);
    expect(() => conditionAfterDamage({ ...base, body: 0 }, '1:1')).toThrow(RulesError);
  });
});
