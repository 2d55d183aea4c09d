import { describe, expect, it } from 'vitest';
import type { RollRecord } from '../dice/record';
import { RulesError } from '../errors';
import type { EventInput } from './events';
import { FAKE_SYSTEM_ID, createFakeLookup, eventMaker, warehouseRunning, warehouseSetup } from './fake-rules.test-support';
import { reduce, replay, type RulesLookup } from './reducer';
import { findCombatant, type EncounterState } from './state';

/** Harm, checks, prompts, conditions and applied rolls. */

const lookup = createFakeLookup();
const ev = eventMaker('h');
const roll: RollRecord = { id: 'r', at: '2026-11-29T12:00:00.000Z', roller: 'Ghost', reason: 'Shot', source: 'seeded:1', groups: [] };

function refusal(state: EncounterState, input: EventInput, rulesLookup: RulesLookup = lookup): string {
  try {
    reduce(state, ev(input), rulesLookup);
  } catch (error) {
    return error instanceof RulesError ? `${error.code}: ${error.message}` : `other: ${String(error)}`;
  }
  return 'accepted';
}

const runningState = () => replay(warehouseRunning(ev), lookup)!;
const damage = (combatantId: string, amount: number): EventInput => ({ type: 'harm-applied', combatantId, harm: { kind: 'damage', amount } });
const down = (instanceId: string) => ({ instanceId, conditionId: 'down', label: 'Down', roundsLeft: null, expires: 'turn-end', note: '' });

describe('harm-applied', () => {
  it('applies the rules’ outcome, naming the conditions it adds after the event', () => {
    const state = reduce(runningState(), { id: 'hit', at: '2026-11-29T12:00:00.000Z', ...damage('g1', 6) } as never, lookup);
    expect(findCombatant(state, 'g1')!.health).toEqual({ hp: 0, lastStandRound: 0 });
    expect(findCombatant(state, 'g1')!.conditions).toEqual([down('hit:0')]);
  });

  it('removes only the conditions the rules name', () => {
    let state = reduce(runningState(), ev({ type: 'condition-added', combatantId: 'g1', instanceId: 'p', condition: { conditionId: 'prone', label: 'Prone' } }), lookup);
    state = reduce(state, ev(damage('g1', 1)), lookup);
    expect(findCombatant(state, 'g1')!.conditions.map((c) => c.conditionId)).toEqual(['prone']);
  });

  it('does not add a condition the combatant already has', () => {
    let state = reduce(runningState(), { id: 'hit', at: '2026-11-29T12:00:00.000Z', ...damage('g1', 6) } as never, lookup);
    state = reduce(state, ev(damage('g1', 3)), lookup);
    expect(findCombatant(state, 'g1')!.conditions).toEqual([down('hit:0')]);
  });

  it('accepts 0 and 1000; refuses other amounts and unknown kinds with sentences', () => {
    const state = runningState();
    expect(findCombatant(reduce(state, ev(damage('ghost', 0)), lookup), 'ghost')!.health.hp).toBe(10);
    expect(findCombatant(reduce(state, ev(damage('ghost', 1000)), lookup), 'ghost')!.health.hp).toBe(0);
    expect(refusal(state, damage('ghost', 1001))).toBe('invalid-input: The amount must be a whole number from 0 to 1000, not 1001.');
    expect(refusal(state, damage('ghost', -1))).toBe('invalid-input: The amount must be a whole number from 0 to 1000, not -1.');
    expect(refusal(state, damage('ghost', 2.5))).toBe('invalid-input: The amount must be a whole number from 0 to 1000, not 2.5.');
    expect(refusal(state, { type: 'harm-applied', combatantId: 'ghost', harm: { kind: 'fire', amount: 1 } })).toBe(
      'invalid-input: "fire" is not a kind of harm here; use damage, heal.',
    );
  });

  it('applies during setup too (wounds carried into the fight)', () => {
    const state = reduce(replay(warehouseSetup(ev), lookup)!, ev(damage('ghost', 4)), lookup);
    expect(findCombatant(state, 'ghost')!.health.hp).toBe(6);
  });

  it('keeps the round’s order when the harm changes nothing it depends on, and rebuilds it when it does', () => {
    const state = runningState();
    const grazed = reduce(state, ev(damage('g1', 2)), lookup);
    expect(grazed.plan).toBe(state.plan);
    const downed = reduce(state, ev(damage('g1', 6)), lookup);
    expect(downed.plan).toBeNull();
  });
});

