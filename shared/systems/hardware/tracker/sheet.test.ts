import { describe, expect, it } from 'vitest';
import type { HealthState, RulesCombatant, Stats } from '../../../system-kit/tracker-rules';
import { RulesError } from '../../../errors';
import { hardwareTracker as T, readHardwareHealth, readHardwareStats, type HardwareHealth } from '.';

// The stat sheet, health records, the health view, conditions and the turn economy: every
// sentence the GM reads, asserted whole.

const none = {};

function combatant(id: string, kind: 'pc' | 'npc', stats: Stats = {}): RulesCombatant {
  return {
    id,
    name: id,
    kind,
    side: kind === 'pc' ? 'party' : 'gang',
    stats,
    health: T.initialHealth(stats, kind),
    conditionIds: [],
  };
}

function withHealth(c: RulesCombatant, patch: Partial<HardwareHealth> | Record<string, unknown>): RulesCombatant {
  return { ...c, health: { ...(c.health as object), ...patch } as HealthState };
}

function withConditions(c: RulesCombatant, ...ids: string[]): RulesCombatant {
  return { ...c, conditionIds: [...c.conditionIds, ...ids] };
}

function errorOf(call: () => unknown): RulesError {
  try {
    call();
  } catch (error) {
    if (error instanceof RulesError) return error;
    throw error;
  }
  throw new Error('expected a RulesError');
}

const fullHealth = {
  stamina: 4,
  BOD: 10,
  AGL: 10,
  CTR: 10,
  armorLost: 0,
  stabilised: false,
  killed: false,
  pending: [],
  seq: 0,
};

describe('stat fields', () => {
  it('every field, its range, default, group and help line', () => {
    expect(T.statFields).toEqual([
      {
        id: 'BOD',
        label: 'Body',
        short: 'BOD',
        type: 'number',
        min: 0,
        max: 20,
        defaultValue: 10,
        group: 'attribute',
        quick: true,
        help: 'Saved against after damage past 0 Stamina (Critical Damage); BOD 0 is death.',
      },
      {
        id: 'AGL',
        label: 'Agility',
        short: 'AGL',
        type: 'number',
        min: 0,
        max: 20,
        defaultValue: 10,
        group: 'attribute',
        quick: true,
        help: 'PCs save AGL at the start of the fight to act before the opponents; AGL 0 is paralysis.',
      },
      {
        id: 'CTR',
        label: 'Control',
        short: 'CTR',
        type: 'number',
        min: 0,
        max: 20,
        defaultValue: 10,
        group: 'attribute',
        quick: true,
        help: 'Saved against after stress past 0 Stamina (Critical Stress) and for morale; CTR 0 is a breakdown.',
      },
      {
        id: 'stamina',
        label: 'Max Stamina',
        short: 'STA',
        type: 'number',
        min: 0,
        max: 99,
        defaultValue: 4,
        group: 'resource',
        quick: true,
        help: 'Damage and stress come off Stamina first.',
      },
      {
        id: 'armor',
        label: 'Armor',
        short: 'ARM',
        type: 'number',
        min: 0,
        max: 3,
        defaultValue: 0,
        group: 'gear',
        quick: true,
        help: 'Subtracted from damage after Cover; no creature has more than 3.',
      },
      {
        id: 'buffer',
        label: 'Buffer',
        short: 'BUF',
        type: 'number',
        min: 0,
        max: 3,
        defaultValue: 0,
        group: 'gear',
        help: 'Subtracted from stress, self-inflicted too; no creature has more than 3.',
      },
      {
        id: 'weaponDie',
        label: 'Weapon die',
        short: 'DMG',
        type: 'number',
        min: 4,
        max: 12,
        defaultValue: 6,
        group: 'combat',
        help: 'Damage die rolled when the sheet has no weapon (older sheets): 4, 6, 8, 10 or 12 sides.',
      },
      {
        id: 'hardened',
        label: 'Hardened',
        short: 'HRD',
        type: 'flag',
        defaultValue: false,
        group: 'combat',
        help: 'Attacks affected by Armor against it are Impaired (d4).',
      },
      {
        id: 'noAglSave',
        label: 'Acts first without an AGL save',
        short: 'FIRST',
        type: 'flag',
        defaultValue: false,
        group: 'combat',
        help: 'A PC whose ability, item or skill negates the AGL save to act first.',
      },
    ]);
  });
});

