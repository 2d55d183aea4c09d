import { describe, expect, it } from 'vitest';
import type { EncounterEvent, EventInput } from './events';
import { initiativeComplete, initiativeParticipants, reduce, remainingSlots } from './reducer';
import { rulesLookup } from '../systems/all-systems.test-support';
import type { EncounterState } from './state';

// Seed, Rounds: "1. Each PC must make an AGL save in order to act before their opponents. PCs that
// fail their save lose their turn for this round. 2. Their opponents then take their turn. 3. The
// next round begins with the PCs taking their turn, followed by their opponents" — the save is made
// at the start of the fight; the `aglSave` toggle asks for one every round instead.

let n = 0;
const ev = (input: EventInput): EncounterEvent =>
  ({ id: `hw${++n}`, at: '2026-12-01T22:00:00.000Z', ...input }) as EncounterEvent;
const apply = (state: EncounterState | null, input: EventInput) => reduce(state, ev(input), rulesLookup);
const rules = rulesLookup.tracker('hardware');
const SEED_RULE = { section: 'Rounds', source: 'seed' };

function fight(toggles: Record<string, string> = {}): EncounterState {
  let state = apply(null, {
    type: 'encounter-created',
    encounterId: 'hw',
    name: 'Depot',
    systemId: 'hardware',
    toggles,
  });
  state = apply(state, {
    type: 'combatant-added',
    combatant: { id: 'ana', name: 'Ana', kind: 'pc', side: 'party', stats: { AGL: 12 } },
  });
  state = apply(state, {
    type: 'combatant-added',
    combatant: { id: 'bo', name: 'Bo', kind: 'pc', side: 'party', stats: { AGL: 8 } },
  });
  state = apply(state, {
    type: 'combatant-added',
    combatant: { id: 'guard', name: 'Guard', kind: 'npc', side: 'opponents', stats: {} },
  });
  return apply(state, { type: 'encounter-started' });
}

/** Rolls the AGL saves as the tracker's initiative panel does: one d20 per PC. */
function saves(state: EncounterState, faces: Record<string, number>): EncounterState {
  const entries = initiativeParticipants(state, rules).map((p) =>
    rules.initiative.score(p, [faces[p.id]!], state.toggles),
  );
  return apply(state, { type: 'initiative-rolled', entries, rolls: [] });
}

/** Ends every turn left in the round, so the next round begins. */
function finishRound(state: EncounterState): EncounterState {
  const round = state.round;
  let next = state;
  while (next.round === round) next = apply(next, { type: 'turn-advanced' });
  return next;
}

const whoActs = (state: EncounterState) => [
  state.current?.combatantId,
  ...remainingSlots(state, rules).map((s) => s.combatantId),
];

