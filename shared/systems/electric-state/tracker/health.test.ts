import { describe, expect, it } from 'vitest';
import type { HealthState, RulesCombatant, Stats } from '../../../system-kit/tracker-rules';
import { SURGERY_NOTE } from '../injuries';
import {
  electricStateTracker as T,
  readElectricStateHealth,
  readElectricStateStats,
  type ElectricStateHealth,
} from './index';
import { beforeArmor, frail, keepFailures, moment, thrown, toggles } from './tracker.test-support';

// The tracker's stat block, health record, harm and checks: exact records, sentences and citations
// (seed: Damage & Health, Death Rolls, Rallying & Stabilizing, Serious Injuries (D66)).
const seed = (section: string) => ({ section, source: 'seed' });
const DAMAGE = seed('Damage & Health');
const RALLY = seed('Rallying & Stabilizing');
const INJURY = seed('Serious Injuries (D66)');
const INJURY_DUE = {
  text: 'Incapacitated and survived: roll on the Serious Injuries table (D66, first die tens, second units).',
  rule: INJURY,
};

const FRESH: ElectricStateHealth = {
  health: 2,
  hope: 3,
  dead: false,
  killedBy: null,
  deathRolls: null,
  lastDeathRollRound: null,
  injuryDue: false,
  downs: 0,
};
const DYING = { state: 'dying', sixes: 0, failedRolls: 0, rollsCounted: 0 } as const;

function pc(
  health: Partial<ElectricStateHealth> = {},
  stats: Stats = frail,
  conditionIds: string[] = [],
): RulesCombatant {
  return {
    id: 'ada',
    name: 'ada',
    kind: 'pc',
    side: 'party',
    stats,
    health: { ...FRESH, ...health } as unknown as HealthState,
    conditionIds,
  };
}

const record = (c: RulesCombatant, kind: string, amount: number, t = toggles) =>
  readElectricStateHealth({ name: 'x', health: T.applyHarm(c, { kind, amount }, t).health });

describe('stat block', () => {
  it('six fields, each with its range, default, group and help', () => {
    const attribute = (id: string, label: string, short: string, help: string) => ({
      id,
      label,
      short,
      type: 'number',
      min: 1,
      max: 6,
      defaultValue: 3,
      group: 'attribute',
      help,
      quick: true,
    });
    expect(T.statFields).toEqual([
      attribute('strength', 'Strength', 'STR', 'Close combat and fighting back; with Agility sets max Health.'),
      attribute('agility', 'Agility', 'AGI', 'Ranged combat and dodging; with Strength sets max Health.'),
      attribute(
        'wits',
        'Wits',
        'WIT',
        "The side's highest Wits adds to its initiative roll; with Empathy sets max Hope.",
      ),
      attribute('empathy', 'Empathy', 'EMP', 'Rallying an Incapacitated fighter; with Wits sets max Hope.'),
      {
        id: 'armor',
        label: 'Armor Level',
        short: 'ARM',
        type: 'number',
        min: 0,
        max: 10,
        defaultValue: 0,
        group: 'gear',
        quick: true,
        help: 'Body armour: roll this many dice against each hit, each 6 removes 1 damage (soft vest 2, plate vest 4, riot gear 6).',
      },
      {
        id: 'hopeLost',
        label: 'Hope already lost',
        short: 'HOPE−',
        type: 'number',
        min: 0,
        max: 6,
        defaultValue: 0,
        group: 'resource',
        help: 'PCs only (NPCs have no Hope): Hope lost before this encounter; it starts at max Hope minus this.',
      },
    ]);
  });

  it('names each problem in a sentence', () => {
    expect(T.validateStats(null as never)).toEqual(['The stat block must be an object of stats, got null.']);
    expect(T.validateStats([] as never)).toEqual(['The stat block must be an object of stats, got a list.']);
    expect(T.validateStats({ luck: 1 } as never)).toEqual([
      '"luck" is not an Electric State stat; the stats are strength, agility, wits, empathy, armor, hopeLost.',
    ]);
    // Max Hope ⌈(1 + 1) / 2⌉ = 1: one Hope lost is allowed, two are not.
    expect(T.validateStats({ wits: 1, empathy: 1, hopeLost: 1 })).toEqual([]);
    // A bad Wits is reported once; the Hope check needs all three values.
    expect(T.validateStats({ wits: 0, empathy: 1, hopeLost: 6 })).toEqual(['Wits must be between 1 and 6, got 0.']);
    expect(T.validateStats({ wits: 1, empathy: 1, hopeLost: 7 })).toEqual([
      'Hope already lost must be between 0 and 6, got 7.',
    ]);
  });

  it('reads a block with defaults, or throws every problem at once', () => {
    expect(readElectricStateStats({ agility: 5 })).toEqual({
      strength: 3,
      agility: 5,
      wits: 3,
      empathy: 3,
      armor: 0,
      hopeLost: 0,
    });
    const error = thrown(() => readElectricStateStats({ strength: 9, armor: 11 }));
    expect(error.code).toBe('invalid-input');
    expect(error.message).toBe(
      'Strength must be between 1 and 6, got 9. Armor Level must be between 0 and 10, got 11.',
    );
    expect(error.details).toEqual({
      problems: ['Strength must be between 1 and 6, got 9.', 'Armor Level must be between 0 and 10, got 11.'],
    });
  });

  it('derives max Health, max Hope and the instant-kill hit, with their formulas', () => {
    expect(T.derive({ strength: 5, agility: 4, wits: 3, empathy: 2 })).toEqual([
      { id: 'maxHealth', label: 'Max Health', value: 5, help: '⌈(Strength + Agility) / 2⌉' },
      { id: 'maxHope', label: 'Max Hope', value: 3, help: '⌈(Wits + Empathy) / 2⌉; PCs only, NPCs have no Hope.' },
      {
        id: 'instantKill',
        label: 'Killed outright by a hit of',
        value: 10,
        help: 'Twice max Health in a single hit: dead, no death rolls.',
      },
    ]);
  });
});

