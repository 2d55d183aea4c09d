import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RulesError } from '../errors';
import type { EncounterEvent, EventInput } from './events';
import { FAKE_SYSTEM_ID, createFakeLookup } from './fake-rules.test-support';
import { SNAPSHOT_INTERVAL, append, canRedo, canUndo, moveCursor, openHistory, openHistoryUpToDamage, redo, stateAt, undo, withEarlierEvents } from './history';
import { reduce, remainingSlots, replay } from './reducer';
import type { EncounterState } from './state';

const lookup = createFakeLookup();
let counter = 0;
const ev = (input: EventInput): EncounterEvent => ({ id: `e${++counter}`, at: '2026-11-29T12:00:00.000Z', ...input }) as EncounterEvent;

function setup(): EncounterEvent[] {
  return [
    ev({ type: 'encounter-created', encounterId: 'enc', name: 'Warehouse', systemId: FAKE_SYSTEM_ID }),
    ev({ type: 'combatant-added', combatant: { id: 'ghost', name: 'Ghost', kind: 'pc', side: 'party', stats: { hp: 10, init: 5 } } }),
    ev({ type: 'combatant-added', combatant: { id: 'g1', name: 'Ganger 1', kind: 'npc', side: 'opponents', stats: { hp: 6, init: 1 } } }),
    ev({ type: 'combatant-added', combatant: { id: 'g2', name: 'Ganger 2', kind: 'npc', side: 'opponents', stats: { hp: 6, init: 1 } } }),
  ];
}

function entry(participantId: string, memberIds: string[], score: number) {
  return { participantId, memberIds, score, display: String(score), faces: [1], detail: {}, steps: [] };
}

function running(): EncounterState {
  return replay(
    [
      ...setup(),
      ev({ type: 'encounter-started' }),
      ev({ type: 'initiative-rolled', entries: [entry('ghost', ['ghost'], 9), entry('g1', ['g1'], 4), entry('g2', ['g2'], 6)], rolls: [] }),
    ],
    lookup,
  )!;
}

