import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { RANGE_BANDS, WEAPONS, getWeapon, type RangeBand } from './equipment';
import { attackPool, attributePool, weaponAttackPool, type AttackPoolInput } from './pool';

const handgun = { gearBonus: 2, weaponMin: 'short', weaponMax: 'medium' } as const;

function pool(over: Partial<AttackPoolInput>) {
  return attackPool({ attack: 'ranged', strength: 3, agility: 4, range: 'short', ...handgun, ...over });
}

describe('attackPool', () => {
  it('close combat rolls Strength + weapon bonus, ranged rolls Agility + bonus', () => {
    expect(
      attackPool({
        attack: 'close',
        strength: 3,
        agility: 5,
        gearBonus: 2,
        weaponMin: 'engaged',
        weaponMax: 'engaged',
        range: 'engaged',
      }),
    ).toMatchObject({
      attribute: 'strength',
      base: 3,
      gear: 2,
      dice: 5,
    });
    expect(pool({})).toMatchObject({ attribute: 'agility', base: 4, gear: 2, dice: 6 });
  });

  it('−2 dice per band below the minimum range, base dice first', () => {
    expect(pool({ range: 'engaged' })).toMatchObject({ attribute: 'agility', dice: 4 });
    const crossbow = { gearBonus: 2, weaponMin: 'medium', weaponMax: 'long' } as const;
    expect(pool({ ...crossbow, range: 'short' })).toMatchObject({ base: 2, gear: 2, dice: 4 });
    expect(pool({ ...crossbow, range: 'engaged', agility: 3 })).toMatchObject({ base: 0, gear: 1, dice: 1 });
  });

  it('beyond the maximum range the attack is not allowed', () => {
    expect(pool({ range: 'long' })).toMatchObject({ allowed: false, dice: 0 });
    expect(pool({ range: 'extreme' }).steps.at(-1)!.text).toMatch(/impossible/);
  });

  it('a firearm at Engaged rolls Strength and ignores the armour Agility modifier', () => {
    expect(pool({ range: 'engaged', firearm: true, strength: 2, armorAgilityModifier: -3 })).toMatchObject({
      attribute: 'strength',
      dice: 2,
    });
  });

  it('armour modifies Agility rolls only', () => {
    expect(pool({ armorAgilityModifier: -2 })).toMatchObject({ dice: 4 });
    expect(
      attackPool({
        attack: 'close',
        strength: 3,
        agility: 4,
        gearBonus: 1,
        weaponMin: 'engaged',
        weaponMax: 'engaged',
        range: 'engaged',
        armorAgilityModifier: -3,
      }).dice,
    ).toBe(4);
  });

  it('ambush into close combat is Agility at −3 dice', () => {
    const p = attackPool({
      attack: 'close',
      strength: 2,
      agility: 5,
      gearBonus: 1,
      weaponMin: 'engaged',
      weaponMax: 'engaged',
      range: 'engaged',
      ambush: true,
    });
    expect(p).toMatchObject({ attribute: 'agility', dice: 3 });
  });

  it('zeroPool toggle: fail or one die', () => {
    expect(pool({ agility: 1, gearBonus: 0, armorAgilityModifier: -3 })).toMatchObject({
      dice: 0,
      automaticFailure: true,
      zeroPool: true,
      netDice: -2,
    });
    expect(
      attackPool(
        {
          attack: 'ranged',
          strength: 3,
          agility: 1,
          range: 'short',
          ...handgun,
          gearBonus: 0,
          armorAgilityModifier: -3,
        },
        { zeroPool: 'one-die' },
      ),
    ).toMatchObject({
      dice: 1,
      base: 1,
      automaticFailure: false,
    });
  });

  it('rejects bad input', () => {
    expect(() => pool({ agility: -1 })).toThrow(/agility/);
    expect(() => pool({ agility: 2.5 })).toThrow(/whole number/);
    expect(() => pool({ gearBonus: Number.NaN })).toThrow();
    expect(() => pool({ armorAgilityModifier: 2 })).toThrow(/armorAgilityModifier/);
    expect(() => pool({ weaponMin: 'long', weaponMax: 'short' })).toThrow(/minimum range/);
    expect(() => pool({ range: 'far' as RangeBand })).toThrow(/range bands/);
  });

  it('property: dice is never negative and never more than attribute + gear + positive modifier', () => {
    const band = fc.constantFrom(...RANGE_BANDS);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 0, max: 10 }),
        band,
        band,
        band,
        fc.integer({ min: -10, max: 0 }),
        (str, agi, gear, a, b, range, armour) => {
          const [min, max] = RANGE_BANDS.indexOf(a) <= RANGE_BANDS.indexOf(b) ? [a, b] : [b, a];
          const p = attackPool({
            attack: 'ranged',
            strength: str,
            agility: agi,
            gearBonus: gear,
            weaponMin: min,
            weaponMax: max,
            range,
            armorAgilityModifier: armour,
          });
          expect(p.dice).toBeGreaterThanOrEqual(0);
          expect(p.dice).toBe(p.base + p.gear);
          expect(p.gear).toBeLessThanOrEqual(gear);
          expect(p.dice).toBeLessThanOrEqual(Math.max(str, agi) + gear);
          if (!p.allowed) expect(p.dice).toBe(0);
        },
      ),
    );
  });
});

