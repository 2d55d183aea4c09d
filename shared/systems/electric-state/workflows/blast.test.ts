import { describe, expect, it } from 'vitest';
import { createSeededSource } from '../../../dice/random';
import type { ResolveContext } from '../../../system-kit/workflow';
import { blastWorkflow as W } from './blast';
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
  hurt,
  itRefusesEach,
  mean,
  meanTolerance,
  RUNS,
  sample,
  setupsOf,
  soldier,
  takeFollowUp,
  typed,
  type Driven,
  type Sample,
} from './test-support';

const punk = fighter('Punk', 'npc', { strength: 2, agility: 2 });

const setupFor = setupsOf(W);

function measure(context: ResolveContext) {
  return (d: Driven): Sample => {
    const r = d.resolution.result;
    const after = applyEffects(context, d.resolution.effects);
    const out: Record<string, number> = { hit: r.hit ? 1 : 0, zone: r.damage as number };
    const perTarget = r.targets as { damage: number }[];
    after.targets.forEach((t, i) => {
      const h = healthOf(t);
      out[`damage${i}`] = perTarget[i]!.damage;
      out[`down${i}`] = h.dead || h.health === 0 ? 1 : 0;
      out[`killed${i}`] = h.killedBy === 'instant-kill' ? 1 : 0;
    });
    return out;
  };
}

function expectTarget(
  s: readonly Sample[],
  view: ReturnType<typeof W.odds>,
  i: number,
  name: string,
  suffix = '',
): void {
  expectClose(
    mean(s, `damage${i}`),
    figure(view, `Expected damage to ${name}${suffix}`),
    meanTolerance(s, `damage${i}`),
  );
  expectClose(mean(s, `down${i}`), figure(view, `${name} drops to 0 Health or dies${suffix}`));
  if (!suffix) expectClose(mean(s, `killed${i}`), figure(view, `${name} killed outright`));
}

describe('Blast: exact odds agree with 20,000 seeded resolutions', { timeout: 180_000 }, () => {
  it('a soldier throws a hand grenade at Ana behind furniture', () => {
    const c = ctx([soldier], [ana]);
    const setup = setupFor(c, { 'cover.0': 'furniture' });
    expect(W.problems(setup, c)).toEqual([]);
    const view = W.odds(setup, c);
    expect(distributionTotal(view)).toBeCloseTo(1, 10);
    const s = sample(W, setup, c, createSeededSource('grenade'), RUNS, () => null, measure(c));
    expectClose(mean(s, 'hit'), figure(view, 'Hit the zone'));
    expectTarget(s, view, 0, 'Ana');
    expect(histogramGap(s, 'damage0', view)).toBeLessThan(0.015);
  });

  it('Ana throws a molotov at three NPCs, with and without pushing a miss', () => {
    const c = ctx([ana], [ganger, boss, punk]);
    const setup = setupFor(c, { weapon: 'molotov-cocktail', range: 'medium', 'cover.1': 'shrubbery' });
    const view = W.odds(setup, c);
    expect(distributionTotal(view)).toBeCloseTo(1, 10);
    const plain = sample(W, setup, c, createSeededSource('molotov'), RUNS, () => null, measure(c));
    expectClose(mean(plain, 'hit'), figure(view, 'Hit the zone'));
    expect(histogramGap(plain, 'zone', view)).toBeLessThan(0.015);
    (['Ganger', 'Boss', 'Punk'] as const).forEach((name, i) => expectTarget(plain, view, i, name));
    const pushMiss = takeFollowUp((id) => id === 'push');
    const pushed = sample(
      W,
      setup,
      c,
      createSeededSource('molotov-push'),
      RUNS,
      (r) => (r.result.hit ? null : pushMiss(r)),
      measure(c),
    );
    expectClose(mean(pushed, 'hit'), figure(view, 'Hit the zone, pushing a miss'));
    (['Ganger', 'Boss', 'Punk'] as const).forEach((name, i) => expectTarget(pushed, view, i, name, ', pushing a miss'));
  });

  it('a scattered mortar round: only the Blast Power dice, each target with its own protection', () => {
    const c = ctx([soldier], [ganger, punk], { instantKill: 'before-armor' });
    const setup = setupFor(c, { weapon: 'mortar', scattered: true, 'cover.0': 'sandbag' });
    expect(W.problems(setup, c)).toEqual([]);
    const view = W.odds(setup, c);
    expect(distributionTotal(view)).toBeCloseTo(1, 10);
    const s = sample(W, setup, c, createSeededSource('mortar'), RUNS, () => null, measure(c));
    expect(histogramGap(s, 'zone', view)).toBeLessThan(0.015);
    expectTarget(s, view, 0, 'Ganger');
    expectTarget(s, view, 1, 'Punk');
  });
});

