import { describe, expect, it } from 'vitest';
import { createSeededSource } from '../../../dice/random';
import type { ResolveContext } from '../../../system-kit/workflow';
import { fullAutoWorkflow as W } from './full-auto';
import {
  ana,
  applyEffects,
  boss,
  ctx,
  distributionTotal,
  expectClose,
  fighter,
  figure,
  ganger,
  healthOf,
  histogramGap,
  itRefusesEach,
  mean,
  meanTolerance,
  rulesError,
  RUNS,
  sample,
  setupsOf,
  soldier,
  takeFollowUp,
  typed,
  type Driven,
  type Sample,
} from './test-support';

const setupFor = setupsOf(W);

const fireAgain = takeFollowUp((id) => id.startsWith('attack-'));

function measure(context: ResolveContext) {
  return (d: Driven): Sample => {
    const r = d.resolution.result;
    const shots = r.shots as { hit: boolean; target: string; damageToTarget: number }[];
    const after = applyEffects(context, d.resolution.effects);
    const hits = shots.filter((s) => s.hit).length;
    const out: Record<string, number> = { firstHit: shots[0]!.hit ? 1 : 0, hits, allThree: hits === 3 ? 1 : 0 };
    after.targets.forEach((t, i) => {
      const h = healthOf(t);
      // Damage as the rules dealt it (the tracker stops Health at 0).
      out[`damage${i}`] = shots.filter((s) => s.target === t.name).reduce((sum, s) => sum + s.damageToTarget, 0);
      out[`down${i}`] = h.dead || h.health === 0 ? 1 : 0;
      out[`killed${i}`] = h.killedBy === 'instant-kill' ? 1 : 0;
    });
    return out;
  };
}

describe('Full auto: exact odds agree with 20,000 seeded bursts', { timeout: 180_000 }, () => {
  it('a soldier empties a submachinegun at Ana, who stands tall', () => {
    const c = ctx([soldier], [ana]);
    const setup = setupFor(c, { 'range.0': 'short' });
    expect(W.problems(setup, c)).toEqual([]);
    const view = W.odds(setup, c);
    expect(distributionTotal(view)).toBeCloseTo(1, 10);
    const s = sample(W, setup, c, createSeededSource('smg'), RUNS, fireAgain, measure(c));
    expectClose(mean(s, 'firstHit'), figure(view, 'Shot 1 hits'));
    expectClose(mean(s, 'hits'), figure(view, 'Hits expected'), meanTolerance(s, 'hits'));
    expectClose(mean(s, 'allThree'), figure(view, 'All three shots hit'));
    expectClose(mean(s, 'damage0'), figure(view, 'Expected damage to Ana'), meanTolerance(s, 'damage0'));
    expect(histogramGap(s, 'damage0', view)).toBeLessThan(0.015);
    expectClose(mean(s, 'down0'), figure(view, 'Ana drops to 0 Health or dies'));
    expectClose(mean(s, 'killed0'), figure(view, 'Ana killed outright'));
  });

  it('Ana fires an assault rifle at a dodging ganger behind a car door, then at the boss', () => {
    const c = ctx([ana], [ganger, boss]);
    const setup = setupFor(c, {
      weapon: 'assault-rifle',
      shot1: '0',
      shot2: '1',
      shot3: '1',
      'range.0': 'short',
      'defence.0': 'dodge',
      'cover.0': 'car-door',
      'range.1': 'medium',
    });
    expect(W.problems(setup, c)).toEqual([]);
    const view = W.odds(setup, c);
    expect(distributionTotal(view)).toBeCloseTo(1, 10);
    const s = sample(W, setup, c, createSeededSource('rifle'), RUNS, fireAgain, measure(c));
    expectClose(mean(s, 'firstHit'), figure(view, 'Shot 1 hits'));
    expect(histogramGap(s, 'hits', view)).toBeLessThan(0.015);
    for (const [i, name] of [
      [0, 'Ganger'],
      [1, 'Boss'],
    ] as const) {
      expectClose(mean(s, `damage${i}`), figure(view, `Expected damage to ${name}`), meanTolerance(s, `damage${i}`));
      expectClose(mean(s, `down${i}`), figure(view, `${name} drops to 0 Health or dies`));
      expectClose(mean(s, `killed${i}`), figure(view, `${name} killed outright`));
    }
    const pushed = sample(
      W,
      setup,
      c,
      createSeededSource('rifle-push'),
      RUNS,
      takeFollowUp((id) => id === 'push-1'),
      measure(c),
    );
    expectClose(mean(pushed, 'firstHit'), figure(view, 'Shot 1 hits, pushing a miss'));
  });
});

describe('Full auto: impossible setups', () => {
  const c = ctx([ana], [ganger]);
  itRefusesEach(W, [
    [
      'a weapon without ◆',
      c,
      { weapon: 'handgun' },
      'Weapon must be one of Submachinegun, Assault rifle, Heavy machinegun',
    ],
    [
      'four targets',
      ctx([ana], [ganger, boss, soldier, fighter('Fourth', 'npc', {})]),
      {},
      'A burst has at most 3 shots: choose at most 3 targets.',
    ],
    [
      'a target no shot is aimed at',
      ctx([ana], [ganger, boss]),
      { shot2: '0', shot3: '0' },
      'No shot is aimed at Boss',
    ],
    ['beyond the weapon’s range', c, { 'range.0': 'extreme' }, "Extreme is beyond the weapon's maximum range (Medium)"],
    ['no target', ctx([ana], []), {}, 'Choose the target (up to three: one per shot).'],
  ]);
});

