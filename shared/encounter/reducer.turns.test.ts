import { describe, expect, it } from 'vitest';
import { RulesError } from '../errors';
import type { EventInput } from './events';
import { FAKE_SYSTEM_ID, createFakeLookup, eventMaker, initiativeEntry, warehouseRunning, warehouseSetup } from './fake-rules.test-support';
import { reduce, remainingSlots, replay, type RulesLookup } from './reducer';
import { findCombatant, type ActiveCondition, type EncounterState } from './state';

/** Turns and rounds: refills, condition durations, skipped and rewound turns, ties. */

const lookup = createFakeLookup();
const ev = eventMaker('t');

function refusal(state: EncounterState, input: EventInput, rulesLookup: RulesLookup = lookup): string {
  try {
    reduce(state, ev(input), rulesLookup);
  } catch (error) {
    return error instanceof RulesError ? `${error.code}: ${error.message}` : `other: ${String(error)}`;
  }
  return 'accepted';
}

/** Folds the inputs one by one, as the store appends them. */
function play(state: EncounterState, inputs: EventInput[], rulesLookup: RulesLookup = lookup): EncounterState {
  return inputs.reduce((s, input) => reduce(s, ev(input), rulesLookup), state);
}

const advance: EventInput = { type: 'turn-advanced' };
const act = (combatantId: string, actionId: string): EventInput => ({ type: 'action-taken', combatantId, actionId });
const spent = (state: EncounterState, id: string) => findCombatant(state, id)!.spent;
const turnOf = (state: EncounterState) => state.current?.combatantId;

describe('the action economy refills', () => {
  // Order: Ghost, Ganger 2, Ganger 1. "parry" is a reaction that costs no turn.
  const parrying = createFakeLookup({ parry: true });

  it('turn resources at the start of the bearer’s turn, round resources at the start of a round', () => {
    let state = replay(warehouseRunning(ev), parrying)!;
    state = play(state, [act('ghost', 'attack'), act('g1', 'parry')], parrying);
    expect(spent(state, 'ghost')).toEqual({ action: 1 });
    expect(spent(state, 'g1')).toEqual({ reaction: 1 });

    state = play(state, [advance, advance], parrying);
    expect(turnOf(state)).toBe('g1');
    // Ganger 1's own turn gives back the action, not the round's reaction.
    expect(spent(state, 'g1')).toEqual({ reaction: 1 });
    expect(spent(state, 'ghost')).toEqual({ action: 1 });
    expect(refusal(state, act('g1', 'parry'), parrying)).toBe('not-allowed: Ganger 1 has 0 reaction left; Parry needs 1.');

    state = play(state, [act('g1', 'attack'), advance], parrying);
    expect(state.round).toBe(2);
    expect(turnOf(state)).toBe('ghost');
    expect(spent(state, 'ghost')).toEqual({});
    // The new round gives back the reaction; the action waits for Ganger 1's turn.
    expect(spent(state, 'g1')).toEqual({ action: 1 });

    state = play(state, [advance, advance], parrying);
    expect(turnOf(state)).toBe('g1');
    expect(spent(state, 'g1')).toEqual({});
    expect(refusal(state, act('g1', 'attack'), parrying)).toBe('accepted');
  });

  it('does not refill someone who has left', () => {
    let state = replay(warehouseRunning(ev), parrying)!;
    state = play(state, [act('g1', 'parry'), { type: 'combatant-removed', combatantId: 'g1' }, advance, advance], parrying);
    expect(state.round).toBe(2);
    expect(spent(state, 'g1')).toEqual({ reaction: 1 });
  });

  it('keeps the very same combatant when a turn starts with nothing to refill or tick', () => {
    const state = replay(warehouseRunning(ev), lookup)!;
    const next = reduce(state, ev(advance), lookup);
    expect(turnOf(next)).toBe('g2');
    expect(findCombatant(next, 'g2')).toBe(findCombatant(state, 'g2'));
  });
});

