import { describe, expect, it } from 'vitest';
import type { EncounterEvent, EventInput } from './events';
import { FAKE_SYSTEM_ID, createFakeLookup } from './fake-rules.test-support';
import { actingNow, outOfTheFight, upcomingTurns, whatCanTheyDo } from './queries';
import { reduce, replay } from './reducer';

const lookup = createFakeLookup();
const rules = lookup.tracker(FAKE_SYSTEM_ID);
let n = 0;
const ev = (input: EventInput): EncounterEvent => ({ id: `q${++n}`, at: '2026-11-29T12:00:00.000Z', ...input }) as EncounterEvent;
const entry = (id: string, score: number) => ({ participantId: id, memberIds: [id], score, display: String(score), faces: [1], detail: {}, steps: [] });

function running() {
  return replay(
    [
      ev({ type: 'encounter-created', encounterId: 'q', name: 'Queries', systemId: FAKE_SYSTEM_ID }),
      ev({ type: 'combatant-added', combatant: { id: 'a', name: 'Ash', kind: 'pc', side: 'party', stats: { hp: 5, init: 1 } } }),
      ev({ type: 'combatant-added', combatant: { id: 'b', name: 'Bo', kind: 'npc', side: 'opponents', stats: { hp: 5, init: 1 } } }),
      ev({ type: 'combatant-added', combatant: { id: 'c', name: 'Cy', kind: 'npc', side: 'opponents', stats: { hp: 5, init: 1 } } }),
      ev({ type: 'encounter-started' }),
      ev({ type: 'initiative-rolled', entries: [entry('a', 9), entry('b', 5), entry('c', 7)], rolls: [] }),
    ],
    lookup,
  )!;
}

describe('queries', () => {
  it('tell who acts now and who is next', () => {
    const state = running();
    expect(actingNow(state)?.name).toBe('Ash');
    expect(upcomingTurns(state, rules).map((t) => t.combatant.name)).toEqual(['Cy', 'Bo']);
  });

  it('tell what a combatant can still do, on and off its turn', () => {
    let state = running();
    expect(whatCanTheyDo(state, rules, 'a')!.available.map((a) => a.id)).toEqual(['attack', 'dodge']);
    expect(whatCanTheyDo(state, rules, 'b')!.available.map((a) => a.id)).toEqual(['dodge']);
    state = reduce(state, ev({ type: 'action-taken', combatantId: 'a', actionId: 'attack' }), lookup);
    expect(whatCanTheyDo(state, rules, 'a')!.resources.find((r) => r.id === 'action')!.left).toBe(0);
    expect(whatCanTheyDo(state, rules, 'a')!.available.map((a) => a.id)).toEqual(['dodge']);
  });

  it('list who is out of the fight', () => {
    const state = reduce(running(), ev({ type: 'harm-applied', combatantId: 'c', harm: { kind: 'damage', amount: 9 } }), lookup);
    expect(outOfTheFight(state, rules).map((o) => [o.combatant.name, o.state])).toEqual([['Cy', 'Down']]);
  });
});

describe('roll-applied', () => {
  it('applies a roll to several targets in one event', () => {
    const state = reduce(
      running(),
      ev({
        type: 'roll-applied',
        roll: { id: 'r', at: '2026-11-29T12:00:00.000Z', roller: 'Ash', reason: 'Grenade', source: 'physical', groups: [{ sides: 6, faces: [6, 6] }] },
        summary: 'Grenade hits Bo and Cy',
        effects: [
          { combatantId: 'b', harm: { kind: 'damage', amount: 2 } },
          { combatantId: 'c', harm: { kind: 'damage', amount: 3 }, conditions: [{ conditionId: 'burning', label: 'Burning', rounds: 2 }] },
        ],
      }),
      lookup,
    );
    expect(state.combatants.map((c) => c.health.hp)).toEqual([5, 3, 2]);
    expect(state.combatants[2]!.conditions.map((c) => c.label)).toEqual(['Burning']);
  });

  it('applies nothing when one target cannot take it', () => {
    const state = running();
    const roll = { id: 'r', at: '2026-11-29T12:00:00.000Z', roller: 'Ash', reason: 'Grenade', source: 'crypto', groups: [{ sides: 6, faces: [3] }] };
    expect(() =>
      reduce(state, ev({ type: 'roll-applied', roll, summary: 'x', effects: [{ combatantId: 'b', harm: { kind: 'damage', amount: 2 } }, { combatantId: 'nobody', harm: { kind: 'damage', amount: 2 } }] }), lookup),
    ).toThrow(/no combatant/);
    expect(() => reduce(state, ev({ type: 'roll-applied', roll, summary: 'x', effects: [] }), lookup)).toThrow(/at least one target/);
  });
});