describe('checks and prompts', () => {
  it('records a last stand with the round it was made in', () => {
    let state = reduce(runningState(), ev(damage('g2', 6)), lookup);
    state = reduce(state, ev({ type: 'turn-advanced' }), lookup);
    state = reduce(state, ev({ type: 'check-resolved', combatantId: 'g2', checkId: 'last-stand', faces: [2] }), lookup);
    expect(findCombatant(state, 'g2')!.health).toEqual({ hp: 0, lastStandRound: 1 });
    expect(state.promptsDone).toEqual([]);
  });

  it('marks a resolved encounter prompt done, with or without effects on others', () => {
    const state = reduce(runningState(), ev(damage('g1', 6)), lookup);
    const held = reduce(state, ev({ type: 'check-resolved', combatantId: 'g2', checkId: 'morale', faces: [4] }), lookup);
    expect(held.promptsDone).toEqual(['morale']);
    expect(held.combatants.flatMap((c) => c.conditions.map((k) => k.conditionId))).toEqual(['down']);
    const broken = reduce(state, { id: 'm', at: '2026-11-29T12:00:00.000Z', type: 'check-resolved', combatantId: 'g2', checkId: 'morale', faces: [15] }, lookup);
    expect(findCombatant(broken, 'g2')!.conditions).toEqual([{ instanceId: 'm:o1:0', conditionId: 'broken', label: 'Broken', roundsLeft: null, expires: 'turn-end', note: '' }]);
    expect(findCombatant(broken, 'g1')!.conditions.map((c) => c.instanceId)).toEqual([expect.stringMatching(/:0$/), 'm:o0:0']);
  });

  it('passes over others who are unknown or have left', () => {
    const fake = createFakeLookup();
    const tracker = fake.tracker(FAKE_SYSTEM_ID);
    const rallying: RulesLookup = {
      system: fake.system,
      tracker: () => ({
        ...tracker,
        resolveCheck: (combatant) => ({
          health: combatant.health,
          steps: [],
          others: ['nobody', 'g1', 'g2'].map((combatantId) => ({ combatantId, conditions: [{ conditionId: 'rallied', label: 'Rallied' }] })),
        }),
      }),
    };
    let state = reduce(replay(warehouseRunning(ev), rallying)!, ev({ type: 'combatant-removed', combatantId: 'g1' }), rallying);
    state = reduce(state, { id: 'c', at: '2026-11-29T12:00:00.000Z', type: 'check-resolved', combatantId: 'ghost', checkId: 'rally', faces: [] }, rallying);
    expect(findCombatant(state, 'g1')!.conditions).toEqual([]);
    expect(findCombatant(state, 'g2')!.conditions.map((c) => c.instanceId)).toEqual(['c:o2:0']);
  });

  it('resolves an encounter prompt before the fight starts, when nobody has the turn', () => {
    let state = reduce(replay(warehouseSetup(ev), lookup)!, ev(damage('g1', 6)), lookup);
    state = reduce(state, ev({ type: 'check-resolved', combatantId: 'g2', checkId: 'morale', faces: [3] }), lookup);
    expect(state.promptsDone).toEqual(['morale']);
  });

  it('dismisses a prompt once', () => {
    const state = reduce(runningState(), ev({ type: 'prompt-dismissed', promptId: 'morale' }), lookup);
    expect(state.promptsDone).toEqual(['morale']);
    expect(refusal(state, { type: 'prompt-dismissed', promptId: 'morale' })).toBe('not-allowed: That prompt was already dealt with.');
    expect(reduce(state, ev({ type: 'prompt-dismissed', promptId: 'other' }), lookup).promptsDone).toEqual(['morale', 'other']);
  });
});

