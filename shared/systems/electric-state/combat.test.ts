import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isRulesError } from '../../errors';
import {
  applyProtection,
  resolveAttack,
  resolveBlast,
  resolveFullAuto,
  resolveScatteredBlast,
  resolveTaser,
  taserResistPool,
  type Defense,
} from './combat';

const face = fc.integer({ min: 1, max: 6 });
const dice = (max = 8) => fc.array(face, { maxLength: max });

describe('applyProtection', () => {
  it('cover first, then armour, each 6 removes 1, never below 0', () => {
    expect(applyProtection(5, [6, 6, 1], [6, 2])).toMatchObject({ coverBlocked: 2, armorBlocked: 1, damage: 2 });
    expect(applyProtection(1, [6, 6], [6])).toMatchObject({ coverBlocked: 1, armorBlocked: 0, damage: 0 });
    expect(applyProtection(3)).toMatchObject({ damage: 3 });
  });
});

describe('resolveAttack', () => {
  it('take the hit / stand tall: base damage + 1 per extra 6', () => {
    expect(resolveAttack({ defense: 'take-hit', attackDice: [6, 6, 6, 2], weaponDamage: 2 })).toMatchObject({
      hit: true,
      damageToTarget: 4,
    });
    expect(resolveAttack({ defense: 'stand-tall', attackDice: [5, 4], weaponDamage: 3 })).toMatchObject({
      hit: false,
      damageToTarget: 0,
    });
  });

  it('fight back: winner deals base + 6s beyond what was needed; equal → nobody hurt', () => {
    expect(
      resolveAttack({
        defense: 'fight-back',
        attackDice: [6, 6, 6],
        weaponDamage: 2,
        defenseDice: [6],
        defenderWeaponDamage: 1,
      }),
    ).toMatchObject({
      hit: true,
      winner: 'attacker',
      damageToTarget: 3,
      damageToAttacker: 0,
      defenderForfeitsNextTurn: true,
    });
    expect(
      resolveAttack({
        defense: 'fight-back',
        attackDice: [6],
        weaponDamage: 2,
        defenseDice: [6],
        defenderWeaponDamage: 1,
      }),
    ).toMatchObject({
      hit: false,
      winner: 'none',
      damageToTarget: 0,
      damageToAttacker: 0,
    });
    expect(
      resolveAttack({
        defense: 'fight-back',
        attackDice: [1],
        weaponDamage: 2,
        defenseDice: [6, 6],
        defenderWeaponDamage: 3,
      }),
    ).toMatchObject({
      winner: 'defender',
      damageToAttacker: 4,
    });
  });

  it("the attacker's own armour can reduce fight-back damage; the target's never does", () => {
    const r = resolveAttack({
      defense: 'fight-back',
      attackDice: [1],
      weaponDamage: 2,
      defenseDice: [6, 6],
      defenderWeaponDamage: 3,
      armorDice: [6, 6],
      attackerArmorDice: [6],
    });
    expect(r.damageToAttackerBeforeArmor).toBe(4);
    expect(r.damageToAttacker).toBe(3);
  });

  it('dodge: equal or more defender 6s → miss, never damages the attacker', () => {
    expect(resolveAttack({ defense: 'dodge', attackDice: [6, 6], weaponDamage: 2, defenseDice: [6, 6] })).toMatchObject(
      { hit: false, damageToAttacker: 0 },
    );
    expect(
      resolveAttack({
        defense: 'dodge',
        attackDice: [6],
        weaponDamage: 2,
        defenseDice: [6, 6, 6],
        defenderWeaponDamage: 4,
      }),
    ).toMatchObject({
      hit: false,
      winner: 'defender',
      damageToAttacker: 0,
    });
  });

  it('unaware targets cannot fight back or dodge', () => {
    expect(() =>
      resolveAttack({ defense: 'dodge', attackDice: [6], weaponDamage: 1, defenseDice: [6], targetAware: false }),
    ).toThrow(/unaware/);
    expect(resolveAttack({ defense: 'stand-tall', attackDice: [6], weaponDamage: 1, targetAware: false }).hit).toBe(
      true,
    );
  });

  it('rejects bad input with clear sentences', () => {
    expect(() => resolveAttack({ defense: 'parry' as Defense, attackDice: [6], weaponDamage: 1 })).toThrow(
      /Unknown defence/,
    );
    expect(() => resolveAttack({ defense: 'dodge', attackDice: [6], weaponDamage: 1 })).toThrow(/defenseDice/);
    expect(() => resolveAttack({ defense: 'take-hit', attackDice: [6], weaponDamage: 1, defenseDice: [6] })).toThrow(
      /only apply/,
    );
    expect(() => resolveAttack({ defense: 'fight-back', attackDice: [1], weaponDamage: 1, defenseDice: [6] })).toThrow(
      /defenderWeaponDamage/,
    );
    expect(() => resolveAttack({ defense: 'take-hit', attackDice: [6], weaponDamage: -1 })).toThrow(/weaponDamage/);
    expect(() => resolveAttack({ defense: 'take-hit', attackDice: [6], weaponDamage: 1, armorDice: [9] })).toThrow(
      /armorDice/,
    );
  });

  it('property: damage only flows one way, protection never adds damage, dodge never hurts the attacker', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<Defense>('take-hit', 'stand-tall', 'fight-back', 'dodge'),
        dice(),
        dice(),
        dice(4),
        dice(4),
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 0, max: 4 }),
        (defense, a, d, cover, armour, w, dw) => {
          const opposed = defense === 'fight-back' || defense === 'dodge';
          const r = resolveAttack({
            defense,
            attackDice: a,
            weaponDamage: w,
            ...(opposed ? { defenseDice: d, defenderWeaponDamage: dw } : {}),
            coverDice: cover,
            armorDice: armour,
          });
          expect(r.damageToTarget).toBeLessThanOrEqual(r.damageBeforeProtection);
          expect(r.damageToTarget === 0 || r.damageToAttacker === 0).toBe(true);
          if (defense === 'dodge') expect(r.damageToAttacker).toBe(0);
          if (!r.hit) expect(r.damageToTarget).toBe(0);
          expect(r.steps.length).toBeGreaterThan(0);
        },
      ),
    );
  });
});

