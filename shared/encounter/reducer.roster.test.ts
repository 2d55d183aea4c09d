import { describe, expect, it } from 'vitest';
import { RulesError } from '../errors';
import type { EventInput, NewCombatant } from './events';
import { FAKE_SYSTEM_ID, createFakeLookup, eventMaker, initiativeEntry, warehouseRunning, warehouseSetup } from './fake-rules.test-support';
import { initiativeParticipants, reduce, remainingSlots, replay, type RulesLookup } from './reducer';
import { findCombatant, type EncounterState } from './state';

/** The roster: who is in the encounter, on which side, in which group, with which initiative. */

const lookup = createFakeLookup();
const rules = lookup.tracker(FAKE_SYSTEM_ID);
const ev = eventMaker('r');

function refusal(state: EncounterState, input: EventInput, rulesLookup: RulesLookup = lookup): string {
  try {
    reduce(state, ev(input), rulesLookup);
  } catch (error) {
    return error instanceof RulesError ? `${error.code}: ${error.message}` : `other: ${String(error)}`;
  }
  return 'accepted';
}

const setupState = () => replay(warehouseSetup(ev), lookup)!;
const runningState = () => replay(warehouseRunning(ev), lookup)!;
const add = (combatant: Partial<NewCombatant>): EventInput => ({
  type: 'combatant-added',
  combatant: { id: 'bo', name: 'Bo', kind: 'npc', side: 'opponents', stats: { hp: 7 }, ...combatant },
});
const order = (state: EncounterState) => remainingSlots(state, rules).map((s) => s.combatantId);

describe('combatant-added', () => {
  it('adds a combatant with its health from the rules and every default', () => {
    const state = reduce(setupState(), ev(add({ name: '  Bo  ' })), lookup);
    expect(findCombatant(state, 'bo')).toEqual({
      id: 'bo',
      name: 'Bo',
      kind: 'npc',
      side: 'opponents',
      groupId: null,
      templateId: null,
      stats: { hp: 7 },
      weapons: [],
      health: { hp: 7, lastStandRound: 0 },
      conditions: [],
      spent: {},
      forfeitNextTurn: false,
      hidden: false,
      removed: false,
      notes: '',
    });
  });

  it("keeps the sheet's weapons, checked by the system's weapon rules", () => {
    const club = { id: 'w1', name: 'Club', row: { tableId: 'fake-weapons', rowIndex: 0 }, values: { damage: 2 } };
    const state = reduce(setupState(), ev(add({ weapons: [club] })), lookup);
    expect(findCombatant(state, 'bo')!.weapons).toEqual([club]);
    expect(refusal(setupState(), add({ weapons: [{ ...club, values: { damage: 9 } }] }))).toBe(
      'invalid-input: Bo: Weapon "Club": Damage must be between 1 and 6, got 9.',
    );
  });

  it('keeps the group, template, hiding and notes it is given', () => {
    let state = reduce(setupState(), ev({ type: 'group-formed', groupId: 'gang', name: 'Gangers', combatantIds: ['g1', 'g2'] }), lookup);
    state = reduce(state, ev(add({ groupId: 'gang', templateId: 'ganger', hidden: true, notes: 'Behind the crates', kind: 'pc' })), lookup);
    expect(findCombatant(state, 'bo')).toMatchObject({ groupId: 'gang', templateId: 'ganger', hidden: true, notes: 'Behind the crates', kind: 'pc' });
  });

  it.each<[string, Partial<NewCombatant>, string]>([
    ['an id already in use', { id: 'g1' }, 'invalid-input: A combatant with id "g1" is already in the encounter.'],
    ['an empty name', { name: ' ' }, 'invalid-input: A combatant needs a name.'],
    ['an 81-character name', { name: 'b'.repeat(81) }, 'invalid-input: A combatant name is longer than 80 characters.'],
    ['an unknown kind', { kind: 'boss' as 'npc' }, 'invalid-input: A combatant is a "pc" or an "npc", not "boss".'],
    ['an unknown side', { side: 'nowhere' }, 'invalid-input: There is no side "nowhere" in this encounter.'],
    ['an unknown group', { groupId: 'nope' }, 'invalid-input: There is no group "nope".'],
    ['stats the rules refuse', { stats: { str: 3, hp: 500 } }, 'invalid-input: Bo: "str" is not a stat. hp must be 0–100.'],
  ])('refuses %s', (_what, combatant, sentence) => {
    expect(refusal(setupState(), add(combatant))).toBe(sentence);
  });

  it('accepts a name of exactly 80 characters and a PC', () => {
    const state = reduce(setupState(), ev(add({ name: 'b'.repeat(80), kind: 'pc' })), lookup);
    expect(findCombatant(state, 'bo')).toMatchObject({ name: 'b'.repeat(80), kind: 'pc' });
  });
});

