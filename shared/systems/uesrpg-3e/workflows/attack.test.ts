import { describe, expect, it } from 'vitest';
import { createSeededSource, rollDice } from '../../../dice/random';
import type { RulesCombatant } from '../../../system-kit/tracker-rules';
import { RulesError } from '../../../errors';
import { skillTn } from '../d100';
import { RULES as UESRPG_RULES } from '../sections';
import { uesrpg3eTracker } from '../tracker';
import type {
  OddsView,
  Participant,
  ResolveContext,
  RolledStage,
  ResolveWorkflow,
  SetupValues,
} from '../../../system-kit/workflow';
import { uesrpg3eModule } from '../module';
import { attackTn } from './attack-checks';
import { readSetup } from './attack-setup-reading';
import { ADVENTURER, BANDIT, bandit, ctx, figure, hero, participant, setup, stage } from './fixtures.test-support';
import { meleeAttack, rangedAttack, workflows } from './index';

function rulesCombatant(p: Participant): RulesCombatant {
  return {
    id: p.combatantId!,
    name: p.name,
    kind: p.kind,
    side: p.kind === 'pc' ? 'party' : 'foes',
    stats: p.stats,
    health: p.health!,
    conditionIds: [],
  };
}

function sumOf(odds: OddsView): number {
  return (odds.distribution?.outcomes ?? []).reduce((sum, o) => sum + o.p, 0);
}

/** Drives `runs` resolutions through nextStage → resolve with seeded faces; tallies what the odds predict. */
function simulate(workflow: ResolveWorkflow, values: SetupValues, context: ResolveContext, runs: number, seed: string) {
  const source = createSeededSource(seed);
  const damage = new Map<string, number>();
  let hits = 0;
  let blocked = 0;
  let counters = 0;
  let wounds = 0;
  let damageSum = 0;
  for (let i = 0; i < runs; i++) {
    const rolled: RolledStage[] = [];
    for (
      let next = workflow.nextStage(values, context, rolled);
      next;
      next = workflow.nextStage(values, context, rolled)
    ) {
      rolled.push(stage(next.id, next.sides, rollDice(source, next.count, next.sides), source.kind));
    }
    const resolution = workflow.resolve(values, context, rolled);
    const result = resolution.result as {
      outcome: string;
      damage: { to: string; afterArmour: number; wound: boolean } | null;
    };
    if (result.outcome === 'hit') hits++;
    if (result.outcome === 'blocked') blocked++;
    if (result.outcome === 'counter') counters++;
    const toTarget = result.damage?.to === 'target' ? result.damage.afterArmour : 0;
    if (result.damage?.to === 'target' && result.damage.wound) wounds++;
    damageSum += toTarget;
    const label = toTarget === 0 ? '0 (no damage)' : String(toTarget);
    damage.set(label, (damage.get(label) ?? 0) + 1);
    // The harm the panel applies is the damage the result reports.
    const harm = resolution.effects.find((e) => e.on.side === 'targets')?.harm;
    expect(harm?.amount ?? 0).toBe(toTarget);
  }
  return {
    hits: hits / runs,
    blocked: blocked / runs,
    counters: counters / runs,
    wounds: wounds / runs,
    mean: damageSum / runs,
    damage,
    runs,
  };
}

