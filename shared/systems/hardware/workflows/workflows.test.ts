import { describe, expect, it } from 'vitest';
import { total } from '../../../dice/distribution';
import { createSeededSource, rollDice, rollDie, type RandomSource } from '../../../dice/random';
import { RulesError } from '../../../errors';
import type { RulesCombatant, Stats } from '../../../system-kit/tracker-rules';
import { faceSucceeds } from '../saves';
import { SECTIONS } from '../rules';
import { coverTable, dieStepsTable, gearTagsTable, impairedTable, roundOrderTable } from '../tables';
import { hardwareTracker, type HardwareHealth } from '../tracker';
import type {
  Participant,
  ResolveContext,
  ResolveWorkflow,
  Resolution,
  RolledStage,
  SetupValues,
} from '../../../system-kit/workflow';
import { workflows } from './index';

const attack = workflows.find((w) => w.id === 'hardware-attack')!;
const blast = workflows.find((w) => w.id === 'hardware-blast')!;

// Stat blocks of the app's Hardware bestiary presets.
const RUNNER: Stats = { BOD: 10, AGL: 12, CTR: 11, stamina: 5, armor: 1, weaponDie: 6 };
const PUNK: Stats = { BOD: 8, AGL: 10, CTR: 7, stamina: 3, armor: 0, weaponDie: 6 };
const ENFORCER: Stats = { BOD: 12, AGL: 11, CTR: 10, stamina: 6, armor: 1, weaponDie: 8 };
const DRONE: Stats = { BOD: 14, AGL: 8, CTR: 14, stamina: 8, armor: 2, weaponDie: 8, hardened: true };

function who(
  id: string,
  kind: 'pc' | 'npc',
  stats: Stats,
  extra: { conditionIds?: string[]; removed?: boolean; health?: Partial<HardwareHealth> } = {},
): Participant {
  const health = { ...(hardwareTracker.initialHealth(stats, kind) as object), ...extra.health };
  return {
    combatantId: id,
    name: id,
    kind,
    stats,
    health,
    conditionIds: extra.conditionIds ?? [],
    ...(extra.removed ? { removed: true } : {}),
  };
}

function ctx(attackers: Participant[], targets: Participant[], toggles: Record<string, string> = {}): ResolveContext {
  return { attackers, targets, toggles };
}

function setupOf(wf: ResolveWorkflow, context: ResolveContext, patch: SetupValues = {}): SetupValues {
  return { ...wf.defaults(context), ...patch };
}

/** Drives nextStage → resolve with dice from a source, as the panel does. */
function run(wf: ResolveWorkflow, setup: SetupValues, context: ResolveContext, source: RandomSource): Resolution {
  const rolled: RolledStage[] = [];
  for (;;) {
    const stage = wf.nextStage(setup, context, rolled);
    if (stage === null) break;
    rolled.push({
      stageId: stage.id,
      source: source.kind,
      groups: [
        { id: stage.id, sides: stage.sides, faces: rollDice(source, stage.count, stage.sides) },
        ...(stage.extra ?? []).map((e) => ({ id: e.id, sides: e.sides, faces: rollDice(source, e.count, e.sides) })),
      ],
    });
  }
  return wf.resolve(setup, context, rolled);
}

/** Stages with typed faces, one list per group. */
function typed(
  wf: ResolveWorkflow,
  setup: SetupValues,
  context: ResolveContext,
  faces: number[][][],
  source = 'physical',
) {
  const rolled: RolledStage[] = [];
  for (const groups of faces) {
    const stage = wf.nextStage(setup, context, rolled)!;
    expect(stage).not.toBeNull();
    const ids = [stage.id, ...(stage.extra ?? []).map((e) => e.id)];
    const sides = [stage.sides, ...(stage.extra ?? []).map((e) => e.sides)];
    rolled.push({
      stageId: stage.id,
      source,
      groups: groups.map((f, g) => ({ id: ids[g]!, sides: sides[g]!, faces: f })),
    });
  }
  expect(wf.nextStage(setup, context, rolled)).toBeNull();
  return rolled;
}

function rulesError(fn: () => unknown): RulesError {
  try {
    fn();
  } catch (error) {
    if (error instanceof RulesError) return error;
    throw error;
  }
  throw new Error('expected a RulesError');
}

function asCombatant(p: Participant): RulesCombatant {
  return {
    id: p.combatantId!,
    name: p.name,
    kind: p.kind,
    side: p.kind === 'pc' ? 'party' : 'foes',
    stats: p.stats,
    health: p.health!,
    conditionIds: p.conditionIds ?? [],
  };
}