describe('condition-added and condition-removed', () => {
  const add = (combatantId: string, instanceId: string, conditionId = 'prone'): EventInput => ({
    type: 'condition-added',
    combatantId,
    instanceId,
    condition: { conditionId, label: 'Prone' },
  });

  it('removes exactly the named instance', () => {
    let state = runningState();
    state = reduce(state, ev(add('g1', 'a')), lookup);
    state = reduce(state, ev(add('g1', 'b', 'blind')), lookup);
    state = reduce(state, ev({ type: 'condition-removed', combatantId: 'g1', instanceId: 'a' }), lookup);
    expect(findCombatant(state, 'g1')!.conditions.map((c) => c.instanceId)).toEqual(['b']);
  });

  it('refuses a repeated instance, a condition the combatant does not have, and a nameless one', () => {
    const state = reduce(runningState(), ev(add('g1', 'a')), lookup);
    expect(refusal(state, add('g1', 'a'))).toBe('invalid-input: That condition is already recorded.');
    expect(refusal(state, { type: 'condition-removed', combatantId: 'g2', instanceId: 'a' })).toBe('not-allowed: Ganger 2 does not have that condition.');
    expect(refusal(state, { type: 'condition-removed', combatantId: 'g1', instanceId: 'zzz' })).toBe('not-allowed: Ganger 1 does not have that condition.');
    expect(refusal(state, { type: 'condition-added', combatantId: 'g1', instanceId: 'c', condition: { conditionId: 'x', label: ' ' } })).toBe(
      'invalid-input: A condition needs a name.',
    );
  });

  it('marks the round’s order for rebuilding when a condition comes or goes', () => {
    const state = runningState();
    const added = reduce(state, ev(add('g1', 'a')), lookup);
    expect(added.plan).toBeNull();
    const rebuilt = reduce(added, ev({ type: 'turn-advanced' }), lookup);
    expect(rebuilt.plan).not.toBeNull();
    expect(reduce(rebuilt, ev({ type: 'condition-removed', combatantId: 'g1', instanceId: 'a' }), lookup).plan).toBeNull();
  });
});

describe('roll-applied', () => {
  const applied = (effects: Extract<EventInput, { type: 'roll-applied' }>['effects']) =>
    ({ id: 'shot', at: '2026-11-29T12:00:00.000Z', type: 'roll-applied', roll, summary: 'Ghost sprays the gangers', effects }) as const;

  it('applies harm and conditions to each target, naming what it adds after the event and target', () => {
    const state = reduce(
      runningState(),
      applied([
        { combatantId: 'g1', harm: { kind: 'damage', amount: 6 }, conditions: [{ conditionId: 'burning', label: 'Burning', rounds: 2 }] },
        { combatantId: 'g2', conditions: [{ conditionId: 'deaf', label: 'Deaf' }] },
        { combatantId: 'ghost', harm: { kind: 'damage', amount: 3 } },
      ]),
      lookup,
    );
    expect(findCombatant(state, 'g1')!.health.hp).toBe(0);
    expect(findCombatant(state, 'g1')!.conditions.map((c) => [c.instanceId, c.conditionId, c.roundsLeft])).toEqual([
      ['shot:0:0', 'down', null],
      ['shot:0:0', 'burning', 2],
    ]);
    expect(findCombatant(state, 'g2')!.conditions.map((c) => [c.instanceId, c.conditionId])).toEqual([['shot:1:0', 'deaf']]);
    expect(findCombatant(state, 'ghost')!.health.hp).toBe(7);
    expect(findCombatant(state, 'ghost')!.conditions).toEqual([]);
  });

  it('refuses a roll applied to nobody, and all of it when one target is unknown', () => {
    const state = runningState();
    expect(refusal(state, { type: 'roll-applied', roll, summary: 'x', effects: [] })).toBe('invalid-input: A roll applied to nobody: choose at least one target.');
    expect(
      refusal(state, {
        type: 'roll-applied',
        roll,
        summary: 'x',
        effects: [
          { combatantId: 'g1', harm: { kind: 'damage', amount: 2 } },
          { combatantId: 'nobody', harm: { kind: 'damage', amount: 2 } },
        ],
      }),
    ).toBe('not-allowed: There is no combatant with id "nobody" in this encounter.');
    expect(findCombatant(state, 'g1')!.health.hp).toBe(6);
  });

  it('leaves a target with an empty effect unchanged', () => {
    const state = runningState();
    const next = reduce(state, applied([{ combatantId: 'g1' }, { combatantId: 'g2', conditions: [] }]), lookup);
    expect(findCombatant(next, 'g1')).toBe(findCombatant(state, 'g1'));
    expect(findCombatant(next, 'g2')).toBe(findCombatant(state, 'g2'));
  });
});

