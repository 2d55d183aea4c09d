import { describe, expect, it } from 'vitest';
import type { OddsView, ResolveContext, ResolveWorkflow, RolledStage, SetupValues } from '../../../system-kit/workflow';
import { createSeededSource } from '../../../dice/random';
import { meleeAttack as M } from './melee';
import { rangedAttack as R } from './ranged';
import { context, fighter, simulate, stage } from './test-support';
import { CAR, DRONE, RUNNER } from './vehicle-test-support';

/** An ordinary shot at a vehicle or drone: its Vehicle Test, Body + Armor, the vehicle rules. */

const VEH = 'Vehicles & Chase Combat';
const lines = (steps: readonly { text: string; rule: { section: string; source: string } }[]) =>
  steps.map((s) => `${s.text} [${s.rule.section} · ${s.rule.source}]`);

/** A street samurai: Agility 5, Automatics 5 and Pistols 4 on the sheet. */
const SAM = fighter('Sam', { agility: 5, reaction: 5, automatics: 5, pistols: 4 });

function roll(setup: SetupValues, ctx: ResolveContext, faces: Record<string, number[]>, W: ResolveWorkflow = R) {
  const rolled: RolledStage[] = [];
  for (let next = W.nextStage(setup, ctx, rolled); next; next = W.nextStage(setup, ctx, rolled)) {
    const given = faces[next.id];
    if (!given) throw new Error(`no faces for ${next.id}`);
    expect(given).toHaveLength(next.count);
    rolled.push(stage(next.id, given));
  }
  return W.resolve(setup, ctx, rolled);
}

const figure = (odds: OddsView, label: string) => odds.figures.find((f) => f.label === label)?.value;

