import { describe, expect, it } from 'vitest';
import type { EncounterEvent } from './events';
import { reduce, replay } from './reducer';
import { rulesLookup } from '../systems/all-systems.test-support';
import { findCombatant, toRulesCombatant, type EncounterState } from './state';

const T = rulesLookup.tracker('shadowrun-4e');

/** The Surprised condition through the encounter reducer: it lasts the first Initiative Pass, not the Combat Turn. */
let n = 0;
const ev = (input: object) => ({ id: `e${++n}`, at: '2026-12-02T01:00:00.000Z', ...input }) as EncounterEvent;

function fight(): EncounterState {
  const started = replay(
    [
      ev({ type: 'encounter-created', encounterId: 'enc', name: 'Dock', systemId: 'shadowrun-4e' }),
      ev({
        type: 'combatant-added',
        combatant: {
          id: 'ghost',
          name: 'Ghost',
          kind: 'pc',
          side: 'party',
          stats: { reaction: 4, intuition: 3, passes: 2 },
        },
      }),
      ev({
        type: 'combatant-added',
        combatant: {
          id: 'ganger',
          name: 'Ganger',
          kind: 'npc',
          side: 'opponents',
          stats: { reaction: 3, intuition: 3, passes: 1 },
        },
      }),
      ev({ type: 'encounter-started' }),
      ev({
        type: 'condition-added',
        combatantId: 'ganger',
        instanceId: 'surprised-1',
        condition: {
          conditionId: 'surprised',
          label: 'Surprised by Ghost',
          rounds: 1,
          expires: 'pass-end',
          note: 'Surprised by Ghost (first pass)',
        },
      }),
    ],
    rulesLookup,
  )!;
  const entry = (id: string, faces: number[]) =>
    T.initiative.score(
      { id, label: id, members: [toRulesCombatant(findCombatant(started, id)!)] },
      faces,
      started.toggles,
    );
  // Ghost 7 + 2 hits = 9 (passes 1 and 2), Ganger 6 + 0 = 6 (pass 1 only).
  return reduce(
    started,
    ev({
      type: 'initiative-rolled',
      entries: [entry('ghost', [5, 6, 1, 2, 3, 4, 2]), entry('ganger', [1, 2, 3, 4, 2, 3])],
      rolls: [],
    }),
    rulesLookup,
  );
}

const surprised = (state: EncounterState) =>
  findCombatant(state, 'ganger')!.conditions.map((c) => [c.label, c.roundsLeft]);

describe('a condition that lasts one Initiative Pass', () => {
  it('stays through every turn of pass 1 and ends when pass 2 begins', () => {
    let state = fight();
    expect(state.current).toEqual({ combatantId: 'ghost', pass: 1 });
    expect(surprised(state)).toEqual([['Surprised by Ghost', 1]]);
    state = reduce(state, ev({ type: 'turn-advanced' }), rulesLookup);
    expect(state.current).toEqual({ combatantId: 'ganger', pass: 1 });
    expect(surprised(state)).toEqual([['Surprised by Ghost', 1]]);
    state = reduce(state, ev({ type: 'turn-advanced' }), rulesLookup);
    expect(state.current).toEqual({ combatantId: 'ghost', pass: 2 });
    expect(surprised(state)).toEqual([]);
  });

  it('ends with the round when nobody has a second pass', () => {
    let state = fight();
    state = reduce(
      state,
      ev({ type: 'combatant-edited', combatantId: 'ghost', stats: { reaction: 4, intuition: 3, passes: 1 } }),
      rulesLookup,
    );
    state = reduce(state, ev({ type: 'turn-advanced' }), rulesLookup);
    expect(surprised(state)).toEqual([['Surprised by Ghost', 1]]);
    state = reduce(state, ev({ type: 'turn-advanced' }), rulesLookup);
    expect(state.round).toBe(2);
    expect(surprised(state)).toEqual([]);
  });

  it('counts passes, so two passes last to the end of pass 2', () => {
    let state = fight();
    state = reduce(
      state,
      ev({
        type: 'condition-added',
        combatantId: 'ghost',
        instanceId: 'long',
        condition: { conditionId: 'prone', label: 'Prone', rounds: 2, expires: 'pass-end' },
      }),
      rulesLookup,
    );
    state = reduce(
      reduce(state, ev({ type: 'turn-advanced' }), rulesLookup),
      ev({ type: 'turn-advanced' }),
      rulesLookup,
    );
    expect(findCombatant(state, 'ghost')!.conditions.map((c) => [c.label, c.roundsLeft])).toEqual([['Prone', 1]]);
    state = reduce(state, ev({ type: 'turn-advanced' }), rulesLookup);
    expect(findCombatant(state, 'ghost')!.conditions).toEqual([]);
  });
});
