import { describe, expect, it } from 'vitest';
import type { ChaseContext, ChaseState } from '../../../system-kit/chase-model';
import { createSeededSource } from '../../../dice/random';
import type { ResolveContext, SetupValues } from '../../../system-kit/workflow';
import { shadowrun4eModule } from '../module';
import { chaseStunt } from './chase-stunt';
import { fighter, rollAll, stage } from './test-support';

const V = 'Vehicles & Chase Combat';

const van = fighter('Van', { vehicle: true, handling: 1, pilot: 1, body: 12 });
const patrol = fighter('Patrol', { vehicle: true, handling: -1, pilot: 2, body: 10 });
const drone = fighter('Drone', { vehicle: true, autonomous: true, handling: 2, pilot: 3, body: 3 });
const rigger = fighter('Rigger', { reaction: 5, pilotGroundCraft: 4 });
const cop = fighter('Cop', { reaction: 3, pilotGroundCraft: 2 });

const chase = (over: Partial<ChaseState> = {}): ChaseState => ({
  turn: 1,
  terrain: 'light',
  vehicles: [
    { vehicleId: 'van', driverId: 'rigger' },
    { vehicleId: 'patrol', driverId: 'cop' },
    { vehicleId: 'drone', driverId: null },
  ],
  pairs: [
    { pursuerId: 'patrol', quarryId: 'van', range: 'medium' },
    { pursuerId: 'drone', quarryId: 'van', range: 'extreme' },
  ],
  finished: [],
  earnedDice: {},
  bonusDice: {},
  ...over,
});

const members: ChaseContext['members'] = Object.fromEntries(
  [van, patrol, drone, rigger, cop].map((p) => [p.combatantId!, { name: p.name, stats: p.stats }]),
);

function ctx(attacker = van, target = patrol, state = chase()): ResolveContext {
  return { attackers: [attacker], targets: [target], toggles: {}, chase: { chase: state, members } };
}

const setupOf = (context: ResolveContext, over: SetupValues = {}) => ({ ...chaseStunt.defaults(context), ...over });

describe('the form from the chase and the sheets', () => {
  it('takes each driver’s Reaction and Pilot Ground Craft and each vehicle’s Handling, the terrain and the pair’s range', () => {
    expect(chaseStunt.defaults(ctx())).toEqual({
      stunt: 'break-off',
      terrain: 'light',
      range: 'medium',
      driverReaction: 5,
      driverSkill: 4,
      driverHandling: 1,
      driverBonus: 0,
      otherReaction: 3,
      otherSkill: 2,
      otherHandling: -1,
      otherBonus: 0,
      extraFactions: 0,
      otherModifier: 0,
    });
    expect(chaseStunt.fromSheets!(ctx()).sources.map((s) => s.from)).toEqual([
      "Rigger's sheet: Reaction 5",
      "Rigger's sheet: Pilot Ground Craft 4",
      "Van's sheet: Handling 1",
      "Cop's sheet: Reaction 3",
      "Cop's sheet: Pilot Ground Craft 2",
      "Patrol's sheet: Handling -1",
    ]);
  });

  it('a pursuer starts on Cut Off; choosing the driver finds the vehicle; an autonomous vehicle rolls its Pilot', () => {
    expect(chaseStunt.defaults(ctx(patrol, van)).stunt).toBe('cut-off');
    expect(chaseStunt.defaults(ctx(cop, rigger))).toMatchObject({
      stunt: 'cut-off',
      driverReaction: 3,
      otherReaction: 5,
    });
    expect(chaseStunt.defaults(ctx(drone, van))).toMatchObject({
      range: 'extreme',
      driverReaction: 3,
      driverSkill: 0,
      driverHandling: 2,
    });
    expect(chaseStunt.fromSheets!(ctx(drone, van)).sources[0]!.from).toBe("Drone's sheet: Pilot 3");
  });

  it('carries last Chase Turn’s Maneuver dice into this turn’s test', () => {
    expect(chaseStunt.defaults(ctx(van, patrol, chase({ bonusDice: { van: 2 } })))).toMatchObject({
      driverBonus: 2,
      otherBonus: 0,
    });
  });
});

describe('problems', () => {
  it('refuses a range other than the chase’s, a pair not chasing, Ram away from Short range and Ram at Short', () => {
    expect(chaseStunt.problems(setupOf(ctx(), { range: 'long' }), ctx())).toEqual([
      'The chase has Van and Patrol at Medium range, not Long.',
    ]);
    expect(chaseStunt.problems(setupOf(ctx(patrol, drone)), ctx(patrol, drone))).toEqual([
      'Patrol and Drone are not chasing each other now.',
    ]);
    expect(chaseStunt.problems(setupOf(ctx(), { stunt: 'ram' }), ctx())).toEqual([
      'Ram needs Short range; Van and Patrol are at Medium: close in with Cut Off or the Chase Turn test first.',
    ]);
    const short = ctx(van, patrol, chase({ pairs: [{ pursuerId: 'patrol', quarryId: 'van', range: 'short' }] }));
    expect(chaseStunt.problems(setupOf(short, { stunt: 'ram' }), short)).toEqual([
      'Van and Patrol are at Short range: resolve the Ram with the Ramming roll (choose it as the roll kind).',
    ]);
    const outsider = fighter('Troll', { reaction: 2 });
    expect(chaseStunt.problems(setupOf(ctx(outsider, patrol)), ctx(outsider, patrol))).toEqual([
      'Troll is not in the chase.',
    ]);
  });
});

