import { describe, expect, it } from 'vitest';
import type { RulesCombatant } from '../../../system-kit/tracker-rules';
import { RULES } from '../sections';
import { uesrpg3eTracker } from '../tracker';
import type { Participant, SetupValues } from '../../../system-kit/workflow';
import {
  bandit,
  ctx,
  figure,
  hero,
  participant,
  BANDIT,
  setup,
  simulateResolutions,
  stage,
} from './fixtures.test-support';
import { spellAttack } from './index';

const context = ctx();
const spell = (values: SetupValues = {}) => setup(spellAttack, context, values);

function rulesCombatant(p: Participant): RulesCombatant {
  return {
    id: p.combatantId!,
    name: p.name,
    kind: p.kind,
    side: 'foes',
    stats: p.stats,
    health: p.health!,
    conditionIds: [],
  };
}

/** Odds against 20,000 seeded resolutions: hits, blocks, wounds and every damage outcome within 1.5 points. */
function expectSimulationAgrees(values: SetupValues, seed: string) {
  const odds = spellAttack.odds(values, context);
  const outcomes = odds.distribution!.outcomes;
  expect(outcomes.reduce((sum, o) => sum + o.p, 0)).toBeCloseTo(1, 12);
  const runs = 20_000;
  const tally = new Map<string, number>();
  let hits = 0;
  let blocked = 0;
  let wounds = 0;
  simulateResolutions(spellAttack, values, context, runs, seed, (resolution) => {
    const result = resolution.result as { outcome: string; damage: { afterArmour: number; wound: boolean } | null };
    if (result.outcome === 'hit') hits++;
    if (result.outcome === 'blocked') blocked++;
    if (result.damage?.wound) wounds++;
    const amount = result.damage?.afterArmour ?? 0;
    expect(resolution.effects[0]?.harm?.amount ?? 0).toBe(amount);
    const label = amount === 0 ? '0 (no damage)' : String(amount);
    tally.set(label, (tally.get(label) ?? 0) + 1);
  });
  expect(Math.abs(hits / runs - figure(odds, 'Hits'))).toBeLessThan(0.015);
  expect(Math.abs(wounds / runs - figure(odds, 'Wound'))).toBeLessThan(0.015);
  if (values.defence === 'block') expect(Math.abs(blocked / runs - figure(odds, 'Blocked'))).toBeLessThan(0.015);
  for (const outcome of outcomes)
    expect(Math.abs((tally.get(outcome.label) ?? 0) / runs - outcome.p)).toBeLessThan(0.015);
  for (const label of tally.keys()) expect(outcomes.map((o) => o.label)).toContain(label);
}

describe('Spell attack: fields', () => {
  it('starts from the stat blocks: the school skill at Willpower, Evade and Combat Style of the target', () => {
    const defaults = spellAttack.defaults(context);
    expect(
      spellAttack
        .fields(context)
        .map((f) => f.id)
        .sort(),
    ).toEqual(Object.keys(defaults).sort());
    expect(defaults).toMatchObject({ schoolTn: 35, evadeTn: 35, defenceStyleTn: 45, defence: 'evade' });
    expect(spellAttack.problems(defaults, context)).toEqual([]);
  });

  it('shows the school skill, the damage dice and the defence at once', () => {
    expect(
      spellAttack
        .fields(context)
        .filter((f) => f.common)
        .map((f) => f.id),
    ).toEqual(['schoolTn', 'damageDice', 'damageDie', 'defence']);
  });

  it('offers only Evade and Block: Parry is melee only', () => {
    const defence = spellAttack.fields(context).find((f) => f.id === 'defence')!;
    expect(defence.kind === 'choice' && defence.options.map((o) => o.value)).toEqual(['none', 'evade', 'block']);
    expect(spellAttack.problems(spell({ defence: 'parry' }), context)).toEqual([
      'Defence cannot be "parry"; choose No defence, Evade, Block.',
    ]);
  });

  it('refuses a Block without a shield, a stunned defender who reacts, and impenetrable cover', () => {
    expect(spellAttack.problems(spell({ defence: 'block' }), context)).toEqual([
      "A Block needs a shield: enter the shield's Block Rating (BR).",
    ]);
    const stunned = participant('b', 'Bandit', 'npc', BANDIT, 15, { conditionIds: ['stunned'] });
    expect(spellAttack.defaults(ctx(hero, stunned)).defence).toBe('none');
    expect(spellAttack.problems(spell({ defence: 'evade' }), ctx(hero, stunned))).toEqual([
      'Bandit is stunned (head wound) and can make no reactions: choose No defence.',
    ]);
    expect(spellAttack.problems(spell({ cover: 'impenetrable' }), context)).toEqual([
      'Behind impenetrable cover the target simply cannot be hit.',
    ]);
    expect(spellAttack.problems(spell({ schoolTn: 0, casterWounded: true, castModifier: -100 }), context)).toEqual([
      'The casting TN must be between -100 and 200, got -120.',
    ]);
  });
});

