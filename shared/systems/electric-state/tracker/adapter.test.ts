import { describe, expect, it } from 'vitest';
import type {
  EncounterMoment,
  HealthState,
  InitiativeEntry,
  InitiativeParticipant,
  RulesCombatant,
  Stats,
} from '../../../system-kit/tracker-rules';
import { RulesError } from '../../../errors';
import { SERIOUS_INJURIES } from '../injuries';
import {
  electricStateTracker as T,
  injuryConditionId,
  readElectricStateHealth,
  type ElectricStateHealth,
} from './index';
import { beforeArmor, frail, keepFailures, moment, thrown as rulesError, toggles } from './tracker.test-support';

function combatant(
  id: string,
  kind: 'pc' | 'npc' = 'pc',
  stats: Stats = {},
  side = kind === 'pc' ? 'party' : 'gang',
  conditionIds: string[] = [],
): RulesCombatant {
  return { id, name: id, kind, side, stats, health: T.initialHealth(stats, kind), conditionIds };
}

function health(c: RulesCombatant): ElectricStateHealth {
  return readElectricStateHealth(c);
}

function harm(c: RulesCombatant, kind: string, amount: number, t = toggles): RulesCombatant {
  return { ...c, health: T.applyHarm(c, { kind, amount }, t).health };
}

function check(c: RulesCombatant, checkId: string, faces: number[], m: EncounterMoment): RulesCombatant {
  return { ...c, health: T.resolveCheck(c, checkId, faces, m, [c]).health };
}

describe('stat block', () => {
  it('lists the four attributes, Armor Level and Hope already lost', () => {
    expect(T.systemId).toBe('electric-state');
    expect(T.statFields.map((f) => f.id)).toEqual(['strength', 'agility', 'wits', 'empathy', 'armor', 'hopeLost']);
    expect(T.statFields.find((f) => f.id === 'wits')).toMatchObject({ short: 'WIT', min: 1, max: 6, defaultValue: 3 });
    expect(T.statFields.find((f) => f.id === 'armor')).toMatchObject({ min: 0, max: 10, group: 'gear' });
    expect(T.statFields.find((f) => f.id === 'hopeLost')).toMatchObject({ min: 0, max: 6, defaultValue: 0 });
  });

  it('accepts a valid or partial block', () => {
    expect(T.validateStats({ strength: 5, agility: 4, wits: 3, empathy: 2, armor: 4, hopeLost: 1 })).toEqual([]);
    expect(T.validateStats({})).toEqual([]);
  });

  it('returns one sentence per problem', () => {
    const problems = T.validateStats({ strength: 7, agility: 2.5, armor: -1, luck: 3 } as unknown as Stats);
    expect(problems).toHaveLength(4);
    expect(problems).toContain('Strength must be between 1 and 6, got 7.');
    expect(problems).toContain('Agility must be a whole number, got 2.5.');
    expect(problems).toContain('Armor Level must be between 0 and 10, got -1.');
    expect(problems.some((p) => p.startsWith('"luck" is not an Electric State stat'))).toBe(true);
    expect(T.validateStats({ wits: 1, empathy: 1, hopeLost: 2 })).toEqual([
      'Hope already lost (2) cannot be more than max Hope 1 (⌈(Wits 1 + Empathy 1) / 2⌉).',
    ]);
    expect(T.validateStats({ armor: true } as unknown as Stats)).toEqual([
      'Armor Level must be a whole number, got true.',
    ]);
  });

  it('derives max Health, max Hope and the instant-kill hit', () => {
    expect(T.derive({ strength: 5, agility: 4, wits: 3, empathy: 2 })).toEqual([
      expect.objectContaining({ id: 'maxHealth', label: 'Max Health', value: 5 }),
      expect.objectContaining({ id: 'maxHope', label: 'Max Hope', value: 3 }),
      expect.objectContaining({ id: 'instantKill', value: 10 }),
    ]);
    expect(() => T.derive({ strength: 0 })).toThrow(RulesError);
  });
});