describe('health record', () => {
  it('starts full: Health and Hope at their maxima, nothing else yet', () => {
    expect(T.initialHealth({ wits: 4, empathy: 3, hopeLost: 1 }, 'pc')).toEqual({ ...FRESH, health: 3, hope: 3 });
    expect(T.initialHealth({}, 'npc')).toEqual({ ...FRESH, health: 3, hope: null });
    expect(thrown(() => T.initialHealth({ hopeLost: 1 }, 'npc')).message).toBe(
      'NPCs have no Hope: leave "Hope already lost" at 0 for an NPC.',
    );
    expect(thrown(() => T.initialHealth({}, 'monster' as never)).message).toBe(
      'A combatant must be a PC ("pc") or an NPC ("npc"), got "monster".',
    );
  });

  it('reads a stored record, death rolls included', () => {
    const stored = {
      ...FRESH,
      health: 0,
      deathRolls: { state: 'stabilized', sixes: 3, failedRolls: 1, rollsCounted: 2 },
    };
    expect(readElectricStateHealth({ name: 'ada', health: stored as never })).toEqual(stored);
    const dead = { ...FRESH, dead: true, killedBy: 'death-rolls', lastDeathRollRound: 4, hope: null, downs: 2 };
    expect(readElectricStateHealth({ name: 'ada', health: dead as never })).toEqual(dead);
  });

  it('refuses a record that is not Electric State health, naming the field', () => {
    const bad = (patch: Record<string, unknown> | null) =>
      thrown(() =>
        readElectricStateHealth({ name: 'ada', health: (patch === null ? null : { ...FRESH, ...patch }) as never }),
      ).message;
    const lead = "ada's health is not Electric State health data: ";
    expect(bad(null)).toBe(`${lead}got null.`);
    expect(thrown(() => readElectricStateHealth({ name: 'ada', health: [] as never })).message).toBe(
      `${lead}got a list.`,
    );
    expect(bad({ dead: 'no' })).toBe(`${lead}dead is "no".`);
    expect(bad({ injuryDue: undefined })).toBe(`${lead}injuryDue is nothing.`);
    expect(bad({ killedBy: 'fall' })).toBe(`${lead}killedBy is "fall".`);
    expect(bad({ health: -1 })).toBe(`${lead}health is -1.`);
    expect(bad({ hope: 1.5 })).toBe(`${lead}hope is 1.5.`);
    expect(bad({ lastDeathRollRound: 'one' })).toBe(`${lead}lastDeathRollRound is "one".`);
    expect(bad({ downs: undefined })).toBe(`${lead}downs is nothing.`);
    expect(bad({ deathRolls: 3 })).toBe(`${lead}deathRolls is not an object.`);
    expect(bad({ deathRolls: [] })).toBe(`${lead}deathRolls is not an object.`);
    expect(bad({ deathRolls: { ...DYING, state: 'resting' } })).toBe(`${lead}deathRolls has no state.`);
    expect(bad({ deathRolls: { ...DYING, sixes: -1 } })).toBe(`${lead}deathRolls.sixes is -1.`);
    expect(bad({ deathRolls: { ...DYING, failedRolls: 1001 } })).toBe(`${lead}deathRolls.failedRolls is 1001.`);
    expect(bad({ deathRolls: { ...DYING, rollsCounted: 0.5 } })).toBe(`${lead}deathRolls.rollsCounted is 0.5.`);
    expect(
      readElectricStateHealth({ name: 'ada', health: { ...FRESH, deathRolls: { ...DYING, sixes: 1000 } } as never })
        .deathRolls,
    ).toEqual({ ...DYING, sixes: 1000 });
  });

  it('refuses a combatant that is not one', () => {
    expect(thrown(() => T.healthView(null as never, toggles)).message).toBe('A combatant must be an object, got null.');
    expect(thrown(() => T.healthView({ ...pc(), kind: 'boss' as never }, toggles)).message).toBe(
      'ada must be a PC ("pc") or an NPC ("npc"), got "boss".',
    );
    expect(thrown(() => T.healthView({ ...pc(), conditionIds: 'none' as never }, toggles)).message).toBe(
      "ada's conditions must be a list.",
    );
  });
});

