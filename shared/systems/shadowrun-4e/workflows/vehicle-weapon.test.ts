import { describe, expect, it } from 'vitest';
import type { ResolveContext, RolledStage, SetupValues } from '../../../system-kit/workflow';
import { shadowrun4eModule } from '../module';
import { context, fighter, stage } from './test-support';
import { vehicleWeaponAttack as W } from './vehicle-weapon';
import { shadowrun4eTracker } from '../tracker';
import { CAR, DRONE, GUNNER, RUNNER, TANK } from './vehicle-test-support';

/** Every Shadowrun stat at its default, as the stat editor writes a whole block. */
const DEFAULTS = Object.fromEntries(shadowrun4eTracker.statFields.map((f) => [f.id, f.defaultValue]));

/** "Vehicle weapon (Gunnery)": each rule branch with its exact sentence and citation. */

const VEH = 'Vehicles & Chase Combat';
const ATTACK = 'Resolving an Attack';
const lines = (steps: readonly { text: string; rule: { section: string; source: string } }[]) =>
  steps.map((s) => `${s.text} [${s.rule.section} · ${s.rule.source}]`);

/** Rolls the given faces stage by stage, checking each is the one asked for. */
function roll(setup: SetupValues, ctx: ResolveContext, faces: Record<string, number[]>) {
  const rolled: RolledStage[] = [];
  for (let next = W.nextStage(setup, ctx, rolled); next; next = W.nextStage(setup, ctx, rolled)) {
    const given = faces[next.id];
    if (!given) throw new Error(`no faces for ${next.id}`);
    expect(given).toHaveLength(next.count);
    rolled.push(stage(next.id, given));
  }
  return W.resolve(setup, ctx, rolled);
}

