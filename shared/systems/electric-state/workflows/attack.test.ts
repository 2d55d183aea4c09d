import { describe, expect, it } from 'vitest';
import { createSeededSource } from '../../../dice/random';
import { electricStateTracker, readElectricStateHealth, weaponsTable, WEAPONS } from '../index';
import type { OddsView, ResolveContext, RolledStage, SetupValues } from '../../../system-kit/workflow';
import { attackWorkflow as W } from './attack';
import { WEAPONS_TABLE_ID } from './common';
import {
  applyEffects,
  ctx,
  expectClose,
  distributionTotal,
  fighter,
  figure,
  histogramGap,
  hurt,
  mean,
  meanTolerance,
  rulesError,
  RUNS,
  sample,
  setupOf,
  takeFollowUp,
  typed,
  type Driven,
  type Sample,
} from './test-support';

function expectMean(samples: readonly Sample[], key: string, exact: number): void {
  expectClose(mean(samples, key), exact, meanTolerance(samples, key));
}

function expectOdds(view: OddsView, samples: readonly Sample[], key: string): void {
  expect(distributionTotal(view)).toBeCloseTo(1, 10);
  expect(histogramGap(samples, key, view)).toBeLessThan(0.015);
}

const ana = fighter('Ana', 'pc', { strength: 3, agility: 4, wits: 3, empathy: 3, armor: 2 });
const ganger = fighter('Ganger', 'npc', { strength: 4, agility: 3, wits: 2, empathy: 2, armor: 4 });

/** Target state after the resolution's effects, through the tracker's applyHarm. */
function measure(context: ResolveContext) {
  return (d: Driven): Sample => {
    const r = d.resolution.result;
    const after = applyEffects(context, d.resolution.effects);
    const h = readElectricStateHealth(after.targets[0]!);
    const a = readElectricStateHealth(after.attackers[0]!);
    const attackerMax = readElectricStateHealth(asIs(context.attackers[0]!)).health;
    return {
      hit: r.hit ? 1 : 0,
      damage: r.damageToTarget as number,
      down: h.dead || h.health === 0 ? 1 : 0,
      killed: h.killedBy === 'instant-kill' ? 1 : 0,
      defenderWins: r.winner === 'defender' ? 1 : 0,
      attackerDamage: attackerMax - a.health,
      dodged: r.hit ? 0 : 1,
    };
  };
}

function asIs(p: ResolveContext['attackers'][number]) {
  return { name: p.name, health: p.health ?? electricStateTracker.initialHealth(p.stats, p.kind) };
}

const setupFor = (context: ResolveContext, values: SetupValues) => setupOf(W, context, values);

const pushIfMissed = (r: { result: Readonly<Record<string, unknown>>; followUps: readonly { id: string }[] }) =>
  r.result.hit ? null : (takeFollowUp((id) => id === 'push')(r as never) ?? null);

