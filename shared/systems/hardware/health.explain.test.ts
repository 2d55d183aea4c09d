import { describe, expect, it } from 'vitest';
import { RulesError } from '../../errors';
import { ATTRIBUTE_ZERO, CRITICAL_CONSEQUENCES, applyHarm, harmOutsideCombat, stressAfterBuffer } from './health';

const seed = (section: string) => ({ section, source: 'seed' });
const saves = { section: 'Saves', source: 'book' };

function errorOf(call: () => unknown): RulesError {
  try {
    call();
  } catch (error) {
    if (error instanceof RulesError) return error;
    throw error;
  }
  throw new Error('expected a RulesError');
}

describe('harm explanations (seed: Critical Damage, Critical Stress)', () => {
  it('nothing gets through: damage cites Attacking & Damage, stress cites Buffer', () => {
    expect(applyHarm({ kind: 'damage', stamina: 4, attribute: 9, amount: 0 })).toEqual({
      kind: 'damage',
      attributeId: 'BOD',
      stamina: 4,
      attribute: 9,
      overflow: 0,
      saveRequired: false,
      zeroed: false,
      save: null,
      critical: null,
      consequence: null,
      outcome: 'unharmed',
      steps: [{ text: 'No damage gets through.', rule: seed('Attacking & Damage') }],
    });
    const stress = applyHarm({ kind: 'stress', stamina: 4, attribute: 9, amount: 0 });
    expect(stress).toMatchObject({ attributeId: 'CTR', outcome: 'unharmed' });
    expect(stress.steps).toEqual([{ text: 'No stress gets through.', rule: seed('Buffer') }]);
  });

  it('Stamina only: no "past 0" tail, no save', () => {
    const r = applyHarm({ kind: 'damage', stamina: 4, attribute: 12, amount: 4 });
    expect(r.outcome).toBe('stamina');
    expect(r.steps).toEqual([{ text: '4 damage to Stamina: 4 → 0.', rule: seed('Attacking & Damage') }]);
    const stress = applyHarm({ kind: 'stress', stamina: 5, attribute: 12, amount: 2 });
    expect(stress).toMatchObject({ stamina: 3, attribute: 12, overflow: 0, outcome: 'stamina' });
    expect(stress.steps).toEqual([{ text: '2 stress to Stamina: 5 → 3.', rule: seed('Buffer') }]);
  });

  it('one point past 0 already calls for the save', () => {
    const r = applyHarm({ kind: 'damage', stamina: 4, attribute: 12, amount: 5 });
    expect(r).toMatchObject({ stamina: 0, attribute: 11, overflow: 1, saveRequired: true, outcome: 'save-pending' });
  });

  it('damage overflow: BOD loss, then the BOD save against the new BOD (pending)', () => {
    const r = applyHarm({ kind: 'damage', stamina: 3, attribute: 10, amount: 5 });
    expect(r.steps).toEqual([
      { text: '5 damage to Stamina: 3 → 0, 2 past 0.', rule: seed('Attacking & Damage') },
      { text: 'The remaining 2 comes off BOD: 10 → 8.', rule: seed('Critical Damage') },
      { text: 'BOD save against the new BOD of 8 to avoid Critical Damage.', rule: seed('Critical Damage') },
    ]);
    expect(r.save).toBeNull();
  });

  it('a failed BOD save: a PC is Dying with a Wound', () => {
    const r = applyHarm({ kind: 'damage', stamina: 3, attribute: 10, amount: 5, saveRolls: [9] });
    expect(r.steps.slice(2)).toEqual([
      { text: 'BOD save against the new BOD of 8 to avoid Critical Damage.', rule: seed('Critical Damage') },
      { text: 'BOD save: 9 is over 8, so it fails.', rule: saves },
      { text: CRITICAL_CONSEQUENCES.damage.pc.text, rule: seed('Critical Damage') },
    ]);
    expect(CRITICAL_CONSEQUENCES.damage.pc.text).toBe(
      'Critical Damage: the PC is Dying and adds a Wound to their inventory. Dying PCs can only crawl weakly; with aid (such as a Medkit) they stabilise, untreated they die within the hour.',
    );
    expect(r.save).toMatchObject({ kept: 9, attribute: 8, success: false });
    expect(r.consequence).toBe(CRITICAL_CONSEQUENCES.damage.pc);
  });

  it('a held BOD save: no Critical Damage', () => {
    const r = applyHarm({ kind: 'damage', stamina: 3, attribute: 10, amount: 5, saveRolls: [8] });
    expect(r).toMatchObject({ critical: false, outcome: 'saved', consequence: null });
    expect(r.steps.slice(3)).toEqual([
      { text: 'BOD save: 8 is at or under 8, so it succeeds.', rule: saves },
      { text: 'The save holds: no Critical Damage.', rule: seed('Critical Damage') },
    ]);
  });

  it('stress overflow: CTR loss, the CTR save, held or failed', () => {
    const held = applyHarm({ kind: 'stress', stamina: 1, attribute: 9, amount: 3, saveRolls: [2] });
    expect(held).toMatchObject({ attribute: 7, outcome: 'saved', critical: false });
    expect(held.steps).toEqual([
      { text: '3 stress to Stamina: 1 → 0, 2 past 0.', rule: seed('Buffer') },
      { text: 'The remaining 2 comes off CTR: 9 → 7.', rule: seed('Critical Stress') },
      { text: 'CTR save against the new CTR of 7 to avoid Critical Stress.', rule: seed('Critical Stress') },
      { text: 'CTR save: 2 is at or under 7, so it succeeds.', rule: saves },
      { text: 'The save holds: no Critical Stress.', rule: seed('Critical Stress') },
    ]);
    const failed = applyHarm({ kind: 'stress', stamina: 1, attribute: 9, amount: 3, saveRolls: [20] });
    expect(failed).toMatchObject({ outcome: 'critical-stress', critical: true });
    expect(failed.steps.at(-1)).toEqual({
      text: 'Critical Stress: the PC is Overloaded and adds a Strain to their inventory. Overloaded PCs cannot take actions that inflict stress on themselves until they recover at least 1 Stamina.',
      rule: seed('Critical Stress'),
    });
  });

  it('NPC consequences are the Admin’s call, word for word', () => {
    const dead = applyHarm({ kind: 'damage', stamina: 0, attribute: 5, amount: 1, pc: false, saveRolls: [20] });
    expect(dead.outcome).toBe('critical-damage');
    expect(dead.steps.at(-1)).toEqual({
      text: 'Critical Damage: the NPC is dead, per the Admin’s discretion (some enemies trigger special effects).',
      rule: seed('Critical Damage'),
    });
    expect(dead.consequence).toEqual({
      state: 'dead',
      addToInventory: null,
      adminDiscretion: true,
      text: 'Critical Damage: the NPC is dead, per the Admin’s discretion (some enemies trigger special effects).',
    });
    const morale = applyHarm({ kind: 'stress', stamina: 0, attribute: 5, amount: 1, pc: false, saveRolls: [20] });
    expect(morale.steps.at(-1)).toEqual({
      text: 'Critical Stress: the NPC must make a morale check, per the Admin’s discretion.',
      rule: seed('Critical Stress'),
    });
    expect(CRITICAL_CONSEQUENCES.damage.pc).toMatchObject({ state: 'dying', addToInventory: 'Wound', adminDiscretion: false });
    expect(CRITICAL_CONSEQUENCES.stress.pc).toMatchObject({
      state: 'overloaded',
      addToInventory: 'Strain',
      adminDiscretion: false,
    });
    expect(CRITICAL_CONSEQUENCES.stress.npc).toMatchObject({ state: 'morale-check', addToInventory: null });
  });

  it('an attribute reaching 0 makes no save: BOD death, CTR breakdown', () => {
    const dead = applyHarm({ kind: 'damage', stamina: 2, attribute: 3, amount: 5 });
    expect(dead).toMatchObject({ attribute: 0, overflow: 3, zeroed: true, saveRequired: false, outcome: 'dead' });
    expect(dead.steps).toEqual([
      { text: '5 damage to Stamina: 2 → 0, 3 past 0.', rule: seed('Attacking & Damage') },
      { text: 'The remaining 3 comes off BOD: 3 → 0.', rule: seed('Critical Damage') },
      { text: 'BOD 0: the character dies. No save is made.', rule: seed('Attribute Loss') },
    ]);
    const breakdown = applyHarm({ kind: 'stress', stamina: 0, attribute: 2, amount: 9 });
    expect(breakdown).toMatchObject({ attribute: 0, overflow: 9, outcome: 'breakdown' });
    expect(breakdown.steps.at(-1)).toEqual({
      text: 'CTR 0: the character has a mental breakdown and cannot act until restored. No save is made.',
      rule: seed('Attribute Loss'),
    });
  });

  it('refuses a save roll where none is made, naming the attribute', () => {
    expect(errorOf(() => applyHarm({ kind: 'damage', stamina: 2, attribute: 3, amount: 5, saveRolls: [1] })).message).toBe(
      'BOD is at 0, so no save is made; remove the save roll.',
    );
    expect(errorOf(() => applyHarm({ kind: 'stress', stamina: 9, attribute: 3, amount: 5, saveRolls: [1] })).message).toBe(
      'Nothing went past 0 Stamina, so no CTR save is made; remove the save roll.',
    );
  });

  it('names bad input', () => {
    expect(errorOf(() => applyHarm({ kind: 'poison' as 'damage', stamina: 1, attribute: 3, amount: 1 })).message).toBe(
      'Harm must be "damage" or "stress", got poison.',
    );
    expect(errorOf(() => applyHarm({ kind: 'damage', stamina: 100, attribute: 3, amount: 1 })).message).toBe(
      'stamina must be between 0 and 99, got 100.',
    );
    expect(errorOf(() => applyHarm({ kind: 'damage', stamina: 1, attribute: 21, amount: 1 })).message).toBe(
      'BOD must be between 0 and 20, got 21.',
    );
    expect(errorOf(() => applyHarm({ kind: 'stress', stamina: 1, attribute: 21, amount: 1 })).message).toBe(
      'CTR must be between 0 and 20, got 21.',
    );
    expect(errorOf(() => applyHarm({ kind: 'damage', stamina: 1, attribute: 3, amount: 1000 })).message).toBe(
      'damage must be between 0 and 999, got 1000.',
    );
    expect(errorOf(() => applyHarm({ kind: 'stress', stamina: 1, attribute: 3, amount: -1 })).message).toBe(
      'stress must be between 0 and 999, got -1.',
    );
  });
});

