import { describe, expect, it } from 'vitest';
import { RulesError } from '../../errors';
import {
  aimApplies,
  aimedDamage,
  ammoAfterAttack,
  attackAffectedByArmor,
  coverTierOf,
  coverValue,
  damageDie,
  declareAim,
  impairmentReasons,
  isDieSize,
  requireDieSize,
  resolveAttack,
  resolveBlast,
  updateAimSight,
  type AttackerRoll,
} from './combat';

const seed = (section: string) => ({ section, source: 'seed' });
const book = (section: string) => ({ section, source: 'book' });
const attacking = seed('Attacking & Damage');
const modifiers = seed('Attack Modifiers');

function errorOf(call: () => unknown): RulesError {
  try {
    call();
  } catch (error) {
    if (error instanceof RulesError) return error;
    throw error;
  }
  throw new Error('expected a RulesError');
}

const plain = (...faces: number[][]): AttackerRoll[] => faces.map((f) => ({ dice: f.map((face) => ({ face })) }));
const texts = (steps: readonly { text: string }[]) => steps.map((s) => s.text);

describe('damage die explanations (seed: Attack Modifiers)', () => {
  it('no Edges: the die as it is', () => {
    expect(damageDie({ die: 8 })).toEqual({
      die: 8,
      baseDie: 8,
      edges: 0,
      stepsGained: 0,
      impaired: false,
      reasons: [],
      steps: [{ text: "No Edges: the weapon's d8 is rolled as it is.", rule: modifiers }],
    });
  });

  it('Edges that all count', () => {
    expect(damageDie({ die: 8, edges: 1 }).steps).toEqual([{ text: '1 Edge step d8 up to d10.', rule: modifiers }]);
    const two = damageDie({ die: 8, edges: 2 });
    expect(two).toMatchObject({ die: 12, stepsGained: 2, impaired: false });
    expect(two.steps).toEqual([{ text: '2 Edges step d8 up to d12.', rule: modifiers }]);
  });

  it('Edges past d12 are lost, one or several', () => {
    expect(damageDie({ die: 10, edges: 2 }).steps).toEqual([
      { text: '2 Edges step d10 up to d12; damage dice stop at d12, so 1 Edge is lost.', rule: modifiers },
    ]);
    expect(damageDie({ die: 10, edges: 3 }).steps).toEqual([
      { text: '3 Edges step d10 up to d12; damage dice stop at d12, so 2 Edges are lost.', rule: modifiers },
    ]);
    expect(damageDie({ die: 12, edges: 1 })).toMatchObject({ die: 12, stepsGained: 0 });
    expect(damageDie({ die: 4, edges: 10 })).toMatchObject({ die: 12, stepsGained: 4 });
  });

  it('Impaired without reasons, with and without Edges', () => {
    expect(damageDie({ die: 12, impaired: true })).toEqual({
      die: 4,
      baseDie: 12,
      edges: 0,
      stepsGained: 0,
      impaired: true,
      reasons: [],
      steps: [{ text: 'The attack is Impaired: it does d4 damage.', rule: modifiers }],
    });
    expect(damageDie({ die: 12, edges: 1, impaired: true }).steps).toEqual([
      { text: 'The attack is Impaired: it does d4 damage and its 1 Edge cannot improve it.', rule: modifiers },
    ]);
  });

  it('Impaired with reasons: one step per reason with its own section, then the summary', () => {
    const r = damageDie({ die: 8, edges: 2, impaired: ['behind-heavy-cover', 'hardened-target'] });
    expect(r).toMatchObject({ die: 4, impaired: true, reasons: ['behind-heavy-cover', 'hardened-target'] });
    expect(r.steps).toEqual([
      { text: 'Impaired: the attacker is behind Heavy Cover.', rule: seed('Cover') },
      { text: 'Impaired: the target is Hardened and the attack is affected by Armor.', rule: seed('Hardened') },
      {
        text: 'The attack is Impaired because the attacker is behind Heavy Cover and the target is Hardened and the attack is affected by Armor: it does d4 damage and its 2 Edges cannot improve it.',
        rule: modifiers,
      },
    ]);
    expect(damageDie({ die: 6, impaired: ['distant-target', 'enemy-beside', 'other'] }).steps).toEqual([
      { text: 'Impaired: the target is especially distant.', rule: seed('Ranged Attacks') },
      { text: 'Impaired: an unimpaired enemy is beside the shooter.', rule: seed('Ranged Attacks') },
      { text: 'Impaired: the Admin rules the attack Impaired.', rule: modifiers },
      {
        text: 'The attack is Impaired because the target is especially distant and an unimpaired enemy is beside the shooter and the Admin rules the attack Impaired: it does d4 damage.',
        rule: modifiers,
      },
    ]);
  });

  it('an empty reason list or false is not Impaired', () => {
    expect(damageDie({ die: 6, edges: 1, impaired: [] })).toMatchObject({ die: 8, impaired: false });
    expect(damageDie({ die: 6, edges: 1, impaired: false })).toMatchObject({ die: 8, impaired: false });
  });

  it('names a die or Edges that do not exist', () => {
    const e = errorOf(() => damageDie({ die: 20 as 12 }));
    expect(e.message).toBe('die must be a damage die of 4, 6, 8, 10 or 12 sides, got 20.');
    expect(e.details).toEqual({ name: 'die', value: 20 });
    expect(errorOf(() => damageDie({ die: 6, edges: 11 })).message).toBe('edges must be between 0 and 10, got 11.');
    expect(errorOf(() => requireDieSize('weapon', '8')).message).toBe(
      'weapon must be a damage die of 4, 6, 8, 10 or 12 sides, got "8".',
    );
    expect(isDieSize('8')).toBe(false);
    expect(isDieSize(10)).toBe(true);
    expect(isDieSize(5)).toBe(false);
  });
});

