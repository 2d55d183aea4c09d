import { describe, expect, it } from 'vitest';
import { RulesError } from '../../errors';
import {
  DEFENSES,
  applyProtection,
  isOpposed,
  resolveAttack,
  resolveBlast,
  resolveFullAuto,
  resolveScatteredBlast,
  resolveTaser,
  taserResistPool,
  type AttackResult,
} from './combat';
import { getWeapon } from './equipment';

// Exact results and explanation steps of the seed's "Close Combat", "Ranged Combat", "Ambushes",
// "Weapons Table" (★ taser, ◆ full auto) and "Body Armor", one test per branch.
const seed = (section: string) => ({ section, source: 'seed' });
const CLOSE = seed('Close Combat');
const RANGED = seed('Ranged Combat');
const ARMOR = seed('Body Armor');
const WEAPONS = seed('Weapons Table');

function thrown(f: () => unknown): RulesError {
  try {
    f();
  } catch (error) {
    if (error instanceof RulesError) return error;
    throw error;
  }
  throw new Error('expected a RulesError');
}

/** Every number of an attack result, so a test can state them all at once. */
const NONE: Omit<AttackResult, 'defense' | 'steps'> = {
  hit: false,
  attackerSixes: 0,
  defenderSixes: 0,
  winner: 'none',
  damageBeforeProtection: 0,
  coverBlocked: 0,
  armorBlocked: 0,
  damageToTarget: 0,
  damageToAttackerBeforeArmor: 0,
  damageToAttacker: 0,
  defenderForfeitsNextTurn: false,
};

describe('applyProtection: cover first, then armour, each 6 stops 1', () => {
  it('explains both rolls', () => {
    expect(applyProtection(3, [6, 6, 1], [6])).toEqual({
      incoming: 3,
      coverBlocked: 2,
      armorBlocked: 1,
      damage: 0,
      steps: [
        { text: 'Cover: 2 sixes on 3 dice, 2 damage blocked, 1 left.', rule: RANGED },
        { text: 'Armour: 1 six on 1 die, 1 damage eliminated, 0 left.', rule: ARMOR },
      ],
    });
  });

  it('never blocks more than the damage left', () => {
    expect(applyProtection(1, [6, 6], [6, 6])).toEqual({
      incoming: 1,
      coverBlocked: 1,
      armorBlocked: 0,
      damage: 0,
      steps: [
        { text: 'Cover: 2 sixes on 2 dice, 1 damage blocked, 0 left.', rule: RANGED },
        { text: 'Armour: 2 sixes on 2 dice, 0 damage eliminated, 0 left.', rule: ARMOR },
      ],
    });
    expect(applyProtection(4, undefined, [6, 2])).toMatchObject({ coverBlocked: 0, armorBlocked: 1, damage: 3 });
  });

  it('no dice, no step', () => {
    expect(applyProtection(2, [], [])).toEqual({ incoming: 2, coverBlocked: 0, armorBlocked: 0, damage: 2, steps: [] });
    expect(applyProtection(2)).toEqual({ incoming: 2, coverBlocked: 0, armorBlocked: 0, damage: 2, steps: [] });
  });

  it('checks the damage and the dice', () => {
    expect(applyProtection(1000).damage).toBe(1000);
    expect(thrown(() => applyProtection(-1)).message).toBe('damage must be between 0 and 1000, got -1.');
    expect(thrown(() => applyProtection(1001)).message).toBe('damage must be between 0 and 1000, got 1001.');
    expect(thrown(() => applyProtection(1, [7])).message).toBe('coverDice[0] is 7, which is not a face of a d6 (1–6).');
    expect(thrown(() => applyProtection(1, [], [0])).message).toBe(
      'armorDice[0] is 0, which is not a face of a d6 (1–6).',
    );
  });
});