describe('harm refusal codes', () => {
  it('input problems are invalid-input (callers match on the code)', () => {
    const calls = [
      () => applyHarm({ kind: 'poison' as 'damage', stamina: 1, attribute: 3, amount: 1 }),
      () => applyHarm({ kind: 'damage', stamina: 2, attribute: 3, amount: 5, saveRolls: [1] }),
      () => applyHarm({ kind: 'stress', stamina: 9, attribute: 3, amount: 5, saveRolls: [1] }),
      () => harmOutsideCombat({ attributeId: 'LUK' as 'BOD', value: 5, amount: 1 }),
    ];
    expect(calls.map((call) => errorOf(call).code)).toEqual(['invalid-input', 'invalid-input', 'invalid-input', 'invalid-input']);
  });
});

describe('Buffer (seed: Buffer)', () => {
  it('subtracts Buffer, never below 0, with one step', () => {
    expect(stressAfterBuffer(5, 2)).toEqual({
      stress: 3,
      steps: [{ text: 'Buffer 2 is subtracted from 5 stress: 3.', rule: seed('Buffer') }],
    });
    expect(stressAfterBuffer(1, 3)).toEqual({
      stress: 0,
      steps: [{ text: 'Buffer 3 is subtracted from 1 stress: 0.', rule: seed('Buffer') }],
    });
    expect(stressAfterBuffer(3, 3).stress).toBe(0);
    expect(errorOf(() => stressAfterBuffer(1000, 0)).message).toBe('stress must be between 0 and 999, got 1000.');
    expect(errorOf(() => stressAfterBuffer(2, 1.5)).message).toBe('Buffer must be a whole number, got 1.5.');
  });
});