describe('reduce', () => {
  it('creates an encounter with resolved toggles and default sides', () => {
    const state = replay(setup(), lookup)!;
    expect(state).toMatchObject({ name: 'Warehouse', status: 'setup', round: 0, toggles: { mode: 'a' } });
    expect(state.combatants.map((c) => c.name)).toEqual(['Ghost', 'Ganger 1', 'Ganger 2']);
    expect(state.combatants[0]!.health).toEqual({ hp: 10, lastStandRound: 0 });
  });

  it('refuses a stored row that is not an event, or an event type it does not know, with a sentence', () => {
    const state = replay(setup(), lookup)!;
    const refusal = (event: unknown) => {
      try {
        reduce(state, event as EncounterEvent, lookup);
      } catch (error) {
        return error instanceof RulesError ? `${error.code}: ${error.message}` : `other: ${String(error)}`;
      }
      return 'accepted';
    };
    expect(refusal(null)).toBe('invalid-input: A log entry must be an event, not null.');
    expect(refusal('turn-advanced')).toBe('invalid-input: A log entry must be an event, not "turn-advanced".');
    expect(refusal({ id: 'x', at: '2026-01-01T00:00:00.000Z', type: 'teleported' })).toBe(
      'invalid-input: "teleported" is not an event this version of GM Screen knows.',
    );
    expect(refusal({ id: 'x', at: '2026-01-01T00:00:00.000Z' })).toBe('invalid-input: "undefined" is not an event this version of GM Screen knows.');
    // Also before the encounter exists, where the first event is checked.
    expect(() => reduce(null, { type: 'teleported' } as unknown as EncounterEvent, lookup)).toThrow('"teleported" is not an event');
  });

  it('removing the last one present on their turn leaves a round nobody can act in, not an endless one', () => {
    let state = replay(
      [
        ev({ type: 'encounter-created', encounterId: 'enc', name: 'Alone', systemId: FAKE_SYSTEM_ID }),
        ev({ type: 'combatant-added', combatant: { id: 'ghost', name: 'Ghost', kind: 'pc', side: 'party', stats: { hp: 10, init: 5 } } }),
        ev({ type: 'encounter-started' }),
        ev({ type: 'initiative-rolled', entries: [entry('ghost', ['ghost'], 9)], rolls: [] }),
      ],
      lookup,
    )!;
    expect(state.current?.combatantId).toBe('ghost');
    state = reduce(state, ev({ type: 'combatant-removed', combatantId: 'ghost' }), lookup);
    expect(state).toMatchObject({ status: 'running', round: 2, current: null, acted: [] });
    expect(() => reduce(state, ev({ type: 'turn-advanced' }), lookup)).toThrow('Nobody can act this round.');
  });

  it('returns the very same state for an event that changes nothing, so nothing needs redrawing', () => {
    const state = replay(setup(), lookup)!;
    const note = { type: 'note-added', text: 'Ghost ran', id: 'n1', at: '2026-01-01T00:00:00.000Z' } as const;
    expect(reduce(state, note, lookup)).toBe(state);
    const rename: EncounterEvent = { type: 'encounter-renamed', name: 'Docks', id: 'r1', at: note.at };
    expect(reduce(state, rename, lookup)).not.toBe(state);
  });

  it('starts round 1 once initiative is in and walks the turns in order', () => {
    let state = running();
    expect(state).toMatchObject({ status: 'running', round: 1, current: { combatantId: 'ghost', pass: 1 } });
    expect(remainingSlots(state, lookup.tracker(FAKE_SYSTEM_ID)).map((s) => s.combatantId)).toEqual(['g2', 'g1']);
    state = reduce(state, ev({ type: 'turn-advanced' }), lookup);
    expect(state.current?.combatantId).toBe('g2');
    state = reduce(state, ev({ type: 'turn-advanced' }), lookup);
    state = reduce(state, ev({ type: 'turn-advanced' }), lookup);
    expect(state).toMatchObject({ round: 2, current: { combatantId: 'ghost' }, acted: [] });
  });

  it('waits for fresh initiative each round when the system rerolls', () => {
    const reroll = createFakeLookup({ rerollEachRound: true });
    let state = replay(
      [
        ...setup(),
        ev({ type: 'encounter-started' }),
        ev({ type: 'initiative-rolled', entries: [entry('ghost', ['ghost'], 9), entry('g1', ['g1'], 4), entry('g2', ['g2'], 6)], rolls: [] }),
        ev({ type: 'turn-advanced' }),
        ev({ type: 'turn-advanced' }),
        ev({ type: 'turn-advanced' }),
      ],
      reroll,
    )!;
    expect(state).toMatchObject({ round: 2, current: null, initiative: { entries: [] } });
    expect(() => reduce(state, ev({ type: 'turn-advanced' }), reroll)).toThrow(/Roll initiative first/);
    state = reduce(state, ev({ type: 'initiative-rolled', entries: [entry('ghost', ['ghost'], 2), entry('g1', ['g1'], 8), entry('g2', ['g2'], 5)], rolls: [] }), reroll);
    expect(state.current?.combatantId).toBe('g1');
  });

  it('spends the action economy and refuses what is not left', () => {
    let state = running();
    state = reduce(state, ev({ type: 'action-taken', combatantId: 'ghost', actionId: 'attack' }), lookup);
    expect(state.combatants[0]!.spent).toEqual({ action: 1 });
    expect(() => reduce(state, ev({ type: 'action-taken', combatantId: 'ghost', actionId: 'attack' }), lookup)).toThrow(/0 action left/);
    expect(() => reduce(state, ev({ type: 'action-taken', combatantId: 'g1', actionId: 'attack' }), lookup)).toThrow("It is Ghost's turn, not Ganger 1's; only reactions can be taken outside one's own turn.");
  });

  it('a reaction forfeits the reactor’s next turn, which is then skipped with a reason', () => {
    let state = running();
    state = reduce(state, ev({ type: 'action-taken', combatantId: 'g2', actionId: 'dodge' }), lookup);
    state = reduce(state, ev({ type: 'turn-advanced' }), lookup);
    expect(state.current?.combatantId).toBe('g1');
    expect(state.skipped[0]).toMatchObject({ slot: { combatantId: 'g2' }, reason: 'Ganger 2 reacted and forfeits this turn.' });
  });

  it('applies harm through the rules, adds and removes conditions', () => {
    let state = running();
    state = reduce(state, ev({ type: 'harm-applied', combatantId: 'g1', harm: { kind: 'damage', amount: 9 } }), lookup);
    const g1 = state.combatants.find((c) => c.id === 'g1')!;
    expect(g1.health.hp).toBe(0);
    expect(g1.conditions.map((c) => c.conditionId)).toEqual(['down']);
    state = reduce(state, ev({ type: 'harm-applied', combatantId: 'g1', harm: { kind: 'heal', amount: 2 } }), lookup);
    expect(state.combatants.find((c) => c.id === 'g1')!.conditions).toEqual([]);
  });

  it('resolves checks due on a turn and encounter prompts affecting others', () => {
    let state = running();
    state = reduce(state, ev({ type: 'harm-applied', combatantId: 'g2', harm: { kind: 'damage', amount: 6 } }), lookup);
    expect(() => reduce(state, ev({ type: 'check-resolved', combatantId: 'g2', checkId: 'last-stand', faces: [6] }), lookup)).toThrow(/owes no/);
    state = reduce(state, ev({ type: 'turn-advanced' }), lookup);
    state = reduce(state, ev({ type: 'check-resolved', combatantId: 'g2', checkId: 'last-stand', faces: [6] }), lookup);
    expect(state.combatants.find((c) => c.id === 'g2')!.health.hp).toBe(1);
    state = reduce(state, ev({ type: 'harm-applied', combatantId: 'g1', harm: { kind: 'damage', amount: 6 } }), lookup);
    state = reduce(state, ev({ type: 'check-resolved', combatantId: 'g2', checkId: 'morale', faces: [15] }), lookup);
    expect(state.promptsDone).toEqual(['morale']);
    expect(state.combatants.filter((c) => c.conditions.some((k) => k.conditionId === 'broken')).map((c) => c.id)).toEqual(['g1', 'g2']);
  });

  it('ticks condition durations at the bearer’s turn', () => {
    let state = running();
    state = reduce(state, ev({ type: 'condition-added', combatantId: 'ghost', instanceId: 'c1', condition: { conditionId: 'stunned', label: 'Stunned', rounds: 1, expires: 'turn-end' } }), lookup);
    expect(state.combatants[0]!.conditions[0]!.roundsLeft).toBe(1);
    state = reduce(state, ev({ type: 'turn-advanced' }), lookup);
    expect(state.combatants[0]!.conditions).toEqual([]);
  });

  it('groups roll one initiative and act together in encounter order', () => {
    let state = replay([...setup(), ev({ type: 'group-formed', groupId: 'gang', name: 'Gangers', combatantIds: ['g1', 'g2'] }), ev({ type: 'encounter-started' })], lookup)!;
    state = reduce(state, ev({ type: 'initiative-rolled', entries: [entry('ghost', ['ghost'], 3), entry('gang', ['g1', 'g2'], 7)], rolls: [] }), lookup);
    expect(state.current?.combatantId).toBe('g1');
    expect(remainingSlots(state, lookup.tracker(FAKE_SYSTEM_ID)).map((s) => s.combatantId)).toEqual(['g2', 'ghost']);
  });

  it('removing the current combatant moves the turn on', () => {
    let state = running();
    state = reduce(state, ev({ type: 'combatant-removed', combatantId: 'ghost' }), lookup);
    expect(state.current?.combatantId).toBe('g2');
    expect(() => reduce(state, ev({ type: 'harm-applied', combatantId: 'ghost', harm: { kind: 'damage', amount: 1 } }), lookup)).toThrow(/has left the encounter/);
  });

  it.each<[string, EventInput, RegExp]>([
    ['negative damage', { type: 'harm-applied', combatantId: 'g1', harm: { kind: 'damage', amount: -3 } }, /whole number from 0 to 1000/],
    ['absurd damage', { type: 'harm-applied', combatantId: 'g1', harm: { kind: 'damage', amount: 1e9 } }, /whole number from 0 to 1000/],
    ['unknown harm', { type: 'harm-applied', combatantId: 'g1', harm: { kind: 'fire', amount: 1 } }, /not a kind of harm/],
    ['unknown combatant', { type: 'harm-applied', combatantId: 'nobody', harm: { kind: 'damage', amount: 1 } }, /no combatant/],
    ['negative stat', { type: 'combatant-edited', combatantId: 'g1', stats: { hp: -4 } }, /hp must be 0–100/],
    ['non-numeric stat', { type: 'combatant-edited', combatantId: 'g1', stats: { hp: 'lots' as unknown as number } }, /hp must be 0–100/],
    ['empty name', { type: 'combatant-edited', combatantId: 'g1', name: '  ' }, /needs a name/],
    ['unknown toggle value', { type: 'toggle-changed', toggleId: 'mode', value: 'z' }, /cannot be "z"/],
    ['unknown toggle', { type: 'toggle-changed', toggleId: 'nope', value: 'a' }, /Unknown rule toggle/],
    ['grouping a PC', { type: 'group-formed', groupId: 'x', name: 'X', combatantIds: ['ghost', 'g1'] }, /Only NPCs/],
  ])('refuses %s with a clear message and changes nothing', (_name, input, message) => {
    const state = running();
    const before = JSON.stringify(state);
    expect(() => reduce(state, ev(input), lookup)).toThrow(message);
    expect(() => reduce(state, ev(input), lookup)).toThrow(RulesError);
    expect(JSON.stringify(state)).toBe(before);
  });

  it('refuses to advance a finished or unstarted encounter', () => {
    const setupOnly = replay(setup(), lookup)!;
    expect(() => reduce(setupOnly, ev({ type: 'turn-advanced' }), lookup)).toThrow(/Start the encounter/);
    const ended = reduce(running(), ev({ type: 'encounter-ended' }), lookup);
    expect(() => reduce(ended, ev({ type: 'turn-advanced' }), lookup)).toThrow(/has ended/);
    expect(() => reduce(ended, ev({ type: 'harm-applied', combatantId: 'g1', harm: { kind: 'damage', amount: 1 } }), lookup)).toThrow(/has ended/);
  });
});