describe('resolveAttack: take the hit / stand tall', () => {
  it('the four defences, two of them opposed', () => {
    expect(DEFENSES).toEqual(['take-hit', 'stand-tall', 'fight-back', 'dodge']);
    expect(DEFENSES.map(isOpposed)).toEqual([false, false, true, true]);
  });

  it('a hit: base damage + 1 per extra 6 (close combat)', () => {
    expect(resolveAttack({ defense: 'take-hit', attackDice: [6, 6, 3], weaponDamage: 2 })).toEqual({
      ...NONE,
      defense: 'take-hit',
      hit: true,
      attackerSixes: 2,
      winner: 'attacker',
      damageBeforeProtection: 3,
      damageToTarget: 3,
      steps: [{ text: '2 sixes: a hit for 2 base damage + 1 for extra sixes = 3.', rule: CLOSE }],
    });
  });

  it('one six: base damage only, then cover and armour (ranged combat)', () => {
    expect(
      resolveAttack({ defense: 'stand-tall', attackDice: [6, 2], weaponDamage: 2, coverDice: [6], armorDice: [6, 6] }),
    ).toEqual({
      ...NONE,
      defense: 'stand-tall',
      hit: true,
      attackerSixes: 1,
      winner: 'attacker',
      damageBeforeProtection: 2,
      coverBlocked: 1,
      armorBlocked: 1,
      damageToTarget: 0,
      steps: [
        { text: '1 six: a hit for 2 base damage + 0 for extra sixes = 2.', rule: RANGED },
        { text: 'Cover: 1 six on 1 die, 1 damage blocked, 1 left.', rule: RANGED },
        { text: 'Armour: 2 sixes on 2 dice, 1 damage eliminated, 0 left.', rule: ARMOR },
      ],
    });
  });

  it('no six: a miss, and the protection dice are not rolled', () => {
    expect(resolveAttack({ defense: 'stand-tall', attackDice: [5, 1], weaponDamage: 2, armorDice: [6] })).toEqual({
      ...NONE,
      defense: 'stand-tall',
      steps: [{ text: 'No six: the attack misses.', rule: RANGED }],
    });
  });

  it('a weapon of damage 0 hits for nothing: no protection step', () => {
    expect(resolveAttack({ defense: 'take-hit', attackDice: [6], weaponDamage: 0, armorDice: [6] })).toMatchObject({
      hit: true,
      damageBeforeProtection: 0,
      armorBlocked: 0,
      damageToTarget: 0,
      steps: [{ text: '1 six: a hit for 0 base damage + 0 for extra sixes = 0.', rule: CLOSE }],
    });
  });

  it('an unaware target is ambushed: it must take the hit or stand tall (seed: Ambushes)', () => {
    expect(
      resolveAttack({ defense: 'take-hit', attackDice: [6], weaponDamage: 1, targetAware: false }).steps[0],
    ).toEqual({ text: 'The target is unaware: it cannot fight back or dodge.', rule: seed('Ambushes') });
    const fightBack = thrown(() =>
      resolveAttack({ defense: 'fight-back', attackDice: [6], weaponDamage: 1, defenseDice: [6], targetAware: false }),
    );
    expect([fightBack.code, fightBack.message]).toEqual([
      'not-allowed',
      'An unaware target must take the hit; it cannot fight back.',
    ]);
    expect(
      thrown(() =>
        resolveAttack({ defense: 'dodge', attackDice: [6], weaponDamage: 1, defenseDice: [6], targetAware: false }),
      ).message,
    ).toBe('An unaware target must stand tall; it cannot dodge.');
    expect(
      resolveAttack({ defense: 'take-hit', attackDice: [6], weaponDamage: 1, targetAware: true }).steps,
    ).toHaveLength(1);
  });

  it('refuses bad input with a sentence', () => {
    expect(thrown(() => resolveAttack({ defense: 'parry' as never, attackDice: [6], weaponDamage: 1 })).message).toBe(
      'Unknown defence "parry"; choose take-hit, stand-tall, fight-back or dodge.',
    );
    expect(
      thrown(() => resolveAttack({ defense: 'take-hit', attackDice: [6], weaponDamage: 1, defenseDice: [6] })).message,
    ).toBe('defenseDice only apply to fight-back or dodge, not to take-hit.');
    expect(resolveAttack({ defense: 'take-hit', attackDice: [6], weaponDamage: 1, defenseDice: [] }).hit).toBe(true);
    expect(thrown(() => resolveAttack({ defense: 'take-hit', attackDice: [6], weaponDamage: 21 })).message).toBe(
      'weaponDamage must be between 0 and 20, got 21.',
    );
    expect(resolveAttack({ defense: 'take-hit', attackDice: [6], weaponDamage: 20 }).damageToTarget).toBe(20);
    expect(
      thrown(() => resolveAttack({ defense: 'take-hit', attackDice: [6], weaponDamage: 1, defenderWeaponDamage: 21 }))
        .message,
    ).toBe('defenderWeaponDamage must be between 0 and 20, got 21.');
    // Protection dice are checked even on a miss, when they are not rolled.
    expect(
      thrown(() => resolveAttack({ defense: 'take-hit', attackDice: [1], weaponDamage: 1, coverDice: [7] })).message,
    ).toBe('coverDice[0] is 7, which is not a face of a d6 (1–6).');
    expect(
      thrown(() => resolveAttack({ defense: 'take-hit', attackDice: [1], weaponDamage: 1, armorDice: [7] })).message,
    ).toBe('armorDice[0] is 7, which is not a face of a d6 (1–6).');
    expect(
      thrown(() => resolveAttack({ defense: 'take-hit', attackDice: [1], weaponDamage: 1, attackerArmorDice: [7] }))
        .message,
    ).toBe('attackerArmorDice[0] is 7, which is not a face of a d6 (1–6).');
  });
});