describe('applyHarm', () => {
  it('refuses harm it cannot take', () => {
    expect(thrown(() => T.applyHarm(pc(), null as never, toggles)).message).toBe(
      'Harm must be an object with a kind and an amount, got null.',
    );
    expect(thrown(() => T.applyHarm(pc(), { kind: 'poison', amount: 1 }, toggles)).message).toBe(
      'Unknown harm "poison"; Electric State takes damage, hope-loss, heal, stabilize, hope-gain.',
    );
    expect(thrown(() => T.applyHarm(pc(), { kind: 'damage', amount: 1, location: 'head' }, toggles)).message).toBe(
      'Damage (after cover and armour) takes no location; Electric State has no hit locations.',
    );
    expect(thrown(() => T.applyHarm(pc(), { kind: 'heal', amount: 1001 }, toggles)).message).toBe(
      'Heal Health (a rally: 1 per 6 rolled) must be between 0 and 1000, got 1001.',
    );
    expect(T.harmKinds.map((k) => [k.id, k.healing])).toEqual([
      ['damage', false],
      ['hope-loss', false],
      ['heal', true],
      ['stabilize', true],
      ['hope-gain', true],
    ]);
  });

  it('damage: the record and the steps of the rule', () => {
    const out = T.applyHarm(pc(), { kind: 'damage', amount: 1 }, toggles);
    expect(out).toEqual({
      health: { ...FRESH, health: 1 },
      steps: [{ text: '1 damage: Health 2 → 1.', rule: DAMAGE }],
    });
    // Stats lowered mid-fight: the new max Health caps what is left before the hit.
    expect(T.applyHarm(pc({ health: 4 }), { kind: 'damage', amount: 1 }, toggles).steps[0]!.text).toBe(
      '1 damage: Health 2 → 1.',
    );
  });

  it('a first Incapacitation starts death rolls, owes an injury roll and counts a down', () => {
    expect(T.applyHarm(pc(), { kind: 'damage', amount: 2 }, toggles)).toEqual({
      health: { ...FRESH, health: 0, deathRolls: DYING, injuryDue: true, downs: 1 },
      steps: [
        { text: '2 damage: Health 2 → 0.', rule: DAMAGE },
        {
          text: 'Health 0: Incapacitated — can crawl and mumble but not roll attributes; death rolls each turn.',
          rule: DAMAGE,
        },
      ],
    });
  });

  it('knocked down again while rallied: the running death rolls restart (or keep failures)', () => {
    const rallied = pc({
      health: 1,
      deathRolls: { ...DYING, sixes: 2, failedRolls: 1, rollsCounted: 3 },
      injuryDue: true,
      downs: 1,
    });
    expect(record(rallied, 'damage', 1)).toEqual({ ...FRESH, health: 0, deathRolls: DYING, injuryDue: true, downs: 2 });
    const kept = T.applyHarm(rallied, { kind: 'damage', amount: 1 }, keepFailures);
    expect(kept.steps.at(-1)).toEqual({
      text: 'The death rolls restart: 0 sixes of 3, 1 failed roll of 3.',
      rule: { section: 'Rallying & Stabilizing', source: 'default' },
    });
    expect(readElectricStateHealth({ name: 'x', health: kept.health }).deathRolls).toEqual({
      ...DYING,
      failedRolls: 1,
      rollsCounted: 3,
    });
    // Stabilized and back up, then down again: a fresh set of death rolls.
    const stable = pc({
      health: 1,
      deathRolls: { state: 'stabilized', sixes: 3, failedRolls: 0, rollsCounted: 1 },
      downs: 1,
    });
    expect(record(stable, 'damage', 1, keepFailures)).toMatchObject({ deathRolls: DYING, downs: 2, injuryDue: true });
    expect(T.applyHarm(stable, { kind: 'damage', amount: 1 }, keepFailures).steps).toHaveLength(2);
  });

  it('hurt while Incapacitated: the death rolls restart, with a step saying where they stand', () => {
    const down = pc({
      health: 0,
      deathRolls: { ...DYING, sixes: 2, failedRolls: 1, rollsCounted: 3 },
      injuryDue: true,
      downs: 1,
    });
    const out = T.applyHarm(down, { kind: 'damage', amount: 1 }, toggles);
    expect(out.steps).toEqual([
      { text: '1 damage: Health 0 → 0.', rule: DAMAGE },
      { text: 'Already Incapacitated and hurt again: the death rolls restart.', rule: RALLY },
      {
        text: 'Death rolls now: 0 sixes of 3, 0 failed rolls of 3.',
        rule: { section: 'Rallying & Stabilizing', source: 'default' },
      },
    ]);
    expect(readElectricStateHealth({ name: 'x', health: out.health })).toEqual({
      ...FRESH,
      health: 0,
      deathRolls: DYING,
      injuryDue: true,
      downs: 1,
    });
    expect(T.applyHarm(down, { kind: 'damage', amount: 1 }, keepFailures).steps[2]!.text).toBe(
      'Death rolls now: 0 sixes of 3, 1 failed roll of 3.',
    );
    // Incapacitated without a death-roll record yet: they start from nothing.
    expect(record(pc({ health: 0 }), 'damage', 1).deathRolls).toEqual(DYING);
    // No damage: nothing restarts.
    expect(T.applyHarm(down, { kind: 'damage', amount: 0 }, toggles).steps).toEqual([
      { text: 'Still Incapacitated.', rule: DAMAGE },
    ]);
  });

  it('a killing hit: dead, killed outright, no injury roll; the dead take no more damage', () => {
    const out = T.applyHarm(pc({ injuryDue: true }), { kind: 'damage', amount: 4 }, toggles);
    expect(out.health).toEqual({ ...FRESH, health: 0, dead: true, killedBy: 'instant-kill', injuryDue: false });
    const dead = pc({ health: 0, dead: true, killedBy: 'instant-kill' });
    expect(T.applyHarm(dead, { kind: 'damage', amount: 3 }, toggles)).toEqual({
      health: dead.health,
      steps: [{ text: 'ada is already dead.', rule: DAMAGE }],
    });
  });

  it('instant kill judged before armour: a note when only the damage after armour was entered', () => {
    expect(T.applyHarm(pc(), { kind: 'damage', amount: 1 }, beforeArmor).steps).toEqual([
      { text: '1 damage: Health 2 → 1.', rule: DAMAGE },
      {
        text: 'Instant kill is judged before armour here, but only the damage after armour was entered: if this hit was 4 or more before cover and armour, it killed ada outright — enter a hit of 4 to record that.',
        rule: { section: 'Damage & Health', source: 'default' },
      },
    ]);
    expect(T.applyHarm(pc(), { kind: 'damage', amount: 0 }, beforeArmor).steps).toEqual([]);
    expect(T.applyHarm(pc(), { kind: 'damage', amount: 4 }, beforeArmor).steps).toHaveLength(2);
    expect(T.applyHarm(pc(), { kind: 'damage', amount: 1 }, toggles).steps).toHaveLength(1);
  });

  it('heal: the rule of a rally, not for the dead', () => {
    expect(T.applyHarm(pc({ health: 0, deathRolls: DYING }), { kind: 'heal', amount: 1 }, toggles)).toEqual({
      health: { ...FRESH, health: 1, deathRolls: DYING },
      steps: [
        { text: '1 Health recovered: Health 0 → 1.', rule: RALLY },
        {
          text: 'Back on their feet, no longer Incapacitated — but still making death rolls until Stabilized.',
          rule: RALLY,
        },
      ],
    });
    expect(T.applyHarm(pc({ health: 4 }), { kind: 'heal', amount: 1 }, toggles).steps[0]!.text).toBe(
      '0 Health recovered: Health 2 → 2 (max Health 2).',
    );
    const dead = thrown(() => T.applyHarm(pc({ dead: true }), { kind: 'heal', amount: 1 }, toggles));
    expect([dead.code, dead.message]).toEqual(['not-allowed', 'ada is dead: Health cannot be restored.']);
  });

  it('stabilize: only the dying; a 6 stops the rolls and the injury roll comes due', () => {
    const dying = pc({ health: 0, deathRolls: { ...DYING, sixes: 1, rollsCounted: 1 }, injuryDue: true, downs: 1 });
    expect(T.applyHarm(dying, { kind: 'stabilize', amount: 1 }, toggles)).toEqual({
      health: {
        ...FRESH,
        health: 0,
        deathRolls: { state: 'stabilized', sixes: 1, failedRolls: 0, rollsCounted: 1 },
        injuryDue: true,
        downs: 1,
      },
      steps: [{ text: 'Stabilized: no more death rolls, but still Incapacitated.', rule: RALLY }, INJURY_DUE],
    });
    expect(T.applyHarm(dying, { kind: 'stabilize', amount: 0 }, toggles)).toEqual({
      health: dying.health,
      steps: [{ text: 'No six: not stabilized, the death rolls go on.', rule: RALLY }],
    });
    expect(
      T.applyHarm(
        { ...dying, health: { ...(dying.health as object), injuryDue: false } as never },
        { kind: 'stabilize', amount: 2 },
        toggles,
      ).steps,
    ).toHaveLength(1);
    const up = thrown(() => T.applyHarm(pc(), { kind: 'stabilize', amount: 1 }, toggles));
    expect([up.code, up.message]).toEqual([
      'not-allowed',
      'ada is not making death rolls: only a dying character can be stabilized.',
    ]);
    expect(
      thrown(() => T.applyHarm(pc({ dead: true, deathRolls: DYING }), { kind: 'stabilize', amount: 1 }, toggles)).code,
    ).toBe('not-allowed');
  });

  it('Hope: PCs only, within 0 and max Hope (book)', () => {
    const HOPE = { section: 'Health and Hope', source: 'book' };
    expect(T.applyHarm(pc(), { kind: 'hope-loss', amount: 2 }, toggles)).toEqual({
      health: { ...FRESH, hope: 1 },
      steps: [{ text: '2 Hope lost: Hope 3 → 1.', rule: HOPE }],
    });
    expect(T.applyHarm(pc({ hope: 1 }), { kind: 'hope-gain', amount: 1 }, toggles).steps).toEqual([
      { text: '1 Hope regained: Hope 1 → 2.', rule: HOPE },
    ]);
    // Hope above a lowered max Hope is capped before the change.
    expect(record(pc({ hope: 6 }), 'hope-loss', 1).hope).toBe(2);
    const npc = { ...pc({ hope: null }), name: 'thug', kind: 'npc' as const };
    expect(thrown(() => T.applyHarm(npc, { kind: 'hope-gain', amount: 1 }, toggles)).message).toBe(
      'thug has no Hope: only player characters have Hope.',
    );
    expect(thrown(() => T.applyHarm(pc({ hope: null }), { kind: 'hope-loss', amount: 1 }, toggles)).message).toBe(
      'ada has no Hope: only player characters have Hope.',
    );
  });
});

