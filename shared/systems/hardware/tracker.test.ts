import { describe, expect, it } from 'vitest';
import type {
  HealthState,
  InitiativeEntry,
  InitiativeParticipant,
  RulesCombatant,
  Stats,
} from '../../encounter/tracker-rules';
import { RulesError } from '../../errors';
import { hardwareTracker as T, moralePromptId, readHardwareHealth, type HardwareHealth } from './tracker';

const none = {};

function combatant(
  id: string,
  kind: 'pc' | 'npc',
  stats: Stats = {},
  side = kind === 'pc' ? 'party' : 'gang',
): RulesCombatant {
  return { id, name: id, kind, side, stats, health: T.initialHealth(stats, kind) };
}

function withHealth(c: RulesCombatant, patch: Partial<HardwareHealth>): RulesCombatant {
  return { ...c, health: { ...(c.health as object), ...patch } as HealthState };
}

function health(c: RulesCombatant): HardwareHealth {
  return readHardwareHealth(c);
}

/** Applies harm and returns the combatant with its new health. */
function harm(c: RulesCombatant, kind: string, amount: number, location?: string): RulesCombatant {
  return { ...c, health: T.applyHarm(c, { kind, amount, location }, none).health };
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

  it('derives save chances and damage thresholds', () => {
    expect(T.derive({ BOD: 10, AGL: 14, CTR: 20, stamina: 4, weaponDie: 8 })).toEqual({
      bodSavePercent: 50,
      aglSavePercent: 70,
      ctrSavePercent: 95,
      actFirstPercent: 70,
      damageToReachBod: 5,
      damageToKill: 14,
      weaponDie: 8,
    });
    expect(T.derive({ AGL: 5, noAglSave: true }).actFirstPercent).toBe(100);
    expect(rulesError(() => T.derive({ BOD: -1 })).message).toBe('BOD must be between 0 and 20, got -1.');
  });
});