describe('Blast: impossible setups', () => {
  const c = ctx([ana], [ganger]);
  itRefusesEach(W, [
    ['nobody in the zone', ctx([ana], []), {}, 'Choose everyone in the zone the blast hits.'],
    [
      'a molotov beyond Medium',
      c,
      { weapon: 'molotov-cocktail', range: 'long' },
      "Long is beyond the weapon's maximum range (Medium): the attack is impossible.",
    ],
    ['a gun', c, { weapon: 'handgun' }, 'Weapon must be one of Molotov cocktail, Hand grenade, Mortar'],
    ['a dead target', ctx([ana], [hurt(ganger, 8)]), {}, 'Ganger is already dead'],
    [
      'a removed attacker',
      ctx([{ ...ana, removed: true }], [ganger]),
      {},
      'Ana has left the encounter and cannot attack.',
    ],
    ['an unknown cover', c, { 'cover.0': 'tank' }, 'Cover — Ganger must be one of No cover, Shrubbery, Furniture'],
  ]);
});

describe('Blast: stages and a worked example', () => {
  const c = ctx([ana], [ganger, punk]);
  const setup = setupFor(c, { 'cover.1': 'furniture' });

  it('asks for the Blast Power dice only after a hit, then each target’s cover and armour as needed', () => {
    const attack = W.nextStage(setup, c, [])!;
    // Ana: Agility 4 − 1 (soft vest), the grenade has no bonus: 3 dice.
    expect(attack).toMatchObject({ id: 'attack', count: 3 });
    expect(attack.extra).toBeUndefined();
    const miss = [typed(attack, [[1, 2, 3]])];
    expect(W.nextStage(setup, c, miss)).toBeNull();
    const missed = W.resolve(setup, c, miss);
    expect(missed.effects).toEqual([]);
    expect(missed.summary).toBe("Ana's hand grenade (Short): missed; it lands in a random adjacent zone.");
    expect(missed.followUps.map((f) => f.id)).toEqual(['push']);
    const hit = [typed(attack, [[6, 2, 3]])];
    expect(W.nextStage(setup, c, hit)).toMatchObject({ id: 'blast', count: 8 });
    // A blast of no sixes and no extra attack sixes does no damage: no protection rolls.
    const nothing = [...hit, typed(W.nextStage(setup, c, hit)!, [[1, 2, 3, 4, 5, 1, 2, 3]])];
    expect(W.nextStage(setup, c, nothing)).toBeNull();
  });

  it('Ana’s grenade: 2 attack sixes, 3 blast sixes = 4 damage; Ganger’s armour blocks 1, the punk’s furniture 1', () => {
    // Ganger: ⌈(4 + 3) / 2⌉ = 4 Health, Armor Level 4 → 3 damage, Health 1.
    // Punk: ⌈(2 + 2) / 2⌉ = 2 Health, furniture 3 dice → 3 damage, Health 0 (not ≥ 4: no instant kill).
    let rolled = [typed(W.nextStage(setup, c, [])!, [[6, 6, 2]])];
    const faces: Record<string, number[]> = {
      blast: [6, 6, 6, 1, 2, 3, 4, 5],
      'armour-0': [6, 1, 2, 3],
      'cover-1': [6, 2, 2],
    };
    for (let stage = W.nextStage(setup, c, rolled); stage; stage = W.nextStage(setup, c, rolled)) {
      rolled = [...rolled, typed(stage, [faces[stage.id]!])];
    }
    expect(rolled.map((r) => r.stageId)).toEqual(['attack', 'blast', 'armour-0', 'cover-1']);
    const r = W.resolve(setup, c, rolled);
    expect(r.effects).toEqual([
      { on: { side: 'targets', index: 0 }, harm: { kind: 'damage', amount: 3 } },
      { on: { side: 'targets', index: 1 }, harm: { kind: 'damage', amount: 3 } },
    ]);
    expect(r.summary).toBe("Ana's hand grenade (Short): 4 damage to the zone (Ganger 3, Punk 3).");
    const after = applyEffects(c, r.effects);
    expect(healthOf(after.targets[0]!).health).toBe(1);
    expect(healthOf(after.targets[1]!)).toMatchObject({ health: 0, dead: false });
  });

  it('an explosive row picks the weapon; other rows do not', () => {
    expect(W.fromTableRow('es-weapons', 21)).toEqual({ weapon: 'mortar' });
    expect(W.fromTableRow('es-weapons', 0)).toBeNull();
    expect(W.fromTableRow('es-body-armor', 1)).toBeNull();
  });
});