describe('vehicle weapon: a gunner on a crewed car', () => {
  const ctx = context(GUNNER, CAR);
  const setup = W.defaults(ctx);

  it('takes Gunnery from the sheet and a mounted LMG (6P, AP −1) by default', () => {
    expect(setup).toEqual({
      mode: 'manual',
      skill: 4,
      sensor: 3,
      dv: 6,
      ap: -1,
      damageType: 'P',
      component: 'none',
      signature: 0,
      targetDriverReaction: 3,
      targetDriverSkill: 3,
      otherModifier: 0,
    });
    expect(W.fromSheets!(ctx)).toEqual({
      sources: [{ fieldId: 'skill', value: 4, from: "Rigger's sheet: Gunnery 4" }],
    });
    expect(W.problems(setup, ctx)).toEqual([]);
  });

  it('asks for the attack, the driver’s Vehicle Test and Body + Armor after AP', () => {
    expect(W.nextStage(setup, ctx, [])).toMatchObject({
      id: 'attack',
      count: 8,
      label: 'Attack: 8 dice (Agility 4 + Gunnery 4)',
    });
    const afterAttack = [stage('attack', [6, 5, 5, 3, 2, 1, 4, 4])];
    expect(W.nextStage(setup, ctx, afterAttack)).toMatchObject({
      id: 'defence',
      count: 6,
      roller: 'Sedan',
      label: "Defence: 6 dice (Vehicle Test: driver's Reaction 3 + vehicle skill 3, Handling 0)",
    });
    expect(W.nextStage(setup, ctx, [...afterAttack, stage('defence', [5, 2, 2, 3, 1, 4])])).toMatchObject({
      id: 'soak',
      count: 15,
      label: 'Sedan resists: 15 dice (Body 10 + Armor 5)',
    });
  });

  it('explains the hit rule by rule and damages the car’s monitor with one Simple Action spent', () => {
    // 3 hits against 1: 2 net hits, DV 6 + 2 = 8 > Armor 6 − 1 = 5; Body 10 + Armor 5 = 15 dice, 3 hits: 5 boxes.
    const res = roll(setup, ctx, {
      attack: [6, 5, 5, 3, 2, 1, 4, 4],
      defence: [5, 2, 2, 3, 1, 4],
      soak: [5, 6, 1, 2, 3, 4, 4, 2, 2, 1, 3, 3, 5, 2, 2],
    });
    expect(lines(res.steps)).toEqual([
      `Attack pool: Agility 4 + Gunnery 4 = 8 (a mounted weapon aimed by hand). [${VEH} · book]`,
      `Attack: 3 dice show 5 or 6 of 8: 3 hits. [${ATTACK} · book]`,
      'Attack: 1 die shows 1 of 8; a glitch needs half or more (4), so no glitch. [The Combat Turn · book]',
      `Sedan swerves with a Vehicle Test: driver's Reaction 3 + vehicle skill 3 + Handling 0 = 6 dice. [${VEH} · book]`,
      `Defence: 1 die shows 5 or 6 of 6: 1 hit. [${ATTACK} · book]`,
      'Defence: 1 die shows 1 of 6; a glitch needs half or more (3), so no glitch. [The Combat Turn · book]',
      `3 against 1: the attack hits with 2 net hits. [${ATTACK} · seed]`,
      `The mounted weapon: 6P, AP −1. [${VEH} · book]`,
      `Modified DV = 6 + 2 net hits = 8. [${ATTACK} · seed]`,
      `Armor 6 with AP −1 = 5; DV 8 exceeds it: Sedan resists the Physical damage. [${VEH} · book]`,
      `Sedan resists with Body 10 + Armor 5 = 15 dice. [${VEH} · book]`,
      `Resistance: 3 dice show 5 or 6 of 15: 3 hits. [${ATTACK} · book]`,
      'Resistance: 2 dice show 1 of 15; a glitch needs half or more (8), so no glitch. [The Combat Turn · book]',
      `Each resistance hit cuts the DV by 1: 8 − 3 = 5 boxes of Physical damage. [${ATTACK} · seed]`,
    ]);
    expect(res.summary).toBe('Rigger fired on Sedan with a mounted weapon (6P, AP −1): 3 vs 1 → 8P, Sedan 5 Physical');
    expect(res.effects).toEqual([{ on: { side: 'targets', index: 0 }, harm: { kind: 'physical', amount: 5 } }]);
    expect(res.spends).toEqual([{ on: { side: 'attackers', index: 0 }, actionId: 'simple' }]);
  });

  it('does nothing to a vehicle with a Stun weapon: no resistance roll', () => {
    const stun = { ...setup, damageType: 'S' };
    const res = roll(stun, ctx, { attack: [5, 5, 5, 1, 2, 3, 4, 4], defence: [1, 2, 2, 3, 4, 4] });
    expect(lines(res.steps).slice(-1)).toEqual([`Sedan is a vehicle: Stun damage does not affect it. [${VEH} · book]`]);
    expect(res.effects).toEqual([]);
    expect(res.result).toMatchObject({ hit: true, netHits: 3, damage: 0 });
  });

  it('reports a miss, with "ties favour the defender" only on a tie', () => {
    const tie = roll(setup, ctx, { attack: [5, 1, 2, 2, 3, 3, 4, 4], defence: [6, 2, 2, 3, 1, 4] });
    expect(lines(tie.steps).slice(-2)).toEqual([
      `1 against 1: ties favour the defender, the attack misses. [${ATTACK} · seed]`,
      'A miss deals no damage. [Combat resolution flow · seed]',
    ]);
    expect(tie.effects).toEqual([]);
    expect(tie.spends).toEqual([{ on: { side: 'attackers', index: 0 }, actionId: 'simple' }]);
    const beaten = roll(setup, ctx, { attack: [1, 1, 2, 2, 3, 3, 4, 4], defence: [6, 2, 2, 3, 1, 4] });
    expect(beaten.steps.find((s) => s.text.startsWith('0 against 1'))?.text).toBe('0 against 1: the attack misses.');
  });
});