describe('health', () => {
  it('starts at full strength', () => {
    const c = combatant('a', 'pc', { BOD: 12, stamina: 6 });
    expect(health(c)).toMatchObject({ stamina: 6, BOD: 12, AGL: 10, CTR: 10, dying: false, pending: [] });
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
    expect(T.checksDue(c, none)).toEqual([]);
  });

  it('damage overflow → BOD save → Critical Damage: a PC is Dying with a Wound', () => {
    const pc = combatant('Rook', 'pc', { BOD: 10, stamina: 3 });
    const out = T.applyHarm(pc, { kind: 'damage', amount: 5 }, none);
    const hit = { ...pc, health: out.health };
    expect(health(hit)).toMatchObject({ stamina: 0, BOD: 8 });
    expect(out.steps.map((s) => s.text)).toContain('The remaining 2 comes off BOD: 10 → 8.');
    const due = T.checksDue(hit, none);
    expect(due).toHaveLength(1);
    expect(due[0]).toMatchObject({
      id: 'critical-damage:1',
      combatantId: 'Rook',
      dice: { count: 1, sides: 20 },
      reason: { rule: { section: 'Critical Damage' } },
    });
    expect(T.healthView(hit, none).stateLabel).toBe('Save due');

    const failed = T.resolveCheck(hit, 'critical-damage:1', [9], none);
    expect(failed.conditions?.map((c) => c.conditionId)).toEqual(['dying', 'wound']);
    const dying = { ...hit, health: failed.health };
    expect(T.checksDue(dying, none)).toEqual([]);
    expect(T.healthView(dying, none)).toMatchObject({ stateLabel: 'Dying', severity: 'down', canAct: false });
    expect(T.economy(dying, none).actions.map((a) => a.id)).toEqual(['crawl']);

    const stable = harm(dying, 'stabilise', 0);
    expect(T.healthView(stable, none)).toMatchObject({ stateLabel: 'Stabilised', canAct: true });
    expect(rulesError(() => harm(stable, 'stabilise', 0)).message).toBe(
      'Rook is not Dying: only a Dying PC can be stabilised.',
    );
  });

  it('a held BOD save means no Critical Damage', () => {
    const hit = harm(combatant('a', 'pc', { BOD: 10, stamina: 3 }), 'damage', 5);
    const held = T.resolveCheck(hit, 'critical-damage:1', [8], none);
    expect(held.conditions).toBeUndefined();
    expect(held.steps.at(-1)?.text).toBe('The save holds: no Critical Damage.');
    expect(readHardwareHealth({ name: 'a', health: held.health }).pending).toEqual([]);
  });

  it('an NPC failing the Critical Damage save is dead', () => {
    const hit = harm(combatant('thug', 'npc', { BOD: 6, stamina: 2 }), 'damage', 4);
    const out = T.resolveCheck(hit, 'critical-damage:1', [20], none);
    const dead = { ...hit, health: out.health };
    expect(out.conditions).toEqual([]);
    expect(T.healthView(dead, none)).toMatchObject({ stateLabel: 'Dead', severity: 'dead', canAct: false });
    expect(T.economy(dead, none)).toMatchObject({ actions: [], summary: 'Dead: cannot act.' });
  });

  it('BOD 0 is death with no save; later blows ask for nothing', () => {
    const dead = harm(combatant('a', 'pc', { BOD: 3, stamina: 2 }), 'damage', 5);
    expect(T.checksDue(dead, none)).toEqual([]);
    expect(T.healthView(dead, none).severity).toBe('dead');
    const again = T.applyHarm(dead, { kind: 'stress', amount: 9 }, none);
    expect(again.steps.at(-1)?.text).toBe('a is already dead: no save is made.');
    expect(rulesError(() => harm(dead, 'heal-stamina', 2)).message).toBe('a is dead: Stamina cannot be restored.');
  });

  it('stress overflow → CTR save → Critical Stress: a PC is Overloaded with a Strain until it recovers Stamina', () => {
    const hit = harm(combatant('Vex', 'pc', { CTR: 12, stamina: 2 }), 'stress', 4);
    expect(health(hit)).toMatchObject({ stamina: 0, CTR: 10 });
    const out = T.resolveCheck(hit, 'critical-stress:1', [15], none);
    expect(out.conditions?.map((c) => c.conditionId)).toEqual(['overloaded', 'strain']);
    const over = { ...hit, health: out.health };
    expect(T.healthView(over, none)).toMatchObject({ stateLabel: 'Overloaded', canAct: true });
    expect(T.economy(over, none).summary).toContain('Overloaded');
    const healed = T.applyHarm(over, { kind: 'heal-stamina', amount: 5 }, none);
    expect(readHardwareHealth({ name: 'Vex', health: healed.health })).toMatchObject({ stamina: 2, overloaded: false });
    expect(healed.steps.map((s) => s.text)).toEqual([
      'Vex recovers Stamina: 0 → 2 (maximum 2).',
      'Vex recovered Stamina and is no longer Overloaded.',
    ]);
  });

  it('an NPC failing the Critical Stress save owes a morale check', () => {
    const hit = harm(combatant('drone', 'npc', { CTR: 8, stamina: 1 }), 'stress', 3);
    const out = T.resolveCheck(hit, 'critical-stress:1', [19], none);
    const shaken = { ...hit, health: out.health };
    const due = T.checksDue(shaken, none);
    expect(due.map((d) => d.id)).toEqual(['npc-morale:2']);
    const broke = T.resolveCheck(shaken, 'npc-morale:2', [12], none);
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
    expect(T.checksDue(bothPending, none).map((c) => c.id)).toEqual(['critical-stress:1', 'critical-damage:2']);
    const broken = harm(bothPending, 'attribute', 9, 'CTR');
    expect(T.checksDue(broken, none).map((c) => c.id)).toEqual(['critical-damage:2']);
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
    expect(rulesError(() => T.resolveCheck(hit, 'nope', [3], none))).toMatchObject({
      code: 'unknown-entry',
      message: 'No check "nope" is due for a; due: critical-damage:1.',
    });
    expect(rulesError(() => T.resolveCheck(hit, 'critical-damage:1', [21], none)).code).toBe('invalid-face');
    expect(rulesError(() => T.resolveCheck(hit, 'critical-damage:1', [], none)).message).toContain('rolls one d20');
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

  it('rerolls each round, one d20 per PC', () => {
    expect(T.initiative.scope).toBe('combatant');
    expect(T.initiative.rerollEachRound).toBe(true);
    expect(T.initiative.dice(participant(ana), none)).toEqual({ count: 1, sides: 20 });
    expect(T.initiative.dice(participant(cy), none)).toEqual({ count: 0, sides: 20 });
  });

  it('a round with one PC failing the AGL save', () => {
    const pcs = [ana, bo, cy].map(participant);
    const entries: InitiativeEntry[] = [
      T.initiative.score(pcs[1]!, [9], none),
      T.initiative.score(pcs[0]!, [10], none),
      T.initiative.score(pcs[2]!, [], none),
    ];
    expect(entries[0]).toMatchObject({ score: 0, detail: { actsFirst: false, reason: 'save-failed', kept: 9 } });
    const order = T.initiative.order(entries, pcs);
    expect(order.order).toEqual(['ana', 'cy']);
    expect(order.losesTurn).toEqual(['bo']);
    expect(order.steps.at(-1)?.text).toContain('Then the opponents take their turn');
    const dead = withHealth(g2, { BOD: 0 });
    const slots = T.buildRound({
      round: 1,
      combatants: [g1, ana, bo, dead, cy],
      initiative: order,
      entries,
      toggles: none,
    });
    expect(slots).toEqual([
      { combatantId: 'ana', pass: 1 },
      { combatantId: 'cy', pass: 1 },
      { combatantId: 'g1', pass: 1 },
    ]);
  });

  it('a paralysed or downed PC makes no save and loses the turn', () => {
    const para = withHealth(ana, { AGL: 0 });
    const dying = withHealth(bo, { dying: true });
    expect(T.initiative.dice(participant(para), none).count).toBe(0);
    const p = T.initiative.score(participant(para), [], none);
    expect(p.detail).toMatchObject({ actsFirst: false, reason: 'paralysed' });
    const d = T.initiative.score(participant(dying), [], none);
    expect(d.detail).toMatchObject({ actsFirst: false, reason: 'cannot-act' });
    const order = T.initiative.order([p, d], [participant(para), participant(dying)]);
    expect(order).toMatchObject({ order: [], losesTurn: ['ana', 'bo'] });
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
    expect(rulesError(() => T.initiative.order([e], [participant(ana), participant(bo)])).message).toBe(
      'bo has not made the AGL save for this round yet.',
    );
    expect(rulesError(() => T.initiative.order([e, e], [participant(ana)])).message).toBe(
      '"ana" has two AGL saves this round.',
    );
    expect(rulesError(() => T.initiative.order([e], [participant(bo)])).code).toBe('unknown-entry');
  });

  it('buildRound needs the saves when a PC can act, and checks the order', () => {
    expect(
      rulesError(() => T.buildRound({ round: 2, combatants: [ana, g1], initiative: null, entries: [], toggles: none }))
        .message,
    ).toBe('Round 2: the PCs have not made their AGL saves yet.');
    expect(T.buildRound({ round: 1, combatants: [g1, g2], initiative: null, entries: [], toggles: none })).toEqual([
      { combatantId: 'g1', pass: 1 },
      { combatantId: 'g2', pass: 1 },
    ]);
    const bad = { order: ['g1'], losesTurn: [], steps: [] };
    expect(
      rulesError(() => T.buildRound({ round: 1, combatants: [g1], initiative: bad, entries: [], toggles: none }))
        .message,
    ).toBe('g1 is an NPC: only PCs save AGL to act first.');
  });
});

describe('economy', () => {
  it('move plus one action, which may be a second move', () => {
    const e = T.economy(combatant('a', 'pc'), none);
    expect(e.resources).toEqual([
      { id: 'move', label: 'Move', max: 1, refresh: 'turn' },
      { id: 'action', label: 'Action', max: 1, refresh: 'turn' },
    ]);
    expect(e.actions.map((a) => [a.label, a.costs])).toEqual([
      ['Move (10 m)', { move: 1 }],
      ['Attack / action', { action: 1 }],
      ['Second move', { action: 1 }],
    ]);
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
      id: 'morale:gang:first-casualty',
      combatantId: 'g2',
      dice: { count: 1, sides: 20 },
    });
    expect(first[0]!.reason.rule).toEqual({ section: 'Morale', source: 'book' });
    expect(T.encounterPrompts(one, ['morale:gang:first-casualty'])).toEqual([]);

    const two = [down(gang[0]!), down(gang[1]!), gang[2]!, gang[3]!];
    const half = T.encounterPrompts(two, ['morale:gang:first-casualty']);
    expect(half.map((p) => p.id)).toEqual(['morale:gang:half-strength']);
    expect(half[0]!.combatantId).toBe('g3');
    expect(T.encounterPrompts(two, ['morale:gang:first-casualty', 'morale:gang:half-strength'])).toEqual([]);
  });

  it('both at once are one save with a combined id, per side', () => {
    const pair = [down(combatant('d1', 'npc', {}, 'drones')), combatant('d2', 'npc', {}, 'drones')];
    const prompts = T.encounterPrompts([...gang, ...pair], []);
    expect(prompts.map((p) => p.id)).toEqual([moralePromptId('drones', ['first-casualty', 'half-strength'])]);
    expect(prompts[0]!.id).toBe('morale:drones:first-casualty+half-strength');
    expect(T.encounterPrompts([...gang, ...pair], ['morale:drones:first-casualty+half-strength'])).toEqual([]);
  });

  it('resolves a group morale save with the leader’s CTR', () => {
    const g2 = gang[1]!;
    const holds = T.resolveCheck(g2, 'morale:gang:first-casualty', [7], none);
    expect(holds.conditions).toEqual([]);
    const breaks = T.resolveCheck(g2, 'morale:gang:first-casualty', [8], none);
    expect(breaks.conditions?.[0]).toMatchObject({ conditionId: 'morale-broken' });
    expect(rulesError(() => T.resolveCheck(g2, 'morale:drones:first-casualty', [3], none)).code).toBe('unknown-entry');
    expect(
      rulesError(() => T.resolveCheck(combatant('p', 'pc'), 'morale:party:first-casualty', [3], none)).message,
    ).toBe('p is a PC: only NPC groups check morale.');
    expect(rulesError(() => T.encounterPrompts(gang, 'x' as unknown as string[])).message).toBe(
      'alreadyPrompted must be a list of prompt ids.',
    );
  });
});
