import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { RulesError } from '../../errors';
import {
  DEFENSE_TYPES,
  coverEffect,
  grappleAction,
  hitLocation,
  modifyDamage,
  rangedTn,
  resolveBlock,
  resolveCombat,
  resolveGrapple,
  unarmedDamage,
  type DefenseType,
} from './combat';

describe('hit location', () => {
  it('reads the ones digit', () => {
    const expected = ['head', 'body', 'body', 'body', 'body', 'body', 'right-leg', 'left-leg', 'right-arm', 'left-arm'];
    for (let roll = 1; roll <= 100; roll++) expect(hitLocation(roll)).toBe(expected[roll % 10]);
  });
  it('rejects rolls outside 1–100', () => {
    expect(() => hitLocation(0)).toThrow(RulesError);
    expect(() => hitLocation(101)).toThrow(RulesError);
  });
});

describe('combat roll', () => {
  it('hits an undefended target at the location of the attack roll', () => {
    const r = resolveCombat({ tn: 60, roll: 48 }, { type: 'none' });
    expect(r).toMatchObject({
      outcome: 'hit',
      advantages: 0,
      location: 'right-arm',
      winner: 'attacker',
      defense: null,
    });
  });

  it('needs more DoS than an evading or parrying defender', () => {
    expect(resolveCombat({ tn: 70, roll: 56 }, { type: 'evade', tn: 50, roll: 31 }).outcome).toBe('hit');
    expect(resolveCombat({ tn: 70, roll: 45 }, { type: 'evade', tn: 50, roll: 41 }).outcome).toBe('miss');
    expect(resolveCombat({ tn: 70, roll: 45 }, { type: 'parry', tn: 50, roll: 41 }).outcome).toBe('miss');
  });

  it('a successful Block always stops a normal success; a failed attack is a miss, not blocked', () => {
    expect(resolveCombat({ tn: 90, roll: 89 }, { type: 'block', tn: 50, roll: 12 }).outcome).toBe('blocked');
    expect(resolveCombat({ tn: 40, roll: 55 }, { type: 'block', tn: 60, roll: 20 }).outcome).toBe('miss');
    expect(resolveCombat({ tn: 60, roll: 35 }, { type: 'block', tn: 40, roll: 65 }).outcome).toBe('hit');
  });

  it('counter-attack: more DoS hits the other, equal DoS nothing', () => {
    const counter = resolveCombat({ tn: 50, roll: 21 }, { type: 'counter', tn: 70, roll: 68 });
    expect(counter).toMatchObject({ outcome: 'counter', location: 'right-arm', winner: 'defender' });
    expect(resolveCombat({ tn: 50, roll: 34 }, { type: 'counter', tn: 50, roll: 39 })).toMatchObject({
      outcome: 'miss',
      winner: null,
    });
    // Seed Step 2: both attack simultaneously, so a failed attack against a successful
    // counter-attack means the counter-attacker hits (RULES-NOTES §2, the project owner's ruling).
    expect(resolveCombat({ tn: 30, roll: 45 }, { type: 'counter', tn: 50, roll: 40 })).toMatchObject({
      outcome: 'counter',
      winner: 'defender',
      location: 'head',
    });
  });

  it('criticals: 1 Advantage over a success, 2 over a failure, cancel each other', () => {
    expect(resolveCombat({ tn: 50, roll: 2, npc: true }, { type: 'parry', tn: 60, roll: 55 })).toMatchObject({
      outcome: 'hit',
      advantages: 1,
    });
    expect(resolveCombat({ tn: 40, roll: 19, lucky: [19] }, { type: 'parry', tn: 50, roll: 80 })).toMatchObject({
      outcome: 'hit',
      advantages: 2,
    });
    expect(resolveCombat({ tn: 60, roll: 36 }, { type: 'evade', tn: 50, roll: 99, npc: true })).toMatchObject({
      outcome: 'hit',
      advantages: 2,
    });
    expect(resolveCombat({ tn: 50, roll: 3, npc: true }, { type: 'parry', tn: 60, roll: 1, npc: true })).toMatchObject({
      outcome: 'miss',
      advantages: 0,
      winner: null,
    });
    expect(resolveCombat({ tn: 60, roll: 40 }, { type: 'block', tn: 50, roll: 2, npc: true })).toMatchObject({
      outcome: 'blocked',
      advantages: 1,
      advantageTo: 'defender',
    });
  });

  it('ranged attacks and spells never give Advantage', () => {
    expect(resolveCombat({ tn: 50, roll: 1, npc: true, ranged: true }, { type: 'none' }).advantages).toBe(0);
    expect(
      resolveCombat({ tn: 60, roll: 40, ranged: true }, { type: 'evade', tn: 50, roll: 5, lucky: [5] }),
    ).toMatchObject({ outcome: 'miss', advantages: 0 });
    expect(
      resolveCombat({ tn: 70, roll: 2, npc: true, spell: true }, { type: 'evade', tn: 40, roll: 90 }).advantages,
    ).toBe(0);
  });

  it('rejects parry and counter-attack against ranged and area attacks', () => {
    expect(() => resolveCombat({ tn: 50, roll: 20, ranged: true }, { type: 'parry', tn: 50, roll: 20 })).toThrow(
      RulesError,
    );
    expect(() => resolveCombat({ tn: 50, roll: 20, ranged: true }, { type: 'counter', tn: 50, roll: 20 })).toThrow(
      RulesError,
    );
    expect(() => resolveCombat({ tn: 50, roll: 20, area: true }, { type: 'parry', tn: 50, roll: 20 })).toThrow(
      RulesError,
    );
  });

  it('no AP or unaware → the defence fails automatically', () => {
    expect(resolveCombat({ tn: 50, roll: 43 }, { type: 'evade', tn: 80, roll: 10, ap: 0 })).toMatchObject({
      outcome: 'hit',
      effectiveDefense: 'none',
    });
    expect(resolveCombat({ tn: 50, roll: 43 }, { type: 'evade', tn: 80, roll: 10, aware: false })).toMatchObject({
      outcome: 'hit',
      effectiveDefense: 'none',
    });
    expect(resolveCombat({ tn: 50, roll: 43 }, { type: 'evade', tn: 80, roll: 70, ap: 1 })).toMatchObject({
      outcome: 'miss',
      effectiveDefense: 'evade',
    });
  });

  it('a defence other than none needs its roll', () => {
    expect(() => resolveCombat({ tn: 50, roll: 43 }, { type: 'evade', tn: 50 })).toThrow(RulesError);
  });

  it('area attacks: block halves, evade only helps when it leaves the area, body location', () => {
    expect(resolveCombat({ tn: 60, roll: 30, area: true }, { type: 'block', tn: 50, roll: 20 })).toMatchObject({
      outcome: 'blocked',
      location: 'body',
      areaDamage: 'half',
    });
    expect(resolveCombat({ tn: 60, roll: 25, area: true }, { type: 'evade', tn: 60, roll: 50 })).toMatchObject({
      outcome: 'hit',
      location: 'body',
    });
    expect(
      resolveCombat({ tn: 60, roll: 25, area: true }, { type: 'evade', tn: 60, roll: 50, leavesArea: true }).outcome,
    ).toBe('miss');
    expect(resolveCombat({ tn: 60, roll: 48, area: true }, { type: 'none' }).location).toBe('body');
  });

  const side = fc.record({
    tn: fc.integer({ min: -100, max: 200 }),
    roll: fc.integer({ min: 1, max: 100 }),
    npc: fc.boolean(),
  });

  it('properties: location only on hit/counter; failed attacks never hit or get blocked; advantages 0–2', () => {
    fc.assert(
      fc.property(side, side, fc.constantFrom<DefenseType>(...DEFENSE_TYPES), fc.boolean(), (a, d, type, ranged) => {
        if (ranged && (type === 'parry' || type === 'counter')) return;
        const r = resolveCombat({ ...a, ranged }, { ...d, type });
        expect(r.location !== undefined).toBe(r.outcome === 'hit' || r.outcome === 'counter');
        if (!r.attack.success) expect(['miss', 'counter']).toContain(r.outcome);
        if (r.outcome === 'counter') expect(type).toBe('counter');
        if (r.outcome === 'blocked') expect(type).toBe('block');
        expect(r.advantages).toBeGreaterThanOrEqual(0);
        expect(r.advantages).toBeLessThanOrEqual(2);
        if (ranged) expect(r.advantages).toBe(0);
        if (r.advantages > 0) expect(r.advantageTo).toBe(r.winner);
      }),
    );
  });

  it('property: a counter-attack is symmetric when both ordinary PCs succeed', () => {
    fc.assert(
      fc.property(side, side, (a, d) => {
        fc.pre(a.roll <= a.tn && d.roll <= d.tn);
        const one = resolveCombat({ tn: a.tn, roll: a.roll }, { type: 'counter', tn: d.tn, roll: d.roll });
        const two = resolveCombat({ tn: d.tn, roll: d.roll }, { type: 'counter', tn: a.tn, roll: a.roll });
        const flip = { hit: 'counter', counter: 'hit', miss: 'miss', blocked: 'blocked' } as const;
        expect(two.outcome).toBe(flip[one.outcome]);
        expect(two.advantages).toBe(one.advantages);
      }),
    );
  });
});

