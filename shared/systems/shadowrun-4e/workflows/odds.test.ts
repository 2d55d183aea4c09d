import { describe, expect, it } from 'vitest';
import type { OddsView, ResolveContext, ResolveWorkflow, SetupValues } from '../../../system-kit/workflow';
import { createSeededSource } from '../../../dice/random';
import { meleeAttack } from './melee';
import { rangedAttack } from './ranged';
import { context, fighter, simulate } from './test-support';

const RUNS = 20_000;
const TOLERANCE = 0.015;

function figure(odds: OddsView, label: string): number | undefined {
  return odds.figures.find((f) => f.label === label)?.value;
}

interface Case {
  readonly name: string;
  readonly workflow: ResolveWorkflow;
  readonly setup: SetupValues;
  readonly ctx: ResolveContext;
}

const runner = fighter('Ghost', { agility: 5, reaction: 4, strength: 4, edge: 3 });
const ganger = fighter('Ganger', { body: 4, reaction: 3, strength: 3, ballistic: 6, impact: 4 });
const troll = fighter('Troll', { body: 9, reaction: 3, strength: 8, ballistic: 8, impact: 6 });
const woundedRunner = fighter('Ghost', { agility: 5, edge: 2 }, { health: { physical: 3, stun: 4 } });

const CASES: readonly Case[] = [
  {
    name: 'ranged: heavy pistol at short range',
    workflow: rangedAttack,
    setup: rangedAttack.defaults(context(runner, ganger)),
    ctx: context(runner, ganger),
  },
  {
    name: 'ranged: narrow burst, smartlink, wounded shooter, target on Full Defense, SR5 glitches',
    workflow: rangedAttack,
    setup: {
      ...rangedAttack.defaults(context(woundedRunner, ganger)),
      weapon: 'hk-227x',
      firingMode: 'burst',
      sight: 'smartlink',
      distance: 30,
      fullDefense: true,
      dodge: 2,
    },
    ctx: context(woundedRunner, ganger, { glitch: 'sr5' }),
  },
  {
    name: 'ranged: Edge before the roll and a called shot for damage against a troll, DV < armour rule',
    workflow: rangedAttack,
    setup: {
      ...rangedAttack.defaults(context(runner, troll)),
      pushTheLimit: true,
      calledShot: 'damage',
      calledShotDv: 2,
    },
    ctx: context(runner, troll, { stunWhenEqual: false }),
  },
  {
    name: 'ranged: wide long burst, partial cover, darkness with thermographic vision',
    workflow: rangedAttack,
    setup: {
      ...rangedAttack.defaults(context(runner, ganger)),
      weapon: 'ak-97',
      firingMode: 'long-burst',
      spread: 'wide',
      distance: 120,
      cover: 'partial',
      visibility: 'full-darkness',
      vision: 'thermographic',
      skill: 6,
      extraRc: 2,
    },
    ctx: context(runner, ganger),
  },
  {
    name: 'ranged: taser (Stun, −half AP against Impact armour)',
    workflow: rangedAttack,
    setup: {
      ...rangedAttack.defaults(context(runner, troll)),
      weapon: 'defiance-super-shock',
      firingMode: 'single-shot',
    },
    ctx: context(runner, troll),
  },
  {
    name: 'melee: katana against a dodge',
    workflow: meleeAttack,
    setup: { ...meleeAttack.defaults(context(runner, ganger)), weapon: 'katana', dodge: 2 },
    ctx: context(runner, ganger),
  },
  {
    name: 'melee: unarmed against a block on Full Defense with a longer Reach',
    workflow: meleeAttack,
    setup: {
      ...meleeAttack.defaults(context(runner, troll)),
      defence: 'block',
      defenceSkill: 4,
      fullDefense: true,
      defenderReach: 1,
    },
    ctx: context(runner, troll),
  },
  {
    name: 'melee: stun baton with Edge before the roll, charging',
    workflow: meleeAttack,
    setup: {
      ...meleeAttack.defaults(context(runner, ganger)),
      weapon: 'stun-baton',
      pushTheLimit: true,
      charging: true,
    },
    ctx: context(runner, ganger),
  },
  {
    name: 'melee: called shot past the armour with a combat axe',
    workflow: meleeAttack,
    setup: { ...meleeAttack.defaults(context(runner, troll)), weapon: 'combat-axe', calledShot: 'armour', skill: 6 },
    ctx: context(runner, troll),
  },
  {
    name: 'melee: disarm',
    workflow: meleeAttack,
    setup: { ...meleeAttack.defaults(context(runner, ganger)), weapon: 'club', calledShot: 'disarm' },
    ctx: context(runner, ganger),
  },
];