describe('Spell attack: worked examples (seed, The combat roll)', () => {
  it('hits: school skill 35, rolled 23 (2 DoS) against a failed Evade, ones digit 3 → Body, 5 − AR 2 = 3', () => {
    const values = spell();
    expect(spellAttack.nextStage(values, context, [])).toEqual({
      id: 'cast',
      label: 'Spell: d100 against TN 35 (school skill 35)',
      roller: 'Aela',
      count: 1,
      sides: 100,
    });
    const rolled = [stage('cast', 100, [23]), stage('defence', 100, [51]), stage('damage', 6, [5])];
    expect(spellAttack.nextStage(values, context, rolled.slice(0, 1))).toMatchObject({
      id: 'defence',
      roller: 'Bandit',
    });
    expect(spellAttack.nextStage(values, context, rolled.slice(0, 2))).toMatchObject({
      id: 'damage',
      label: 'Spell damage: 1d6 (magic)',
    });
    const resolution = spellAttack.resolve(values, context, rolled);
    expect(resolution.steps).toEqual([
      { text: "A spell attack is one of Aela's 2 attacks this round.", rule: RULES.attackLimit },
      { text: "Aela casts with the spell's school skill: TN 35.", rule: RULES.attack },
      { text: 'Bandit defends with Evade: Evade (Ag) TN 35.', rule: RULES.defend },
      { text: 'Attack (spell attack): rolled 23 against TN 35 → success, 2 DoS.', rule: RULES.attack },
      { text: 'Defence (evade): rolled 51 against TN 35 → failure, 2 DoF.', rule: RULES.defend },
      { text: 'The attack succeeds and the defence fails: the attacker wins.', rule: RULES.compare },
      {
        text: "The attack hits. Ones digit of 23 → Body. Roll damage, subtract that location's AR.",
        rule: RULES.resolve,
      },
      { text: 'Spell damage 1d6: 5.', rule: RULES.resolve },
      { text: '5 damage − AR 2 of Body = 3; HP 15 → 12.', rule: RULES.resolve },
      { text: '3 after AR does not exceed the Wound Threshold 8: no wound.', rule: RULES.resolve },
    ]);
    expect(resolution.summary).toBe('Aela casts at Bandit (1d6 magic, 23 vs TN 35): hit, Body, 5 − AR 2 = 3 damage.');
    expect(resolution.effects).toEqual([
      { on: { side: 'targets', index: 0 }, harm: { kind: 'damage', amount: 3, location: 'body' } },
    ]);
    expect(resolution.spends).toEqual([
      { on: { side: 'attackers', index: 0 }, actionId: 'attack' },
      { on: { side: 'targets', index: 0 }, actionId: 'evade' },
    ]);
    // Applied through the tracker: HP 15 → 12.
    const applied = uesrpg3eTracker.applyHarm(rulesCombatant(bandit), resolution.effects[0]!.harm!, {});
    expect(applied.health).toEqual({ hp: 12, wounds: [] });
  });

  it('a Block against magic damage: BR 5 counts as 3, so 4 damage goes through to the shield arm (4 − AR 1 = 3)', () => {
    const values = spell({ defence: 'block', shieldBr: 5 });
    // Cast 23 (2 DoS) and Block 12 (Combat Style 45, 1 DoS): both succeed, a Block always stops the spell.
    const rolled = [stage('cast', 100, [23]), stage('defence', 100, [12]), stage('damage', 6, [4])];
    const resolution = spellAttack.resolve(values, context, rolled);
    expect(resolution.steps.slice(5)).toEqual([
      {
        text: 'Both succeed and the defender blocks: a successful Block always stops an attack that would land.',
        rule: RULES.compare,
      },
      {
        text: "Blocked: roll the attack's damage; if it exceeds the shield's BR the full damage goes to the shield arm, otherwise none.",
        rule: RULES.resolve,
      },
      { text: 'Spell damage 1d6: 4.', rule: RULES.resolve },
      {
        text: 'Magic damage against a shield without magic BR: BR 5 counts as half, rounded up: 3.',
        rule: RULES.resolve,
      },
      {
        text: "Damage 4 exceeds BR 3: the full 4 damage goes to the shield arm (subtract that arm's AR).",
        rule: RULES.resolve,
      },
      { text: '4 damage − AR 1 of Left Arm = 3; HP 15 → 12.', rule: RULES.resolve },
      { text: '3 after AR does not exceed the Wound Threshold 8: no wound.', rule: RULES.resolve },
    ]);
    expect(resolution.summary).toBe(
      'Aela casts at Bandit (1d6 magic, 23 vs TN 35): blocked, through to the Left Arm, 4 − AR 1 = 3 damage.',
    );
    expect(resolution.effects).toEqual([
      { on: { side: 'targets', index: 0 }, harm: { kind: 'damage', amount: 3, location: 'left-arm' } },
    ]);
    expect(resolution.spends?.map((s) => s.actionId)).toEqual(['attack', 'block']);
  });

  it('a shield with magic BR keeps BR 5: the same 4 damage is stopped', () => {
    const values = spell({ defence: 'block', shieldBr: 5, shieldBrMagic: true });
    const rolled = [stage('cast', 100, [23]), stage('defence', 100, [12]), stage('damage', 6, [4])];
    const resolution = spellAttack.resolve(values, context, rolled);
    expect(resolution.steps.slice(8)).toEqual([
      { text: "The shield's BR 5 is magical, so it is not halved against magic damage.", rule: RULES.resolve },
      { text: 'Damage 4 does not exceed BR 5: the shield stops it all.', rule: RULES.resolve },
    ]);
    expect(resolution.summary).toBe(
      "Aela casts at Bandit (1d6 magic, 23 vs TN 35): blocked, 4 damage does not beat the shield's BR.",
    );
    expect(resolution.effects).toEqual([]);
  });

  it('a failed cast needs no defence roll: spells gain no Advantage', () => {
    const values = spell();
    const rolled = [stage('cast', 100, [80])];
    expect(spellAttack.nextStage(values, context, rolled)).toBeNull();
    const resolution = spellAttack.resolve(values, context, rolled);
    expect(resolution.steps.slice(2)).toEqual([
      { text: 'Attack (spell attack): rolled 80 against TN 35 → failure, 5 DoF.', rule: RULES.attack },
      {
        text: 'A failed spell misses whatever the defence, and spells gain no Advantage: Bandit need not roll the Evade.',
        rule: RULES.advantage,
      },
    ]);
    expect(resolution.summary).toBe('Aela casts at Bandit (1d6 magic, 80 vs TN 35): miss, the spell fails.');
    // The Evade was declared before the roll: it is spent all the same.
    expect(resolution.spends?.map((s) => s.actionId)).toEqual(['attack', 'evade']);
  });

  it('a lucky 07 against a failed Evade would be two Advantages in melee; a spell gets none', () => {
    const rolled = [stage('cast', 100, [7]), stage('defence', 100, [90]), stage('damage', 6, [2])];
    const resolution = spellAttack.resolve(spell(), context, rolled);
    expect(resolution.steps).toContainEqual({
      text: 'Ranged attacks and spells cannot gain or use Advantage: no Advantage for either side.',
      rule: RULES.advantage,
    });
    expect(resolution.result).toMatchObject({ outcome: 'hit', winner: 'attacker', location: 'left-leg' });
  });

  it('an area spell blocked: half the damage (round up) to the body; no defence spends no reaction', () => {
    const area = spell({ area: true, defence: 'block', shieldBr: 2 });
    const rolled = [stage('cast', 100, [23]), stage('defence', 100, [12]), stage('damage', 6, [5])];
    const resolution = spellAttack.resolve(area, context, rolled);
    expect(resolution.steps).toContainEqual({
      text: 'Blocked area attack: 5 damage halved, rounded up: 3.',
      rule: RULES.areaOfEffect,
    });
    expect(resolution.effects).toEqual([
      { on: { side: 'targets', index: 0 }, harm: { kind: 'damage', amount: 1, location: 'body' } },
    ]);
    const none = spellAttack.resolve(spell({ defence: 'none' }), context, [
      stage('cast', 100, [23]),
      stage('damage', 6, [5]),
    ]);
    expect(none.spends).toEqual([{ on: { side: 'attackers', index: 0 }, actionId: 'attack' }]);
  });

  it('an Evade with more DoS (30: 3 DoS against the cast 23: 2 DoS) negates the spell', () => {
    const resolution = spellAttack.resolve(spell(), context, [stage('cast', 100, [23]), stage('defence', 100, [30])]);
    expect(resolution.steps.slice(5)).toEqual([
      {
        text: 'Both succeed: attacker 2 DoS against defender 3 DoS; the attacker needs more than the defender, so the defender wins.',
        rule: RULES.compare,
      },
      {
        text: 'Evaded: the attack is negated and the defender may move 1 m freely (no attack of opportunity).',
        rule: RULES.resolve,
      },
    ]);
    expect(resolution.summary).toBe('Aela casts at Bandit (1d6 magic, 23 vs TN 35): miss, evade succeeds.');
    expect(resolution.effects).toEqual([]);
  });

  it('an unaware defender or one with no AP left rolls no defence and spends no reaction', () => {
    for (const [flag, sentence] of [
      ['defenderUnaware', 'The defender is unaware of the attack and cannot defend: a failed defence.'],
      ['defenderNoAp', 'The defender has no AP left, so the defence fails automatically.'],
    ] as const) {
      const values = spell({ [flag]: true });
      expect(spellAttack.nextStage(values, context, [stage('cast', 100, [23])])).toMatchObject({ id: 'damage' });
      const resolution = spellAttack.resolve(values, context, [stage('cast', 100, [23]), stage('damage', 6, [1])]);
      expect(resolution.steps[3]).toEqual({
        text: sentence,
        rule: sentence.includes('AP') ? RULES.multipleOpponents : RULES.defend,
      });
      expect(resolution.spends).toEqual([{ on: { side: 'attackers', index: 0 }, actionId: 'attack' }]);
      expect(spellAttack.odds(values, context).note).toBe(
        'Exact: every casting and defence roll pair and every damage roll counted, for the evade chosen (which fails automatically); spells gain no Advantage.',
      );
    }
  });

  it('refuses a stage that was not asked for', () => {
    expect(() => spellAttack.resolve(spell(), context, [stage('damage', 6, [3])])).toThrow(
      'The roll due now is "Spell: d100 against TN 35 (school skill 35)"; "damage" was not asked for.',
    );
  });
});