describe('weaponAttackPool', () => {
  it('derives close combat at Engaged and ranged beyond', () => {
    expect(weaponAttackPool({ weapon: 'handgun', range: 'engaged', strength: 2, agility: 5 })).toMatchObject({
      attack: 'close',
      attribute: 'strength',
      dice: 2,
    });
    expect(
      weaponAttackPool({ weapon: 'handgun', range: 'short', strength: 2, agility: 5, armor: 'plate-vest' }),
    ).toMatchObject({ attack: 'ranged', dice: 5 });
    expect(weaponAttackPool({ weapon: 'axe', range: 'engaged', strength: 4, agility: 2 }).dice).toBe(6);
    expect(weaponAttackPool({ weapon: 'axe', range: 'short', strength: 4, agility: 2 }).allowed).toBe(false);
  });

  it('neurocaster weapons use the Network attribute as gear bonus', () => {
    expect(
      weaponAttackPool({ weapon: 'neodymium-cannon', range: 'medium', strength: 2, agility: 3, networkRating: 4 }).dice,
    ).toBe(7);
    expect(() => weaponAttackPool({ weapon: 'neodymium-cannon', range: 'medium', strength: 2, agility: 3 })).toThrow(
      /Network/,
    );
  });

  it('gear damaged by pushes lowers the bonus', () => {
    expect(
      weaponAttackPool({ weapon: 'shotgun', range: 'short', strength: 2, agility: 3, gearDamage: 2 }),
    ).toMatchObject({ gear: 1, dice: 4 });
  });

  it('unknown weapons or armour throw', () => {
    expect(() => weaponAttackPool({ weapon: 'laser', range: 'short', strength: 2, agility: 3 })).toThrow(
      /Unknown weapon/,
    );
    expect(() =>
      weaponAttackPool({ weapon: 'knife', range: 'engaged', strength: 2, agility: 3, armor: 'tin-can' }),
    ).toThrow(/Unknown body armour/);
  });

  it('every weapon yields a pool at every range without crashing', () => {
    for (const w of WEAPONS) {
      for (const range of RANGE_BANDS) {
        const p = weaponAttackPool({ weapon: w, range, strength: 3, agility: 3, networkRating: 2 });
        const inRange = RANGE_BANDS.indexOf(range) <= RANGE_BANDS.indexOf(w.maxRange);
        expect(p.allowed).toBe(inRange);
      }
    }
    expect(getWeapon('mortar').damage).toEqual({ kind: 'blast', blastPower: 12 });
  });
});

describe('attributePool', () => {
  it('builds plain attribute rolls with modifiers', () => {
    expect(attributePool({ attribute: 'empathy', value: 3 }).dice).toBe(3);
    expect(attributePool({ attribute: 'wits', value: 3, gearBonus: 2 })).toMatchObject({ base: 3, gear: 2 });
    expect(attributePool({ attribute: 'agility', value: 3, armorAgilityModifier: -2 }).dice).toBe(1);
    expect(attributePool({ attribute: 'strength', value: 3, armorAgilityModifier: -2 }).dice).toBe(3);
  });
});
