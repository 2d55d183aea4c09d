import { describe, expect, it } from 'vitest';
import type { RollRecord } from '../dice/record';
import { RulesError } from '../errors';
import type { EncounterEvent, EventInput } from './events';
import { FAKE_SYSTEM_ID, createFakeLookup, eventMaker, initiativeEntry, warehouseRunning, warehouseSetup } from './fake-rules.test-support';
import { reduce, replay, type RulesLookup } from './reducer';
import type { EncounterState } from './state';

/** Every refusal the reducer gives, with its code and its exact sentence. */

const lookup = createFakeLookup();
const ev = eventMaker('g');
const roll: RollRecord = { id: 'r', at: '2026-11-29T12:00:00.000Z', roller: 'Ghost', reason: 'Shot', source: 'seeded:1', groups: [] };

function refusal(state: EncounterState | null, input: EventInput | EncounterEvent, rules: RulesLookup = lookup): string {
  const event = 'id' in input ? input : ev(input);
  try {
    reduce(state, event, rules);
  } catch (error) {
    return error instanceof RulesError ? `${error.code}: ${error.message}` : `other: ${String(error)}`;
  }
  return 'accepted';
}

const setupState = () => replay(warehouseSetup(ev), lookup)!;
const runningState = () => replay(warehouseRunning(ev), lookup)!;
const endedState = () => reduce(runningState(), ev({ type: 'encounter-ended' }), lookup);

describe('once the encounter has ended', () => {
  it.each<[string, EventInput, string]>([
    ['adding a combatant', { type: 'combatant-added', combatant: { id: 'bo', name: 'Bo', kind: 'npc', side: 'opponents', stats: {} } }, 'not-allowed: The encounter has ended; start a new one to add combatants.'],
    ['rolling initiative', { type: 'initiative-rolled', entries: [initiativeEntry('ghost', ['ghost'], 3)], rolls: [] }, 'not-allowed: The encounter has ended.'],
    ['starting it again', { type: 'encounter-started' }, 'not-allowed: The encounter has ended.'],
    ['advancing the turn', { type: 'turn-advanced' }, 'not-allowed: The encounter has ended; you cannot advance the turn.'],
    ['going back a turn', { type: 'turn-rewound' }, 'not-allowed: The encounter has ended; you cannot go back a turn.'],
    ['taking an action', { type: 'action-taken', combatantId: 'ghost', actionId: 'attack' }, 'not-allowed: The encounter has ended; you cannot take actions.'],
    ['applying harm', { type: 'harm-applied', combatantId: 'g1', harm: { kind: 'damage', amount: 1 } }, 'not-allowed: The encounter has ended.'],
    ['resolving a check', { type: 'check-resolved', combatantId: 'g1', checkId: 'last-stand', faces: [6] }, 'not-allowed: The encounter has ended.'],
    ['applying a roll', { type: 'roll-applied', roll, summary: 'Shot', effects: [{ combatantId: 'g1', harm: { kind: 'damage', amount: 1 } }] }, 'not-allowed: The encounter has ended.'],
    ['ending it again', { type: 'encounter-ended' }, 'not-allowed: The encounter has already ended.'],
  ])('refuses %s with its sentence', (_what, input, sentence) => {
    expect(refusal(endedState(), input)).toBe(sentence);
  });

  it('ends with no current turn, and still takes notes and bookkeeping', () => {
    const ended = endedState();
    expect(ended).toMatchObject({ status: 'ended', current: null, round: 1 });
    expect(refusal(ended, { type: 'note-added', text: 'They fled' })).toBe('accepted');
    expect(refusal(ended, { type: 'encounter-renamed', name: 'Docks' })).toBe('accepted');
    expect(refusal(ended, { type: 'condition-added', combatantId: 'g1', instanceId: 'c', condition: { conditionId: 'x', label: 'X' } })).toBe('accepted');
  });
});