describe('health', () => {
  it('starts full; PCs have Hope, NPCs none', () => {
    const pc = combatant('ada', 'pc', { strength: 4, agility: 3, wits: 4, empathy: 3, hopeLost: 1 });
    expect(health(pc)).toMatchObject({ health: 4, hope: 3, dead: false, deathRolls: null, injuryDue: false });
    const view = T.healthView(pc, toggles);
    expect(view.tracks).toEqual([
      { id: 'health', label: 'Health', current: 4, max: 4, style: 'pips' },
      { id: 'hope', label: 'Hope', current: 3, max: 4, style: 'pips' },
    ]);
    expect(view).toMatchObject({ stateLabel: 'Unhurt', severity: 'ok', canAct: true });
    const npc = combatant('thug', 'npc');
    expect(health(npc).hope).toBeNull();
    expect(T.healthView(npc, toggles).tracks.map((t) => t.id)).toEqual(['health']);
    expect(rulesError(() => T.initialHealth({ hopeLost: 1 }, 'npc')).message).toMatch(/NPCs have no Hope/);
    expect(() => T.initialHealth({}, 'monster' as 'pc')).toThrow(/PC/);
  });

  it('rejects health that is not its own', () => {
    const c = { ...combatant('ada'), health: { hp: 3 } as HealthState };
    expect(rulesError(() => T.healthView(c, toggles)).message).toMatch(/not Electric State health/);
  });

  it('damage lowers Health; 0 is Incapacitated (cannot act, death rolls due)', () => {
    let c = combatant('ada', 'pc', { strength: 3, agility: 3, armor: 2 });
    c = harm(c, 'damage', 2);
    expect(health(c).health).toBe(1);
    expect(T.healthView(c, toggles)).toMatchObject({ stateLabel: 'Hurt', severity: 'hurt', canAct: true });
    expect(T.healthView(c, toggles).modifiers).toContain('Armor Level 2: roll 2 dice against each hit.');
    const out = T.applyHarm(c, { kind: 'damage', amount: 2 }, toggles);
    expect(out.steps.map((s) => s.text).join(' ')).toMatch(/Incapacitated/);
    c = { ...c, health: out.health };
    expect(health(c)).toMatchObject({ health: 0, injuryDue: true, downs: 1, deathRolls: { state: 'dying' } });
    expect(T.healthView(c, toggles)).toMatchObject({
      stateLabel: 'Incapacitated, making death rolls',
      severity: 'down',
      canAct: false,
    });
    expect(T.healthView(c, toggles).markers).toContain('Death rolls: 0 rolls made — 0 sixes of 3, 0 failed rolls of 3');
  });

  it('a single hit of twice max Health kills outright', () => {
    const c = harm(combatant('ada', 'pc', frail), 'damage', 4);
    expect(health(c)).toMatchObject({ dead: true, killedBy: 'instant-kill', health: 0 });
    expect(T.healthView(c, toggles)).toMatchObject({ stateLabel: 'Dead (killed outright)', severity: 'dead' });
    expect(T.checksDue(c, moment(1, 'ada'))).toEqual([]);
    // More damage to the dead changes nothing.
    expect(T.applyHarm(c, { kind: 'damage', amount: 3 }, toggles).health).toEqual(c.health);
    expect(() => harm(c, 'heal', 1)).toThrow(/dead/);
  });

  it('with instant kill before armour, notes that only damage after armour was entered', () => {
    const c = combatant('ada', 'pc', frail);
    const out = T.applyHarm(c, { kind: 'damage', amount: 1 }, beforeArmor);
    expect(out.steps.at(-1)?.text).toMatch(/if this hit was 4 or more before cover and armour/);
    expect(health(harm(c, 'damage', 4, beforeArmor)).dead).toBe(true);
  });

  it('new damage while Incapacitated restarts the death rolls (or keeps failures)', () => {
    let c = harm(combatant('ada', 'pc', frail), 'damage', 2);
    c = check(c, 'death-roll:1', [6, 6, 1, 1], moment(1, 'ada'));
    c = check(c, 'death-roll:2', [2, 2, 2, 2], moment(2, 'ada'));
    expect(health(c).deathRolls).toMatchObject({ sixes: 2, failedRolls: 1 });
    expect(health(harm(c, 'damage', 1)).deathRolls).toMatchObject({ state: 'dying', sixes: 0, failedRolls: 0 });
    expect(health(harm(c, 'damage', 1, keepFailures)).deathRolls).toMatchObject({ sixes: 0, failedRolls: 1 });
    // 0 damage is no new damage.
    expect(health(harm(c, 'damage', 0)).deathRolls).toMatchObject({ sixes: 2 });
  });

  it('healing above 0 ends Incapacitated; the death rolls go on until Stabilized (seed: Rally)', () => {
    let c = harm(combatant('ada', 'pc', frail), 'damage', 2);
    const out = T.applyHarm(c, { kind: 'heal', amount: 1 }, toggles);
    expect(out.steps.map((s) => s.text).join(' ')).toMatch(/still making death rolls/);
    c = { ...c, health: out.health };
    expect(T.healthView(c, toggles)).toMatchObject({
      stateLabel: 'Rallied, still making death rolls',
      severity: 'hurt',
      canAct: true,
    });
    expect(T.checksDue(c, moment(3, 'ada')).map((r) => r.id)).toEqual(['death-roll:3']);
    // Knocked down again: a new Incapacitation, the injury roll is still owed once.
    c = harm(c, 'damage', 1);
    expect(health(c)).toMatchObject({ health: 0, downs: 2, injuryDue: true });
  });

  it('Hope: PCs lose and regain it within 0 and max Hope; NPCs have none', () => {
    let c = combatant('ada', 'pc', { wits: 3, empathy: 3 });
    c = harm(c, 'hope-loss', 2);
    expect(health(c).hope).toBe(1);
    c = harm(c, 'hope-loss', 5);
    expect(health(c).hope).toBe(0);
    c = harm(c, 'hope-gain', 9);
    expect(health(c).hope).toBe(3);
    expect(rulesError(() => harm(combatant('thug', 'npc'), 'hope-loss', 1)).message).toMatch(/no Hope/);
  });

  it('throws for harm it cannot take', () => {
    const c = combatant('ada');
    expect(rulesError(() => harm(c, 'poison', 1)).message).toMatch(/Unknown harm "poison"/);
    expect(rulesError(() => harm(c, 'damage', -1)).code).toBe('out-of-range');
    expect(() => T.applyHarm(c, { kind: 'damage', amount: 1, location: 'head' }, toggles)).toThrow(/no hit locations/);
    expect(() => harm(c, 'stabilize', 1)).toThrow(/not making death rolls/);
  });
});

