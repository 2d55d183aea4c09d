import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isRulesError } from '../../errors';
import {
  aimApplies,
  aimedDamage,
  ammoAfterAttack,
  applyProtection,
  coverValue,
  damageDie,
  declareAim,
  impairmentReasons,
  resolveAttack,
  resolveBlast,
  updateAimSight,
  type AttackerRoll,
} from './combat';

function throwsRulesError(call: () => unknown): boolean {
  try {
    call();
  } catch (error) {
    return isRulesError(error);
  }
  return false;
}

const plain = (...faces: number[][]): AttackerRoll[] => faces.map((f) => ({ dice: f.map((face) => ({ face })) }));

describe('damage die steps', () => {
  it('steps one die size per Edge and stops at d12', () => {
    expect(damageDie({ die: 8, edges: 1 }).die).toBe(10);
    expect(damageDie({ die: 8, edges: 2 }).die).toBe(12);
    expect(damageDie({ die: 4, edges: 2 }).die).toBe(8);
    const capped = damageDie({ die: 10, edges: 3 });
    expect(capped).toMatchObject({ die: 12, stepsGained: 1 });
    expect(capped.steps[0]!.text).toMatch(/lost/);
  });

  it('Impaired is always d4 and ignores Edges', () => {
    expect(damageDie({ die: 12, edges: 3, impaired: true }).die).toBe(4);
    const r = damageDie({ die: 8, impaired: ['behind-heavy-cover'] });
    expect(r).toMatchObject({ die: 4, impaired: true });
    expect(r.steps.some((s) => s.rule.section === 'Cover')).toBe(true);
  });

  it('rejects dice and Edges that do not exist', () => {
    expect(throwsRulesError(() => damageDie({ die: 20 as 12 }))).toBe(true);
    expect(throwsRulesError(() => damageDie({ die: 6, edges: -1 }))).toBe(true);
    expect(throwsRulesError(() => damageDie({ die: 6, edges: 1.5 }))).toBe(true);
  });

  it('never steps down and never exceeds d12 (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(4, 6, 8, 10, 12), fc.integer({ min: 0, max: 10 }), (die, edges) => {
        const r = damageDie({ die: die as 4, edges });
        expect(r.die).toBeGreaterThanOrEqual(die);
        expect(r.die).toBeLessThanOrEqual(12);
        expect(r.die).toBe(Math.min(12, die + 2 * edges));
      }),
    );
  });
});

describe('impairment', () => {
  it('lists every seed reason', () => {
    expect(impairmentReasons({ attackerBehindHeavyCover: true })).toEqual(['behind-heavy-cover']);
    expect(impairmentReasons({ targetHardened: true, targetArmor: 2 })).toEqual(['hardened-target']);
    expect(impairmentReasons({ ranged: true, distantTarget: true, unimpairedEnemyBeside: true })).toEqual([
      'distant-target',
      'enemy-beside',
    ]);
  });

  it('Hardened only impairs attacks affected by Armor', () => {
    expect(impairmentReasons({ targetHardened: true, targetArmor: 2, piercing: true })).toEqual([]);
    expect(impairmentReasons({ targetHardened: true, targetArmor: 0 })).toEqual([]);
    expect(impairmentReasons({ targetHardened: true })).toEqual(['hardened-target']);
  });

  it('distance and adjacent enemies only impair ranged attacks', () => {
    expect(impairmentReasons({ distantTarget: true, unimpairedEnemyBeside: true })).toEqual([]);
  });
});

describe('cover', () => {
  it('Light +1, Heavy +2, by name or value', () => {
    expect(coverValue('light')).toBe(1);
    expect(coverValue('heavy')).toBe(2);
    expect(coverValue(undefined)).toBe(0);
    expect(coverValue(2)).toBe(2);
    expect(throwsRulesError(() => coverValue(3))).toBe(true);
    expect(throwsRulesError(() => coverValue('medium' as 'light'))).toBe(true);
  });
});

