import { describe, expect, it } from 'vitest';
import { createSeededSource } from '../../../dice/random';
import type { OddsView, ResolveContext } from '../../../system-kit/workflow';
import { taserWorkflow as W } from './taser';
import {
  ana,
  applyEffects,
  asCombatant,
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
  takeFollowUp,
  typed,
  type Driven,
  type Sample,
} from './test-support';

const cop = fighter('Cop', 'npc', { strength: 3, agility: 3 });

const setupFor = setupsOf(W);

function measure(context: ResolveContext) {
  return (d: Driven): Sample => {
    const r = d.resolution;
    const loses = r.effects.some((e) => e.conditions?.some((c) => c.conditionId === 'lost-next-turn')) ? 1 : 0;
    const hit = r.result.hit ? 1 : 0;
    const after = applyEffects(context, r.effects);
    return {
      hit,
      loses,
      outcome: hit + loses,
      defenderWins: r.result.winner === 'defender' ? 1 : 0,
      attackerDamage: healthOf(asCombatant(context.attackers[0]!, 'a')).health - healthOf(after.attackers[0]!).health,
    };
  };
}

function expectHistogram(view: OddsView, samples: readonly Sample[]): void {
  expect(distributionTotal(view)).toBeCloseTo(1, 10);
  expect(histogramGap(samples, 'outcome', view)).toBeLessThan(0.015);
}

describe('Taser: exact odds agree with 20,000 seeded resolutions', { timeout: 180_000 }, () => {
  it('an NPC tasers a PC who stands tall at Short range; the PC may push the Strength roll', () => {
    const c = ctx([cop], [ana]);
    const setup = setupFor(c, { range: 'short' });
    expect(W.problems(setup, c)).toEqual([]);
    const view = W.odds(setup, c);
    const plain = sample(W, setup, c, createSeededSource('taser'), RUNS, () => null, measure(c));
    expectClose(mean(plain, 'hit'), figure(view, 'Hit'));
    expectClose(mean(plain, 'loses'), figure(view, 'Ana loses their next turn'));
    expectHistogram(view, plain);
    const pushed = sample(
      W,
      setup,
      c,
      createSeededSource('taser-resist'),
      RUNS,
      takeFollowUp((id) => id === 'push-resist'),
      measure(c),
    );
    expectClose(mean(pushed, 'loses'), figure(view, 'Ana loses their next turn if they push the Strength roll'));
    expect(figure(view, 'Ana loses their next turn if they push the Strength roll')).toBeLessThan(
      figure(view, 'Ana loses their next turn'),
    );
  });

  it('a PC tasers an NPC who fights back with a knife, pushing a miss', () => {
    const c = ctx([ana], [ganger]);
    const setup = setupFor(c, { defence: 'fight-back', defenderWeapon: 'knife' });
    const view = W.odds(setup, c);
    const plain = sample(W, setup, c, createSeededSource('taser-fight'), RUNS, () => null, measure(c));
    expectClose(mean(plain, 'hit'), figure(view, 'Hit'));
    expectClose(mean(plain, 'defenderWins'), figure(view, 'Ganger wins the fight-back'));
    expectClose(
      mean(plain, 'attackerDamage'),
      figure(view, 'Expected damage to Ana'),
      meanTolerance(plain, 'attackerDamage'),
    );
    expectHistogram(view, plain);
    const pushed = sample(
      W,
      setup,
      c,
      createSeededSource('taser-push'),
      RUNS,
      takeFollowUp((id) => id === 'push'),
      measure(c),
    );
    expectClose(mean(pushed, 'hit'), figure(view, 'Hit, pushing a miss'));
    expectClose(mean(pushed, 'loses'), figure(view, 'Ganger loses their next turn, pushing a miss'));
  });
});

describe('Taser: impossible setups', () => {
  const c = ctx([ana], [ganger]);
  itRefusesEach(W, [
    [
      'beyond Short range',
      c,
      { range: 'medium' },
      "Medium is beyond the weapon's maximum range (Short): the attack is impossible.",
    ],
    ['dodging at Engaged', c, { defence: 'dodge' }, 'Dodging answers a ranged attack'],
    [
      'an Incapacitated target',
      ctx([ana], [hurt(ganger, 4)]),
      {},
      'Ganger is Incapacitated (0 Health): they already cannot act, so a taser changes nothing.',
    ],
    [
      'fighting back with a grenade',
      c,
      { defence: 'fight-back', defenderWeapon: 'hand-grenade' },
      'Weapon fought back with must be one of',
    ],
  ]);
});

