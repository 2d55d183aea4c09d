import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { RulesError } from '../../errors';
import { applyDamage, holdBreath, woundEffects, woundState } from './health';
import { bonus, deriveStats } from './derived';

describe('damage and wounds', () => {
  it('subtracts AR, reduces HP without clamping, wounds only above WT', () => {
    expect(applyDamage({ hp: 15, damage: 12, ar: 3, wt: 8 })).toMatchObject({ hp: 6, wound: true, damageAfterAr: 9 });
    expect(applyDamage({ hp: 15, damage: 11, ar: 3, wt: 8 })).toMatchObject({ hp: 7, wound: false });
    expect(applyDamage({ hp: 10, damage: 4, ar: 6, wt: 5 })).toMatchObject({ hp: 10, wound: false, damageAfterAr: 0 });
    expect(applyDamage({ hp: 3, damage: 20, ar: 2, wt: 10 })).toMatchObject({ hp: -15, wound: true });
  });
  it('wound effects per location', () => {
    expect(woundEffects('body')).toMatchObject({
      apLoss: 1,
      crippled: null,
      stunnedRounds: 0,
      testPenalty: -20,
      initiativePenalty: -2,
    });
    expect(woundEffects('right-arm')).toMatchObject({ apLoss: 0, crippled: 'right-arm' });
    expect(woundEffects('head')).toMatchObject({ stunnedRounds: 1 });
    expect(applyDamage({ hp: 12, damage: 14, ar: 2, wt: 9, location: 'left-leg' }).effects?.crippled).toBe('left-leg');
    expect(applyDamage({ hp: 12, damage: 5, ar: 2, wt: 9, location: 'left-leg' }).effects).toBeNull();
  });
  it('rejects bad numbers', () => {
    expect(() => applyDamage({ hp: 10, damage: -1, ar: 0, wt: 5 })).toThrow(RulesError);
    expect(() => applyDamage({ hp: 10, damage: Number.NaN, ar: 0, wt: 5 })).toThrow(RulesError);
    expect(() => woundEffects('tail' as never)).toThrow(RulesError);
  });
  it('property: HP drops by exactly max(0, damage − AR)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -100, max: 100 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 0, max: 30 }),
        (hp, damage, ar, wt) => {
          const r = applyDamage({ hp, damage, ar, wt });
          expect(hp - r.hp).toBe(Math.max(0, damage - ar));
          expect(r.wound).toBe(Math.max(0, damage - ar) > wt);
        },
      ),
    );
  });
});

describe('holding breath', () => {
  it('2 rounds per EB, doubled when idle, then 1 fatigue per round', () => {
    expect(holdBreath({ eb: 4 })).toMatchObject({ limit: 8, fatigue: 0 });
    expect(holdBreath({ eb: 4, idle: true }).limit).toBe(16);
    expect(holdBreath({ eb: 4, rounds: 11 }).fatigue).toBe(3);
    expect(() => holdBreath({ eb: -1 })).toThrow(RulesError);
  });
});

describe('derived stats', () => {
  it('follows RULES-NOTES formulas', () => {
    expect(
      deriveStats({
        strength: 42,
        endurance: 45,
        agility: 38,
        intelligence: 30,
        willpower: 35,
        perception: 41,
        luck: 52,
      }),
    ).toMatchObject({
      hp: 23,
      wt: 11,
      ir: 10,
      stamina: 4,
      ap: 3,
      luckyCount: 5,
      unluckyCount: 0,
    });
    expect(
      deriveStats({ strength: 0, endurance: 1, agility: 0, intelligence: 0, willpower: 0, perception: 0, luck: 20 }),
    ).toMatchObject({ hp: 1, luckyCount: 2, unluckyCount: 3 });
  });
  it('bonus is the tens digit', () => {
    expect(bonus(9)).toBe(0);
    expect(bonus(10)).toBe(1);
    expect(bonus(105)).toBe(10);
  });
  it('rejects bad characteristics', () => {
    expect(() =>
      deriveStats({ strength: -1, endurance: 1, agility: 0, intelligence: 0, willpower: 0, perception: 0, luck: 20 }),
    ).toThrow(RulesError);
    expect(() =>
      deriveStats({ strength: 201, endurance: 1, agility: 0, intelligence: 0, willpower: 0, perception: 0, luck: 20 }),
    ).toThrow(RulesError);
  });
  it('property: lucky + unlucky = 5 while LB ≤ 5', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 59 }), (luck) => {
        const r = deriveStats({
          strength: 30,
          endurance: 30,
          agility: 30,
          intelligence: 30,
          willpower: 30,
          perception: 30,
          luck,
        });
        expect(r.luckyCount + r.unluckyCount).toBe(5);
      }),
    );
  });
});

describe('woundState (all wounds together)', () => {
  it('no wounds: no penalties, 3 AP', () => {
    expect(woundState([])).toMatchObject({
      wounded: false,
      testPenalty: 0,
      initiativePenalty: 0,
      maxAp: 3,
      crippled: [],
    });
  });
  it('penalties and the body-wound AP loss do not stack; limbs are listed once', () => {
    const state = woundState(['body', 'body', 'left-arm', 'left-arm', 'right-leg', 'head']);
    expect(state).toMatchObject({ wounded: true, testPenalty: -20, initiativePenalty: -2, maxAp: 2 });
    expect(state.crippled).toEqual(['right-leg', 'left-arm']);
    expect(woundState(['head']).maxAp).toBe(3);
  });
  it('rejects unknown locations', () => {
    expect(() => woundState(['tail' as never])).toThrow(RulesError);
    expect(() => woundState('body' as never)).toThrow(RulesError);
  });
});
