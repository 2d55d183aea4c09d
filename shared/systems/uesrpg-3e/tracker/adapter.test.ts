import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type {
  HealthState,
  InitiativeEntry,
  InitiativeParticipant,
  RulesCombatant,
  Stats,
} from '../../../system-kit/tracker-rules';
import { RulesError } from '../../../errors';
import { uesrpgToggleDefs } from '../toggles';
import { resolveToggles } from '../../../system-kit/toggles';
import { readUesrpgHealth, uesrpg3eTracker as T, type UesrpgHealth } from '.';
import { toggles, FIGHTER } from './tracker.test-support';

const perTurn = resolveToggles(uesrpgToggleDefs, { apRefresh: 'turn' });
const counterCounts = resolveToggles(uesrpgToggleDefs, { counterAttackCountsAsAttack: true });

function combatant(
  id: string,
  kind: 'pc' | 'npc' = 'npc',
  stats: Stats = FIGHTER,
  extra: { groupId?: string; conditionIds?: string[] } = {},
): RulesCombatant {
  return {
    id,
    name: id,
    kind,
    side: kind === 'pc' ? 'party' : 'opponents',
    stats,
    health: T.initialHealth(stats, kind),
    conditionIds: extra.conditionIds ?? [],
    ...(extra.groupId === undefined ? {} : { groupId: extra.groupId }),
  };
}

function withHealth(c: RulesCombatant, health: UesrpgHealth): RulesCombatant {
  return { ...c, health: health as HealthState };
}

function harm(c: RulesCombatant, kind: string, amount: number, location?: string): RulesCombatant {
  const outcome = T.applyHarm(c, location === undefined ? { kind, amount } : { kind, amount, location }, toggles);
  return { ...c, health: outcome.health };
}

function rulesError(call: () => unknown): RulesError {
  try {
    call();
  } catch (error) {
    if (error instanceof RulesError) return error;
    throw error;
  }
  throw new Error('expected a RulesError');
}

function rollAll(list: readonly InitiativeParticipant[], faces: Record<string, number>): InitiativeEntry[] {
  return list.map((p) => T.initiative.score(p, [faces[p.id] ?? 1], toggles));
}

