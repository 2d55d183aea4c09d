import { describe, expect, it } from 'vitest';
import { RulesError } from '../../errors';
import { resolveAttack, resolveBlast, resolveFullAuto, resolveScatteredBlast, resolveTaser } from './combat';
import { pushRoll } from './dice';
import { rally, recoverHealth, healHealth, selfRally, stabilize, applyDamage, resolveDeathRolls } from './health';
import { sideInitiative } from './initiative';

// Edges the explanation tests left open (found by mutation testing): error codes, the name each
// refusal gives, a taser tie, the fight-back arithmetic with sixes on both sides.
function thrown(f: () => unknown): RulesError {
  try {
    f();
  } catch (error) {
    if (error instanceof RulesError) return error;
    throw error;
  }
  throw new Error('expected a RulesError');
}
const codeAndMessage = (f: () => unknown) => {
  const e = thrown(f);
  return [e.code, e.message];
};

describe('combat edges', () => {
  it('a taser tie is no hit (seed: "Equal 6s, or defender rolls more → attack misses")', () => {
    const r = resolveTaser({ defense: 'dodge', attackDice: [6], defenseDice: [6] });
    expect([r.hit, r.attack.winner, r.losesNextTurn]).toEqual([false, 'none', null]);
    expect(r.steps[1]!.text).toBe('Equal sixes: the attack misses.');
    expect(resolveTaser({ defense: 'stand-tall', attackDice: [6] }).steps[0]!.text).toBe(
      '1 six: the taser hits (it deals no damage).',
    );
  });

  it("a won fight-back counts the sixes beyond the attacker's plus one", () => {
    const r = resolveAttack({
      defense: 'fight-back',
      attackDice: [6, 2],
      weaponDamage: 1,
      defenseDice: [6, 6, 6],
      defenderWeaponDamage: 2,
    });
    expect(r.damageToAttackerBeforeArmor).toBe(3);
    expect(r.steps[1]!.text).toBe(
      'The defender wins the fight-back: the attacker takes 2 base damage + 1 for sixes beyond the 2 needed = 3.',
    );
  });

  it('no armour roll for an attacker who was not hurt', () => {
    const r = resolveAttack({ defense: 'take-hit', attackDice: [6], weaponDamage: 1, attackerArmorDice: [6] });
    expect(r.steps.map((s) => s.text)).toEqual(['1 six: a hit for 1 base damage + 0 for extra sixes = 1.']);
    const tie = resolveAttack({
      defense: 'fight-back',
      attackDice: [6],
      weaponDamage: 1,
      defenseDice: [6],
      attackerArmorDice: [6],
    });
    expect(tie.steps).toHaveLength(3);
  });

  it('each refusal carries its code and names the input', () => {
    expect(
      codeAndMessage(() => resolveAttack({ defense: 'block' as never, attackDice: [6], weaponDamage: 1 }))[0],
    ).toBe('invalid-input');
    expect(thrown(() => resolveAttack({ defense: 'take-hit', attackDice: [0], weaponDamage: 1 })).message).toBe(
      'attackDice[0] is 0, which is not a face of a d6 (1–6).',
    );
    expect(
      thrown(() => resolveAttack({ defense: 'stand-tall', attackDice: [6], weaponDamage: 1, defenseDice: [6] })).code,
    ).toBe('invalid-input');
    expect(thrown(() => resolveAttack({ defense: 'dodge', attackDice: [6], weaponDamage: 1 })).code).toBe(
      'invalid-input',
    );
    expect(
      codeAndMessage(() =>
        resolveAttack({ defense: 'fight-back', attackDice: [2], weaponDamage: 1, defenseDice: [6] }),
      )[0],
    ).toBe('invalid-input');
    expect(
      thrown(() =>
        resolveAttack({
          defense: 'fight-back',
          attackDice: [2],
          weaponDamage: 1,
          defenseDice: [6],
          defenderWeaponDamage: 21,
        }),
      ).message,
    ).toBe('defenderWeaponDamage must be between 0 and 20, got 21.');
    expect(thrown(() => resolveBlast({ attackDice: [9], blastDice: [6] })).message).toBe(
      'attackDice[0] is 9, which is not a face of a d6 (1–6).',
    );
    expect(thrown(() => resolveBlast({ attackDice: [6], blastDice: [6], blastPower: 2 })).code).toBe('invalid-input');
    expect(thrown(() => resolveScatteredBlast([0])).message).toBe(
      'blastDice[0] is 0, which is not a face of a d6 (1–6).',
    );
    expect(thrown(() => resolveFullAuto({ shots: [] })).code).toBe('invalid-input');
    expect(thrown(() => resolveTaser({ defense: 'stand-tall', attackDice: [1], resistDice: [6] })).code).toBe(
      'invalid-input',
    );
  });
});