describe('stages and the result', () => {
  it('Break Off: the driver’s 10 dice, then the other driver’s 4; 3 hits against 1 on Light terrain opens Medium to Long', () => {
    const context = ctx();
    const setup = setupOf(context);
    // Rigger: Reaction 5 + Pilot Ground Craft 4 + Handling 1 = 10. Cop: Reaction 3 + 2 − 1 = 4.
    expect(chaseStunt.nextStage(setup, context, [])).toEqual({
      id: 'driver',
      label: 'Vehicle Test: 10 dice (Reaction 5, skill 4, Handling +1)',
      roller: 'Rigger',
      count: 10,
      sides: 6,
    });
    const driver = stage('driver', [6, 5, 5, 4, 3, 3, 2, 2, 2, 2]);
    expect(chaseStunt.nextStage(setup, context, [driver])).toMatchObject({ id: 'opponent', roller: 'Cop', count: 4 });
    const rolled = [driver, stage('opponent', [5, 4, 3, 2])];
    expect(chaseStunt.nextStage(setup, context, rolled)).toBeNull();
    const resolution = shadowrun4eModule.workflows.find((w) => w.id === chaseStunt.id)!.resolve(setup, context, rolled);
    expect(resolution.summary).toBe('Van → Patrol: Break Off: 3 hits vs 1, threshold 2 → Medium to Long');
    expect(resolution.chase).toEqual({
      kind: 'range',
      pursuerId: 'patrol',
      quarryId: 'van',
      from: 'medium',
      to: 'long',
    });
    expect(resolution.effects).toEqual([]);
    expect(resolution.steps.map((s) => s.text)).toEqual([
      expect.stringMatching(/^From the sheets: /),
      "Rigger's Vehicle Test: Reaction 5, skill 4, Handling +1 = 10 dice (Reaction + Vehicle skill ± Handling).",
      "Cop's Vehicle Test: Reaction 3, skill 2, Handling −1 = 4 dice (Reaction + Vehicle skill ± Handling).",
      'Rigger: 3 dice show 5 or 6 of 10: 3 hits.',
      'Rigger: 0 dice show 1 of 10; a glitch needs half or more (5), so no glitch.',
      'Cop: 1 die shows 5 or 6 of 4: 1 hit.',
      'Cop: 0 dice show 1 of 4; a glitch needs half or more (2), so no glitch.',
      'Light terrain (main roads, light traffic): threshold 2; Van scored 3 hits, enough.',
      'Light terrain (main roads, light traffic): threshold 2; Patrol scored 1 hit, not enough.',
      'Van breaks away: the range opens one step, Medium → Long.',
    ]);
    expect(resolution.steps.slice(1).map((s) => `${s.rule.source}: ${s.rule.section}`)).toEqual([
      `seed: ${V}`,
      `seed: ${V}`,
      'book: Resolving an Attack',
      'book: The Combat Turn',
      'book: Resolving an Attack',
      'book: The Combat Turn',
      `book: ${V}`,
      `book: ${V}`,
      `default: ${V}`,
    ]);
  });

  it('Break Off at Extreme from an autonomous drone’s pursuit ends that pair', () => {
    const context = ctx(van, drone);
    const setup = setupOf(context);
    // Rigger 10 dice; the drone rolls Pilot 3, defaulting −1, Handling +2 = 4 dice.
    expect(chaseStunt.nextStage(setup, context, [stage('driver', [5, 5, 1, 1, 1, 2, 2, 2, 2, 2])])).toMatchObject({
      roller: 'Drone',
      count: 4,
      label: 'Opposing Vehicle Test: 4 dice (Pilot 3, defaulting −1, Handling +2)',
    });
    const { resolution } = rollAll(chaseStunt, setup, context, createSeededSource(1), [
      stage('driver', [5, 5, 1, 1, 1, 2, 2, 2, 2, 2]),
      stage('opponent', [6, 2, 2, 2]),
    ]);
    expect(resolution.chase).toEqual({
      kind: 'pair-ended',
      pursuerId: 'drone',
      quarryId: 'van',
      from: 'extreme',
      outcome: 'broke-off',
      byId: 'van',
    });
  });

  it('Maneuver rolls only the driver and earns the dice over the threshold', () => {
    const context = ctx(van, patrol, chase({ terrain: 'open' }));
    const setup = setupOf(context, { stunt: 'maneuver' });
    const resolution = chaseStunt.resolve(setup, context, [stage('driver', [6, 6, 5, 1, 2, 2, 2, 2, 2, 2])]);
    expect(chaseStunt.nextStage(setup, context, [stage('driver', [6, 6, 5, 1, 2, 2, 2, 2, 2, 2])])).toBeNull();
    expect(resolution.chase).toEqual({ kind: 'maneuver', vehicleId: 'van', dice: 2 });
  });

  it('a failed stunt changes nothing in the chase; outside a chase the result is for the log only', () => {
    const context = ctx();
    const failed = chaseStunt.resolve(setupOf(context), context, [
      stage('driver', [5, 2, 2, 2, 2, 2, 2, 2, 2, 2]),
      stage('opponent', [5, 5, 2, 2]),
    ]);
    expect(failed.chase).toBeUndefined();
    const loose: ResolveContext = { attackers: [rigger], targets: [cop], toggles: {} };
    const setup = setupOf(loose);
    expect(setup).toMatchObject({
      range: 'medium',
      terrain: 'light',
      driverReaction: 5,
      driverSkill: 4,
      driverHandling: 0,
    });
    const logged = chaseStunt.resolve(setup, loose, [
      stage('driver', [5, 5, 5, 2, 2, 2, 2, 2, 2]),
      stage('opponent', [2, 2, 2, 2, 2]),
    ]);
    expect(logged.chase).toBeUndefined();
    expect(logged.steps.at(-1)!.text).toBe('No chase in the tracker pairs these two: the result is for the log only.');
  });

  it('the extra sides of a three-way chase cost both drivers 2 dice each; the GM modifier the driver only', () => {
    const context = ctx();
    const setup = setupOf(context, { extraFactions: 1, otherModifier: 1 });
    expect(chaseStunt.nextStage(setup, context, [])!.count).toBe(9);
    expect(chaseStunt.nextStage(setup, context, [stage('driver', [2, 2, 2, 2, 2, 2, 2, 2, 2])])!.count).toBe(2);
  });
});