describe('impairment reasons', () => {
  it('Hardened: affected by Armor unless piercing or the target has no Armor left', () => {
    expect(attackAffectedByArmor(false, undefined)).toBe(true);
    expect(attackAffectedByArmor(false, 1)).toBe(true);
    expect(attackAffectedByArmor(false, 0)).toBe(false);
    expect(attackAffectedByArmor(true, 3)).toBe(false);
    expect(impairmentReasons({ targetHardened: false, targetArmor: 2 })).toEqual([]);
    expect(impairmentReasons({ targetHardened: true, targetArmor: 1, piercing: false })).toEqual(['hardened-target']);
  });

  it('each ranged reason needs a ranged attack; all reasons in seed order', () => {
    expect(impairmentReasons({ ranged: true, distantTarget: true })).toEqual(['distant-target']);
    expect(impairmentReasons({ ranged: true, unimpairedEnemyBeside: true })).toEqual(['enemy-beside']);
    expect(impairmentReasons({ ranged: true })).toEqual([]);
    expect(impairmentReasons({ unimpairedEnemyBeside: true })).toEqual([]);
    expect(
      impairmentReasons({
        attackerBehindHeavyCover: true,
        targetHardened: true,
        ranged: true,
        distantTarget: true,
        unimpairedEnemyBeside: true,
      }),
    ).toEqual(['behind-heavy-cover', 'hardened-target', 'distant-target', 'enemy-beside']);
    expect(impairmentReasons({})).toEqual([]);
  });
});

describe('cover values (seed: Cover)', () => {
  it('every tier name and value', () => {
    expect(coverValue('none')).toBe(0);
    expect(coverValue('light')).toBe(1);
    expect(coverValue(0)).toBe(0);
    expect(coverValue(1)).toBe(1);
    expect(coverTierOf(0)).toBe('none');
    expect(coverTierOf(1)).toBe('light');
    expect(coverTierOf(2)).toBe('heavy');
  });

  it('names anything else, including inherited names', () => {
    const e = errorOf(() => coverValue(3));
    expect(e.message).toBe('Cover must be none (0), light (+1) or heavy (+2), got 3.');
    expect(e.details).toEqual({ cover: 3 });
    expect(errorOf(() => coverValue('toString' as 'light')).message).toBe(
      'Cover must be none (0), light (+1) or heavy (+2), got "toString".',
    );
    expect(errorOf(() => coverValue('1' as unknown as number)).message).toBe(
      'Cover must be none (0), light (+1) or heavy (+2), got "1".',
    );
  });
});