function expectSimulationAgrees(workflow: ResolveWorkflow, values: SetupValues, context: ResolveContext, seed: string) {
  const odds = workflow.odds(values, context);
  expect(sumOf(odds)).toBeCloseTo(1, 12);
  const sim = simulate(workflow, values, context, 20_000, seed);
  const tolerance = 0.015;
  expect(Math.abs(sim.hits - figure(odds, 'Hits'))).toBeLessThan(tolerance);
  expect(Math.abs(sim.wounds - figure(odds, 'Wound'))).toBeLessThan(tolerance);
  if (values.defence === 'block') expect(Math.abs(sim.blocked - figure(odds, 'Blocked'))).toBeLessThan(tolerance);
  if (values.defence === 'counter') {
    expect(Math.abs(sim.counters - figure(odds, 'Counter-attack hits'))).toBeLessThan(tolerance);
  }
  for (const outcome of odds.distribution!.outcomes) {
    expect(Math.abs((sim.damage.get(outcome.label) ?? 0) / sim.runs - outcome.p)).toBeLessThan(tolerance);
  }
  for (const label of sim.damage.keys()) {
    expect(odds.distribution!.outcomes.some((o) => o.label === label)).toBe(true);
  }
  // Expected damage compared as a share of the largest damage that can land, like the probabilities.
  const largest = Math.max(...odds.distribution!.outcomes.map((o) => (o.label.startsWith('0') ? 0 : Number(o.label))));
  expect(Math.abs(sim.mean - figure(odds, 'Expected damage after AR')) / Math.max(1, largest)).toBeLessThan(tolerance);
}

function expectRefusal(call: () => unknown, message: string | RegExp) {
  expect(call).toThrow(RulesError);
  expect(call).toThrow(message);
}

describe('UESRPG workflows are registered', () => {
  it('offers the melee and the ranged attack, then the spell attack and the grapple', () => {
    expect(uesrpg3eModule.workflows.map((w) => w.id)).toEqual(workflows.map((w) => w.id));
    expect(workflows.map((w) => [w.id, w.label])).toEqual([
      ['melee-attack', 'Melee attack'],
      ['ranged-attack', 'Ranged attack'],
      ['spell-attack', 'Spell attack'],
      ['grapple', 'Grapple'],
    ]);
  });

  it('draws fields whose defaults are valid and come from the stat blocks', () => {
    for (const workflow of [meleeAttack, rangedAttack]) {
      const context = ctx();
      const fields = workflow.fields(context);
      const defaults = workflow.defaults(context);
      expect(fields.map((f) => f.id).sort()).toEqual(Object.keys(defaults).sort());
      expect(workflow.problems(defaults, context)).toEqual([]);
      expect(defaults.styleTn).toBe(55);
      expect(defaults.evadeTn).toBe(35);
      expect(defaults.defenceStyleTn).toBe(45);
    }
  });

  it('defaults a wounded attacker to −20, a stunned target to no defence, a surprised one to unaware', () => {
    const woundedHero = participant('a', 'Aela', 'pc', ADVENTURER, 8, { health: { hp: 8, wounds: ['body'] } });
    const stunned = participant('b', 'Bandit', 'npc', BANDIT, 15, { conditionIds: ['stunned', 'surprised'] });
    const defaults = meleeAttack.defaults(ctx(woundedHero, stunned));
    expect(defaults.attackerWounded).toBe(true);
    expect(defaults.defence).toBe('none');
    expect(defaults.defenderUnaware).toBe(true);
  });
});

describe('attack TN', () => {
  it('matches the package skill TN: untrained −20, weapon outside the style −20, wounded −20', () => {
    const context = ctx();
    const read = (values: SetupValues, mode: 'melee' | 'ranged' = 'melee') =>
      readSetup(mode, setup(mode === 'melee' ? meleeAttack : rangedAttack, context, values), context).setup!;
    expect(attackTn(read({ inStyle: false, attackerWounded: true, attackModifier: 10 }), hero).tn).toBe(
      skillTn({ characteristic: 55, rank: 0, inStyle: false, wounded: true, modifier: 10 }).tn,
    );
    expect(attackTn(read({ attackBasis: 'untrained-str' }), hero).tn).toBe(
      skillTn({ characteristic: 40, trained: false }).tn,
    );
    expect(attackTn(read({ weapon: 'improvised' }), hero).tn).toBe(35);
    expect(attackTn(read({ weapon: 'improvised', improvisedInStyle: true }), hero).tn).toBe(55);
    expect(attackTn(read({ rangeBand: 'close' }, 'ranged'), hero).tn).toBe(65);
    expect(attackTn(read({ rangeBand: 'long', attackBasis: 'untrained-ag' }, 'ranged'), hero).tn).toBe(45 - 20 - 20);
  });
});