/** Random valid-or-not sequences of tracker commands, for the history properties. */
const commandArb = fc.oneof(
  fc.record({ type: fc.constant('turn-advanced' as const) }),
  fc.record({ type: fc.constant('turn-rewound' as const) }),
  fc.record({ type: fc.constant('harm-applied' as const), combatantId: fc.constantFrom('ghost', 'g1', 'g2'), harm: fc.record({ kind: fc.constantFrom('damage', 'heal'), amount: fc.integer({ min: 0, max: 8 }) }) }),
  fc.record({ type: fc.constant('action-taken' as const), combatantId: fc.constantFrom('ghost', 'g1', 'g2'), actionId: fc.constantFrom('attack', 'dodge') }),
  fc.record({ type: fc.constant('check-resolved' as const), combatantId: fc.constantFrom('ghost', 'g1', 'g2'), checkId: fc.constant('last-stand'), faces: fc.tuple(fc.integer({ min: 1, max: 6 })) }),
  fc.record({ type: fc.constant('note-added' as const), text: fc.string({ maxLength: 5 }) }),
);

/** Appends what the rules accept (as the store does) and skips what they refuse. */
function buildHistory(commands: EventInput[]) {
  let history = openHistory(
    [...setup(), ev({ type: 'encounter-started' }), ev({ type: 'initiative-rolled', entries: [entry('ghost', ['ghost'], 9), entry('g1', ['g1'], 4), entry('g2', ['g2'], 6)], rolls: [] })],
    lookup,
  );
  for (const command of commands) {
    try {
      history = append(history, ev(command), lookup);
    } catch (error) {
      if (!(error instanceof RulesError)) throw error;
    }
  }
  return history;
}