describe('attack explanations (seed: Attacking & Damage)', () => {
  it('one attacker, no protection: the roll, the highest result, the damage', () => {
    const r = resolveAttack({ attackers: plain([5]) });
    expect(r).toEqual({
      kept: 5,
      keptAttacker: 0,
      keptWeapon: null,
      assists: 0,
      total: 5,
      cover: 0,
      armor: 0,
      piercing: false,
      damage: 5,
      shred: false,
      armorAfter: 0,
      attackers: [{ index: 0, id: null, result: 5, die: 0, weapon: null, role: 'kept' }],
      steps: [
        { text: 'attacker 1 rolls 5.', rule: attacking },
        { text: 'The highest result is 5 (attacker 1).', rule: attacking },
        { text: 'The attack deals 5 damage to Stamina.', rule: attacking },
      ],
    });
  });

  it('names the attacker and its weapon', () => {
    const r = resolveAttack({ attackers: [{ id: 'Vex', dice: [{ face: 7, weapon: 'Rifle' }] }] });
    expect(texts(r.steps)).toEqual([
      'Vex rolls 7 with Rifle.',
      'The highest result is 7 (Vex).',
      'The attack deals 7 damage to Stamina.',
    ]);
    expect(r).toMatchObject({ keptWeapon: 'Rifle', attackers: [{ id: 'Vex', weapon: 'Rifle' }] });
  });

  it('an aimed die cites Attack Modifiers and says it is the maximum', () => {
    const r = resolveAttack({ attackers: [{ dice: [{ face: 2, sides: 8, aimed: true }] }] });
    expect(r.steps[0]).toEqual({ text: 'attacker 1 rolls 8 (aimed: maximum).', rule: modifiers });
    expect(r.damage).toBe(8);
    const e = errorOf(() => resolveAttack({ attackers: [{ id: 'Vex', dice: [{ face: 2, aimed: true }] }] }));
    expect(e.message).toBe('Vex die 1 is aimed, so its die size is needed to deal maximum damage.');
  });

  it('dual wield: both dice, the higher kept, citing Attack Modifiers', () => {
    const r = resolveAttack({ attackers: plain([3, 8]) });
    expect(r.steps[0]).toEqual({ text: 'attacker 1 dual-wields: rolled 3 and 8, keeps the higher, 8.', rule: modifiers });
    expect(r.attackers[0]).toMatchObject({ result: 8, die: 1 });
    const aimed = resolveAttack({ attackers: [{ dice: [{ face: 5 }, { face: 1, sides: 6, aimed: true }] }] });
    expect(aimed.steps[0]!.text).toBe('attacker 1 dual-wields: rolled 5 and 6 (aimed: maximum), keeps the higher, 6.');
    expect(resolveAttack({ attackers: plain([8, 3]) }).attackers[0]).toMatchObject({ result: 8, die: 0 });
  });

  it('dual wield, equal faces: the die whose effects help is kept (piercing, then shred, else the first)', () => {
    const pierce = resolveAttack({
      attackers: [{ dice: [{ face: 6, weapon: 'Pistol' }, { face: 6, weapon: 'Needler', tags: { piercing: true } }] }],
      armor: 2,
    });
    expect(pierce).toMatchObject({ keptWeapon: 'Needler', piercing: true, damage: 6 });
    expect(pierce.attackers[0]!.die).toBe(1);
    const shred = resolveAttack({
      attackers: [{ dice: [{ face: 6, weapon: 'Pistol' }, { face: 6, weapon: 'Ripper', tags: { shred: true } }] }],
      armor: 2,
    });
    expect(shred).toMatchObject({ keptWeapon: 'Ripper', shred: true, armorAfter: 1 });
    const first = resolveAttack({
      attackers: [{ dice: [{ face: 6, weapon: 'Ripper', tags: { shred: true } }, { face: 6, weapon: 'Pistol' }] }],
    });
    expect(first).toMatchObject({ keptWeapon: 'Ripper' });
    // Effects only break ties: a lower piercing die never beats a higher plain one.
    const lowerPiercing = resolveAttack({
      attackers: [{ dice: [{ face: 8, weapon: 'Pistol' }, { face: 5, weapon: 'Needler', tags: { piercing: true } }] }],
      armor: 3,
    });
    expect(lowerPiercing).toMatchObject({ keptWeapon: 'Pistol', piercing: false, damage: 5 });
    expect(lowerPiercing.attackers[0]!.die).toBe(0);
    const same = resolveAttack({ attackers: [{ dice: [{ face: 6, weapon: 'Left' }, { face: 6, weapon: 'Right' }] }] });
    expect(same.keptWeapon).toBe('Left');
    // With every weapon piercing, shred decides the tie.
    const global = resolveAttack({
      attackers: [{ dice: [{ face: 6, weapon: 'Needler', tags: { piercing: true } }, { face: 6, weapon: 'Ripper', tags: { shred: true } }] }],
      armor: 1,
      piercing: true,
    });
    expect(global.keptWeapon).toBe('Ripper');
  });

  it('assists: none, one, several, each sentence whole', () => {
    expect(texts(resolveAttack({ attackers: plain([6], [3], [2]) }).steps).slice(3, 5)).toEqual([
      'Assist: no other result is 4 or more.',
      'The highest result is 6 (attacker 1).',
    ]);
    const one = resolveAttack({ attackers: plain([6], [4], [2]) });
    expect(one.steps.slice(3, 5)).toEqual([
      { text: 'Assist: 1 other result of 4 or more is discarded for +1 damage.', rule: attacking },
      { text: 'The highest result is 6 (attacker 1), +1 from assists = 7.', rule: attacking },
    ]);
    expect(one.attackers.map((a) => a.role)).toEqual(['kept', 'assist', 'unused']);
    const two = resolveAttack({ attackers: plain([4], [9], [5]) });
    expect(texts(two.steps).slice(3, 5)).toEqual([
      'Assist: 2 other results of 4 or more are discarded for +2 damage.',
      'The highest result is 9 (attacker 2), +2 from assists = 11.',
    ]);
    expect(two).toMatchObject({ keptAttacker: 1, total: 11, damage: 11 });
  });

  it('a tie at 4 or more says which one assists; a tie under 4 does not', () => {
    expect(resolveAttack({ attackers: plain([5], [5]) }).steps[2]!.text).toBe(
      'Assist: 1 other result of 4 or more is discarded for +1 damage (5 was rolled 2 times: one is kept, the other assists).',
    );
    expect(resolveAttack({ attackers: plain([4], [4], [4]) }).steps[3]!.text).toBe(
      'Assist: 2 other results of 4 or more are discarded for +2 damage (4 was rolled 3 times: one is kept, the others assist).',
    );
    expect(resolveAttack({ attackers: plain([3], [3]) }).steps[2]!.text).toBe('Assist: no other result is 4 or more.');
  });

  it('assists turned off: a default-sourced step, every other attacker unused', () => {
    const r = resolveAttack({ attackers: plain([6], [4], [5]), assists: 'none' });
    expect(r.steps[3]).toEqual({
      text: 'Assists are off: no other result is discarded for +1 damage.',
      rule: { section: 'Attacking & Damage', source: 'default' },
    });
    expect(r.attackers.map((a) => a.role)).toEqual(['kept', 'unused', 'unused']);
    expect(r).toMatchObject({ assists: 0, total: 6, damage: 6 });
  });

  it('Cover: Heavy and Light sentences, never below 0', () => {
    expect(resolveAttack({ attackers: plain([6]), cover: 'heavy' }).steps[2]).toEqual({
      text: 'Heavy Cover subtracts 2: 4.',
      rule: seed('Cover'),
    });
    expect(resolveAttack({ attackers: plain([6]), cover: 'light' }).steps[2]).toEqual({
      text: 'Light Cover subtracts 1: 5.',
      rule: seed('Cover'),
    });
    const small = resolveAttack({ attackers: plain([1]), cover: 2 });
    expect(small.steps[2]!.text).toBe('Heavy Cover subtracts 2: 0.');
    expect(small.damage).toBe(0);
  });

  it('Armor: the sentence, the "never below 0" tail only when it bottoms out', () => {
    const exact = resolveAttack({ attackers: plain([6]), cover: 1, armor: 3 });
    expect(exact.steps.slice(2)).toEqual([
      { text: 'Light Cover subtracts 1: 5.', rule: seed('Cover') },
      { text: 'Armor subtracts 3: 2.', rule: seed('Armor') },
      { text: 'The attack deals 2 damage to Stamina.', rule: attacking },
    ]);
    expect(resolveAttack({ attackers: plain([3]), armor: 3 }).steps[2]!.text).toBe('Armor subtracts 3: 0.');
    expect(resolveAttack({ attackers: plain([2]), armor: 3 }).steps[2]!.text).toBe(
      'Armor subtracts 3: 0 (never below 0).',
    );
    expect(resolveAttack({ attackers: plain([1]), cover: 2, armor: 1 }).steps.slice(2, 4).map((s) => s.text)).toEqual(
      ['Heavy Cover subtracts 2: 0.', 'Armor subtracts 1: 0 (never below 0).'],
    );
  });

  it('piercing: the Armor step says it is ignored (book gear tag)', () => {
    const r = resolveAttack({ attackers: [{ dice: [{ face: 5, tags: { piercing: true } }] }], armor: 3 });
    expect(r.steps[2]).toEqual({
      text: "The kept die is piercing and ignores the target's 3 Armor.",
      rule: book('Gear Tags'),
    });
    expect(r).toMatchObject({ piercing: true, damage: 5 });
    expect(resolveAttack({ attackers: plain([5]), armor: 2, piercing: true }).steps[2]!.text).toBe(
      "The kept die is piercing and ignores the target's 2 Armor.",
    );
  });

  it('Armor above 3 counts as 3, even for a piercing die', () => {
    const r = resolveAttack({ attackers: plain([5]), armor: 6, piercing: true });
    expect(r).toMatchObject({ armor: 3, damage: 5 });
    expect(r.steps.slice(2, 4)).toEqual([
      { text: 'A PC, NPC or other creature cannot have more than 3 Armor: 6 counts as 3.', rule: seed('Armor') },
      { text: "The kept die is piercing and ignores the target's 3 Armor.", rule: book('Gear Tags') },
    ]);
  });

  it('shred: Armor drops by one when damage is dealt, never below 0; otherwise a sentence says why not', () => {
    const hit = resolveAttack({ attackers: [{ dice: [{ face: 5, tags: { shred: true } }] }], armor: 2 });
    expect(hit.steps.at(-1)).toEqual({ text: "Shred: the target's Armor drops from 2 to 1.", rule: book('Gear Tags') });
    const bare = resolveAttack({ attackers: [{ dice: [{ face: 5, tags: { shred: true } }] }] });
    expect(bare).toMatchObject({ shred: true, armorAfter: 0 });
    expect(bare.steps.at(-1)!.text).toBe("Shred: the target's Armor drops from 0 to 0.");
    const blocked = resolveAttack({ attackers: [{ dice: [{ face: 2, tags: { shred: true } }] }], armor: 2 });
    expect(blocked.steps.at(-1)).toEqual({
      text: 'Shred has no effect: the attack dealt no damage.',
      rule: book('Gear Tags'),
    });
    // Only the kept die's source applies effects: an assisting shredder changes nothing.
    const assisting = resolveAttack({
      attackers: [{ dice: [{ face: 7 }] }, { dice: [{ face: 5, tags: { shred: true } }] }],
      armor: 2,
    });
    expect(assisting).toMatchObject({ shred: false, armorAfter: 2 });
    expect(assisting.steps.at(-1)!.text).toBe('The attack deals 6 damage to Stamina.');
  });

  it('tied highest results: the one that deals more damage, then the better effects, else the first', () => {
    // A piercing source listed first stays kept over a plain one.
    const first = resolveAttack({
      attackers: [{ dice: [{ face: 6, weapon: 'Needler', tags: { piercing: true } }] }, { dice: [{ face: 6, weapon: 'Pistol' }] }],
      armor: 2,
    });
    expect(first).toMatchObject({ keptAttacker: 0, keptWeapon: 'Needler', damage: 7 });
    // Equal damage: a shredding source is preferred.
    const shred = resolveAttack({
      attackers: [{ dice: [{ face: 6, weapon: 'Pistol' }] }, { dice: [{ face: 6, weapon: 'Ripper', tags: { shred: true } }] }],
      armor: 1,
    });
    expect(shred).toMatchObject({ keptAttacker: 1, keptWeapon: 'Ripper', shred: true, armorAfter: 0 });
    expect(shred.attackers.map((a) => a.role)).toEqual(['assist', 'kept']);
    // Nothing to choose between: the first.
    const plainTie = resolveAttack({ attackers: [{ id: 'a', dice: [{ face: 6 }] }, { id: 'b', dice: [{ face: 6 }] }] });
    expect(plainTie.keptAttacker).toBe(0);
    expect(plainTie.steps[3]!.text).toBe('The highest result is 6 (a), +1 from assists = 7.');
    // A lower result never wins, whatever its effects.
    const lower = resolveAttack({
      attackers: [{ dice: [{ face: 6 }] }, { dice: [{ face: 5, tags: { piercing: true, shred: true } }] }],
      armor: 3,
    });
    expect(lower).toMatchObject({ keptAttacker: 0, piercing: false, damage: 4 });
    // A third tied attacker is compared with the one kept so far.
    const third = resolveAttack({
      attackers: [
        { dice: [{ face: 6 }] },
        { dice: [{ face: 6, tags: { shred: true } }] },
        { dice: [{ face: 6, tags: { piercing: true } }] },
      ],
      armor: 3,
    });
    expect(third).toMatchObject({ keptAttacker: 2, piercing: true, damage: 8 });
  });

  it('names a bad attacker list', () => {
    expect(errorOf(() => resolveAttack({ attackers: [] })).message).toBe('An attack needs at least one attacker.');
    expect(errorOf(() => resolveAttack({ attackers: 'x' as never })).message).toBe(
      'An attack needs at least one attacker.',
    );
    expect(errorOf(() => resolveAttack({ attackers: plain([1, 2, 3]) })).message).toBe(
      'attacker 1 must roll one damage die, or two when dual-wielding; got 3.',
    );
    expect(errorOf(() => resolveAttack({ attackers: [{ id: 'Vex', dice: [] }] })).message).toBe(
      'Vex must roll one damage die, or two when dual-wielding; got 0.',
    );
    expect(errorOf(() => resolveAttack({ attackers: [{ dice: 5 as never }] })).message).toBe(
      'attacker 1 must roll one damage die, or two when dual-wielding; got 5.',
    );
    expect(errorOf(() => resolveAttack({ attackers: plain([5], [13]) })).message).toBe(
      'attacker 2 die 1 face[0] is 13, which is not a face of a d12 (1–12).',
    );
    expect(errorOf(() => resolveAttack({ attackers: [{ dice: [{ face: 7, sides: 6 }] }] })).message).toBe(
      'attacker 1 die 1 face[0] is 7, which is not a face of a d6 (1–6).',
    );
    expect(errorOf(() => resolveAttack({ attackers: [{ dice: [{ face: 3 }, { face: 3, sides: 7 as 6 }] }] })).message).toBe(
      'attacker 1 die 2 sides must be a damage die of 4, 6, 8, 10 or 12 sides, got 7.',
    );
  });
});

