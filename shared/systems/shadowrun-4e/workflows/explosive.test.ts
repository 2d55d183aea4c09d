import { describe, expect, it } from 'vitest';
import { createSeededSource, rollDice, type RandomSource } from '../../../dice/random';
import { shadowrun4eTracker as shadowrunTracker } from '../tracker';
import type { ResolveContext, RolledStage, SetupValues } from '../../../system-kit/workflow';
import { distanceFromBlast, sidesApart } from './explosive-geometry';
import { explosiveAttack as wf, GRENADE_CONDITION } from './explosive';
import { fighter, stage } from './test-support';

const SAMURAI = { body: 5, agility: 6, reaction: 5, willpower: 3, edge: 3, passes: 2, ballistic: 8, impact: 6 };
const GANGER = { body: 3, agility: 3, reaction: 3, willpower: 2, edge: 1, ballistic: 4, impact: 2 };
const sam = fighter('Sam', SAMURAI);
const gangers = [1, 2, 3, 4].map((n) => fighter(`Ganger ${n}`, GANGER));
const ctx = (targets = gangers.slice(0, 2), attacker = sam): ResolveContext => ({
  attackers: [attacker],
  targets,
  toggles: {},
});

/** Feeds the faces in order, asking the workflow for each stage first (so the order is its own). */
function roll(setup: SetupValues, context: ResolveContext, faces: Record<string, readonly (readonly number[])[]>) {
  const rolled: RolledStage[] = [];
  const asked: string[] = [];
  for (let next = wf.nextStage(setup, context, rolled); next; next = wf.nextStage(setup, context, rolled)) {
    asked.push(next.label);
    const groups = faces[next.id]!;
    rolled.push({
      stageId: next.id,
      groups: groups.map((f, i) => ({ id: `${next.id}-${i}`, sides: 6, faces: f })),
      source: 'physical',
    });
  }
  return { asked, resolution: wf.resolve(setup, context, rolled) };
}

/** Rolls every stage, extra groups included, with the seeded source. */
function rollAll(setup: SetupValues, context: ResolveContext, source: RandomSource) {
  const rolled: RolledStage[] = [];
  for (let next = wf.nextStage(setup, context, rolled); next; next = wf.nextStage(setup, context, rolled)) {
    const groups = [next, ...(next.extra ?? [])].map((g) => ({
      id: g.id,
      sides: g.sides,
      faces: rollDice(source, g.count, g.sides),
    }));
    rolled.push({ stageId: next.id, groups, source: source.kind });
  }
  return wf.resolve(setup, context, rolled);
}

const cited = (steps: readonly { text: string; rule: { section: string; source: string } }[]) =>
  steps.map((s) => `${s.text} [${s.rule.section} · ${s.rule.source}]`);

describe('where the blast lands relative to each target (law of cosines, whole metres)', () => {
  it('counts sides apart on the six-sided diagram both ways round', () => {
    expect([
      sidesApart(1, 1),
      sidesApart(1, 2),
      sidesApart(1, 6),
      sidesApart(2, 5),
      sidesApart(3, 6),
      sidesApart(1, 3),
    ]).toEqual([0, 1, 1, 3, 3, 2]);
  });
  it('measures from the landing: same side, one, two and three sides apart; a direct hit or a target on the point', () => {
    expect(distanceFromBlast(5, 2, 3, 2)).toBe(2); // |5 − 3|
    expect(distanceFromBlast(9, 4, 2, 3)).toBe(8); // √(81 + 4 − 18) = 8.19
    expect(distanceFromBlast(2, 1, 2, 3)).toBe(3); // √(4 + 4 + 4) = 3.46
    expect(distanceFromBlast(20, 6, 2, 3)).toBe(22); // opposite sides: 20 + 2
    expect(distanceFromBlast(7, 3, 0, 0)).toBe(7);
    expect(distanceFromBlast(0, 1, 4, 5)).toBe(4);
  });
});