describe('actions', () => {
  it('refuses an unknown action, an action out of turn, and one over what is left, with sentences', () => {
    let state = replay(warehouseRunning(ev), lookup)!;
    expect(refusal(state, act('ghost', 'fly'))).toBe('not-allowed: Ghost cannot take "fly" now. One action per turn.');
    expect(refusal(state, act('g1', 'attack'))).toBe("not-allowed: It is Ghost's turn, not Ganger 1's; only reactions can be taken outside one's own turn.");
    state = reduce(state, ev(act('ghost', 'attack')), lookup);
    expect(refusal(state, act('ghost', 'attack'))).toBe('not-allowed: Ghost has 0 action left; Attack needs 1.');
  });

  it('refuses an action while nobody has the turn', () => {
    const started = replay([...warehouseSetup(ev), ev({ type: 'encounter-started' })], lookup)!;
    expect(refusal(started, act('ghost', 'attack'))).toBe("not-allowed: No turn is being taken now; Ghost acts on their own turn.");
  });

  it('refuses an action that costs a resource the combatant does not have', () => {
    const fake = createFakeLookup();
    const tracker = fake.tracker(FAKE_SYSTEM_ID);
    const aiming: RulesLookup = {
      system: fake.system,
      tracker: () => ({
        ...tracker,
        economy: (...args) => {
          const economy = tracker.economy(...args);
          return { ...economy, actions: [...economy.actions, { id: 'aim', label: 'Aim', costs: { focus: 1 } }] };
        },
      }),
    };
    const state = replay(warehouseRunning(ev), aiming)!;
    expect(refusal(state, act('ghost', 'aim'), aiming)).toBe('not-allowed: Aim needs "focus", which Ghost does not have.');
  });

  it('a reaction taken on one’s own turn still forfeits the next, whatever is done after it', () => {
    let state = replay(warehouseRunning(ev), lookup)!;
    state = play(state, [act('ghost', 'dodge'), act('ghost', 'attack')]);
    expect(findCombatant(state, 'ghost')).toMatchObject({ spent: { reaction: 1, action: 1 }, forfeitNextTurn: true });
    state = play(state, [advance, advance, advance]);
    // Round 2 opens on Ghost's forfeited turn: skipped, with the reason, and the flag spent.
    expect(state.round).toBe(2);
    expect(turnOf(state)).toBe('g2');
    expect(state.acted).toEqual([{ combatantId: 'ghost', pass: 1 }]);
    expect(state.skipped).toEqual([{ slot: { combatantId: 'ghost', pass: 1 }, reason: 'Ghost reacted and forfeits this turn.' }]);
    expect(findCombatant(state, 'ghost')!.forfeitNextTurn).toBe(false);
    // Ghost's action is not refilled by a skipped turn.
    expect(spent(state, 'ghost')).toEqual({ action: 1 });
  });

  it('a reaction that does not forfeit leaves the next turn alone', () => {
    const parrying = createFakeLookup({ parry: true });
    const state = play(replay(warehouseRunning(ev), parrying)!, [act('g2', 'parry'), advance], parrying);
    expect(findCombatant(state, 'g2')!.forfeitNextTurn).toBe(false);
    expect(turnOf(state)).toBe('g2');
    expect(state.skipped).toEqual([]);
  });
});

describe('turn-rewound', () => {
  it('gives the turn back to the previous slot and forgets that it was skipped', () => {
    let state = replay(warehouseRunning(ev), lookup)!;
    state = play(state, [act('g2', 'dodge'), advance]);
    expect(turnOf(state)).toBe('g1');
    expect(state.acted).toEqual([
      { combatantId: 'ghost', pass: 1 },
      { combatantId: 'g2', pass: 1 },
    ]);
    expect(state.skipped.map((s) => s.slot.combatantId)).toEqual(['g2']);
    state = reduce(state, ev({ type: 'turn-rewound' }), lookup);
    expect(state.current).toEqual({ combatantId: 'g2', pass: 1 });
    expect(state.acted).toEqual([{ combatantId: 'ghost', pass: 1 }]);
    expect(state.skipped).toEqual([]);
    state = reduce(state, ev({ type: 'turn-rewound' }), lookup);
    expect(state.current).toEqual({ combatantId: 'ghost', pass: 1 });
    expect(state.acted).toEqual([]);
    expect(remainingSlots(state, lookup.tracker(FAKE_SYSTEM_ID)).map((s) => s.combatantId)).toEqual(['g2', 'g1']);
  });

  it('keeps the record of other skipped turns', () => {
    let state = replay(warehouseRunning(ev), lookup)!;
    state = play(state, [act('ghost', 'dodge'), advance, advance, advance, advance]);
    expect(state.round).toBe(2);
    expect(turnOf(state)).toBe('g1');
    state = reduce(state, ev({ type: 'turn-rewound' }), lookup);
    expect(turnOf(state)).toBe('g2');
    expect(state.skipped).toEqual([{ slot: { combatantId: 'ghost', pass: 1 }, reason: 'Ghost reacted and forfeits this turn.' }]);
  });
});

