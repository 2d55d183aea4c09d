import { describe, expect, it } from 'vitest';
import { RulesError } from '../../errors';
import {
  DEFENSE_TYPES,
  HIT_LOCATIONS,
  LOCATION_LABELS,
  OUTCOMES,
  RANGE_BAND_MODIFIER,
  UNARMED,
  coverEffect,
  grappleAction,
  hitLocation,
  locationOfDigit,
  modifyDamage,
  opposedWinner,
  rangedTn,
  resolveBlock,
  resolveGrapple,
  unarmedDamage,
} from './combat';
import { CRIT_FAIL, CRIT_SUCCESS, FAIL, SUCCESS, resolveTest } from './d100';
import { RULES } from './sections';

// Block, damage modifiers, range bands, cover, unarmed combat and grappling: every branch with
// its explanation asserted word for word and its citation.

/** The RulesError a call throws, as plain data, so code and sentence are asserted exactly. */
function rulesErrorOf(call: () => unknown): { code: string; message: string } {
  try {
    call();
  } catch (error) {
    if (error instanceof RulesError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a RulesError, but the call returned');
}

describe('combat vocabulary', () => {
  it('lists the locations, labels, defences, outcomes and range bands', () => {
    expect(HIT_LOCATIONS).toEqual(['body', 'right-leg', 'left-leg', 'right-arm', 'left-arm', 'head']);
    expect(LOCATION_LABELS).toEqual({
      body: 'Body',
      'right-leg': 'Right Leg',
      'left-leg': 'Left Leg',
      'right-arm': 'Right Arm',
      'left-arm': 'Left Arm',
      head: 'Head',
    });
    expect(DEFENSE_TYPES).toEqual(['none', 'evade', 'parry', 'block', 'counter']);
    expect(OUTCOMES).toEqual(['hit', 'miss', 'blocked', 'counter']);
    expect(RANGE_BAND_MODIFIER).toEqual({ close: 10, effective: 0, long: -20 });
  });

  it('hitLocation refuses a roll that is not a d100 face, naming it', () => {
    expect(rulesErrorOf(() => hitLocation(0))).toEqual({
      code: 'out-of-range',
      message: 'roll must be between 1 and 100, got 0.',
    });
    expect(hitLocation(100)).toBe('head');
  });

  it('locationOfDigit reads the ones digit, 10 counting as 0 (head)', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(locationOfDigit)).toEqual([
      'body',
      'body',
      'body',
      'body',
      'body',
      'right-leg',
      'left-leg',
      'right-arm',
      'left-arm',
      'head',
    ]);
  });
});

describe('resolveBlock', () => {
  it('damage above BR goes in full to the shield arm', () => {
    expect(resolveBlock({ damage: 9, br: 6 })).toEqual({
      effectiveBr: 6,
      damageToShieldArm: 9,
      steps: [
        {
          text: "Damage 9 exceeds BR 6: the full 9 damage goes to the shield arm (subtract that arm's AR).",
          rule: RULES.resolve,
        },
      ],
    });
  });

  it('damage equal to BR is stopped', () => {
    expect(resolveBlock({ damage: 6, br: 6, magic: false, magicBr: true })).toEqual({
      effectiveBr: 6,
      damageToShieldArm: 0,
      steps: [{ text: 'Damage 6 does not exceed BR 6: the shield stops it all.', rule: RULES.resolve }],
    });
  });

  it('magic damage halves a plain BR, rounding up', () => {
    expect(resolveBlock({ damage: 4, br: 7, magic: true })).toEqual({
      effectiveBr: 4,
      damageToShieldArm: 0,
      steps: [
        {
          text: 'Magic damage against a shield without magic BR: BR 7 counts as half, rounded up: 4.',
          rule: RULES.resolve,
        },
        { text: 'Damage 4 does not exceed BR 4: the shield stops it all.', rule: RULES.resolve },
      ],
    });
    expect(resolveBlock({ damage: 5, br: 7, magic: true, magicBr: false }).damageToShieldArm).toBe(5);
  });

  it('a magic BR is not halved, and says so', () => {
    expect(resolveBlock({ damage: 5, br: 7, magic: true, magicBr: true })).toEqual({
      effectiveBr: 7,
      damageToShieldArm: 0,
      steps: [
        { text: "The shield's BR 7 is magical, so it is not halved against magic damage.", rule: RULES.resolve },
        { text: 'Damage 5 does not exceed BR 7: the shield stops it all.', rule: RULES.resolve },
      ],
    });
  });

  it('refuses numbers out of range', () => {
    expect(rulesErrorOf(() => resolveBlock({ damage: -1, br: 3 })).message).toBe(
      'damage must be between 0 and 1000, got -1.',
    );
    expect(rulesErrorOf(() => resolveBlock({ damage: 1, br: 1001 })).message).toBe(
      'br must be between 0 and 1000, got 1001.',
    );
  });
});