describe('Hardware rounds through the tracker: the AGL save at the start of the fight (seed)', () => {
  it('is the default, and is listed with the other toggles', () => {
    expect(rulesLookup.system('hardware').toggles.map((t) => [t.id, t.defaultValue])).toEqual([
      ['assists', 'every-4-plus'],
      ['aglSave', 'start-of-fight'],
    ]);
    expect(rulesLookup.system('hardware').toggles[1]).toMatchObject({
      label: 'AGL save to act first',
      values: [
        { value: 'start-of-fight', label: 'At the start of the fight' },
        { value: 'every-round', label: 'Every round' },
      ],
      rule: SEED_RULE,
    });
  });

  it('round 1: a failed save loses the turn; round 2 begins with both PCs, no save asked', () => {
    let state = saves(fight(), { ana: 5, bo: 15 });
    expect(state.round).toBe(1);
    expect(state.initiative.order).toMatchObject({ order: ['ana'], losesTurn: ['bo'] });
    expect(whoActs(state)).toEqual(['ana', 'guard']);

    state = finishRound(state);
    expect(state.round).toBe(2);
    expect(initiativeComplete(state, rules)).toBe(true);
    expect(state.initiative.order).toMatchObject({ order: ['ana', 'bo'], losesTurn: [] });
    expect(state.initiative.entries.map((e) => [e.participantId, e.display, e.faces, e.steps])).toEqual([
      [
        'ana',
        'Acts first',
        [],
        [
          {
            text: 'Ana makes no AGL save after the start of the fight: the round begins with the PCs.',
            rule: SEED_RULE,
          },
        ],
      ],
      [
        'bo',
        'Acts first',
        [],
        [
          {
            text: 'Bo makes no AGL save after the start of the fight: the round begins with the PCs.',
            rule: SEED_RULE,
          },
        ],
      ],
    ]);
    expect(whoActs(state)).toEqual(['ana', 'bo', 'guard']);

    state = finishRound(state);
    expect(state.round).toBe(3);
    expect(whoActs(state)).toEqual(['ana', 'bo', 'guard']);
  });

  it('a PC who cannot act when a later round begins gets no turn, and says why', () => {
    let state = saves(fight(), { ana: 5, bo: 5 });
    state = apply(state, {
      type: 'condition-added',
      combatantId: 'bo',
      instanceId: 'c1',
      condition: { conditionId: 'paralysed', label: 'Paralysed' },
    });
    state = finishRound(state);
    expect(state.initiative.entries[1]).toMatchObject({
      participantId: 'bo',
      display: 'Cannot act',
      detail: { actsFirst: false, reason: 'cannot-act', laterRound: true },
      steps: [{ text: 'Bo cannot act (Paralysed): no turn this round.', rule: SEED_RULE }],
    });
    expect(whoActs(state)).toEqual(['ana', 'guard']);
  });

  it('a later round keeps its order when a toggle changes mid-round (the entries are re-read, not re-rolled)', () => {
    let state = finishRound(saves(fight(), { ana: 5, bo: 15 }));
    state = apply(state, { type: 'toggle-changed', toggleId: 'assists', value: 'none' });
    expect(state.initiative.order).toMatchObject({ order: ['ana', 'bo'], losesTurn: [] });
    expect(whoActs(state)).toEqual(['ana', 'bo', 'guard']);
  });

  it('a PC joining in a later round saves once, for its own first round', () => {
    let state = finishRound(saves(fight(), { ana: 5, bo: 5 }));
    state = apply(state, {
      type: 'combatant-added',
      combatant: { id: 'cy', name: 'Cy', kind: 'pc', side: 'party', stats: { AGL: 10 } },
    });
    expect(initiativeComplete(state, rules)).toBe(false);
    const cy = initiativeParticipants(state, rules).find((p) => p.id === 'cy')!;
    state = apply(state, {
      type: 'initiative-rolled',
      entries: [rules.initiative.score(cy, [18], state.toggles)],
      rolls: [],
    });
    expect(state.initiative.order).toMatchObject({ order: ['ana', 'bo'], losesTurn: ['cy'] });
    state = finishRound(state);
    expect(state.initiative.order).toMatchObject({ order: ['ana', 'bo', 'cy'], losesTurn: [] });
  });
});

describe('Hardware rounds through the tracker: the toggle for a save every round', () => {
  it('round 2 waits for new AGL saves, and a failure then loses that round', () => {
    let state = saves(fight({ aglSave: 'every-round' }), { ana: 5, bo: 5 });
    expect(whoActs(state)).toEqual(['ana', 'bo', 'guard']);
    state = finishRound(state);
    expect(state.round).toBe(2);
    expect(state.current).toBeNull();
    expect(state.initiative).toEqual({ entries: [], order: null });
    expect(initiativeComplete(state, rules)).toBe(false);
    state = saves(state, { ana: 20, bo: 1 });
    expect(state.initiative.order).toMatchObject({ order: ['bo'], losesTurn: ['ana'] });
    expect(whoActs(state)).toEqual(['bo', 'guard']);
  });

  it('refuses a toggle value it does not know, naming both', () => {
    const state = finishRound(saves(fight(), { ana: 5, bo: 5 }));
    expect(() =>
      rules.initiative.laterRoundEntries!(initiativeParticipants(state, rules), { aglSave: 'never' }),
    ).toThrow('The AGL save toggle must be "start-of-fight" or "every-round", got "never".');
  });
});