describe('Taser: stages, follow-ups and worked examples', () => {
  it('asks for the Strength roll only after a hit, and offers the target a push only when it failed', () => {
    const c = ctx([cop], [ana]);
    const setup = setupFor(c, {});
    const attack = W.nextStage(setup, c, [])!;
    // Cop: Strength 3 + taser +3 → 3 base and 3 gear dice.
    expect(attack).toMatchObject({ id: 'attack', count: 3, extra: [{ id: 'gear', count: 3 }] });
    expect(
      W.nextStage(setup, c, [
        typed(attack, [
          [1, 2, 3],
          [4, 5, 5],
        ]),
      ]),
    ).toBeNull();
    const hit = typed(attack, [
      [6, 2, 3],
      [4, 5, 5],
    ]);
    const resist = W.nextStage(setup, c, [hit])!;
    // Ana: Strength 3 − 2 = 1 die.
    expect(resist).toMatchObject({ id: 'resist', count: 1, roller: 'Ana' });
    const kept = W.resolve(setup, c, [hit, typed(resist, [[6]])]);
    expect(kept.effects).toEqual([]);
    expect(kept.followUps).toEqual([]);
    const failed = W.resolve(setup, c, [hit, typed(resist, [[3]])]);
    expect(failed.effects).toEqual([
      {
        on: { side: 'targets', index: 0 },
        conditions: [expect.objectContaining({ conditionId: 'lost-next-turn', rounds: 1 })],
      },
    ]);
    expect(failed.followUps.map((f) => f.id)).toEqual(['push-resist']);
    // An NPC attacker cannot push; a hit taser is never worth pushing.
    expect(failed.followUps.some((f) => f.id === 'push')).toBe(false);
  });

  it('Ana pushes her failed Strength roll and rolls a 1: 1 Hope lost and the turn still lost', () => {
    // Ana's Hope: ⌈(3 + 3) / 2⌉ = 3. Her roll: one die showing 3, pushed to a 1: no 6, and a 1 costs 1 Hope.
    const c = ctx([cop], [ana]);
    const setup = setupFor(c, {});
    const hit = typed(W.nextStage(setup, c, [])!, [
      [6, 2, 3],
      [4, 5, 5],
    ]);
    const resist = typed(W.nextStage(setup, c, [hit])!, [[3]]);
    const push = W.resolve(setup, c, [hit, resist]).followUps[0]!;
    const r = W.resolve(setup, c, [hit, resist, typed(push.stage, [[1]])]);
    expect(r.effects).toEqual([
      { on: { side: 'targets', index: 0 }, harm: { kind: 'hope-loss', amount: 1 } },
      { on: { side: 'targets', index: 0 }, conditions: [expect.objectContaining({ conditionId: 'lost-next-turn' })] },
    ]);
    const after = applyEffects(c, r.effects);
    expect(healthOf(after.targets[0]!).hope).toBe(2);
    expect(r.summary).toBe('Cop tasers Ana (Engaged): hit, Ana loses their next turn.');
  });

  it('Ganger fights back and wins: Ana takes 2 + 1 = 3 damage, her soft vest blocks none, Health 4 → 1', () => {
    // Ana: Strength 3 + taser 3 → no six. Ganger: Strength 4 + knife 1 → two sixes; knife 2 + (2 − 0 − 1) = 3.
    const c = ctx([ana], [ganger]);
    const setup = setupFor(c, { defence: 'fight-back', defenderWeapon: 'knife' });
    const attack = typed(W.nextStage(setup, c, [])!, [
      [2, 3, 4],
      [5, 5, 1],
    ]);
    const defence = typed(W.nextStage(setup, c, [attack])!, [[6, 6, 2, 3], [4]]);
    const armour = W.nextStage(setup, c, [attack, defence])!;
    expect(armour).toMatchObject({ id: 'attacker-armour', count: 2 });
    const r = W.resolve(setup, c, [attack, defence, typed(armour, [[3, 4]])]);
    expect(r.effects).toEqual([{ on: { side: 'attackers', index: 0 }, harm: { kind: 'damage', amount: 3 } }]);
    expect(r.followUps.map((f) => f.id)).toEqual(['push']);
    const after = applyEffects(c, r.effects);
    expect(healthOf(after.attackers[0]!).health).toBe(1);
  });

  it('the taser row of the weapons table picks this workflow; other rows and tables do not', () => {
    expect(W.fromTableRow('es-weapons', 7)).toEqual({});
    expect(W.fromTableRow('es-weapons', 2)).toBeNull();
    expect(W.fromTableRow('es-cover', 0)).toBeNull();
  });
});