describe('modifyDamage', () => {
  it('penetrable cover: the lower of two rolls, whichever comes first', () => {
    expect(modifyDamage({ kind: 'penetrable-cover', rolls: [7, 4] })).toEqual({
      damage: 4,
      steps: [{ text: 'Penetrable cover: damage rolled twice (7, 4); the lower, 4, counts.', rule: RULES.cover }],
    });
    expect(modifyDamage({ kind: 'penetrable-cover', rolls: [3, 8] }).damage).toBe(3);
  });

  it('a blocked area attack: half, rounded up', () => {
    expect(modifyDamage({ kind: 'area-block', damage: 7 })).toEqual({
      damage: 4,
      steps: [{ text: 'Blocked area attack: 7 damage halved, rounded up: 4.', rule: RULES.areaOfEffect }],
    });
  });

  it('swimming: half, rounded up', () => {
    expect(modifyDamage({ kind: 'swimming', damage: 9 })).toEqual({
      damage: 5,
      steps: [{ text: 'Fighting in water: attacks deal half damage, 9 → 5 (rounded up).', rule: RULES.swimming }],
    });
  });

  it('swinging or jumping: +1 per 2 m, rounded down', () => {
    expect(modifyDamage({ kind: 'swing', damage: 6, meters: 5 })).toEqual({
      damage: 8,
      steps: [
        {
          text: 'Swinging or jumping 5 m into the attack: +1 damage per 2 m (round down) = +2, 6 → 8.',
          rule: RULES.swinging,
        },
      ],
    });
  });

  it('refuses malformed modifiers with a sentence', () => {
    const twoRolls = 'Penetrable cover needs exactly two damage rolls (roll damage twice, take the lower).';
    expect(rulesErrorOf(() => modifyDamage({ kind: 'penetrable-cover', rolls: [7] }))).toEqual({
      code: 'invalid-input',
      message: twoRolls,
    });
    expect(rulesErrorOf(() => modifyDamage({ kind: 'penetrable-cover', rolls: [1, 2, 3] })).message).toBe(twoRolls);
    expect(rulesErrorOf(() => modifyDamage({ kind: 'penetrable-cover', rolls: 7 as never })).message).toBe(twoRolls);
    expect(rulesErrorOf(() => modifyDamage({ kind: 'penetrable-cover', rolls: [7, -1] })).message).toBe(
      'rolls[1] must be between 0 and 1000, got -1.',
    );
    expect(rulesErrorOf(() => modifyDamage({ kind: 'area-block', damage: 1001 })).message).toBe(
      'damage must be between 0 and 1000, got 1001.',
    );
    expect(rulesErrorOf(() => modifyDamage({ kind: 'swimming', damage: -1 })).message).toBe(
      'damage must be between 0 and 1000, got -1.',
    );
    expect(rulesErrorOf(() => modifyDamage({ kind: 'swing', damage: -1, meters: 2 })).message).toBe(
      'damage must be between 0 and 1000, got -1.',
    );
    expect(rulesErrorOf(() => modifyDamage({ kind: 'swing', damage: 6, meters: -2 })).message).toBe(
      'meters must be between 0 and 1000, got -2.',
    );
    expect(rulesErrorOf(() => modifyDamage({ kind: 'lava' } as never))).toEqual({
      code: 'invalid-input',
      message: 'Unknown damage modifier kind "lava".',
    });
  });
});