describe('ranged attack at a crewed car', () => {
  const ctx = context(SAM, CAR);
  const alpha = { ...R.defaults(ctx, { weapon: 'ares-alpha' }), weapon: 'ares-alpha' };

  it("takes the car's Body and Armor from its sheet, with its driver's Vehicle Test and a component field instead of Full Defense", () => {
    expect(R.fromSheets!(ctx, alpha)).toEqual({
      sources: [
        { fieldId: 'skill', value: 5, from: "Sam's sheet: Automatics 5" },
        { fieldId: 'target.sedan.body', value: 10, from: "Sedan's sheet: Body 10" },
        { fieldId: 'target.sedan.vehicleArmor', value: 6, from: "Sedan's sheet: Armor 6" },
      ],
    });
    const ids = R.fields(ctx).map((f) => f.id);
    expect(ids.slice(ids.indexOf('calledShotDv'), ids.indexOf('calledShotDv') + 2)).toEqual([
      'calledShotDv',
      'component',
    ]);
    expect(ids.slice(ids.indexOf('extraTargets'))).toEqual([
      'extraTargets',
      'target.sedan.body',
      'target.sedan.vehicleArmor',
      'targetDriverReaction',
      'targetDriverSkill',
      'pushTheLimit',
      'otherModifier',
    ]);
    expect(alpha).toMatchObject({
      component: 'none',
      targetDriverReaction: 3,
      targetDriverSkill: 3,
      'target.sedan.body': 10,
      'target.sedan.vehicleArmor': 6,
    });
    expect(R.problems(alpha, ctx)).toEqual([]);
  });

  it('an Ares Alpha shot: Vehicle Test defence, DV above Armor after AP, Body + Armor resists, Physical', () => {
    expect(R.nextStage(alpha, ctx, [stage('attack', [6, 5, 5, 3, 2, 1, 4, 4, 2, 2])])).toMatchObject({
      id: 'defence',
      roller: 'Sedan',
      label: "Defence: 6 dice (Vehicle Test: driver's Reaction 3 + vehicle skill 3, Handling 0)",
    });
    const res = roll(alpha, ctx, {
      attack: [6, 5, 5, 3, 2, 1, 4, 4, 2, 2],
      defence: [5, 2, 2, 3, 1, 4],
      soak: [5, 6, 1, 2, 3, 4, 4, 2, 2, 1, 3, 3, 5, 2, 2],
    });
    expect(lines(res.steps)).toEqual([
      'Ares Alpha: 6P, AP −1, SA/BF/FA, RC 2. [Ranged Combat · book]',
      '5 m is Short range for the Ares Alpha (Assault rifle: 50/150/350/550 m). [Ranged Combat · book]',
      'Semi-auto: 1 bullet, a Simple Action, no burst modifier. [Ranged Combat · seed]',
      'Attack pool: Agility 5 + Automatics 5 = 10. [Resolving an Attack · seed]',
      'No modifiers: 10 dice. [Resolving an Attack · seed]',
      'Attack: 3 dice show 5 or 6 of 10: 3 hits. [Resolving an Attack · book]',
      'Attack: 1 die shows 1 of 10; a glitch needs half or more (5), so no glitch. [The Combat Turn · book]',
      `Sedan swerves with a Vehicle Test: driver's Reaction 3 + vehicle skill 3 + Handling 0 = 6 dice. [${VEH} · book]`,
      'Defence: 1 die shows 5 or 6 of 6: 1 hit. [Resolving an Attack · book]',
      'Defence: 1 die shows 1 of 6; a glitch needs half or more (3), so no glitch. [The Combat Turn · book]',
      '3 attack hits against 1 defence hit: the attack hits with 2 net hits. [Resolving an Attack · seed]',
      'Modified DV = 6 + 2 net hits = 8. [Resolving an Attack · seed]',
      `Armor 6 with AP −1 = 5; DV 8 exceeds it: Sedan resists the Physical damage. [${VEH} · book]`,
      `Sedan resists with Body 10 + Armor 5 = 15 dice. [${VEH} · book]`,
      'Resistance: 3 dice show 5 or 6 of 15: 3 hits. [Resolving an Attack · book]',
      'Resistance: 2 dice show 1 of 15; a glitch needs half or more (8), so no glitch. [The Combat Turn · book]',
      'Each resistance hit cuts the DV by 1: 8 − 3 = 5 boxes of Physical damage. [Resolving an Attack · seed]',
    ]);
    expect(res.summary).toBe('Sam shot at Sedan with Ares Alpha: 3 vs 1 → 8P, resisted 3 → 5 Physical');
    expect(res.effects).toEqual([{ on: { side: 'targets', index: 0 }, harm: { kind: 'physical', amount: 5 } }]);
    expect(res.result).toMatchObject({
      damageType: 'P',
      armourAfterAp: 5,
      resistDice: 15,
      resistHits: 3,
      damage: 5,
      knockdown: false,
    });
  });

  it('a light pistol whose modified DV does not exceed the Armor does nothing, and no resistance is rolled', () => {
    const colt = { ...R.defaults(ctx, { weapon: 'colt-america-l36' }), weapon: 'colt-america-l36' };
    const res = roll(colt, ctx, { attack: [6, 5, 3, 3, 2, 1, 4, 4, 2], defence: [1, 2, 2, 3, 1, 4] });
    expect(lines(res.steps).slice(-3)).toEqual([
      '2 attack hits against 0 defence hits: the attack hits with 2 net hits. [Resolving an Attack · seed]',
      'Modified DV = 4 + 2 net hits = 6. [Resolving an Attack · seed]',
      `Armor 6 with AP 0 = 6; DV 6 does not exceed it, so the hit does Sedan no damage (vehicle Armor). [${VEH} · book]`,
    ]);
    expect(res.summary).toBe('Sam shot at Sedan with Colt America L36: 2 vs 0 → 6P, no damage');
    expect(res.effects).toEqual([]);
    expect(res.result).toMatchObject({ damage: 0, resistDice: 0, resistHits: 0 });
  });

  it('a taser (Stun, electricity) does nothing to a vehicle', () => {
    const taser = { ...R.defaults(ctx, { weapon: 'defiance-super-shock' }), weapon: 'defiance-super-shock' };
    const res = roll(taser, ctx, { attack: [6, 5, 3, 3, 2, 1, 4, 4, 2], defence: [1, 2, 2, 3, 1, 4] });
    expect(lines(res.steps).slice(-1)).toEqual([`Sedan is a vehicle: Stun damage does not affect it. [${VEH} · book]`]);
    expect(res.effects).toEqual([]);
    const odds = R.odds(taser, ctx);
    expect(odds.distribution!.outcomes.map((o) => o.label)).toEqual(['No damage']);
    expect(figure(odds, 'Expected boxes after resistance')).toBe(0);
  });

  it('a called shot on the tires: −4 dice, and the tires are shot out when damage gets through', () => {
    const tires = { ...alpha, component: 'tires' };
    expect(R.nextStage(tires, ctx, [])).toMatchObject({
      count: 6,
      label: 'Attack: 6 dice (Agility 5 + Automatics 5, modifiers −4)',
    });
    const res = roll(tires, ctx, {
      attack: [6, 5, 5, 3, 2, 1],
      defence: [5, 2, 2, 3, 1, 4],
      soak: [5, 6, 1, 2, 3, 4, 4, 2, 2, 1, 3, 3, 5, 2, 2],
    });
    expect(lines(res.steps)).toContain('Called shot on the tires: −4 dice. [Other Combat Factors · book]');
    expect(lines(res.steps).slice(-1)).toEqual([
      `Called shot on the tires: it is hit, a tire blows: the driver makes a Vehicle Test to keep control, at a threshold the GM sets. [${VEH} · default]`,
    ]);
    expect(res.effects).toEqual([
      {
        on: { side: 'targets', index: 0 },
        harm: { kind: 'physical', amount: 5 },
        conditions: [{ conditionId: 'component-tires', label: 'Tires shot out', note: 'Called shot by Sam' }],
      },
    ]);
    expect(res.result).toMatchObject({ componentHit: 'component-tires' });
    const stopped = roll({ ...tires, weapon: 'colt-america-l36' }, ctx, {
      attack: [6, 1, 1, 1, 1, 2],
      defence: [1, 2, 2, 3, 1, 4],
    });
    expect(lines(stopped.steps).slice(-1)).toEqual([
      `Called shot on the tires: no damage gets through, so the component is unharmed. [${VEH} · default]`,
    ]);
    expect(stopped.effects).toEqual([]);
  });

  it('refuses the person-only called shots, two called shots at once, and a destroyed vehicle', () => {
    expect(R.problems({ ...alpha, calledShot: 'armour' }, ctx)).toEqual([
      'A called shot past the armour is made at a person; Sedan is a vehicle: call the shot on a component instead.',
    ]);
    expect(R.problems({ ...alpha, calledShot: 'disarm' }, ctx)).toEqual([
      'A called shot to disarm is made at a person; Sedan is a vehicle: call the shot on a component instead.',
    ]);
    expect(R.problems({ ...alpha, calledShot: 'damage', component: 'engine' }, ctx)).toEqual([
      'One called shot per attack: choose either the called shot or the component.',
    ]);
    expect(R.problems({ ...alpha, component: 'engine', firingMode: 'full-burst' }, ctx)).toEqual([
      'A called shot cannot be made with full-auto fire; choose single-shot, semi-auto or burst fire.',
      'The attack pool is −1 die after modifiers: there is nothing to roll. Lift a penalty or spend Edge before the roll.',
    ]);
    const wreck = context(SAM, { ...CAR, health: { physical: 13, stun: 0 } });
    expect(R.problems({ ...R.defaults(wreck), weapon: 'ares-alpha' }, wreck)).toEqual(['Sedan is already destroyed.']);
  });

  it("a wide burst cuts the driver's Vehicle Test", () => {
    const wide = { ...alpha, firingMode: 'burst', spread: 'wide' };
    expect(R.nextStage(wide, ctx, [stage('attack', [6, 5, 5, 3, 2, 1, 4, 4, 2, 2])])).toMatchObject({
      count: 4,
      label: "Defence: 4 dice (Vehicle Test: driver's Reaction 3 + vehicle skill 3, Handling 0, wide burst −2)",
    });
    const res = roll(wide, ctx, {
      attack: [6, 5, 5, 3, 2, 1, 4, 4, 2, 2],
      defence: [5, 2, 2, 3],
      soak: [5, 6, 1, 2, 3, 4, 4, 2, 2, 1, 3, 3, 5, 2, 2],
    });
    expect(lines(res.steps)).toContain(`Wide burst: −2 to the Vehicle Test = 4 dice. [Ranged Combat · book]`);
  });

  it('the exact odds agree with 20,000 seeded shots', () => {
    const odds = R.odds(alpha, ctx);
    expect(odds.figures.map((f) => f.label)).toEqual([
      'Chance to hit',
      'Expected boxes after resistance',
      'Chance of Physical damage',
      'Attack glitch',
      'Attack critical glitch',
      'Chance to hit if a miss is rerolled with Edge',
    ]);
    const sim = simulate(R, alpha, ctx, createSeededSource('sr4-ranged-at-vehicle'), 20_000);
    expect(Math.abs(sim.hit - figure(odds, 'Chance to hit')!)).toBeLessThan(0.015);
    expect(Math.abs(sim.meanBoxes - figure(odds, 'Expected boxes after resistance')!)).toBeLessThan(4 * sim.boxesError);
    expect(Math.abs(sim.physical - figure(odds, 'Chance of Physical damage')!)).toBeLessThan(0.015);
    for (const outcome of odds.distribution!.outcomes) {
      expect(Math.abs((sim.outcomes.get(outcome.label) ?? 0) - outcome.p), outcome.label).toBeLessThan(0.015);
    }
  });
});