describe('combatant-edited', () => {
  it('renames, re-notes, moves side and merges changed stats', () => {
    let state = reduce(setupState(), ev({ type: 'side-added', sideId: 'third', name: 'Bystanders' }), lookup);
    state = reduce(state, ev({ type: 'combatant-edited', combatantId: 'g1', name: ' Boss ', notes: 'Has the key', side: 'third', stats: { init: 3 } }), lookup);
    expect(findCombatant(state, 'g1')).toMatchObject({ name: 'Boss', notes: 'Has the key', side: 'third', stats: { hp: 6, init: 3 } });
    // Health is the rules' business: editing stats does not reset it.
    expect(findCombatant(state, 'g1')!.health).toEqual({ hp: 6, lastStandRound: 0 });
    expect(findCombatant(state, 'g2')).toMatchObject({ name: 'Ganger 2', side: 'opponents' });
  });

  it("replaces the sheet's weapon list, checked by the system's weapon rules", () => {
    const club = { id: 'w1', name: 'Club', values: { damage: 3 } };
    const armed = reduce(setupState(), ev({ type: 'combatant-edited', combatantId: 'g1', weapons: [club] }), lookup);
    expect(findCombatant(armed, 'g1')!.weapons).toEqual([club]);
    const disarmed = reduce(armed, ev({ type: 'combatant-edited', combatantId: 'g1', weapons: [] }), lookup);
    expect(findCombatant(disarmed, 'g1')!.weapons).toEqual([]);
    expect(refusal(armed, { type: 'combatant-edited', combatantId: 'g1', weapons: [{ ...club, name: '' }] })).toBe(
      'invalid-input: Ganger 1: Weapon 1 needs a name of 1 to 60 characters.',
    );
  });

  it('changes only what the event names', () => {
    const state = reduce(setupState(), ev({ type: 'combatant-edited', combatantId: 'g1', notes: '' }), lookup);
    expect(findCombatant(state, 'g1')).toEqual({ ...findCombatant(setupState(), 'g1'), notes: '' });
  });

  it('accepts notes of exactly 2000 characters', () => {
    const state = reduce(setupState(), ev({ type: 'combatant-edited', combatantId: 'g1', notes: 'n'.repeat(2000) }), lookup);
    expect(findCombatant(state, 'g1')!.notes).toHaveLength(2000);
  });

  it.each<[string, EventInput, string]>([
    ['notes over 2000 characters', { type: 'combatant-edited', combatantId: 'g1', notes: 'n'.repeat(2001) }, 'invalid-input: Notes must be text of at most 2000 characters.'],
    ['notes that are not text', { type: 'combatant-edited', combatantId: 'g1', notes: 5 as unknown as string }, 'invalid-input: Notes must be text of at most 2000 characters.'],
    ['an unknown side', { type: 'combatant-edited', combatantId: 'g1', side: 'nowhere' }, 'invalid-input: There is no side "nowhere" in this encounter.'],
    // The sentence names the combatant by the name given in the same edit.
    ['bad stats', { type: 'combatant-edited', combatantId: 'g1', name: 'Boss', stats: { hp: 101, str: 1 } }, 'invalid-input: Boss: hp must be 0–100. "str" is not a stat.'],
    ['an empty name', { type: 'combatant-edited', combatantId: 'g1', name: '' }, 'invalid-input: A combatant needs a name.'],
    ['someone unknown', { type: 'combatant-edited', combatantId: 'nobody', name: 'X' }, 'not-allowed: There is no combatant with id "nobody" in this encounter.'],
  ])('refuses %s', (_what, input, sentence) => {
    expect(refusal(setupState(), input)).toBe(sentence);
  });

  it('refuses to edit someone who has left', () => {
    const state = reduce(setupState(), ev({ type: 'combatant-removed', combatantId: 'g1' }), lookup);
    expect(refusal(state, { type: 'combatant-edited', combatantId: 'g1', name: 'X' })).toBe(
      'not-allowed: Ganger 1 has left the encounter; restore them before changing them.',
    );
    expect(refusal(state, { type: 'combatant-removed', combatantId: 'g1' })).toBe(
      'not-allowed: Ganger 1 has left the encounter; restore them before changing them.',
    );
  });
});

