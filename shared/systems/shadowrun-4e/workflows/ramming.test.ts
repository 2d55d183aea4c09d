import { describe, expect, it } from 'vitest';
import type { ResolveContext, RolledStage, SetupValues } from '../../../system-kit/workflow';
import { rammingAttack as R } from './ramming';
import { context, fighter, stage } from './test-support';
import { CAR, DRONE, RUNNER } from './vehicle-test-support';

/** "Ramming": the Vehicle Test, the damage by speed to the target and half of it to the rammer. */

const VEH = 'Vehicles & Chase Combat';
const ATTACK = 'Resolving an Attack';
const lines = (steps: readonly { text: string; rule: { section: string; source: string } }[]) =>
  steps.map((s) => `${s.text} [${s.rule.section} · ${s.rule.source}]`);

function roll(setup: SetupValues, ctx: ResolveContext, faces: Record<string, number[]>) {
  const rolled: RolledStage[] = [];
  for (let next = R.nextStage(setup, ctx, rolled); next; next = R.nextStage(setup, ctx, rolled)) {
    const given = faces[next.id];
    if (!given) throw new Error(`no faces for ${next.id}`);
    expect(given).toHaveLength(next.count);
    rolled.push(stage(next.id, given));
  }
  return R.resolve(setup, ctx, rolled);
}

describe('ramming: a crewed car rams a drone', () => {
  const ctx = context(CAR, DRONE);
  const setup = R.defaults(ctx);

  it('has a valid default for every field', () => {
    expect(Object.keys(setup).sort()).toEqual(
      R.fields(ctx)
        .map((f) => f.id)
        .sort(),
    );
    expect(R.problems(setup, ctx)).toEqual([]);
    expect(R.problems({}, ctx)).toEqual([]);
  });

  it("takes the car's Speed from its sheet", () => {
    expect(setup).toEqual({
      speed: 120,
      driverReaction: 3,
      driverSkill: 3,
      targetDriverReaction: 3,
      targetDriverSkill: 3,
      targetDodge: 3,
      otherModifier: 0,
    });
    expect(R.fromSheets!(ctx).sources).toEqual([{ fieldId: 'speed', value: 120, from: "Sedan's sheet: Speed 120" }]);
  });

  it('damages both: Body 10 × 2 at 120 m/turn plus net hits to the drone, half the base DV to the car', () => {
    // Vehicle Test 3 + 3 + 0 = 6 dice, 3 hits; the drone's 3 + 3 + 1 = 7 dice, 1 hit: 2 net hits.
    // DV 20 + 2 = 22 against Armor 3: Body 3 + 3 = 6 dice, 1 hit → 21 boxes (the drone's 10 boxes fill: destroyed).
    // The car: DV 10 (half of 20) against Armor 6: Body 10 + 6 = 16 dice, 4 hits → 6 boxes.
    const res = roll(setup, ctx, {
      attack: [5, 5, 6, 1, 2, 3],
      defence: [5, 1, 2, 3, 4, 4, 2],
      soak: [5, 1, 1, 2, 2, 3],
      'rammer-soak': [5, 5, 6, 6, 1, 2, 2, 3, 3, 4, 4, 2, 2, 3, 3, 4],
    });
    expect(lines(res.steps)).toEqual([
      `Sedan rams with a Vehicle Test: driver's Reaction 3 + vehicle skill 3 + Handling 0 = 6. [${VEH} · seed]`,
      `Sedan is crewed: the ram is its driver's Complex Action, spent on the driver's turn (it has no turn of its own). [${VEH} · default]`,
      `Attack: 3 dice show 5 or 6 of 6: 3 hits. [${ATTACK} · book]`,
      'Attack: 1 die shows 1 of 6; a glitch needs half or more (3), so no glitch. [The Combat Turn · book]',
      `Drone swerves with a Vehicle Test: Response 3 + Pilot 3 + Handling 1 = 7 dice (an autonomous drone's Response and Pilot stand in for a driver's Reaction and skill). [${VEH} · default]`,
      `Defence: 1 die shows 5 or 6 of 7: 1 hit. [${ATTACK} · book]`,
      'Defence: 1 die shows 1 of 7; a glitch needs half or more (4), so no glitch. [The Combat Turn · book]',
      `3 against 1: the ram connects with 2 net hits. [${ATTACK} · seed]`,
      `Ramming damage at 120 m/turn (61–200): Body × 2 = 20P with Body 10. [${VEH} · book]`,
      `Modified DV = 20 + 2 net hits = 22. [${ATTACK} · seed]`,
      `Armor 3 with AP 0 = 3; DV 22 exceeds it: Drone resists the Physical damage. [${VEH} · book]`,
      `Drone resists with Body 3 + Armor 3 = 6 dice. [${VEH} · book]`,
      `Resistance: 1 die shows 5 or 6 of 6: 1 hit. [${ATTACK} · book]`,
      'Resistance: 2 dice show 1 of 6; a glitch needs half or more (3), so no glitch. [The Combat Turn · book]',
      `Each resistance hit cuts the DV by 1: 22 − 1 = 21 boxes of Physical damage. [${ATTACK} · seed]`,
      `Sedan takes its own ramming damage: DV 10, net hits do not add to it. [${VEH} · book]`,
      `Armor 6 with AP 0 = 6; DV 10 exceeds it: Sedan resists the Physical damage. [${VEH} · book]`,
      `Sedan resists with Body 10 + Armor 6 = 16 dice. [${VEH} · book]`,
      `Resistance: 4 dice show 5 or 6 of 16: 4 hits. [${ATTACK} · book]`,
      'Resistance: 1 die shows 1 of 16; a glitch needs half or more (8), so no glitch. [The Combat Turn · book]',
      `Each resistance hit cuts the DV by 1: 10 − 4 = 6 boxes of Physical damage. [${ATTACK} · seed]`,
    ]);
    expect(res.effects).toEqual([
      { on: { side: 'targets', index: 0 }, harm: { kind: 'physical', amount: 21 } },
      { on: { side: 'attackers', index: 0 }, harm: { kind: 'physical', amount: 6 } },
    ]);
    expect(res.summary).toBe('Sedan rammed Drone: 3 vs 1 → 22P, Drone 21 Physical; Sedan 6 Physical');
    // Crewed: the car has no turn; its driver's action is not part of this roll.
    expect(res.spends).toEqual([]);
    expect(res.result).toMatchObject({ rammerDv: 10, rammerDamage: 6, damage: 21 });
  });

  it('a missed ram deals no damage to either side', () => {
    const res = roll(setup, ctx, { attack: [5, 1, 2, 3, 4, 4], defence: [5, 6, 2, 3, 4, 4, 2] });
    expect(lines(res.steps).slice(-2)).toEqual([
      `1 against 2: the ram misses. [${ATTACK} · seed]`,
      'A missed ram deals no damage to either side. [Combat resolution flow · seed]',
    ]);
    expect(res.effects).toEqual([]);
  });
});