describe('resolveAttack: fight back / dodge', () => {
  const forfeits = (defense: string, rule: object) => ({
    text: `The defender reacted (${defense}) and forfeits their next turn, but may keep reacting until then.`,
    rule,
  });

  it('the attacker rolls more 6s: 1 per 6 beyond those needed to win', () => {
    expect(
      resolveAttack({ defense: 'fight-back', attackDice: [6, 6, 6], weaponDamage: 2, defenseDice: [6, 2] }),
    ).toEqual({
      ...NONE,
      defense: 'fight-back',
      hit: true,
      attackerSixes: 3,
      defenderSixes: 1,
      winner: 'attacker',
      damageBeforeProtection: 3,
      damageToTarget: 3,
      defenderForfeitsNextTurn: true,
      steps: [
        { text: 'Opposed roll: attacker 3 sixes, defender 1 six.', rule: CLOSE },
        { text: 'The attacker wins: 2 base damage + 1 for sixes beyond the 2 needed = 3.', rule: CLOSE },
        forfeits('fight-back', CLOSE),
      ],
    });
  });

  it('equal 6s: no one is hurt in a fight-back, the attack misses a dodge', () => {
    expect(resolveAttack({ defense: 'fight-back', attackDice: [6], weaponDamage: 2, defenseDice: [6] })).toEqual({
      ...NONE,
      defense: 'fight-back',
      attackerSixes: 1,
      defenderSixes: 1,
      defenderForfeitsNextTurn: true,
      steps: [
        { text: 'Opposed roll: attacker 1 six, defender 1 six.', rule: CLOSE },
        { text: 'Equal sixes: no one is hurt.', rule: CLOSE },
        forfeits('fight-back', CLOSE),
      ],
    });
    expect(resolveAttack({ defense: 'dodge', attackDice: [2], weaponDamage: 2, defenseDice: [3] }).steps).toEqual([
      { text: 'Opposed roll: attacker 0 sixes, defender 0 sixes.', rule: RANGED },
      { text: 'Equal sixes: the attack misses.', rule: RANGED },
      forfeits('dodge', RANGED),
    ]);
  });

  it('the defender rolls more 6s in a dodge: a miss, never damage', () => {
    expect(
      resolveAttack({
        defense: 'dodge',
        attackDice: [6],
        weaponDamage: 2,
        defenseDice: [6, 6],
        defenderWeaponDamage: 3,
      }),
    ).toEqual({
      ...NONE,
      defense: 'dodge',
      attackerSixes: 1,
      defenderSixes: 2,
      winner: 'defender',
      defenderForfeitsNextTurn: true,
      steps: [
        { text: 'Opposed roll: attacker 1 six, defender 2 sixes.', rule: RANGED },
        { text: 'The defender rolls more sixes: the attack misses (a dodge never deals damage).', rule: RANGED },
        forfeits('dodge', RANGED),
      ],
    });
  });

  it("the defender wins a fight-back: the attacker takes the defender's damage, less the attacker's armour", () => {
    expect(
      resolveAttack({
        defense: 'fight-back',
        attackDice: [1],
        weaponDamage: 2,
        defenseDice: [6, 6],
        defenderWeaponDamage: 2,
        armorDice: [6],
        attackerArmorDice: [6],
      }),
    ).toEqual({
      ...NONE,
      defense: 'fight-back',
      attackerSixes: 0,
      defenderSixes: 2,
      winner: 'defender',
      damageToAttackerBeforeArmor: 3,
      damageToAttacker: 2,
      defenderForfeitsNextTurn: true,
      steps: [
        { text: 'Opposed roll: attacker 0 sixes, defender 2 sixes.', rule: CLOSE },
        {
          text: 'The defender wins the fight-back: the attacker takes 2 base damage + 1 for sixes beyond the 1 needed = 3.',
          rule: CLOSE,
        },
        forfeits('fight-back', CLOSE),
        { text: 'Armour: 1 six on 1 die, 1 damage eliminated, 2 left.', rule: ARMOR },
      ],
    });
  });

  it('asks for what an opposed roll needs', () => {
    expect(thrown(() => resolveAttack({ defense: 'dodge', attackDice: [6], weaponDamage: 2 })).message).toBe(
      "dodge is an opposed roll: give the defender's defenseDice.",
    );
    expect(
      thrown(() => resolveAttack({ defense: 'fight-back', attackDice: [2], weaponDamage: 2, defenseDice: [6] }))
        .message,
    ).toBe("The defender won the fight-back: give defenderWeaponDamage, the defender's weapon base damage.");
    expect(
      thrown(() => resolveAttack({ defense: 'dodge', attackDice: [2], weaponDamage: 2, defenseDice: [8] })).message,
    ).toBe('defenseDice[0] is 8, which is not a face of a d6 (1–6).');
  });
});