/** Applies a resolution's effects through the tracker adapter, as the roll-applied event does. */
function applyEffects(targets: Participant[], r: Resolution): RulesCombatant[] {
  const out = targets.map(asCombatant);
  for (const e of r.effects) {
    expect(e.on.side).toBe('targets');
    const c = out[e.on.index]!;
    out[e.on.index] = { ...c, health: hardwareTracker.applyHarm(c, e.harm!, {}).health };
  }
  return out;
}

const figure = (odds: { figures: readonly { label: string; value: number }[] }, label: string) => {
  const f = odds.figures.find((x) => x.label === label);
  if (!f) throw new Error(`no figure "${label}" in ${odds.figures.map((x) => x.label).join(' | ')}`);
  return f.value;
};

const SECTION_NAMES: readonly string[] = Object.values(SECTIONS);

interface Tally {
  counts: number[];
  staminaZero: number;
  overflow: number;
  critical: number;
  zeroed: number;
  sum: number;
}

/** 20,000 seeded resolutions; the critical save is rolled the way the tracker will ask for it. */
function simulate(
  wf: ResolveWorkflow,
  setup: SetupValues,
  context: ResolveContext,
  seed: string,
  pick: (r: Resolution) => Record<string, unknown>,
): Tally {
  const source = createSeededSource(seed);
  const t: Tally = { counts: [], staminaZero: 0, overflow: 0, critical: 0, zeroed: 0, sum: 0 };
  const runs = 20_000;
  for (let i = 0; i < runs; i++) {
    const res = pick(run(wf, setup, context, source));
    const amount = res.amount as number;
    while (t.counts.length <= amount) t.counts.push(0);
    t.counts[amount]! += 1;
    t.sum += amount;
    if (res.staminaAfter === 0) t.staminaZero++;
    if ((res.overflow as number) > 0) t.overflow++;
    if (res.zeroed) t.zeroed++;
    if (res.saveRequired && !faceSucceeds(rollDie(source, 20), res.saveAgainst as number)) t.critical++;
  }
  t.counts = t.counts.map((n) => n / runs);
  t.staminaZero /= runs;
  t.overflow /= runs;
  t.critical /= runs;
  t.zeroed /= runs;
  t.sum /= runs;
  return t;
}

function expectAgreement(
  odds: ReturnType<ResolveWorkflow['odds']>,
  t: Tally,
  labels: { expected: string; staminaZero: string; overflow: string; critical: string; zeroed: string },
) {
  const dist = odds.distribution!.outcomes;
  expect(total(dist.map((o) => o.p))).toBeCloseTo(1, 12);
  const n = Math.max(dist.length, t.counts.length);
  for (let i = 0; i < n; i++) expect(Math.abs((dist[i]?.p ?? 0) - (t.counts[i] ?? 0))).toBeLessThan(0.015);
  expect(Math.abs(figure(odds, labels.staminaZero) - t.staminaZero)).toBeLessThan(0.015);
  expect(Math.abs(figure(odds, labels.overflow) - t.overflow)).toBeLessThan(0.015);
  expect(Math.abs(figure(odds, labels.critical) - t.critical)).toBeLessThan(0.015);
  expect(Math.abs(figure(odds, labels.zeroed) - t.zeroed)).toBeLessThan(0.015);
  // The mean is not a probability: allow four standard errors of 20,000 runs.
  const mean = figure(odds, labels.expected);
  const variance = dist.reduce((s, o, v) => s + o.p * (v - mean) ** 2, 0);
  expect(Math.abs(mean - t.sum)).toBeLessThan(4 * Math.sqrt(variance / 20_000) + 1e-9);
}

const DAMAGE_LABELS = {
  expected: 'Expected damage after Cover and Armor',
  staminaZero: 'Stamina reduced to 0',
  overflow: 'Damage past Stamina into BOD',
  critical: 'Critical Damage (failed BOD save)',
  zeroed: 'BOD reduced to 0 (dead, no save)',
};
const STRESS_LABELS = {
  expected: 'Expected stress after Buffer',
  staminaZero: 'Stamina reduced to 0',
  overflow: 'Stress past Stamina into CTR',
  critical: 'Critical Stress (failed CTR save)',
  zeroed: 'CTR reduced to 0 (breakdown, no save)',
};

// ---------------------------------------------------------------------------------------------
// Attack
// ---------------------------------------------------------------------------------------------