describe('a thrown fragmentation grenade at a ganger, four gangers placed around it', () => {
  const context = ctx(gangers);
  const setup: SetupValues = {
    ...wf.defaults(context),
    't1.distance': 2,
    't1.direction': '1',
    't2.distance': 9,
    't2.direction': '4',
    't3.distance': 20,
    't3.direction': '6',
  };
  // Hand computation (seed, Grenades, Rockets & Missiles): Agility 6 + Throwing Weapons 3 = 9 dice,
  // 3 hits against Ganger 1's Reaction 3 (1 hit): 2 net hits. Scatter 1D6 = 4, −1 m per net hit:
  // 2 m in direction 3. Ganger 1 (on the point) is 2 m away: 12 − 2 = 10P against Impact 2 + AP +5
  // = 7: Physical, 10 dice, 2 hits → 8. Ganger 2 (2 m, direction 1, two sides from 3): √12 → 3 m, 9P,
  // 1 hit → 8. Ganger 3 (9 m, direction 4, one side): √67 → 8 m, 4 ≤ 7 so Stun, 0 hits → 4 Stun.
  // Ganger 4 (20 m, direction 6, opposite): 22 m, DV 0, no roll.
  const { asked, resolution } = roll(setup, context, {
    attack: [[5, 5, 6, 1, 2, 3, 4, 2, 3]],
    defence: [[5, 1, 2]],
    scatter: [[4], [3]],
    'resist:t0': [[5, 5, 1, 1, 1, 1, 2, 2, 2, 2]],
    'resist:t1': [[6, 2, 2, 2, 2, 2, 2, 2, 2, 2]],
    'resist:t2': [[2, 2, 2, 2, 2, 2, 2, 2, 2, 2]],
  });

  it('asks for the attack, the defence, the scatter with its direction, then a resistance roll for each target the blast reaches', () => {
    expect(asked).toEqual([
      'Attack: 9 dice (Agility 6 + Throwing Weapons 3)',
      "Defence: 3 dice (Ganger 1's Reaction 3)",
      'Scatter: 1D6 metres (standard thrown grenade) and 1D6 for the direction',
      'Ganger 1 resists 10P: 10 dice (Body 3 + Impact armour 7 after AP)',
      'Ganger 2 resists 9P: 10 dice (Body 3 + Impact armour 7 after AP)',
      'Ganger 3 resists 4S: 10 dice (Body 3 + Impact armour 7 after AP)',
    ]);
  });

  it('explains every step with the rule that decided it', () => {
    const seed = 'Grenades, Rockets & Missiles · seed';
    expect(cited(resolution.steps)).toEqual([
      `Attack pool: Agility 6 + Throwing Weapons 3 = 9. [${seed}]`,
      'Attack: 3 dice show 5 or 6 of 9: 3 hits. [Resolving an Attack · book]',
      'Attack: 1 die shows 1 of 9; a glitch needs half or more (5), so no glitch. [The Combat Turn · book]',
      'Ganger 1: Ranged defence: Reaction 3. [Resolving an Attack · seed]',
      'Defence: 1 die shows 5 or 6 of 3: 1 hit. [Resolving an Attack · book]',
      'Defence: 1 die shows 1 of 3; a glitch needs half or more (2), so no glitch. [The Combat Turn · book]',
      `3 attack hits against 1 defence hit: 2 net hits against the scatter. [${seed}]`,
      `Standard thrown grenade: base scatter 1D6 = 4 m. [${seed}]`,
      `2 net hits × 1 m = −2 m. [${seed}]`,
      `4 − 2 = 2 m from the intended point (direction 1D6 on the scatter diagram). [${seed}]`,
      `Direction: the die shows 3 on the scatter diagram. [${seed}]`,
      `Ganger 1 stands on the intended point: 2 m from where it lands. [${seed}]`,
      `Ganger 1: Fragmentation (grenade): 12P(f) − 1 DV per metre × 2 m = 10. [${seed}]`,
      `Ganger 1: AP +5 applies to Impact armour; resist with Body + Impact armour after AP. [${seed}]`,
      `Ganger 1: Impact armour 2 with AP +5 = 7. [${seed}]`,
      'Ganger 1: DV 10 exceeds armour 7: the damage stays Physical. [Resolving an Attack · book]',
      `Ganger 1 resists with Body 3 + Impact armour 7 = 10 dice. [${seed}]`,
      "Ganger 1's resistance: 2 dice show 5 or 6 of 10: 2 hits. [Resolving an Attack · book]",
      "Ganger 1's resistance: 4 dice show 1 of 10; a glitch needs half or more (5), so no glitch. [The Combat Turn · book]",
      'Ganger 1: 10 − 2 = 8 boxes of Physical damage. [Resolving an Attack · seed]',
      'Ganger 2 stands 2 m from the intended point in direction 1; it lands 2 m off in direction 3: 3 m from the blast (rounded to whole metres). [Grenades, Rockets & Missiles · default]',
      `Ganger 2: Fragmentation (grenade): 12P(f) − 1 DV per metre × 3 m = 9. [${seed}]`,
      `Ganger 2: AP +5 applies to Impact armour; resist with Body + Impact armour after AP. [${seed}]`,
      `Ganger 2: Impact armour 2 with AP +5 = 7. [${seed}]`,
      'Ganger 2: DV 9 exceeds armour 7: the damage stays Physical. [Resolving an Attack · book]',
      `Ganger 2 resists with Body 3 + Impact armour 7 = 10 dice. [${seed}]`,
      "Ganger 2's resistance: 1 die shows 5 or 6 of 10: 1 hit. [Resolving an Attack · book]",
      "Ganger 2's resistance: 0 dice show 1 of 10; a glitch needs half or more (5), so no glitch. [The Combat Turn · book]",
      'Ganger 2: 9 − 1 = 8 boxes of Physical damage. [Resolving an Attack · seed]',
      'Ganger 3 stands 9 m from the intended point in direction 4; it lands 2 m off in direction 3: 8 m from the blast (rounded to whole metres). [Grenades, Rockets & Missiles · default]',
      `Ganger 3: Fragmentation (grenade): 12P(f) − 1 DV per metre × 8 m = 4. [${seed}]`,
      `Ganger 3: AP +5 applies to Impact armour; resist with Body + Impact armour after AP. [${seed}]`,
      `Ganger 3: Impact armour 2 with AP +5 = 7. [${seed}]`,
      'Ganger 3: DV 4 does not exceed armour 7: the Physical damage becomes Stun. [Resolving an Attack · book]',
      `Ganger 3 resists with Body 3 + Impact armour 7 = 10 dice. [${seed}]`,
      "Ganger 3's resistance: 0 dice show 5 or 6 of 10: 0 hits. [Resolving an Attack · book]",
      "Ganger 3's resistance: 0 dice show 1 of 10; a glitch needs half or more (5), so no glitch. [The Combat Turn · book]",
      'Ganger 3: 4 − 0 = 4 boxes of Stun damage. [Resolving an Attack · seed]',
      'Ganger 4 stands 20 m from the intended point in direction 6; it lands 2 m off in direction 3: 22 m from the blast (rounded to whole metres). [Grenades, Rockets & Missiles · default]',
      `Ganger 4: Fragmentation (grenade): 12P(f) − 1 DV per metre × 22 m = 0 (no damage). [${seed}]`,
      `It detonates on the thrower's next Initiative Pass. [${seed}]`,
    ]);
  });

  it('applies each target its own damage, reminds the thrower of the detonation, and spends a Simple Action', () => {
    expect(resolution.summary).toBe(
      "Sam's Fragmentation (grenade): 3 vs 1, scatter 2 m → Ganger 1 8 Physical, Ganger 2 8 Physical, Ganger 3 4 Stun, Ganger 4 unhurt",
    );
    expect(resolution.effects).toEqual([
      { on: { side: 'targets', index: 0 }, harm: { kind: 'physical', amount: 8 } },
      { on: { side: 'targets', index: 1 }, harm: { kind: 'physical', amount: 8 } },
      { on: { side: 'targets', index: 2 }, harm: { kind: 'stun', amount: 4 } },
      {
        on: { side: 'attackers', index: 0 },
        conditions: [
          {
            conditionId: GRENADE_CONDITION,
            label: 'Grenade in flight',
            rounds: 1,
            expires: 'turn-start',
            note: "Fragmentation (grenade) goes off on Sam's next Initiative Pass (its blast is applied with this roll).",
          },
        ],
      },
    ]);
    expect(resolution.spends).toEqual([{ on: { side: 'attackers', index: 0 }, actionId: 'simple' }]);
    expect(resolution.result).toMatchObject({
      netHits: 2,
      scatterRoll: 4,
      scatter: 2,
      direction: 3,
      detonation: 'next-pass',
    });
  });

  it("is one of the Shadowrun tracker's conditions, ending when the thrower's next Action Phase begins", () => {
    expect(shadowrunTracker.conditions.find((c) => c.id === GRENADE_CONDITION)).toMatchObject({
      label: 'Grenade in flight',
      defaultRounds: 1,
      expires: 'turn-start',
    });
  });
});