describe('Melee attack', () => {
  const context = ctx();

  it('odds sum to 1 and agree with 20,000 seeded resolutions (parry)', () => {
    const values = setup(meleeAttack, context, { defence: 'parry', damageDie: '8', damageBonus: 1 });
    expectSimulationAgrees(meleeAttack, values, context, 'melee-parry');
  });

  it('agrees with the simulation against a Block with a shield, penetrable cover and magic damage', () => {
    const values = setup(meleeAttack, context, {
      defence: 'block',
      shieldBr: 5,
      cover: 'penetrable',
      magicDamage: true,
      damageDice: 2,
      damageDie: '6',
    });
    expectSimulationAgrees(meleeAttack, values, context, 'melee-block');
  });

  it('agrees with the simulation for a counter-attack, including the damage to the attacker', () => {
    const values = setup(meleeAttack, context, { defence: 'counter', counterDie: '10', swingMeters: 5 });
    expectSimulationAgrees(meleeAttack, values, context, 'melee-counter');
    const odds = meleeAttack.odds(values, context);
    const sim = simulate(meleeAttack, values, context, 20_000, 'melee-counter-2');
    expect(Math.abs(sim.counters - figure(odds, 'Counter-attack hits'))).toBeLessThan(0.015);
  });

  it('agrees with the simulation with no defence, unarmed, in water', () => {
    const values = setup(meleeAttack, ctx(bandit, hero), { defence: 'none', weapon: 'unarmed', swimming: true });
    expectSimulationAgrees(meleeAttack, values, ctx(bandit, hero), 'melee-none');
  });

  it('asks for attack, defence and damage in order, then nothing', () => {
    const values = setup(meleeAttack, context, { defence: 'parry', damageDie: '8', damageBonus: 1 });
    expect(meleeAttack.nextStage(values, context, [])).toMatchObject({
      id: 'attack',
      count: 1,
      sides: 100,
      roller: 'Aela',
    });
    const afterAttack = [stage('attack', 100, [34])];
    expect(meleeAttack.nextStage(values, context, afterAttack)).toMatchObject({
      id: 'defence',
      sides: 100,
      roller: 'Bandit',
    });
    const afterDefence = [...afterAttack, stage('defence', 100, [52])];
    expect(meleeAttack.nextStage(values, context, afterDefence)).toMatchObject({ id: 'damage', count: 1, sides: 8 });
    expect(meleeAttack.nextStage(values, context, [...afterDefence, stage('damage', 8, [7])])).toBeNull();
  });

  it('asks for no damage after a miss, and no defence roll when the defender is unaware or out of AP', () => {
    const parry = setup(meleeAttack, context, { defence: 'parry' });
    expect(meleeAttack.nextStage(parry, context, [stage('attack', 100, [80]), stage('defence', 100, [20])])).toBeNull();
    for (const flag of ['defenderUnaware', 'defenderNoAp']) {
      const values = { ...parry, [flag]: true };
      expect(meleeAttack.nextStage(values, context, [stage('attack', 100, [34])])).toMatchObject({ id: 'damage' });
      const odds = meleeAttack.odds(values, context);
      // Aela hits whenever her test succeeds: 55 faces at or under TN 55, plus lucky 7…37 are among them; 96 unlucky is above.
      expect(figure(odds, 'Hits')).toBeCloseTo(0.55, 12);
    }
  });

  it('a failed attack against a successful counter-attack: the counter-attacker hits (seed Step 2, RULES-NOTES §2)', () => {
    const values = setup(meleeAttack, context, { defence: 'counter', counterDie: '6' });
    const rolled = [stage('attack', 100, [70]), stage('defence', 100, [10])];
    expect(meleeAttack.nextStage(values, context, rolled)).toMatchObject({ id: 'damage', roller: 'Bandit', sides: 6 });
    const resolution = meleeAttack.resolve(values, context, [...rolled, stage('damage', 6, [5])]);
    expect(resolution.result).toMatchObject({ outcome: 'counter', winner: 'defender', location: 'head' });
    expect(resolution.effects).toEqual([
      { on: { side: 'attackers', index: 0 }, harm: { kind: 'damage', amount: 3, location: 'head' } },
    ]);
  });

  it('a failed attack against any other successful defence is a miss', () => {
    const values = setup(meleeAttack, context, { defence: 'parry' });
    const rolled = [stage('attack', 100, [70]), stage('defence', 100, [10])];
    expect(meleeAttack.nextStage(values, context, rolled)).toBeNull();
    const resolution = meleeAttack.resolve(values, context, rolled);
    expect(resolution.result).toMatchObject({ outcome: 'miss', winner: 'defender' });
    expect(resolution.effects).toEqual([]);
  });

  it('worked example: Aela (1d8+1) hits the Bandit who parries and fails; 8 − AR 2 = 6, HP 15 → 9', () => {
    const values = setup(meleeAttack, context, { defence: 'parry', damageDie: '8', damageBonus: 1 });
    const rolled = [stage('attack', 100, [34]), stage('defence', 100, [52]), stage('damage', 8, [7])];
    const resolution = meleeAttack.resolve(values, context, rolled);
    expect(resolution.result).toMatchObject({
      outcome: 'hit',
      location: 'body',
      advantages: 0,
      damage: { to: 'target', rolled: 8, armour: 2, afterArmour: 6, wound: false },
    });
    expect(resolution.effects).toEqual([
      { on: { side: 'targets', index: 0 }, harm: { kind: 'damage', amount: 6, location: 'body' } },
    ]);
    const outcome = uesrpg3eTracker.applyHarm(rulesCombatant(bandit), resolution.effects[0]!.harm!, {});
    expect(outcome.health).toEqual({ hp: 9, wounds: [] });
    expect(outcome.conditions).toBeUndefined();
    expect(resolution.summary).toContain('Aela → Bandit');
    expect(resolution.followUps).toEqual([]);
  });

  it('worked example: 2d8+2 to the head with no defence is a wound; the tracker stuns the Bandit', () => {
    const values = setup(meleeAttack, context, { defence: 'none', damageDice: 2, damageDie: '8', damageBonus: 2 });
    const rolled = [stage('attack', 100, [30]), stage('damage', 8, [8, 8])];
    const resolution = meleeAttack.resolve(values, context, rolled);
    expect(resolution.result).toMatchObject({
      outcome: 'hit',
      location: 'head',
      damage: { afterArmour: 18, wound: true },
    });
    const outcome = uesrpg3eTracker.applyHarm(rulesCombatant(bandit), resolution.effects[0]!.harm!, {});
    expect(outcome.health).toEqual({ hp: -3, wounds: ['head'] });
    expect(outcome.conditions?.map((c) => c.conditionId)).toEqual(['wounded', 'stunned']);
  });

  it('worked example: the Bandit counter-attacks with more DoS and hits Aela’s right arm: 6 − AR 2 = 4, HP 20 → 16', () => {
    const values = setup(meleeAttack, context, { defence: 'counter', counterDie: '6' });
    const rolled = [stage('attack', 100, [25]), stage('defence', 100, [38])];
    expect(meleeAttack.nextStage(values, context, rolled)).toMatchObject({ id: 'damage', roller: 'Bandit', sides: 6 });
    const resolution = meleeAttack.resolve(values, context, [...rolled, stage('damage', 6, [6])]);
    expect(resolution.result).toMatchObject({
      outcome: 'counter',
      location: 'right-arm',
      damage: { to: 'attacker', afterArmour: 4 },
    });
    expect(resolution.effects).toEqual([
      { on: { side: 'attackers', index: 0 }, harm: { kind: 'damage', amount: 4, location: 'right-arm' } },
    ]);
    const outcome = uesrpg3eTracker.applyHarm(rulesCombatant(hero), resolution.effects[0]!.harm!, {});
    expect(outcome.health).toEqual({ hp: 16, wounds: [] });
  });

  it('worked example: a Block with BR 5 lets 7 damage through to the left arm (AR 1): HP 15 → 9; magic damage halves BR', () => {
    const values = setup(meleeAttack, context, { defence: 'block', shieldBr: 5, damageDie: '8', damageBonus: 1 });
    const rolled = [stage('attack', 100, [33]), stage('defence', 100, [20]), stage('damage', 8, [6])];
    const resolution = meleeAttack.resolve(values, context, rolled);
    expect(resolution.result).toMatchObject({
      outcome: 'blocked',
      location: 'left-arm',
      damage: { beforeArmour: 7, afterArmour: 6 },
    });
    const outcome = uesrpg3eTracker.applyHarm(rulesCombatant(bandit), resolution.effects[0]!.harm!, {});
    expect(outcome.health).toEqual({ hp: 9, wounds: [] });

    const stopped = meleeAttack.resolve({ ...values, shieldBr: 12 }, context, rolled);
    expect(stopped.result).toMatchObject({ outcome: 'blocked', damage: { stoppedByShield: true, afterArmour: 0 } });
    expect(stopped.effects).toEqual([]);
    const magic = meleeAttack.resolve({ ...values, shieldBr: 12, magicDamage: true }, context, rolled);
    expect(magic.result).toMatchObject({ damage: { afterArmour: 6 } });
  });

  it('reports Advantage: a critical success against a failure gains two', () => {
    const values = setup(meleeAttack, context, { defence: 'evade' });
    const rolled = [stage('attack', 100, [17]), stage('defence', 100, [90]), stage('damage', 6, [3])];
    const resolution = meleeAttack.resolve(values, context, rolled);
    expect(resolution.result).toMatchObject({ outcome: 'hit', advantages: 2, advantageTo: 'attacker' });
    expect(resolution.steps.some((s) => s.text.includes('gains 2 Advantages'))).toBe(true);
  });

  it('penetrable cover asks for a second damage roll and keeps the lower', () => {
    const values = setup(meleeAttack, context, { defence: 'none', cover: 'penetrable', damageDie: '10' });
    const rolled = [stage('attack', 100, [34]), stage('damage', 10, [9])];
    expect(meleeAttack.nextStage(values, context, rolled)).toMatchObject({ id: 'damage-again', sides: 10 });
    const resolution = meleeAttack.resolve(values, context, [...rolled, stage('damage-again', 10, [4])]);
    expect(resolution.result).toMatchObject({ damage: { beforeArmour: 4, afterArmour: 2 } });
  });

  it('explains each impossible combination and refuses to roll while it stands', () => {
    const cases: [SetupValues, ResolveContext, string | RegExp][] = [
      [{ cover: 'impenetrable' }, context, 'Behind impenetrable cover the target simply cannot be hit.'],
      [{ defence: 'block', shieldBr: 0 }, context, "A Block needs a shield: enter the shield's Block Rating (BR)."],
      [
        { defence: 'counter', counterWeapon: 'unarmed', outsideUnarmedReach: true },
        context,
        /unarmed Counter-attack only works on an opponent within the defender's own engagement range/,
      ],
      [{ damageDice: 0 }, context, 'Damage: dice must be between 1 and 10, got 0.'],
      [{ damageDice: 'two' }, context, 'Damage: dice must be a whole number, got "two".'],
      [{ defence: 'dodge' }, context, /Defence cannot be "dodge"/],
      [
        { styleTn: 0, attackModifier: -100, inStyle: false, attackerWounded: true },
        context,
        /attack TN must be between -100 and 200/,
      ],
      [
        { defence: 'evade' },
        ctx(hero, { ...bandit, conditionIds: ['stunned'] }),
        'Bandit is stunned (head wound) and can make no reactions: choose No defence.',
      ],
      [{}, ctx(hero, { ...bandit, removed: true }), 'Bandit has left the encounter and cannot be attacked.'],
      [{}, ctx({ ...hero, removed: true }, bandit), 'Aela has left the encounter and cannot attack.'],
      [{}, ctx({ ...hero, health: { hp: 0, wounds: [] } }, bandit), 'Aela is down (HP 0 or less) and cannot attack.'],
      [{}, ctx(hero, hero), 'Aela cannot attack themselves.'],
      [
        {},
        { attackers: [hero, bandit], targets: [bandit], toggles: {} },
        'An attack has one attacker: choose just one.',
      ],
      [{}, { attackers: [hero], targets: [], toggles: {} }, 'Choose the target of the attack.'],
      [
        {},
        ctx({ ...hero, stats: { ...ADVENTURER, strength: 500 } }, bandit),
        /^Aela: Strength must be between 0 and 200/,
      ],
    ];
    for (const [values, context, message] of cases) {
      const full = { ...meleeAttack.defaults(context), ...values };
      const problems = meleeAttack.problems(full, context);
      expect(problems.length).toBeGreaterThan(0);
      if (typeof message === 'string') expect(problems).toContain(message);
      else expect(problems.some((p) => message.test(p))).toBe(true);
      expectRefusal(() => meleeAttack.nextStage(full, context, []), problems[0]!);
      expectRefusal(() => meleeAttack.resolve(full, context, []), problems[0]!);
      expect(meleeAttack.odds(full, context).figures).toEqual([]);
    }
  });

  it('refuses faces that do not fit the die, a wrong count, an unasked stage and an early resolve', () => {
    const values = setup(meleeAttack, context, { defence: 'parry' });
    expectRefusal(() => meleeAttack.nextStage(values, context, [stage('attack', 100, [101])]), /not a face of a d100/);
    expectRefusal(() => meleeAttack.nextStage(values, context, [stage('attack', 100, [0])]), /not a face of a d100/);
    expectRefusal(() => meleeAttack.nextStage(values, context, [stage('attack', 100, [3.5])]), /not a face of a d100/);
    expectRefusal(() => meleeAttack.nextStage(values, context, [stage('attack', 100, [12, 40])]), /needs 1 die/);
    expectRefusal(() => meleeAttack.nextStage(values, context, [stage('attack', 6, [3])]), /rolled on d100/);
    expectRefusal(
      () => meleeAttack.nextStage(values, context, [stage('damage', 6, [3])]),
      /"damage" was not asked for/,
    );
    const done = [stage('attack', 100, [80]), stage('defence', 100, [20])];
    expectRefusal(
      () => meleeAttack.nextStage(values, context, [...done, stage('damage', 6, [3])]),
      /No more dice are needed/,
    );
    expectRefusal(
      () => meleeAttack.resolve(values, context, [stage('attack', 100, [34])]),
      /Roll the next stage first/,
    );
    expectRefusal(
      () => meleeAttack.nextStage(values, context, [{ stageId: 'attack', groups: [], source: 'physical' }]),
      /one group of dice/,
    );
  });

  it('resolves the same faces the same way whether typed from physical dice or rolled with crypto', () => {
    const values = setup(meleeAttack, context, { defence: 'counter' });
    const faces: [string, number, number[]][] = [
      ['attack', 100, [25]],
      ['defence', 100, [38]],
      ['damage', 6, [4]],
    ];
    const physical = meleeAttack.resolve(
      values,
      context,
      faces.map(([id, sides, f]) => stage(id, sides, f, 'physical')),
    );
    const crypto = meleeAttack.resolve(
      values,
      context,
      faces.map(([id, sides, f]) => stage(id, sides, f, 'crypto')),
    );
    expect(crypto.steps).toEqual(physical.steps);
    expect(crypto.effects).toEqual(physical.effects);
    expect(crypto.summary).toBe(physical.summary);
  });

  it('works with ad-hoc participants typed into the panel (no encounter health: full HP from the stat block)', () => {
    const adHoc: ResolveContext = {
      attackers: [{ name: 'Guard', kind: 'npc', stats: BANDIT }],
      targets: [{ name: 'Thief', kind: 'npc', stats: BANDIT }],
      toggles: {},
    };
    const values = setup(meleeAttack, adHoc, { defence: 'none', damageDie: '8' });
    expect(meleeAttack.problems(values, adHoc)).toEqual([]);
    const resolution = meleeAttack.resolve(values, adHoc, [stage('attack', 100, [41]), stage('damage', 8, [5])]);
    expect(resolution.steps.some((s) => s.text.includes('HP 15 → 12'))).toBe(true);
    expect(resolution.effects[0]?.harm).toEqual({ kind: 'damage', amount: 3, location: 'body' });
  });

  it('takes Punches/Kicks from the natural weapons table and nothing from other tables', () => {
    expect(meleeAttack.fromTableRow('ues-natural-weapons', 0)).toEqual({ weapon: 'unarmed' });
    expect(meleeAttack.fromTableRow('ues-natural-weapons', 5)).toBeNull();
    expect(meleeAttack.fromTableRow('ues-cover', 0)).toBeNull();
    expect(rangedAttack.fromTableRow('ues-natural-weapons', 0)).toBeNull();
  });
});