describe('rule toggles', () => {
  it('missing toggles are the defaults; toggles that are not an object are refused', () => {
    const down = pc({ health: 0, deathRolls: { ...DYING, sixes: 2, failedRolls: 1, rollsCounted: 3 } });
    expect(record(down, 'damage', 1, null as never).deathRolls).toEqual(DYING);
    expect(record(down, 'damage', 1, keepFailures).deathRolls).toEqual({ ...DYING, failedRolls: 1, rollsCounted: 3 });
    expect(thrown(() => T.applyHarm(down, { kind: 'damage', amount: 1 }, 'reset' as never)).message).toBe(
      'options must be an object of rule toggles, got "reset".',
    );
    expect(
      thrown(() => T.applyHarm(down, { kind: 'damage', amount: 1 }, { deathRollsOnDamage: 'never' })).message,
    ).toBe('Rule toggle "deathRollsOnDamage" cannot be "never"; it takes "reset", "keep-failures".');
  });
});

describe('healthView', () => {
  it('unhurt, hurt, and a value above a lowered maximum', () => {
    expect(T.healthView(pc(), toggles)).toEqual({
      tracks: [
        { id: 'health', label: 'Health', current: 2, max: 2, style: 'pips' },
        { id: 'hope', label: 'Hope', current: 3, max: 3, style: 'pips' },
      ],
      stateLabel: 'Unhurt',
      severity: 'ok',
      modifiers: [],
      markers: [],
      canAct: true,
    });
    expect(T.healthView(pc({ health: 4, hope: 5 }), toggles).tracks).toEqual([
      { id: 'health', label: 'Health', current: 4, max: 4, style: 'pips' },
      { id: 'hope', label: 'Hope', current: 5, max: 5, style: 'pips' },
    ]);
    expect(T.healthView(pc({ health: 1 }), toggles)).toMatchObject({ stateLabel: 'Hurt', severity: 'hurt' });
    expect(T.healthView(pc({ hope: null }), toggles).tracks.map((t) => t.id)).toEqual(['health']);
  });

  it('Incapacitated: modifiers, death-roll marker and state word, in that order', () => {
    const view = T.healthView(
      pc({ health: 0, deathRolls: { ...DYING, sixes: 1, failedRolls: 2, rollsCounted: 3 } }, { ...frail, armor: 1 }, [
        'broken-nose',
      ]),
      toggles,
    );
    expect(view).toEqual({
      tracks: [
        { id: 'health', label: 'Health', current: 0, max: 2, style: 'pips' },
        { id: 'hope', label: 'Hope', current: 3, max: 3, style: 'pips' },
      ],
      stateLabel: 'Incapacitated, making death rolls',
      severity: 'down',
      modifiers: [
        'Incapacitated: can crawl (one move per turn) and mumble; no attribute rolls or talents.',
        'Broken nose: −1 die on Empathy rolls.',
        'Armor Level 1: roll 1 die against each hit.',
      ],
      markers: ['Death rolls: 3 rolls made — 1 six of 3, 2 failed rolls of 3'],
      canAct: false,
    });
  });

  it('stabilized with the injury roll due; rallied but still dying', () => {
    const stable = pc({ health: 0, deathRolls: { ...DYING, state: 'stabilized', sixes: 3 }, injuryDue: true });
    expect(T.healthView(stable, toggles)).toMatchObject({
      stateLabel: 'Incapacitated, Stabilized',
      severity: 'down',
      markers: ['Serious injury roll due (D66)'],
    });
    // Stabilized with the injury rolled: no marker.
    expect(T.healthView(pc({ health: 0, deathRolls: { ...DYING, state: 'stabilized' } }), toggles).markers).toEqual([]);
    expect(T.healthView(pc({ health: 2, deathRolls: DYING }), toggles)).toMatchObject({
      stateLabel: 'Rallied, still making death rolls',
      severity: 'hurt',
      markers: ['Death rolls: 0 rolls made — 0 sixes of 3, 0 failed rolls of 3'],
      canAct: true,
    });
  });

  it('the dead: how they died', () => {
    const view = (killedBy: ElectricStateHealth['killedBy']) =>
      T.healthView(
        pc({
          health: 0,
          dead: true,
          killedBy,
          deathRolls: { ...DYING, state: 'dead', failedRolls: 3 },
          injuryDue: true,
        }),
        toggles,
      );
    expect([view('instant-kill').stateLabel, view('death-rolls').stateLabel, view(null).stateLabel]).toEqual([
      'Dead (killed outright)',
      'Dead (failed death rolls)',
      'Dead',
    ]);
    expect(view(null)).toMatchObject({ severity: 'dead', canAct: false, markers: [], modifiers: [] });
  });
});