describe('stat block validation', () => {
  it('one sentence per problem, in field order after unknown stats', () => {
    expect(
      T.validateStats({
        luck: 1,
        CTR: -1,
        stamina: 100,
        armor: 4,
        buffer: 5,
        weaponDie: 7,
        noAglSave: 1,
      } as unknown as Stats),
    ).toEqual([
      '"luck" is not a Hardware stat; the stats are BOD, AGL, CTR, stamina, armor, buffer, weaponDie, hardened, noAglSave.',
      'CTR must be between 0 and 20, got -1.',
      'Max Stamina must be between 0 and 99, got 100.',
      'A PC, NPC or other creature cannot have more than 3 Armor; got 4.',
      'A PC, NPC or other creature cannot have more than 3 Buffer; got 5.',
      'Weapon die must be a damage die of 4, 6, 8, 10 or 12 sides, got 7.',
      'Acts first without an AGL save must be on or off (true or false), got 1.',
    ]);
  });

  it('a stat block that is not an object', () => {
    expect(T.validateStats([] as unknown as Stats)).toEqual(['The stat block must be an object of stats, got a list.']);
    expect(T.validateStats(5 as unknown as Stats)).toEqual(['The stat block must be an object of stats, got 5.']);
  });

  it('only its own keys count: inherited values take the default', () => {
    const inherited = Object.create({ BOD: 30 }) as Stats;
    expect(T.validateStats(inherited)).toEqual([]);
    expect(readHardwareStats(inherited).BOD).toBe(10);
  });

  it('reads defaults for what is missing and refuses with every problem at once', () => {
    expect(readHardwareStats({})).toEqual({
      BOD: 10,
      AGL: 10,
      CTR: 10,
      stamina: 4,
      armor: 0,
      buffer: 0,
      weaponDie: 6,
      hardened: false,
      noAglSave: false,
    });
    const given = {
      BOD: 3,
      AGL: 4,
      CTR: 5,
      stamina: 6,
      armor: 1,
      buffer: 2,
      weaponDie: 12,
      hardened: true,
      noAglSave: true,
    };
    expect(readHardwareStats(given)).toEqual(given);
    expect(readHardwareStats(given)).toBe(readHardwareStats(given));
    const e = errorOf(() => readHardwareStats({ BOD: 30, AGL: 30 }));
    expect(e.message).toBe('BOD must be between 0 and 20, got 30. AGL must be between 0 and 20, got 30.');
    expect(e.details).toEqual({
      problems: ['BOD must be between 0 and 20, got 30.', 'AGL must be between 0 and 20, got 30.'],
    });
    expect(errorOf(() => readHardwareStats(null as unknown as Stats)).message).toBe(
      'The stat block must be an object of stats, got null.',
    );
  });
});

describe('derived values', () => {
  it('each value with its label and help, for a PC who saves', () => {
    expect(T.derive({ BOD: 11, AGL: 7, CTR: 1, stamina: 5, weaponDie: 10 })).toEqual([
      {
        id: 'bodSavePercent',
        label: 'BOD save %',
        value: 55,
        help: 'Chance a d20 save against BOD 11 succeeds (a 1 always does, a 20 never).',
      },
      {
        id: 'aglSavePercent',
        label: 'AGL save %',
        value: 35,
        help: 'Chance a d20 save against AGL 7 succeeds (a 1 always does, a 20 never).',
      },
      {
        id: 'ctrSavePercent',
        label: 'CTR save %',
        value: 5,
        help: 'Chance a d20 save against CTR 1 succeeds (a 1 always does, a 20 never).',
      },
      {
        id: 'actFirstPercent',
        label: 'Acts first %',
        value: 35,
        help: 'Chance the AGL save at the start of the fight lets this PC act before the opponents.',
      },
      {
        id: 'damageToReachBod',
        label: 'Damage to reach BOD',
        value: 6,
        help: 'Damage after Cover and Armor that first goes past Stamina into BOD and calls for a save.',
      },
      {
        id: 'damageToKill',
        label: 'Damage to kill',
        value: 16,
        help: 'Damage in one blow that takes BOD to 0: death with no save.',
      },
      { id: 'weaponDie', label: 'Weapon die (sides)', value: 10, help: 'The main weapon rolls d10.' },
    ]);
  });

  it('a PC who needs no AGL save always acts first', () => {
    expect(T.derive({ AGL: 5, noAglSave: true })[3]).toEqual({
      id: 'actFirstPercent',
      label: 'Acts first %',
      value: 100,
      help: 'Acts before the opponents without an AGL save.',
    });
  });
});