describe('exact odds against a seeded simulation', () => {
  const RUNS = 20_000;
  const TOLERANCE = 0.015;

  function simulate(context: ResolveContext, setup: SetupValues, seed: number) {
    const source = createSeededSource(seed);
    let success = 0;
    let otherWins = 0;
    let glitch = 0;
    for (let i = 0; i < RUNS; i++) {
      const { resolution } = rollAll(chaseStunt, setup, context, source);
      const r = resolution.result as { success: boolean; driverGlitch: boolean; effect: { kind: string; to?: string } };
      if (r.success) success++;
      if (!r.success && r.effect.kind === 'range') otherWins++;
      if (r.driverGlitch) glitch++;
    }
    return { success: success / RUNS, otherWins: otherWins / RUNS, glitch: glitch / RUNS };
  }

  const figure = (context: ResolveContext, setup: SetupValues, label: string) =>
    chaseStunt.odds(setup, context).figures.find((f) => f.label === label)!.value;

  it('Break Off on Restricted terrain: P(success) and P(glitch)', () => {
    const context = ctx(van, patrol, chase({ terrain: 'restricted' }));
    const setup = setupOf(context);
    const sim = simulate(context, setup, 7);
    expect(Math.abs(sim.success - figure(context, setup, 'Break Off succeeds'))).toBeLessThan(TOLERANCE);
    expect(Math.abs(sim.glitch - figure(context, setup, 'Rigger glitches'))).toBeLessThan(TOLERANCE);
    // By hand: Σ over driver hits d ≥ 3 of B(10, 1/3)(d) × P(B(4, 1/3) < d) = 0.66915.
    expect(figure(context, setup, 'Break Off succeeds')).toBeCloseTo(0.66915, 5);
  });

  it('the Chase Turn test with Maneuver dice: both sides’ chances to win', () => {
    const context = ctx(van, patrol, chase({ bonusDice: { patrol: 3 } }));
    const setup = setupOf(context, { stunt: 'chase-test', driverReaction: 2, driverSkill: 1 });
    const sim = simulate(context, setup, 11);
    expect(Math.abs(sim.success - figure(context, setup, 'Rigger wins'))).toBeLessThan(TOLERANCE);
    expect(Math.abs(sim.otherWins - figure(context, setup, 'Cop wins'))).toBeLessThan(TOLERANCE);
  });

  it('Maneuver on Tight terrain: P(earning dice)', () => {
    const context = ctx(van, patrol, chase({ terrain: 'tight' }));
    const setup = setupOf(context, { stunt: 'maneuver' });
    const sim = simulate(context, setup, 13);
    expect(Math.abs(sim.success - figure(context, setup, 'Earns extra dice'))).toBeLessThan(TOLERANCE);
  });
});