// Simulations are CPU-light but the shared test machine can be slow: give them room.
describe('Attack: exact odds agree with 20,000 seeded resolutions', { timeout: 180_000 }, () => {
  it('an NPC knifes a PC who takes the hit (close combat, armour)', () => {
    const c = ctx([ganger], [ana]);
    const setup = setupFor(c, { weapon: 'knife' });
    expect(W.problems(setup, c)).toEqual([]);
    const view = W.odds(setup, c);
    expect(distributionTotal(view)).toBeCloseTo(1, 10);
    expect(view.figures.some((f) => f.label.includes('push'))).toBe(false);
    const s = sample(W, setup, c, createSeededSource('knife'), RUNS, () => null, measure(c));
    expectClose(mean(s, 'hit'), figure(view, 'Hit'));
    expectMean(s, 'damage', figure(view, 'Expected damage to Ana'));
    expectClose(mean(s, 'down'), figure(view, 'Ana drops to 0 Health or dies'));
    expectOdds(view, s, 'damage');
  });

  it('a PC shoots a dodging NPC behind a car door, with and without pushing a miss', () => {
    const c = ctx([ana], [ganger]);
    const setup = setupFor(c, { weapon: 'magnum-revolver', range: 'short', cover: 'car-door', defence: 'dodge' });
    expect(W.problems(setup, c)).toEqual([]);
    const view = W.odds(setup, c);
    expect(distributionTotal(view)).toBeCloseTo(1, 10);
    const plain = sample(W, setup, c, createSeededSource('dodge'), RUNS, () => null, measure(c));
    expectClose(mean(plain, 'hit'), figure(view, 'Hit'));
    expectClose(mean(plain, 'dodged'), figure(view, 'Ganger dodges (equal or more sixes)'));
    expectMean(plain, 'damage', figure(view, 'Expected damage to Ganger'));
    expectClose(mean(plain, 'down'), figure(view, 'Ganger drops to 0 Health or dies'));
    expectOdds(view, plain, 'damage');
    const pushed = sample(W, setup, c, createSeededSource('dodge-push'), RUNS, pushIfMissed, measure(c));
    expectClose(mean(pushed, 'hit'), figure(view, 'Hit, pushing a miss'));
    expectMean(pushed, 'damage', figure(view, 'Expected damage to Ganger, pushing a miss'));
    expectClose(mean(pushed, 'down'), figure(view, 'Ganger drops to 0 Health or dies, pushing a miss'));
    expect(figure(view, 'Hit, pushing a miss')).toBeGreaterThan(figure(view, 'Hit'));
  });

  it('a PC with an axe against an NPC fighting back with a knife, both armoured', () => {
    const c = ctx([ana], [ganger]);
    const setup = setupFor(c, { weapon: 'axe', defence: 'fight-back', defenderWeapon: 'knife' });
    const view = W.odds(setup, c);
    expect(distributionTotal(view)).toBeCloseTo(1, 10);
    const plain = sample(W, setup, c, createSeededSource('axe'), RUNS, () => null, measure(c));
    expectClose(mean(plain, 'hit'), figure(view, 'Hit'));
    expectClose(mean(plain, 'defenderWins'), figure(view, 'Ganger wins the fight-back'));
    expectMean(plain, 'attackerDamage', figure(view, 'Expected damage to Ana'));
    expectMean(plain, 'damage', figure(view, 'Expected damage to Ganger'));
    expectClose(mean(plain, 'down'), figure(view, 'Ganger drops to 0 Health or dies'));
    expectOdds(view, plain, 'damage');
    const pushed = sample(W, setup, c, createSeededSource('axe-push'), RUNS, pushIfMissed, measure(c));
    expectClose(mean(pushed, 'hit'), figure(view, 'Hit, pushing a miss'));
    expectClose(mean(pushed, 'down'), figure(view, 'Ganger drops to 0 Health or dies, pushing a miss'));
  });

  it('instant kill judged before armour (toggle): a chainsaw on a frail, heavily armoured target', () => {
    const frail = fighter('Frail', 'npc', { strength: 1, agility: 1, armor: 6 });
    const brute = fighter('Brute', 'npc', { strength: 5, agility: 2 });
    for (const instantKill of ['before-armor', 'after-armor'] as const) {
      const c = ctx([brute], [frail], { instantKill });
      const setup = setupFor(c, { weapon: 'chainsaw' });
      const view = W.odds(setup, c);
      expect(distributionTotal(view)).toBeCloseTo(1, 10);
      const s = sample(W, setup, c, createSeededSource(instantKill), RUNS, () => null, measure(c));
      expectClose(mean(s, 'killed'), figure(view, 'Frail killed outright'));
      expectClose(mean(s, 'down'), figure(view, 'Frail drops to 0 Health or dies'));
      // Every chainsaw hit deals at least 3, twice Frail's max Health of 1 before armour.
      if (instantKill === 'before-armor')
        expect(figure(view, 'Frail killed outright')).toBeCloseTo(figure(view, 'Hit'), 10);
      else expect(figure(view, 'Frail killed outright')).toBeLessThan(figure(view, 'Hit'));
    }
  });

  it('answers in under 2 ms of CPU per call, even for a big pool', () => {
    const strong = fighter('Strong', 'pc', { strength: 6, agility: 6 });
    const c = ctx([strong], [ganger]);
    // A fresh setup object per call, as the panel sends on every keystroke; 18 attack dice against 5.
    const setups = Array.from({ length: 200 }, (_, i) =>
      setupFor(c, { weapon: 'axe', defence: 'fight-back', defenderWeapon: 'chainsaw', attackModifier: 10 - (i % 11) }),
    );
    W.odds(setups[0]!, c);
    // CPU time, not wall time: the test machine is shared and a busy neighbour must not fail this.
    const start = process.cpuUsage();
    for (const s of setups) W.odds(s, c);
    const used = process.cpuUsage(start);
    expect((used.user + used.system) / 1000 / setups.length).toBeLessThan(2);
  });
});

