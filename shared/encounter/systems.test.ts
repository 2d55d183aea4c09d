import { describe, expect, it } from 'vitest';
import type { EncounterEvent, EventInput } from './events';
import { initiativeParticipants, reduce, remainingSlots } from './reducer';
import { rulesLookup } from '../systems/all-systems.test-support';
import type { EncounterState } from './state';

let n = 0;
const ev = (input: EventInput): EncounterEvent => ({ id: `s${++n}`, at: '2026-11-29T12:00:00.000Z', ...input }) as EncounterEvent;
const apply = (state: EncounterState | null, input: EventInput) => reduce(state, ev(input), rulesLookup);

describe('Electric State through the tracker', () => {
  function twoSides() {
    let state = apply(null, { type: 'encounter-created', encounterId: 'es', name: 'Mall', systemId: 'electric-state' });
    state = apply(state, { type: 'combatant-added', combatant: { id: 'pc', name: 'Drifter', kind: 'pc', side: 'party', stats: { strength: 3, agility: 4, wits: 5, empathy: 3 } } });
    state = apply(state, { type: 'combatant-added', combatant: { id: 'npc', name: 'Drone', kind: 'npc', side: 'opponents', stats: { strength: 3, agility: 3, wits: 1, empathy: 1 } } });
    return apply(state, { type: 'encounter-started' });
  }

  function rollSides(state: EncounterState, faces: Record<string, number>) {
    const rules = rulesLookup.tracker('electric-state');
    const entries = initiativeParticipants(state, rules).map((p) => rules.initiative.score(p, [faces[p.id]!], state.toggles));
    return apply(state, { type: 'initiative-rolled', entries, rolls: [] });
  }

  it('orders sides by D6 + highest Wits', () => {
    const state = rollSides(twoSides(), { party: 3, opponents: 4 });
    expect(state.current?.combatantId).toBe('pc');
  });

  it('lets the side that started the fight act first, whatever the roll', () => {
    let state = apply(twoSides(), { type: 'toggle-changed', toggleId: 'firstSide', value: 'opponents' });
    state = rollSides(state, { party: 6, opponents: 1 });
    expect(state.current?.combatantId).toBe('npc');
    expect(remainingSlots(state, rulesLookup.tracker('electric-state')).map((s) => s.combatantId)).toEqual(['pc']);
  });

  it('asks for a reroll on a tie and waits for it', () => {
    const state = rollSides(twoSides(), { party: 1, opponents: 5 });
    expect(state.initiative.order?.tieToReroll).toEqual(['party', 'opponents']);
    expect(state.current).toBeNull();
    expect(rollSides(state, { party: 1, opponents: 6 }).current?.combatantId).toBe('npc');
  });
});

describe('Shadowrun through the tracker', () => {
  it('Edge spent to act first puts a lower score ahead in every pass', () => {
    const rules = rulesLookup.tracker('shadowrun-4e');
    const stats = { body: 3, agility: 3, reaction: 3, strength: 3, charisma: 2, intuition: 3, logic: 2, willpower: 3, edge: 2, passes: 2 };
    let state = apply(null, { type: 'encounter-created', encounterId: 'sr', name: 'Docks', systemId: 'shadowrun-4e' });
    state = apply(state, { type: 'combatant-added', combatant: { id: 'fast', name: 'Fast', kind: 'npc', side: 'opponents', stats } });
    state = apply(state, { type: 'combatant-added', combatant: { id: 'slow', name: 'Slow', kind: 'pc', side: 'party', stats } });
    state = apply(state, { type: 'encounter-started' });
    const faces: Record<string, number[]> = { fast: [6, 6, 6, 6, 6, 6], slow: [1, 2, 2, 2, 2, 2] };
    const entries = initiativeParticipants(state, rules).map((p) => rules.initiative.score(p, faces[p.id]!, state.toggles));
    state = apply(state, { type: 'initiative-rolled', entries, rolls: [] });
    expect(state.current?.combatantId).toBe('fast');
    state = apply(state, { type: 'condition-added', combatantId: 'slow', instanceId: 'e1', condition: { conditionId: 'edge-first', label: 'Edge: acts first', rounds: 1, expires: 'round-end' } });
    expect(remainingSlots(state, rules).map((s) => `${s.combatantId}@${s.pass}`)).toEqual(['slow@1', 'slow@2', 'fast@2']);
  });
});