describe('death rolls and serious injuries', () => {
  const down = () => harm(combatant('ada', 'pc', frail), 'damage', 2);

  it('a death roll is due on its own turn, once per turn', () => {
    let c = down();
    expect(T.checksDue(c, moment(1, null))).toEqual([]);
    expect(T.checksDue(c, moment(1, 'bob'))).toEqual([]);
    const [due] = T.checksDue(c, moment(1, 'ada'));
    expect(due).toMatchObject({ id: 'death-roll:1', combatantId: 'ada', dice: { count: 4, sides: 6 } });
    c = check(c, 'death-roll:1', [6, 1, 2, 3], moment(1, 'ada'));
    expect(health(c)).toMatchObject({ lastDeathRollRound: 1, deathRolls: { sixes: 1, failedRolls: 0 } });
    expect(T.checksDue(c, moment(1, 'ada'))).toEqual([]);
    expect(rulesError(() => check(c, 'death-roll:1', [6, 6, 6, 6], moment(1, 'ada'))).code).toBe('not-allowed');
    expect(T.checksDue(c, moment(2, 'ada')).map((r) => r.id)).toEqual(['death-roll:2']);
    expect(rulesError(() => check(c, 'death-roll:2', [6, 6, 6], moment(2, 'ada'))).message).toBe(
      'A death roll is 4 dice, got 3.',
    );
    expect(rulesError(() => check(c, 'death-roll:2', [6, 6, 6, 7], moment(2, 'ada'))).code).toBe('invalid-face');
  });

  it('three rolls with no 6 kill', () => {
    let c = down();
    for (const round of [1, 2, 3]) c = check(c, `death-roll:${round}`, [1, 2, 3, 4], moment(round, 'ada'));
    expect(health(c)).toMatchObject({ dead: true, killedBy: 'death-rolls', injuryDue: false });
    expect(T.healthView(c, toggles).stateLabel).toBe('Dead (failed death rolls)');
    expect(T.checksDue(c, moment(4, 'ada'))).toEqual([]);
  });

  it('three 6s stabilize; the survivor rolls on the Serious Injuries table', () => {
    let c = down();
    const out = T.resolveCheck(c, 'death-roll:1', [6, 6, 6, 1], moment(1, 'ada'), [c]);
    expect(out.steps.map((s) => s.text).join(' ')).toMatch(/Stabilized.*Serious Injuries/);
    c = { ...c, health: out.health };
    expect(T.healthView(c, toggles)).toMatchObject({ stateLabel: 'Incapacitated, Stabilized', canAct: false });
    const due = T.checksDue(c, moment(1, null));
    expect(due).toEqual([expect.objectContaining({ id: 'serious-injury:1', dice: { count: 2, sides: 6 } })]);
    expect(T.healthView(c, toggles).markers).toContain('Serious injury roll due (D66)');
    const injury = T.resolveCheck(c, 'serious-injury:1', [4, 1], moment(1, null), [c]);
    expect(injury.conditions).toEqual([
      {
        conditionId: 'broken-finger',
        label: 'Broken finger',
        note: '−1 die on rolls requiring two arms (shooting rifle, driving, climbing); heals in D6 days.',
      },
    ]);
    c = { ...c, health: injury.health };
    expect(T.checksDue(c, moment(2, 'ada'))).toEqual([]);
    expect(() => T.resolveCheck(c, 'serious-injury:1', [4, 1], moment(2, null), [c])).toThrow(/No check/);
  });

  it('an injury of 11–36 adds nothing; surgery injuries explain surgery; two dice only', () => {
    let c = down();
    c = check(c, 'death-roll:1', [6, 6, 6, 6], moment(1, 'ada'));
    expect(rulesError(() => T.resolveCheck(c, 'serious-injury:1', [4], moment(1, null), [c])).message).toMatch(
      /two dice/,
    );
    expect(T.resolveCheck(c, 'serious-injury:1', [3, 6], moment(1, null), [c]).conditions).toEqual([]);
    const lung = T.resolveCheck(c, 'serious-injury:1', [6, 4], moment(1, null), [c]);
    expect(lung.conditions?.[0]?.conditionId).toBe('punctured-lung');
    expect(lung.steps.at(-1)?.text).toMatch(/^Surgery:/);
  });

  it('a Medic stabilizes with at least one 6; then the injury roll is due', () => {
    let c = down();
    c = harm(c, 'stabilize', 0);
    expect(health(c).deathRolls?.state).toBe('dying');
    c = harm(c, 'stabilize', 2);
    expect(health(c).deathRolls?.state).toBe('stabilized');
    expect(T.checksDue(c, moment(1, 'ada')).map((r) => r.id)).toEqual(['serious-injury:1']);
    // Healed afterwards: back on their feet, the injury roll still owed.
    c = harm(c, 'heal', 1);
    expect(T.healthView(c, toggles)).toMatchObject({ stateLabel: 'Hurt', canAct: true });
    expect(T.checksDue(c, moment(1, 'ada')).map((r) => r.id)).toEqual(['serious-injury:1']);
  });

  it('refuses unknown checks and bad moments', () => {
    const c = down();
    expect(rulesError(() => T.resolveCheck(c, 'morale', [6], moment(1, 'ada'), [c])).message).toMatch(
      /No check "morale" is due for ada now; due: ada: death roll/,
    );
    expect(() => T.checksDue(c, { round: -1, activeCombatantId: null, toggles })).toThrow(/round/);
  });
});