describe('Attack: impossible setups are explained and refused', () => {
  const c = ctx([ana], [ganger]);
  const cases: [string, ResolveContext, SetupValues, string][] = [
    [
      'a melee weapon at Long range',
      c,
      { weapon: 'knife', range: 'long' },
      "Long is beyond the weapon's maximum range (Engaged): the attack is impossible.",
    ],
    [
      'a handgun beyond Medium',
      c,
      { weapon: 'handgun', range: 'extreme' },
      "Extreme is beyond the weapon's maximum range (Medium): the attack is impossible.",
    ],
    ['the taser in the Attack workflow', c, { weapon: 'taser' }, 'Weapon must be one of'],
    [
      'a modifier out of range',
      c,
      { attackModifier: 12 },
      'Attack dice modifier must be a whole number from -10 to 10; got 12.',
    ],
    ['a wrong value type', c, { ambush: 'yes' }, 'Ambush must be on or off; got "yes".'],
    [
      'a pool reduced to nothing',
      c,
      { weapon: 'unarmed', attackModifier: -5 },
      'After modifiers Ana has -2 dice to attack with',
    ],
    [
      'dodging a close attack',
      c,
      { weapon: 'knife', defence: 'dodge' },
      'Dodging answers a ranged attack; at Engaged range Ganger can only take the hit or fight back.',
    ],
    [
      'fighting back against a shot',
      c,
      { weapon: 'handgun', range: 'short', defence: 'fight-back' },
      'Fighting back answers a close attack; at Short range Ganger can only stand tall or dodge.',
    ],
    [
      'an unaware target reacting',
      c,
      { weapon: 'handgun', range: 'short', ambush: true, defence: 'dodge' },
      'Ganger is unaware (ambushed), so they must stand tall; they cannot dodge.',
    ],
    [
      'cover in close combat',
      c,
      { weapon: 'knife', cover: 'brick-wall' },
      "Cover protects against ranged attacks; at Engaged range Ganger's brick wall does not count.",
    ],
    [
      'a removed attacker',
      ctx([{ ...ana, removed: true }], [ganger]),
      {},
      'Ana has left the encounter and cannot attack.',
    ],
    [
      'a removed target',
      ctx([ana], [{ ...ganger, removed: true }]),
      {},
      'Ganger has left the encounter and cannot be a target.',
    ],
    ['no target', ctx([ana], []), {}, 'Choose the target.'],
    ['two targets', ctx([ana], [ganger, fighter('Other', 'npc', {})]), {}, 'One target at a time: 2 are chosen.'],
    ['attacking oneself', ctx([ana], [ana]), {}, 'Ana cannot attack themself.'],
    ['an Incapacitated attacker', ctx([hurt(ana, 4)], [ganger]), {}, 'Ana is Incapacitated (0 Health)'],
    ['a dead target', ctx([ana], [hurt(ganger, 9)]), {}, 'Ganger is already dead: take them off the targets.'],
    ['an unknown rule toggle', ctx([ana], [ganger], { bogus: true }), {}, 'Unknown rule toggle "bogus".'],
  ];
  for (const [what, context, values, sentence] of cases) {
    it(`refuses ${what}`, () => {
      const setup = { ...W.defaults(context), ...values };
      const problems = W.problems(setup, context);
      expect(problems.some((p) => p.includes(sentence))).toBe(true);
      expect(rulesError(() => W.nextStage(setup, context, [])).message).toBe(problems[0]);
      expect(rulesError(() => W.resolve(setup, context, [])).message).toBe(problems[0]);
      expect(rulesError(() => W.odds(setup, context)).message).toBe(problems[0]);
    });
  }

  it('zero dice roll one die under the "one-die" toggle instead', () => {
    const context = ctx([ana], [ganger], { zeroPool: 'one-die' });
    const setup = { ...W.defaults(context), weapon: 'unarmed', attackModifier: -5 };
    expect(W.problems(setup, context)).toEqual([]);
    expect(W.nextStage(setup, context, [])).toMatchObject({ count: 1, sides: 6 });
  });

  it('fills defaults from the participants: armour Agility, injuries, an unaware target', () => {
    const ribs = fighter('Ribs', 'pc', { strength: 3, agility: 3, armor: 4 }, { conditionIds: ['broken-ribs'] });
    const sleeper = fighter('Sleeper', 'npc', { armor: 6 }, { conditionIds: ['unaware'] });
    const d = W.defaults(ctx([ribs], [sleeper]));
    expect(d).toMatchObject({
      attackModifier: -2,
      attackerArmourAgility: -2,
      ambush: true,
      targetArmourAgility: -3,
      defenceModifier: 0,
    });
  });
});