describe('harm outside combat (seed: Attribute Loss)', () => {
  const loss = seed('Attribute Loss');

  it('above 0: one step, state ok', () => {
    expect(harmOutsideCombat({ attributeId: 'BOD', value: 6, amount: 2 })).toEqual({
      attributeId: 'BOD',
      value: 4,
      zeroed: false,
      state: 'ok',
      steps: [{ text: 'Outside combat, 2 damage goes straight to BOD: 6 → 4.', rule: loss }],
    });
  });

  it('at 0: the attribute’s own consequence follows', () => {
    expect(harmOutsideCombat({ attributeId: 'AGL', value: 2, amount: 3 })).toEqual({
      attributeId: 'AGL',
      value: 0,
      zeroed: true,
      state: 'paralysed',
      steps: [
        { text: 'Outside combat, 3 damage goes straight to AGL: 2 → 0.', rule: loss },
        { text: 'AGL 0: the character is paralysed and cannot act until restored.', rule: loss },
      ],
    });
    expect(harmOutsideCombat({ attributeId: 'BOD', value: 1, amount: 1 }).steps[1]).toEqual({
      text: 'BOD 0: the character dies.',
      rule: loss,
    });
    expect(harmOutsideCombat({ attributeId: 'CTR', value: 1, amount: 1 }).steps[1]).toEqual({
      text: 'CTR 0: the character has a mental breakdown and cannot act until restored.',
      rule: loss,
    });
    expect(ATTRIBUTE_ZERO.CTR.state).toBe('breakdown');
  });

  it('names an unknown attribute and a bad amount', () => {
    expect(errorOf(() => harmOutsideCombat({ attributeId: 'LUK' as 'BOD', value: 5, amount: 1 })).message).toBe(
      'Unknown attribute "LUK": use BOD, AGL or CTR.',
    );
    expect(errorOf(() => harmOutsideCombat({ attributeId: 'AGL', value: 21, amount: 1 })).message).toBe(
      'AGL must be between 0 and 20, got 21.',
    );
    expect(errorOf(() => harmOutsideCombat({ attributeId: 'BOD', value: 5, amount: 1000 })).message).toBe(
      'amount must be between 0 and 999, got 1000.',
    );
  });
});