describe('other deliveries and warheads', () => {
  it('a flash-bang at a spot: a Success Test, a direct hit, Stun inside the 10 m radius and nothing outside it', () => {
    const context = ctx(gangers.slice(0, 2));
    const setup = {
      ...wf.defaults(context),
      explosive: 'flash-bang',
      aimedAt: 'location',
      't0.distance': 4,
      't1.distance': 12,
    };
    // 4 hits on 9 dice; scatter 3 − 4 = −1: a direct hit. Ganger 1 at 4 m takes 6S, Impact 2 − 3 → 0,
    // resists with Body 3 alone: 1 hit → 5 Stun. Ganger 2 at 12 m is outside the radius.
    const { asked, resolution } = roll(setup, context, {
      attack: [[5, 5, 5, 5, 1, 2, 2, 2, 2]],
      scatter: [[3], [6]],
      'resist:t0': [[1, 2, 5]],
    });
    expect(asked).toEqual([
      'Attack: 9 dice (Agility 6 + Throwing Weapons 3)',
      'Scatter: 1D6 metres (standard thrown grenade) and 1D6 for the direction',
      'Ganger 1 resists 6S: 3 dice (Body 3 + Impact armour 0 after AP)',
    ]);
    const texts = resolution.steps.map((s) => s.text);
    expect(texts).toContain('Aimed at a spot: a Success Test, every hit a net hit.');
    expect(texts).toContain('4 hits on the Success Test: 4 net hits against the scatter.');
    expect(texts).toContain('3 − 4 = −1 m: 0 or less is a direct hit.');
    expect(texts).not.toContain('Direction: the die shows 6 on the scatter diagram.');
    expect(texts).toContain('Ganger 1 stands 4 m from the intended point, where it lands: 4 m from the blast.');
    expect(texts).toContain('Ganger 1: Flash-Bang: 6S to everyone within 10 m (4 m away).');
    expect(texts).toContain('Ganger 1: Impact armour 2 with AP −3 = 0 (never below 0).');
    expect(texts).toContain('Ganger 1: the blast deals Stun damage.');
    expect(texts).toContain('Ganger 1: 6 − 1 = 5 boxes of Stun damage.');
    expect(texts).toContain('Ganger 2: Flash-Bang: 12 m is outside the 10 m radius, no damage.');
    // Nobody resists what does not reach them: no AP line for Ganger 2.
    expect(texts.filter((t) => t.startsWith('Ganger 2: AP'))).toEqual([]);
    expect(resolution.summary).toBe("Sam's Flash-Bang: 4 hits, direct hit → Ganger 1 5 Stun, Ganger 2 unhurt");
    expect(resolution.effects).toEqual([
      { on: { side: 'targets', index: 0 }, harm: { kind: 'stun', amount: 5 } },
      expect.objectContaining({ on: { side: 'attackers', index: 0 } }),
    ]);
  });

  it('a missile: Heavy Weapons + Sensor, 4D6 scatter less 2 m per net hit and its Sensor; it goes off on impact, no reminder', () => {
    const context = ctx(gangers.slice(0, 1));
    const setup = {
      ...wf.defaults(context),
      explosive: 'high-explosive-missile',
      delivery: 'missile',
      skill: 4,
      sensor: 3,
    };
    // Heavy Weapons 4 + Sensor 3 = 7 dice, 2 hits vs 0: scatter 4+4+4+4 = 16 − 4 − 3 = 9 m, direction 2.
    // Ganger 1 on the point is 9 m off: 14 − 18 → 0, no damage.
    const { asked, resolution } = roll(setup, context, {
      attack: [[5, 6, 2, 2, 2, 2, 2]],
      defence: [[1, 2, 3]],
      scatter: [[4, 4, 4, 4], [2]],
    });
    expect(asked[0]).toBe('Attack: 7 dice (Heavy Weapons 4 + Sensor 3)');
    const texts = resolution.steps.map((s) => s.text);
    expect(texts[0]).toBe('Missile: Heavy Weapons 4 + Sensor 3 = 7.');
    expect(texts).toContain('Missile: base scatter 4D6 = 16 m.');
    expect(texts).toContain('2 net hits × 2 m = −4 m.');
    expect(texts).toContain('Sensor 3: a further −3 m.');
    expect(texts).toContain('16 − 7 = 9 m from the intended point (direction 1D6 on the scatter diagram).');
    expect(texts).toContain('Ganger 1: High Explosive (rocket/missile): 14P − 2 DV per metre × 9 m = 0 (no damage).');
    expect(texts.some((t) => t.includes('detonates'))).toBe(false);
    expect(resolution.effects).toEqual([]);
    expect(resolution.spends).toEqual([{ on: { side: 'attackers', index: 0 }, actionId: 'simple' }]);
  });

  it('a launcher with an airburst link arms past 5 m and goes off at once: no reminder on the thrower', () => {
    const context = ctx(gangers.slice(0, 1));
    const setup = { ...wf.defaults(context), delivery: 'launcher', airburstLink: true, launchDistance: 12 };
    const { resolution } = roll(setup, context, {
      attack: [[5, 5, 5, 5, 5, 5, 1, 1, 1]],
      defence: [[1, 1, 1]],
      scatter: [[1, 1, 1], [4]],
      'resist:t0': [[1, 1, 1, 1, 1, 1, 1, 1, 1, 1]],
    });
    const texts = resolution.steps.map((s) => s.text);
    expect(texts[0]).toBe('12 m is at least the 5 m minimum: the grenade arms.');
    expect(texts).toContain('Grenade launcher: base scatter 3D6 = 3 m.');
    expect(texts).toContain('Airburst link: it detonates immediately.');
    // Scatter 3 − 12 → a direct hit on Ganger 1: 12P(f), 0 hits on 10 dice.
    expect(resolution.effects).toEqual([{ on: { side: 'targets', index: 0 }, harm: { kind: 'physical', amount: 12 } }]);
  });

  it('High Explosive against good Impact armour: a DV the armour matches becomes Stun', () => {
    const context = ctx([fighter('Sam 2', SAMURAI)], fighter('Thrower', SAMURAI));
    const setup = {
      ...wf.defaults(context),
      explosive: 'high-explosive-grenade',
      't0.distance': 3,
      aimedAt: 'location',
    };
    // Direct hit; 3 m: 10 − 6 = 4 against Impact 6 − 2 = 4: not above the armour, Stun; 9 dice, 0 hits.
    const { resolution } = roll(setup, context, {
      attack: [[5, 5, 5, 5, 5, 5, 1, 1, 1]],
      scatter: [[1], [1]],
      'resist:t0': [[1, 1, 1, 1, 2, 2, 2, 2, 2]],
    });
    expect(resolution.steps.map((s) => s.text)).toContain(
      'Sam 2: DV 4 does not exceed armour 4: the Physical damage becomes Stun.',
    );
    expect(resolution.effects[0]).toEqual({ on: { side: 'targets', index: 0 }, harm: { kind: 'stun', amount: 4 } });
  });
});

