import { describe, expect, it } from 'vitest';
import { RulesError } from '../../errors';
import { personHit, rammingDamage, vehicleHit } from './vehicle-combat';

describe('ramming damage by speed (book table)', () => {
  it.each([
    [1, 'Body ÷ 2', 5, 2],
    [10, 'Body ÷ 2', 5, 2],
    [11, 'Body', 10, 5],
    [60, 'Body', 10, 5],
    [61, 'Body × 2', 20, 10],
    [200, 'Body × 2', 20, 10],
    [201, 'Body × 3', 30, 15],
    [300, 'Body × 3', 30, 15],
    [301, 'Body × 5', 50, 25],
    [500, 'Body × 5', 50, 25],
    [501, 'Body × 10', 100, 50],
  ])('at %i m/turn a Body 10 rammer deals %s = %i and takes %i', (speed, label, dv, rammerDv) => {
    const damage = rammingDamage(10, speed);
    expect([damage.bracket.label, damage.dv, damage.rammerDv]).toEqual([label, dv, rammerDv]);
  });

  it('rounds Body ÷ 2 up and the rammer’s half down', () => {
    expect(rammingDamage(3, 5)).toMatchObject({ dv: 2, rammerDv: 1 });
    expect(rammingDamage(3, 30)).toMatchObject({ dv: 3, rammerDv: 1 });
  });

  it('refuses a standing vehicle', () => {
    expect(() => rammingDamage(10, 0)).toThrow(new RulesError('not-allowed', 'A vehicle at Speed 0 cannot ram: it must be moving.'));
  });
});

describe('a hit on a vehicle (book)', () => {
  it('ignores Stun, stops a DV not above Armor after AP, and resists the rest with Body + Armor', () => {
    expect(vehicleHit(10, 6, 0, 20, 'S')).toEqual({ outcome: 'stun-ignored' });
    expect(vehicleHit(10, 6, -1, 5, 'P')).toEqual({ outcome: 'armor-stops', armor: 5 });
    expect(vehicleHit(10, 6, -1, 6, 'P')).toEqual({ outcome: 'resist', armor: 5, dice: 15 });
    expect(vehicleHit(10, 2, -4, 1, 'P')).toEqual({ outcome: 'resist', armor: 0, dice: 10 });
  });

  it('a person resists as in any attack, Physical turning Stun at or under the armour', () => {
    expect(personHit(4, 8, -1, 7, 'P', true)).toEqual({ type: 'S', armor: 7, dice: 11 });
    expect(personHit(4, 8, -1, 7, 'P', false)).toEqual({ type: 'P', armor: 7, dice: 11 });
    expect(personHit(4, 8, -1, 8, 'P', true)).toEqual({ type: 'P', armor: 7, dice: 11 });
  });
});