describe('conditions', () => {
  it('has the taser, cover, ambush and every serious injury', () => {
    const ids = T.conditions.map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining(['lost-next-turn', 'in-cover', 'unaware', 'broken-finger']));
    expect(ids).toHaveLength(3 + 18);
    expect(new Set(ids).size).toBe(ids.length);
    expect(T.conditions.find((c) => c.id === 'in-cover')?.description).toMatch(/brick wall 6/);
    expect(T.conditions.find((c) => c.id === 'lost-next-turn')?.defaultRounds).toBe(1);
  });

  it('injuries show as modifiers', () => {
    const c = combatant('ada', 'pc', {}, 'party', ['concussion']);
    expect(T.healthView(c, toggles).modifiers).toContain('Concussion: −2 dice on Wits rolls.');
  });
});

describe('initiative', () => {
  const sides = [
    { id: 'party', name: 'The party' },
    { id: 'gang', name: 'The gang' },
    { id: 'empty', name: 'Nobody' },
  ];
  const ada = combatant('ada', 'pc', { wits: 2 });
  const bob = combatant('bob', 'pc', { wits: 5 });
  const thug = combatant('thug', 'npc', { wits: 3 });

  it('the participants are the sides with combatants, members in encounter order', () => {
    const parts = T.initiative.participants([ada, thug, bob], sides);
    expect(parts.map((p) => [p.id, p.label, p.members.map((m) => m.id)])).toEqual([
      ['party', 'The party', ['ada', 'bob']],
      ['gang', 'The gang', ['thug']],
    ]);
    expect(T.initiative.scope).toBe('side');
    expect(T.initiative.rerollEachRound).toBe(false);
    expect(() => T.initiative.participants([combatant('x', 'pc', {}, 'aliens')], sides)).toThrow(/not one of/);
  });

  it('each side rolls 1d6 + its highest Wits', () => {
    const [party] = T.initiative.participants([ada, bob], sides);
    expect(T.initiative.dice(party!, toggles)).toEqual({ count: 1, sides: 6 });
    const entry = T.initiative.score(party!, [3], toggles);
    expect(entry).toMatchObject({
      participantId: 'party',
      memberIds: ['ada', 'bob'],
      score: 8,
      display: '8',
      faces: [3],
      detail: { roll: 3, highestWits: 5, highestWitsOf: 'bob' },
    });
    expect(rulesError(() => T.initiative.score(party!, [3, 4], toggles)).message).toBe(
      'The party rolls one D6 for initiative, got 2 dice.',
    );
    expect(() => T.initiative.score(party!, [7], toggles)).toThrow(/d6/);
  });

  it('the highest Wits counts among members who can still act', () => {
    const downBob = harm(bob, 'damage', 9);
    const [party] = T.initiative.participants([ada, downBob], sides);
    expect(T.initiative.score(party!, [1], toggles).score).toBe(3);
  });

  it('orders by total; ties are sent back for a reroll', () => {
    const parts = T.initiative.participants([ada, bob, thug], sides);
    const roll = (p: InitiativeParticipant, face: number): InitiativeEntry => T.initiative.score(p, [face], toggles);
    const [party, gang] = parts as [InitiativeParticipant, InitiativeParticipant];
    const won = T.initiative.order([roll(party, 1), roll(gang, 6)], parts, toggles);
    expect(won.order).toEqual(['gang', 'party']);
    expect(won.tieToReroll).toBeUndefined();
    expect(won.steps.map((s) => s.text).join(' ')).toMatch(/The gang 9/);
    const tie = T.initiative.order([roll(party, 1), roll(gang, 3)], parts, toggles);
    expect(tie.tieToReroll).toEqual(['party', 'gang']);
    expect(tie.steps.at(-1)?.text).toMatch(/reroll/);
  });

  it('a single side, missing rolls and stray entries', () => {
    const parts = T.initiative.participants([ada], sides);
    const entry = T.initiative.score(parts[0]!, [2], toggles);
    expect(T.initiative.order([entry], parts, toggles).order).toEqual(['party']);
    const both = T.initiative.participants([ada, thug], sides);
    expect(() => T.initiative.order([entry], both, toggles)).toThrow(/has not rolled initiative/);
    expect(() => T.initiative.order([{ ...entry, participantId: 'aliens' }], parts, toggles)).toThrow(/no side/);
  });
});

