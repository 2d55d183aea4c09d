import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type {
  EncounterMoment,
  HealthState,
  InitiativeEntry,
  InitiativeParticipant,
  RoundContext,
  RulesCombatant,
  Stats,
  TurnSlot,
} from '../../encounter/tracker-rules';
import { RulesError } from '../../errors';
import { resolveToggles } from '../toggles';
import { checkActionPhase, type ActionKind } from './actions';
import { SHADOWRUN_SKILLS } from './skills';
import { shadowrunAttributes } from './derived';
import { shadowrunToggles } from './toggles';
import { shadowrun4eTracker as T } from './tracker';
import { isVehicleField, VEHICLE_STAT_FIELDS } from './vehicles';

const TOGGLES = resolveToggles(shadowrunToggles, {});
const PHASE = resolveToggles(shadowrunToggles, { initiativeCriticalGlitch: 'action-phase' });
const DEFAULTS: Stats = Object.fromEntries(T.statFields.map((f) => [f.id, f.defaultValue]));
const MOMENT: EncounterMoment = { round: 1, activeCombatantId: null, toggles: TOGGLES };

function fighter(
  id: string,
  stats: Partial<Record<string, number>> = {},
  health: HealthState = { physical: 0, stun: 0 },
  extra: { groupId?: string; conditionIds?: string[] } = {},
): RulesCombatant {
  return {
    id,
    name: id,
    kind: 'npc',
    side: 'a',
    stats: { ...DEFAULTS, ...stats } as Stats,
    health,
    conditionIds: extra.conditionIds ?? [],
    ...(extra.groupId === undefined ? {} : { groupId: extra.groupId }),
  };
}

function solo(c: RulesCombatant): InitiativeParticipant {
  return { id: c.id, label: c.name, members: [c] };
}

/** Applies harm and returns the combatant with its new health, as the reducer would. */
function hurt(c: RulesCombatant, kind: string, amount: number, toggles = TOGGLES): RulesCombatant {
  return { ...c, health: T.applyHarm(c, { kind, amount }, toggles).health };
}

function expectRulesError(fn: () => unknown, pattern: RegExp, code?: string): void {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(RulesError);
    expect((error as RulesError).message).toMatch(pattern);
    if (code) expect((error as RulesError).code).toBe(code);
    return;
  }
  throw new Error('expected a RulesError');
}

describe('stat block', () => {
  it('offers the package attributes, then the combat skills, with their ranges and groups', () => {
    expect(T.statFields.map((f) => f.id)).toEqual([
      ...shadowrunAttributes.map((a) => a.id),
      ...SHADOWRUN_SKILLS.map((s) => s.id),
      ...VEHICLE_STAT_FIELDS.map((f) => f.id),
    ]);
    const passes = T.statFields.find((f) => f.id === 'passes');
    expect(passes).toMatchObject({ label: 'Initiative Passes', min: 1, max: 4, defaultValue: 1, group: 'combat' });
    expect(T.statFields.find((f) => f.id === 'ballistic')?.group).toBe('gear');
    expect(T.statFields.every((f) => (f.type === 'number' || isVehicleField(f.id)) && typeof f.help === 'string')).toBe(true);
  });

  it('derives the labelled monitors and the Initiative attribute', () => {
    const values = (stats: Stats) => T.derive(stats).map((d) => [d.id, d.label, d.value]);
    expect(values(DEFAULTS)).toEqual([
      ['physicalMonitor', 'Physical monitor', 10],
      ['stunMonitor', 'Stun monitor', 10],
      ['initiative', 'Initiative', 6],
    ]);
    expect(values({ ...DEFAULTS, body: 7, willpower: 4, reaction: 5, intuition: 4 }).map((v) => v[2])).toEqual([
      12, 10, 9,
    ]);
    expect(T.derive(DEFAULTS).every((d) => typeof d.help === 'string')).toBe(true);
  });

  it('reads a missing stat as its default and rejects one it cannot read', () => {
    const { willpower: _w, ...noWillpower } = DEFAULTS;
    expect(T.derive({ ...noWillpower, willpower: 3 })).toEqual(T.derive(noWillpower));
    expectRulesError(() => T.derive({ ...DEFAULTS, body: 0 }), /Body must be between 1 and 20, got 0/);
    expectRulesError(() => T.derive(null as unknown as Stats), /stat block must be an object/);
  });

  it('validates a whole block with one sentence per problem; missing stats are fine', () => {
    expect(T.validateStats(DEFAULTS)).toEqual([]);
    expect(T.validateStats({ body: 5 })).toEqual([]);
    const { logic: _l, ...rest } = DEFAULTS;
    const problems = T.validateStats({ ...rest, body: 25, agility: 2.5, edge: [1], passes: 5, foo: 1 });
    expect(problems).toEqual([
      'Body must be between 1 and 20, got 25.',
      'Agility must be a whole number, got 2.5.',
      'Edge must be a whole number, got a list.',
      'Initiative Passes must be between 1 and 4, got 5.',
      '"foo" is not a Shadowrun 4e stat.',
    ]);
    expect(T.validateStats('x' as unknown as Stats)).toEqual(['The stat block must be an object of stats, got "x".']);
  });
});