describe('explosives', () => {
  it('a miss scatters to an adjacent zone; nobody in the target zone is hurt', () => {
    expect(resolveBlast({ attackDice: [2, 3], blastDice: [6, 6], targets: [{ id: 'a', armorDice: [6] }] })).toEqual({
      hit: false,
      attackSixes: 0,
      blastSixes: 0,
      damage: 0,
      scatterToAdjacentZone: true,
      targets: [{ id: 'a', damage: 0, coverBlocked: 0, armorBlocked: 0 }],
      steps: [
        {
          text: 'No six on the attack: the explosive misses and a random adjacent zone is hit instead (resolve the blast there).',
          rule: RANGED,
        },
      ],
    });
  });

  it('a hit: Blast Power 6s + extra attack 6s to everyone, each with their own armour', () => {
    expect(
      resolveBlast({
        attackDice: [6, 6],
        blastDice: [6, 6, 1, 2],
        blastPower: 4,
        targets: [{ id: 'a', coverDice: [6], armorDice: [6] }, { id: 'b' }],
      }),
    ).toEqual({
      hit: true,
      attackSixes: 2,
      blastSixes: 2,
      damage: 3,
      scatterToAdjacentZone: false,
      targets: [
        { id: 'a', damage: 1, coverBlocked: 1, armorBlocked: 1 },
        { id: 'b', damage: 3, coverBlocked: 0, armorBlocked: 0 },
      ],
      steps: [
        {
          text: 'A hit: the blast rolls 4 dice for 2 sixes, + 1 for extra sixes on the attack = 3 damage to everyone in the zone.',
          rule: RANGED,
        },
        { text: 'a: 1 damage after cover and armour.', rule: ARMOR },
        { text: 'b: 3 damage after cover and armour.', rule: ARMOR },
      ],
    });
    expect(resolveBlast({ attackDice: [6], blastDice: [6] })).toMatchObject({
      damage: 1,
      targets: [],
      steps: [
        {
          text: 'A hit: the blast rolls 1 die for 1 six, + 0 for extra sixes on the attack = 1 damage to everyone in the zone.',
        },
      ],
    });
  });

  it('Blast Power must match the dice', () => {
    expect(thrown(() => resolveBlast({ attackDice: [6], blastDice: [6, 6], blastPower: 3 })).message).toBe(
      'Blast Power 3 rolls 3 dice, but 2 were given.',
    );
    expect(thrown(() => resolveBlast({ attackDice: [6], blastDice: [], blastPower: 0 })).message).toBe(
      'blastPower must be between 1 and 30, got 0.',
    );
    expect(thrown(() => resolveBlast({ attackDice: [6], blastDice: [], blastPower: 31 })).message).toBe(
      'blastPower must be between 1 and 30, got 31.',
    );
    expect(resolveBlast({ attackDice: [6], blastDice: Array<number>(30).fill(6), blastPower: 30 }).damage).toBe(30);
    expect(thrown(() => resolveBlast({ attackDice: [6], blastDice: [7] })).message).toBe(
      'blastDice[0] is 7, which is not a face of a d6 (1–6).',
    );
  });

  it('a scattered blast counts only the Blast Power dice', () => {
    expect(resolveScatteredBlast([6, 6, 3], [{ id: 'x', coverDice: [6] }])).toEqual({
      hit: true,
      attackSixes: 0,
      blastSixes: 2,
      damage: 2,
      scatterToAdjacentZone: false,
      targets: [{ id: 'x', damage: 1, coverBlocked: 1, armorBlocked: 0 }],
      steps: [
        {
          text: 'The blast lands in an adjacent zone: 2 sixes on the Blast Power dice = 2 damage to everyone there.',
          rule: RANGED,
        },
      ],
    });
    expect(resolveScatteredBlast([6]).targets).toEqual([]);
    expect(resolveScatteredBlast([6]).steps[0]!.text).toBe(
      'The blast lands in an adjacent zone: 1 six on the Blast Power dice = 1 damage to everyone there.',
    );
  });
});

