import { describe, expect, it } from 'vitest';
import type { TurnSlot } from '../system-kit/tracker-rules';
import { createFakeTracker } from './fake-rules.test-support';
import { remainingSlots } from './reducer';
import { nextSlot } from './reducer-turn-order';
import { DEFAULT_SIDES, type EncounterState } from './state';

const rules = createFakeTracker();
const slot = (combatantId: string, pass = 1): TurnSlot => ({ combatantId, pass });
const PLAN = [slot('a'), slot('b'), slot('c'), slot('a', 2), slot('d'), slot('b', 2)];

/** A running round whose kept plan is PLAN; `acted` and `current` are fresh objects, as after a rebuild. */
function round(acted: readonly TurnSlot[], current: TurnSlot | null): EncounterState {
  return {
    id: 'e',
    name: 'Slots',
    systemId: 'fake' as EncounterState['systemId'],
    toggles: {},
    status: 'running',
    round: 1,
    sides: DEFAULT_SIDES,
    groups: [],
    combatants: [],
    initiative: { entries: [], order: { order: [], losesTurn: [], steps: [] } },
    acted,
    plan: PLAN,
    current,
    skipped: [],
    promptsDone: [],
  };
}

describe('the turns still to come', () => {
  it('are the rest of the plan when the turns taken are its first slots, matched by value', () => {
    const state = round([slot('a'), slot('b')], slot('c'));
    expect(remainingSlots(state, rules)).toEqual([slot('a', 2), slot('d'), slot('b', 2)]);
    expect(remainingSlots(state, rules)[0]).toBe(PLAN[3]);
    expect(nextSlot({ ...state, current: null, acted: [slot('a'), slot('b'), slot('c')] }, rules)).toBe(PLAN[3]);
  });

  it('leave out turns taken elsewhere in the plan, by combatant and pass', () => {
    // A reordering change put "c" (already acted) after turns still to come.
    const state = round([slot('a'), slot('c')], slot('b'));
    expect(remainingSlots(state, rules)).toEqual([slot('a', 2), slot('d'), slot('b', 2)]);
    // "a" in pass 1 is taken, "a" in pass 2 is not.
    expect(nextSlot({ ...state, current: null, acted: [slot('c'), slot('a')] }, rules)).toBe(PLAN[1]);
    expect(nextSlot({ ...state, current: null, acted: [slot('b'), slot('a'), slot('d'), slot('c')] }, rules)).toBe(
      PLAN[3],
    );
    expect(
      nextSlot({ ...state, current: null, acted: [...PLAN].reverse().map((s) => ({ ...s })) }, rules),
    ).toBeUndefined();
  });
});