describe('events that can change the order of the round', () => {
  it.each<[string, EventInput]>([
    ['a toggle', { type: 'toggle-changed', toggleId: 'mode', value: 'b' }],
    ['a new combatant', { type: 'combatant-added', combatant: { id: 'bo', name: 'Bo', kind: 'npc', side: 'opponents', stats: {} } }],
    ['an edit', { type: 'combatant-edited', combatantId: 'g1', notes: 'x' }],
    ['a removal', { type: 'combatant-removed', combatantId: 'g1' }],
    ['a new group', { type: 'group-formed', groupId: 'gang', name: 'Gang', combatantIds: ['g1', 'g2'] }],
    ['initiative', { type: 'initiative-rolled', entries: [{ participantId: 'g1', memberIds: ['g1'], score: 1, display: '1', faces: [1], detail: {}, steps: [] }], rolls: [] }],
    ['a check', { type: 'check-resolved', combatantId: 'g1', checkId: 'morale', faces: [3] }],
  ])('%s marks it for rebuilding', (_what, input) => {
    let state = reduce(runningState(), ev(damage('g2', 6)), lookup);
    state = reduce(state, ev({ type: 'turn-advanced' }), lookup);
    expect(state.plan).not.toBeNull();
    expect(reduce(state, ev(input), lookup).plan).toBeNull();
  });

  it('a resolved roll is only a log entry: the very same state', () => {
    const state = runningState();
    expect(reduce(state, ev({ type: 'roll-resolved', roll, summary: 'Ghost shot Ganger 2: 2 hits' }), lookup)).toBe(state);
  });

  it('a dissolved group marks it for rebuilding; a note or a rename does not', () => {
    let state = replay([...warehouseSetup(ev), ev({ type: 'group-formed', groupId: 'gang', name: 'Gang', combatantIds: ['g1', 'g2'] }), ev({ type: 'encounter-started' })], lookup)!;
    state = reduce(state, ev({ type: 'initiative-rolled', entries: [{ participantId: 'ghost', memberIds: ['ghost'], score: 3, display: '3', faces: [1], detail: {}, steps: [] }, { participantId: 'gang', memberIds: ['g1', 'g2'], score: 7, display: '7', faces: [1], detail: {}, steps: [] }], rolls: [] }), lookup);
    expect(state.plan).not.toBeNull();
    expect(reduce(state, ev({ type: 'note-added', text: 'x' }), lookup).plan).toBe(state.plan);
    expect(reduce(state, ev({ type: 'encounter-renamed', name: 'Docks' }), lookup).plan).toBe(state.plan);
    expect(reduce(state, ev({ type: 'group-dissolved', groupId: 'gang' }), lookup).plan).toBeNull();
  });
});