describe('rounds', () => {
  const ada = combatant('ada', 'pc');
  const bob = combatant('bob', 'pc');
  const thug = combatant('thug', 'npc');
  const boss = combatant('boss', 'npc');
  const everyone = [ada, thug, bob, boss];
  const sides = [
    { id: 'party', name: 'Party' },
    { id: 'gang', name: 'Gang' },
  ];
  const context = (combatants: RulesCombatant[], order: string[] | null, tie?: string[]) => ({
    round: 1,
    combatants,
    participants: T.initiative.participants(combatants, sides),
    initiative: order ? { order, losesTurn: [], steps: [], ...(tie ? { tieToReroll: tie } : {}) } : null,
    entries: [],
    acted: [],
    toggles,
  });

  it('sides in initiative order, members in encounter order', () => {
    expect(T.buildRound(context(everyone, ['gang', 'party'])).map((s) => s.combatantId)).toEqual([
      'thug',
      'boss',
      'ada',
      'bob',
    ]);
    expect(T.buildRound(context(everyone, ['party', 'gang']))).toEqual([
      { combatantId: 'ada', pass: 1 },
      { combatantId: 'bob', pass: 1 },
      { combatantId: 'thug', pass: 1 },
      { combatantId: 'boss', pass: 1 },
    ]);
  });

  it('the dead get no turn; the dying keep theirs for the death roll; the stabilized wait', () => {
    const dead = harm(thug, 'damage', 20);
    const dying = harm(ada, 'damage', 3);
    const stable = harm(harm(bob, 'damage', 3), 'stabilize', 1);
    const slots = T.buildRound(context([dying, dead, stable, boss], ['party', 'gang']));
    expect(slots.map((s) => s.combatantId)).toEqual(['ada', 'boss']);
  });

  it('a tasered combatant keeps the slot of the turn it loses', () => {
    const tasered = { ...thug, conditionIds: ['lost-next-turn'] };
    expect(T.healthView(tasered, toggles).canAct).toBe(false);
    expect(T.buildRound(context([ada, tasered], ['party', 'gang'])).map((s) => s.combatantId)).toEqual(['ada', 'thug']);
    expect(T.economy(tasered, toggles)).toMatchObject({
      resources: [],
      summary: expect.stringMatching(/Loses this turn/),
    });
  });

  it('waits for initiative and for rerolled ties; a late side acts last', () => {
    expect(() => T.buildRound(context(everyone, null))).toThrow(/not rolled initiative/);
    expect(T.buildRound(context([ada, bob], null))).toHaveLength(2);
    expect(() => T.buildRound(context(everyone, ['party', 'gang'], ['party', 'gang']))).toThrow(/reroll the tie/);
    expect(T.buildRound(context(everyone, ['gang'])).map((s) => s.combatantId)).toEqual(['thug', 'boss', 'ada', 'bob']);
  });
});