describe('rangedTn', () => {
  it('close +10, effective +0, long −20, each named', () => {
    expect(rangedTn(50, 'close')).toEqual({
      tn: 60,
      steps: [{ text: 'Close range: +10 → 60.', rule: RULES.rangeBands }],
    });
    expect(rangedTn(50, 'effective', true)).toEqual({
      tn: 50,
      steps: [{ text: 'Effective range: +0 → 50.', rule: RULES.rangeBands }],
    });
    expect(rangedTn(50, 'long').steps).toEqual([{ text: 'Long range: -20 → 30.', rule: RULES.rangeBands }]);
  });

  it('a weapon outside the combat style: a further −20', () => {
    expect(rangedTn(50, 'long', false)).toEqual({
      tn: 10,
      steps: [
        { text: 'Long range: -20 → 30.', rule: RULES.rangeBands },
        { text: 'The weapon is not in the combat style: −20 → 10.', rule: RULES.attack },
      ],
    });
  });

  it('refuses an unknown band or a TN out of range', () => {
    expect(rulesErrorOf(() => rangedTn(50, 'extreme' as never))).toEqual({
      code: 'invalid-input',
      message: 'Unknown range band "extreme"; use close, effective or long.',
    });
    expect(rulesErrorOf(() => rangedTn(201, 'close')).message).toBe('tn must be between -100 and 200, got 201.');
  });
});

describe('coverEffect', () => {
  it('impenetrable: cannot be hit', () => {
    expect(coverEffect('impenetrable')).toEqual({
      canHit: false,
      damage: 'normal',
      steps: [{ text: 'Behind impenetrable cover the target simply cannot be hit.', rule: RULES.cover }],
    });
  });

  it('penetrable: no penalty, lower of two damage rolls', () => {
    expect(coverEffect('penetrable')).toEqual({
      canHit: true,
      damage: 'lower-of-two',
      steps: [
        { text: 'Penetrable cover: no penalty to hit, but roll damage twice and take the lower.', rule: RULES.cover },
      ],
    });
  });

  it('no cover: nothing changes', () => {
    expect(coverEffect('none')).toEqual({ canHit: true, damage: 'normal', steps: [] });
  });

  it('refuses an unknown cover', () => {
    expect(rulesErrorOf(() => coverEffect('glass' as never))).toEqual({
      code: 'invalid-input',
      message: 'Unknown cover "glass"; use none, penetrable or impenetrable.',
    });
  });
});

describe('unarmed combat', () => {
  it('punches and kicks: 1d4 at 1 m, with the seed notes', () => {
    expect(UNARMED).toEqual({
      name: 'Punches/Kicks',
      damage: '1d4',
      dieSides: 4,
      rangeMeters: 1,
      notes:
        'Cannot be disarmed or enchanted. Unarmed parry and counter-attack only against opponents within your own engagement range.',
    });
  });

  it('unarmed damage is the d4 face, 1 to 4', () => {
    expect(unarmedDamage(1)).toBe(1);
    expect(unarmedDamage(4)).toBe(4);
    expect(rulesErrorOf(() => unarmedDamage(5)).message).toBe(
      'unarmed damage die (d4) must be between 1 and 4, got 5.',
    );
    expect(rulesErrorOf(() => unarmedDamage(0)).message).toBe(
      'unarmed damage die (d4) must be between 1 and 4, got 0.',
    );
  });
});

describe('opposedWinner', () => {
  const ok = (dos: number) => SUCCESS + 4 * dos;
  const crit = (dos: number) => CRIT_SUCCESS + 4 * dos;
  const fail = FAIL + 4;
  const fumble = CRIT_FAIL + 4;

  it('a success beats a failure, either side', () => {
    expect(opposedWinner(ok(1), fail)).toBe(1);
    expect(opposedWinner(fail, ok(1))).toBe(2);
    expect(opposedWinner(fumble, crit(1))).toBe(2);
  });

  it('two failures: nobody', () => {
    expect(opposedWinner(fail, fumble)).toBe(0);
    expect(opposedWinner(fumble, fail)).toBe(0);
  });

  it('a critical beats a normal success whatever the DoS', () => {
    expect(opposedWinner(crit(1), ok(9))).toBe(1);
    expect(opposedWinner(ok(9), crit(1))).toBe(2);
  });

  it('the same kind of success: more DoS wins, equal is a tie', () => {
    expect(opposedWinner(ok(4), ok(3))).toBe(1);
    expect(opposedWinner(ok(3), ok(4))).toBe(2);
    expect(opposedWinner(ok(3), ok(3))).toBe(0);
    expect(opposedWinner(crit(5), crit(2))).toBe(1);
    expect(opposedWinner(crit(2), crit(5))).toBe(2);
  });
});