describe('blast, reload and aim explanations', () => {
  it('blast: one attack per target, named after the weapon, then the blast step', () => {
    const r = resolveBlast({
      sides: 8,
      weapon: 'Grenade',
      tags: { blast: true },
      targets: [
        { id: 'a', face: 6, armor: 1 },
        { id: 'b', face: 3, cover: 'heavy' },
      ],
    });
    expect(r.steps).toEqual([
      { text: 'Blast: damage was rolled separately for each of 2 targets.', rule: book('Gear Tags') },
    ]);
    expect(r.targets.map((t) => t.id)).toEqual(['a', 'b']);
    expect(texts(r.targets[0]!.result.steps)).toEqual([
      'Grenade rolls 6 with Grenade.',
      'The highest result is 6 (Grenade).',
      'Armor subtracts 1: 5.',
      'The attack deals 5 damage to Stamina.',
    ]);
    expect(r.targets[1]!.result).toMatchObject({ cover: 2, damage: 1 });
    expect(resolveBlast({ targets: [{ id: 'x', face: 2 }] }).steps[0]!.text).toBe(
      'Blast: damage was rolled separately for each of 1 target.',
    );
    expect(errorOf(() => resolveBlast({ sides: 6, targets: [{ id: 'x', face: 8 }] })).message).toBe(
      'attacker 1 die 1 face[0] is 8, which is not a face of a d6 (1–6).',
    );
  });

  it('blast: refuses no targets and a target listed twice', () => {
    expect(errorOf(() => resolveBlast({ targets: [] })).message).toBe('A blast needs at least one target.');
    expect(
      errorOf(() =>
        resolveBlast({
          targets: [
            { id: 'a', face: 1 },
            { id: 'a', face: 2 },
          ],
        }),
      ).message,
    ).toBe('Target "a" is listed twice.');
  });

  it('Ammo: tracked after combat normally, one discarded per attack with reload', () => {
    expect(ammoAfterAttack(3, undefined)).toEqual({
      ammo: 3,
      discarded: 0,
      steps: [{ text: 'Ammo is normally only tracked after combat (reload check).', rule: seed('Ranged Attacks') }],
    });
    expect(ammoAfterAttack(1, { reload: true })).toEqual({
      ammo: 0,
      discarded: 1,
      steps: [{ text: 'Reload tag: 1 Ammo is discarded after the attack (0 left).', rule: seed('Ammo & Reloading') }],
    });
    const e = errorOf(() => ammoAfterAttack(0, { reload: true }));
    expect(e.code).toBe('not-allowed');
    expect(e.message).toBe('This weapon has the reload tag and no Ammo is left to discard: it cannot attack.');
    expect(ammoAfterAttack(0, { reload: false }).ammo).toBe(0);
    expect(errorOf(() => ammoAfterAttack(1000, {})).message).toBe('Ammo must be between 0 and 999, got 1000.');
  });

  it('Aim: declared on a visible target, kept while in sight, paid off next round only', () => {
    const aim = declareAim('vex', 'guard', 2);
    expect(aim).toEqual({ attackerId: 'vex', targetId: 'guard', round: 2, broken: false });
    expect(updateAimSight(aim, true)).toBe(aim);
    expect(updateAimSight(aim, false)).toEqual({ ...aim, broken: true });
    expect(aimApplies(null, { attackerId: 'vex', targetId: 'guard', round: 3 })).toBe(false);
    expect(aimApplies(aim, { attackerId: 'rook', targetId: 'guard', round: 3 })).toBe(false);
    expect(aimApplies(aim, { attackerId: 'vex', targetId: 'guard', round: 2 })).toBe(false);
    const e = errorOf(() => declareAim('vex', 'ghost', 1, false));
    expect(e.code).toBe('not-allowed');
    expect(e.message).toBe('vex cannot aim at ghost: Aim needs a target you can see.');
    expect(errorOf(() => declareAim('vex', 'guard', 0)).message).toBe('round must be between 1 and 100000, got 0.');
    expect(errorOf(() => aimedDamage(7 as 8)).message).toBe(
      'die must be a damage die of 4, 6, 8, 10 or 12 sides, got 7.',
    );
  });
});

describe('combat refusal codes', () => {
  it('input problems are invalid-input (callers match on the code)', () => {
    const calls = [
      () => damageDie({ die: 20 as 12 }),
      () => coverValue(3),
      () => resolveAttack({ attackers: [] }),
      () => resolveAttack({ attackers: plain([1, 2, 3]) }),
      () => resolveAttack({ attackers: [{ dice: [{ face: 2, aimed: true }] }] }),
      () => resolveBlast({ targets: [] }),
      () =>
        resolveBlast({
          targets: [
            { id: 'a', face: 1 },
            { id: 'a', face: 2 },
          ],
        }),
    ];
    expect(calls.map((call) => errorOf(call).code)).toEqual(Array.from({ length: 7 }, () => 'invalid-input'));
  });
});