describe('action economy', () => {
  it('one move and one action, or two moves; reactions forfeit the next turn', () => {
    const e = T.economy(combatant('ada'), toggles);
    expect(e.resources).toEqual([
      { id: 'move', label: 'Move', max: 1, refresh: 'turn' },
      { id: 'action', label: 'Action', max: 1, refresh: 'turn' },
    ]);
    const byId = Object.fromEntries(e.actions.map((a) => [a.id, a]));
    expect(byId.move).toMatchObject({ label: 'Move', costs: { move: 1 } });
    expect(byId.action).toMatchObject({ label: 'Action (attack, reload, take cover, rally…)', costs: { action: 1 } });
    expect(byId['second-move']).toMatchObject({ label: 'Second move (instead of the action)', costs: { action: 1 } });
    expect(byId['fight-back']).toMatchObject({ label: 'Fight back', reaction: true, forfeitsNextTurn: true });
    expect(byId.dodge).toMatchObject({ label: 'Dodge', reaction: true, forfeitsNextTurn: true });
    expect(e.summary).toBe('One move and one action (the move first), or two moves.');
  });

  it('Incapacitated: crawl only; dead: nothing', () => {
    const down = harm(combatant('ada', 'pc', frail), 'damage', 2);
    const e = T.economy(down, toggles);
    expect(e.actions.map((a) => a.id)).toEqual(['crawl']);
    expect(e.summary).toMatch(/Death roll this turn/);
    expect(T.economy(harm(down, 'damage', 9), toggles)).toEqual({
      resources: [],
      actions: [],
      summary: 'Dead.',
      rule: { section: 'Round Structure', source: 'seed' },
    });
  });

  it('a broken leg allows a move OR an action', () => {
    const e = T.economy(combatant('ada', 'pc', {}, 'party', ['broken-leg']), toggles);
    expect(e.resources).toEqual([{ id: 'turn', label: 'Move or action', max: 1, refresh: 'turn' }]);
    expect(e.actions.find((a) => a.id === 'second-move')).toBeUndefined();
    expect(e.summary).toBe('Broken leg: may move OR act, not both.');
  });
});

