import { describe, expect, it } from 'vitest';
import { RULES } from '../sections';
import type { Participant, ResolveContext, SetupValues } from '../../../system-kit/workflow';
import {
  ADVENTURER,
  BANDIT,
  ctx,
  figure,
  participant,
  setup,
  simulateResolutions,
  stage,
} from './fixtures.test-support';
import { grapple } from './index';

const aela = participant('a', 'Aela', 'pc', ADVENTURER, 20);
const bandit = participant('b', 'Bandit', 'npc', BANDIT, 15);
const grappling = participant('a', 'Aela', 'pc', ADVENTURER, 20, { conditionIds: ['grappling'] });
const held = participant('b', 'Bandit', 'npc', BANDIT, 15, { conditionIds: ['restrained'] });
const heldProne = participant('b', 'Bandit', 'npc', BANDIT, 15, { conditionIds: ['restrained', 'prone'] });

const values = (context: ResolveContext, extra: SetupValues = {}) => setup(grapple, context, extra);

describe('Grapple: fields and defaults', () => {
  it('shows the action and the two TNs at once, from the Combat Styles', () => {
    expect(
      grapple
        .fields(ctx(aela, bandit))
        .filter((f) => f.common)
        .map((f) => f.id),
    ).toEqual(['grappleAction', 'actorTn', 'opposingTn']);
    const defaults = grapple.defaults(ctx(aela, bandit));
    expect(
      grapple
        .fields(ctx(aela, bandit))
        .map((f) => f.id)
        .sort(),
    ).toEqual(Object.keys(defaults).sort());
    expect(defaults).toMatchObject({ grappleAction: 'grab', actorTn: 55, opposingTn: 45, targetProne: false });
  });

  it('starts with the action the tracker suggests: attack a Restrained target, escape when Restrained', () => {
    expect(grapple.defaults(ctx(grappling, heldProne))).toMatchObject({ grappleAction: 'attack', targetProne: true });
    expect(grapple.defaults(ctx(held, grappling))).toMatchObject({
      grappleAction: 'escape',
      actorTn: 45,
      opposingTn: 55,
    });
  });

  it('refuses what the seed forbids and what the tracker contradicts', () => {
    const grab = ctx(aela, bandit);
    expect(grapple.problems(values(grab, { unarmedStyle: false }), grab)).toEqual([
      'Only a character with an unarmed Combat Style can grapple.',
    ]);
    expect(grapple.problems(values(grab, { targetSize: 'much-larger' }), grab)).toEqual([
      'A creature 2 or more sizes larger cannot be grappled.',
    ]);
    expect(grapple.problems(values(grab, { grappleAction: 'attack' }), grab)).toEqual([
      'Bandit is not Restrained: grab them first (or mark them Restrained in the tracker).',
    ]);
    expect(grapple.problems(values(grab, { grappleAction: 'escape' }), grab)).toEqual([
      'Aela is not Restrained, so there is nothing to escape.',
    ]);
    const heldActor = ctx(held, grappling);
    expect(grapple.problems(values(heldActor, { grappleAction: 'grab' }), heldActor)).toEqual([
      'Bandit is Restrained: escape with Resist first.',
    ]);
    const attack = ctx(grappling, held);
    expect(grapple.problems(values(attack, { weapon: 'weapon', weaponReach: 2 }), attack)).toEqual([
      'A weapon with 2 m range is too long: attacks in a grapple need 1 m range or less.',
    ]);
    // Ad-hoc participants carry no conditions: the GM's choice stands.
    const adhoc: Participant = { name: 'Wolf', kind: 'npc', stats: BANDIT };
    expect(grapple.problems(values(ctx(aela, adhoc), { grappleAction: 'attack' }), ctx(aela, adhoc))).toEqual([]);
  });
});