describe('ramming: an autonomous drone rams a person', () => {
  const ctx = context(DRONE, RUNNER);
  const setup = R.defaults(ctx);

  it("reads the drone's Speed and the person's Dodge from the sheets", () => {
    expect(setup).toMatchObject({ speed: 60, targetDodge: 2 });
    expect(R.fromSheets!(ctx).sources).toEqual([
      { fieldId: 'speed', value: 60, from: "Drone's sheet: Speed 60" },
      { fieldId: 'targetDodge', value: 2, from: "Ghost's sheet: Dodge 2" },
    ]);
  });

  it('the person dives aside with Reaction + Dodge, resists with Impact; the drone’s Armor stops its own small DV', () => {
    // 7 dice, 2 hits against Reaction 4 + Dodge 2 = 6 dice, 1 hit: DV Body 3 (11–60 m/turn) + 1 = 4,
    // not above Impact 6: Stun; Body 4 + 6 = 10 dice, 1 hit → 3 Stun. The drone's own DV 1 does not exceed its Armor 3.
    const res = roll(setup, ctx, {
      attack: [5, 6, 1, 2, 3, 4, 4],
      defence: [5, 2, 3, 4, 4, 2],
      soak: [5, 1, 2, 3, 4, 4, 2, 2, 3, 3],
    });
    const text = lines(res.steps);
    expect(text[0]).toBe(
      `Drone rams with a Vehicle Test: Response 3 + Pilot 3 + Handling 1 = 7 (an autonomous drone's Response and Pilot stand in for a driver's Reaction and skill). [${VEH} · default]`,
    );
    expect(text).toContain(`Ghost defends with Reaction 4 + Dodge 2 = 6 dice (diving out of the way). [${VEH} · book]`);
    expect(text).toContain(`Ramming damage at 60 m/turn (11–60): Body = 3P with Body 3. [${VEH} · book]`);
    expect(text).toContain(`DV 4 does not exceed armour 6: the Physical damage becomes Stun. [${ATTACK} · book]`);
    expect(text.slice(-2)).toEqual([
      `Drone takes its own ramming damage: DV 1, net hits do not add to it. [${VEH} · book]`,
      `Armor 3 with AP 0 = 3; DV 1 does not exceed it, so the hit does Drone no damage (vehicle Armor). [${VEH} · book]`,
    ]);
    expect(res.effects).toEqual([{ on: { side: 'targets', index: 0 }, harm: { kind: 'stun', amount: 3 } }]);
    // Autonomous: the drone spends its own Complex Action.
    expect(res.spends).toEqual([{ on: { side: 'attackers', index: 0 }, actionId: 'complex' }]);
  });
});

describe('ramming: what it refuses', () => {
  it('a person as the rammer, and a vehicle standing still', () => {
    const person = context(RUNNER, CAR);
    expect(R.problems(R.defaults(person), person)).toEqual([
      'Ghost is not a vehicle: only a vehicle or drone rams. Choose the vehicle as the attacker.',
    ]);
    const still = context(DRONE, CAR);
    expect(R.problems({ ...R.defaults(still), speed: 0 }, still)).toEqual([
      'Drone must be moving to ram: set its speed at impact.',
    ]);
    expect(() => R.nextStage({ ...R.defaults(still), speed: 0 }, still, [])).toThrow('Drone must be moving to ram');
  });

  it('a destroyed rammer cannot attack; a downed person cannot get out of the way', () => {
    const wreck = context({ ...DRONE, health: { physical: 10, stun: 0 } }, RUNNER);
    expect(R.problems(R.defaults(wreck), wreck)).toEqual(['Drone is destroyed and cannot attack.']);
    const down = context(DRONE, fighter('Ghost', { body: 4 }, { health: { physical: 0, stun: 10 } }));
    const res = R.resolve(R.defaults(down), down, [stage('attack', [1, 1, 2, 2, 3, 3, 4])]);
    expect(lines(res.steps)).toContain(
      `Ghost is unconscious and cannot get out of the way: no defence roll. [${ATTACK} · book]`,
    );
  });
});