describe('ranged attack at an autonomous drone', () => {
  it('the drone swerves with Response + Pilot + Handling', () => {
    const ctx = context(SAM, DRONE);
    const setup = R.defaults(ctx);
    expect(R.nextStage(setup, ctx, [stage('attack', [6, 5, 5, 3, 2, 1, 4, 4, 2])])).toMatchObject({
      count: 7,
      label: 'Defence: 7 dice (Vehicle Test: Response 3 + Pilot 3, Handling +1)',
    });
  });
});

describe('ranged attack at a person keeps the person rules', () => {
  it('Reaction defence, ballistic armour fields, no component field', () => {
    const ctx = context(SAM, RUNNER);
    const ids = R.fields(ctx).map((f) => f.id);
    expect(ids).not.toContain('component');
    expect(ids).toContain('target.ghost.ballistic');
    expect(R.nextStage(R.defaults(ctx), ctx, [stage('attack', [6, 5, 5, 3, 2, 1, 4, 4, 2])])).toMatchObject({
      count: 4,
      label: 'Defence: 4 dice (Reaction 4)',
    });
  });
});

describe('melee attack at a drone', () => {
  /** A street samurai with a katana: Agility 5, Strength 5, Blades 4. */
  const BLADE = fighter('Sam', { agility: 5, reaction: 5, strength: 5, blades: 4, clubs: 3 });
  const ctx = context(BLADE, DRONE);
  const katana = { ...M.defaults(ctx, { weapon: 'katana' }), weapon: 'katana' };

  it("the drone's Body and Armor come from its sheet; no parry, block, dodge, Full Defense or Reach fields", () => {
    expect(M.fromSheets!(ctx, katana)).toEqual({
      sources: [
        { fieldId: 'skill', value: 4, from: "Sam's sheet: Blades 4" },
        { fieldId: 'target.drone.body', value: 3, from: "Drone's sheet: Body 3" },
        { fieldId: 'target.drone.vehicleArmor', value: 3, from: "Drone's sheet: Armor 3" },
      ],
    });
    expect(
      M.fields(ctx)
        .map((f) => f.id)
        .slice(-6),
    ).toEqual([
      'target.drone.body',
      'target.drone.vehicleArmor',
      'targetDriverReaction',
      'targetDriverSkill',
      'pushTheLimit',
      'otherModifier',
    ]);
    expect(M.problems(katana, ctx)).toEqual([]);
  });

  it('a katana cut: the drone swerves with Response + Pilot, resists with Body + Armor after AP', () => {
    const res = roll(
      katana,
      ctx,
      { attack: [6, 5, 5, 3, 2, 1, 4, 4, 2], defence: [5, 2, 2, 3, 1, 4, 1], soak: [5, 6, 1, 2, 3] },
      M,
    );
    expect(lines(res.steps).slice(5)).toEqual([
      `Drone swerves with a Vehicle Test: Response 3 + Pilot 3 + Handling 1 = 7 dice (an autonomous drone's Response and Pilot stand in for a driver's Reaction and skill). [${VEH} · default]`,
      'Defence: 1 die shows 5 or 6 of 7: 1 hit. [Resolving an Attack · book]',
      'Defence: 2 dice show 1 of 7; a glitch needs half or more (4), so no glitch. [The Combat Turn · book]',
      '3 attack hits against 1 defence hit: the attack hits with 2 net hits. [Resolving an Attack · seed]',
      'Modified DV = 6 + 2 net hits = 8. [Resolving an Attack · seed]',
      `Armor 3 with AP −1 = 2; DV 8 exceeds it: Drone resists the Physical damage. [${VEH} · book]`,
      `Drone resists with Body 3 + Armor 2 = 5 dice. [${VEH} · book]`,
      'Resistance: 2 dice show 5 or 6 of 5: 2 hits. [Resolving an Attack · book]',
      'Resistance: 1 die shows 1 of 5; a glitch needs half or more (3), so no glitch. [The Combat Turn · book]',
      'Each resistance hit cuts the DV by 1: 8 − 2 = 6 boxes of Physical damage. [Resolving an Attack · seed]',
    ]);
    expect(res.summary).toBe('Sam attacked Drone with Katana: 3 vs 1 → 8P, resisted 2 → 6 Physical');
    expect(res.effects).toEqual([{ on: { side: 'targets', index: 0 }, harm: { kind: 'physical', amount: 6 } }]);
  });

  it('a stun baton does nothing to a vehicle', () => {
    const baton = { ...M.defaults(ctx, { weapon: 'stun-baton' }), weapon: 'stun-baton' };
    const res = roll(baton, ctx, { attack: [6, 5, 5, 3, 2, 1, 4, 4], defence: [1, 2, 2, 3, 1, 4, 1] }, M);
    expect(lines(res.steps).slice(-1)).toEqual([`Drone is a vehicle: Stun damage does not affect it. [${VEH} · book]`]);
    expect(res.summary).toBe('Sam attacked Drone with Stun baton: 3 vs 0 → 9S, no damage');
    expect(res.effects).toEqual([]);
  });

  it('refuses a disarm at a vehicle', () => {
    const car = context(BLADE, CAR);
    expect(M.problems({ ...M.defaults(car), calledShot: 'disarm' }, car)).toEqual([
      'A called shot to disarm is made at a person; Sedan is a vehicle: call the shot on a component instead.',
    ]);
  });

  it('the exact odds agree with 20,000 seeded cuts', () => {
    const odds = M.odds(katana, ctx);
    const sim = simulate(M, katana, ctx, createSeededSource('sr4-melee-at-vehicle'), 20_000);
    expect(Math.abs(sim.hit - figure(odds, 'Chance to hit')!)).toBeLessThan(0.015);
    expect(Math.abs(sim.meanBoxes - figure(odds, 'Expected boxes after resistance')!)).toBeLessThan(4 * sim.boxesError);
    for (const outcome of odds.distribution!.outcomes) {
      expect(Math.abs((sim.outcomes.get(outcome.label) ?? 0) - outcome.p), outcome.label).toBeLessThan(0.015);
    }
  });
});