describe('Grapple: the grab (seed, Grappling)', () => {
  const context = ctx(aela, bandit);

  it('Combat Style 55 rolls 34 (3 DoS) against the Bandit 52 vs 45 (1 DoF): Restrained', () => {
    const v = values(context);
    expect(grapple.nextStage(v, context, [])).toEqual({
      id: 'acting',
      label: 'Grapple: d100 against TN 55',
      roller: 'Aela',
      count: 1,
      sides: 100,
    });
    const rolled = [stage('acting', 100, [34]), stage('opposing', 100, [52])];
    expect(grapple.nextStage(v, context, rolled.slice(0, 1))).toEqual({
      id: 'opposing',
      label: 'Resist the grab: d100 against TN 45',
      roller: 'Bandit',
      count: 1,
      sides: 100,
    });
    expect(grapple.nextStage(v, context, rolled)).toBeNull();
    const resolution = grapple.resolve(v, context, rolled);
    expect(resolution.steps).toEqual([
      { text: 'Aela tests their unarmed Combat Style to grapple: TN 55.', rule: RULES.grappling },
      { text: 'Bandit tests Combat Style, Athletics or Evade to resist: TN 45.', rule: RULES.grappling },
      {
        text: 'Grappler success, 3 DoS against target failure, 1 DoF: the grappler wins and the target is Restrained.',
        rule: RULES.grappling,
      },
      {
        text: 'Bandit is Restrained; Aela cannot move but may Takedown, Move or Attack, 1 AP each.',
        rule: RULES.grappling,
      },
    ]);
    expect(resolution.summary).toBe('Aela grapples Bandit (34 vs TN 55, 52 vs TN 45): Bandit is Restrained.');
    expect(resolution.effects).toEqual([
      {
        on: { side: 'targets', index: 0 },
        conditions: [{ conditionId: 'restrained', label: 'Restrained', note: 'Held by Aela' }],
      },
      {
        on: { side: 'attackers', index: 0 },
        conditions: [{ conditionId: 'grappling', label: 'Grappling', note: 'Holding Bandit' }],
      },
    ]);
    // Made instead of an attack: it is one of the round's 2 attacks; resisting is no reaction.
    expect(resolution.spends).toEqual([{ on: { side: 'attackers', index: 0 }, actionId: 'attack' }]);
  });

  it('a tie (3 DoS each) leaves the target free, by our default', () => {
    const resolution = grapple.resolve(values(context), context, [
      stage('acting', 100, [34]),
      stage('opposing', 100, [31]),
    ]);
    expect(resolution.steps[2]).toEqual({
      text: 'Grappler success, 3 DoS against target success, 3 DoS: a tie, the target stays free.',
      rule: RULES.opposedTies,
    });
    expect(resolution.summary).toBe('Aela grapples Bandit (34 vs TN 55, 31 vs TN 45): Bandit stays free.');
    expect(resolution.effects).toEqual([]);
  });

  it('a larger target: −30, so 34 against TN 25 fails', () => {
    const v = values(context, { targetSize: 'larger' });
    expect(grapple.nextStage(v, context, [])).toMatchObject({ label: 'Grapple: d100 against TN 25' });
    const resolution = grapple.resolve(v, context, [stage('acting', 100, [34]), stage('opposing', 100, [90])]);
    expect(resolution.steps.slice(2)).toEqual([
      { text: 'The target is larger: −30 to grapple → TN 25.', rule: RULES.grappling },
      {
        text: 'Grappler failure, 1 DoF against target failure, 5 DoF: a tie, the target stays free.',
        rule: RULES.opposedTies,
      },
    ]);
  });

  it('exact odds: against TN 0 the Bandit only succeeds on a critical 01–03', () => {
    // Bandit fails 97%: Aela wins whenever she succeeds (01–55, 55%).
    // Bandit crits 3% (1 DoS): Aela wins only with a critical of more DoS, her lucky 27 or 37 (2%).
    // P = 0.97 × 0.55 + 0.03 × 0.02 = 0.5341. Ties: both fail 0.97 × 0.45, or lucky 07/17 (1 DoS) on his crit 0.03 × 0.02.
    const odds = grapple.odds(values(context, { opposingTn: 0 }), context);
    expect(figure(odds, 'Bandit Restrained')).toBeCloseTo(0.5341, 12);
    expect(figure(odds, 'Tie')).toBeCloseTo(0.97 * 0.45 + 0.03 * 0.02, 12);
    expect(odds.distribution!.outcomes.map((o) => o.label)).toEqual(['Bandit Restrained', 'Bandit stays free']);
  });

  it('exact odds agree with 20,000 seeded grabs', () => {
    const v = values(context, { actorWounded: true });
    let restrained = 0;
    simulateResolutions(grapple, v, context, 20_000, 'grab', (r) => {
      if ((r.result as { restrained: boolean }).restrained) restrained++;
    });
    expect(Math.abs(restrained / 20_000 - figure(grapple.odds(v, context), 'Bandit Restrained'))).toBeLessThan(0.015);
  });
});