describe('health', () => {
  it('starts with empty monitors and checks the block', () => {
    expect(T.initialHealth(DEFAULTS, 'pc')).toEqual({ physical: 0, stun: 0 });
    expectRulesError(() => T.initialHealth({ ...DEFAULTS, body: -1 }, 'npc'), /Body must be between/);
    expectRulesError(() => T.initialHealth(DEFAULTS, 'boss' as 'pc'), /kind must be "pc" or "npc"/);
  });

  it('lists the four harm kinds', () => {
    expect(T.harmKinds.map((k) => [k.id, k.healing])).toEqual([
      ['physical', false],
      ['stun', false],
      ['heal-physical', true],
      ['heal-stun', true],
    ]);
  });

  it('marks Physical boxes and shows what is left of each track', () => {
    const c = fighter('ghost', { body: 4 });
    const outcome = T.applyHarm(c, { kind: 'physical', amount: 4 }, TOGGLES);
    expect(outcome.health).toEqual({ physical: 4, stun: 0 });
    expect(outcome.conditions).toBeUndefined();
    expect(outcome.removeConditions).toBeUndefined();
    expect(outcome.steps[0]?.text).toBe('ghost takes 4 Physical boxes.');
    expect(outcome.steps.some((s) => s.text.includes('wound modifier −1'))).toBe(true);
    const view = T.healthView({ ...c, health: outcome.health }, TOGGLES);
    expect(view).toEqual({
      tracks: [
        { id: 'physical', label: 'Physical', current: 6, max: 10, style: 'boxes' },
        { id: 'stun', label: 'Stun', current: 10, max: 10, style: 'boxes' },
      ],
      stateLabel: 'Wounded',
      severity: 'hurt',
      modifiers: ['Wound modifier −1'],
      markers: [],
      canAct: true,
    });
    expect(T.healthView(c, TOGGLES)).toMatchObject({
      stateLabel: 'Unhurt',
      severity: 'ok',
      modifiers: [],
      canAct: true,
    });
  });

  it('knocks a character down when the boxes exceed Body', () => {
    const outcome = T.applyHarm(fighter('ganger', { body: 3 }), { kind: 'physical', amount: 4 }, TOGGLES);
    expect(outcome.conditions).toEqual([{ conditionId: 'prone', label: 'Prone', note: 'Knocked down' }]);
    expect(outcome.steps.at(-1)?.text).toMatch(/exceed Body 3: ganger is knocked down/);
    expect(T.applyHarm(fighter('troll', { body: 9 }), { kind: 'stun', amount: 9 }, TOGGLES).conditions).toBeUndefined();
  });

  it('knocks out on a full Stun track and spills Stun into Physical (1:1 or 2:1)', () => {
    const c = fighter('decker', { willpower: 3 });
    const out = T.applyHarm(c, { kind: 'stun', amount: 13 }, TOGGLES);
    expect(out.health).toEqual({ physical: 3, stun: 10 });
    const view = T.healthView({ ...c, health: out.health }, TOGGLES);
    expect(view).toMatchObject({ stateLabel: 'Unconscious', severity: 'down', canAct: false });
    expect(view.markers).toEqual(['Stun track full: more Stun overflows into Physical (1:1)']);
    expect(view.modifiers).toEqual(['Wound modifier −4']);

    const halved = resolveToggles(shadowrunToggles, { stunOverflow: '2:1' });
    expect(T.applyHarm(c, { kind: 'stun', amount: 13 }, halved).health).toEqual({ physical: 1, stun: 10 });
  });

  it('drops whoever goes down prone and ends what they were keeping up', () => {
    const c = fighter('sam', { body: 5, willpower: 4 }, undefined, {
      conditionIds: ['full-defense', 'in-melee', 'aiming'],
    });
    const out = T.applyHarm(c, { kind: 'stun', amount: 10 }, TOGGLES);
    expect(out.conditions).toEqual([{ conditionId: 'prone', label: 'Prone', note: 'Knocked down' }]);
    expect(out.removeConditions).toEqual(['full-defense', 'aiming']);
    expect(out.steps.at(-1)?.text).toBe('sam collapses (Prone); Full Defense, Taking aim end.');
    // Not knocked down (5 boxes do not exceed Body 5) but still collapses.
    const tired = hurt(c, 'stun', 5);
    const second = T.applyHarm(tired, { kind: 'stun', amount: 5 }, TOGGLES);
    expect(second.conditions).toEqual([{ conditionId: 'prone', label: 'Prone', note: 'Collapsed' }]);
    // Already down: nothing more to end.
    const down = { ...c, health: out.health, conditionIds: ['prone'] };
    const again = T.applyHarm(down, { kind: 'physical', amount: 1 }, TOGGLES);
    expect(again.conditions).toBeUndefined();
    expect(again.removeConditions).toBeUndefined();
    // Killed outright: no Prone, but held conditions still end.
    const killed = T.applyHarm(c, { kind: 'physical', amount: 30 }, TOGGLES);
    expect(killed.conditions).toBeUndefined();
    expect(killed.removeConditions).toEqual(['full-defense', 'aiming']);
    expect(killed.steps.at(-1)?.text).toBe('Full Defense, Taking aim end.');
  });

  it('runs from dying through overflow to death', () => {
    let c = fighter('runner', { body: 4 }); // Physical monitor 10
    c = hurt(c, 'physical', 10);
    expect(T.healthView(c, TOGGLES)).toMatchObject({
      stateLabel: 'Dying',
      severity: 'down',
      canAct: false,
      markers: [],
    });
    c = hurt(c, 'physical', 4);
    expect(c.health).toEqual({ physical: 14, stun: 0 });
    expect(T.healthView(c, TOGGLES)).toMatchObject({
      stateLabel: 'Dying',
      markers: ['Overflow 4 of Body 4 (more than 4 is death)'],
    });
    const last = T.applyHarm(c, { kind: 'physical', amount: 1 }, TOGGLES);
    expect(last.steps.some((s) => s.text.includes('more than Body 4: the character is dead'))).toBe(true);
    expect(last.conditions).toBeUndefined(); // no knockdown for the dead
    c = { ...c, health: last.health };
    expect(T.healthView(c, TOGGLES)).toMatchObject({
      stateLabel: 'Dead',
      severity: 'dead',
      canAct: false,
      tracks: [{ current: 0, max: 10 }, { current: 10 }],
    });
    expectRulesError(() => T.applyHarm(c, { kind: 'heal-physical', amount: 5 }, TOGGLES), /is dead/, 'not-allowed');
  });

  it('heals each track, never below zero, and brings the dying back', () => {
    let c = fighter('sam', { body: 4 });
    c = hurt(hurt(c, 'physical', 11), 'stun', 2);
    const healed = T.applyHarm(c, { kind: 'heal-physical', amount: 3 }, TOGGLES);
    expect(healed.health).toEqual({ physical: 8, stun: 2 });
    expect(healed.steps[0]?.text).toBe('sam heals 3 Physical boxes: 11 → 8.');
    expect(T.healthView({ ...c, health: healed.health }, TOGGLES)).toMatchObject({
      stateLabel: 'Wounded',
      canAct: true,
    });
    const over = T.applyHarm(c, { kind: 'heal-stun', amount: 5 }, TOGGLES);
    expect(over.health).toEqual({ physical: 11, stun: 0 });
    expect(over.steps[0]?.text).toBe('sam has only 2 Stun boxes marked; all 2 are healed.');
  });

  it('stops a paralysed character acting, with the reason in words', () => {
    const c = fighter('x', {}, undefined, { conditionIds: ['paralysed'] });
    expect(T.healthView(c, TOGGLES)).toMatchObject({
      stateLabel: 'Unhurt',
      canAct: false,
      markers: ['Cannot act: Paralysed'],
    });
  });

  it('rejects harm it cannot apply', () => {
    const c = fighter('x');
    expectRulesError(() => T.applyHarm(c, { kind: 'fire', amount: 2 }, TOGGLES), /Unknown harm kind "fire"/);
    expectRulesError(() => T.applyHarm(c, { kind: 'physical', amount: -1 }, TOGGLES), /between 0 and 200/);
    expectRulesError(
      () => T.applyHarm(c, { kind: 'physical', amount: 2, location: 'head' }, TOGGLES),
      /no hit locations/,
    );
    expectRulesError(
      () => T.applyHarm({ ...c, health: { physical: 'lots' } }, { kind: 'stun', amount: 1 }, TOGGLES),
      /x's Physical boxes must be a whole number/,
    );
    expectRulesError(
      () => T.applyHarm(c, { kind: 'stun', amount: 1 }, { ...TOGGLES, stunOverflow: '3:1' }),
      /stunOverflow/,
    );
    expectRulesError(
      () => T.healthView({ ...c, health: [] as unknown as HealthState }, TOGGLES),
      /health must be an object/,
    );
    expectRulesError(
      () => T.healthView({ ...c, conditionIds: 'prone' as unknown as string[] }, TOGGLES),
      /x's conditions must be a list of condition ids/,
    );
  });

  it('keeps health as plain JSON', () => {
    const c = hurt(fighter('j'), 'physical', 5);
    expect(JSON.parse(JSON.stringify(c.health))).toEqual(c.health);
  });
});