describe('initial health', () => {
  it('full Stamina and attributes, nothing lost, nothing pending', () => {
    expect(T.initialHealth({ stamina: 4 }, 'npc')).toEqual(fullHealth);
  });

  it('names a kind that is neither PC nor NPC', () => {
    expect(errorOf(() => T.initialHealth({}, 'boss' as 'pc')).message).toBe(
      'A combatant is a PC ("pc") or an NPC ("npc"), got "boss".',
    );
  });
});

describe('health records read from storage', () => {
  const problem = (health: unknown) =>
    errorOf(() => readHardwareHealth({ name: 'Rook', health: health as HealthState })).message;

  it('reads a valid record, pending checks included, and keeps the reading', () => {
    const record = {
      ...fullHealth,
      seq: 3,
      pending: [
        { id: 'critical-damage:1', type: 'critical', kind: 'damage', against: 1 },
        { id: 'critical-stress:2', type: 'critical', kind: 'stress', against: 20 },
        { id: 'npc-morale:3', type: 'morale' },
      ],
    };
    const read = readHardwareHealth({ name: 'Rook', health: record as unknown as HealthState });
    expect(read).toEqual(record);
    expect(readHardwareHealth({ name: 'Rook', health: record as unknown as HealthState })).toBe(read);
    expect(
      readHardwareHealth({
        name: 'Rook',
        health: { ...fullHealth, stamina: 99, armorLost: 3 } as unknown as HealthState,
      }),
    ).toMatchObject({ stamina: 99, armorLost: 3 });
  });

  it('names the first problem, scalars first', () => {
    expect(problem(null)).toBe("Rook's health is not Hardware health data: got null.");
    expect(problem([])).toBe("Rook's health is not Hardware health data: got a list.");
    expect(problem({ ...fullHealth, stamina: 100 })).toBe("Rook's health is not Hardware health data: stamina is 100.");
    expect(problem({ ...fullHealth, stamina: 1.5 })).toBe("Rook's health is not Hardware health data: stamina is 1.5.");
    expect(problem({ ...fullHealth, BOD: 21 })).toBe("Rook's health is not Hardware health data: BOD is 21.");
    expect(problem({ ...fullHealth, AGL: -1 })).toBe("Rook's health is not Hardware health data: AGL is -1.");
    expect(problem({ ...fullHealth, CTR: '5' })).toBe('Rook\'s health is not Hardware health data: CTR is "5".');
    expect(problem({ ...fullHealth, armorLost: 4 })).toBe("Rook's health is not Hardware health data: armorLost is 4.");
    expect(problem({ ...fullHealth, stabilised: 0 })).toBe(
      "Rook's health is not Hardware health data: stabilised is 0.",
    );
    expect(problem({ ...fullHealth, killed: null })).toBe("Rook's health is not Hardware health data: killed is null.");
    expect(problem({ ...fullHealth, seq: -1 })).toBe("Rook's health is not Hardware health data: seq is -1.");
    expect(problem({ ...fullHealth, pending: {} })).toBe(
      "Rook's health is not Hardware health data: pending is not a list.",
    );
  });

  it('names a bad pending check', () => {
    const pending = (p: unknown) => problem({ ...fullHealth, pending: [p] });
    expect(pending(null)).toBe("Rook's health is not Hardware health data: a pending check is not an object.");
    expect(pending('x')).toBe("Rook's health is not Hardware health data: a pending check is not an object.");
    expect(pending({ type: 'morale' })).toBe("Rook's health is not Hardware health data: a pending check has no id.");
    expect(pending({ id: 'c', type: 'critical', kind: 'damage', against: 0 })).toBe(
      "Rook's health is not Hardware health data: pending check c saves against 0.",
    );
    expect(pending({ id: 'c', type: 'critical', kind: 'stress', against: 21 })).toBe(
      "Rook's health is not Hardware health data: pending check c saves against 21.",
    );
    expect(pending({ id: 'c', type: 'critical', kind: 'stress', against: 2.5 })).toBe(
      "Rook's health is not Hardware health data: pending check c saves against 2.5.",
    );
    expect(pending({ id: 'c', type: 'critical', kind: 'stress' })).toBe(
      "Rook's health is not Hardware health data: pending check c saves against nothing.",
    );
    expect(pending({ id: 'c', type: 'critical', kind: 'fire', against: 5 })).toBe(
      "Rook's health is not Hardware health data: pending check c has an unknown type.",
    );
    expect(pending({ id: 'c', type: 'luck' })).toBe(
      "Rook's health is not Hardware health data: pending check c has an unknown type.",
    );
  });
});