describe('Ranged attack', () => {
  const context = ctx();

  it('agrees with 20,000 seeded resolutions at long range, behind penetrable cover, against an Evade', () => {
    const values = setup(rangedAttack, context, { rangeBand: 'long', cover: 'penetrable', damageDie: '10' });
    expectSimulationAgrees(rangedAttack, values, context, 'ranged-long');
  });

  it('agrees with the simulation for an area attack against a Block (half damage to the body)', () => {
    const values = setup(rangedAttack, context, {
      rangeBand: 'close',
      area: true,
      defence: 'block',
      shieldBr: 4,
      damageDice: 2,
    });
    expectSimulationAgrees(rangedAttack, values, context, 'ranged-area');
    const odds = rangedAttack.odds(values, context);
    expect(figure(odds, 'Blocked')).toBeGreaterThan(0);
  });

  it('gives ranged attacks no Advantage and skips the defence roll after a failed attack', () => {
    const values = setup(rangedAttack, context, { defence: 'evade' });
    expect(rangedAttack.nextStage(values, context, [stage('attack', 100, [90])])).toBeNull();
    const missed = rangedAttack.resolve(values, context, [stage('attack', 100, [90])]);
    expect(missed.result).toMatchObject({ outcome: 'miss', defence: null });
    const crit = rangedAttack.resolve(values, context, [
      stage('attack', 100, [17]),
      stage('defence', 100, [95]),
      stage('damage', 6, [2]),
    ]);
    expect(crit.result).toMatchObject({ outcome: 'hit', advantages: 0 });
    expect(rangedAttack.odds(values, context).figures.some((f) => f.label.includes('Advantage'))).toBe(false);
  });

  it('worked example: long range (TN 35), penetrable cover, 1d10 rolls 9 and 4: 4 − AR 1 = 3 to the right leg, HP 15 → 12', () => {
    const values = setup(rangedAttack, context, { rangeBand: 'long', cover: 'penetrable', damageDie: '10' });
    expect(rangedAttack.nextStage(values, context, [])!.label).toContain('TN 35');
    const rolled = [
      stage('attack', 100, [26]),
      stage('defence', 100, [60]),
      stage('damage', 10, [9]),
      stage('damage-again', 10, [4]),
    ];
    const resolution = rangedAttack.resolve(values, context, rolled);
    expect(resolution.result).toMatchObject({
      outcome: 'hit',
      location: 'right-leg',
      damage: { rolled: 9, beforeArmour: 4, afterArmour: 3 },
    });
    const outcome = uesrpg3eTracker.applyHarm(rulesCombatant(bandit), resolution.effects[0]!.harm!, {});
    expect(outcome.health).toEqual({ hp: 12, wounds: [] });
  });

  it('explains the impossible ranged combinations', () => {
    const cases: [SetupValues, string | RegExp][] = [
      [{ defence: 'parry' }, 'A ranged attack cannot be parried; the defender may Evade, Block or not defend.'],
      [
        { defence: 'counter' },
        'A ranged attack cannot be counter-attacked; the defender may Evade, Block or not defend.',
      ],
      [{ rangeBand: 'beyond' }, "Bandit is beyond the weapon's long range: pick a range band it reaches."],
      [{ cover: 'impenetrable' }, 'Behind impenetrable cover the target simply cannot be hit.'],
      [{ weapon: 'unarmed' }, /Weapon cannot be "unarmed"/],
      [{ attackBasis: 'untrained-str' }, /Attack test cannot be "untrained-str"/],
    ];
    for (const [values, message] of cases) {
      const full = setup(rangedAttack, context, values);
      const problems = rangedAttack.problems(full, context);
      if (typeof message === 'string') expect(problems).toContain(message);
      else expect(problems.some((p) => message.test(p))).toBe(true);
      expectRefusal(() => rangedAttack.nextStage(full, context, []), problems[0]!);
      expectRefusal(() => rangedAttack.resolve(full, context, []), problems[0]!);
    }
  });

  it('refuses bad faces and unasked stages', () => {
    const values = setup(rangedAttack, context, {});
    expectRefusal(
      () =>
        rangedAttack.nextStage(values, context, [
          stage('attack', 100, [26]),
          stage('defence', 100, [60]),
          stage('damage', 6, [7]),
        ]),
      /not a face of a d6/,
    );
    expectRefusal(
      () => rangedAttack.nextStage(values, context, [stage('attack', 100, [26]), stage('damage', 6, [3])]),
      /"damage" was not asked for/,
    );
  });
});

