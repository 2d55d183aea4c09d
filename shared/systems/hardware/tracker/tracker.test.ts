import { describe, expect, it } from 'vitest';
import type {
  CheckOutcome,
  EncounterMoment,
  HarmOutcome,
  HealthState,
  InitiativeEntry,
  InitiativeParticipant,
  RoundContext,
  RulesCombatant,
  Stats,
} from '../../../system-kit/tracker-rules';
import { RulesError } from '../../../errors';
import {
  hardwareTracker as T,
  moraleGroupOf,
  moralePromptId,
  readHardwareHealth,
  readHardwareStats,
  type HardwareHealth,
} from '.';

const none = {};
const now: EncounterMoment = { round: 1, activeCombatantId: null, toggles: none };

function combatant(
  id: string,
  kind: 'pc' | 'npc',
  stats: Stats = {},
  side = kind === 'pc' ? 'party' : 'gang',
  groupId?: string,
): RulesCombatant {
  return {
    id,
    name: id,
    kind,
    side,
    ...(groupId === undefined ? {} : { groupId }),
    stats,
    health: T.initialHealth(stats, kind),
    conditionIds: [],
  };
}

function withHealth(c: RulesCombatant, patch: Partial<HardwareHealth>): RulesCombatant {
  return { ...c, health: { ...(c.health as object), ...patch } as HealthState };
}

function withConditions(c: RulesCombatant, ...ids: string[]): RulesCombatant {
  return { ...c, conditionIds: [...c.conditionIds, ...ids] };
}

/** What the tracker does with an outcome: new health, conditions added once, removed ones dropped. */
function after(c: RulesCombatant, out: HarmOutcome | CheckOutcome): RulesCombatant {
  const added = (out.conditions ?? []).map((x) => x.conditionId);
  const ids = [...new Set([...c.conditionIds, ...added])].filter((id) => !(out.removeConditions ?? []).includes(id));
  return { ...c, health: out.health, conditionIds: ids };
}

function round(combatants: RulesCombatant[], patch: Partial<RoundContext> = {}): RoundContext {
  return { round: 1, combatants, participants: [], initiative: null, entries: [], acted: [], toggles: none, ...patch };
}

function health(c: RulesCombatant): HardwareHealth {
  return readHardwareHealth(c);
}