describe('Grapple: the Attack on the Restrained target', () => {
  const context = ctx(grappling, held);

  it('unarmed: 34 succeeds, no defence, and drains 1 SP instead of damage', () => {
    const v = values(context);
    const rolled = [stage('acting', 100, [34])];
    expect(grapple.nextStage(v, context, rolled)).toBeNull();
    const resolution = grapple.resolve(v, context, rolled);
    expect(resolution.steps).toEqual([
      { text: 'Aela tests their Combat Style to attack: TN 55.', rule: RULES.grappling },
      {
        text: 'Unarmed attack on the Restrained target (who cannot defend): drain 1 SP instead of dealing damage.',
        rule: RULES.grappling,
      },
      { text: 'Attack (melee attack): rolled 34 against TN 55 → success, 3 DoS.', rule: RULES.attack },
      { text: 'No defence: it counts as a failed defence roll.', rule: RULES.defend },
      { text: 'The attack succeeds and the defender does not defend: the attacker wins.', rule: RULES.compare },
      {
        text: 'The attack hits: Bandit loses 1 SP (Stamina Points are kept on the sheet, not in the tracker).',
        rule: RULES.grappling,
      },
    ]);
    expect(resolution.summary).toBe(
      'Aela attacks the Restrained Bandit (unarmed, 34 vs TN 55): hit, Bandit loses 1 SP.',
    );
    expect(resolution.effects).toEqual([]);
    expect(resolution.result).toMatchObject({ action: 'attack', outcome: 'hit', staminaDrain: 1, damage: null });
    expect(resolution.spends).toEqual([{ on: { side: 'attackers', index: 0 }, actionId: 'attack' }]);
  });

  it('armed on a Prone target: a Coup de Grace may follow; 38 → Right Arm, 1d8 7 − AR 1 = 6', () => {
    const proneContext = ctx(grappling, heldProne);
    const v = values(proneContext, { weapon: 'weapon', damageDie: '8' });
    const rolled = [stage('acting', 100, [38])];
    expect(grapple.nextStage(v, proneContext, rolled)).toEqual({
      id: 'damage',
      label: 'Damage: weapon 1d8',
      roller: 'Aela',
      count: 1,
      sides: 8,
    });
    const resolution = grapple.resolve(v, proneContext, [...rolled, stage('damage', 8, [7])]);
    expect(resolution.steps.slice(1, 3)).toEqual([
      { text: 'Attack the Restrained target, who cannot defend.', rule: RULES.grappling },
      {
        text: 'The target is Prone and Restrained and the attacker is armed: this may be a Coup de Grace.',
        rule: RULES.grappling,
      },
    ]);
    expect(resolution.steps.slice(-4)).toEqual([
      {
        text: "The attack hits. Ones digit of 38 → Right Arm. Roll damage, subtract that location's AR.",
        rule: RULES.resolve,
      },
      { text: 'Damage 1d8: 7.', rule: RULES.resolve },
      { text: '7 damage − AR 1 of Right Arm = 6; HP 15 → 9.', rule: RULES.resolve },
      { text: '6 after AR does not exceed the Wound Threshold 8: no wound.', rule: RULES.resolve },
    ]);
    expect(resolution.effects).toEqual([
      { on: { side: 'targets', index: 0 }, harm: { kind: 'damage', amount: 6, location: 'right-arm' } },
    ]);
    expect(resolution.summary).toBe(
      'Aela attacks the Restrained Bandit (weapon 1d8, 38 vs TN 55): hit, Right Arm, 7 − AR 1 = 6 damage.',
    );
  });

  it('a failed attack is a miss with no damage roll', () => {
    const v = values(context, { weapon: 'weapon' });
    expect(grapple.nextStage(v, context, [stage('acting', 100, [80])])).toBeNull();
    expect(grapple.resolve(v, context, [stage('acting', 100, [80])]).summary).toBe(
      'Aela attacks the Restrained Bandit (weapon 1d6, 80 vs TN 55): miss.',
    );
  });

  it('exact odds: the test alone decides the hit (01–55 of 100); they agree with 20,000 seeded armed attacks', () => {
    expect(figure(grapple.odds(values(context), context), 'Bandit loses 1 SP')).toBeCloseTo(0.55, 12);
    const v = values(context, { weapon: 'weapon', damageDice: 2, damageDie: '6' });
    const odds = grapple.odds(v, context);
    const tally = new Map<number, number>();
    simulateResolutions(grapple, v, context, 20_000, 'held-attack', (r) => {
      const amount = (r.result as { damage: { afterArmour: number } | null }).damage?.afterArmour ?? 0;
      expect(r.effects[0]?.harm?.amount ?? 0).toBe(amount);
      tally.set(amount, (tally.get(amount) ?? 0) + 1);
    });
    for (const outcome of odds.distribution!.outcomes) {
      const amount = outcome.label.startsWith('0') ? 0 : Number(outcome.label);
      expect(Math.abs((tally.get(amount) ?? 0) / 20_000 - outcome.p)).toBeLessThan(0.015);
    }
  });
});