describe('block', () => {
  it('full damage to the shield arm only above BR', () => {
    expect(resolveBlock({ damage: 9, br: 6 }).damageToShieldArm).toBe(9);
    expect(resolveBlock({ damage: 6, br: 6 }).damageToShieldArm).toBe(0);
  });
  it('magic halves BR rounding up unless the BR is magic', () => {
    expect(resolveBlock({ damage: 4, br: 7, magic: true })).toMatchObject({ effectiveBr: 4, damageToShieldArm: 0 });
    expect(resolveBlock({ damage: 5, br: 7, magic: true })).toMatchObject({ effectiveBr: 4, damageToShieldArm: 5 });
    expect(resolveBlock({ damage: 5, br: 7, magic: true, magicBr: true })).toMatchObject({
      effectiveBr: 7,
      damageToShieldArm: 0,
    });
  });
  it('rejects negative numbers', () => {
    expect(() => resolveBlock({ damage: -1, br: 3 })).toThrow(RulesError);
  });
});

describe('damage modifiers, range and cover', () => {
  it('computes each modifier', () => {
    expect(modifyDamage({ kind: 'penetrable-cover', rolls: [7, 4] }).damage).toBe(4);
    expect(modifyDamage({ kind: 'area-block', damage: 7 }).damage).toBe(4);
    expect(modifyDamage({ kind: 'swimming', damage: 9 }).damage).toBe(5);
    expect(modifyDamage({ kind: 'swing', damage: 6, meters: 5 }).damage).toBe(8);
    expect(modifyDamage({ kind: 'swing', damage: 6, meters: 0 }).damage).toBe(6);
  });
  it('rejects malformed modifiers', () => {
    expect(() => modifyDamage({ kind: 'penetrable-cover', rolls: [7] })).toThrow(RulesError);
    expect(() => modifyDamage({ kind: 'swing', damage: 6, meters: -2 })).toThrow(RulesError);
    expect(() => modifyDamage({ kind: 'lava' } as never)).toThrow(RulesError);
  });
  it('range bands and combat style', () => {
    expect(rangedTn(50, 'close').tn).toBe(60);
    expect(rangedTn(50, 'effective').tn).toBe(50);
    expect(rangedTn(50, 'long', false).tn).toBe(10);
    expect(() => rangedTn(50, 'extreme' as never)).toThrow(RulesError);
  });
  it('cover', () => {
    expect(coverEffect('impenetrable').canHit).toBe(false);
    expect(coverEffect('penetrable')).toMatchObject({ canHit: true, damage: 'lower-of-two' });
    expect(() => coverEffect('glass' as never)).toThrow(RulesError);
  });
});

