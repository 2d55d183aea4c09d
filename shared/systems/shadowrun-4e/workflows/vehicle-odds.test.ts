import { describe, expect, it } from 'vitest';
import type { OddsView, ResolveContext, ResolveWorkflow, SetupValues } from '../../../system-kit/workflow';
import { createSeededSource } from '../../../dice/random';
import { rammingAttack } from './ramming';
import { context, rollAll, simulate } from './test-support';
import { vehicleWeaponAttack } from './vehicle-weapon';
import { CAR, DRONE, GUNNER, RUNNER, TANK } from './vehicle-test-support';

/** The vehicle workflows' exact odds against seeded simulations of the whole roll. */

const RUNS = 20_000;
const TOLERANCE = 0.015;

const figure = (odds: OddsView, label: string) => odds.figures.find((f) => f.label === label)?.value;

interface Case {
  readonly name: string;
  readonly workflow: ResolveWorkflow;
  readonly setup: SetupValues;
  readonly ctx: ResolveContext;
  readonly target: string;
}

const gunnerOnCar = context(GUNNER, CAR);
const droneOnRunner = context(DRONE, RUNNER);
const gunnerOnTank = context(GUNNER, TANK);
const gunnerOnDrone = context(GUNNER, DRONE);
const carOnDrone = context(CAR, DRONE);
const droneOnRunnerRam = context(DRONE, RUNNER);

const CASES: readonly Case[] = [
  {
    name: 'gunnery by hand on a crewed car',
    workflow: vehicleWeaponAttack,
    setup: vehicleWeaponAttack.defaults(gunnerOnCar),
    ctx: gunnerOnCar,
    target: 'Sedan',
  },
  {
    name: 'sensor-based fire from a drone at a person (Physical may turn Stun)',
    workflow: vehicleWeaponAttack,
    setup: vehicleWeaponAttack.defaults(droneOnRunner),
    ctx: droneOnRunner,
    target: 'Ghost',
  },
  {
    name: 'gunnery on an armoured vehicle whose Armor stops low DVs',
    workflow: vehicleWeaponAttack,
    setup: { ...vehicleWeaponAttack.defaults(gunnerOnTank), ap: 0, skill: 6 },
    ctx: gunnerOnTank,
    target: 'Tank',
  },
  {
    name: 'a called shot on a drone’s tires, SR5 glitches',
    workflow: vehicleWeaponAttack,
    setup: { ...vehicleWeaponAttack.defaults(gunnerOnDrone), component: 'tires' },
    ctx: context(GUNNER, DRONE, { glitch: 'sr5' }),
    target: 'Drone',
  },
  {
    name: 'a crewed car rams a drone at 120 m/turn',
    workflow: rammingAttack,
    setup: rammingAttack.defaults(carOnDrone),
    ctx: carOnDrone,
    target: 'Drone',
  },
  {
    name: 'a drone rams a person who dives aside',
    workflow: rammingAttack,
    setup: rammingAttack.defaults(droneOnRunnerRam),
    ctx: droneOnRunnerRam,
    target: 'Ghost',
  },
];

describe('vehicle odds', () => {
  it.each(CASES)('$name: the distribution sums to 1', ({ workflow, setup, ctx }) => {
    expect(workflow.problems(setup, ctx)).toEqual([]);
    const outcomes = workflow.odds(setup, ctx).distribution!.outcomes;
    expect(outcomes.reduce((sum, o) => sum + o.p, 0)).toBeCloseTo(1, 9);
    for (const o of outcomes) expect(o.p).toBeGreaterThan(0);
  });

  it.each(CASES)('$name: a seeded simulation of 20,000 rolls agrees', ({ name, workflow, setup, ctx, target }) => {
    const odds = workflow.odds(setup, ctx);
    const sim = simulate(workflow, setup, ctx, createSeededSource(`sr4-vehicles:${name}`), RUNS);
    const hitLabel = workflow === rammingAttack ? 'Chance to ram' : 'Chance to hit';
    expect(Math.abs(sim.hit - figure(odds, hitLabel)!)).toBeLessThan(TOLERANCE);
    expect(Math.abs(sim.attackGlitch - figure(odds, 'Attack glitch')!)).toBeLessThan(TOLERANCE);
    expect(Math.abs(sim.attackCriticalGlitch - figure(odds, 'Attack critical glitch')!)).toBeLessThan(TOLERANCE);
    expect(Math.abs(sim.meanBoxes - figure(odds, `Expected boxes on ${target}`)!)).toBeLessThan(
      Math.max(4 * sim.boxesError, 0.01),
    );
    const damaged = 1 - (sim.outcomes.get('No damage') ?? 0);
    expect(Math.abs(damaged - figure(odds, `Chance ${target} is damaged`)!)).toBeLessThan(TOLERANCE);
    for (const outcome of odds.distribution!.outcomes) {
      expect(Math.abs((sim.outcomes.get(outcome.label) ?? 0) - outcome.p), outcome.label).toBeLessThan(TOLERANCE);
    }
    for (const label of sim.outcomes.keys()) {
      expect(
        odds.distribution!.outcomes.some((o) => o.label === label),
        `simulated "${label}"`,
      ).toBe(true);
    }
  });

  it.each(CASES.filter((c) => c.workflow === rammingAttack))(
    "$name: the rammer's own expected boxes agree",
    ({ name, setup, ctx }) => {
      const odds = rammingAttack.odds(setup, ctx);
      const attacker = ctx.attackers[0]!.name;
      const expected = figure(odds, `Expected boxes on ${attacker} (its own ram)`)!;
      const source = createSeededSource(`sr4-vehicles:rammer:${name}`);
      let sum = 0;
      let squares = 0;
      for (let i = 0; i < RUNS; i++) {
        const own =
          (rollAll(rammingAttack, setup, ctx, source).resolution.result.rammerDamage as number | undefined) ?? 0;
        sum += own;
        squares += own * own;
      }
      const mean = sum / RUNS;
      const error = Math.sqrt((squares / RUNS - mean * mean) / RUNS);
      expect(Math.abs(mean - expected)).toBeLessThan(Math.max(4 * error, 0.01));
    },
  );

  it('a Stun weapon never damages a vehicle, and the odds say so', () => {
    const setup = { ...vehicleWeaponAttack.defaults(gunnerOnCar), damageType: 'S' };
    const odds = vehicleWeaponAttack.odds(setup, gunnerOnCar);
    expect(odds.distribution!.outcomes.map((o) => o.label)).toEqual(['No damage']);
    expect(odds.distribution!.outcomes[0]!.p).toBeCloseTo(1, 12);
    expect(figure(odds, 'Expected boxes on Sedan')).toBe(0);
  });
});