describe('Attack: stages and faces', () => {
  const c = ctx([ana], [ganger]);
  const setup = setupFor(c, { weapon: 'knife' });

  it('asks for the attack, then armour only after a hit, then nothing', () => {
    const attack = W.nextStage(setup, c, [])!;
    expect(attack).toMatchObject({ id: 'attack', count: 3, sides: 6, extra: [{ id: 'gear', count: 1, sides: 6 }] });
    const miss = [typed(attack, [[2, 3, 4], [5]])];
    expect(W.nextStage(setup, c, miss)).toBeNull();
    const hit = [typed(attack, [[6, 3, 4], [5]])];
    expect(W.nextStage(setup, c, hit)).toMatchObject({ id: 'armour', count: 4 });
  });

  it('refuses faces that are not d6 faces, a wrong count, a wrong die and an unasked stage', () => {
    const attack = W.nextStage(setup, c, [])!;
    expect(rulesError(() => W.nextStage(setup, c, [typed(attack, [[6, 7, 1], [2]])])).code).toBe('invalid-face');
    expect(rulesError(() => W.nextStage(setup, c, [typed(attack, [[6, 2], [2]])])).message).toContain(
      '3 dice to roll, but 2 faces were given',
    );
    const oneGroup: RolledStage = {
      stageId: 'attack',
      source: 'physical',
      groups: [{ id: 'main', sides: 6, faces: [6, 2, 3] }],
    };
    expect(rulesError(() => W.nextStage(setup, c, [oneGroup])).message).toContain('expected 2 groups of dice');
    const d8: RolledStage = {
      stageId: 'attack',
      source: 'physical',
      groups: [
        { id: 'main', sides: 8, faces: [1, 2, 3] },
        { id: 'gear', sides: 6, faces: [1] },
      ],
    };
    expect(rulesError(() => W.nextStage(setup, c, [d8])).code).toBe('invalid-face');
    const armour: RolledStage = {
      stageId: 'armour',
      source: 'physical',
      groups: [{ id: 'main', sides: 6, faces: [6, 6, 6, 6] }],
    };
    expect(rulesError(() => W.nextStage(setup, c, [armour])).message).toContain(
      'was not asked for: the next roll is "attack"',
    );
    const missed = [typed(attack, [[2, 3, 4], [5]])];
    expect(rulesError(() => W.resolve(setup, c, [...missed, armour])).message).toContain(
      'was not asked for: every roll is in',
    );
    expect(rulesError(() => W.resolve(setup, c, [])).message).toContain('Roll this first');
  });

  it('pushes only for player characters, once, and only the dice showing neither 6 nor 1', () => {
    const attack = W.nextStage(setup, c, [])!;
    const missed = [typed(attack, [[1, 3, 4], [2]])];
    const push = W.resolve(setup, c, missed).followUps;
    expect(push).toHaveLength(1);
    expect(push[0]!.stage).toMatchObject({ id: 'push', count: 2, extra: [{ id: 'gear', count: 1 }] });
    const npc = ctx([ganger], [ana]);
    const npcSetup = { ...W.defaults(npc), weapon: 'knife' };
    const npcAttack = W.nextStage(npcSetup, npc, [])!;
    const npcRolled = [typed(npcAttack, [[2, 3, 4, 5], [2]])];
    expect(W.resolve(npcSetup, npc, npcRolled).followUps).toEqual([]);
    const pushStage: RolledStage = {
      stageId: 'push',
      source: 'physical',
      groups: [
        { id: 'main', sides: 6, faces: [2, 2, 2, 2] },
        { id: 'gear', sides: 6, faces: [2] },
      ],
    };
    expect(rulesError(() => W.resolve(npcSetup, npc, [...npcRolled, pushStage])).code).toBe('not-allowed');
    const pushed = [...missed, typed(push[0]!.stage, [[2, 2], [2]])];
    expect(W.resolve(setup, c, pushed).followUps).toEqual([]);
    expect(rulesError(() => W.resolve(setup, c, [...pushed, typed(push[0]!.stage, [[2, 2], [2]])])).code).toBe(
      'not-allowed',
    );
  });

  it('resolves the same faces to the same steps and effects, whatever their source', () => {
    const attack = W.nextStage(setup, c, [])!;
    const faces = [[6, 6, 2], [6]];
    const first = typed(attack, faces, 'physical');
    const armour = W.nextStage(setup, c, [first])!;
    const physical = W.resolve(setup, c, [first, typed(armour, [[6, 1, 2, 3]], 'physical')]);
    const second = typed(attack, faces, 'crypto');
    const crypto = W.resolve(setup, c, [second, typed(armour, [[6, 1, 2, 3]], 'crypto')]);
    expect(crypto.steps).toEqual(physical.steps);
    expect(crypto.effects).toEqual(physical.effects);
    expect(crypto.summary).toEqual(physical.summary);
  });
});

