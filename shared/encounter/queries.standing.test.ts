import { describe, expect, it } from 'vitest';
import type { SystemId } from '../system-kit/rule-system';
import type { EncounterEvent, EventInput } from './events';
import { FAKE_SYSTEM_ID, createFakeLookup, initiativeEntry } from './fake-rules.test-support';
import { initiativeStandings, standingMemo, trackerOrder } from './queries';
import { initiativeParticipants, reduce, replay } from './reducer';
import { rulesLookup } from '../systems/all-systems.test-support';
import type { EncounterState } from './state';

let n = 0;
const ev = (input: EventInput): EncounterEvent =>
  ({ id: `s${++n}`, at: '2026-11-29T12:00:00.000Z', ...input }) as EncounterEvent;
const names = (state: EncounterState, system: SystemId) =>
  trackerOrder(state, rulesLookup.tracker(system)).map((c) => c.name);

describe('tracker order and standings where the roll holds all round (fake rules)', () => {
  const lookup = createFakeLookup();
  const rules = lookup.tracker(FAKE_SYSTEM_ID);
  const state = replay(
    [
      ev({ type: 'encounter-created', encounterId: 'f', name: 'Fake', systemId: FAKE_SYSTEM_ID }),
      ev({ type: 'combatant-added', combatant: { id: 'a', name: 'Ash', kind: 'pc', side: 'party', stats: { hp: 5, init: 1 } } }),
      ev({ type: 'combatant-added', combatant: { id: 'b', name: 'Bo', kind: 'npc', side: 'opponents', stats: { hp: 5, init: 1 } } }),
      ev({ type: 'combatant-added', combatant: { id: 'c', name: 'Cy', kind: 'npc', side: 'opponents', stats: { hp: 5, init: 1 } } }),
      ev({ type: 'encounter-started' }),
      ev({ type: 'initiative-rolled', entries: [initiativeEntry('b', ['b'], 9), initiativeEntry('a', ['a'], 4)], rolls: [] }),
    ],
    lookup,
  )!;

  it('rows follow the rolled order, then those without a roll', () => {
    expect(trackerOrder(state, rules).map((c) => c.name)).toEqual(['Bo', 'Ash', 'Cy']);
    // Hurting someone changes nothing where the system has no current score.
    const hurt = reduce(state, ev({ type: 'harm-applied', combatantId: 'b', harm: { kind: 'damage', amount: 4 } }), lookup);
    expect(trackerOrder(hurt, rules).map((c) => c.name)).toEqual(['Bo', 'Ash', 'Cy']);
  });

  it('standings are the rolled entries, the tooltip naming the roll', () => {
    expect(Object.fromEntries(initiativeStandings(state, rules))).toEqual({
      b: { display: '9', title: 'Initiative: 9', moved: false },
      a: { display: '4', title: 'Initiative: 4', moved: false },
    });
  });

  it('with a memo, an entry seen before gives the same standing object; a new roll a new one', () => {
    const memo = standingMemo();
    const before = initiativeStandings(state, rules, memo);
    const hurt = reduce(state, ev({ type: 'harm-applied', combatantId: 'b', harm: { kind: 'damage', amount: 4 } }), lookup);
    const after = initiativeStandings(hurt, rules, memo);
    expect(after.get('b')).toBe(before.get('b'));
    expect(after.get('a')).toBe(before.get('a'));
    const rerolled = reduce(hurt, ev({ type: 'initiative-rolled', entries: [initiativeEntry('b', ['b'], 2), initiativeEntry('a', ['a'], 4)], rolls: [] }), lookup);
    const again = initiativeStandings(rerolled, rules, memo);
    expect(again.get('b')).toEqual({ display: '2', title: 'Initiative: 2', moved: false });
    expect(again.get('b')).not.toBe(before.get('b'));
  });
});