describe('combatant checks', () => {
  const c = combatant('Rook', 'pc');

  it('names what is wrong with the combatant', () => {
    expect(errorOf(() => T.healthView(null as unknown as RulesCombatant, none)).message).toBe(
      'A combatant must be an object, got null.',
    );
    expect(errorOf(() => T.healthView({ ...c, kind: 'boss' as 'pc' }, none)).message).toBe(
      'Rook must be a PC ("pc") or an NPC ("npc"), got "boss".',
    );
    expect(errorOf(() => T.healthView({ ...c, side: 3 as unknown as string }, none)).message).toBe('Rook has no side.');
    expect(errorOf(() => T.healthView({ ...c, groupId: 5 as unknown as string }, none)).message).toBe(
      "Rook's group must be a group id, got 5.",
    );
    expect(T.healthView({ ...c, groupId: 'roof' }, none).canAct).toBe(true);
    expect(errorOf(() => T.healthView({ ...c, conditionIds: ['dying', 7 as unknown as string] }, none)).message).toBe(
      "Rook's conditions must be a list of condition ids, got a list.",
    );
    expect(
      errorOf(() =>
        T.checksDue(
          { ...c, side: undefined as unknown as string },
          { round: 1, activeCombatantId: null, toggles: none },
        ),
      ).message,
    ).toBe('Rook has no side.');
    expect(
      errorOf(() => T.checksDue({ ...c, stats: { BOD: 30 } }, { round: 1, activeCombatantId: null, toggles: none }))
        .message,
    ).toBe('BOD must be between 0 and 20, got 30.');
  });
});

