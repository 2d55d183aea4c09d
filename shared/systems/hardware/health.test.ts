import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isRulesError } from '../../errors';
import { protectionFromGear, requireProtection } from './derived';
import { applyHarm, harmOutsideCombat, stressAfterBuffer } from './health';

function throwsRulesError(call: () => unknown): boolean {
  try {
    call();
  } catch (error) {
    return isRulesError(error);
  }
  return false;
}

describe('damage and stress', () => {
  it('takes Stamina first; exactly 0 Stamina is no overflow', () => {
    expect(applyHarm({ kind: 'damage', stamina: 4, attribute: 12, amount: 4 })).toMatchObject({
      stamina: 0,
      attribute: 12,
      overflow: 0,
      saveRequired: false,
      zeroed: false,
      outcome: 'stamina',
    });
  });

  it('overflow comes off BOD and calls for a BOD save against the new BOD', () => {
    const pending = applyHarm({ kind: 'damage', stamina: 3, attribute: 10, amount: 5 });
    expect(pending).toMatchObject({
      attribute: 8,
      overflow: 2,
      saveRequired: true,
      outcome: 'save-pending',
      critical: null,
    });
    const failed = applyHarm({ kind: 'damage', stamina: 3, attribute: 10, amount: 5, saveRolls: [9] });
    expect(failed).toMatchObject({ critical: true, outcome: 'critical-damage' });
    expect(failed.consequence).toMatchObject({ state: 'dying', addToInventory: 'Wound' });
    const held = applyHarm({ kind: 'damage', stamina: 3, attribute: 10, amount: 5, saveRolls: [8] });
    expect(held).toMatchObject({ critical: false, outcome: 'saved' });
  });

  it('NPCs that fail are dead (damage) or check morale (stress), at the Admin’s call', () => {
    const dead = applyHarm({ kind: 'damage', stamina: 0, attribute: 5, amount: 1, pc: false, saveRolls: [20] });
    expect(dead.consequence).toMatchObject({ state: 'dead', adminDiscretion: true });
    const morale = applyHarm({ kind: 'stress', stamina: 0, attribute: 5, amount: 1, pc: false, saveRolls: [20] });
    expect(morale.consequence).toMatchObject({ state: 'morale-check', adminDiscretion: true });
    const pc = applyHarm({ kind: 'stress', stamina: 0, attribute: 5, amount: 1, saveRolls: [20] });
    expect(pc.consequence).toMatchObject({ state: 'overloaded', addToInventory: 'Strain' });
  });

  it('an attribute at 0 makes no save: BOD 0 is death, CTR 0 a breakdown', () => {
    expect(applyHarm({ kind: 'damage', stamina: 2, attribute: 3, amount: 5 })).toMatchObject({
      attribute: 0,
      zeroed: true,
      saveRequired: false,
      outcome: 'dead',
    });
    expect(applyHarm({ kind: 'stress', stamina: 0, attribute: 2, amount: 9 })).toMatchObject({
      zeroed: true,
      outcome: 'breakdown',
    });
    expect(
      throwsRulesError(() => applyHarm({ kind: 'damage', stamina: 2, attribute: 3, amount: 5, saveRolls: [1] })),
    ).toBe(true);
    expect(
      throwsRulesError(() => applyHarm({ kind: 'damage', stamina: 9, attribute: 3, amount: 5, saveRolls: [1] })),
    ).toBe(true);
  });

  it('rejects bad input', () => {
    expect(throwsRulesError(() => applyHarm({ kind: 'damage', stamina: -1, attribute: 3, amount: 1 }))).toBe(true);
    expect(throwsRulesError(() => applyHarm({ kind: 'damage', stamina: 1, attribute: 3, amount: Number.NaN }))).toBe(
      true,
    );
    expect(throwsRulesError(() => applyHarm({ kind: 'poison' as 'damage', stamina: 1, attribute: 3, amount: 1 }))).toBe(
      true,
    );
    expect(throwsRulesError(() => applyHarm({ kind: 'damage', stamina: 1, attribute: 25, amount: 1 }))).toBe(true);
  });

  it('conserves harm: Stamina lost + attribute lost = amount unless the attribute bottomed out (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('damage', 'stress'),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 0, max: 60 }),
        (kind, stamina, attribute, amount) => {
          const r = applyHarm({ kind: kind as 'damage', stamina, attribute, amount });
          const lost = stamina - r.stamina + (attribute - r.attribute);
          if (!r.zeroed) expect(lost).toBe(amount);
          else expect(lost).toBeLessThanOrEqual(amount);
          expect(r.saveRequired).toBe(r.overflow > 0 && r.attribute > 0);
        },
      ),
    );
  });

  it('Buffer reduces stress, never below 0', () => {
    expect(stressAfterBuffer(4, 1).stress).toBe(3);
    expect(stressAfterBuffer(1, 3).stress).toBe(0);
    // Buffer above 3 counts as 3 (seed: no creature has more than 3 Buffer), with a step saying so.
    expect(stressAfterBuffer(4, 4)).toEqual({
      stress: 1,
      steps: [
        {
          text: 'A PC, NPC or other creature cannot have more than 3 Buffer: 4 counts as 3.',
          rule: { section: 'Buffer', source: 'seed' },
        },
        { text: 'Buffer 3 is subtracted from 4 stress: 1.', rule: { section: 'Buffer', source: 'seed' } },
      ],
    });
    expect(throwsRulesError(() => stressAfterBuffer(4, -1))).toBe(true);
  });

  it('outside combat, damage goes straight to an attribute', () => {
    expect(harmOutsideCombat({ attributeId: 'BOD', value: 6, amount: 2 })).toMatchObject({ value: 4, state: 'ok' });
    expect(harmOutsideCombat({ attributeId: 'AGL', value: 2, amount: 3 })).toMatchObject({
      value: 0,
      state: 'paralysed',
    });
    expect(harmOutsideCombat({ attributeId: 'CTR', value: 1, amount: 1 })).toMatchObject({ state: 'breakdown' });
    expect(harmOutsideCombat({ attributeId: 'BOD', value: 1, amount: 1 })).toMatchObject({ state: 'dead' });
  });
});

describe('Armor and Buffer cap', () => {
  it('more than 3 is invalid input', () => {
    expect(requireProtection('Armor', 3)).toBe(3);
    expect(() => requireProtection('Buffer', 4)).toThrow(/cannot have more than 3 Buffer/);
    expect(throwsRulesError(() => requireProtection('Armor', 1.5))).toBe(true);
  });

  it('worn gear adds up; unworn gear does not; the total stops at 3 and says so', () => {
    const r = protectionFromGear('Armor', [
      { name: 'Vest', bonus: 2, worn: true },
      { name: 'Helmet', bonus: 1, worn: false },
    ]);
    expect(r).toMatchObject({ value: 2, capped: false });
    const heavy = protectionFromGear('Armor', [
      { name: 'Plate', bonus: 3, worn: true },
      { name: 'Helmet', bonus: 1, worn: true },
    ]);
    expect(heavy).toMatchObject({ value: 3, uncapped: 4, capped: true });
  });
});