describe('rule references', () => {
  it('every step cites a rule of the UESRPG package, and seed rules name real seed sections', () => {
    const known = Object.values(UESRPG_RULES);
    const seedSections = new Set(known.filter((r) => r.source === 'seed').map((r) => r.section));
    const scenarios: [ResolveWorkflow, SetupValues, RolledStage[]][] = [
      [
        meleeAttack,
        {
          defence: 'block',
          shieldBr: 5,
          magicDamage: true,
          swingMeters: 4,
          swimming: true,
          cover: 'penetrable',
          attackerWounded: true,
          attackModifier: 10,
        },
        [
          stage('attack', 100, [33]),
          stage('defence', 100, [20]),
          stage('damage', 6, [6]),
          stage('damage-again', 6, [5]),
        ],
      ],
      [
        meleeAttack,
        { defence: 'counter', inStyle: false, defenderWounded: true },
        [stage('attack', 100, [25]), stage('defence', 100, [8]), stage('damage', 6, [6])],
      ],
      [
        meleeAttack,
        { defence: 'none', weapon: 'improvised', attackBasis: 'untrained-ag' },
        [stage('attack', 100, [10]), stage('damage', 6, [6])],
      ],
      [
        meleeAttack,
        { defence: 'parry', defenderNoAp: true, damageDice: 3 },
        [stage('attack', 100, [20]), stage('damage', 6, [6, 6, 6])],
      ],
      [
        rangedAttack,
        { area: true, defence: 'evade', leavesArea: false, rangeBand: 'close' },
        [stage('attack', 100, [20]), stage('defence', 100, [5]), stage('damage', 6, [6])],
      ],
      [rangedAttack, { defence: 'evade', defenderUnaware: true }, [stage('attack', 100, [99])]],
    ];
    for (const [workflow, values, rolled] of scenarios) {
      const context = ctx();
      const full = setup(workflow, context, values);
      const resolution = workflow.resolve(full, context, rolled);
      expect(resolution.steps.length).toBeGreaterThan(2);
      for (const step of resolution.steps) {
        expect(known).toContainEqual(step.rule);
        if (step.rule.source === 'seed') expect(seedSections.has(step.rule.section)).toBe(true);
      }
      for (const field of workflow.fields(context)) if (field.rule) expect(known).toContainEqual(field.rule);
    }
  });
});