describe('health view', () => {
  const pc = combatant('Rook', 'pc', { BOD: 8, AGL: 9, CTR: 7, stamina: 4 });

  it('Hurt by any one attribute or Stamina below the sheet; Unhurt when all are full', () => {
    expect(T.healthView(pc, none)).toEqual({
      tracks: [
        { id: 'stamina', label: 'Stamina', current: 4, max: 4, style: 'bar' },
        { id: 'BOD', label: 'BOD', current: 8, max: 8, style: 'bar' },
        { id: 'AGL', label: 'AGL', current: 9, max: 9, style: 'bar' },
        { id: 'CTR', label: 'CTR', current: 7, max: 7, style: 'bar' },
      ],
      stateLabel: 'Unhurt',
      severity: 'ok',
      modifiers: [],
      markers: [],
      canAct: true,
    });
    for (const patch of [{ stamina: 3 }, { BOD: 7 }, { AGL: 8 }, { CTR: 6 }]) {
      expect(T.healthView(withHealth(pc, patch), none), JSON.stringify(patch)).toMatchObject({
        stateLabel: 'Hurt',
        severity: 'hurt',
      });
    }
    expect(T.healthView(withHealth(pc, { stamina: 0 }), none)).toMatchObject({
      stateLabel: 'No Stamina',
      severity: 'hurt',
    });
  });

  it('values above the sheet (edited mid-fight) widen the track and are not hurt', () => {
    const view = T.healthView(withHealth(pc, { stamina: 6, BOD: 9, AGL: 10, CTR: 8 }), none);
    expect(view.tracks.map((t) => [t.current, t.max])).toEqual([
      [6, 6],
      [9, 9],
      [10, 10],
      [8, 8],
    ]);
    expect(view.stateLabel).toBe('Unhurt');
  });

  it('modifiers: Overloaded, Armor (shredded or not), Buffer, Hardened', () => {
    const over = withConditions(pc, 'overloaded');
    expect(T.healthView(over, none)).toMatchObject({
      stateLabel: 'Overloaded',
      severity: 'hurt',
      modifiers: ['Overloaded: no actions that inflict stress on itself until it recovers at least 1 Stamina.'],
    });
    const armored = combatant('Tank', 'npc', { armor: 2, buffer: 1 });
    expect(T.healthView(armored, none).modifiers).toEqual(['Armor 2', 'Buffer 1']);
    expect(T.healthView(withHealth(armored, { armorLost: 1 }), none).modifiers).toEqual([
      'Armor 1 (2, 1 shredded)',
      'Buffer 1',
    ]);
    // The sheet's Armor lowered below what was shredded: shown as 0, never negative.
    expect(T.healthView(withHealth(combatant('Bare', 'npc'), { armorLost: 2 }), none).modifiers).toEqual([
      'Armor 0 (0, 2 shredded)',
    ]);
  });

  it('markers and labels for pending checks and stabilisation', () => {
    const due = withHealth(pc, {
      pending: [
        { id: 'critical-damage:1', type: 'critical', kind: 'damage', against: 6 },
        { id: 'critical-stress:2', type: 'critical', kind: 'stress', against: 5 },
      ],
    });
    expect(T.healthView(due, none)).toMatchObject({
      stateLabel: 'Save due',
      markers: ['Rook: BOD save vs 6 (Critical Damage)', 'Rook: CTR save vs 5 (Critical Stress)'],
    });
    const npc = withHealth(combatant('Drone', 'npc'), { pending: [{ id: 'npc-morale:1', type: 'morale' }] });
    expect(T.healthView(npc, none)).toMatchObject({
      stateLabel: 'Morale check due',
      markers: ['Drone: morale check (CTR save)'],
    });
    const stable = withHealth(pc, { stabilised: true });
    expect(T.healthView(stable, none)).toMatchObject({
      stateLabel: 'Stabilised',
      severity: 'hurt',
      markers: ['Stabilised after Critical Damage'],
    });
    expect(T.healthView(withConditions(stable, 'dying'), none)).toMatchObject({ stateLabel: 'Dying', markers: [] });
    expect(T.healthView(withHealth(stable, { killed: true }), none)).toMatchObject({ stateLabel: 'Dead', markers: [] });
    expect(T.healthView(withConditions(stable, 'overloaded'), none).stateLabel).toBe('Overloaded');
  });

  it('states that stop a turn, in a fixed order, from attributes or conditions', () => {
    expect(T.healthView(withHealth(pc, { AGL: 0, CTR: 0 }), none)).toMatchObject({
      stateLabel: 'Paralysed, Breakdown',
      severity: 'down',
      canAct: false,
    });
    expect(T.healthView(withConditions(pc, 'breakdown', 'paralysed', 'dying'), none).stateLabel).toBe(
      'Dying, Paralysed, Breakdown',
    );
    // Dead outranks everything, and a dead creature is not also Dying or Overloaded.
    const dead = withConditions(withHealth(pc, { BOD: 0 }), 'dying', 'overloaded');
    expect(T.healthView(dead, none)).toMatchObject({ stateLabel: 'Dead', severity: 'dead', modifiers: [] });
    expect(T.economy(dead, none).summary).toBe('Dead: cannot act.');
  });
});