describe('condition durations', () => {
  const condition = (combatantId: string, instanceId: string, rounds: number | undefined, expires?: ActiveCondition['expires']): EventInput => ({
    type: 'condition-added',
    combatantId,
    instanceId,
    condition: { conditionId: instanceId, label: instanceId.toUpperCase(), ...(rounds === undefined ? {} : { rounds }), ...(expires ? { expires } : {}) },
  });
  const left = (state: EncounterState, id: string) => findCombatant(state, id)!.conditions.map((c) => [c.instanceId, c.roundsLeft]);

  it('tick at the bearer’s turn start, turn end, or the end of the round, and expire at 0', () => {
    let state = replay(warehouseRunning(ev), lookup)!;
    state = play(state, [
      condition('ghost', 'aim', 2, 'turn-start'),
      condition('ghost', 'held', undefined),
      condition('g2', 'stunned', 2, 'turn-end'),
      condition('g1', 'smoke', 1, 'round-end'),
    ]);
    expect(findCombatant(state, 'ghost')!.conditions[1]).toEqual({ instanceId: 'held', conditionId: 'held', label: 'HELD', roundsLeft: null, expires: 'turn-end', note: '' });

    state = reduce(state, ev(advance), lookup); // Ghost's turn ends, Ganger 2's starts.
    expect(left(state, 'ghost')).toEqual([['aim', 2], ['held', null]]);
    expect(left(state, 'g2')).toEqual([['stunned', 2]]);

    state = reduce(state, ev(advance), lookup); // Ganger 2's turn ends.
    expect(left(state, 'g2')).toEqual([['stunned', 1]]);
    expect(left(state, 'g1')).toEqual([['smoke', 1]]);

    state = reduce(state, ev(advance), lookup); // Ganger 1's turn ends, the round ends, Ghost's turn starts.
    expect(state.round).toBe(2);
    expect(left(state, 'g1')).toEqual([]);
    expect(left(state, 'ghost')).toEqual([['aim', 1], ['held', null]]);

    state = play(state, [advance, advance]); // Ganger 2's second turn ends.
    expect(left(state, 'g2')).toEqual([]);
    state = reduce(state, ev(advance), lookup); // Round 3: Ghost's turn starts.
    expect(left(state, 'ghost')).toEqual([['held', null]]);
  });

  it('tick only their own timing, and never one that lasts until removed', () => {
    let state = replay(warehouseRunning(ev), lookup)!;
    state = play(state, [condition('ghost', 'aim', 3, 'turn-start'), condition('ghost', 'stunned', 3, 'turn-end'), condition('ghost', 'held', undefined, 'turn-end')]);
    state = reduce(state, ev(advance), lookup);
    expect(left(state, 'ghost')).toEqual([['aim', 3], ['stunned', 2], ['held', null]]);
    // Round 2: Ghost's turn start ticks only the turn-start condition.
    state = play(state, [advance, advance]);
    expect(left(state, 'ghost')).toEqual([['aim', 2], ['stunned', 2], ['held', null]]);
  });

  it('leave the round’s order alone at a turn start when none of that timing ticks', () => {
    let state = replay(warehouseRunning(ev), lookup)!;
    state = play(state, [condition('g2', 'dazed', 2, 'turn-end'), advance]);
    expect(turnOf(state)).toBe('g2');
    expect(state.plan?.map((s) => s.combatantId)).toEqual(['ghost', 'g2', 'g1']);
  });

  it('mark the round’s order for rebuilding when one expires at a turn start', () => {
    let state = replay(warehouseRunning(ev), lookup)!;
    state = play(state, [condition('g2', 'aim', 1, 'turn-start'), advance]);
    expect(left(state, 'g2')).toEqual([]);
    expect(state.plan).toBeNull();
    const quiet = play(replay(warehouseRunning(ev), lookup)!, [advance]);
    expect(quiet.plan?.map((s) => s.combatantId)).toEqual(['ghost', 'g2', 'g1']);
  });

  it('stop for someone who has left', () => {
    let state = replay(warehouseRunning(ev), lookup)!;
    state = play(state, [condition('g1', 'smoke', 1, 'round-end'), { type: 'combatant-removed', combatantId: 'g1' }, advance, advance]);
    expect(state.round).toBe(2);
    expect(left(state, 'g1')).toEqual([['smoke', 1]]);
  });

  it.each<[string, number, string]>([
    ['0 rounds', 0, 'invalid-input: A condition lasts a whole number of rounds from 1 to 1000, not 0.'],
    ['1001 rounds', 1001, 'invalid-input: A condition lasts a whole number of rounds from 1 to 1000, not 1001.'],
    ['1.5 rounds', 1.5, 'invalid-input: A condition lasts a whole number of rounds from 1 to 1000, not 1.5.'],
  ])('refuses a condition of %s', (_what, rounds, sentence) => {
    expect(refusal(replay(warehouseRunning(ev), lookup)!, condition('g1', 'x', rounds))).toBe(sentence);
  });

  it('accepts 1 and 1000 rounds, with a note', () => {
    let state = replay(warehouseRunning(ev), lookup)!;
    state = play(state, [condition('g1', 'short', 1), { type: 'condition-added', combatantId: 'g1', instanceId: 'long', condition: { conditionId: 'long', label: ' Long ', rounds: 1000, expires: 'round-end', note: 'Poison' } }]);
    expect(findCombatant(state, 'g1')!.conditions).toEqual([
      { instanceId: 'short', conditionId: 'short', label: 'SHORT', roundsLeft: 1, expires: 'turn-end', note: '' },
      { instanceId: 'long', conditionId: 'long', label: 'Long', roundsLeft: 1000, expires: 'round-end', note: 'Poison' },
    ]);
  });
});