describe('combatant-removed and combatant-revealed', () => {
  it('keeps a removed combatant for the log, and the turn where it was when another leaves', () => {
    const state = reduce(runningState(), ev({ type: 'combatant-removed', combatantId: 'g2' }), lookup);
    expect(findCombatant(state, 'g2')!.removed).toBe(true);
    expect(state.current).toEqual({ combatantId: 'ghost', pass: 1 });
    expect(state.acted).toEqual([]);
    expect(order(state)).toEqual(['g1']);
  });

  it('moves the turn on when the current one leaves, counting that turn as taken', () => {
    const state = reduce(runningState(), ev({ type: 'combatant-removed', combatantId: 'ghost' }), lookup);
    expect(state.current).toEqual({ combatantId: 'g2', pass: 1 });
    expect(state.acted).toEqual([{ combatantId: 'ghost', pass: 1 }]);
  });

  it('reveals a hidden combatant, and refuses to reveal one who is not hidden', () => {
    let state = reduce(setupState(), ev(add({ hidden: true })), lookup);
    state = reduce(state, ev({ type: 'combatant-revealed', combatantId: 'bo' }), lookup);
    expect(findCombatant(state, 'bo')!.hidden).toBe(false);
    expect(refusal(state, { type: 'combatant-revealed', combatantId: 'bo' })).toBe('not-allowed: Bo is not hidden.');
  });
});