describe('stat block', () => {
  it('lists the seven characteristics, skill TNs, AR per location and lucky/unlucky numbers', () => {
    expect(T.systemId).toBe('uesrpg-3e');
    expect(T.statFields.map((f) => f.id)).toEqual([
      'strength',
      'endurance',
      'agility',
      'intelligence',
      'willpower',
      'perception',
      'luck',
      'combatStyle',
      'evade',
      'combatStyle2',
      'schoolSkill',
      'athletics',
      'arBody',
      'arRightLeg',
      'arLeftLeg',
      'arRightArm',
      'arLeftArm',
      'arHead',
      'lucky',
      'unlucky',
    ]);
    expect(T.statFields.find((f) => f.id === 'luck')).toMatchObject({ type: 'number', min: 0, defaultValue: 50 });
    expect(T.statFields.find((f) => f.id === 'lucky')).toMatchObject({
      type: 'numbers',
      min: 1,
      max: 100,
      defaultValue: [],
    });
    expect(T.statFields.find((f) => f.id === 'unlucky')).toMatchObject({ type: 'numbers', maxItems: 5 });
  });

  it('derives HP, WT, IR, Stamina, AP and Luck Bonus with labels', () => {
    const derived = T.derive(FIGHTER);
    expect(derived.map((d) => [d.id, d.label, d.value])).toEqual([
      ['hp', 'HP', 23],
      ['wt', 'WT', 11],
      ['ir', 'IR', 10],
      ['stamina', 'Stamina', 4],
      ['ap', 'AP', 3],
      ['luckBonus', 'Luck Bonus', 5],
    ]);
    // Missing stats take their defaults (30s, Luck 50): HP 15.
    expect(T.derive({}).find((d) => d.id === 'hp')?.value).toBe(15);
    expect(() => T.derive({ endurance: -1 })).toThrow(RulesError);
  });

  it('accepts an empty block and an NPC without lucky numbers', () => {
    expect(T.validateStats({})).toEqual([]);
    expect(T.validateStats(FIGHTER)).toEqual([]);
  });

  it('names unknown stats, bad values and bad number lists', () => {
    expect(T.validateStats({ charisma: 3 })).toEqual(['"charisma" is not a UESRPG stat.']);
    expect(T.validateStats({ agility: 250 })[0]).toMatch(/Agility must be between 0 and 200/);
    expect(T.validateStats({ evade: 1.5 })[0]).toMatch(/Evade TN must be a whole number/);
    expect(T.validateStats({ luck: 50, lucky: [1, 1, 2, 3, 4] }).join(' ')).toMatch(/twice/);
    expect(T.validateStats({ luck: 50, lucky: [0, 1, 2, 3, 4] }).join(' ')).toMatch(/1 to 100/);
    expect(T.validateStats({ luck: 30, lucky: [5, 6, 7], unlucky: [7, 8] }).join(' ')).toMatch(
      /7 is both lucky and unlucky/,
    );
    expect(T.validateStats({ lucky: 'seven' as never }).join(' ')).toMatch(/must be a list/);
  });

  it('checks PC counts (LB lucky, 5 − LB unlucky) once any number is listed', () => {
    expect(T.validateStats({ luck: 30, lucky: [5, 6, 7], unlucky: [90, 91] })).toEqual([]);
    expect(T.validateStats({ luck: 50, lucky: [1, 2, 3, 4, 5] })).toEqual([]);
    const short = T.validateStats({ luck: 30, lucky: [5, 6] });
    expect(short).toHaveLength(2);
    expect(short[0]).toMatch(/Luck Bonus 3 has 3 lucky numbers .* but 2 are listed/);
    expect(short[1]).toMatch(/2 unlucky numbers .* but 0 are listed/);
  });
});