describe('vehicle weapon: vehicle Armor stops a DV that does not exceed it', () => {
  it('rolls no resistance and deals no damage', () => {
    const ctx = context(GUNNER, TANK);
    const setup = { ...W.defaults(ctx), ap: 0 };
    // 2 net hits: DV 6 + 2 = 8, not above Armor 9: nothing gets through.
    const res = roll(setup, ctx, { attack: [5, 5, 1, 2, 3, 4, 4, 2], defence: [1, 2, 3, 4, 2] });
    expect(lines(res.steps).slice(-2)).toEqual([
      `Modified DV = 6 + 2 net hits = 8. [${ATTACK} · seed]`,
      `Armor 9 with AP 0 = 9; DV 8 does not exceed it, so the hit does Tank no damage (vehicle Armor). [${VEH} · book]`,
    ]);
    expect(res.effects).toEqual([]);
    expect(res.summary).toBe('Rigger fired on Tank with a mounted weapon (6P, AP 0): 2 vs 0 → 8P, Tank no damage');
  });
});

describe('vehicle weapon: a drone fires sensor-based at a person', () => {
  const ctx = context(DRONE, RUNNER);
  const setup = W.defaults(ctx);

  it("aims by its sensors with its Pilot as Gunnery, read from the drone's sheet", () => {
    expect(setup).toMatchObject({ mode: 'sensor', skill: 3, sensor: 3 });
    expect(W.fromSheets!(ctx).sources).toEqual([
      { fieldId: 'skill', value: 3, from: "Drone's sheet: Pilot 3 (a drone's own gunnery)" },
      { fieldId: 'sensor', value: 3, from: "Drone's sheet: Sensor 3" },
    ]);
  });

  it('a drone whose block holds every stat, skills at 0 as the stat editor writes them, still aims with its Pilot', () => {
    const fullBlock = { ...DRONE, stats: { ...DEFAULTS, ...DRONE.stats } };
    expect(fullBlock.stats.gunnery).toBe(0);
    const full = context(fullBlock, RUNNER);
    expect(W.defaults(full)).toMatchObject({ mode: 'sensor', skill: 3, sensor: 3 });
    expect(W.fromSheets!(full).sources[0]).toEqual({
      fieldId: 'skill',
      value: 3,
      from: "Drone's sheet: Pilot 3 (a drone's own gunnery)",
    });
  });

  it('the person defends with Reaction and resists with Body + Ballistic; a DV at the armour turns Stun', () => {
    // 2 hits against 1: DV 6 + 1 = 7, Ballistic 8 − 1 = 7: not above the armour, so Stun; Body 4 + 7 = 11 dice.
    const res = roll(setup, ctx, {
      attack: [5, 6, 1, 2, 3, 4],
      defence: [5, 2, 3, 4],
      soak: [5, 5, 1, 2, 3, 4, 2, 2, 3, 3, 4],
    });
    const text = lines(res.steps);
    expect(text[0]).toBe(
      'Attack pool: Gunnery 3 + Sensor 3 = 6 (sensor-based aiming, as for a missile from a vehicle). [Grenades, Rockets & Missiles · seed]',
    );
    expect(text).toContain(`Ghost defends with Reaction 4 = 4 dice. [${ATTACK} · seed]`);
    expect(text.slice(-6)).toEqual([
      `Ballistic armour 8 with AP −1 = 7. [${ATTACK} · seed]`,
      `DV 7 does not exceed armour 7: the Physical damage becomes Stun. [${ATTACK} · book]`,
      `Ghost resists with Body 4 + Ballistic armour 7 = 11 dice. [${ATTACK} · seed]`,
      `Resistance: 2 dice show 5 or 6 of 11: 2 hits. [${ATTACK} · book]`,
      'Resistance: 1 die shows 1 of 11; a glitch needs half or more (6), so no glitch. [The Combat Turn · book]',
      `Each resistance hit cuts the DV by 1: 7 − 2 = 5 boxes of Stun damage. [${ATTACK} · seed]`,
    ]);
    expect(res.effects).toEqual([{ on: { side: 'targets', index: 0 }, harm: { kind: 'stun', amount: 5 } }]);
  });

  it('keeps a DV above the armour Physical', () => {
    const res = roll(setup, ctx, {
      attack: [5, 6, 6, 2, 3, 4],
      defence: [1, 2, 3, 4],
      soak: [5, 1, 1, 2, 3, 4, 2, 2, 3, 3, 4],
    });
    expect(lines(res.steps)).toContain(`DV 9 exceeds armour 7: the damage stays Physical. [${ATTACK} · book]`);
    expect(res.effects).toEqual([{ on: { side: 'targets', index: 0 }, harm: { kind: 'physical', amount: 8 } }]);
  });

  it('counts the Signature of a vehicle target only when aiming by sensors', () => {
    const atCar = context(DRONE, CAR);
    const sensor = { ...W.defaults(atCar), signature: -2 };
    expect(W.nextStage(sensor, atCar, [])).toMatchObject({
      count: 4,
      label: 'Attack: 4 dice (Gunnery 3 + Sensor 3, modifiers −2)',
    });
    const byHand = context(GUNNER, CAR);
    const manual = { ...W.defaults(byHand), signature: -2 };
    expect(W.nextStage(manual, byHand, [])).toMatchObject({ count: 8 });
    const res = roll(manual, byHand, { attack: [1, 1, 2, 2, 3, 3, 4, 4], defence: [6, 2, 2, 3, 1, 4] });
    expect(lines(res.steps)[1]).toBe(
      'The Signature modifier counts only for sensor-based aiming at a vehicle; it is left out. [Grenades, Rockets & Missiles · seed]',
    );
    const sensorRes = W.resolve(sensor, atCar, [stage('attack', [1, 1, 2, 2]), stage('defence', [5, 2, 2, 3, 1, 4])]);
    expect(lines(sensorRes.steps).slice(1, 3)).toEqual([
      "Sedan's Signature: −2 dice. [Grenades, Rockets & Missiles · seed]",
      `6 − 2 = 4 dice. [${ATTACK} · seed]`,
    ]);
  });

  it('lets an autonomous drone target swerve with Response + Pilot + Handling', () => {
    const ctxDrone = context(GUNNER, DRONE);
    const res = W.resolve(W.defaults(ctxDrone), ctxDrone, [
      stage('attack', [1, 1, 2, 2, 3, 3, 4, 4]),
      stage('defence', [1, 2, 2, 3, 3, 4, 4]),
    ]);
    expect(lines(res.steps)).toContain(
      `Drone swerves with a Vehicle Test: Response 3 + Pilot 3 + Handling 1 = 7 dice (an autonomous drone's Response and Pilot stand in for a driver's Reaction and skill). [${VEH} · default]`,
    );
  });
});