describe('groups', () => {
  const formGang: EventInput = { type: 'group-formed', groupId: 'gang', name: ' Gangers ', combatantIds: ['g1', 'g2'] };

  it('forms a group of two or more NPCs of one side', () => {
    let state = reduce(setupState(), ev(add({})), lookup);
    state = reduce(state, ev(formGang), lookup);
    expect(state.groups).toEqual([{ id: 'gang', name: 'Gangers' }]);
    expect(state.combatants.map((c) => [c.id, c.groupId])).toEqual([
      ['ghost', null],
      ['g1', 'gang'],
      ['g2', 'gang'],
      ['bo', null],
    ]);
  });

  it.each<[string, EventInput, string]>([
    ['a group id in use', { type: 'group-formed', groupId: 'gang', name: 'Again', combatantIds: ['g1', 'g2'] }, 'invalid-input: There is already a group "gang".'],
    ['a group of one', { type: 'group-formed', groupId: 'solo', name: 'Solo', combatantIds: ['bo'] }, 'invalid-input: A group needs at least two combatants.'],
    ['a group across sides', { type: 'group-formed', groupId: 'mixed', name: 'Mixed', combatantIds: ['bo', 'ally'] }, 'not-allowed: A group must be on one side.'],
    ['a group with a PC', { type: 'group-formed', groupId: 'mixed', name: 'Mixed', combatantIds: ['bo', 'ghost'] }, 'not-allowed: Only NPCs can be grouped.'],
    ['a nameless group', { type: 'group-formed', groupId: 'pair', name: '', combatantIds: ['bo', 'cy'] }, 'invalid-input: A group needs a name.'],
    ['a group with someone unknown', { type: 'group-formed', groupId: 'pair', name: 'Pair', combatantIds: ['bo', 'nobody'] }, 'not-allowed: There is no combatant with id "nobody" in this encounter.'],
    ['dissolving an unknown group', { type: 'group-dissolved', groupId: 'nope' }, 'invalid-input: There is no group "nope".'],
  ])('refuses %s', (_what, input, sentence) => {
    let state = replay([...warehouseSetup(ev), ev(add({})), ev(add({ id: 'cy', name: 'Cy' })), ev(add({ id: 'ally', name: 'Ally', side: 'party' }))], lookup)!;
    state = reduce(state, ev(formGang), lookup);
    expect(refusal(state, input)).toBe(sentence);
  });

  it('dissolves a group: its members act alone again and its initiative is dropped', () => {
    let state = replay([...warehouseSetup(ev), ev(formGang), ev({ type: 'encounter-started' })], lookup)!;
    state = reduce(state, ev({ type: 'initiative-rolled', entries: [initiativeEntry('ghost', ['ghost'], 3), initiativeEntry('gang', ['g1', 'g2'], 7)], rolls: [] }), lookup);
    expect(state.current).toEqual({ combatantId: 'g1', pass: 1 });
    state = reduce(state, ev({ type: 'group-dissolved', groupId: 'gang' }), lookup);
    expect(state.groups).toEqual([]);
    expect(state.combatants.map((c) => c.groupId)).toEqual([null, null, null]);
    expect(state.initiative.entries.map((e) => e.participantId)).toEqual(['ghost']);
    // The gangers now roll for themselves.
    state = reduce(state, ev({ type: 'initiative-rolled', entries: [initiativeEntry('g1', ['g1'], 1), initiativeEntry('g2', ['g2'], 5)], rolls: [] }), lookup);
    expect(state.initiative.order!.order).toEqual(['g2', 'ghost', 'g1']);
  });

  it('lets each member of a group roll its own initiative, and the group roll once again', () => {
    let state = replay([...warehouseSetup(ev), ev(formGang), ev({ type: 'encounter-started' })], lookup)!;
    state = reduce(state, ev({ type: 'initiative-rolled', entries: [initiativeEntry('ghost', ['ghost'], 3), initiativeEntry('gang', ['g1', 'g2'], 7)], rolls: [] }), lookup);
    expect(initiativeParticipants(state, rules).map((p) => p.id)).toEqual(['ghost', 'gang']);

    state = reduce(state, ev({ type: 'group-initiative-set', groupId: 'gang', eachRolls: true }), lookup);
    expect(state.groups).toEqual([{ id: 'gang', name: 'Gangers', eachRollsInitiative: true }]);
    // Still one group (named, one morale check), but each member is an initiative participant.
    expect(state.combatants.map((c) => c.groupId)).toEqual([null, 'gang', 'gang']);
    expect(initiativeParticipants(state, rules).map((p) => p.id)).toEqual(['ghost', 'g1', 'g2']);
    // The group's result names nobody who rolls now: dropped, the order rebuilt without it.
    expect(state.initiative.entries.map((e) => e.participantId)).toEqual(['ghost']);
    expect(state.initiative.order!.order).toEqual(['ghost']);
    state = reduce(state, ev({ type: 'initiative-rolled', entries: [initiativeEntry('g1', ['g1'], 1), initiativeEntry('g2', ['g2'], 5)], rolls: [] }), lookup);
    expect(state.initiative.order!.order).toEqual(['g2', 'ghost', 'g1']);

    state = reduce(state, ev({ type: 'group-initiative-set', groupId: 'gang', eachRolls: false }), lookup);
    expect(state.groups).toEqual([{ id: 'gang', name: 'Gangers', eachRollsInitiative: false }]);
    expect(initiativeParticipants(state, rules).map((p) => p.id)).toEqual(['ghost', 'gang']);
    expect(state.initiative.entries.map((e) => e.participantId)).toEqual(['ghost']);
  });

  it.each<[string, EventInput, string]>([
    ['an unknown group', { type: 'group-initiative-set', groupId: 'nope', eachRolls: true }, 'invalid-input: There is no group "nope".'],
    ['what is already so', { type: 'group-initiative-set', groupId: 'gang', eachRolls: false }, 'not-allowed: Gangers already rolls initiative as one.'],
    ['a value that is not on or off', { type: 'group-initiative-set', groupId: 'gang', eachRolls: 'yes' as unknown as boolean }, 'invalid-input: Whether each member rolls must be true or false, got "yes".'],
  ])('refuses to change how a group rolls initiative for %s', (_what, input, sentence) => {
    const state = replay([...warehouseSetup(ev), ev(formGang)], lookup)!;
    expect(refusal(state, input)).toBe(sentence);
    const split = reduce(state, ev({ type: 'group-initiative-set', groupId: 'gang', eachRolls: true }), lookup);
    expect(refusal(split, { type: 'group-initiative-set', groupId: 'gang', eachRolls: true })).toBe(
      'not-allowed: Each member of Gangers already rolls its own initiative.',
    );
  });

  it('dissolves only the named group', () => {
    let state = replay([...warehouseSetup(ev), ev(add({})), ev(add({ id: 'cy', name: 'Cy' })), ev(formGang)], lookup)!;
    state = reduce(state, ev({ type: 'group-formed', groupId: 'pair', name: 'Pair', combatantIds: ['bo', 'cy'] }), lookup);
    state = reduce(state, ev({ type: 'group-dissolved', groupId: 'gang' }), lookup);
    expect(state.groups).toEqual([{ id: 'pair', name: 'Pair' }]);
    expect(state.combatants.map((c) => c.groupId)).toEqual([null, null, null, 'pair', 'pair']);
  });
});