describe('health', () => {
  it('starts at ⌈End/2⌉ HP with no wounds', () => {
    expect(readUesrpgHealth(combatant('a'))).toEqual({ hp: 23, wounds: [] });
    expect(T.initialHealth({ endurance: 31 }, 'pc')).toEqual({ hp: 16, wounds: [] });
    expect(() => T.initialHealth({}, 'monster' as never)).toThrow(RulesError);
    expect(() => T.initialHealth({ endurance: 'high' as never }, 'npc')).toThrow(RulesError);
  });

  it('offers damage and healing with the six hit locations', () => {
    expect(T.harmKinds.map((k) => [k.id, k.healing])).toEqual([
      ['damage', false],
      ['heal', true],
    ]);
    expect(T.harmKinds[0]!.locations?.map((l) => l.id)).toEqual([
      'body',
      'right-leg',
      'left-leg',
      'right-arm',
      'left-arm',
      'head',
    ]);
  });

  it('takes damage (already after AR) off HP; WT or less is no wound', () => {
    const outcome = T.applyHarm(combatant('a'), { kind: 'damage', amount: 11, location: 'body' }, toggles);
    expect(outcome.health).toEqual({ hp: 12, wounds: [] });
    expect(outcome.conditions).toBeUndefined();
    expect(outcome.steps.map((s) => s.text).join(' ')).toMatch(/does not exceed the Wound Threshold 11/);
    // No location is fine when there is no wound.
    expect(T.applyHarm(combatant('a'), { kind: 'damage', amount: 3 }, toggles).health).toEqual({ hp: 20, wounds: [] });
  });

  it('a limb wound cripples the limb and wounds', () => {
    const outcome = T.applyHarm(combatant('a'), { kind: 'damage', amount: 12, location: 'left-arm' }, toggles);
    expect(outcome.health).toEqual({ hp: 11, wounds: ['left-arm'] });
    expect(outcome.conditions?.map((c) => c.conditionId)).toEqual(['wounded', 'crippled-left-arm']);
  });

  it('a head wound stuns for 1 round, ticking at the end of the bearer’s turn', () => {
    const outcome = T.applyHarm(combatant('a'), { kind: 'damage', amount: 12, location: 'head' }, toggles);
    expect(outcome.conditions).toContainEqual(
      expect.objectContaining({ conditionId: 'stunned', rounds: 1, expires: 'turn-end' }),
    );
  });

  it('a body wound costs 1 AP per round while it lasts', () => {
    const outcome = T.applyHarm(combatant('a'), { kind: 'damage', amount: 20, location: 'body' }, toggles);
    expect(outcome.conditions?.map((c) => c.conditionId)).toEqual(['wounded']);
    expect(outcome.steps.map((s) => s.text).join(' ')).toMatch(/2 AP per round/);
  });

  it('a wound needs a location', () => {
    const error = rulesError(() => T.applyHarm(combatant('a'), { kind: 'damage', amount: 12 }, toggles));
    expect(error.message).toMatch(/give the hit location/);
  });

  it('HP go below 0 unclamped; at 0 or less the combatant is Down', () => {
    const hurt = harm(combatant('a'), 'damage', 30, 'right-leg');
    expect(readUesrpgHealth(hurt).hp).toBe(-7);
    const view = T.healthView(hurt, toggles);
    expect(view.tracks).toEqual([{ id: 'hp', label: 'HP', current: -7, max: 23, style: 'bar' }]);
    expect(view).toMatchObject({ stateLabel: 'Down', severity: 'down', canAct: false });
    expect(view.markers).toEqual(['Wound: right leg (crippled)']);
    const zero = harm(combatant('b'), 'damage', 23, 'body');
    expect(T.healthView(zero, toggles)).toMatchObject({ stateLabel: 'Down', canAct: false });
  });

  it('healing restores HP up to the maximum; a location treats one wound there', () => {
    let c = harm(combatant('a'), 'damage', 12, 'left-arm');
    c = harm(c, 'damage', 12, 'body');
    expect(readUesrpgHealth(c)).toEqual({ hp: -1, wounds: ['left-arm', 'body'] });
    const partial = T.applyHarm(c, { kind: 'heal', amount: 50, location: 'left-arm' }, toggles);
    expect(partial.health).toEqual({ hp: 23, wounds: ['body'] });
    expect(partial.removeConditions).toEqual(['crippled-left-arm']);
    const last = T.applyHarm({ ...c, health: partial.health }, { kind: 'heal', amount: 0, location: 'body' }, toggles);
    expect(last.health).toEqual({ hp: 23, wounds: [] });
    expect(last.removeConditions).toEqual(['wounded']);
    expect(T.applyHarm(harm(combatant('b'), 'damage', 5), { kind: 'heal', amount: 2 }, toggles).health).toEqual({
      hp: 20,
      wounds: [],
    });
    expect(rulesError(() => T.applyHarm(c, { kind: 'heal', amount: 1, location: 'head' }, toggles)).message).toMatch(
      /no wound on the head/,
    );
  });

  it('a second wound on the same limb keeps it crippled until both are treated', () => {
    let c = harm(combatant('a'), 'damage', 12, 'right-leg');
    c = harm(c, 'damage', 0, 'right-leg');
    c = withHealth(c, { hp: 5, wounds: ['right-leg', 'right-leg'] });
    expect(
      T.applyHarm(c, { kind: 'heal', amount: 0, location: 'right-leg' }, toggles).removeConditions,
    ).toBeUndefined();
  });

  it('rejects unknown kinds, locations and amounts', () => {
    const a = combatant('a');
    expect(rulesError(() => T.applyHarm(a, { kind: 'fire', amount: 3 }, toggles)).message).toMatch(/Unknown harm kind/);
    expect(rulesError(() => T.applyHarm(a, { kind: 'damage', amount: 3, location: 'tail' }, toggles)).message).toMatch(
      /Unknown hit location/,
    );
    expect(() => T.applyHarm(a, { kind: 'damage', amount: -1 }, toggles)).toThrow(RulesError);
    expect(() => T.applyHarm(a, { kind: 'damage', amount: 2.5 }, toggles)).toThrow(RulesError);
    expect(() => T.applyHarm(a, { kind: 'damage', amount: 2 }, { nonsense: true })).toThrow(RulesError);
    expect(() => T.applyHarm({ ...a, health: { hp: 'x' } }, { kind: 'damage', amount: 2 }, toggles)).toThrow(
      RulesError,
    );
  });

  it('shows state words, wound modifiers and markers in text', () => {
    const fresh = combatant('a');
    expect(T.healthView(fresh, toggles)).toMatchObject({
      stateLabel: 'Unhurt',
      severity: 'ok',
      modifiers: [],
      markers: [],
      canAct: true,
    });
    expect(T.healthView(harm(fresh, 'damage', 4), toggles)).toMatchObject({ stateLabel: 'Hurt', severity: 'hurt' });
    const tough = combatant('tough', 'npc', { ...FIGHTER, endurance: 60 }); // HP 30, WT 13
    const wounded = harm(harm(tough, 'damage', 14, 'body'), 'damage', 14, 'head');
    const view = T.healthView(wounded, toggles);
    expect(view).toMatchObject({ stateLabel: 'Wounded', severity: 'hurt', canAct: true });
    expect(view.modifiers).toEqual([
      '−20 to all tests (wounded)',
      '−2 initiative (wounded)',
      '2 AP per round (body wound)',
    ]);
    expect(view.markers).toEqual(['Wound: body (1 AP lost)', 'Wound: head (stunned 1 round)']);
    // A GM-applied Wounded condition counts too.
    expect(T.healthView({ ...fresh, conditionIds: ['wounded'] }, toggles).modifiers).toHaveLength(2);
  });
});