describe('attacks', () => {
  it('keeps the highest, every other 4+ assists', () => {
    expect(resolveAttack({ attackers: plain([6], [4], [2]) })).toMatchObject({ kept: 6, assists: 1, damage: 7 });
  });

  it('ties: one is kept, the other assists if 4+', () => {
    const r = resolveAttack({ attackers: plain([5], [5]) });
    expect(r).toMatchObject({ kept: 5, assists: 1, damage: 6, keptAttacker: 0 });
    expect(r.attackers.map((a) => a.role)).toEqual(['kept', 'assist']);
    expect(resolveAttack({ attackers: plain([3], [3]) })).toMatchObject({ assists: 0, damage: 3 });
  });

  it('dual wield keeps the higher die per attacker; the lower never assists', () => {
    expect(resolveAttack({ attackers: plain([8, 6]) })).toMatchObject({ kept: 8, assists: 0, damage: 8 });
    expect(resolveAttack({ attackers: plain([2, 5], [6]) })).toMatchObject({ kept: 6, assists: 1 });
  });

  it('subtracts Cover then Armor, never below 0', () => {
    const r = resolveAttack({ attackers: plain([6], [4]), cover: 'heavy', armor: 3 });
    expect(r).toMatchObject({ total: 7, damage: 2 });
    expect(resolveAttack({ attackers: plain([2]), cover: 1, armor: 3 }).damage).toBe(0);
  });

  it('piercing ignores Armor but not Cover', () => {
    expect(resolveAttack({ attackers: plain([5]), cover: 2, armor: 3, piercing: true }).damage).toBe(3);
  });

  it('effects come from the kept die’s source', () => {
    const attackers: AttackerRoll[] = [
      { id: 'rifle', dice: [{ face: 7, weapon: 'Rifle' }] },
      { id: 'needler', dice: [{ face: 5, weapon: 'Needler', tags: { piercing: true } }] },
    ];
    // The needler only assists: its piercing does not apply.
    const r = resolveAttack({ attackers, armor: 3 });
    expect(r).toMatchObject({ kept: 7, keptWeapon: 'Rifle', piercing: false, damage: 5 });
    // With the needler kept, piercing applies.
    const swapped = resolveAttack({
      attackers: [
        { dice: [{ face: 7, weapon: 'Needler', tags: { piercing: true } }] },
        { dice: [{ face: 5, weapon: 'Rifle' }] },
      ],
      armor: 3,
    });
    expect(swapped).toMatchObject({ piercing: true, damage: 8 });
  });

  it('shred lowers Armor by 1 only when it deals damage', () => {
    const hit = resolveAttack({ attackers: [{ dice: [{ face: 5, tags: { shred: true } }] }], armor: 2 });
    expect(hit).toMatchObject({ damage: 3, shred: true, armorAfter: 1 });
    const blocked = resolveAttack({ attackers: [{ dice: [{ face: 2, tags: { shred: true } }] }], armor: 2 });
    expect(blocked).toMatchObject({ damage: 0, shred: false, armorAfter: 2 });
  });

  it('a tie prefers the source whose effects help (piercing)', () => {
    const r = resolveAttack({
      attackers: [{ dice: [{ face: 6 }] }, { dice: [{ face: 6, tags: { piercing: true } }] }],
      armor: 3,
    });
    expect(r).toMatchObject({ keptAttacker: 1, assists: 1, damage: 7 });
  });

  it('an aimed die deals maximum damage', () => {
    const r = resolveAttack({ attackers: [{ dice: [{ face: 2, sides: 8, aimed: true }] }] });
    expect(r.kept).toBe(8);
    expect(throwsRulesError(() => resolveAttack({ attackers: [{ dice: [{ face: 2, aimed: true }] }] }))).toBe(true);
  });

  it('assists can be turned off', () => {
    expect(resolveAttack({ attackers: plain([6], [4], [5]), assists: 'none' })).toMatchObject({
      assists: 0,
      damage: 6,
    });
  });

  it('counts Armor above 3 as 3 (seed: no creature has more than 3 Armor) and rejects impossible faces', () => {
    const capped = resolveAttack({ attackers: plain([5]), armor: 4 });
    expect(capped).toMatchObject({ armor: 3, damage: 2, armorAfter: 3 });
    expect(capped.steps.slice(-3)).toEqual([
      {
        text: 'A PC, NPC or other creature cannot have more than 3 Armor: 4 counts as 3.',
        rule: { section: 'Armor', source: 'seed' },
      },
      { text: 'Armor subtracts 3: 2.', rule: { section: 'Armor', source: 'seed' } },
      { text: 'The attack deals 2 damage to Stamina.', rule: { section: 'Attacking & Damage', source: 'seed' } },
    ]);
    expect(throwsRulesError(() => resolveAttack({ attackers: plain([13]) }))).toBe(true);
    expect(throwsRulesError(() => resolveAttack({ attackers: plain([0]) }))).toBe(true);
    expect(throwsRulesError(() => resolveAttack({ attackers: [{ dice: [{ face: 7, sides: 6 }] }] }))).toBe(true);
    expect(throwsRulesError(() => resolveAttack({ attackers: [] }))).toBe(true);
    expect(throwsRulesError(() => resolveAttack({ attackers: plain([1, 2, 3]) }))).toBe(true);
    expect(throwsRulesError(() => resolveAttack({ attackers: plain([]) }))).toBe(true);
    expect(throwsRulesError(() => resolveAttack({ attackers: plain([5]), armor: -1 }))).toBe(true);
  });

  it('damage = max(0, max + other 4+ count − cover − armor) (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 10 }),
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 0, max: 3 }),
        (faces, cover, armor) => {
          const r = resolveAttack({ attackers: plain(...faces.map((f) => [f])), cover, armor });
          const max = Math.max(...faces);
          const fours = faces.filter((f) => f >= 4).length - (max >= 4 ? 1 : 0);
          expect(r.damage).toBe(Math.max(0, max + fours - cover - armor));
          expect(r.damage).toBe(applyProtection(r.total, cover, armor, false));
          expect(r.damage).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});