describe('resolveBlast', () => {
  it('hit: Blast Power 6s + extra attack 6s to everyone, armour per target', () => {
    const r = resolveBlast({
      attackDice: [6, 6, 1],
      blastDice: [6, 6, 6, 1, 2, 3, 4, 5],
      blastPower: 8,
      targets: [{ id: 'a', armorDice: [6, 6] }, { id: 'b', coverDice: [6], armorDice: [1, 1, 1, 1] }, { id: 'c' }],
    });
    expect(r.damage).toBe(4);
    expect(r.targets.map((t) => t.damage)).toEqual([2, 3, 4]);
  });

  it('miss: nothing here, a random adjacent zone is hit', () => {
    const r = resolveBlast({ attackDice: [2, 3], blastDice: [6, 6] });
    expect(r).toMatchObject({ hit: false, damage: 0, scatterToAdjacentZone: true });
    expect(resolveScatteredBlast([6, 6, 1], [{ id: 'x', armorDice: [6] }])).toMatchObject({
      damage: 2,
      targets: [{ id: 'x', damage: 1 }],
    });
  });

  it('checks Blast Power against the dice', () => {
    expect(() => resolveBlast({ attackDice: [6], blastDice: [6, 6], blastPower: 6 })).toThrow(/Blast Power 6/);
  });
});

describe('resolveFullAuto', () => {
  const shot = (attackDice: number[], targetId = 't') => ({
    defense: 'stand-tall' as const,
    attackDice,
    weaponDamage: 2,
    targetId,
  });

  it('fires again after each hit, at most three shots, empties the magazine', () => {
    const r = resolveFullAuto({ weapon: 'assault-rifle', shots: [shot([6]), shot([6, 6], 'u'), shot([1])] });
    expect(r.hits).toBe(2);
    expect(r.shots.map((s) => s.damageToTarget)).toEqual([2, 3, 0]);
    expect(r.shots[1]!.targetId).toBe('u');
    expect(r.mayFireAgain).toBe(false);
    expect(r.magazineEmptied).toBe(true);
    expect(resolveFullAuto({ shots: [shot([6])] }).mayFireAgain).toBe(true);
  });

  it('refuses follow-ups after a miss, a fourth shot, or a weapon without ◆', () => {
    const notAllowed = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return isRulesError(e) && e.code === 'not-allowed';
      }
      return false;
    };
    expect(notAllowed(() => resolveFullAuto({ shots: [shot([1]), shot([6])] }))).toBe(true);
    expect(notAllowed(() => resolveFullAuto({ shots: [shot([6]), shot([6]), shot([6]), shot([6])] }))).toBe(true);
    expect(notAllowed(() => resolveFullAuto({ weapon: 'handgun', shots: [shot([6])] }))).toBe(true);
  });
});

describe('resolveTaser', () => {
  it('deals no damage; no 6 on Strength −2 dice → loses next turn', () => {
    const r = resolveTaser({ defense: 'stand-tall', attackDice: [6, 6, 6], resistDice: [1, 5] });
    expect(r.hit).toBe(true);
    expect(r.attack.damageToTarget).toBe(0);
    expect(r.losesNextTurn).toBe(true);
    expect(resolveTaser({ defense: 'stand-tall', attackDice: [6], resistDice: [6] }).losesNextTurn).toBe(false);
    expect(resolveTaser({ defense: 'stand-tall', attackDice: [6] }).losesNextTurn).toBeNull();
    expect(resolveTaser({ defense: 'stand-tall', attackDice: [2] })).toMatchObject({ hit: false, losesNextTurn: null });
  });

  it('a fight-back against a taser can still hurt the attacker', () => {
    expect(
      resolveTaser({ defense: 'fight-back', attackDice: [2], defenseDice: [6], defenderWeaponDamage: 2 }).attack
        .damageToAttacker,
    ).toBe(2);
  });

  it('the resist pool is Strength −2 dice, following the zeroPool toggle', () => {
    expect(taserResistPool(4).dice).toBe(2);
    expect(taserResistPool(2).dice).toBe(0);
    expect(taserResistPool(2, { zeroPool: 'one-die' }).dice).toBe(1);
  });
});