describe('Grapple: the escape with Resist', () => {
  const context = ctx(held, grappling);

  it('the Bandit 12 vs 45 (1 DoS) against Aela 80 vs 55 (3 DoF): breaks free, a Special Action of 1 AP', () => {
    const v = values(context);
    const rolled = [stage('acting', 100, [12]), stage('opposing', 100, [80])];
    expect(grapple.nextStage(v, context, [])).toMatchObject({ label: 'Resist: d100 against TN 45', roller: 'Bandit' });
    expect(grapple.nextStage(v, context, rolled.slice(0, 1))).toMatchObject({
      label: 'Hold on: d100 against TN 55',
      roller: 'Aela',
    });
    const resolution = grapple.resolve(v, context, rolled);
    expect(resolution.steps).toEqual([
      { text: 'Bandit tests Combat Style, Athletics or Evade to Resist: TN 45.', rule: RULES.resistTest },
      { text: 'Aela tests their Combat Style to hold on: TN 55.', rule: RULES.resistTest },
      { text: 'Bandit success, 1 DoS against Aela failure, 3 DoF: Bandit breaks free.', rule: RULES.grappling },
      {
        text: 'The grapple ends: Bandit is no longer Restrained and Aela no longer Grappling.',
        rule: RULES.grappling,
      },
    ]);
    expect(resolution.summary).toBe("Bandit resists Aela's grapple (12 vs TN 45, 80 vs TN 55): breaks free.");
    expect(resolution.spends).toEqual([{ on: { side: 'attackers', index: 0 }, actionId: 'action' }]);
    expect(resolution.effects).toEqual([
      { on: { side: 'attackers', index: 0 }, removeConditions: ['restrained'] },
      { on: { side: 'targets', index: 0 }, removeConditions: ['grappling'] },
    ]);
  });

  it('held on, or a tie: still Restrained', () => {
    const v = values(context);
    const lost = grapple.resolve(v, context, [stage('acting', 100, [12]), stage('opposing', 100, [40])]);
    expect(lost.steps[2]).toEqual({
      text: 'Bandit success, 1 DoS against Aela success, 4 DoS: Aela holds on.',
      rule: RULES.grappling,
    });
    expect(lost.summary).toBe("Bandit resists Aela's grapple (12 vs TN 45, 40 vs TN 55): still Restrained.");
    expect(lost.effects).toEqual([]);
    const tie = grapple.resolve(v, context, [stage('acting', 100, [60]), stage('opposing', 100, [70])]);
    expect(tie.steps[2]).toEqual({
      text: 'Bandit failure, 2 DoF against Aela failure, 2 DoF: a tie, Bandit stays Restrained.',
      rule: RULES.opposedTies,
    });
  });

  it('exact odds agree with 20,000 seeded escapes', () => {
    const v = values(context);
    let free = 0;
    simulateResolutions(grapple, v, context, 20_000, 'escape', (r) => {
      if ((r.result as { free: boolean }).free) free++;
    });
    expect(Math.abs(free / 20_000 - figure(grapple.odds(v, context), 'Bandit breaks free'))).toBeLessThan(0.015);
  });
});