describe('checks, prompts, conditions', () => {
  it('asks for no checks and resolves none', () => {
    const dying = hurt(fighter('a', { body: 2 }), 'physical', 12);
    expect(T.checksDue(dying, MOMENT)).toEqual([]);
    expect(T.checksDue(dying, { ...MOMENT, activeCombatantId: 'a', round: 3 })).toEqual([]);
    expectRulesError(
      () => T.checksDue(dying, { ...MOMENT, toggles: { ...TOGGLES, glitch: 'sr6' } }),
      /Rule toggle "glitch" cannot be "sr6"/,
    );
    expectRulesError(
      () => T.resolveCheck(fighter('a'), 'death', [3], MOMENT, [fighter('a')]),
      /no check "death"/,
      'unknown-entry',
    );
    expect(T.encounterPrompts([fighter('a'), fighter('b')], [])).toEqual([]);
  });

  it('defines the conditions once each, those of one Combat Turn ending with it', () => {
    const ids = T.conditions.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(
      expect.arrayContaining(['prone', 'full-defense', 'running', 'aiming', 'delaying', 'paralysed']),
    );
    expect(T.conditions.every((c) => c.description.length > 0)).toBe(true);
    for (const id of ['full-defense', 'running', 'delaying']) {
      expect(
        T.conditions.find((c) => c.id === id),
        id,
      ).toMatchObject({ defaultRounds: 1, expires: 'round-end' });
    }
    // Surprise counts in the first Initiative Pass only (book): it ends with that pass.
    expect(T.conditions.find((c) => c.id === 'surprised')).toMatchObject({ defaultRounds: 1, expires: 'pass-end' });
    for (const id of ['prone', 'aiming', 'in-melee', 'pinned', 'paralysed']) {
      expect(T.conditions.find((c) => c.id === id)?.defaultRounds, id).toBeUndefined();
    }
  });
});