describe('resolveGrapple', () => {
  it('the grappler wins: the target is Restrained', () => {
    expect(resolveGrapple({ grappler: { tn: 50, roll: 30 }, target: { tn: 40, roll: 20 } })).toEqual({
      allowed: true,
      restrained: true,
      grapplerTn: 50,
      grappler: resolveTest({ tn: 50, roll: 30 }),
      target: resolveTest({ tn: 40, roll: 20 }),
      steps: [
        {
          text: 'Grappler success, 3 DoS against target success, 2 DoS: the grappler wins and the target is Restrained.',
          rule: RULES.grappling,
        },
      ],
    });
  });

  it('the target resists', () => {
    expect(resolveGrapple({ grappler: { tn: 50, roll: 60 }, target: { tn: 40, roll: 35 } })).toMatchObject({
      allowed: true,
      restrained: false,
      steps: [
        {
          text: 'Grappler failure, 2 DoF against target success, 3 DoS: the target resists.',
          rule: RULES.grappling,
        },
      ],
    });
  });

  it('a tie leaves the target free, citing our default', () => {
    expect(resolveGrapple({ grappler: { tn: 50, roll: 31 }, target: { tn: 40, roll: 35 } })).toMatchObject({
      restrained: false,
      steps: [
        {
          text: 'Grappler success, 3 DoS against target success, 3 DoS: a tie, the target stays free.',
          rule: RULES.opposedTies,
        },
      ],
    });
  });

  it('criticals count: an NPC 01–03 grapples a target with more DoS', () => {
    expect(
      resolveGrapple({ grappler: { tn: 50, roll: 2, npc: true }, target: { tn: 60, roll: 55, npc: true } }),
    ).toMatchObject({
      restrained: true,
      steps: [
        {
          text: 'Grappler critical success, 1 DoS against target success, 5 DoS: the grappler wins and the target is Restrained.',
          rule: RULES.grappling,
        },
      ],
    });
    expect(
      resolveGrapple({ grappler: { tn: 20, roll: 77, lucky: [77] }, target: { tn: 90, roll: 85 } }, 'one').steps[0]!
        .text,
    ).toBe(
      'Grappler critical success, 1 DoS against target success, 8 DoS: the grappler wins and the target is Restrained.',
    );
  });

  it('a larger target: −30 to the grappler, with a step', () => {
    expect(resolveGrapple({ grappler: { tn: 50, roll: 15 }, target: { tn: 40, roll: 50 }, sizeDifference: 1 })).toEqual(
      {
        allowed: true,
        restrained: true,
        grapplerTn: 20,
        grappler: resolveTest({ tn: 20, roll: 15 }),
        target: resolveTest({ tn: 40, roll: 50 }),
        steps: [
          { text: 'The target is larger: −30 to grapple → TN 20.', rule: RULES.grappling },
          {
            text: 'Grappler success, 1 DoS against target failure, 2 DoF: the grappler wins and the target is Restrained.',
            rule: RULES.grappling,
          },
        ],
      },
    );
  });

  it('a smaller target: no penalty', () => {
    expect(
      resolveGrapple({ grappler: { tn: 50, roll: 15 }, target: { tn: 40, roll: 50 }, sizeDifference: -3 }).grapplerTn,
    ).toBe(50);
  });

  it('2 or more sizes larger: not allowed', () => {
    for (const sizeDifference of [2, 10]) {
      expect(resolveGrapple({ grappler: { tn: 50, roll: 30 }, target: { tn: 40, roll: 50 }, sizeDifference })).toEqual({
        allowed: false,
        restrained: false,
        grapplerTn: 50,
        grappler: null,
        target: null,
        steps: [{ text: 'A creature 2 or more sizes larger cannot be grappled.', rule: RULES.grappling }],
      });
    }
  });

  it('without an unarmed combat style: not allowed', () => {
    expect(
      resolveGrapple({ grappler: { tn: 50, roll: 30 }, target: { tn: 40, roll: 50 }, unarmedStyle: false }),
    ).toEqual({
      allowed: false,
      restrained: false,
      grapplerTn: 50,
      grappler: null,
      target: null,
      steps: [{ text: 'Only a character with an unarmed Combat Style can grapple.', rule: RULES.grappling }],
    });
    expect(
      resolveGrapple({ grappler: { tn: 50, roll: 30 }, target: { tn: 40, roll: 20 }, unarmedStyle: true }).restrained,
    ).toBe(true);
  });

  it('refuses a size step, a TN or a penalised TN out of range', () => {
    expect(
      rulesErrorOf(() =>
        resolveGrapple({ grappler: { tn: 50, roll: 30 }, target: { tn: 40, roll: 50 }, sizeDifference: -11 }),
      ).message,
    ).toBe('sizeDifference must be between -10 and 10, got -11.');
    expect(
      rulesErrorOf(() => resolveGrapple({ grappler: { tn: 201, roll: 30 }, target: { tn: 40, roll: 50 } })).message,
    ).toBe('grappler.tn must be between -100 and 200, got 201.');
    expect(
      rulesErrorOf(() =>
        resolveGrapple({ grappler: { tn: -80, roll: 30 }, target: { tn: 40, roll: 50 }, sizeDifference: 1 }),
      ).message,
    ).toBe('The grappler TN after the size penalty must be between -100 and 200, got -110.');
  });
});