describe('vehicle weapon: called shots on components', () => {
  const ctx = context(GUNNER, DRONE);
  const tires = { ...W.defaults(ctx), component: 'tires' };

  it('costs 4 dice and, when damage gets through, puts the component out with the GM’s effect', () => {
    expect(W.nextStage(tires, ctx, [])).toMatchObject({
      count: 4,
      label: 'Attack: 4 dice (Agility 4 + Gunnery 4, modifiers −4)',
    });
    // 3 hits against 0: DV 9 > Armor 3 − 1 = 2; Body 3 + 2 = 5 dice, 1 hit: 8 boxes.
    const res = roll(tires, ctx, { attack: [5, 5, 5, 1], defence: [1, 2, 2, 3, 3, 4, 4], soak: [5, 1, 2, 3, 4] });
    const text = lines(res.steps);
    expect(text.slice(1, 3)).toEqual([
      'Called shot on the tires: −4 dice. [Other Combat Factors · book]',
      `8 − 4 = 4 dice. [${ATTACK} · seed]`,
    ]);
    expect(text.at(-1)).toBe(
      `Called shot on the tires: it is hit, a tire blows: the driver makes a Vehicle Test to keep control, at a threshold the GM sets. [${VEH} · default]`,
    );
    expect(res.effects).toEqual([
      {
        on: { side: 'targets', index: 0 },
        harm: { kind: 'physical', amount: 8 },
        conditions: [{ conditionId: 'component-tires', label: 'Tires shot out', note: 'Called shot by Rigger' }],
      },
    ]);
    expect(res.result).toMatchObject({ componentHit: 'component-tires' });
  });

  it('leaves the component unharmed when nothing gets through', () => {
    const weak = { ...tires, component: 'weapon', dv: 1, ap: 0 };
    // 1 net hit: DV 2, not above Armor 3.
    const res = roll(weak, ctx, { attack: [5, 1, 2, 3], defence: [1, 2, 2, 3, 3, 4, 4] });
    expect(lines(res.steps).at(-1)).toBe(
      `Called shot on the weapon mount: no damage gets through, so the component is unharmed. [${VEH} · default]`,
    );
    expect(res.effects).toEqual([]);
  });
});