describe('conditions', () => {
  it('every condition with its description', () => {
    expect(T.conditions).toEqual([
      {
        id: 'dying',
        label: 'Dying',
        description:
          'Critical Damage: can only crawl weakly, grasping for life. With aid (such as a Medkit) stabilises; untreated, dies within the hour.',
      },
      { id: 'wound', label: 'Wound', description: 'Critical Damage added a Wound to the inventory.' },
      {
        id: 'overloaded',
        label: 'Overloaded',
        description:
          'Critical Stress: cannot take actions that inflict stress on itself until it recovers at least 1 Stamina.',
      },
      { id: 'strain', label: 'Strain', description: 'Critical Stress added a Strain to the inventory.' },
      {
        id: 'paralysed',
        label: 'Paralysed',
        description: 'AGL 0: unable to act until restored through extended rest or by extraordinary means.',
      },
      {
        id: 'breakdown',
        label: 'Mental breakdown',
        description: 'CTR 0: unable to act until restored through extended rest or by extraordinary means.',
      },
      {
        id: 'aiming',
        label: 'Aiming',
        description:
          'Aimed at a target it can see (name it in the note): its next attack on that target deals maximum damage. Broken if the target completely leaves line of sight.',
      },
      {
        id: 'impaired',
        label: 'Impaired',
        description:
          'Its attacks always do d4 damage and cannot be improved by Edges (e.g. behind Heavy Cover, or an unimpaired enemy beside a shooter).',
      },
      {
        id: 'hardened',
        label: 'Hardened',
        description:
          'Attacks affected by Armor against it are Impaired. Use the stat block flag for creatures that are always Hardened.',
      },
      { id: 'light-cover', label: 'Light Cover', description: '+1 Cover: subtracted from damage before Armor.' },
      {
        id: 'heavy-cover',
        label: 'Heavy Cover',
        description: '+2 Cover: subtracted from damage before Armor; attacks from behind it are Impaired.',
      },
      {
        id: 'morale-broken',
        label: 'Morale broken',
        description: 'Failed a morale CTR save: flees or surrenders (Admin’s call).',
      },
    ]);
  });

  it('harm kinds, with the attribute locations', () => {
    expect(T.harmKinds).toEqual([
      { id: 'damage', label: 'Damage (after Cover and Armor)', healing: false },
      { id: 'stress', label: 'Stress (after Buffer)', healing: false },
      {
        id: 'attribute',
        label: 'Attribute loss (outside combat)',
        healing: false,
        locations: [
          { id: 'BOD', label: 'BOD' },
          { id: 'AGL', label: 'AGL' },
          { id: 'CTR', label: 'CTR' },
        ],
      },
      { id: 'shred', label: 'Shred (Armor lost)', healing: false },
      { id: 'heal-stamina', label: 'Restore Stamina', healing: true },
      { id: 'stabilise', label: 'Stabilise (aid such as a Medkit)', healing: true },
    ]);
  });
});

describe('turn economy (seed: Actions)', () => {
  const turn = {
    resources: [
      { id: 'move', label: 'Move', max: 1, refresh: 'turn' },
      { id: 'action', label: 'Action', max: 1, refresh: 'turn' },
    ],
    actions: [
      { id: 'move', label: 'Move (10 m)', costs: { move: 1 }, help: 'Move up to 10 m.' },
      {
        id: 'action',
        label: 'Attack / action',
        costs: { action: 1 },
        help: 'Attack, deploy a hack, Aim, or some other reasonable action.',
      },
      {
        id: 'second-move',
        label: 'Second move',
        costs: { action: 1 },
        help: 'The action spent moving again: up to 20 m in all.',
      },
    ],
  };

  it('a normal turn and an Overloaded one', () => {
    expect(T.economy(combatant('a', 'pc'), none)).toEqual({
      ...turn,
      summary: 'Move up to 10 m and take one action; the action may be a second move.',
      rule: { section: 'Actions', source: 'seed' },
    });
    expect(T.economy(withConditions(combatant('a', 'pc'), 'overloaded'), none)).toEqual({
      ...turn,
      summary:
        'Move up to 10 m and take one action; the action may be a second move. Overloaded: no actions that inflict stress on itself.',
      rule: { section: 'Actions', source: 'seed' },
    });
  });

  it('Dying: a weak crawl only; Dying and more: nothing', () => {
    const dying = withConditions(combatant('a', 'pc'), 'dying');
    expect(T.economy(dying, none)).toEqual({
      resources: [{ id: 'move', label: 'Move', max: 1, refresh: 'turn' }],
      actions: [
        {
          id: 'crawl',
          label: 'Crawl weakly',
          costs: { move: 1 },
          help: 'Dying PCs cannot do anything but crawl weakly.',
        },
      ],
      summary: 'Dying: can only crawl weakly, grasping for life.',
      rule: { section: 'Actions', source: 'seed' },
    });
    expect(T.economy(withConditions(dying, 'breakdown'), none)).toEqual({
      resources: [],
      actions: [],
      summary: 'Dying, Breakdown: cannot act.',
      rule: { section: 'Actions', source: 'seed' },
    });
  });
});