describe('dice, health and initiative edges', () => {
  it('the gear-damage step of a push is a default rule', () => {
    expect(pushRoll({ base: [], gear: [3], reroll: [1] }).steps[2]!.rule).toEqual({
      section: 'Pushing a Roll',
      source: 'default',
    });
  });

  it('each refusal carries its code and names the input', () => {
    expect(thrown(() => applyDamage({ health: 1, maxHealth: 4, damage: 2, damageBeforeArmor: 1 })).code).toBe(
      'invalid-input',
    );
    expect(thrown(() => resolveDeathRolls([[6]])).code).toBe('invalid-input');
    expect(thrown(() => resolveDeathRolls(7 as never)).code).toBe('invalid-input');
    expect(thrown(() => healHealth({ health: 0, maxHealth: 51, amount: 1 })).message).toBe(
      'maxHealth must be between 1 and 50, got 51.',
    );
    expect(thrown(() => healHealth({ health: 5, maxHealth: 4, amount: 1 })).message).toBe(
      'health must be between 0 and 4, got 5.',
    );
    expect(thrown(() => rally({ empathyDice: [6], health: 0, maxHealth: 0 })).message).toBe(
      'maxHealth must be between 1 and 50, got 0.',
    );
    expect(thrown(() => rally({ empathyDice: [6], health: -1, maxHealth: 4 })).message).toBe(
      'health must be between 0 and 4, got -1.',
    );
    expect(thrown(() => selfRally({ health: 0, maxHealth: 0, state: 'dying' })).message).toBe(
      'maxHealth must be between 1 and 50, got 0.',
    );
    expect(thrown(() => selfRally({ health: 5, maxHealth: 4, state: 'dying' })).message).toBe(
      'health must be between 0 and 4, got 5.',
    );
    expect(thrown(() => selfRally({ health: 0, maxHealth: 4, state: 'dead' })).code).toBe('not-allowed');
    expect(thrown(() => stabilize({ medic: true, witsDice: [7] })).message).toBe(
      'witsDice[0] is 7, which is not a face of a d6 (1–6).',
    );
    expect(thrown(() => recoverHealth({ health: 0, maxHealth: 51 })).message).toBe(
      'maxHealth must be between 1 and 50, got 51.',
    );
    expect(thrown(() => recoverHealth({ health: 5, maxHealth: 4 })).message).toBe(
      'health must be between 0 and 4, got 5.',
    );
    const sides = [
      { id: 'a', highestWits: 1, roll: 1 },
      { id: 'b', highestWits: 1, roll: 2 },
    ];
    for (const bad of [
      { sides: [sides[0]!] },
      { sides: [sides[0]!, { ...sides[1]!, id: '' }] },
      { sides: [sides[0]!, { ...sides[0]! }] },
      { sides, startedBy: 'c' },
      { sides: [sides[0]!, { id: 'b', highestWits: 1 }] },
    ]) {
      expect(thrown(() => sideInitiative(bad)).code).toBe('invalid-input');
    }
  });
});