describe('what cannot be rolled', () => {
  const context = ctx(gangers.slice(0, 1));
  const base = wf.defaults(context);
  it.each([
    [
      { explosive: 'fragmentation-missile' },
      'A Fragmentation (rocket/missile) warhead is fired as a rocket or missile; choose Rocket or Missile.',
    ],
    [
      { delivery: 'rocket' },
      'A Fragmentation (grenade) is thrown or launched as a grenade; choose a grenade delivery, not a rocket.',
    ],
    [{ sensor: 2 }, 'Only a missile has a Sensor rating; set it to 0 or choose Missile.'],
    [
      { delivery: 'launcher', launchDistance: 4 },
      '4 m is inside the 5 m minimum range: the mini-grenade does not arm (disarming the safety is an Armorer + Logic (4, 10 minutes) Extended Test).',
    ],
    [{ skill: 0, modifier: -6 }, 'The attack pool is 0 dice after modifiers: there is nothing to roll.'],
  ])('%o', (patch, problem) => {
    expect(wf.problems({ ...base, ...patch }, context)).toEqual([problem]);
  });

  it('needs someone in the blast, each once, and a thrower who is not among them', () => {
    expect(wf.problems(wf.defaults(ctx([])), ctx([]))).toEqual(['Choose everyone caught near the intended point.']);
    const twice = ctx([gangers[0]!, gangers[0]!]);
    expect(wf.problems(wf.defaults(twice), twice)).toEqual(['Someone is chosen twice as a target; choose each once.']);
    const self = ctx([sam]);
    expect(wf.problems(wf.defaults(self), self)).toEqual(['Sam cannot attack themself; choose another target.']);
  });

  it('refuses a roll that was not asked for', () => {
    expect(() => wf.resolve(base, context, [stage('scatter', [3])])).toThrow(
      'The roll "scatter" was not asked for: the next roll is "Attack: 9 dice (Agility 6 + Throwing Weapons 3)".',
    );
  });

  it('turns the blast and scatter tables’ rows into setup values', () => {
    expect(wf.fromTableRow('sr4-blast', 0)).toEqual({ explosive: 'flash-bang', delivery: 'standard' });
    expect(wf.fromTableRow('sr4-blast', 1)).toBeNull();
    expect(wf.fromTableRow('sr4-blast', 8)).toEqual({ explosive: 'anti-vehicle-missile', delivery: 'rocket' });
    expect(wf.fromTableRow('sr4-scatter', 3)).toEqual({ delivery: 'launcher' });
    expect(wf.fromTableRow('sr4-ranged-weapons', 0)).toBeNull();
  });
});