describe('Full auto: the burst, shot by shot', () => {
  const c = ctx([ana], [ganger]);
  const setup = setupFor(c, { 'range.0': 'short' });

  it('fires again only after a hit, three shots at most, each shot rolled in order', () => {
    const shot1 = W.nextStage(setup, c, [])!;
    expect(shot1.id).toBe('attack-1');
    const missed = [
      typed(shot1, [
        [1, 2, 3],
        [4, 5],
      ]),
    ];
    expect(W.resolve(setup, c, missed).followUps.map((f) => f.id)).toEqual(['push-1']);
    const shot2: typeof missed = [
      typed({ ...shot1, id: 'attack-2' }, [
        [6, 2, 3],
        [4, 5],
      ]),
    ];
    expect(rulesError(() => W.resolve(setup, c, [...missed, ...shot2])).message).toContain('was not asked for');
    const hit = [
      typed(shot1, [
        [6, 2, 3],
        [4, 5],
      ]),
    ];
    const armour = typed(W.nextStage(setup, c, hit)!, [[2, 2, 2, 2]]);
    const again = W.resolve(setup, c, [...hit, armour]).followUps;
    expect(again.map((f) => f.id)).toEqual(['push-1', 'attack-2']);
    const third = { ...again[1]!.stage, id: 'attack-3' };
    expect(
      rulesError(() =>
        W.resolve(setup, c, [
          ...hit,
          armour,
          typed(third, [
            [6, 6, 6],
            [6, 6],
          ]),
        ]),
      ).message,
    ).toContain('was not asked for');
  });

  it('gear damage from pushing a shot lowers the bonus for the rest of the burst', () => {
    // Ana: Agility 4 − 1 (soft vest) = 3 base dice, submachinegun +2 gear. Shot 1: no six; the push
    // rerolls all but the gear 1; the other gear die comes up 1 too: two 1s on gear dice, bonus 2 → 0.
    const shot1 = W.nextStage(setup, c, [])!;
    const first = [
      typed(shot1, [
        [2, 3, 4],
        [5, 1],
      ]),
    ];
    const push = W.resolve(setup, c, first).followUps.find((f) => f.id === 'push-1')!;
    expect(push.stage).toMatchObject({ count: 3, extra: [{ count: 1 }] });
    const pushed = [...first, typed(push.stage, [[6, 2, 2], [1]])];
    const armour = typed(W.nextStage(setup, c, pushed)!, [[2, 2, 2, 2]]);
    const next = W.resolve(setup, c, [...pushed, armour]).followUps.find((f) => f.id === 'attack-2')!;
    expect(next.stage.count).toBe(3);
    expect(next.stage.extra).toBeUndefined();
  });

  it('worked example: two hits on Ganger, 3 then 1 after armour, Health 4 → 0', () => {
    // Shot 1: base 6 2 3 + gear 4 6 → 2 sixes: 2 + 1 = 3; armour 1 2 3 4 blocks nothing.
    // Shot 2: base 6 1 1 + gear 2 2 → 1 six: 2; armour 6 2 2 2 blocks 1 → 1. Ganger ⌈(4 + 3) / 2⌉ = 4 → 0.
    const s1 = typed(W.nextStage(setup, c, [])!, [
      [6, 2, 3],
      [4, 6],
    ]);
    const a1 = typed(W.nextStage(setup, c, [s1])!, [[1, 2, 3, 4]]);
    const fire = W.resolve(setup, c, [s1, a1]).followUps.find((f) => f.id === 'attack-2')!;
    const s2 = typed(fire.stage, [
      [6, 1, 1],
      [2, 2],
    ]);
    const a2 = typed(W.nextStage(setup, c, [s1, a1, s2])!, [[6, 2, 2, 2]]);
    const r = W.resolve(setup, c, [s1, a1, s2, a2]);
    expect(r.effects).toEqual([
      { on: { side: 'targets', index: 0 }, harm: { kind: 'damage', amount: 3 } },
      { on: { side: 'targets', index: 0 }, harm: { kind: 'damage', amount: 1 } },
    ]);
    expect(r.result).toMatchObject({ hits: 2, mayFireAgain: true, magazineEmptied: true });
    expect(r.summary).toBe('Ana fires the submachinegun on full auto: Ganger 3, Ganger 1.');
    const after = applyEffects(c, r.effects);
    expect(healthOf(after.targets[0]!).health).toBe(0);
  });

  it('a ◆ weapon row picks the weapon; other rows do not', () => {
    expect(W.fromTableRow('es-weapons', 15)).toEqual({ weapon: 'submachinegun' });
    expect(W.fromTableRow('es-weapons', 9)).toBeNull();
    expect(W.fromTableRow('es-range-bands', 0)).toBeNull();
  });
});