describe('vehicle weapon: what it refuses', () => {
  it('a component shot at a person, a crewed vehicle as the shooter, a drone aiming by hand, an empty pool', () => {
    const atPerson = context(GUNNER, RUNNER);
    expect(W.problems({ ...W.defaults(atPerson), component: 'engine' }, atPerson)).toEqual([
      'A called shot on a component needs a vehicle target; Ghost is a person.',
    ]);
    const crewed = context(CAR, RUNNER);
    expect(W.problems(W.defaults(crewed), crewed)).toEqual([
      'Sedan is crewed: choose the gunner who fires its weapon as the attacker (seed: the controller acts).',
    ]);
    const drone = context(DRONE, RUNNER);
    expect(W.problems({ ...W.defaults(drone), mode: 'manual' }, drone)).toEqual([
      'Drone is a drone and has no Agility: aim sensor-based (Gunnery + Sensor).',
    ]);
    const gunner = context(GUNNER, RUNNER);
    expect(W.problems({ ...W.defaults(gunner), otherModifier: -9 }, gunner)).toEqual([
      'The attack pool is -1 dice after modifiers: there is nothing to roll.',
    ]);
    expect(() => W.nextStage({ ...W.defaults(gunner), otherModifier: -9 }, gunner, [])).toThrow(
      'The attack pool is -1 dice',
    );
  });

  it("a vehicle stat out of range, named with the vehicle's name", () => {
    const bad = context(GUNNER, { ...CAR, stats: { ...CAR.stats, handling: 9 } });
    expect(W.problems(W.defaults(bad), bad)).toEqual(["Sedan's Handling must be between -6 and 6, got 9."]);
  });

  it('a destroyed vehicle target, and a target that is down cannot defend', () => {
    const wreck = context(GUNNER, { ...CAR, health: { physical: 13, stun: 0 } });
    expect(W.problems(W.defaults(wreck), wreck)).toEqual(['Sedan is already destroyed.']);
    const down = context(GUNNER, fighter('Ghost', { body: 4 }, { health: { physical: 0, stun: 10 } }));
    const res = W.resolve(W.defaults(down), down, [stage('attack', [1, 1, 2, 2, 3, 3, 4, 4])]);
    expect(lines(res.steps)).toContain(`Ghost is unconscious and cannot defend: no defence roll. [${ATTACK} · book]`);
  });

  it('a wounded gunner loses dice to wounds', () => {
    const hurt = context(fighter('Rigger', { agility: 4, gunnery: 4 }, { health: { physical: 3, stun: 0 } }), CAR);
    expect(W.nextStage(W.defaults(hurt), hurt, [])).toMatchObject({ count: 7 });
  });
});

describe('registration', () => {
  it('offers both vehicle workflows in the Shadowrun roll panel, with the sheets step first', () => {
    const ids = shadowrun4eModule.workflows.map((w) => w.id);
    expect(ids).toContain('sr4-vehicle-weapon');
    expect(ids).toContain('sr4-ramming');
    const wrapped = shadowrun4eModule.workflows.find((w) => w.id === 'sr4-vehicle-weapon')!;
    const ctx = context(GUNNER, CAR);
    const res = wrapped.resolve(W.defaults(ctx), ctx, [
      stage('attack', [1, 1, 2, 2, 3, 3, 4, 4]),
      stage('defence', [6, 2, 2, 3, 1, 4]),
    ]);
    expect(res.steps[0]!.text).toContain("Rigger's sheet: Gunnery 4");
  });
});