describe('Grapple: Takedown and Move, the grappler’s actions that need no dice', () => {
  const context = ctx(grappling, held);

  it('Takedown: no dice, certain, both Prone (the grappler ignores prone penalties), 1 AP', () => {
    const v = values(context, { grappleAction: 'takedown' });
    expect(grapple.problems(v, context)).toEqual([]);
    expect(grapple.nextStage(v, context, [])).toBeNull();
    expect(grapple.odds(v, context)).toEqual({
      figures: [{ label: 'Takedown happens', value: 1, format: 'percent' }],
      note: 'Certain: a Takedown needs no test (seed, Grappling); it costs 1 AP.',
    });
    const resolution = grapple.resolve(v, context, []);
    expect(resolution.steps).toEqual([
      {
        text: 'Takedown: both combatants fall Prone; the grappler ignores prone penalties against the target.',
        rule: RULES.grappling,
      },
    ]);
    expect(resolution.summary).toBe('Aela takes Bandit down: both Prone.');
    expect(resolution.effects).toEqual([
      {
        on: { side: 'targets', index: 0 },
        conditions: [{ conditionId: 'prone', label: 'Prone', note: 'Taken down by Aela' }],
      },
      {
        on: { side: 'attackers', index: 0 },
        conditions: [
          { conditionId: 'prone', label: 'Prone', note: 'Took Bandit down (ignores prone penalties against them)' },
        ],
      },
    ]);
    // A Primary Action of 1 AP, not an attack (seed, Grappling).
    expect(resolution.spends).toEqual([{ on: { side: 'attackers', index: 0 }, actionId: 'action' }]);
    expect(resolution.result).toEqual({ workflow: 'grapple', action: 'takedown', prone: ['Aela', 'Bandit'] });
  });

  it('Move: drag both up to SB metres, SB the tens digit of Strength (40 → 4 m), 1 AP', () => {
    const v = values(context, { grappleAction: 'move' });
    expect(grapple.nextStage(v, context, [])).toBeNull();
    expect(grapple.odds(v, context).figures).toEqual([{ label: 'Move happens', value: 1, format: 'percent' }]);
    const resolution = grapple.resolve(v, context, []);
    expect(resolution.steps).toEqual([
      { text: "Aela's Strength 40: Strength Bonus (its tens digit) 4.", rule: RULES.derived },
      { text: 'Move: drag both combatants up to SB = 4 m.', rule: RULES.grappling },
    ]);
    expect(resolution.summary).toBe('Aela drags Bandit up to 4 m.');
    expect(resolution.effects).toEqual([]);
    expect(resolution.spends).toEqual([{ on: { side: 'attackers', index: 0 }, actionId: 'action' }]);
    expect(resolution.result).toEqual({ workflow: 'grapple', action: 'move', dragMeters: 4 });
  });

  it('both need a Restrained target, as the Attack does; a stage typed anyway is refused', () => {
    const free = ctx(aela, bandit);
    for (const action of ['takedown', 'move']) {
      expect(grapple.problems(values(free, { grappleAction: action }), free)).toEqual([
        'Bandit is not Restrained: grab them first (or mark them Restrained in the tracker).',
      ]);
    }
    const v = values(context, { grappleAction: 'takedown' });
    expect(() => grapple.resolve(v, context, [stage('acting', 100, [12])])).toThrow(
      'No more dice are needed for this roll: "acting" was not asked for.',
    );
  });
});