describe('Attack workflow', () => {
  const ghost = who('Ghost', 'pc', { ...RUNNER, weaponDie: 8 });
  const ana = who('Ana', 'pc', RUNNER);
  const rook = who('Rook', 'pc', { ...RUNNER, weaponDie: 10 });
  const enforcer = who('Enforcer', 'npc', ENFORCER, { conditionIds: ['light-cover'] });

  it('reads its defaults from the stat blocks and conditions', () => {
    const aimer = who('Aimer', 'pc', { ...RUNNER, weaponDie: 10 }, { conditionIds: ['aiming', 'heavy-cover'] });
    const shredded = who('Enforcer', 'npc', ENFORCER, { conditionIds: ['light-cover'], health: { armorLost: 1 } });
    const d = attack.defaults(ctx([ghost, aimer], [shredded]));
    expect(d).toMatchObject({
      'a0.die': '8',
      'a0.aimed': false,
      'a1.die': '10',
      'a1.aimed': true,
      'a1.behindHeavyCover': true,
      cover: 'light',
      armor: 0,
      hardened: false,
      harm: 'damage',
    });
    const fields = attack.fields(ctx([ghost, aimer], [shredded]));
    for (const id of Object.keys(d)) expect(fields.some((f) => f.id === id)).toBe(true);
    expect(new Set(fields.map((f) => f.id)).size).toBe(fields.length);
  });

  const setups: { name: string; context: ResolveContext; patch: SetupValues; seed: string }[] = [
    {
      name: 'three attackers, Edges, dual wield, light cover and Armor',
      context: ctx([ghost, ana, rook], [enforcer]),
      patch: { 'a0.edges': 1, 'a1.offhand': '4', 'a2.tags': 'shred' },
      seed: 'attack-a',
    },
    {
      name: 'an aimed attacker, a piercing one and a Hardened target behind heavy cover',
      context: ctx([ghost, ana, rook], [who('Drone', 'npc', DRONE, { conditionIds: ['heavy-cover'] })]),
      patch: { 'a0.aimed': true, 'a1.tags': 'piercing', 'a1.offhand': '8', 'a2.edges': 2 },
      seed: 'attack-b',
    },
    {
      name: 'assists off, melee, an enemy beside a shooter',
      context: ctx([ghost, ana], [who('Punk', 'npc', PUNK)], { assists: 'none' }),
      patch: { 'a0.attack': 'melee', 'a0.range': 'close', 'a1.enemyBeside': true },
      seed: 'attack-c',
    },
  ];

  for (const s of setups) {
    it(`odds agree with 20,000 seeded resolutions: ${s.name}`, () => {
      const setup = setupOf(attack, s.context, s.patch);
      expect(attack.problems(setup, s.context)).toEqual([]);
      const odds = attack.odds(setup, s.context);
      expectAgreement(
        odds,
        simulate(attack, setup, s.context, s.seed, (r) => r.result),
        DAMAGE_LABELS,
      );
    });
  }

  it('odds agree with the simulation for a stress attack against Buffer', () => {
    const hacker = who('Hacker', 'pc', RUNNER);
    const target = who('Netrunner', 'npc', { ...ENFORCER, buffer: 1, CTR: 3, stamina: 2 });
    const context = ctx([hacker, ana], [target]);
    const setup = setupOf(attack, context, { harm: 'stress', 'a0.die': '10' });
    const odds = attack.odds(setup, context);
    expectAgreement(
      odds,
      simulate(attack, setup, context, 'attack-stress', (r) => r.result),
      STRESS_LABELS,
    );
  });

  it('asks for one damage stage per attacker that rolls, with the second weapon as an extra group', () => {
    const context = ctx([ghost, ana, rook], [enforcer]);
    const setup = setupOf(attack, context, { 'a0.edges': 1, 'a1.offhand': '4', 'a2.aimed': true });
    const first = attack.nextStage(setup, context, [])!;
    expect(first).toMatchObject({ id: 'damage:a0', roller: 'Ghost', count: 1, sides: 10 });
    expect(first.label).toContain('d10 (d8, 1 Edge)');
    const rolled = typed(attack, setup, context, [[[9]], [[5], [2]]]);
    expect(rolled.map((r) => r.stageId)).toEqual(['damage:a0', 'damage:a1']);
    const r = attack.resolve(setup, context, rolled);
    // Rook aimed with a d10: 10 without a roll; 9 and 5 assist: 10 + 2 − 1 cover − 1 armor.
    expect(r.result).toMatchObject({ kept: 10, assists: 2, total: 12, amount: 10, keptAttacker: 'Rook' });
    expect(r.steps.some((s) => s.text.includes('Rook aimed at Enforcer'))).toBe(true);
  });

  it('worked example: two runners on an enforcer in light cover (checked by hand)', () => {
    // Ghost: d8 + 1 Edge = d10, rolls 9. Ana: d6 rolls 5, a 4+ that assists (+1). Total 10.
    // Light Cover 1 → 9, Armor 1 → 8. Stamina 6 → 0, 2 past 0: BOD 12 → 10, BOD save against 10.
    // Ghost's weapon shreds: the Armor drops from 1 to 0.
    const context = ctx([ghost, ana], [enforcer]);
    const setup = setupOf(attack, context, { 'a0.edges': 1, 'a0.tags': 'shred' });
    const r = attack.resolve(setup, context, typed(attack, setup, context, [[[9]], [[5]]]));
    expect(r.result).toMatchObject({
      kept: 9,
      assists: 1,
      total: 10,
      cover: 1,
      armor: 1,
      amount: 8,
      shred: true,
      armorAfter: 0,
      staminaAfter: 0,
      attributeAfter: 10,
      overflow: 2,
      saveRequired: true,
      saveAgainst: 10,
    });
    expect(r.effects).toEqual([
      { on: { side: 'targets', index: 0 }, harm: { kind: 'damage', amount: 8 } },
      { on: { side: 'targets', index: 0 }, harm: { kind: 'shred', amount: 1 } },
    ]);
    const [after] = applyEffects([enforcer], r);
    const h = after!.health as unknown as HardwareHealth;
    expect(h).toMatchObject({ stamina: 0, BOD: 10, armorLost: 1 });
    expect(h.pending).toEqual([{ id: 'critical-damage:1', type: 'critical', kind: 'damage', against: 10 }]);
    expect(hardwareTracker.checksDue(after!, { round: 1, activeCombatantId: null, toggles: {} })).toHaveLength(1);
    expect(r.steps.some((s) => /tracker asks for Enforcer's BOD save \(d20 against 10\)/.test(s.text))).toBe(true);
    expect(r.summary).toBe(
      'Ghost and Ana attacked Enforcer: 9 +1 assist − Cover 1, Armor 1 → 8 damage; Stamina 6 → 0, BOD 12 → 10 (BOD save vs 10 follows); Armor 1 → 0.',
    );
  });

  it('worked example: a stress attack meets Buffer and overflows into CTR', () => {
    // Hack d10 rolls 7, Buffer 1 → 6 stress. Stamina 2 → 0, 4 past 0: CTR 5 → 1, CTR save against 1.
    const target = who('Netrunner', 'npc', { ...ENFORCER, buffer: 1, CTR: 5, stamina: 2 });
    const context = ctx([who('Hacker', 'pc', RUNNER)], [target]);
    const setup = setupOf(attack, context, { harm: 'stress', 'a0.die': '10' });
    const r = attack.resolve(setup, context, typed(attack, setup, context, [[[7]]]));
    expect(r.effects).toEqual([{ on: { side: 'targets', index: 0 }, harm: { kind: 'stress', amount: 6 } }]);
    expect(r.steps.some((s) => s.text.includes('damage to Stamina'))).toBe(false);
    // The netrunner's Armor 1 does not count against stress, and the GM is told so.
    expect(r.steps.some((s) => s.text.startsWith('Cover and Armor reduce damage, not stress'))).toBe(true);
    const [after] = applyEffects([target], r);
    expect(after!.health).toMatchObject({ stamina: 0, CTR: 1 });
  });

  it('a Hardened target makes attacks affected by Armor Impaired, but not piercing ones', () => {
    const drone = who('Drone', 'npc', DRONE);
    const context = ctx([ghost, ana], [drone]);
    const setup = setupOf(attack, context, { 'a0.edges': 2, 'a1.tags': 'piercing' });
    const first = attack.nextStage(setup, context, [])!;
    expect(first.sides).toBe(4);
    const rolled = typed(attack, setup, context, [[[4]], [[6]]]);
    const r = attack.resolve(setup, context, rolled);
    expect(r.steps.some((s) => s.text.includes('Hardened') && s.rule.section === SECTIONS.hardened)).toBe(true);
    // Ana's piercing 6 is kept, Ghost's 4 assists: 7, Armor ignored.
    expect(r.result).toMatchObject({ kept: 6, assists: 1, amount: 7, piercing: true });
  });

  it('explains each impossible combination and refuses to roll it', () => {
    const context = ctx([ghost, ana], [enforcer]);
    const cases: { context?: ResolveContext; patch?: SetupValues; problem: RegExp }[] = [
      {
        patch: { 'a0.attack': 'melee', 'a0.range': 'near' },
        problem: /Ghost's melee attack needs the target Close .* Near/,
      },
      {
        context: ctx([ghost, who('Ana', 'pc', RUNNER, { removed: true })], [enforcer]),
        problem: /Ana has left the encounter and cannot attack/,
      },
      {
        context: ctx([ghost], [who('Enforcer', 'npc', ENFORCER, { removed: true })]),
        problem: /Enforcer has left the encounter and cannot be attacked/,
      },
      { context: ctx([ghost], [enforcer, who('Punk', 'npc', PUNK)]), problem: /choose exactly one target/ },
      { context: ctx([], [enforcer]), problem: /Choose at least one attacker/ },
      { context: ctx([ghost], []), problem: /Choose the foe being attacked/ },
      { context: ctx([ghost], [ghost]), problem: /Ghost cannot attack themself/ },
      // Above 3 is counted as 3 (protection-cap.test.ts); what cannot be Armor at all is refused.
      { patch: { armor: -1 }, problem: /The target's Armor: Armor must be between 0 and 1000, got -1\./ },
      { patch: { 'a0.edges': 11 }, problem: /Ghost's Edges must be a whole number from 0 to 10; got 11/ },
      { patch: { 'a1.die': '7' }, problem: /Ana's weapon die must be one of d4, d6, d8, d10, d12; got "7"/ },
      {
        patch: { harm: 'stress', 'a0.tags': 'piercing' },
        problem: /Ghost's piercing or shred tag works against Armor/,
      },
      { context: ctx([ghost], [enforcer], { assists: 'some' }), problem: /Assists rule toggle/ },
      {
        // Typed ad hoc (no health yet), with a stat block the rules refuse.
        context: ctx([{ name: 'Odd', kind: 'pc', stats: { armor: 5 } }], [enforcer]),
        problem: /Odd's stat block: .*more than 3 Armor/,
      },
    ];
    for (const c of cases) {
      const context2 = c.context ?? context;
      const setup = setupOf(attack, context2, c.patch ?? {});
      const problems = attack.problems(setup, context2);
      expect(problems.length, String(c.problem)).toBeGreaterThan(0);
      expect(
        problems.some((p) => c.problem.test(p)),
        `${problems.join(' | ')} vs ${String(c.problem)}`,
      ).toBe(true);
      for (const call of [
        () => attack.nextStage(setup, context2, []),
        () => attack.resolve(setup, context2, []),
        () => attack.odds(setup, context2),
      ]) {
        expect(rulesError(call).message).toBe(problems[0]);
      }
    }
  });

  it('refuses faces that are not on the die, the wrong number of faces and stages not asked for', () => {
    const context = ctx([ghost, ana], [enforcer]);
    const setup = setupOf(attack, context, { 'a1.offhand': '4' });
    const stage = (stageId: string, groups: { id: string; sides: number; faces: number[] }[]): RolledStage => ({
      stageId,
      source: 'physical',
      groups,
    });
    const ghostOk = stage('damage:a0', [{ id: 'damage:a0', sides: 8, faces: [3] }]);
    const bad: { rolled: RolledStage[]; code: string; text: RegExp }[] = [
      {
        rolled: [stage('damage:a0', [{ id: 'damage:a0', sides: 8, faces: [9] }])],
        code: 'invalid-face',
        text: /not a face of a d8/,
      },
      {
        rolled: [stage('damage:a0', [{ id: 'damage:a0', sides: 8, faces: [3, 4] }])],
        code: 'invalid-input',
        text: /roll one d8, got 2 faces/,
      },
      {
        rolled: [stage('damage:a0', [{ id: 'damage:a0', sides: 6, faces: [3] }])],
        code: 'invalid-face',
        text: /d8 faces/,
      },
      {
        rolled: [stage('damage:a1', [{ id: 'damage:a1', sides: 6, faces: [3] }])],
        code: 'not-allowed',
        text: /not asked for yet/,
      },
      {
        rolled: [stage('attack', [{ id: 'attack', sides: 6, faces: [3] }])],
        code: 'not-allowed',
        text: /"attack" was not asked for/,
      },
      { rolled: [ghostOk, ghostOk], code: 'not-allowed', text: /already rolled/ },
      {
        rolled: [ghostOk, stage('damage:a1', [{ id: 'damage:a1', sides: 6, faces: [3] }])],
        code: 'invalid-input',
        text: /expected 2 groups/,
      },
      {
        rolled: [
          ghostOk,
          stage('damage:a1', [
            { id: 'damage:a1', sides: 6, faces: [3] },
            { id: 'second-weapon', sides: 4, faces: [5] },
          ]),
        ],
        code: 'invalid-face',
        text: /not a face of a d4/,
      },
    ];
    for (const b of bad) {
      for (const call of [
        () => attack.nextStage(setup, context, b.rolled),
        () => attack.resolve(setup, context, b.rolled),
      ]) {
        const e = rulesError(call);
        expect(e.code, e.message).toBe(b.code);
        expect(e.message).toMatch(b.text);
      }
    }
    expect(rulesError(() => attack.resolve(setup, context, [ghostOk])).message).toMatch(/Roll Ana's damage die/);
    const all = typed(attack, setup, context, [[[3]], [[3], [2]]]);
    const extraStage = stage('damage:a2', [{ id: 'damage:a2', sides: 6, faces: [1] }]);
    expect(rulesError(() => attack.resolve(setup, context, [...all, extraStage])).code).toBe('not-allowed');
    const aimedOnly = setupOf(attack, ctx([ghost], [enforcer]), { 'a0.aimed': true });
    expect(attack.nextStage(aimedOnly, ctx([ghost], [enforcer]), [])).toBeNull();
    expect(rulesError(() => attack.resolve(aimedOnly, ctx([ghost], [enforcer]), [ghostOk])).message).toMatch(
      /No dice are rolled/,
    );
  });

  it('resolves physical and app dice with the same faces identically', () => {
    const context = ctx([ghost, ana, rook], [enforcer]);
    const setup = setupOf(attack, context, { 'a1.offhand': '6', 'a2.tags': 'piercing-shred' });
    const faces = [[[7]], [[4], [6]], [[2]]];
    const physical = attack.resolve(setup, context, typed(attack, setup, context, faces, 'physical'));
    const crypto = attack.resolve(setup, context, typed(attack, setup, context, faces, 'crypto'));
    expect(crypto.steps).toEqual(physical.steps);
    expect(crypto.effects).toEqual(physical.effects);
    expect(crypto.summary).toBe(physical.summary);
  });

  it('cites only real seed sections', () => {
    const context = ctx([ghost, ana, rook], [who('Drone', 'npc', DRONE, { conditionIds: ['heavy-cover'] })]);
    const setup = setupOf(attack, context, {
      'a0.aimed': true,
      'a1.reload': true,
      'a2.impaired': true,
      'a1.offhand': '6',
    });
    const r = run(attack, setup, context, createSeededSource('sections'));
    const refs = [...r.steps.map((s) => s.rule), ...attack.fields(context).flatMap((f) => (f.rule ? [f.rule] : []))];
    expect(refs.length).toBeGreaterThan(10);
    for (const ref of refs) expect(SECTION_NAMES).toContain(ref.section);
  });

  it('sets the weapon die, tags, range and cover from reference table rows', () => {
    const row = (table: { rows: readonly { cells: Record<string, unknown> }[] }, key: string, value: string) =>
      table.rows.findIndex((r) => r.cells[key] === value);
    expect(attack.fromTableRow(dieStepsTable.id, row(dieStepsTable, 'die', 'd8'))).toEqual({ 'a0.die': '8' });
    expect(attack.fromTableRow(gearTagsTable.id, row(gearTagsTable, 'tag', 'Piercing'))).toEqual({
      'a0.tags': 'piercing',
    });
    expect(attack.fromTableRow(gearTagsTable.id, row(gearTagsTable, 'tag', 'Reload'))).toEqual({ 'a0.reload': true });
    expect(attack.fromTableRow(coverTable.id, row(coverTable, 'tier', 'Heavy Cover'))).toEqual({ cover: 'heavy' });
    expect(attack.fromTableRow(impairedTable.id, row(impairedTable, 'cause', 'Hardened target'))).toEqual({
      hardened: true,
    });
    expect(attack.fromTableRow(roundOrderTable.id, 0)).toBeNull();
    expect(attack.fromTableRow(dieStepsTable.id, 99)).toBeNull();
    expect(attack.fromTableRow('shadowrun-ranged-weapons', 0)).toBeNull();
    const context = ctx([ghost], [enforcer]);
    const fromRow = attack.fromTableRow(dieStepsTable.id, row(dieStepsTable, 'die', 'd12')) as SetupValues;
    expect(attack.problems({ ...attack.defaults(context), ...fromRow }, context)).toEqual([]);
  });

  it('reads and computes the odds of a 50-attacker mob, each distribution whole (its speed: bench/workflow-odds.bench.ts)', () => {
    const mob = Array.from({ length: 50 }, (_, i) => who(`Ganger ${i}`, 'npc', PUNK));
    const context = ctx(mob, [who('Drone', 'npc', DRONE)]);
    const base = attack.defaults(context);
    for (let i = 0; i < 40; i++) {
      // A new setup object with new values each time, so neither cache answers.
      const setup = { ...base, 'a0.aimed': true, 'a1.tags': 'piercing', 'a2.edges': i % 11, 'a3.edges': (i >> 2) % 11 };
      expect(attack.problems(setup, context)).toEqual([]);
      const odds = attack.odds(setup, context);
      expect(total(odds.distribution!.outcomes.map((o) => o.p))).toBeCloseTo(1, 9);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Blast
// ---------------------------------------------------------------------------------------------

describe('Blast workflow', () => {
  const rook = who('Rook', 'pc', RUNNER);
  const punk = who('Punk', 'npc', PUNK);
  const drone = who('Drone', 'npc', DRONE, { conditionIds: ['heavy-cover'] });
  const enforcer = who('Enforcer', 'npc', ENFORCER, { conditionIds: ['light-cover'] });

  it('defaults each target from its stat block and conditions', () => {
    const context = ctx([rook], [punk, drone]);
    expect(blast.defaults(context)).toMatchObject({
      'a0.die': '6',
      't0.cover': 'none',
      't0.armor': 0,
      't0.hardened': false,
      't1.cover': 'heavy',
      't1.armor': 2,
      't1.hardened': true,
    });
  });

  it('odds sum to 1 and agree with 20,000 seeded resolutions, target by target', () => {
    const context = ctx([rook], [punk, drone, enforcer]);
    const setup = setupOf(blast, context, { 'a0.die': '8', 'a0.edges': 1 });
    const odds = blast.odds(setup, context);
    expect(total(odds.distribution!.outcomes.map((o) => o.p))).toBeCloseTo(1, 12);
    const sims = context.targets.map((t, j) =>
      simulate(blast, setup, context, `blast-${j}`, (r) => (r.result.targets as Record<string, unknown>[])[j]!),
    );
    context.targets.forEach((t, j) => {
      const labels = Object.fromEntries(
        Object.entries(DAMAGE_LABELS).map(([k, v]) => [k, `${t.name}: ${v}`]),
      ) as typeof DAMAGE_LABELS;
      const perTarget = {
        figures: odds.figures,
        distribution: { label: '', outcomes: exactOf(context, setup, j) },
      };
      expectAgreement(perTarget, sims[j]!, labels);
    });
  });

  /** One target's own distribution: the same workflow with that target alone. */
  function exactOf(context: ResolveContext, setup: SetupValues, j: number) {
    const alone = ctx(context.attackers as Participant[], [context.targets[j]!]);
    const prefix = `t${j}.`;
    const single: Record<string, string | number | boolean> = {};
    for (const [k, v] of Object.entries(setup)) {
      if (k.startsWith('t')) {
        if (k.startsWith(prefix)) single[`t0.${k.slice(prefix.length)}`] = v;
      } else single[k] = v;
    }
    return blast.odds(single, alone).distribution!.outcomes;
  }

  it('the total-damage distribution matches a simulation of the sum', () => {
    const context = ctx([rook], [punk, enforcer]);
    const setup = setupOf(blast, context, { 'a0.tags': 'piercing' });
    const dist = blast.odds(setup, context).distribution!.outcomes;
    const source = createSeededSource('blast-total');
    const counts: number[] = [];
    for (let i = 0; i < 20_000; i++) {
      const r = run(blast, setup, context, source);
      const sum = r.effects.reduce((s, e) => s + (e.harm!.kind === 'damage' ? e.harm!.amount : 0), 0);
      while (counts.length <= sum) counts.push(0);
      counts[sum]! += 1 / 20_000;
    }
    for (let i = 0; i < Math.max(dist.length, counts.length); i++) {
      expect(Math.abs((dist[i]?.p ?? 0) - (counts[i] ?? 0))).toBeLessThan(0.015);
    }
  });

  it('worked example: a grenade on a punk in the open and a Hardened drone behind heavy cover', () => {
    // Punk: d6 rolls 5, no Cover or Armor → 5. Stamina 3 → 0, 2 past 0: BOD 8 → 6, BOD save against 6.
    // Drone: Hardened and the grenade is affected by Armor, so the die is Impaired: d4 rolls 4.
    // Heavy Cover 2 → 2, Armor 2 → 0: nothing gets through.
    const context = ctx([rook], [punk, drone]);
    const setup = setupOf(blast, context, { 'a0.tags': 'shred' });
    expect(blast.nextStage(setup, context, [])).toMatchObject({ id: 'damage:t0', sides: 6, roller: 'Rook' });
    const rolled = typed(blast, setup, context, [[[5]], [[4]]]);
    expect(rolled[1]!.groups[0]!.sides).toBe(4);
    const r = blast.resolve(setup, context, rolled);
    expect(r.effects).toEqual([
      { on: { side: 'targets', index: 0 }, harm: { kind: 'damage', amount: 5 } },
      { on: { side: 'targets', index: 1 }, harm: { kind: 'damage', amount: 0 } },
    ]);
    const [p, d] = applyEffects([punk, drone], r);
    expect(p!.health).toMatchObject({ stamina: 0, BOD: 6, armorLost: 0 });
    expect((p!.health as unknown as HardwareHealth).pending).toEqual([
      { id: 'critical-damage:1', type: 'critical', kind: 'damage', against: 6 },
    ]);
    expect(d!.health).toMatchObject({ stamina: 8, BOD: 14, armorLost: 0 });
    expect(r.summary).toBe("Rook's d6 (shred) blast: Punk 5 (BOD 8 → 6, save follows), Drone 0 damage.");
    expect(r.steps.some((s) => s.text.includes('Drone: Shred has no effect'))).toBe(true);
  });

  it('worked example: a piercing blast is not Impaired by a Hardened target and ignores its Armor', () => {
    // Drone: d6 rolls 6, Heavy Cover 2 → 4, Armor ignored → 4. Stamina 8 → 4.
    const context = ctx([rook], [drone]);
    const setup = setupOf(blast, context, { 'a0.tags': 'piercing' });
    const r = blast.resolve(setup, context, typed(blast, setup, context, [[[6]]]));
    expect(r.effects).toEqual([{ on: { side: 'targets', index: 0 }, harm: { kind: 'damage', amount: 4 } }]);
    const [d] = applyEffects([drone], r);
    expect(d!.health).toMatchObject({ stamina: 4, BOD: 14 });
  });

  it('explains impossible combinations and refuses to roll them', () => {
    const cases: { context: ResolveContext; patch?: SetupValues; problem: RegExp }[] = [
      { context: ctx([rook, who('Ana', 'pc', RUNNER)], [punk]), problem: /choose one attacker/ },
      { context: ctx([], [punk]), problem: /Choose who sets off the blast/ },
      { context: ctx([rook], []), problem: /Choose at least one target/ },
      { context: ctx([rook], [punk, punk]), problem: /Punk \(2\) is listed twice/ },
      {
        context: ctx([rook], [punk, who('Gone', 'npc', PUNK, { removed: true })]),
        problem: /Gone has left the encounter/,
      },
      {
        context: ctx([rook], [punk]),
        patch: { 't0.armor': 1.5 },
        problem: /Punk's Armor: Armor must be a whole number, got 1\.5/,
      },
      { context: ctx([rook], [punk]), patch: { 't0.cover': 'total' }, problem: /Punk's cover must be one of/ },
      { context: ctx([rook], [punk]), patch: { 'a0.attack': 'melee' }, problem: /melee attack needs the target Close/ },
    ];
    for (const c of cases) {
      const setup = setupOf(blast, c.context, c.patch ?? {});
      const problems = blast.problems(setup, c.context);
      expect(
        problems.some((p) => c.problem.test(p)),
        `${problems.join(' | ')} vs ${String(c.problem)}`,
      ).toBe(true);
      expect(rulesError(() => blast.nextStage(setup, c.context, [])).message).toBe(problems[0]);
      expect(rulesError(() => blast.resolve(setup, c.context, [])).message).toBe(problems[0]);
    }
  });

  it('refuses bad faces, miscounted faces and stages not asked for', () => {
    const context = ctx([rook], [punk, drone]);
    const setup = blast.defaults(context);
    const one = (stageId: string, sides: number, faces: number[]): RolledStage => ({
      stageId,
      source: 'crypto',
      groups: [{ id: stageId, sides, faces }],
    });
    expect(rulesError(() => blast.nextStage(setup, context, [one('damage:t0', 6, [7])])).code).toBe('invalid-face');
    expect(rulesError(() => blast.nextStage(setup, context, [one('damage:t0', 6, [])])).code).toBe('invalid-input');
    expect(rulesError(() => blast.nextStage(setup, context, [one('damage:t1', 4, [2])])).code).toBe('not-allowed');
    // The drone's die is the Impaired d4: a d6 face list is refused.
    expect(
      rulesError(() => blast.resolve(setup, context, [one('damage:t0', 6, [2]), one('damage:t1', 6, [5])])).code,
    ).toBe('invalid-face');
    expect(rulesError(() => blast.resolve(setup, context, [one('damage:t0', 6, [2])])).message).toMatch(
      /Roll Rook's blast die against Drone/,
    );
  });

  it('resolves physical and app dice with the same faces identically, citing real sections', () => {
    const context = ctx([rook], [punk, drone, enforcer]);
    const setup = setupOf(blast, context, { 'a0.edges': 2, 'a0.reload': true });
    const faces = [[[7]], [[3]], [[10]]];
    const physical = blast.resolve(setup, context, typed(blast, setup, context, faces, 'physical'));
    const crypto = blast.resolve(setup, context, typed(blast, setup, context, faces, 'seeded:7'));
    expect(crypto.steps).toEqual(physical.steps);
    expect(crypto.effects).toEqual(physical.effects);
    const refs = [
      ...physical.steps.map((s) => s.rule),
      ...blast.fields(context).flatMap((f) => (f.rule ? [f.rule] : [])),
    ];
    for (const ref of refs) expect(SECTION_NAMES).toContain(ref.section);
  });

  it('sets the blast weapon from reference rows', () => {
    const dieRow = dieStepsTable.rows.findIndex((r) => r.cells.die === 'd10');
    expect(blast.fromTableRow(dieStepsTable.id, dieRow)).toEqual({ 'a0.die': '10' });
    const heavy = coverTable.rows.findIndex((r) => r.cells.value === 2);
    expect(blast.fromTableRow(coverTable.id, heavy)).toEqual({ 't0.cover': 'heavy' });
    expect(blast.fromTableRow(roundOrderTable.id, 1)).toBeNull();
  });
});