describe('initiative', () => {
  // Ghost 9 dice, 3 passes; Mage 7 dice, 2 passes; Ganger 6 dice, 1 pass.
  const ghost = fighter('ghost', { reaction: 5, intuition: 4, passes: 3, body: 4 });
  const mage = fighter('mage', { reaction: 3, intuition: 4, passes: 2, body: 4, edge: 3 });
  const ganger = fighter('ganger', { reaction: 3, intuition: 3, passes: 1 });
  const ghostFaces = [5, 6, 5, 2, 3, 4, 2, 3, 4]; // 3 hits → 12
  const mageFaces = [6, 6, 2, 3, 4, 2, 3]; // 2 hits → 9
  const gangerFaces = [5, 2, 3, 4, 2, 3]; // 1 hit → 7

  it('is rolled per combatant, fresh each Combat Turn', () => {
    expect(T.initiative.scope).toBe('combatant');
    expect(T.initiative.rerollEachRound).toBe(true);
  });

  describe('participants', () => {
    it('are the combatants who can act, and one per NPC group', () => {
      const g1 = fighter('g1', {}, undefined, { groupId: 'gangers' });
      const g2 = fighter('g2', {}, undefined, { groupId: 'gangers' });
      const g3 = fighter('g3', {}, undefined, { groupId: 'gangers' });
      const out = hurt(fighter('out'), 'stun', 10);
      const frozen = fighter('frozen', {}, undefined, { conditionIds: ['paralysed'] });
      const list = T.initiative.participants(
        [ghost, g1, out, g2, frozen, mage, hurt(g3, 'physical', 10)],
        [{ id: 'a', name: 'Runners' }],
      );
      expect(list.map((p) => [p.id, p.label, p.members.map((m) => m.id)])).toEqual([
        ['ghost', 'ghost', ['ghost']],
        ['gangers', 'g1, g2', ['g1', 'g2']],
        ['mage', 'mage', ['mage']],
      ]);
      expect(T.initiative.participants([], [])).toEqual([]);
      expectRulesError(() => T.initiative.participants(null as unknown as RulesCombatant[], []), /must be a list/);
    });
  });

  it('rolls Reaction + Intuition dice; wounds lower the score, not the pool', () => {
    expect(T.initiative.dice(solo(ghost), TOGGLES)).toEqual({ count: 9, sides: 6 });
    expect(T.initiative.dice(solo(hurt(ghost, 'physical', 6)), TOGGLES)).toEqual({ count: 9, sides: 6 });
  });

  it('scores Reaction + Intuition + hits + wound modifier and keeps the roll’s facts', () => {
    const entry = T.initiative.score(solo(ghost), ghostFaces, TOGGLES);
    expect(entry).toEqual({
      participantId: 'ghost',
      memberIds: ['ghost'],
      score: 12,
      display: '12',
      faces: ghostFaces,
      detail: {
        hits: 3,
        woundAtRoll: 0,
        glitch: false,
        criticalGlitch: false,
        simpleActionsLost: 0,
        actionPhasesLost: 0,
      },
      steps: expect.any(Array),
    });
    expect(entry.steps.some((s) => s.text.includes('Initiative Score = Reaction 5 + Intuition 4 + 3 hits = 12'))).toBe(
      true,
    );
    expect(entry.steps.at(-1)?.text).toBe('ghost: 3 Initiative Passes this Combat Turn.');
    expect(JSON.parse(JSON.stringify(entry))).toEqual(entry);
    const wounded = T.initiative.score(solo(hurt(ghost, 'physical', 3)), ghostFaces, TOGGLES);
    expect(wounded).toMatchObject({ score: 11, display: '11', detail: { woundAtRoll: -1 } });
  });

  it('records glitches and what a critical glitch costs', () => {
    const glitched = T.initiative.score(solo(ganger), [1, 1, 1, 5, 2, 3], TOGGLES);
    expect(glitched).toMatchObject({ display: '7 · glitch', detail: { glitch: true, criticalGlitch: false } });
    const crit = T.initiative.score(solo(ganger), [1, 1, 1, 2, 2, 3], TOGGLES);
    expect(crit).toMatchObject({
      display: '6 · critical glitch',
      detail: { criticalGlitch: true, simpleActionsLost: 1, actionPhasesLost: 0 },
    });
    expect(T.initiative.score(solo(ganger), [1, 1, 1, 2, 2, 3], PHASE).detail).toMatchObject({ actionPhasesLost: 1 });
  });

  it('rolls a group once with its first member and lists every member', () => {
    const g1 = fighter('g1', { passes: 2, reaction: 4 }, undefined, { groupId: 'gangers' });
    const g2 = fighter('g2', { passes: 1 }, undefined, { groupId: 'gangers' });
    const [group] = T.initiative.participants([g1, g2], []);
    if (!group) throw new Error('no group');
    expect(T.initiative.dice(group, TOGGLES)).toEqual({ count: 7, sides: 6 });
    const entry = T.initiative.score(group, [5, 5, 2, 3, 4, 2, 3], TOGGLES);
    expect(entry).toMatchObject({ participantId: 'gangers', memberIds: ['g1', 'g2'], score: 9 });
    expect(entry.steps.at(-1)?.text).toMatch(/rolls once with g1's Reaction \+ Intuition.*\(g1 2, g2 1\)/);
  });

  it('rejects faces that do not fit and participants without members', () => {
    expectRulesError(
      () => T.initiative.score(solo(ganger), [5, 2, 3], TOGGLES),
      /ganger rolls 6 Initiative dice \(Reaction 3 \+ Intuition 3\), but 3 faces were given/,
    );
    expectRulesError(
      () => T.initiative.score(solo(ganger), [5, 2, 3, 4, 2, 7], TOGGLES),
      /ganger's Initiative dice\[5\] is 7, which is not a face of a d6/,
      'invalid-face',
    );
    expectRulesError(
      () => T.initiative.dice({ id: 'g', label: 'Gangers', members: [] }, TOGGLES),
      /Gangers has no members/,
    );
    expectRulesError(
      () => T.initiative.dice(solo(fighter('bad', { reaction: 0 })), TOGGLES),
      /bad's Reaction must be between 1 and 20/,
    );
  });

  it('orders entries with the package tie-breaks: glitch to the back, then Edge', () => {
    const a = fighter('a', { edge: 1 });
    const b = fighter('b', { edge: 5 });
    const c = fighter('c', { edge: 6 });
    const participants = [solo(a), solo(b), solo(c)];
    const entries = [
      T.initiative.score(solo(a), [5, 2, 3, 4, 2, 3], TOGGLES), // 7
      T.initiative.score(solo(b), [6, 2, 3, 4, 2, 3], TOGGLES), // 7, more Edge
      T.initiative.score(solo(c), [5, 1, 1, 1, 2, 3], TOGGLES), // 7, glitch
    ];
    const order = T.initiative.order(entries, participants, TOGGLES);
    expect(order.order).toEqual(['b', 'a', 'c']);
    expect(order.losesTurn).toEqual([]);
    expect(order.steps[0]?.text).toBe('Initiative order: b 7, a 7, c 7.');
    expect(order.steps[1]?.text).toMatch(/^b, a, c tie: they act at the same time unless it matters/);
  });

  it('takes the Combat Turn from a one-pass critical glitcher only under the action-phase toggle', () => {
    const crit = T.initiative.score(solo(ganger), [1, 1, 1, 2, 2, 3], PHASE);
    const fast = T.initiative.score(solo(mage), [1, 1, 1, 1, 2, 3, 4], PHASE);
    const participants = [solo(ganger), solo(mage)];
    const order = T.initiative.order([crit, fast], participants, PHASE);
    expect(order.order).toEqual(['mage', 'ganger']);
    expect(order.losesTurn).toEqual(['ganger']);
    expect(order.steps.at(-1)?.text).toBe(
      'ganger has one Initiative Pass and loses it to the critical glitch: no action this Combat Turn.',
    );
    expect(T.initiative.order([crit, fast], participants, TOGGLES).losesTurn).toEqual([]);
  });

  it('rejects entries it cannot order', () => {
    const entry = T.initiative.score(solo(ghost), ghostFaces, TOGGLES);
    expectRulesError(
      () => T.initiative.order([entry], [solo(mage)], TOGGLES),
      /belongs to no participant/,
      'unknown-entry',
    );
    expectRulesError(
      () => T.initiative.order([{ ...entry, detail: { ...entry.detail, glitch: 'yes' } }], [solo(ghost)], TOGGLES),
      /Initiative entry ghost: glitch must be true or false, got "yes"/,
    );
    expectRulesError(
      () => T.initiative.order([{ ...entry, memberIds: [] }], [solo(ghost)], TOGGLES),
      /memberIds must be a list of combatant ids/,
    );
    expectRulesError(
      () => T.initiative.order([entry, entry], [solo(ghost)], TOGGLES),
      /Two combatants share the id "ghost"/,
    );
    expectRulesError(() => T.initiative.order([entry], [solo(ghost)], { nonsense: true }), /Unknown rule toggle/);
  });

  describe('buildRound', () => {
    const roll = (toggles = TOGGLES): InitiativeEntry[] => [
      T.initiative.score(solo(ghost), ghostFaces, toggles),
      T.initiative.score(solo(mage), mageFaces, toggles),
      T.initiative.score(solo(ganger), gangerFaces, toggles),
    ];
    const context = (
      combatants: RulesCombatant[],
      entries: InitiativeEntry[],
      toggles = TOGGLES,
      acted: TurnSlot[] = [],
    ): RoundContext => {
      const participants = combatants.map(solo);
      return {
        round: 1,
        combatants,
        participants,
        entries,
        initiative: T.initiative.order(entries, participants, toggles),
        acted,
        toggles,
      };
    };
    const slots = (round: readonly TurnSlot[]) => round.map((s) => `${s.pass}:${s.combatantId}`);
    /** What the tracker walks: the rebuilt round without the slots already taken. */
    const remaining = (ctx: RoundContext) =>
      slots(
        T.buildRound(ctx).filter((s) => !ctx.acted.some((a) => a.combatantId === s.combatantId && a.pass === s.pass)),
      );

    it('runs passes 1–3 in score order, each with those who have that many passes', () => {
      const round = T.buildRound(context([ganger, mage, ghost], roll()));
      expect(slots(round)).toEqual(['1:ghost', '1:mage', '1:ganger', '2:ghost', '2:mage', '3:ghost']);
      expect(round.every((s) => Object.keys(s).length === 2)).toBe(true);
    });

    it('reorders the rest of the turn at once when a wound lowers a score', () => {
      const entries = roll();
      // Ghost acts first in pass 1 and shoots the mage for 9 Physical: wound −3, score 9 → 6.
      const shotMage = hurt(mage, 'physical', 9);
      const acted = [{ combatantId: 'ghost', pass: 1 }];
      expect(remaining(context([ganger, shotMage, ghost], entries, TOGGLES, acted))).toEqual([
        '1:ganger',
        '1:mage',
        '2:ghost',
        '2:mage',
        '3:ghost',
      ]);
      // Healing back restores the rolled order.
      const healed = hurt(shotMage, 'heal-physical', 9);
      expect(slots(T.buildRound(context([ganger, healed, ghost], entries)))).toEqual(
        slots(T.buildRound(context([ganger, mage, ghost], entries))),
      );
    });

    it('does not count a wound twice when it was already there at the roll', () => {
      const woundedMage = hurt(mage, 'physical', 6); // −2 at the roll: 9 − 2 = 7, ties the ganger
      const entries = [
        T.initiative.score(solo(ghost), ghostFaces, TOGGLES),
        T.initiative.score(solo(woundedMage), mageFaces, TOGGLES),
        T.initiative.score(solo(ganger), gangerFaces, TOGGLES),
      ];
      expect(entries[1]?.score).toBe(7);
      const round = T.buildRound(context([ganger, woundedMage, ghost], entries));
      // Tie at 7: the mage's Edge 3 beats the ganger's 2.
      expect(slots(round).slice(0, 3)).toEqual(['1:ghost', '1:mage', '1:ganger']);
    });

    it('drops those who cannot act and those who left', () => {
      const entries = roll();
      const knockedOut = hurt(mage, 'stun', 10);
      expect(slots(T.buildRound(context([ganger, knockedOut, ghost], entries)))).toEqual([
        '1:ghost',
        '1:ganger',
        '2:ghost',
        '3:ghost',
      ]);
      const frozen = { ...ghost, conditionIds: ['paralysed'] };
      expect(slots(T.buildRound(context([ganger, mage, frozen], entries)))).toEqual(['1:mage', '1:ganger', '2:mage']);
      // The mage and the ganger left the encounter after the roll.
      const left: RoundContext = { ...context([ghost, mage, ganger], entries), combatants: [ghost] };
      expect(slots(T.buildRound(left))).toEqual(['1:ghost', '2:ghost', '3:ghost']);
      expect(T.buildRound({ ...left, entries: [], initiative: null })).toEqual([]);
    });

    it('takes the first Action Phase from a critical glitch under the action-phase toggle', () => {
      const crit = T.initiative.score(solo(mage), [1, 1, 1, 1, 2, 3, 4], PHASE);
      const entries = [T.initiative.score(solo(ghost), ghostFaces, PHASE), crit];
      expect(slots(T.buildRound(context([ghost, mage], entries, PHASE)))).toEqual([
        '1:ghost',
        '2:ghost',
        '2:mage',
        '3:ghost',
      ]);
    });

    it('marks the Simple Action a critical glitch costs in pass 1 under the default', () => {
      const crit = T.initiative.score(solo(mage), [1, 1, 1, 1, 2, 3, 4], TOGGLES);
      const entries = [T.initiative.score(solo(ghost), ghostFaces, TOGGLES), crit];
      const round = T.buildRound(context([ghost, mage], entries));
      expect(round.filter((s) => s.combatantId === 'mage')).toEqual([
        { combatantId: 'mage', pass: 1, simpleActionsLost: 1 },
        { combatantId: 'mage', pass: 2 },
      ]);
      expect(JSON.parse(JSON.stringify(round))).toEqual(round);
    });

    it('gives every member of a group a slot with their own wounds and passes', () => {
      const g1 = fighter('g1', { passes: 2 }, undefined, { groupId: 'gangers' });
      const g2 = fighter('g2', { passes: 2 }, undefined, { groupId: 'gangers' });
      const g3 = fighter('g3', { passes: 1 }, undefined, { groupId: 'gangers' });
      const participants = T.initiative.participants([g1, g2, g3, ganger], []);
      const [group, alone] = participants;
      if (!group || !alone) throw new Error('missing participants');
      const entries = [
        T.initiative.score(group, [5, 5, 2, 3, 4, 2], TOGGLES), // 8
        T.initiative.score(alone, [5, 5, 5, 3, 4, 2], TOGGLES), // 9
      ];
      const ctx: RoundContext = {
        round: 2,
        combatants: [g1, g2, g3, ganger],
        participants,
        entries,
        initiative: T.initiative.order(entries, participants, TOGGLES),
        acted: [],
        toggles: TOGGLES,
      };
      expect(slots(T.buildRound(ctx))).toEqual(['1:ganger', '1:g1', '1:g2', '1:g3', '2:g1', '2:g2']);
      const shot = hurt(g1, 'physical', 3); // 8 → 7
      expect(slots(T.buildRound({ ...ctx, combatants: [shot, g2, g3, ganger] }))).toEqual([
        '1:ganger',
        '1:g2',
        '1:g3',
        '1:g1',
        '2:g2',
        '2:g1',
      ]);
    });

    it('rejects bad toggles and bad entries', () => {
      const ctx = context([ghost], roll().slice(0, 1));
      expectRulesError(
        () => T.buildRound({ ...ctx, toggles: { ...TOGGLES, nonsense: true } }),
        /Unknown rule toggle "nonsense"/,
        'unknown-option',
      );
      expectRulesError(
        () => T.buildRound({ ...ctx, entries: [{ ...roll()[0]!, memberIds: 'ghost' as unknown as string[] }] }),
        /memberIds must be a list/,
      );
    });
  });
});

describe('action economy', () => {
  const economy = T.economy(fighter('a'), TOGGLES);

  it('has two Simple slots, one Free Action and one swap per Action Phase', () => {
    expect(economy.resources).toEqual([
      { id: 'simple', label: 'Simple Actions', max: 2, refresh: 'turn' },
      { id: 'free', label: 'Free Action', max: 1, refresh: 'turn' },
      { id: 'swap', label: 'Simple swapped for Free', max: 1, refresh: 'turn' },
    ]);
    const cost = (id: string) => economy.actions.find((a) => a.id === id)?.costs;
    expect(cost('complex')).toEqual({ simple: 2 });
    expect(cost('simple')).toEqual({ simple: 1 });
    expect(cost('free')).toEqual({ free: 1 });
    expect(cost('free-for-simple')).toEqual({ simple: 1, swap: 1 });
    expect(economy.actions.find((a) => a.id === 'full-defense-interrupt')).toMatchObject({
      reaction: true,
      forfeitsNextTurn: true,
    });
    expect(economy.summary).toMatch(/One Complex Action, or two Simple Actions/);
    expect(T.economy(fighter('a'), TOGGLES, { combatantId: 'a', pass: 2 })).toEqual(economy);
    // During someone else's turn (a Full Defense interrupt) the glitched slot is not this character's.
    expect(T.economy(fighter('a'), TOGGLES, { combatantId: 'b', pass: 1, simpleActionsLost: 1 } as TurnSlot)).toEqual(
      economy,
    );
  });

  // The slot buildRound gives pass 1 after a critical glitch on Initiative (default toggle).
  const glitchedSlot = { combatantId: 'a', pass: 1, simpleActionsLost: 1 } as TurnSlot;

  it('shows the Simple Action lost to a critical glitch in that pass', () => {
    const lost = T.economy(fighter('a'), TOGGLES, glitchedSlot);
    expect(lost.resources.find((r) => r.id === 'simple')).toEqual({
      id: 'simple',
      label: 'Simple Actions (1 lost: critical glitch)',
      max: 1,
      refresh: 'turn',
    });
    expect(lost.summary).toMatch(/^Critical glitch on Initiative: one Simple Action fewer/);
  });

  it('allows exactly the mixes the package allows, with and without the lost action', () => {
    for (const [slot, simpleActionsLost] of [
      [undefined, 0],
      [glitchedSlot, 1],
    ] as const) {
      const budget = T.economy(fighter('a'), TOGGLES, slot);
      const fits = (complex: number, simple: number, free: number, swapped: number): boolean => {
        const spent: Record<string, number> = {};
        const take = (id: string, n: number) => {
          for (const [resource, amount] of Object.entries(budget.actions.find((a) => a.id === id)?.costs ?? {}))
            spent[resource] = (spent[resource] ?? 0) + amount * n;
        };
        take('complex', complex);
        take('simple', simple);
        take('free', free - swapped);
        take('free-for-simple', swapped);
        return budget.resources.every((r) => (spent[r.id] ?? 0) <= r.max);
      };
      for (let complex = 0; complex <= 2; complex++)
        for (let simple = 0; simple <= 3; simple++)
          for (let free = 0; free <= 3; free++) {
            const kinds: ActionKind[] = [
              ...Array<ActionKind>(complex).fill('complex'),
              ...Array<ActionKind>(simple).fill('simple'),
              ...Array<ActionKind>(free).fill('free'),
            ];
            let byEconomy = false;
            for (let swapped = 0; swapped <= free; swapped++) byEconomy ||= fits(complex, simple, free, swapped);
            expect(byEconomy, `lost ${simpleActionsLost}: ${complex} complex, ${simple} simple, ${free} free`).toBe(
              checkActionPhase(kinds, simpleActionsLost).allowed,
            );
          }
    }
  });

  it('rejects bad toggles, combatants and slots', () => {
    expectRulesError(() => T.economy(fighter('a'), { glitch: 'sr6' }), /Rule toggle "glitch" cannot be "sr6"/);
    expectRulesError(() => T.economy(null as unknown as RulesCombatant, TOGGLES), /combatant must be an object/);
    expectRulesError(
      () => T.economy(fighter('a'), TOGGLES, { combatantId: 'a', pass: 5 }),
      /Initiative Pass must be between 1 and 4/,
    );
  });
});

describe('stat blocks, health and entries read once', () => {
  it('answers the same when asked again, and follows a new stat block or overflow rule over the same health', () => {
    // Stun 12 over a Willpower 2 track of 9: 3 boxes past it, which the overflow rule turns into Physical.
    const c = fighter('w', { willpower: 2 }, { physical: 0, stun: 12 });
    const first = T.healthView(c, TOGGLES);
    expect(first.tracks[0]).toMatchObject({ current: 7, max: 10 });
    expect(T.healthView(c, TOGGLES)).toEqual(first);
    const twoToOne = resolveToggles(shadowrunToggles, { stunOverflow: '2:1' });
    expect(T.healthView(c, twoToOne).tracks[0]).toMatchObject({ current: 9, max: 10 });
    expect(T.healthView(c, TOGGLES)).toEqual(first);
    // Willpower raised mid-fight (a new stat block, the same health record): the Stun fits its track.
    const raised = { ...c, stats: { ...c.stats, willpower: 8 } };
    expect(T.healthView(raised, TOGGLES).tracks.map((t) => [t.current, t.max])).toEqual([
      [10, 10],
      [0, 12],
    ]);
  });

  it('rejects a bad health record or stat every time, not only the first', () => {
    const bad = fighter('b', {}, { physical: -1, stun: 0 });
    for (let i = 0; i < 2; i++) expectRulesError(() => T.healthView(bad, TOGGLES), /b's Physical boxes/);
    const badStat = fighter('s', { passes: 9 });
    expect(T.healthView(badStat, TOGGLES).canAct).toBe(true); // Passes play no part in health
    // Rolled while the block was good; the bad Passes only matter once the round is built.
    const entries = [T.initiative.score(solo(fighter('s')), [5, 5, 5, 5, 5, 5], TOGGLES)];
    const context = (c: RulesCombatant): RoundContext => ({
      round: 1,
      combatants: [c],
      participants: [solo(c)],
      initiative: null,
      entries,
      acted: [],
      toggles: TOGGLES,
    });
    for (let i = 0; i < 2; i++) expectRulesError(() => T.buildRound(context(badStat)), /s's Initiative Passes/);
  });

  it('rebuilds the round from the same entries after a wound or a departure', () => {
    const a = fighter('a');
    const b = fighter('b');
    const participants = [solo(a), solo(b)];
    // a: 6 hits → 12; b: 4 hits → 10.
    const entries = [
      T.initiative.score(solo(a), [5, 5, 5, 5, 5, 5], TOGGLES),
      T.initiative.score(solo(b), [5, 5, 5, 5, 1, 2], TOGGLES),
    ];
    const initiative = T.initiative.order(entries, participants, TOGGLES);
    const ids = (combatants: RulesCombatant[]) =>
      T.buildRound({ round: 1, combatants, participants, initiative, entries, acted: [], toggles: TOGGLES }).map(
        (s) => s.combatantId,
      );
    expect(ids([a, b])).toEqual(['a', 'b']);
    expect(ids([a, b])).toEqual(['a', 'b']);
    // 9 Stun is −3: a drops to 9, behind b.
    expect(ids([hurt(a, 'stun', 9), b])).toEqual(['b', 'a']);
    expect(ids([b])).toEqual(['b']);
    expect(ids([a, b])).toEqual(['a', 'b']);
  });
});

describe('answers from what was read before equal answers from scratch', () => {
  /** A deep copy: new objects everywhere, so nothing read before is recognised. */
  const cold = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

  it('property: participants, buildRound, healthView and economy, as the fight changes between rebuilds', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            reaction: fc.integer({ min: 1, max: 5 }),
            passes: fc.integer({ min: 1, max: 3 }),
            edge: fc.integer({ min: 0, max: 3 }),
            group: fc.constantFrom(undefined, 'g'),
            faces: fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 8, maxLength: 8 }),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        fc.array(
          fc.record({
            kind: fc.constantFrom('stun', 'physical', 'leave', 'paralyse'),
            who: fc.nat(),
            amount: fc.integer({ min: 1, max: 12 }),
          }),
          {
            maxLength: 5,
          },
        ),
        fc.constantFrom(TOGGLES, PHASE),
        (specs, changes, toggles) => {
          let combatants = specs.map((x, i) =>
            fighter(
              `c${i}`,
              { reaction: x.reaction, intuition: 3, passes: x.passes, edge: x.edge },
              undefined,
              x.group === undefined ? {} : { groupId: x.group },
            ),
          );
          const participants0 = T.initiative.participants(combatants, []);
          const entries = participants0.map((p) => {
            const spec = specs[Number(p.members[0]!.id.slice(1))]!;
            return T.initiative.score(p, spec.faces.slice(0, spec.reaction + 3), toggles);
          });
          const initiative = T.initiative.order(entries, participants0, toggles);
          const check = () => {
            const participants = T.initiative.participants(combatants, []);
            const context: RoundContext = {
              round: 1,
              combatants,
              participants,
              initiative,
              entries,
              acted: [],
              toggles,
            };
            expect(T.buildRound(context)).toEqual(T.buildRound(cold(context)));
            expect(participants.map((p) => p.id)).toEqual(
              T.initiative.participants(cold(combatants), []).map((p) => p.id),
            );
            for (const c of combatants) {
              expect(T.healthView(c, toggles)).toEqual(T.healthView(cold(c), cold(toggles)));
              expect(T.economy(c, toggles)).toEqual(T.economy(cold(c), cold(toggles)));
            }
          };
          check();
          for (const change of changes) {
            const at = change.who % combatants.length;
            const target = combatants[at]!;
            if (change.kind === 'leave') {
              if (combatants.length > 1) combatants = combatants.filter((_, i) => i !== at);
            } else if (change.kind === 'paralyse') {
              combatants = combatants.map((c, i) => (i === at ? { ...c, conditionIds: ['paralysed'] } : c));
            } else if (T.healthView(target, toggles).severity !== 'dead') {
              combatants = combatants.map((c, i) => (i === at ? hurt(c, change.kind, change.amount, toggles) : c));
            }
            check();
          }
        },
      ),
      { numRuns: 120 },
    );
  });
});