describe('unarmed and grappling', () => {
  it('unarmed damage is a d4', () => {
    expect(unarmedDamage(4)).toBe(4);
    expect(() => unarmedDamage(5)).toThrow(RulesError);
  });
  it('grapple: opposed test, size penalty, size limit, unarmed style', () => {
    expect(resolveGrapple({ grappler: { tn: 50, roll: 30 }, target: { tn: 40, roll: 20 } }).restrained).toBe(true);
    expect(resolveGrapple({ grappler: { tn: 50, roll: 30 }, target: { tn: 40, roll: 35 } }).restrained).toBe(false);
    expect(resolveGrapple({ grappler: { tn: 50, roll: 31 }, target: { tn: 40, roll: 35 } }).restrained).toBe(false); // tie
    expect(
      resolveGrapple({ grappler: { tn: 50, roll: 30 }, target: { tn: 40, roll: 50 }, sizeDifference: 1 }),
    ).toMatchObject({ grapplerTn: 20, restrained: false });
    expect(
      resolveGrapple({ grappler: { tn: 50, roll: 30 }, target: { tn: 40, roll: 50 }, sizeDifference: 2 }).allowed,
    ).toBe(false);
    expect(
      resolveGrapple({ grappler: { tn: 50, roll: 30 }, target: { tn: 40, roll: 50 }, unarmedStyle: false }).allowed,
    ).toBe(false);
  });
  it('grapple actions cost 1 AP each', () => {
    expect(grappleAction({ action: 'takedown' }).apCost).toBe(1);
    expect(grappleAction({ action: 'move', strengthBonus: 3 }).dragMeters).toBe(3);
    expect(grappleAction({ action: 'attack' })).toMatchObject({ staminaDrain: 1, targetCanDefend: false });
    expect(grappleAction({ action: 'attack', armed: true, targetProne: true }).coupDeGrace).toBe(true);
    expect(grappleAction({ action: 'attack', armed: true, weaponRange: 2 }).allowed).toBe(false);
    expect(() => grappleAction({ action: 'move' })).toThrow(RulesError);
  });
});