describe('conditions, checks and prompts', () => {
  it('lists the conditions the seed and the wound effects name', () => {
    const ids = T.conditions.map((c) => c.id);
    for (const id of [
      'surprised',
      'stunned',
      'wounded',
      'crippled-right-leg',
      'crippled-left-leg',
      'crippled-right-arm',
      'crippled-left-arm',
      'prone',
      'restrained',
      'fatigue',
      'holding-breath',
    ]) {
      expect(ids).toContain(id);
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect(T.conditions.find((c) => c.id === 'stunned')?.defaultRounds).toBe(1);
  });

  it('asks for no checks or prompts, and refuses to resolve one', () => {
    const a = combatant('a');
    const moment = { round: 1, activeCombatantId: 'a', toggles };
    expect(T.checksDue(a, moment)).toEqual([]);
    expect(T.encounterPrompts([a], [])).toEqual([]);
    expect(rulesError(() => T.resolveCheck(a, 'death', [3], moment, [a])).code).toBe('unknown-entry');
  });
});

describe('initiative', () => {
  const weak: Stats = { ...FIGHTER, agility: 20, intelligence: 20, perception: 20, luck: 20 }; // IR 6, LB 2

  it('is rolled once per encounter, one 1d6 per ungrouped combatant and per NPC group', () => {
    expect(T.initiative.scope).toBe('combatant');
    expect(T.initiative.rerollEachRound).toBe(false);
    const list = T.initiative.participants(
      [
        combatant('hero', 'pc'),
        combatant('bandit1', 'npc', weak, { groupId: 'bandits' }),
        combatant('wolf'),
        combatant('bandit2', 'npc', weak, { groupId: 'bandits' }),
        combatant('sidekick', 'pc', FIGHTER, { groupId: 'bandits' }),
      ],
      [],
    );
    expect(list.map((p) => [p.id, p.label, p.members.map((m) => m.id)])).toEqual([
      ['hero', 'hero', ['hero']],
      ['bandits', 'bandit1, bandit2', ['bandit1', 'bandit2']],
      ['wolf', 'wolf', ['wolf']],
      ['sidekick', 'sidekick', ['sidekick']],
    ]);
    expect(T.initiative.dice(list[1]!, toggles)).toEqual({ count: 1, sides: 6 });
  });

  it('refuses a group id that is also a combatant id', () => {
    expect(() =>
      T.initiative.participants([combatant('x'), combatant('y', 'npc', FIGHTER, { groupId: 'x' })], []),
    ).toThrow(RulesError);
  });

  it('scores 1d6 + IR, −2 while wounded', () => {
    const [hero] = T.initiative.participants([combatant('hero', 'pc')], []);
    const entry = T.initiative.score(hero!, [4], toggles);
    expect(entry).toMatchObject({ participantId: 'hero', memberIds: ['hero'], score: 14, display: '14', faces: [4] });
    expect(entry.detail).toMatchObject({ roll: 4, ir: 10, luckBonus: 5, pc: true, wounded: false });
    const hurt = harm(combatant('hurt', 'pc'), 'damage', 12, 'left-leg');
    const [p] = T.initiative.participants([hurt], []);
    expect(T.initiative.score(p!, [4], toggles).score).toBe(12);
  });

  it('rejects faces that are not one d6', () => {
    const [hero] = T.initiative.participants([combatant('hero', 'pc')], []);
    expect(rulesError(() => T.initiative.score(hero!, [7], toggles)).code).toBe('invalid-face');
    expect(rulesError(() => T.initiative.score(hero!, [3, 4], toggles)).code).toBe('too-many-dice');
    expect(() => T.initiative.score(hero!, [], toggles)).toThrow(RulesError);
  });

  it('breaks ties by IR, then Luck Bonus, then PC before NPC, then input order', () => {
    const luckyNpc: Stats = { ...FIGHTER, agility: 52, intelligence: 20, luck: 70 }; // IR 5+2+3 = 10, LB 7
    const list = T.initiative.participants(
      [
        combatant('slow', 'npc', weak), // IR 6: 6 + 6 = 12
        combatant('npc', 'npc', FIGHTER), // IR 10, LB 5: 12
        combatant('pc', 'pc', FIGHTER), // IR 10, LB 5, PC: 12
        combatant('lucky', 'npc', luckyNpc), // IR 10, LB 7: 12
        combatant('twin', 'npc', FIGHTER), // same as npc: 12, after it by input order
      ],
      [],
    );
    const entries = rollAll(list, { slow: 6, npc: 2, pc: 2, lucky: 2, twin: 2 });
    const order = T.initiative.order(entries, list, toggles);
    expect(order.order).toEqual(['lucky', 'pc', 'npc', 'twin', 'slow']);
    expect(order.losesTurn).toEqual([]);
    const text = order.steps.map((s) => s.text).join(' ');
    expect(text).toMatch(/higher Luck Bonus/);
    expect(text).toMatch(/PCs beat NPCs/);
    expect(text).toMatch(/higher IR/);
  });

  it('rejects entries that belong to nobody', () => {
    const list = T.initiative.participants([combatant('a')], []);
    const stray: InitiativeEntry = { ...T.initiative.score(list[0]!, [3], toggles), participantId: 'ghost' };
    expect(rulesError(() => T.initiative.order([stray], list, toggles)).code).toBe('unknown-entry');
  });
});

describe('buildRound', () => {
  function context(combatants: RulesCombatant[], faces: Record<string, number>, round = 1) {
    const participants = T.initiative.participants(combatants, []);
    const entries = rollAll(participants, faces);
    return {
      round,
      combatants,
      participants,
      initiative: T.initiative.order(entries, participants, toggles),
      entries,
      acted: [],
      toggles,
    };
  }
  const ids = (slots: readonly { combatantId: string }[]) => slots.map((s) => s.combatantId);

  it('gives one turn per combatant in initiative order, a group together in encounter order', () => {
    const combatants = [
      combatant('b2', 'npc', FIGHTER, { groupId: 'g' }),
      combatant('hero', 'pc'),
      combatant('b1', 'npc', FIGHTER, { groupId: 'g' }),
      combatant('wolf'),
    ];
    const slots = T.buildRound(context(combatants, { hero: 3, g: 5, wolf: 1 }));
    expect(slots).toEqual([
      { combatantId: 'b2', pass: 1 },
      { combatantId: 'b1', pass: 1 },
      { combatantId: 'hero', pass: 1 },
      { combatantId: 'wolf', pass: 1 },
    ]);
  });

  it('surprised combatants have no turn in round 1 only', () => {
    const combatants = [combatant('hero', 'pc'), combatant('guard', 'npc', FIGHTER, { conditionIds: ['surprised'] })];
    expect(ids(T.buildRound(context(combatants, { hero: 1, guard: 6 }, 1)))).toEqual(['hero']);
    expect(ids(T.buildRound(context(combatants, { hero: 1, guard: 6 }, 2)))).toEqual(['guard', 'hero']);
  });

  it('down combatants have no turn; stunned ones keep theirs so the stun runs out', () => {
    const down = harm(combatant('down'), 'damage', 30, 'body');
    const stunned = combatant('stunned', 'npc', FIGHTER, { conditionIds: ['stunned'] });
    expect(ids(T.buildRound(context([down, stunned, combatant('c')], { down: 6, stunned: 5, c: 1 })))).toEqual([
      'stunned',
      'c',
    ]);
  });

  it('a wound taken mid-fight lowers the initiative by 2 from then on', () => {
    const a = combatant('a');
    const b = combatant('b', 'npc', { ...FIGHTER, agility: 32 }); // IR 9
    const ctx = context([a, b], { a: 3, b: 5 }); // a 13, b 14
    expect(ids(T.buildRound(ctx))).toEqual(['b', 'a']);
    const woundedB = harm(b, 'damage', 12, 'left-arm');
    const later = { ...ctx, combatants: [a, woundedB], participants: T.initiative.participants([a, woundedB], []) };
    expect(ids(T.buildRound(later))).toEqual(['a', 'b']);
  });

  it('is empty before anyone rolls; a newcomer without a roll goes last', () => {
    const a = combatant('a');
    expect(T.buildRound({ ...context([a], { a: 2 }), entries: [], initiative: null })).toEqual([]);
    const ctx = context([a], { a: 2 });
    const late = combatant('late');
    expect(
      ids(T.buildRound({ ...ctx, combatants: [late, a], participants: T.initiative.participants([late, a], []) })),
    ).toEqual(['a', 'late']);
  });
});

describe('economy', () => {
  it('3 AP refreshed each round, at most 2 attacks, reactions cost 1 AP', () => {
    const economy = T.economy(combatant('a'), toggles);
    expect(economy.resources).toEqual([
      { id: 'ap', label: 'Action Points', max: 3, refresh: 'round' },
      { id: 'attacks', label: 'Attacks this round', max: 2, refresh: 'round' },
    ]);
    expect(economy.actions.map((a) => [a.label, a.costs, a.reaction === true])).toEqual([
      ['Attack (1 AP)', { ap: 1, attacks: 1 }, false],
      ['Other action (1 AP)', { ap: 1 }, false],
      ['Free action', {}, false],
      ['Evade', { ap: 1 }, true],
      ['Parry', { ap: 1 }, true],
      ['Block', { ap: 1 }, true],
      ['Counter-attack', { ap: 1 }, true],
    ]);
  });

  it('follows the AP refresh and counter-attack toggles', () => {
    expect(T.economy(combatant('a'), perTurn).resources[0]).toMatchObject({ max: 3, refresh: 'turn' });
    expect(T.economy(combatant('a'), counterCounts).actions.find((a) => a.id === 'counter-attack')?.costs).toEqual({
      ap: 1,
      attacks: 1,
    });
  });

  it('a body wound leaves 2 AP; stunned or down combatants have no actions', () => {
    const bodyWound = harm(combatant('a'), 'damage', 12, 'body');
    expect(T.economy(bodyWound, toggles).resources[0]!.max).toBe(2);
    expect(T.economy(harm(bodyWound, 'damage', 12, 'body'), toggles).resources[0]!.max).toBe(2);
    expect(T.economy(combatant('s', 'npc', FIGHTER, { conditionIds: ['stunned'] }), toggles).actions).toEqual([]);
    expect(T.economy(harm(combatant('d'), 'damage', 23, 'body'), toggles).actions).toEqual([]);
  });
});

describe('stat blocks, health and entries read once', () => {
  it('answers the same when asked again, and follows a new stat block over the same health', () => {
    const c = harm(combatant('a'), 'damage', 5);
    const first = T.healthView(c, toggles);
    expect(first.tracks[0]).toMatchObject({ current: 18, max: 23 });
    expect(T.healthView(c, toggles)).toEqual(first);
    // Endurance raised mid-fight: a new stat block over the same health record.
    const tougher = { ...c, stats: { ...c.stats, endurance: 60 } };
    expect(T.healthView(tougher, toggles).tracks[0]).toMatchObject({ current: 18, max: 30 });
    expect(T.healthView(c, toggles)).toEqual(first);
  });

  it('rejects a bad health record every time, not only the first', () => {
    const bad = withHealth(combatant('b'), { hp: 1.5, wounds: [] });
    for (let i = 0; i < 2; i++) expect(rulesError(() => T.healthView(bad, toggles)).message).toMatch(/^b's HP/);
  });

  it('a round rebuild ranks as the explained order does, and fails on a bad roll with its message', () => {
    // Two participants with the same label: the explanation makes the names unique, the order is unchanged.
    const combatants = [combatant('g1'), combatant('g2'), combatant('hero', 'pc')].map((c) =>
      c.id === 'hero' ? c : { ...c, name: 'Guard' },
    );
    const participants = T.initiative.participants(combatants, []);
    const entries = rollAll(participants, { g1: 4, g2: 4, hero: 4 });
    const initiative = T.initiative.order(entries, participants, toggles);
    const context = { round: 2, combatants, participants, initiative, entries, acted: [], toggles };
    expect(T.buildRound(context).map((s) => s.combatantId)).toEqual(initiative.order);
    expect(initiative.order).toEqual(['hero', 'g1', 'g2']);
    const badEntries = entries.map((e) => (e.participantId === 'g2' ? { ...e, faces: [7] } : e));
    const message = rulesError(() => T.initiative.order(badEntries, participants, toggles)).message;
    expect(message).toMatch(/Guard \(2\)'s initiative die/);
    for (let i = 0; i < 2; i++)
      expect(rulesError(() => T.buildRound({ ...context, entries: badEntries })).message).toBe(message);
  });

  it('gives the same budget again, and the other budget under other toggles', () => {
    const wounded = harm(combatant('w'), 'damage', 12, 'body');
    expect(T.economy(wounded, toggles)).toEqual(T.economy(wounded, toggles));
    expect(T.economy(wounded, toggles).resources[0]).toMatchObject({ max: 2, refresh: 'round' });
    expect(T.economy(wounded, perTurn).resources[0]).toMatchObject({ max: 2, refresh: 'turn' });
    expect(T.economy(combatant('x'), perTurn).resources[0]).toMatchObject({ max: 3, refresh: 'turn' });
  });
});

describe('buildRound against a plain model, rebuilt from the same entries', () => {
  /** The rule written out plainly: participants by initiative, then the rest; members in encounter order. */
  function model(
    combatants: RulesCombatant[],
    participants: InitiativeParticipant[],
    entries: InitiativeEntry[],
    round: number,
  ): string[] {
    const ids = new Set(participants.map((p) => p.id));
    const rolled = entries.filter((e) => ids.has(e.participantId));
    const order = rolled.length ? T.initiative.order(rolled, participants, toggles).order : [];
    const ranked = [...order, ...participants.map((p) => p.id).filter((id) => !order.includes(id))];
    const index = (id: string) => combatants.findIndex((c) => c.id === id);
    const placed = new Set<string>();
    const slots: string[] = [];
    const take = (c: RulesCombatant) => {
      if (placed.has(c.id)) return;
      placed.add(c.id);
      if (readUesrpgHealth(c).hp <= 0 || (round === 1 && c.conditionIds.includes('surprised'))) return;
      slots.push(c.id);
    };
    for (const id of ranked) {
      const p = participants.find((x) => x.id === id)!;
      p.members
        .map((m) => combatants[index(m.id)])
        .filter((m): m is RulesCombatant => m !== undefined)
        .sort((a, b) => index(a.id) - index(b.id))
        .forEach(take);
    }
    combatants.forEach(take);
    return slots;
  }

  const fighterArb = fc.record({
    pc: fc.boolean(),
    group: fc.constantFrom(undefined, 'g1', 'g2'),
    agility: fc.constantFrom(30, 42, 55),
    face: fc.integer({ min: 1, max: 6 }),
    surprised: fc.boolean(),
  });
  const changeArb = fc.record({
    kind: fc.constantFrom('wound', 'down', 'leave', 'join', 'none'),
    who: fc.nat(),
  });

  it('property: the same turns as the model, however the fight changes between rebuilds', () => {
    fc.assert(
      fc.property(
        fc.array(fighterArb, { minLength: 1, maxLength: 12 }),
        fc.array(changeArb, { maxLength: 6 }),
        fc.constantFrom(1, 2),
        (specs, changes, round) => {
          let combatants = specs.map((x, i) =>
            combatant(
              `c${i}`,
              x.pc ? 'pc' : 'npc',
              { ...FIGHTER, agility: x.agility },
              {
                ...(x.group === undefined ? {} : { groupId: x.group }),
                conditionIds: x.surprised ? ['surprised'] : [],
              },
            ),
          );
          const faces: Record<string, number> = {};
          specs.forEach((x, i) => {
            faces[`c${i}`] = x.face;
            if (x.group !== undefined && faces[x.group] === undefined) faces[x.group] = x.face;
          });
          const entries = rollAll(T.initiative.participants(combatants, []), faces);
          const rebuild = () => {
            const participants = T.initiative.participants(combatants, []);
            const context = { round, combatants, participants, initiative: null, entries, acted: [], toggles };
            const got = T.buildRound(context).map((s) => s.combatantId);
            expect(got).toEqual(model(combatants, participants, entries, round));
            expect(T.buildRound(context).map((s) => s.combatantId)).toEqual(got);
          };
          rebuild();
          changes.forEach((change, n) => {
            const at = change.who % combatants.length;
            const target = combatants[at];
            if (change.kind === 'wound' && target) combatants[at] = harm(target, 'damage', 12, 'left-arm');
            if (change.kind === 'down' && target) combatants[at] = harm(target, 'damage', 40, 'body');
            if (change.kind === 'leave' && combatants.length > 1) combatants = combatants.filter((_, i) => i !== at);
            if (change.kind === 'join') combatants = [...combatants, combatant(`late${n}`)];
            if (change.kind !== 'none') combatants = [...combatants];
            rebuild();
          });
        },
      ),
      { numRuns: 150 },
    );
  });
});