describe('initiative', () => {
  it('refuses an empty roll, and a result for someone who does not roll', () => {
    const started = reduce(setupState(), ev({ type: 'encounter-started' }), lookup);
    expect(refusal(started, { type: 'initiative-rolled', entries: [], rolls: [] })).toBe('invalid-input: Initiative needs at least one result.');
    expect(refusal(started, { type: 'initiative-rolled', entries: [initiativeEntry('nobody', ['nobody'], 3)], rolls: [] })).toBe(
      'invalid-input: "nobody" does not roll initiative in this encounter.',
    );
    const grouped = reduce(started, ev({ type: 'group-formed', groupId: 'gang', name: 'Gangers', combatantIds: ['g1', 'g2'] }), lookup);
    expect(refusal(grouped, { type: 'initiative-rolled', entries: [initiativeEntry('g1', ['g1'], 3)], rolls: [] })).toBe(
      'invalid-input: "g1" does not roll initiative in this encounter.',
    );
  });

  it('merges results by participant, a reroll replacing the earlier one, and starts once everyone has rolled', () => {
    let state = reduce(setupState(), ev({ type: 'encounter-started' }), lookup);
    state = reduce(state, ev({ type: 'initiative-rolled', entries: [initiativeEntry('ghost', ['ghost'], 2), initiativeEntry('g1', ['g1'], 5)], rolls: [] }), lookup);
    expect(state.current).toBeNull();
    expect(state.initiative.order!.order).toEqual(['g1', 'ghost']);
    state = reduce(state, ev({ type: 'initiative-rolled', entries: [initiativeEntry('ghost', ['ghost'], 8)], rolls: [] }), lookup);
    expect(state.initiative.entries.map((e) => [e.participantId, e.score])).toEqual([
      ['g1', 5],
      ['ghost', 8],
    ]);
    expect(state.current).toBeNull();
    state = reduce(state, ev({ type: 'initiative-rolled', entries: [initiativeEntry('g2', ['g2'], 1)], rolls: [] }), lookup);
    expect(state.current).toEqual({ combatantId: 'ghost', pass: 1 });
    expect(order(state)).toEqual(['g1', 'g2']);
  });

  it('takes initiative during setup without starting any turn', () => {
    const state = reduce(setupState(), ev({ type: 'initiative-rolled', entries: [initiativeEntry('ghost', ['ghost'], 2), initiativeEntry('g1', ['g1'], 5), initiativeEntry('g2', ['g2'], 4)], rolls: [] }), lookup);
    expect(state).toMatchObject({ status: 'setup', current: null, round: 0 });
    expect(remainingSlots(state, rules)).toEqual([]);
  });

  it('drops the result of someone who has left when the next result comes in', () => {
    let state = reduce(runningState(), ev({ type: 'combatant-removed', combatantId: 'g1' }), lookup);
    state = reduce(state, ev({ type: 'initiative-rolled', entries: [initiativeEntry('g2', ['g2'], 10)], rolls: [] }), lookup);
    expect(state.initiative.entries.map((e) => e.participantId)).toEqual(['ghost', 'g2']);
    expect(state.initiative.order!.order).toEqual(['g2', 'ghost']);
    // A reroll mid-round does not take the turn away from whoever has it.
    expect(state.current).toEqual({ combatantId: 'ghost', pass: 1 });
  });

  it('reorders the initiative when a toggle the order depends on changes', () => {
    const toggling = createFakeLookup({ modeBReversesOrder: true });
    let state = replay(warehouseRunning(ev), toggling)!;
    expect(state.initiative.order!.order).toEqual(['ghost', 'g2', 'g1']);
    state = reduce(state, ev({ type: 'toggle-changed', toggleId: 'mode', value: 'b' }), toggling);
    expect(state.toggles).toEqual({ mode: 'b' });
    expect(state.initiative.order!.order).toEqual(['g1', 'g2', 'ghost']);
    expect(remainingSlots(state, toggling.tracker(FAKE_SYSTEM_ID)).map((s) => s.combatantId)).toEqual(['g1', 'g2']);
  });

  it('changes a toggle before initiative without inventing an order', () => {
    const state = reduce(setupState(), ev({ type: 'toggle-changed', toggleId: 'mode', value: 'b' }), lookup);
    expect(state.toggles).toEqual({ mode: 'b' });
    expect(state.initiative).toEqual({ entries: [], order: null });
  });
});