describe('full auto (◆)', () => {
  const hit = { defense: 'stand-tall' as const, attackDice: [6], weaponDamage: 2 };
  const miss = { defense: 'stand-tall' as const, attackDice: [2], weaponDamage: 2 };

  it('explains each shot, the end of the burst and the empty magazine', () => {
    const r = resolveFullAuto({ weapon: 'assault-rifle', shots: [{ ...hit, targetId: 'a' }, miss] });
    expect(r.steps).toEqual([
      {
        text: 'Full auto: fire again after each hit, at most three shots; the burst empties the magazine.',
        rule: RANGED,
      },
      { text: 'Shot 1 at a: hit, 2 damage.', rule: RANGED },
      { text: 'Shot 2: miss, the burst ends.', rule: RANGED },
      { text: 'The magazine is empty; reloading is an action.', rule: RANGED },
    ]);
    expect([r.hits, r.mayFireAgain, r.magazineEmptied]).toEqual([1, false, true]);
    expect(r.shots.map((s) => s.targetId)).toEqual(['a', null]);
  });

  it('may fire again after a hit, up to three shots', () => {
    expect(resolveFullAuto({ shots: [hit] }).mayFireAgain).toBe(true);
    expect(resolveFullAuto({ shots: [hit, hit] }).mayFireAgain).toBe(true);
    const three = resolveFullAuto({ shots: [hit, hit, hit] });
    expect([three.hits, three.mayFireAgain]).toEqual([3, false]);
  });

  it('refuses weapons without ◆ and bursts the seed does not allow', () => {
    const handgun = thrown(() => resolveFullAuto({ weapon: 'handgun', shots: [hit] }));
    expect([handgun.code, handgun.message]).toEqual([
      'not-allowed',
      'The Handgun is not capable of fully automatic fire (◆).',
    ]);
    expect(thrown(() => resolveFullAuto({ weapon: getWeapon('knife'), shots: [hit] })).message).toBe(
      'The Knife is not capable of fully automatic fire (◆).',
    );
    expect(resolveFullAuto({ weapon: getWeapon('submachinegun'), shots: [hit] }).hits).toBe(1);
    expect(thrown(() => resolveFullAuto({ shots: [] })).message).toBe('A full-auto burst needs at least one shot.');
    expect(thrown(() => resolveFullAuto({ shots: [hit, hit, hit, hit] })).message).toBe(
      'A full-auto burst has at most 3 shots, 4 were given.',
    );
    const afterMiss = thrown(() => resolveFullAuto({ shots: [hit, miss, hit] }));
    expect([afterMiss.code, afterMiss.message]).toEqual([
      'not-allowed',
      'Shot 2 missed, so the burst ends: shot 3 cannot be fired.',
    ]);
  });
});