/** Applies harm and returns the combatant as the tracker would keep it. */
function harm(c: RulesCombatant, kind: string, amount: number, location?: string): RulesCombatant {
  return after(c, T.applyHarm(c, { kind, amount, location }, none));
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

function participant(c: RulesCombatant): InitiativeParticipant {
  return { id: c.id, label: c.name, members: [c] };
}

describe('stat block', () => {
  it('lists the Hardware stats with sensible ranges', () => {
    const ids = T.statFields.map((f) => f.id);
    expect(ids).toEqual(['BOD', 'AGL', 'CTR', 'stamina', 'armor', 'buffer', 'weaponDie', 'hardened', 'noAglSave']);
    const bod = T.statFields.find((f) => f.id === 'BOD');
    expect(bod).toMatchObject({ min: 0, max: 20, type: 'number', group: 'attribute' });
    expect(T.statFields.find((f) => f.id === 'armor')).toMatchObject({ min: 0, max: 3 });
    expect(T.statFields.find((f) => f.id === 'hardened')).toMatchObject({ type: 'flag', defaultValue: false });
    expect(T.systemId).toBe('hardware');
  });

  it('accepts a valid or partial block', () => {
    expect(
      T.validateStats({ BOD: 12, AGL: 14, CTR: 8, stamina: 5, armor: 1, buffer: 0, weaponDie: 8, hardened: true }),
    ).toEqual([]);
    expect(T.validateStats({})).toEqual([]);
  });

  it('returns one sentence per problem', () => {
    const problems = T.validateStats({
      BOD: 25,
      AGL: 3.5,
      armor: 4,
      weaponDie: 7,
      hardened: 'yes',
      luck: 3,
    } as unknown as Stats);
    expect(problems).toHaveLength(6);
    expect(problems).toContain('BOD must be between 0 and 20, got 25.');
    expect(problems).toContain('AGL must be a whole number, got 3.5.');
    expect(problems.some((p) => p.includes('cannot have more than 3 Armor'))).toBe(true);
    expect(problems.some((p) => p.startsWith('Weapon die must be a damage die of 4, 6, 8, 10 or 12'))).toBe(true);
    expect(problems).toContain('Hardened must be on or off (true or false), got "yes".');
    expect(problems.some((p) => p.startsWith('"luck" is not a Hardware stat'))).toBe(true);
    expect(T.validateStats(null as unknown as Stats)).toEqual(['The stat block must be an object of stats, got null.']);
  });

  it('derives labelled save chances and damage thresholds', () => {
    const derived = T.derive({ BOD: 10, AGL: 14, CTR: 20, stamina: 4, weaponDie: 8 });
    expect(derived.map((d) => [d.id, d.value])).toEqual([
      ['bodSavePercent', 50],
      ['aglSavePercent', 70],
      ['ctrSavePercent', 95],
      ['actFirstPercent', 70],
      ['damageToReachBod', 5],
      ['damageToKill', 14],
      ['weaponDie', 8],
    ]);
    expect(derived[0]).toMatchObject({ label: 'BOD save %' });
    expect(derived.every((d) => d.label.length > 0 && (d.help ?? '').length > 0)).toBe(true);
    expect(T.derive({ AGL: 5, noAglSave: true }).find((d) => d.id === 'actFirstPercent')?.value).toBe(100);
    expect(rulesError(() => T.derive({ BOD: -1 })).message).toBe('BOD must be between 0 and 20, got -1.');
  });
});

describe('health', () => {
  it('starts at full strength', () => {
    const c = combatant('a', 'pc', { BOD: 12, stamina: 6 });
    expect(health(c)).toMatchObject({ stamina: 6, BOD: 12, AGL: 10, CTR: 10, stabilised: false, pending: [] });
    const view = T.healthView(c, none);
    expect(view).toMatchObject({ stateLabel: 'Unhurt', severity: 'ok', canAct: true });
    expect(view.tracks).toEqual([
      { id: 'stamina', label: 'Stamina', current: 6, max: 6, style: 'bar' },
      { id: 'BOD', label: 'BOD', current: 12, max: 12, style: 'bar' },
      { id: 'AGL', label: 'AGL', current: 10, max: 10, style: 'bar' },
      { id: 'CTR', label: 'CTR', current: 10, max: 10, style: 'bar' },
    ]);
  });

  it('rejects bad stats, kinds and health data', () => {
    expect(rulesError(() => T.initialHealth({ stamina: 100 }, 'pc')).message).toBe(
      'Max Stamina must be between 0 and 99, got 100.',
    );
    expect(rulesError(() => T.initialHealth({}, 'boss' as 'pc')).message).toContain('PC ("pc") or an NPC');
    const broken = { ...combatant('a', 'pc'), health: { stamina: 'lots' } };
    expect(rulesError(() => T.healthView(broken, none)).message).toBe(
      'a\'s health is not Hardware health data: stamina is "lots".',
    );
  });

  it('damage within Stamina only lowers Stamina', () => {
    const c = harm(combatant('a', 'pc', { stamina: 4 }), 'damage', 3);
    expect(health(c)).toMatchObject({ stamina: 1, BOD: 10, pending: [] });
    expect(T.healthView(c, none)).toMatchObject({ stateLabel: 'Hurt', severity: 'hurt', canAct: true });
    expect(T.checksDue(c, now)).toEqual([]);
  });

  it('damage overflow → BOD save → Critical Damage: a PC is Dying with a Wound', () => {
    const pc = combatant('Rook', 'pc', { BOD: 10, stamina: 3 });
    const out = T.applyHarm(pc, { kind: 'damage', amount: 5 }, none);
    const hit = { ...pc, health: out.health };
    expect(health(hit)).toMatchObject({ stamina: 0, BOD: 8 });
    expect(out.steps.map((s) => s.text)).toContain('The remaining 2 comes off BOD: 10 → 8.');
    const due = T.checksDue(hit, now);
    expect(due).toHaveLength(1);
    expect(due[0]).toMatchObject({
      id: 'critical-damage:1',
      combatantId: 'Rook',
      dice: { count: 1, sides: 20 },
      reason: { rule: { section: 'Critical Damage' } },
    });
    expect(T.healthView(hit, none).stateLabel).toBe('Save due');

    const failed = T.resolveCheck(hit, 'critical-damage:1', [9], now, []);
    expect(failed.conditions?.map((c) => c.conditionId)).toEqual(['dying', 'wound']);
    const dying = after(hit, failed);
    expect(T.checksDue(dying, now)).toEqual([]);
    expect(T.healthView(dying, none)).toMatchObject({ stateLabel: 'Dying', severity: 'down', canAct: false });
    expect(T.economy(dying, none).actions.map((a) => a.id)).toEqual(['crawl']);

    const aid = T.applyHarm(dying, { kind: 'stabilise', amount: 0 }, none);
    expect(aid.removeConditions).toEqual(['dying']);
    const stable = after(dying, aid);
    expect(stable.conditionIds).toEqual(['wound']);
    expect(T.healthView(stable, none)).toMatchObject({ stateLabel: 'Stabilised', canAct: true });
    expect(T.healthView(stable, none).markers).toContain('Stabilised after Critical Damage');
    expect(rulesError(() => harm(stable, 'stabilise', 0)).message).toBe(
      'Rook is not Dying: only a Dying PC can be stabilised.',
    );
  });

  it('a held BOD save means no Critical Damage', () => {
    const hit = harm(combatant('a', 'pc', { BOD: 10, stamina: 3 }), 'damage', 5);
    const held = T.resolveCheck(hit, 'critical-damage:1', [8], now, []);
    expect(held.conditions).toBeUndefined();
    expect(held.steps.at(-1)?.text).toBe('The save holds: no Critical Damage.');
    expect(readHardwareHealth({ name: 'a', health: held.health }).pending).toEqual([]);
  });

  it('an NPC failing the Critical Damage save is dead', () => {
    const hit = harm(combatant('thug', 'npc', { BOD: 6, stamina: 2 }), 'damage', 4);
    const out = T.resolveCheck(hit, 'critical-damage:1', [20], now, []);
    const dead = after(hit, out);
    expect(out.conditions).toEqual([]);
    expect(T.healthView(dead, none)).toMatchObject({ stateLabel: 'Dead', severity: 'dead', canAct: false });
    expect(T.economy(dead, none)).toMatchObject({ actions: [], summary: 'Dead: cannot act.' });
  });

  it('BOD 0 is death with no save; later blows ask for nothing', () => {
    const dead = harm(combatant('a', 'pc', { BOD: 3, stamina: 2 }), 'damage', 5);
    expect(T.checksDue(dead, now)).toEqual([]);
    expect(T.healthView(dead, none).severity).toBe('dead');
    const again = T.applyHarm(dead, { kind: 'stress', amount: 9 }, none);
    expect(again.steps.at(-1)?.text).toBe('a is already dead: no save is made.');
    expect(rulesError(() => harm(dead, 'heal-stamina', 2)).message).toBe('a is dead: Stamina cannot be restored.');
  });

  it('stress overflow → CTR save → Critical Stress: a PC is Overloaded with a Strain until it recovers Stamina', () => {
    const hit = harm(combatant('Vex', 'pc', { CTR: 12, stamina: 2 }), 'stress', 4);
    expect(health(hit)).toMatchObject({ stamina: 0, CTR: 10 });
    const out = T.resolveCheck(hit, 'critical-stress:1', [15], now, []);
    expect(out.conditions?.map((c) => c.conditionId)).toEqual(['overloaded', 'strain']);
    const over = after(hit, out);
    expect(T.healthView(over, none)).toMatchObject({ stateLabel: 'Overloaded', canAct: true });
    expect(T.economy(over, none).summary).toContain('Overloaded');
    const healed = T.applyHarm(over, { kind: 'heal-stamina', amount: 5 }, none);
    expect(healed.removeConditions).toEqual(['overloaded']);
    expect(readHardwareHealth({ name: 'Vex', health: healed.health })).toMatchObject({ stamina: 2 });
    expect(healed.steps.map((s) => s.text)).toEqual([
      'Vex recovers Stamina: 0 → 2 (maximum 2).',
      'Vex recovered Stamina and is no longer Overloaded.',
    ]);
    const rested = after(over, healed);
    expect(rested.conditionIds).toEqual(['strain']);
    expect(T.healthView(rested, none).stateLabel).not.toBe('Overloaded');
    // Healing that recovers nothing (already full) ends nothing.
    expect(T.applyHarm(rested, { kind: 'heal-stamina', amount: 1 }, none).removeConditions).toBeUndefined();
  });

  it('GM-applied conditions count: paralysed, breakdown and dying stop the turn', () => {
    const pc = combatant('a', 'pc', { AGL: 12 });
    const para = withConditions(pc, 'paralysed');
    expect(T.healthView(para, none)).toMatchObject({ stateLabel: 'Paralysed', severity: 'down', canAct: false });
    expect(T.economy(para, none)).toMatchObject({ actions: [], summary: 'Paralysed: cannot act.' });
    expect(T.healthView(withConditions(pc, 'breakdown'), none).canAct).toBe(false);

    const dying = withConditions(pc, 'dying');
    expect(T.healthView(dying, none)).toMatchObject({ stateLabel: 'Dying', canAct: false });
    expect(T.economy(dying, none).actions.map((a) => a.id)).toEqual(['crawl']);
    // Dying and paralysed: not even a crawl.
    expect(T.economy(withConditions(dying, 'paralysed'), none).actions).toEqual([]);
    // A GM-applied Dying can be stabilised like one from Critical Damage.
    expect(harm(dying, 'stabilise', 0).conditionIds).toEqual([]);

    const over = withConditions(pc, 'overloaded');
    expect(T.healthView(over, none)).toMatchObject({ stateLabel: 'Overloaded', severity: 'hurt', canAct: true });
    // Conditions the rules do not know (custom GM notes) change nothing.
    expect(T.healthView(withConditions(pc, 'on-fire'), none)).toMatchObject({ stateLabel: 'Unhurt', canAct: true });
    expect(rulesError(() => T.healthView({ ...pc, conditionIds: 'dying' as unknown as string[] }, none)).message).toBe(
      'a\'s conditions must be a list of condition ids, got "dying".',
    );
  });

  it('an NPC failing the Critical Stress save owes a morale check', () => {
    const hit = harm(combatant('drone', 'npc', { CTR: 8, stamina: 1 }), 'stress', 3);
    const out = T.resolveCheck(hit, 'critical-stress:1', [19], now, []);
    const shaken = after(hit, out);
    const due = T.checksDue(shaken, now);
    expect(due.map((d) => d.id)).toEqual(['npc-morale:2']);
    const broke = T.resolveCheck(shaken, 'npc-morale:2', [12], now, []);
    expect(broke.conditions?.[0]).toMatchObject({ conditionId: 'morale-broken' });
    expect(readHardwareHealth({ name: 'drone', health: broke.health }).pending).toEqual([]);
  });

  it('attribute loss outside combat: AGL 0 paralyses, CTR 0 is a breakdown', () => {
    const pc = combatant('a', 'pc', { AGL: 4, CTR: 3 });
    const para = harm(pc, 'attribute', 4, 'AGL');
    expect(T.healthView(para, none)).toMatchObject({ stateLabel: 'Paralysed', severity: 'down', canAct: false });
    const both = harm(para, 'attribute', 5, 'CTR');
    expect(T.healthView(both, none).stateLabel).toBe('Paralysed, Breakdown');
    expect(rulesError(() => harm(pc, 'attribute', 1)).message).toBe(
      'Attribute loss must name BOD, AGL or CTR as its location, got nothing.',
    );
  });

  it('CTR 0 makes a pending CTR save moot; BOD 0 ends every pending check', () => {
    const hit = harm(combatant('a', 'pc', { CTR: 5, BOD: 5, stamina: 1 }), 'stress', 3);
    const bothPending = harm(hit, 'damage', 2);
    expect(T.checksDue(bothPending, now).map((c) => c.id)).toEqual(['critical-stress:1', 'critical-damage:2']);
    const broken = harm(bothPending, 'attribute', 9, 'CTR');
    expect(T.checksDue(broken, now).map((c) => c.id)).toEqual(['critical-damage:2']);
  });

  it('shred lowers Armor, never below 0', () => {
    const c = harm(combatant('a', 'npc', { armor: 1 }), 'shred', 2);
    expect(health(c).armorLost).toBe(1);
    expect(T.healthView(c, none).modifiers).toContain('Armor 0 (1, 1 shredded)');
  });

  it('shows modifiers for Buffer and Hardened', () => {
    const c = combatant('tank', 'npc', { buffer: 2, armor: 3, hardened: true });
    expect(T.healthView(c, none).modifiers).toEqual([
      'Armor 3',
      'Buffer 2',
      'Hardened: attacks affected by Armor against it are Impaired (d4).',
    ]);
  });

  it('rejects bad harm with a clear message', () => {
    const c = combatant('a', 'pc');
    expect(rulesError(() => harm(c, 'fire', 2)).message).toBe(
      'Unknown harm "fire"; Hardware takes damage, stress, attribute, shred, heal-stamina, stabilise.',
    );
    expect(rulesError(() => harm(c, 'damage', -1)).message).toBe('damage must be between 0 and 999, got -1.');
    expect(rulesError(() => harm(c, 'damage', 2, 'head')).message).toBe(
      'Damage (after Cover and Armor) takes no location; Hardware has no hit locations.',
    );
    expect(rulesError(() => harm(c, 'shred', 5)).code).toBe('out-of-range');
    expect(T.harmKinds.filter((k) => k.healing).map((k) => k.id)).toEqual(['heal-stamina', 'stabilise']);
  });

  it('rejects unknown checks and bad faces', () => {
    const hit = harm(combatant('a', 'pc', { BOD: 10, stamina: 0 }), 'damage', 1);
    expect(rulesError(() => T.resolveCheck(hit, 'nope', [3], now, []))).toMatchObject({
      code: 'unknown-entry',
      message: 'No check "nope" is due for a; due: critical-damage:1.',
    });
    expect(rulesError(() => T.resolveCheck(hit, 'critical-damage:1', [21], now, [])).code).toBe('invalid-face');
    expect(rulesError(() => T.resolveCheck(hit, 'critical-damage:1', [], now, [])).message).toContain('rolls one d20');
  });
});

describe('conditions', () => {
  it('names the seed conditions; Aiming lasts until removed', () => {
    const ids = T.conditions.map((c) => c.id);
    for (const id of ['dying', 'wound', 'overloaded', 'strain', 'paralysed', 'aiming', 'impaired', 'hardened']) {
      expect(ids).toContain(id);
    }
    expect(T.conditions.find((c) => c.id === 'aiming')?.defaultRounds).toBeUndefined();
  });
});

describe('initiative and rounds', () => {
  const ana = combatant('ana', 'pc', { AGL: 12 });
  const bo = combatant('bo', 'pc', { AGL: 8 });
  const cy = combatant('cy', 'pc', { AGL: 6, noAglSave: true });
  const g1 = combatant('g1', 'npc');
  const g2 = combatant('g2', 'npc');

  it('only PCs take part, one d20 each, rerolled each round', () => {
    expect(T.initiative.scope).toBe('combatant');
    expect(T.initiative.rerollEachRound).toBe(true);
    const sides = [
      { id: 'party', name: 'Party' },
      { id: 'gang', name: 'Gang' },
    ];
    const parts = T.initiative.participants([g1, ana, g2, bo], sides);
    expect(parts).toEqual([
      { id: 'ana', label: 'ana', members: [ana] },
      { id: 'bo', label: 'bo', members: [bo] },
    ]);
    expect(T.initiative.participants([g1, g2], sides)).toEqual([]);
    expect(rulesError(() => T.initiative.participants([ana, ana], sides)).message).toBe(
      'Combatant "ana" is listed twice.',
    );
    expect(T.initiative.dice(participant(ana), none)).toEqual({ count: 1, sides: 20 });
    expect(T.initiative.dice(participant(cy), none)).toEqual({ count: 0, sides: 20 });
  });

  it('a round with one PC failing the AGL save', () => {
    const pcs = T.initiative.participants([ana, bo, cy, g1], []);
    const entries: InitiativeEntry[] = [
      T.initiative.score(pcs[1]!, [9], none),
      T.initiative.score(pcs[0]!, [10], none),
      T.initiative.score(pcs[2]!, [], none),
    ];
    expect(entries[0]).toMatchObject({
      memberIds: ['bo'],
      score: 0,
      display: 'Loses turn',
      detail: { actsFirst: false, reason: 'save-failed', kept: 9 },
    });
    expect(entries[1]).toMatchObject({ memberIds: ['ana'], score: 1, display: 'Acts first' });
    expect(entries[2]).toMatchObject({ memberIds: ['cy'], score: 1, display: 'No save needed', faces: [] });
    const order = T.initiative.order(entries, pcs, none);
    expect(order.order).toEqual(['ana', 'cy']);
    expect(order.losesTurn).toEqual(['bo']);
    expect(order.steps.at(-1)?.text).toContain('Then the opponents take their turn');
    const dead = withHealth(g2, { BOD: 0 });
    const context = round([g1, ana, bo, dead, cy], { participants: pcs, initiative: order, entries });
    expect(T.buildRound(context)).toEqual([
      { combatantId: 'ana', pass: 1 },
      { combatantId: 'cy', pass: 1 },
      { combatantId: 'g1', pass: 1 },
    ]);
    // Rebuilt after ana's turn (say g1 went down meanwhile): the round continues where it was.
    const rebuilt = T.buildRound({
      ...context,
      combatants: [withHealth(g1, { BOD: 0 }), ana, bo, dead, cy],
      acted: [{ combatantId: 'ana', pass: 1 }],
    });
    expect(rebuilt).toEqual([{ combatantId: 'cy', pass: 1 }]);
  });

  it('a paralysed or downed PC makes no save and loses the turn', () => {
    const para = withHealth(ana, { AGL: 0 });
    const dying = withConditions(bo, 'dying');
    expect(T.initiative.dice(participant(para), none).count).toBe(0);
    expect(T.initiative.dice(participant(dying), none).count).toBe(0);
    const p = T.initiative.score(participant(para), [], none);
    expect(p).toMatchObject({ display: 'Cannot act', detail: { actsFirst: false, reason: 'paralysed' } });
    const d = T.initiative.score(participant(dying), [], none);
    expect(d).toMatchObject({ display: 'Cannot act', detail: { actsFirst: false, reason: 'cannot-act' } });
    expect(rulesError(() => T.initiative.score(participant(dying), [4], none)).message).toBe(
      'bo cannot act (Dying): make no AGL save.',
    );
    const order = T.initiative.order([p, d], [participant(para), participant(dying)], none);
    expect(order).toMatchObject({ order: [], losesTurn: ['ana', 'bo'] });
  });

  it('a GM-applied paralysis stops even a PC who needs no save', () => {
    const held = withConditions(cy, 'paralysed');
    expect(T.initiative.dice(participant(held), none).count).toBe(0);
    const e = T.initiative.score(participant(held), [], none);
    expect(e).toMatchObject({ score: 0, display: 'Cannot act', detail: { reason: 'cannot-act' } });
    const order = T.initiative.order([e], [participant(held)], none);
    expect(order).toMatchObject({ order: [], losesTurn: ['cy'] });
    // Paralysed after the save: the rebuilt round skips it; a paralysed NPC gets no turn either.
    const acted = T.initiative.order([T.initiative.score(participant(cy), [], none)], [participant(cy)], none);
    expect(
      T.buildRound(round([held, withConditions(g1, 'paralysed'), g2], { initiative: acted, participants: [] })),
    ).toEqual([{ combatantId: 'g2', pass: 1 }]);
  });

  it('a PC downed after its save does not block the next PC’s save', () => {
    const early = T.initiative.score(participant(ana), [3], none);
    const later = T.initiative.score(participant(bo), [2], none);
    const order = T.initiative.order(
      [early, later],
      [participant(withConditions(ana, 'paralysed')), participant(bo)],
      none,
    );
    expect(order).toMatchObject({ order: ['bo'], losesTurn: ['ana'] });
  });

  it('rejects NPC participants, wrong faces and incomplete rolls', () => {
    expect(rulesError(() => T.initiative.dice(participant(g1), none)).message).toBe(
      'g1 is an NPC: NPCs make no AGL save in Hardware; they act after the PCs.',
    );
    expect(rulesError(() => T.initiative.score(participant(ana), [], none)).message).toBe(
      'ana needs an AGL save roll.',
    );
    expect(rulesError(() => T.initiative.score(participant(ana), [0], none)).code).toBe('invalid-face');
    expect(rulesError(() => T.initiative.score(participant(cy), [4], none)).message).toBe(
      'cy makes no AGL save (acts first without one); remove the roll.',
    );
    const e = T.initiative.score(participant(ana), [3], none);
    expect(rulesError(() => T.initiative.order([e], [participant(ana), participant(bo)], none)).message).toBe(
      'bo has not made the AGL save for this round yet.',
    );
    expect(rulesError(() => T.initiative.order([e, e], [participant(ana)], none)).message).toBe(
      '"ana" has two AGL saves this round.',
    );
    expect(rulesError(() => T.initiative.order([e], [participant(bo)], none)).code).toBe('unknown-entry');
  });

  it('buildRound needs the saves when a PC can act, and checks the order', () => {
    expect(rulesError(() => T.buildRound(round([ana, g1], { round: 2 }))).message).toBe(
      'Round 2: the PCs have not made their AGL saves yet.',
    );
    expect(T.buildRound(round([g1, g2]))).toEqual([
      { combatantId: 'g1', pass: 1 },
      { combatantId: 'g2', pass: 1 },
    ]);
    const bad = { order: ['g1'], losesTurn: [], steps: [] };
    expect(rulesError(() => T.buildRound(round([g1], { initiative: bad }))).message).toBe(
      'g1 is an NPC: only PCs save AGL to act first.',
    );
  });
});

describe('economy', () => {
  it('move plus one action, which may be a second move', () => {
    const e = T.economy(combatant('a', 'pc'), none, { combatantId: 'a', pass: 1 });
    expect(e.resources).toEqual([
      { id: 'move', label: 'Move', max: 1, refresh: 'turn' },
      { id: 'action', label: 'Action', max: 1, refresh: 'turn' },
    ]);
    expect(e.actions.map((a) => [a.label, a.costs])).toEqual([
      ['Move (10 m)', { move: 1 }],
      ['Attack / action', { action: 1 }],
      ['Second move', { action: 1 }],
    ]);
    expect(T.economy(combatant('a', 'pc'), none)).toEqual(e);
  });
});

describe('morale prompts', () => {
  const gang = ['g1', 'g2', 'g3', 'g4'].map((id) => combatant(id, 'npc', { CTR: 7 }));
  const down = (c: RulesCombatant) => withHealth(c, { BOD: 0 });

  it('nothing before the first casualty', () => {
    expect(T.encounterPrompts([combatant('pc', 'pc'), ...gang], [])).toEqual([]);
  });

  it('first casualty, then half strength, each once', () => {
    const one = [down(gang[0]!), gang[1]!, gang[2]!, gang[3]!];
    const first = T.encounterPrompts(one, []);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({
      id: 'morale:side:gang:first-casualty',
      combatantId: 'g2',
      label: 'Morale: the ungrouped gang NPCs save CTR (g2 rolls for the group)',
      dice: { count: 1, sides: 20 },
    });
    expect(first[0]!.reason.rule).toEqual({ section: 'Morale', source: 'book' });
    expect(T.encounterPrompts(one, ['morale:side:gang:first-casualty'])).toEqual([]);

    const two = [down(gang[0]!), down(gang[1]!), gang[2]!, gang[3]!];
    const half = T.encounterPrompts(two, ['morale:side:gang:first-casualty']);
    expect(half.map((p) => p.id)).toEqual(['morale:side:gang:half-strength']);
    expect(half[0]!.combatantId).toBe('g3');
    expect(T.encounterPrompts(two, ['morale:side:gang:first-casualty', 'morale:side:gang:half-strength'])).toEqual([]);
  });

  it('a GM-applied paralysis or Dying is a casualty too', () => {
    const one = [withConditions(gang[0]!, 'paralysed'), gang[1]!, gang[2]!, gang[3]!];
    expect(T.encounterPrompts(one, []).map((p) => p.id)).toEqual(['morale:side:gang:first-casualty']);
  });

  it('both at once are one save with a combined id, per side', () => {
    const pair = [down(combatant('d1', 'npc', {}, 'drones')), combatant('d2', 'npc', {}, 'drones')];
    const prompts = T.encounterPrompts([...gang, ...pair], []);
    expect(prompts.map((p) => p.id)).toEqual([moralePromptId('side:drones', ['first-casualty', 'half-strength'])]);
    expect(prompts[0]!.id).toBe('morale:side:drones:first-casualty+half-strength');
    expect(T.encounterPrompts([...gang, ...pair], ['morale:side:drones:first-casualty+half-strength'])).toEqual([]);
  });

  it('NPCs sharing a groupId are one group; the rest of their side is another', () => {
    const snipers = ['s1', 's2'].map((id) => combatant(id, 'npc', { CTR: 9 }, 'gang', 'roof'));
    expect(moraleGroupOf(snipers[0]!)).toEqual({ key: 'group:roof', label: 'group "roof"' });
    // A sniper down: the snipers check (half strength too), the ungrouped gang does not.
    const prompts = T.encounterPrompts([...gang, down(snipers[0]!), snipers[1]!], []);
    expect(prompts).toHaveLength(1);
    expect(prompts[0]).toMatchObject({
      id: 'morale:group:roof:first-casualty+half-strength',
      combatantId: 's2',
      label: 'Morale: group "roof" save CTR (s2 rolls for the group)',
    });
    // A group id that looks like a side never collides with that side's prompts.
    const odd = combatant('x1', 'npc', {}, 'gang', 'gang');
    expect(
      T.encounterPrompts([down(gang[0]!), gang[1]!, gang[2]!, gang[3]!, odd], ['morale:side:gang:first-casualty']).map(
        (p) => p.id,
      ),
    ).toEqual([]);
    expect(T.encounterPrompts([down(odd), combatant('x2', 'npc', {}, 'gang', 'gang')], []).map((p) => p.id)).toEqual([
      'morale:group:gang:first-casualty+half-strength',
    ]);
  });

  it('resolves a group morale save with the leader’s CTR; a failure breaks the whole group', () => {
    const everyone = [down(gang[0]!), gang[1]!, withConditions(gang[2]!, 'morale-broken'), gang[3]!];
    const leader = gang[1]!;
    const holds = T.resolveCheck(leader, 'morale:side:gang:first-casualty', [7], now, everyone);
    expect(holds.conditions).toEqual([]);
    expect(holds.others).toBeUndefined();
    const breaks = T.resolveCheck(leader, 'morale:side:gang:first-casualty', [8], now, everyone);
    expect(breaks.conditions?.[0]).toMatchObject({
      conditionId: 'morale-broken',
      note: "The ungrouped gang NPCs flee or surrender (Admin's call).",
    });
    // g1 is dead, g3 already broken, g2 is the roller: only g4 is added.
    expect(breaks.others?.map((o) => [o.combatantId, o.conditions.map((c) => c.conditionId)])).toEqual([
      ['g4', ['morale-broken']],
    ]);
    // A grouped NPC's failure stays within its group.
    const roof = combatant('s1', 'npc', { CTR: 9 }, 'gang', 'roof');
    const out = T.resolveCheck(roof, 'morale:group:roof:first-casualty', [15], now, [...gang, roof]);
    expect(out.others).toEqual([]);

    expect(rulesError(() => T.resolveCheck(leader, 'morale:side:drones:first-casualty', [3], now, [])).code).toBe(
      'unknown-entry',
    );
    expect(rulesError(() => T.resolveCheck(roof, 'morale:side:gang:first-casualty', [3], now, [])).message).toBe(
      '"morale:side:gang:first-casualty" is not a morale check of s1\'s group (group "roof").',
    );
    expect(
      rulesError(() => T.resolveCheck(combatant('p', 'pc'), 'morale:side:party:first-casualty', [3], now, [])).message,
    ).toBe('p is a PC: only NPC groups check morale.');
    expect(rulesError(() => T.encounterPrompts(gang, 'x' as unknown as string[])).message).toBe(
      'alreadyPrompted must be a list of prompt ids.',
    );
  });

  it('once every standing member has broken, no further prompt', () => {
    const broken = gang.slice(1).map((c) => withConditions(c, 'morale-broken'));
    expect(T.encounterPrompts([down(gang[0]!), ...broken], [])).toEqual([]);
  });
});

describe('stat blocks and health read once', () => {
  it('answers the same when asked again, and follows a new stat block over the same health', () => {
    const c = harm(combatant('a', 'npc', { stamina: 4 }), 'damage', 2);
    const first = T.healthView(c, none);
    expect(first.tracks[0]).toMatchObject({ current: 2, max: 4 });
    expect(T.healthView(c, none)).toEqual(first);
    // Max Stamina edited mid-fight: a new stat block over the same health record.
    const bigger = { ...c, stats: { ...c.stats, stamina: 6 } };
    expect(T.healthView(bigger, none).tracks[0]).toMatchObject({ current: 2, max: 6 });
    expect(readHardwareStats(bigger.stats).stamina).toBe(6);
    expect(T.healthView(c, none)).toEqual(first);
  });

  it('rejects a bad health record or stat block every time, not only the first', () => {
    const bad = withHealth(combatant('b', 'npc'), { stamina: -1 });
    for (let i = 0; i < 2; i++) {
      expect(rulesError(() => T.healthView(bad, none)).message).toBe(
        "b's health is not Hardware health data: stamina is -1.",
      );
    }
    const badStats = { ...combatant('s', 'npc'), stats: { BOD: 30 } };
    for (let i = 0; i < 2; i++) expect(rulesError(() => T.economy(badStats, none)).message).toMatch(/BOD/);
  });

  it('drops turns already taken from a rebuilt round, matching combatant and pass', () => {
    const [a, b, c] = ['a', 'b', 'c'].map((id) => combatant(id, 'npc'));
    const acted = [
      { combatantId: 'b', pass: 1 },
      { combatantId: 'c', pass: 2 },
    ];
    expect(T.buildRound(round([a!, b!, c!], { acted })).map((s) => s.combatantId)).toEqual(['a', 'c']);
  });

  it('keeps the prompts of a group whose id has ":" in it apart from a group named by its start', () => {
    const down = (c: RulesCombatant) => withHealth(c, { BOD: 0 });
    const squad = ['q1', 'q2'].map((id) => combatant(id, 'npc', {}, 'gang', 'a:b'));
    const other = ['r1', 'r2'].map((id) => combatant(id, 'npc', {}, 'gang', 'a'));
    const everyone = [down(squad[0]!), squad[1]!, down(other[0]!), other[1]!];
    const both = ['morale:group:a:b:first-casualty+half-strength', 'morale:group:a:first-casualty+half-strength'];
    expect(T.encounterPrompts(everyone, []).map((p) => p.id)).toEqual(both);
    expect(T.encounterPrompts(everyone, [both[0]!]).map((p) => p.id)).toEqual([both[1]]);
    expect(
      T.encounterPrompts(everyone, ['morale:group:a:first-casualty', 'morale:group:a:half-strength']).map((p) => p.id),
    ).toEqual([both[0]]);
    expect(T.encounterPrompts(everyone, ['morale:group:a:b:half-strength']).map((p) => p.id)).toEqual([
      'morale:group:a:b:first-casualty',
      both[1],
    ]);
  });
});
