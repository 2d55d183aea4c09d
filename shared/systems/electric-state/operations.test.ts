import { describe, expect, it } from 'vitest';
import { isRulesError } from '../../errors';
import { electricStateSystem } from './index';

const ops = electricStateSystem.operations;

function rejects(op: string, input: unknown, options: Record<string, unknown> = {}): string {
  try {
    ops[op]!(input, options as never);
  } catch (e) {
    expect(isRulesError(e)).toBe(true);
    return (e as Error).message;
  }
  throw new Error(`${op} accepted ${JSON.stringify(input)}`);
}

describe('operations reject bad input with a RulesError', () => {
  it('unknown or invalid options', () => {
    expect(rejects('successes', { dice: [6] }, { zeroPol: 'fail' })).toMatch(/Unknown rule toggle "zeroPol"/);
    expect(
      rejects(
        'pool',
        {
          attack: 'close',
          strength: 3,
          agility: 3,
          gearBonus: 0,
          weaponMin: 'engaged',
          weaponMax: 'engaged',
          range: 'engaged',
        },
        { zeroPool: 'two-dice' },
      ),
    ).toMatch(/cannot be/);
    expect(rejects('push', { base: [], gear: [], reroll: [] }, { hopeOnlyNewOnes: 'yes' })).toMatch(/hopeOnlyNewOnes/);
  });

  it('wrong types, NaN, out-of-range numbers, unknown keys', () => {
    expect(rejects('successes', { dice: [7] })).toMatch(/dice\[0\]/);
    expect(rejects('successes', { dice: '6,6' })).toMatch(/dice/);
    expect(rejects('successes', null)).toBeTruthy();
    expect(
      rejects('pool', {
        attack: 'close',
        strength: Number.NaN,
        agility: 3,
        gearBonus: 0,
        weaponMin: 'engaged',
        weaponMax: 'engaged',
        range: 'engaged',
      }),
    ).toMatch(/strength/);
    expect(
      rejects('pool', {
        attack: 'close',
        strength: 500,
        agility: 3,
        gearBonus: 0,
        weaponMin: 'engaged',
        weaponMax: 'engaged',
        range: 'engaged',
      }),
    ).toMatch(/at most/);
    expect(
      rejects('pool', {
        attack: 'close',
        strength: 3,
        agility: 3,
        gearBonus: 0,
        weaponMin: 'engaged',
        weaponMax: 'engaged',
        range: 'near',
      }),
    ).toMatch(/range/);
    expect(
      rejects('pool', {
        attack: 'melee',
        strength: 3,
        agility: 3,
        gearBonus: 0,
        weaponMin: 'engaged',
        weaponMax: 'engaged',
        range: 'engaged',
      }),
    ).toMatch(/attack/);
    expect(rejects('attack', { defense: 'take-hit', attackDice: [6], weaponDamage: 1, armourDice: [6] })).toMatch(
      /armourDice|Unrecognized/i,
    );
    expect(rejects('attack', { defense: 'block', attackDice: [6], weaponDamage: 1 })).toMatch(/defense/);
    expect(rejects('damage', { health: 5, maxHealth: 4, damage: 1 })).toMatch(/health/);
    expect(rejects('damage', { health: 1, maxHealth: 4, damage: -1 })).toMatch(/damage/);
    expect(rejects('death-rolls', { rolls: [[6, 6]] })).toMatch(/4 dice/);
    expect(rejects('initiative', { sides: [{ id: 'a', highestWits: 2, roll: 3 }] })).toMatch(/two sides/);
    expect(rejects('serious-injury', { dice: [1, 2, 3] })).toMatch(/dice/);
    expect(rejects('blast', { attackDice: [6], blastDice: [6], blastPower: 8 })).toMatch(/Blast Power/);
    expect(rejects('push', { base: [2], gear: [], reroll: [] })).toMatch(/rerolls 1 die/);
    expect(rejects('push', { base: [2], gear: [], reroll: [3], npc: true })).toMatch(/player characters/);
    expect(rejects('push', { base: [2], gear: [], reroll: [3], kind: 'initiative' })).toMatch(/initiative/);
    expect(rejects('odds-successes', { dice: -1 })).toMatch(/dice/);
    expect(rejects('odds-successes', { dice: 1000 })).toMatch(/at most/);
    expect(rejects('odds-attack', { defense: 'dodge', attackDice: 3, weaponDamage: 2 })).toMatch(/defenseDice/);
  });
});

describe('operations return plain results with explanations', () => {
  it('attack result has the documented keys and steps', () => {
    const r = ops.attack!(
      { defense: 'stand-tall', attackDice: [6, 6, 6, 1], weaponDamage: 1, armorDice: [6, 6, 2, 3] },
      {},
    );
    expect(r).toMatchObject({ hit: true, damageToTarget: 1, damageToAttacker: 0 });
    const steps = r.steps as { text: string; rule: { section: string; source: string } }[];
    expect(steps.length).toBeGreaterThan(0);
    for (const s of steps) {
      expect(s.text.length).toBeGreaterThan(0);
      expect(['seed', 'book', 'default']).toContain(s.rule.source);
    }
  });

  it('odds-attack and odds-blast are exposed', () => {
    expect(ops['odds-attack']!({ defense: 'stand-tall', attackDice: 2, weaponDamage: 1 }, {}).hit).toBeCloseTo(
      11 / 36,
      12,
    );
    expect(ops['odds-blast']!({ attackDice: 1, blastPower: 6 }, {}).hit).toBeCloseTo(1 / 6, 12);
  });
});
