import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RulesError } from '../../errors';
import { checkActionPhase, movement } from './actions';
import { armorAfterAp, damageTypeAfterArmor, opposedTest, pickArmor, resolveAttack } from './combat';
import { defensePool, firingModeEffect, rangedModifiers, recoilModifier } from './modifiers';

const rules = { glitch: 'sr4', stunWhenEqual: true } as const;
const face = fc.integer({ min: 1, max: 6 });

describe('opposed test', () => {
  it('gives ties to the defender', () => {
    const result = opposedTest([5, 6], [6, 5], 'sr4');
    expect(result.hit).toBe(false);
    expect(result.netHits).toBe(0);
    expect(result.steps[0]!.text).toMatch(/ties favour the defender/);
  });
});

describe('armour and damage type', () => {
  it('applies AP and never goes below 0', () => {
    expect(armorAfterAp(6, -1)).toBe(5);
    expect(armorAfterAp(3, -5)).toBe(0);
    expect(armorAfterAp(6, 5)).toBe(11);
  });

  it('turns Physical into Stun at DV ≤ armour, or DV < armour with the toggle off', () => {
    expect(damageTypeAfterArmor('P', 6, 6, true)).toBe('S');
    expect(damageTypeAfterArmor('P', 6, 6, false)).toBe('P');
    expect(damageTypeAfterArmor('P', 5, 6, false)).toBe('S');
    expect(damageTypeAfterArmor('P', 7, 6, true)).toBe('P');
    expect(damageTypeAfterArmor('S', 20, 0, true)).toBe('S');
  });

  it('lets the GM choose Ballistic or Impact armour per attack', () => {
    expect(pickArmor({ ballistic: 6, impact: 4 }, 'ballistic')).toBe(6);
    expect(pickArmor({ ballistic: 6, impact: 4 }, 'impact')).toBe(4);
    expect(() => pickArmor({ ballistic: 6, impact: 4 }, undefined)).toThrow(RulesError);
  });
});

describe('resolveAttack', () => {
  it('adds net hits to DV, checks armour and resists', () => {
    const result = resolveAttack(
      {
        attackDice: [6, 6, 5, 5, 1],
        defenseDice: [5, 2, 2],
        dv: 6,
        damageType: 'P',
        ap: -2,
        armor: 9,
        resistDice: [5, 6, 1, 2, 3, 4, 5],
      },
      rules,
    );
    expect(result).toMatchObject({
      hit: true,
      netHits: 3,
      modifiedDv: 9,
      damageType: 'P',
      armorAfterAp: 7,
      resistHits: 3,
      boxes: 6,
    });
  });

  it('uses Impact armour when chosen and sizes the resistance pool from Body', () => {
    const result = resolveAttack(
      {
        attackDice: [5, 5],
        defenseDice: [],
        dv: 4,
        damageType: 'P',
        ap: 0,
        armor: { ballistic: 8, impact: 2 },
        armorType: 'impact',
        body: 5,
        resistDice: [1, 2, 3],
      },
      rules,
    );
    expect(result.armorAfterAp).toBe(2);
    expect(result.resistPool).toBe(7);
    expect(result.boxes).toBe(6);
    expect(result.knockdown).toBe(true);
  });

  it('deals nothing on a miss', () => {
    const result = resolveAttack({ attackDice: [2], defenseDice: [5], dv: 8, damageType: 'P', ap: 0, armor: 0 }, rules);
    expect(result).toMatchObject({ hit: false, netHits: 0, boxes: 0, modifiedDv: 8 });
  });

  it('rejects bad input with a RulesError', () => {
    const ok = { attackDice: [5], defenseDice: [1], dv: 4, damageType: 'P', ap: 0, armor: 3 } as const;
    expect(() => resolveAttack({ ...ok, dv: -1 }, rules)).toThrow(RulesError);
    expect(() => resolveAttack({ ...ok, armor: -2 }, rules)).toThrow(RulesError);
    expect(() => resolveAttack({ ...ok, ap: 0.5 }, rules)).toThrow(RulesError);
    expect(() => resolveAttack({ ...ok, damageType: 'X' as 'P' }, rules)).toThrow(RulesError);
    expect(() => resolveAttack({ ...ok, attackDice: [9] }, rules)).toThrow(RulesError);
    expect(() => resolveAttack({ ...ok, resistDice: [0] }, rules)).toThrow(RulesError);
  });

  it('property: boxes never exceed the modified DV and are 0 on a miss', () => {
    fc.assert(
      fc.property(
        fc.array(face, { maxLength: 15 }),
        fc.array(face, { maxLength: 15 }),
        fc.array(face, { maxLength: 15 }),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: -10, max: 10 }),
        fc.integer({ min: 0, max: 20 }),
        (attackDice, defenseDice, resistDice, dv, ap, armor) => {
          const r = resolveAttack({ attackDice, defenseDice, resistDice, dv, damageType: 'P', ap, armor }, rules);
          expect(r.boxes).toBeGreaterThanOrEqual(0);
          expect(r.boxes).toBeLessThanOrEqual(r.modifiedDv);
          if (!r.hit) expect(r.boxes).toBe(0);
          else expect(r.netHits).toBe(r.attackHits - r.defenseHits);
        },
      ),
    );
  });
});