describe('odds', () => {
  it.each(CASES)('$name: the damage distribution sums to 1', ({ workflow, setup, ctx }) => {
    expect(workflow.problems(setup, ctx)).toEqual([]);
    const odds = workflow.odds(setup, ctx);
    const outcomes = odds.distribution!.outcomes;
    expect(outcomes.reduce((sum, o) => sum + o.p, 0)).toBeCloseTo(1, 9);
    for (const o of outcomes) expect(o.p).toBeGreaterThan(0);
    for (const f of odds.figures) expect(Number.isFinite(f.value)).toBe(true);
  });

  it.each(CASES)('$name: a seeded simulation of 20,000 attacks agrees', ({ name, workflow, setup, ctx }) => {
    const odds = workflow.odds(setup, ctx);
    const sim = simulate(workflow, setup, ctx, createSeededSource(`sr4-resolve:${name}`), RUNS);
    expect(Math.abs(sim.hit - figure(odds, 'Chance to hit')!)).toBeLessThan(TOLERANCE);
    expect(Math.abs(sim.attackGlitch - figure(odds, 'Attack glitch')!)).toBeLessThan(TOLERANCE);
    expect(Math.abs(sim.attackCriticalGlitch - figure(odds, 'Attack critical glitch')!)).toBeLessThan(TOLERANCE);
    const disarm = figure(odds, 'Chance to disarm');
    if (disarm !== undefined) {
      expect(Math.abs(sim.disarmed - disarm)).toBeLessThan(TOLERANCE);
    } else {
      expect(Math.abs(sim.physical - figure(odds, 'Chance of Physical damage')!)).toBeLessThan(TOLERANCE);
      expect(Math.abs(sim.knockdown - figure(odds, 'Chance of knockdown')!)).toBeLessThan(TOLERANCE);
      // A mean of boxes is not a probability: it is held to four standard errors of the simulation.
      const expected = figure(odds, 'Expected boxes after resistance')!;
      expect(Math.abs(sim.meanBoxes - expected)).toBeLessThan(Math.max(4 * sim.boxesError, 0.01));
    }
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

  it('the second-chance line matches attacks that reroll their misses with Edge', () => {
    const ctx = context(runner, ganger);
    const setup = { ...rangedAttack.defaults(ctx), skill: 1, distance: 30 };
    const odds = rangedAttack.odds(setup, ctx);
    const withEdge = figure(odds, 'Chance to hit if a miss is rerolled with Edge')!;
    expect(withEdge).toBeGreaterThan(figure(odds, 'Chance to hit')!);
    const sim = simulate(rangedAttack, setup, ctx, createSeededSource('sr4-resolve:second-chance'), RUNS, true);
    expect(Math.abs(sim.hit - withEdge)).toBeLessThan(TOLERANCE);
  });

  it('offers no second-chance line when Edge is spent before the roll or there is none', () => {
    const ctx = context(runner, ganger);
    const pushed = rangedAttack.odds({ ...rangedAttack.defaults(ctx), pushTheLimit: true }, ctx);
    expect(figure(pushed, 'Chance to hit if a miss is rerolled with Edge')).toBeUndefined();
    const noEdge = context(fighter('Rook', { edge: 0 }), ganger);
    expect(
      figure(rangedAttack.odds(rangedAttack.defaults(noEdge), noEdge), 'Chance to hit if a miss is rerolled with Edge'),
    ).toBeUndefined();
  });

});
