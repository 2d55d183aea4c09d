// Log entries under the real systems' rules (Shadowrun, Electric State).
import { describe, expect, it } from 'vitest';
import type { SystemId } from '../system-kit/rule-system';
import type { EncounterEvent, EventInput } from './events';
import { build, ev, last, roll } from './log-view.test-support';
import { initiativeParticipants, replay } from './reducer';
import { rulesLookup } from '../systems/all-systems.test-support';

describe('log entries with real systems', () => {
  const apply = (events: EncounterEvent[], input: EventInput) => {
    events.push(ev(input));
    return replay(events, rulesLookup)!;
  };

  it('Shadowrun: initiative faces, passes, harm with the system labels and monitors', () => {
    const system: SystemId = 'shadowrun-4e';
    const rules = rulesLookup.tracker(system);
    const stats = {
      body: 4,
      agility: 3,
      reaction: 4,
      strength: 3,
      charisma: 2,
      intuition: 3,
      logic: 2,
      willpower: 3,
      edge: 2,
      passes: 2,
    };
    const events: EncounterEvent[] = [];
    apply(events, { type: 'encounter-created', encounterId: 'sr', name: 'Docks', systemId: system });
    apply(events, {
      type: 'combatant-added',
      combatant: { id: 'sam', name: 'Street samurai', kind: 'pc', side: 'party', stats },
    });
    apply(events, {
      type: 'combatant-added',
      combatant: { id: 'gang', name: 'Ganger', kind: 'npc', side: 'opponents', stats: { ...stats, passes: 1 } },
    });
    let state = apply(events, { type: 'encounter-started' });
    const participants = initiativeParticipants(state, rules);
    const faces = (id: string) =>
      [
        ...Array<number>(
          rules.initiative.dice(
            participants.find((p) => p.id === id)!,
            state.toggles,
          ).count,
        ).keys(),
      ].map((i) => (id === 'sam' ? 6 - (i % 2) : 2));
    const entries = participants.map((p) => rules.initiative.score(p, faces(p.id), state.toggles));
    const rolls = participants.map((p) => roll(p.label, 6, faces(p.id), 'initiative'));
    state = apply(events, { type: 'initiative-rolled', entries, rolls });
    apply(events, { type: 'harm-applied', combatantId: 'gang', harm: { kind: 'physical', amount: 3 } });
    apply(events, { type: 'harm-applied', combatantId: 'gang', harm: { kind: 'stun', amount: 4 } });
    apply(events, { type: 'turn-advanced' });
    state = apply(events, { type: 'turn-advanced' });
    apply(events, { type: 'note-added', text: 'second pass' });
    expect(state.current).toMatchObject({ combatantId: 'sam', pass: 2 });

    const log = build(events, rulesLookup);
    expect(log[0]!.text).toBe('Encounter "Docks" created · Shadowrun 4th edition');
    expect(log[4]!.dice).toEqual([
      { label: 'Street samurai', sides: 6, faces: faces('sam') },
      { label: 'Ganger', sides: 6, faces: faces('gang') },
    ]);
    expect(log[4]!.text).toMatch(/^Initiative: Street samurai \d+ · Ganger \d+ · Street samurai acts$/);
    // Each track's wound modifier lowers the ganger's Initiative Score at once (7 rolled on no hits).
    expect(log[5]).toMatchObject({
      targets: [{ name: 'Ganger' }],
      text: 'Physical damage 3 → Physical 3/10 marked, Wounded; Initiative Score 7 → 6',
    });
    expect(log[5]!.position).toMatchObject({ label: 'R1·T1', turnOf: { name: 'Street samurai' } });
    expect(log[6]!.text).toBe('Stun damage 4 → Stun 4/10 marked; Initiative Score 6 → 5');
    expect(log[7]!.text).toBe('Ganger acts');
    expect(log[8]!.text).toBe('Street samurai acts (pass 2)');
    expect(log[9]!.position).toMatchObject({
      round: 1,
      pass: 2,
      label: 'R1·P2·T3',
      turnOf: { name: 'Street samurai' },
    });
  });

  it('Electric State: sides roll initiative and are named as sides', () => {
    const system: SystemId = 'electric-state';
    const rules = rulesLookup.tracker(system);
    const events: EncounterEvent[] = [];
    apply(events, { type: 'encounter-created', encounterId: 'es', name: 'Mall', systemId: system });
    apply(events, {
      type: 'combatant-added',
      combatant: {
        id: 'pc',
        name: 'Drifter',
        kind: 'pc',
        side: 'party',
        stats: { strength: 3, agility: 4, wits: 5, empathy: 3 },
      },
    });
    apply(events, {
      type: 'combatant-added',
      combatant: {
        id: 'npc',
        name: 'Drone',
        kind: 'npc',
        side: 'opponents',
        stats: { strength: 3, agility: 3, wits: 1, empathy: 1 },
      },
    });
    const state = apply(events, { type: 'encounter-started' });
    const entries = initiativeParticipants(state, rules).map((p) =>
      rules.initiative.score(p, [p.id === 'party' ? 3 : 4], state.toggles),
    );
    apply(events, { type: 'initiative-rolled', entries, rolls: [] });
    apply(events, { type: 'harm-applied', combatantId: 'npc', harm: { kind: 'damage', amount: 1 } });
    const log = build(events, rulesLookup);
    expect(log[4]!.text).toMatch(/^Initiative: Party \d+ · Opponents \d+ · Drifter acts$/);
    expect(log[4]!.dice).toEqual([
      { label: 'Party', sides: null, faces: [3] },
      { label: 'Opponents', sides: null, faces: [4] },
    ]);
    expect(log[4]!.combatantIds).toEqual(['pc', 'npc']);
    expect(log[5]!.text).toMatch(/^Damage 1 → /);
    expect(log[5]!.position).toMatchObject({ label: 'R1·T1', turnOf: { name: 'Drifter' } });
  });

  describe('Shadowrun: a harm or roll that moves an Initiative Score says so on its line', () => {
    const system: SystemId = 'shadowrun-4e';
    const rules = rulesLookup.tracker(system);
    // Body 3 and Willpower 3: monitors of 10; Reaction 3 + Intuition 3: six dice.
    const ganger = { body: 3, willpower: 3, reaction: 3, intuition: 3, passes: 1 };
    const faces: Record<string, number[]> = {
      g1: [5, 5, 6, 2, 3, 4], // 3 hits: 9
      g2: [5, 6, 1, 2, 3, 4], // 2 hits: 8
    };

    function fight(grouped = false): EncounterEvent[] {
      const events: EncounterEvent[] = [];
      apply(events, { type: 'encounter-created', encounterId: 'sr', name: 'Docks', systemId: system });
      for (const id of ['g1', 'g2']) {
        apply(events, {
          type: 'combatant-added',
          combatant: {
            id,
            name: id === 'g1' ? 'Ganger 1' : 'Ganger 2',
            kind: 'npc',
            side: 'opponents',
            stats: ganger,
          },
        });
      }
      if (grouped) apply(events, { type: 'group-formed', groupId: 'gang', name: 'Gangers', combatantIds: ['g1', 'g2'] });
      const state = apply(events, { type: 'encounter-started' });
      const entries = initiativeParticipants(state, rules).map((p) =>
        rules.initiative.score(p, faces[p.id] ?? faces.g1!, state.toggles),
      );
      apply(events, { type: 'initiative-rolled', entries, rolls: [] });
      return events;
    }

    const lastText = (events: EncounterEvent[], input: EventInput) => {
      apply(events, input);
      return last(build(events, rulesLookup)).text;
    };

    it('harm that changes the wound modifier names the score before and after; harm that does not, does not', () => {
      const events = fight();
      expect(
        lastText(events, { type: 'harm-applied', combatantId: 'g1', harm: { kind: 'physical', amount: 6 } }),
      ).toBe('Physical damage 6 → Physical 6/10 marked, Wounded; Initiative Score 9 → 7 · Ganger 1 gains Prone');
      // Seven boxes: still −2.
      expect(
        lastText(events, { type: 'harm-applied', combatantId: 'g1', harm: { kind: 'physical', amount: 1 } }),
      ).toBe('Physical damage 1 → Physical 7/10 marked');
      // Healing raises it again.
      expect(
        lastText(events, { type: 'harm-applied', combatantId: 'g1', harm: { kind: 'heal-physical', amount: 4 } }),
      ).toBe('Heal Physical 4 → Physical 3/10 marked; Initiative Score 7 → 8');
    });

    it('a roll applied to a target says it on that target\'s part of the line', () => {
      const events = fight();
      expect(
        lastText(events, {
          type: 'roll-applied',
          roll: roll('Ganger 1', 6, [6, 6, 5], 'attack'),
          summary: 'Ganger 1 shoots Ganger 2',
          actorId: 'g1',
          effects: [{ combatantId: 'g2', harm: { kind: 'physical', amount: 3 } }],
        }),
      ).toBe('Ganger 1 shoots Ganger 2 · Ganger 2: Physical damage 3 → Physical 3/10 marked, Wounded; Initiative Score 8 → 7');
    });

    it("a group's member: its own score moves, from the group's roll", () => {
      const events = fight(true);
      expect(
        lastText(events, { type: 'harm-applied', combatantId: 'g2', harm: { kind: 'stun', amount: 3 } }),
      ).toBe('Stun damage 3 → Stun 3/10 marked, Wounded; Initiative Score 9 → 8');
    });

    it('one who goes down has left the order: the line says Unconscious, not a score', () => {
      const events = fight();
      expect(
        lastText(events, { type: 'harm-applied', combatantId: 'g1', harm: { kind: 'stun', amount: 10 } }),
      ).toBe('Stun damage 10 → Stun 10/10 marked, Unconscious · Ganger 1 gains Prone');
    });

    it('systems whose score holds all round add nothing (Electric State has no current score)', () => {
      expect(rulesLookup.tracker('electric-state').initiative.current).toBeUndefined();
    });
  });
});