describe('before the encounter starts, and while it runs', () => {
  it.each<[string, EventInput, string]>([
    ['advancing the turn', { type: 'turn-advanced' }, 'not-allowed: Start the encounter before you advance the turn.'],
    ['going back a turn', { type: 'turn-rewound' }, 'not-allowed: Start the encounter before you go back a turn.'],
    ['taking an action', { type: 'action-taken', combatantId: 'ghost', actionId: 'attack' }, 'not-allowed: Start the encounter before you take actions.'],
  ])('refuses %s before the start', (_what, input, sentence) => {
    expect(refusal(setupState(), input)).toBe(sentence);
  });

  it('refuses to start twice, or with nobody present', () => {
    expect(refusal(runningState(), { type: 'encounter-started' })).toBe('not-allowed: The encounter is already running.');
    const empty = replay(warehouseSetup(ev).slice(0, 1), lookup)!;
    expect(refusal(empty, { type: 'encounter-started' })).toBe('not-allowed: Add at least one combatant before starting.');
    const allGone = replay([...warehouseSetup(ev).slice(0, 2), ev({ type: 'combatant-removed', combatantId: 'ghost' })], lookup)!;
    expect(refusal(allGone, { type: 'encounter-started' })).toBe('not-allowed: Add at least one combatant before starting.');
  });

  it('refuses to go back before the first turn of the round', () => {
    expect(refusal(runningState(), { type: 'turn-rewound' })).toBe('not-allowed: This is the first turn of the round; undo to go further back.');
  });

  it('asks for initiative before a turn can be advanced', () => {
    const started = reduce(setupState(), ev({ type: 'encounter-started' }), lookup);
    expect(started).toMatchObject({ status: 'running', round: 1, current: null });
    expect(refusal(started, { type: 'turn-advanced' })).toBe('not-allowed: Roll initiative first.');
  });
});

describe('creating and naming', () => {
  it('creates once, and only as the first event', () => {
    expect(refusal(setupState(), { type: 'encounter-created', encounterId: 'x', name: 'X', systemId: FAKE_SYSTEM_ID })).toBe(
      'invalid-input: This encounter already exists.',
    );
    expect(refusal(null, { type: 'turn-advanced' })).toBe('invalid-input: The first event of an encounter must create it.');
  });

  it('refuses to create a nameless encounter', () => {
    expect(refusal(null, { type: 'encounter-created', encounterId: 'x', name: ' ', systemId: FAKE_SYSTEM_ID })).toBe('invalid-input: An encounter needs a name.');
  });

  it('needs a system with both a profile and tracker rules', () => {
    const noTracker: RulesLookup = {
      system: lookup.system,
      tracker: () => {
        throw new RulesError('unknown-system', 'No tracker for fake');
      },
    };
    expect(refusal(null, { type: 'encounter-created', encounterId: 'x', name: 'X', systemId: FAKE_SYSTEM_ID }, noTracker)).toBe(
      'unknown-system: No tracker for fake',
    );
  });

  it('creates with the name trimmed, no combatants and the default sides', () => {
    const created = reduce(null, ev({ type: 'encounter-created', encounterId: 'enc', name: '  Docks ', systemId: FAKE_SYSTEM_ID, toggles: { mode: 'b' } }), lookup);
    expect(created).toEqual({
      id: 'enc',
      name: 'Docks',
      systemId: FAKE_SYSTEM_ID,
      toggles: { mode: 'b' },
      status: 'setup',
      round: 0,
      sides: [
        { id: 'party', name: 'Party' },
        { id: 'opponents', name: 'Opponents' },
      ],
      groups: [],
      combatants: [],
      initiative: { entries: [], order: null },
      acted: [],
      plan: null,
      current: null,
      skipped: [],
      promptsDone: [],
    });
  });

  it.each<[string, unknown, string]>([
    ['an empty name', '   ', 'invalid-input: An encounter needs a name.'],
    ['a name that is not text', 42, 'invalid-input: An encounter needs a name.'],
    ['an 81-character name', 'x'.repeat(81), 'invalid-input: An encounter name is longer than 80 characters.'],
  ])('refuses to rename to %s', (_what, name, sentence) => {
    expect(refusal(setupState(), { type: 'encounter-renamed', name: name as string })).toBe(sentence);
  });

  it('renames to a trimmed name of up to 80 characters', () => {
    const long = `  ${'y'.repeat(80)}  `;
    expect(reduce(setupState(), ev({ type: 'encounter-renamed', name: long }), lookup).name).toBe('y'.repeat(80));
  });
});

describe('sides', () => {
  it('adds a side with a trimmed name, refusing a second side of the same id or a nameless one', () => {
    const state = reduce(setupState(), ev({ type: 'side-added', sideId: 'third', name: ' Bystanders ' }), lookup);
    expect(state.sides).toEqual([
      { id: 'party', name: 'Party' },
      { id: 'opponents', name: 'Opponents' },
      { id: 'third', name: 'Bystanders' },
    ]);
    expect(refusal(state, { type: 'side-added', sideId: 'party', name: 'Again' })).toBe('invalid-input: There is already a side "party".');
    expect(refusal(state, { type: 'side-added', sideId: 'fourth', name: '' })).toBe('invalid-input: A side needs a name.');
  });
});