describe('Attack: worked examples applied with the tracker', () => {
  it('Ana knifes Ganger: 3 sixes → 2 + 2 = 4 damage, armour blocks 1, Health 4 → 1', () => {
    // Ana: Strength 3 + knife +1 → 3 base and 1 gear die. Ganger: ⌈(4 + 3) / 2⌉ = 4 Health, Armor Level 4.
    const c = ctx([ana], [ganger]);
    const setup = setupFor(c, { weapon: 'knife' });
    const attack = typed(W.nextStage(setup, c, [])!, [[6, 6, 2], [6]]);
    const armour = typed(W.nextStage(setup, c, [attack])!, [[6, 1, 2, 3]]);
    const r = W.resolve(setup, c, [attack, armour]);
    expect(r.effects).toEqual([{ on: { side: 'targets', index: 0 }, harm: { kind: 'damage', amount: 3 } }]);
    expect(r.result).toMatchObject({ hit: true, damageBeforeProtection: 4, armorBlocked: 1, damageToTarget: 3 });
    expect(r.summary).toBe('Ana → Ganger (knife, Engaged): hit, 4 damage − 1 blocked = 3.');
    const after = applyEffects(c, r.effects);
    expect(readElectricStateHealth(after.targets[0]!).health).toBe(1);
  });

  it('Ana pushes a one-six hit: two 1s on base dice cost 2 Hope, 3 damage lands', () => {
    // First roll: base 6 3 1, gear 2 → 1 six, hit for 2. Armour 2 2 3 4: nothing blocked.
    // Push rerolls the 3 and the gear 2 → 1 and 6: base 6 1 1, gear 6 → 2 sixes = 2 + 1 = 3 damage.
    // Ana's Hope: ⌈(3 + 3) / 2⌉ = 3, minus the 2 ones on base dice = 1.
    const c = ctx([ana], [ganger]);
    const setup = setupFor(c, { weapon: 'knife' });
    const attack = typed(W.nextStage(setup, c, [])!, [[6, 3, 1], [2]]);
    const armour = typed(W.nextStage(setup, c, [attack])!, [[2, 2, 3, 4]]);
    const first = W.resolve(setup, c, [attack, armour]);
    expect(first.effects).toEqual([{ on: { side: 'targets', index: 0 }, harm: { kind: 'damage', amount: 2 } }]);
    const push = typed(first.followUps[0]!.stage, [[1], [6]]);
    const r = W.resolve(setup, c, [attack, armour, push]);
    expect(r.effects).toEqual([
      { on: { side: 'targets', index: 0 }, harm: { kind: 'damage', amount: 3 } },
      { on: { side: 'attackers', index: 0 }, harm: { kind: 'hope-loss', amount: 2 } },
    ]);
    const after = applyEffects(c, r.effects);
    expect(readElectricStateHealth(after.targets[0]!).health).toBe(1);
    expect(readElectricStateHealth(after.attackers[0]!).hope).toBe(1);
  });

  it('Ganger wins a fight-back: Ana takes 2 + 1 = 3 damage, her soft vest blocks 1', () => {
    // Ana with a baseball bat (Strength 3 + 2 gear): 1 six. Ganger with a knife (Strength 4 + 1): 3 sixes.
    // Ganger wins by 2: knife damage 2 + (3 − 1 − 1) = 3; Ana's armour 2 dice: one 6 → 2 damage. Ana 4 → 2.
    const c = ctx([ana], [ganger]);
    const setup = setupFor(c, { weapon: 'baseball-bat', defence: 'fight-back', defenderWeapon: 'knife' });
    const attack = typed(W.nextStage(setup, c, [])!, [
      [6, 2, 3],
      [4, 5],
    ]);
    const defence = typed(W.nextStage(setup, c, [attack])!, [[6, 6, 2, 3], [6]]);
    const armour = W.nextStage(setup, c, [attack, defence])!;
    expect(armour.id).toBe('attacker-armour');
    const r = W.resolve(setup, c, [attack, defence, typed(armour, [[6, 4]])]);
    expect(r.effects).toEqual([{ on: { side: 'attackers', index: 0 }, harm: { kind: 'damage', amount: 2 } }]);
    expect(r.steps.some((s) => s.text.includes('forfeit their next turn'))).toBe(true);
    const after = applyEffects(c, r.effects);
    expect(readElectricStateHealth(after.attackers[0]!).health).toBe(2);
  });

  it('before-armour instant kill is recorded so the tracker kills outright', () => {
    const frail = fighter('Frail', 'npc', { strength: 1, agility: 1, armor: 6 });
    const c = ctx([ana], [frail], { instantKill: 'before-armor' });
    const setup = setupFor(c, { weapon: 'knife' });
    const attack = typed(W.nextStage(setup, c, [])!, [[6, 2, 2], [2]]);
    const armour = typed(W.nextStage(setup, c, [attack])!, [[6, 6, 1, 1, 1, 1]]);
    const r = W.resolve(setup, c, [attack, armour]);
    // The knife hits for 2 = 2 × max Health 1 before armour; armour leaves 0, the kill stands.
    expect(r.effects).toEqual([{ on: { side: 'targets', index: 0 }, harm: { kind: 'damage', amount: 2 } }]);
    const after = applyEffects(c, r.effects);
    expect(readElectricStateHealth(after.targets[0]!)).toMatchObject({ dead: true, killedBy: 'instant-kill' });
  });
});

describe('Attack: table rows', () => {
  it('the weapons table rows are the weapons, in order', () => {
    expect(weaponsTable.id).toBe(WEAPONS_TABLE_ID);
    expect(weaponsTable.rows).toHaveLength(WEAPONS.length);
    weaponsTable.rows.forEach((row, i) => expect(String(row.cells.weapon).startsWith(WEAPONS[i]!.name)).toBe(true));
  });

  it('a weapon row sets the weapon; the taser, explosives and other tables do not fit', () => {
    expect(W.fromTableRow('es-weapons', 2)).toEqual({ weapon: 'knife' });
    expect(W.fromTableRow('es-weapons', 9)).toEqual({ weapon: 'handgun' });
    expect(W.fromTableRow('es-weapons', 7)).toBeNull();
    expect(W.fromTableRow('es-weapons', 20)).toBeNull();
    expect(W.fromTableRow('es-weapons', 99)).toBeNull();
    expect(W.fromTableRow('es-cover', 1)).toBeNull();
    expect(W.fromTableRow('es-body-armor', 0)).toBeNull();
  });
});