describe('taser (★)', () => {
  it('the resist pool is Strength at −2 dice', () => {
    expect(taserResistPool(4)).toMatchObject({ attribute: 'strength', base: 2, dice: 2, netDice: 2 });
    expect(taserResistPool(4).steps[0]!.text).toBe('Roll Strength (4), −2 dice.');
    expect(taserResistPool(1, { zeroPool: 'one-die' })).toMatchObject({ dice: 1, automaticFailure: false });
    expect(taserResistPool(1)).toMatchObject({ dice: 0, automaticFailure: true });
  });

  it('a hit deals no damage; the target then rolls to keep their turn', () => {
    const pending = resolveTaser({ defense: 'stand-tall', attackDice: [6, 6], armorDice: [6] });
    expect([pending.hit, pending.losesNextTurn, pending.attack.damageToTarget]).toEqual([true, null, 0]);
    expect(pending.steps).toEqual([
      { text: '2 sixes: the taser hits (it deals no damage).', rule: WEAPONS },
      { text: 'The target now rolls Strength at −2 dice; without a 6 they lose their next turn.', rule: WEAPONS },
    ]);
    const loses = resolveTaser({ defense: 'stand-tall', attackDice: [6], resistDice: [5, 1] });
    expect(loses.losesNextTurn).toBe(true);
    expect(loses.steps[1]).toEqual({
      text: 'The target rolls Strength −2 dice: 0 sixes, so they lose their next turn.',
      rule: WEAPONS,
    });
    const keeps = resolveTaser({ defense: 'stand-tall', attackDice: [6], resistDice: [6] });
    expect(keeps.losesNextTurn).toBe(false);
    expect(keeps.steps[1]!.text).toBe('The target rolls Strength −2 dice: 1 six, they keep their next turn.');
  });

  it('dodged: the opposed roll decides, then the resist roll', () => {
    const r = resolveTaser({ defense: 'dodge', attackDice: [6, 6], defenseDice: [6], resistDice: [2] });
    expect(r.steps).toEqual([
      { text: 'Opposed roll: attacker 2 sixes, defender 1 six.', rule: RANGED },
      { text: 'The attacker wins: the taser hits (it deals no damage).', rule: WEAPONS },
      {
        text: 'The defender reacted (dodge) and forfeits their next turn, but may keep reacting until then.',
        rule: RANGED,
      },
      { text: 'The target rolls Strength −2 dice: 0 sixes, so they lose their next turn.', rule: WEAPONS },
    ]);
    expect(r.attack.damageBeforeProtection).toBe(0);
  });

  it('a miss has no resist roll', () => {
    const miss = resolveTaser({ defense: 'stand-tall', attackDice: [3], resistDice: [] });
    expect([miss.hit, miss.losesNextTurn]).toEqual([false, null]);
    expect(miss.steps).toEqual([{ text: 'No six: the attack misses.', rule: RANGED }]);
    expect(thrown(() => resolveTaser({ defense: 'stand-tall', attackDice: [3], resistDice: [6] })).message).toBe(
      'The taser missed: there is no resist roll.',
    );
    expect(thrown(() => resolveTaser({ defense: 'stand-tall', attackDice: [6], resistDice: [7] })).message).toBe(
      'resistDice[0] is 7, which is not a face of a d6 (1–6).',
    );
  });
});