describe('encounter prompts', () => {
  it('Electric State has none', () => {
    expect(T.encounterPrompts([combatant('ada')], [])).toEqual([]);
  });
});

describe('stat blocks and health read once', () => {
  it('answers the same when asked again, and follows a new stat block over the same health', () => {
    const c = harm(combatant('a', 'pc', { strength: 4, agility: 4 }), 'damage', 1);
    const first = T.healthView(c, toggles);
    expect(first.tracks[0]).toMatchObject({ current: 3, max: 4 });
    expect(T.healthView(c, toggles)).toEqual(first);
    // Agility raised mid-fight: a new stat block over the same health record.
    const quicker = { ...c, stats: { ...c.stats, agility: 6 } };
    expect(T.healthView(quicker, toggles).tracks[0]).toMatchObject({ current: 3, max: 5 });
    expect(T.healthView(c, toggles)).toEqual(first);
  });

  it('rejects a bad health record or stat block every time, not only the first', () => {
    const bad = { ...combatant('b'), health: { ...(combatant('b').health as object), health: -1 } as HealthState };
    for (let i = 0; i < 2; i++) {
      expect(rulesError(() => T.healthView(bad, toggles)).message).toBe(
        "b's health is not Electric State health data: health is -1.",
      );
    }
    const badStats = { ...combatant('s'), stats: { wits: 9 } };
    for (let i = 0; i < 2; i++) expect(rulesError(() => T.economy(badStats, toggles)).message).toMatch(/Wits/);
  });

  it('names serious injuries from the conditions, in table order, whatever order they were added in', () => {
    const [first, second] = SERIOUS_INJURIES.filter((i) => i.moveOrAct);
    const c = combatant('i', 'pc', {}, 'party', [injuryConditionId(second!), 'in-cover', injuryConditionId(first!)]);
    expect(T.economy(c, toggles).summary).toBe(`${first!.injury}, ${second!.injury}: may move OR act, not both.`);
    expect(T.healthView(c, toggles).modifiers.slice(0, 2)).toEqual([
      `${first!.injury}: ${first!.effect}.`,
      `${second!.injury}: ${second!.effect}.`,
    ]);
  });
});