describe('blast, reload and aim', () => {
  it('blast resolves each target with its own roll and protection', () => {
    const r = resolveBlast({
      sides: 8,
      targets: [
        { id: 'a', face: 6, armor: 1 },
        { id: 'b', face: 3, cover: 'heavy' },
      ],
    });
    expect(r.targets.map((t) => t.result.damage)).toEqual([5, 1]);
    expect(
      throwsRulesError(() =>
        resolveBlast({
          targets: [
            { id: 'a', face: 1 },
            { id: 'a', face: 2 },
          ],
        }),
      ),
    ).toBe(true);
  });

  it('the reload tag discards 1 Ammo after every attack', () => {
    expect(ammoAfterAttack(3, { reload: true })).toMatchObject({ ammo: 2, discarded: 1 });
    expect(ammoAfterAttack(3, {})).toMatchObject({ ammo: 3, discarded: 0 });
    expect(throwsRulesError(() => ammoAfterAttack(0, { reload: true }))).toBe(true);
  });

  it('Aim pays off on the next turn at the same target, unless broken', () => {
    const aim = declareAim('vex', 'guard', 2);
    expect(aimApplies(aim, { attackerId: 'vex', targetId: 'guard', round: 3 })).toBe(true);
    expect(aimApplies(aim, { attackerId: 'vex', targetId: 'other', round: 3 })).toBe(false);
    expect(aimApplies(aim, { attackerId: 'vex', targetId: 'guard', round: 4 })).toBe(false);
    const broken = updateAimSight(aim, false);
    expect(aimApplies(broken, { attackerId: 'vex', targetId: 'guard', round: 3 })).toBe(false);
    expect(updateAimSight(broken, true).broken).toBe(true);
    expect(aimedDamage(10)).toBe(10);
    expect(throwsRulesError(() => declareAim('vex', 'ghost', 1, false))).toBe(true);
  });
});