describe('Shadowrun: a wound moves the row and the score at once', () => {
  const system: SystemId = 'shadowrun-4e';
  const rules = rulesLookup.tracker(system);
  // Body 3, Willpower 3 (monitors of 10); Reaction 3 + Intuition 3: six Initiative dice.
  const ganger = { body: 3, willpower: 3, reaction: 3, intuition: 3, passes: 1 };
  // The gangers' group roll: five hits on six dice, 6 + 5 = 11.
  const gangFaces = [5, 5, 6, 5, 5, 2];

  function fight(): EncounterState {
    const events: EncounterEvent[] = [
      ev({ type: 'encounter-created', encounterId: 'sr', name: 'Docks', systemId: system }),
      ev({ type: 'combatant-added', combatant: { id: 'g1', name: 'Ganger 1', kind: 'npc', side: 'opponents', stats: ganger } }),
      ev({ type: 'combatant-added', combatant: { id: 'g2', name: 'Ganger 2', kind: 'npc', side: 'opponents', stats: ganger } }),
      ev({ type: 'combatant-added', combatant: { id: 'sam', name: 'Samurai', kind: 'pc', side: 'party', stats: { ...ganger, intuition: 4 } } }),
      ev({ type: 'group-formed', groupId: 'gang', name: 'Gangers', combatantIds: ['g1', 'g2'] }),
      ev({ type: 'encounter-started' }),
    ];
    const started = replay(events, rulesLookup)!;
    // The samurai rolls seven dice: one hit, 7 + 1 = 8.
    const entries = initiativeParticipants(started, rules).map((p) =>
      rules.initiative.score(p, p.id === 'sam' ? [5, 2, 2, 2, 2, 3, 4] : gangFaces, started.toggles),
    );
    return reduce(started, ev({ type: 'initiative-rolled', entries, rolls: [] }), rulesLookup);
  }

  it('before any harm: the gangers (11) before the samurai (8), scores as rolled', () => {
    const state = fight();
    expect(names(state, system)).toEqual(['Ganger 1', 'Ganger 2', 'Samurai']);
    expect(Object.fromEntries(initiativeStandings(state, rules))).toEqual({
      g1: { display: '11', title: 'Rolled 11', moved: false },
      g2: { display: '11', title: 'Rolled 11', moved: false },
      sam: { display: '8', title: 'Rolled 8', moved: false },
    });
  });

  it('nine boxes on Ganger 2 (−3): 8 ties the samurai, and the ganger drops below on the tie-break', () => {
    const state = reduce(fight(), ev({ type: 'harm-applied', combatantId: 'g2', harm: { kind: 'physical', amount: 9 } }), rulesLookup);
    expect(initiativeStandings(state, rules).get('g2')).toEqual({
      display: '8',
      title: 'Rolled 11, wound modifier −3',
      moved: true,
    });
    // Edge breaks the tie: the samurai's default Edge 2 against the ganger's default Edge 2, then Initiative 7 against 6.
    expect(names(state, system)).toEqual(['Ganger 1', 'Samurai', 'Ganger 2']);
  });

  it('six boxes (−2, score 9) are still ahead of the samurai; one who goes down follows everyone who acts', () => {
    let state = reduce(fight(), ev({ type: 'harm-applied', combatantId: 'g1', harm: { kind: 'physical', amount: 6 } }), rulesLookup);
    expect(initiativeStandings(state, rules).get('g1')).toMatchObject({ display: '9', moved: true });
    expect(names(state, system)).toEqual(['Ganger 2', 'Ganger 1', 'Samurai']);
    state = reduce(state, ev({ type: 'harm-applied', combatantId: 'g2', harm: { kind: 'stun', amount: 10 } }), rulesLookup);
    expect(names(state, system)).toEqual(['Ganger 1', 'Samurai', 'Ganger 2']);
  });

  it('with a memo, only the combatant who changed is worked out again, and a toggle works out everyone', () => {
    const memo = standingMemo();
    const state = fight();
    const before = initiativeStandings(state, rules, memo);
    const hurt = reduce(state, ev({ type: 'harm-applied', combatantId: 'g2', harm: { kind: 'physical', amount: 9 } }), rulesLookup);
    const after = initiativeStandings(hurt, rules, memo);
    expect(after.get('g1')).toBe(before.get('g1'));
    expect(after.get('sam')).toBe(before.get('sam'));
    expect(after.get('g2')).toEqual({ display: '8', title: 'Rolled 11, wound modifier −3', moved: true });
    // The same as without a memo, entry by entry.
    expect(Object.fromEntries(after)).toEqual(Object.fromEntries(initiativeStandings(hurt, rules)));
    // Toggles are an input: new toggles (the same values) work every standing out again.
    const toggled = { ...hurt, toggles: { ...hurt.toggles } };
    const again = initiativeStandings(toggled, rules, memo);
    expect(again.get('g1')).not.toBe(after.get('g1'));
    expect(again.get('g1')).toEqual(after.get('g1'));
    // So is the entry: a new roll for the same combatant object.
    const entry = { ...hurt.initiative.entries[0]!, score: 3, display: '3' };
    const rerolled = { ...hurt, initiative: { ...hurt.initiative, entries: [entry, ...hurt.initiative.entries.slice(1)] } };
    expect(initiativeStandings(rerolled, rules, memo).get(entry.memberIds[0]!)).not.toBe(after.get(entry.memberIds[0]!));
  });
});