describe('checks', () => {
  const dying = pc({ health: 0, deathRolls: DYING, injuryDue: true, downs: 1 });

  it("a death roll on the dying one's own turn, once per round", () => {
    expect(T.checksDue(dying, moment(2, 'ada'))).toEqual([
      {
        id: 'death-roll:2',
        combatantId: 'ada',
        label: 'ada: death roll (4 dice, no push)',
        dice: { count: 4, sides: 6 },
        reason: {
          text: 'Each turn while making death rolls, roll 4 dice: 3 sixes in total stabilize, 3 rolls with no 6 kill.',
          rule: seed('Death Rolls'),
        },
      },
    ]);
    expect(
      T.checksDue(pc({ ...FRESH, health: 0, deathRolls: DYING, lastDeathRollRound: 2 }), moment(2, 'ada')),
    ).toEqual([]);
    expect(T.checksDue(dying, moment(2, 'bob'))).toEqual([]);
    // Rallied but still dying: the roll goes on, and the reason says so.
    expect(T.checksDue(pc({ health: 1, deathRolls: DYING }), moment(1, 'ada'))[0]!.reason).toEqual({
      text: 'Each turn while making death rolls, roll 4 dice: 3 sixes in total stabilize, 3 rolls with no 6 kill. Being rallied does not stop the death rolls.',
      rule: RALLY,
    });
  });

  it('the serious injury roll once stabilized, at any moment', () => {
    const stable = pc({
      health: 0,
      deathRolls: { ...DYING, state: 'stabilized', sixes: 3 },
      injuryDue: true,
      downs: 2,
    });
    expect(T.checksDue(stable, moment(1, null))).toEqual([
      {
        id: 'serious-injury:2',
        combatantId: 'ada',
        label: 'ada: serious injury (D66)',
        dice: { count: 2, sides: 6 },
        reason: INJURY_DUE,
      },
    ]);
  });

  it('checks the moment', () => {
    expect(thrown(() => T.checksDue(dying, null as never)).message).toBe(
      'The encounter moment must be an object, got null.',
    );
    expect(thrown(() => T.checksDue(dying, { round: -1, activeCombatantId: null, toggles })).message).toBe(
      'round must be between 0 and 9007199254740991, got -1.',
    );
    expect(thrown(() => T.checksDue(dying, { round: 1, activeCombatantId: 3 as never, toggles })).message).toBe(
      'The active combatant must be an id or null.',
    );
    expect(T.checksDue(dying, { round: 0, activeCombatantId: 'ada', toggles }).map((c) => c.id)).toEqual([
      'death-roll:0',
    ]);
  });

  it('resolving a death roll: the record, the steps, the kill', () => {
    const out = T.resolveCheck(dying, 'death-roll:2', [6, 1, 2, 3], moment(2, 'ada'), [dying]);
    expect(out).toEqual({
      health: {
        ...FRESH,
        health: 0,
        deathRolls: { state: 'dying', sixes: 1, failedRolls: 0, rollsCounted: 1 },
        lastDeathRollRound: 2,
        injuryDue: true,
        downs: 1,
      },
      steps: [{ text: 'Death roll 1: 1 six — 1 six in total, 0 failed rolls.', rule: seed('Death Rolls') }],
    });
    const last = pc({
      health: 0,
      deathRolls: { ...DYING, failedRolls: 2, rollsCounted: 2 },
      injuryDue: true,
      downs: 1,
    });
    expect(T.resolveCheck(last, 'death-roll:3', [1, 2, 3, 4], moment(3, 'ada'), [last]).health).toEqual({
      ...FRESH,
      health: 0,
      dead: true,
      killedBy: 'death-rolls',
      deathRolls: { state: 'dead', sixes: 0, failedRolls: 3, rollsCounted: 3 },
      lastDeathRollRound: 3,
      injuryDue: false,
      downs: 1,
    });
  });

  it('three sixes stabilize; the injury roll is named when it is owed', () => {
    const out = T.resolveCheck(dying, 'death-roll:1', [6, 6, 6, 1], moment(1, 'ada'), [dying]);
    expect(out.steps).toEqual([
      {
        text: 'Death roll 1: 3 sixes — 3 sixes in total, 0 failed rolls. Three sixes: Stabilized.',
        rule: seed('Death Rolls'),
      },
      INJURY_DUE,
    ]);
    const owed = pc({ health: 0, deathRolls: DYING, injuryDue: false });
    expect(T.resolveCheck(owed, 'death-roll:1', [6, 6, 6, 1], moment(1, 'ada'), [owed]).steps).toHaveLength(1);
  });

  it('refuses checks that are not due, or dice that do not fit', () => {
    expect(thrown(() => T.resolveCheck(dying, 5 as never, [6], moment(1, 'ada'), [dying])).message).toBe(
      'A check id must be text, got 5.',
    );
    const none = thrown(() => T.resolveCheck(pc(), 'death-roll:1', [6, 6, 6, 6], moment(1, 'ada'), []));
    expect([none.code, none.message]).toEqual([
      'not-allowed',
      'No check "death-roll:1" is due for ada now; due: none.',
    ]);
    expect(thrown(() => T.resolveCheck(dying, 'death-roll:1', [6, 6, 6], moment(1, 'ada'), [])).message).toBe(
      'A death roll is 4 dice, got 3.',
    );
    expect(thrown(() => T.resolveCheck(dying, 'death-roll:1', [6, 6, 6, 9], moment(1, 'ada'), [])).message).toBe(
      "ada's death roll[3] is 9, which is not a face of a d6 (1–6).",
    );
  });

  it('the serious injury roll: a condition with its note, surgery explained, the debt paid', () => {
    const stable = pc({
      health: 0,
      deathRolls: { ...DYING, state: 'stabilized', sixes: 3 },
      injuryDue: true,
      downs: 1,
    });
    const lung = T.resolveCheck(stable, 'serious-injury:1', [6, 4], moment(1, null), [stable]);
    expect(lung).toEqual({
      health: { ...(stable.health as object), injuryDue: false },
      steps: [
        {
          text: 'D66 64: Punctured lung — −2 dice on Strength and Agility rolls (requires surgery); heals in 2D6 days.',
          rule: INJURY,
        },
        { text: SURGERY_NOTE, rule: INJURY },
      ],
      conditions: [
        {
          conditionId: 'punctured-lung',
          label: 'Punctured lung',
          note: '−2 dice on Strength and Agility rolls (requires surgery); heals in 2D6 days.',
        },
      ],
    });
    const trauma = T.resolveCheck(stable, 'serious-injury:1', [5, 3], moment(1, null), [stable]);
    expect(trauma.conditions).toEqual([
      { conditionId: 'traumatized', label: 'Traumatized', note: 'Roll on the Mental Trauma table.' },
    ]);
    expect(trauma.steps).toHaveLength(1);
    expect(T.resolveCheck(stable, 'serious-injury:1', [2, 5], moment(1, null), [stable])).toEqual({
      health: { ...(stable.health as object), injuryDue: false },
      steps: [{ text: 'D66 25: 11–36, no serious injury.', rule: INJURY }],
      conditions: [],
    });
  });
});