describe('ranged modifiers and firing modes', () => {
  it('sums the seed modifiers', () => {
    const result = rangedModifiers({ attackerRunning: true, smartlink: true, aimedActions: 2, extraTargets: 1 });
    expect(result.total).toBe(-2 + 2 + 2 - 2);
  });

  it('never stacks smartlink and laser sight', () => {
    expect(rangedModifiers({ smartlink: true, laserSight: true }).total).toBe(2);
    expect(rangedModifiers({ laserSight: true }).total).toBe(1);
  });

  it('covers blind fire, melee, moving vehicle and range', () => {
    expect(rangedModifiers({ blindFire: true }).total).toBe(-6);
    expect(rangedModifiers({ attackerInMelee: true, movingVehicle: true }).total).toBe(-6);
    expect(rangedModifiers({ range: 'long' }).total).toBe(-3);
  });

  it('applies recoil for bullets after the first, less compensation', () => {
    expect(recoilModifier({ bulletsBefore: 0, bullets: 1 })).toBe(0);
    expect(recoilModifier({ bulletsBefore: 1, bullets: 1 })).toBe(-1);
    expect(recoilModifier({ bulletsBefore: 0, bullets: 3 })).toBe(-2);
    expect(recoilModifier({ bulletsBefore: 3, bullets: 3, recoilCompensation: 2 })).toBe(-3);
    expect(recoilModifier({ bulletsBefore: 0, bullets: 3, recoilCompensation: 5 })).toBe(0);
  });

  it('narrow bursts raise DV, wide bursts lower the defence pool', () => {
    expect(firingModeEffect('burst', 'narrow')).toMatchObject({ dvModifier: 2, defenseModifier: 0, bullets: 3 });
    expect(firingModeEffect('long-burst', 'wide')).toMatchObject({ dvModifier: 0, defenseModifier: -5 });
    expect(firingModeEffect('full-burst')).toMatchObject({ dvModifier: 9, action: 'complex' });
    expect(firingModeEffect('single-shot')).toMatchObject({ dvModifier: 0, defenseModifier: 0, action: 'simple' });
    expect(() => firingModeEffect('gatling' as 'burst')).toThrow(RulesError);
  });
});

describe('defence pools', () => {
  it('uses Reaction against ranged attacks, skill + Reaction in melee, + skill on Full Defense', () => {
    expect(defensePool({ attack: 'ranged', method: 'reaction', reaction: 4 }).dice).toBe(4);
    expect(defensePool({ attack: 'ranged', method: 'reaction', reaction: 4, fullDefenseSkill: 3 }).dice).toBe(7);
    expect(defensePool({ attack: 'melee', method: 'parry', reaction: 3, skill: 4 }).dice).toBe(7);
    expect(defensePool({ attack: 'melee', method: 'block', reaction: 3, skill: 2 }).dice).toBe(5);
    expect(defensePool({ attack: 'melee', method: 'dodge', reaction: 3, skill: 3, fullDefenseSkill: 3 }).dice).toBe(9);
    expect(defensePool({ attack: 'ranged', method: 'reaction', reaction: 2, modifier: -5 }).dice).toBe(0);
  });

  it('rejects parrying a bullet', () => {
    expect(() => defensePool({ attack: 'ranged', method: 'parry', reaction: 4, skill: 3 })).toThrow(RulesError);
  });
});

describe('action economy', () => {
  it('allows one Complex, two Simple, or Simple + swapped Free, plus one Free', () => {
    expect(checkActionPhase(['complex', 'free']).allowed).toBe(true);
    expect(checkActionPhase(['complex', 'simple']).allowed).toBe(false);
    expect(checkActionPhase(['complex', 'free', 'free']).allowed).toBe(false);
    expect(checkActionPhase(['simple', 'simple', 'free']).allowed).toBe(true);
    expect(checkActionPhase(['simple', 'simple', 'free', 'free']).allowed).toBe(false);
    expect(checkActionPhase(['simple', 'free', 'free']).allowed).toBe(true);
    expect(checkActionPhase(['simple', 'simple', 'simple']).allowed).toBe(false);
  });

  it('takes a lost Simple Action into account', () => {
    expect(checkActionPhase(['simple', 'simple'], 1).allowed).toBe(false);
    expect(checkActionPhase(['complex'], 1).allowed).toBe(false);
    expect(checkActionPhase(['simple', 'free'], 1).allowed).toBe(true);
  });

  it('rejects unknown action types', () => {
    expect(() => checkActionPhase(['epic' as 'free'])).toThrow(RulesError);
  });
});

describe('movement', () => {
  it('gives the seed running rates and the −2 running modifier', () => {
    expect(movement('human', true)).toMatchObject({ run: 25, modifier: -2 });
    expect(movement('troll', false)).toMatchObject({ run: 35, modifier: 0 });
    expect(movement('human', true, 'defense').modifier).toBe(0);
    expect(movement('human', true, 'charge').modifier).toBe(0);
    expect(() => movement('dragon' as 'human', false)).toThrow(RulesError);
  });
});