describe('history', () => {
  it('undo all then redo all reproduces the same state', () => {
    fc.assert(
      fc.property(fc.array(commandArb, { maxLength: 60 }), (commands) => {
        let history = buildHistory(commands as EventInput[]);
        const final = history.state;
        while (canUndo(history)) history = undo(history, lookup);
        expect(history.cursor).toBe(1);
        while (canRedo(history)) history = redo(history, lookup);
        expect(history.state).toEqual(final);
      }),
      { numRuns: 60 },
    );
  });

  it('replaying the stored events equals the incrementally built state', () => {
    fc.assert(
      fc.property(fc.array(commandArb, { maxLength: 80 }), (commands) => {
        const history = buildHistory(commands as EventInput[]);
        expect(replay(history.events, lookup)).toEqual(history.state);
      }),
      { numRuns: 60 },
    );
  });

  it('snapshots give the same state as a full replay at every point', () => {
    const commands = fc.sample(commandArb, { numRuns: 450, seed: 7 }) as EventInput[];
    const history = buildHistory(commands);
    expect(history.events.length).toBeGreaterThan(2 * SNAPSHOT_INTERVAL);
    expect(history.snapshots.size).toBeGreaterThanOrEqual(2);
    for (const count of [1, 50, SNAPSHOT_INTERVAL, SNAPSHOT_INTERVAL + 1, 2 * SNAPSHOT_INTERVAL + 17, history.events.length - 1]) {
      expect(stateAt(history, count, lookup)).toEqual(replay(history.events.slice(0, count), lookup));
    }
  });

  it('opens from a saved snapshot with only the later events, and undoes past it once the earlier ones are added', () => {
    const commands = fc.sample(commandArb, { numRuns: 700, seed: 11 }) as EventInput[];
    const full = buildHistory(commands);
    const count = 2 * SNAPSHOT_INTERVAL;
    expect(full.events.length).toBeGreaterThan(count + 20);
    const start = { count, state: stateAt(full, count, lookup) };
    const { history: partial, damage } = openHistoryUpToDamage(full.events.slice(count), lookup, full.cursor, start);
    expect(damage).toBeNull();
    expect(partial.state).toEqual(full.state);
    expect(stateAt(partial, count + 17, lookup)).toEqual(stateAt(full, count + 17, lookup));
    expect(() => moveCursor(partial, count - 1, lookup)).toThrow(/not loaded/);
    const whole = withEarlierEvents(partial, full.events.slice(0, count));
    expect(moveCursor(whole, 5, lookup).state).toEqual(stateAt(full, 5, lookup));
    const appended = append(partial, ev({ type: 'note-added', text: 'late' }), lookup);
    expect(appended.cursor).toBe(full.cursor + 1);
  });

  it('a new event after an undo drops the redo branch', () => {
    let history = buildHistory([{ type: 'note-added', text: 'a' }, { type: 'note-added', text: 'b' }]);
    const length = history.events.length;
    history = undo(history, lookup);
    history = append(history, ev({ type: 'note-added', text: 'c' }), lookup);
    expect(history.events.length).toBe(length);
    expect(canRedo(history)).toBe(false);
  });

  it('never undoes the creation of the encounter', () => {
    let history = openHistory(setup().slice(0, 1), lookup);
    expect(canUndo(history)).toBe(false);
    history = undo(history, lookup);
    expect(history.cursor).toBe(1);
  });
});