describe('Spell attack: exact odds', () => {
  it('no defence: Aela hits whenever the cast succeeds, 01–35 plus her lucky 37 above the TN: 36 of 100 faces', () => {
    const odds = spellAttack.odds(spell({ defence: 'none' }), context);
    expect(figure(odds, 'Spell test succeeds')).toBeCloseTo(0.36, 12);
    expect(figure(odds, 'Hits Bandit')).toBeCloseTo(0.36, 12);
    expect(figure(odds, 'Spell critical failure')).toBeCloseTo(0.01, 12);
    expect(odds.figures.some((f) => f.label.includes('Advantage'))).toBe(false);
  });

  it('agree with 20,000 seeded resolutions against Evade', () => {
    expectSimulationAgrees(spell({ damageDice: 2, damageDie: '6' }), 'spell-evade');
  });

  it('agree with 20,000 seeded resolutions against a Block with a plain shield behind penetrable cover', () => {
    expectSimulationAgrees(
      spell({ defence: 'block', shieldBr: 6, cover: 'penetrable', damageDie: '10' }),
      'spell-block',
    );
  });

  it('agree with 20,000 seeded resolutions for an area spell against Evade that stays inside the area', () => {
    expectSimulationAgrees(spell({ area: true, damageDice: 2, damageDie: '8' }), 'spell-area');
  });
});