describe('rounds and initiative', () => {
  it('a system that rerolls keeps the initiative rolled before round 1', () => {
    const reroll = createFakeLookup({ rerollEachRound: true });
    const state = replay(
      [
        ...warehouseSetup(ev),
        ev({ type: 'initiative-rolled', entries: [initiativeEntry('ghost', ['ghost'], 2), initiativeEntry('g1', ['g1'], 8), initiativeEntry('g2', ['g2'], 5)], rolls: [] }),
        ev({ type: 'encounter-started' }),
      ],
      reroll,
    )!;
    expect(state).toMatchObject({ round: 1, current: { combatantId: 'g1', pass: 1 } });
  });

  it('says nobody can act when everyone left while a new round waits for initiative', () => {
    const reroll = createFakeLookup({ rerollEachRound: true });
    let state = replay(warehouseRunning(ev), reroll)!;
    state = play(state, [advance, advance, advance], reroll);
    expect(state).toMatchObject({ round: 2, current: null });
    state = play(state, ['ghost', 'g1', 'g2'].map((combatantId): EventInput => ({ type: 'combatant-removed', combatantId })), reroll);
    expect(refusal(state, advance, reroll)).toBe('not-allowed: Nobody can act this round.');
  });

  it('a tie the rules want rerolled holds the round until it is rolled again', () => {
    const ties = createFakeLookup({ tiesReroll: true });
    let state = replay([...warehouseSetup(ev), ev({ type: 'encounter-started' })], ties)!;
    state = reduce(state, ev({ type: 'initiative-rolled', entries: [initiativeEntry('ghost', ['ghost'], 5), initiativeEntry('g1', ['g1'], 5), initiativeEntry('g2', ['g2'], 3)], rolls: [] }), ties);
    expect(state.initiative.order!.tieToReroll).toEqual(['ghost', 'g1']);
    expect(state.current).toBeNull();
    expect(remainingSlots(state, ties.tracker(FAKE_SYSTEM_ID))).toEqual([]);
    expect(refusal(state, advance, ties)).toBe('not-allowed: Roll initiative first.');
    state = reduce(state, ev({ type: 'initiative-rolled', entries: [initiativeEntry('ghost', ['ghost'], 6)], rolls: [] }), ties);
    expect(state.current).toEqual({ combatantId: 'ghost', pass: 1 });
    expect(remainingSlots(state, ties.tracker(FAKE_SYSTEM_ID)).map((s) => s.combatantId)).toEqual(['g1', 'g2']);
  });

  it('lists the turns of those who rolled while others still have to', () => {
    let state = replay([...warehouseSetup(ev), ev({ type: 'encounter-started' })], lookup)!;
    state = reduce(state, ev({ type: 'initiative-rolled', entries: [initiativeEntry('ghost', ['ghost'], 2), initiativeEntry('g1', ['g1'], 5)], rolls: [] }), lookup);
    expect(state.current).toBeNull();
    expect(remainingSlots(state, lookup.tracker(FAKE_SYSTEM_ID)).map((s) => s.combatantId)).toEqual(['g1', 'ghost']);
  });

  it('starts a new round with nobody having acted or been skipped', () => {
    let state = replay(warehouseRunning(ev), lookup)!;
    state = play(state, [act('g2', 'dodge'), advance, advance]);
    expect(state).toMatchObject({ round: 2, acted: [], skipped: [], current: { combatantId: 'ghost', pass: 1 } });
  });
});