describe('exact odds agree with a seeded simulation of 20,000 throws', () => {
  it('direct hits and each target’s expected boxes', () => {
    const context = ctx(gangers.slice(0, 3));
    const setup = {
      ...wf.defaults(context),
      't1.distance': 3,
      't1.direction': '2',
      't2.distance': 6,
      't2.direction': '5',
    };
    const odds = wf.odds(setup, context);
    const figure = (label: string) => odds.figures.find((f) => f.label === label)!.value;
    const source = createSeededSource('sr4-explosive-odds');
    const runs = 20_000;
    let direct = 0;
    const boxes = [0, 0, 0];
    const squares = [0, 0, 0];
    for (let i = 0; i < runs; i++) {
      const resolution = rollAll(setup, context, source);
      if (resolution.result.scatter === 0) direct++;
      for (const e of resolution.effects) {
        if (e.on.side !== 'targets' || !e.harm) continue;
        boxes[e.on.index]! += e.harm.amount;
        squares[e.on.index]! += e.harm.amount ** 2;
      }
    }
    expect(Math.abs(direct / runs - figure('Chance of a direct hit'))).toBeLessThan(0.012);
    gangers.slice(0, 3).forEach((g, i) => {
      const mean = boxes[i]! / runs;
      const error = Math.sqrt((squares[i]! / runs - mean ** 2) / runs);
      expect(Math.abs(mean - figure(`${g.name}: expected boxes`))).toBeLessThan(4 * error + 1e-9);
    });
    const total = odds.distribution!.outcomes.reduce((sum, o) => sum + o.p, 0);
    expect(total).toBeCloseTo(1, 12);
    expect(odds.distribution!.outcomes[0]!.label).toBe('Direct hit');
  });
});