describe('grappleAction', () => {
  it('takedown: both Prone, 1 AP', () => {
    expect(grappleAction({ action: 'takedown' })).toEqual({
      allowed: true,
      apCost: 1,
      targetCanDefend: true,
      steps: [
        {
          text: 'Takedown: both combatants fall Prone; the grappler ignores prone penalties against the target.',
          rule: RULES.grappling,
        },
      ],
    });
  });

  it('move: drag both up to SB metres', () => {
    expect(grappleAction({ action: 'move', strengthBonus: 3 })).toEqual({
      allowed: true,
      apCost: 1,
      targetCanDefend: true,
      dragMeters: 3,
      steps: [{ text: 'Move: drag both combatants up to SB = 3 m.', rule: RULES.grappling }],
    });
    expect(rulesErrorOf(() => grappleAction({ action: 'move' })).message).toBe(
      'strengthBonus must be a whole number, got nothing.',
    );
    expect(rulesErrorOf(() => grappleAction({ action: 'move', strengthBonus: 21 })).message).toBe(
      'strengthBonus must be between 0 and 20, got 21.',
    );
  });

  it('unarmed attack: drains 1 SP, the target cannot defend', () => {
    expect(grappleAction({ action: 'attack', targetProne: true })).toEqual({
      allowed: true,
      apCost: 1,
      targetCanDefend: false,
      staminaDrain: 1,
      coupDeGrace: false,
      steps: [
        {
          text: 'Unarmed attack on the Restrained target (who cannot defend): drain 1 SP instead of dealing damage.',
          rule: RULES.grappling,
        },
      ],
    });
  });

  it('armed attack with a short weapon: the target cannot defend', () => {
    const armed = {
      allowed: true,
      apCost: 1,
      targetCanDefend: false,
      coupDeGrace: false,
      steps: [{ text: 'Attack the Restrained target, who cannot defend.', rule: RULES.grappling }],
    };
    expect(grappleAction({ action: 'attack', armed: true })).toEqual(armed);
    expect(grappleAction({ action: 'attack', armed: true, weaponRange: 1, targetProne: false })).toEqual(armed);
  });

  it('armed attack on a Prone and Restrained target: may be a Coup de Grace', () => {
    expect(grappleAction({ action: 'attack', armed: true, weaponRange: 0, targetProne: true })).toEqual({
      allowed: true,
      apCost: 1,
      targetCanDefend: false,
      coupDeGrace: true,
      steps: [
        { text: 'Attack the Restrained target, who cannot defend.', rule: RULES.grappling },
        {
          text: 'The target is Prone and Restrained and the attacker is armed: this may be a Coup de Grace.',
          rule: RULES.grappling,
        },
      ],
    });
  });

  it('a weapon longer than 1 m cannot be used', () => {
    expect(grappleAction({ action: 'attack', armed: true, weaponRange: 2, targetProne: true })).toEqual({
      allowed: false,
      apCost: 1,
      targetCanDefend: false,
      steps: [
        {
          text: 'A weapon with 2 m range is too long: attacks in a grapple need 1 m range or less.',
          rule: RULES.grappling,
        },
      ],
    });
    expect(rulesErrorOf(() => grappleAction({ action: 'attack', armed: true, weaponRange: 101 })).message).toBe(
      'weaponRange must be between 0 and 100, got 101.',
    );
  });

  it('refuses an unknown action', () => {
    expect(rulesErrorOf(() => grappleAction({ action: 'hug' } as never))).toEqual({
      code: 'invalid-input',
      message: 'Unknown grapple action "hug"; use takedown, move or attack.',
    });
  });
});
