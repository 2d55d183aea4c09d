import { describe, expect, it } from 'vitest';
import { createFakeLookup, warehouseRunning } from '../encounter/fake-rules.test-support';
import { buildLogEntries } from '../encounter/log-view';
import type { EncounterEvent } from '../encounter/events';
import type { RollRecord } from '../dice/record';
import { discard, recordOf, timedEvents } from './fake-record.test-support';
import { replayLog, walkLog, walkPlaces, walkSteps, type ReplayPlace } from './replayed-log';
import { generateEncounter } from './generated-encounters.test-support';
import { rulesLookup } from '../systems/all-systems.test-support';
import type { SystemId } from '../system-kit/rule-system';

const lookup = createFakeLookup();

const roll = (id: string, faces: number[]): RollRecord => ({
  id,
  at: '2026-11-29T19:30:00.000Z',
  roller: 'Ghost',
  reason: 'test',
  source: 'physical',
  groups: [{ sides: 6, faces }],
});

describe('replayLog', () => {
  it('numbers entries by log position and marks the ones past the cursor undone; the final state is at the cursor', () => {
    const ev = timedEvents();
    const events = warehouseRunning(ev);
    const record = recordOf(
      [
        ...events,
        ev({ type: 'harm-applied', combatantId: 'g1', harm: { kind: 'damage', amount: 2 } }),
        ev({ type: 'harm-applied', combatantId: 'g1', harm: { kind: 'damage', amount: 1 } }),
      ],
      events.length + 1,
    );
    const { entries, finalState } = replayLog(record, lookup);
    expect(entries.map((e) => [e.index, e.undone, e.discarded])).toEqual([
      [0, false, false],
      [1, false, false],
      [2, false, false],
      [3, false, false],
      [4, false, false],
      [5, false, false],
      [6, false, false],
      [7, true, false],
    ]);
    // The redo branch is described on the main line, after the entries in effect.
    expect(entries[7]!.entry.text).toBe('Damage 1 → HP 3/6');
    expect(finalState!.combatants.find((c) => c.id === 'g1')!.health.hp).toBe(4);
  });

  it('describes a discarded run on a branch forked from the main line where it was written', () => {
    const ev = timedEvents();
    const record = recordOf([
      ...warehouseRunning(ev),
      ev({ type: 'harm-applied', combatantId: 'g1', harm: { kind: 'damage', amount: 1 } }),
      discard(ev({ type: 'harm-applied', combatantId: 'g1', harm: { kind: 'damage', amount: 2 } })),
      discard(ev({ type: 'harm-applied', combatantId: 'g1', harm: { kind: 'damage', amount: 3 } })),
      ev({ type: 'harm-applied', combatantId: 'g1', harm: { kind: 'damage', amount: 4 } }),
    ]);
    const { entries, finalState } = replayLog(record, lookup);
    expect(entries.slice(6).map((e) => [e.index, e.undone, e.discarded, e.entry.text])).toEqual([
      [6, false, false, 'Damage 1 → HP 5/6'],
      [7, true, true, 'Damage 2 → HP 3/6'],
      // The run continues on its branch: 3 more from the 3 left there.
      [8, true, true, 'Damage 3 → HP 0/6, Down · Ganger 1 gains Down'],
      // The main line never saw the discarded harm.
      [9, false, false, 'Damage 4 → HP 1/6'],
    ]);
    expect(finalState!.combatants.find((c) => c.id === 'g1')!.health.hp).toBe(1);
  });

  it('retries a discarded entry its branch refuses from the fork point', () => {
    const ev = timedEvents();
    const record = recordOf([
      ...warehouseRunning(ev),
      discard(ev({ type: 'combatant-removed', combatantId: 'g1' })),
      // Written after the removal was undone: the branch refuses it, the fork point accepts it.
      discard(ev({ type: 'harm-applied', combatantId: 'g1', harm: { kind: 'damage', amount: 2 } })),
      ev({ type: 'note-added', text: 'On we go' }),
    ]);
    const { entries } = replayLog(record, lookup);
    expect(entries.slice(6).map((e) => e.entry.text)).toEqual(['Leaves the encounter', 'Damage 2 → HP 4/6', 'Note: On we go']);
  });

  it('says a discarded entry could not be replayed when the fork point refuses it too, and goes on', () => {
    const ev = timedEvents();
    const record = recordOf([
      ...warehouseRunning(ev),
      discard(ev({ type: 'harm-applied', combatantId: 'nobody', harm: { kind: 'damage', amount: 2 } })),
      discard(ev({ type: 'harm-applied', combatantId: 'g2', harm: { kind: 'damage', amount: 2 } })),
      ev({ type: 'note-added', text: 'On we go' }),
    ]);
    const { entries } = replayLog(record, lookup);
    expect(entries.slice(6).map((e) => [e.undone, e.entry.text])).toEqual([
      [true, 'Could not be replayed: There is no combatant with id "nobody" in this encounter.'],
      [true, 'Damage 2 → HP 4/6'],
      [false, 'Note: On we go'],
    ]);
  });

  it('names the roller of a main-line roll on harm from it that was later discarded', () => {
    const ev = timedEvents();
    const rolled = ev({ type: 'roll-resolved', roll: roll('r1', [6, 5]), summary: 'Ghost shoots Ganger 2', actorId: 'ghost', targetIds: ['g2'] });
    const record = recordOf([
      ...warehouseRunning(ev),
      rolled,
      discard(ev({ type: 'harm-applied', combatantId: 'g2', harm: { kind: 'damage', amount: 3 }, sourceEventId: rolled.id })),
      ev({ type: 'harm-applied', combatantId: 'g2', harm: { kind: 'damage', amount: 2 }, sourceEventId: rolled.id }),
    ]);
    const { entries } = replayLog(record, lookup);
    expect(entries.slice(7).map((e) => [e.entry.actor, e.entry.text])).toEqual([
      [{ id: 'ghost', name: 'Ghost' }, 'Damage 3 → HP 3/6'],
      [{ id: 'ghost', name: 'Ghost' }, 'Damage 2 → HP 4/6'],
    ]);
  });

  it('names the roller of harm from a roll made long before (past a restart of the main line)', () => {
    const ev = timedEvents();
    const rolled = ev({ type: 'roll-resolved', roll: roll('r1', [6, 5]), summary: 'Ghost shoots Ganger 2', actorId: 'ghost', targetIds: ['g2'] });
    const notes = Array.from({ length: 1200 }, (_, i) => ev({ type: 'note-added', text: `n${i}` }));
    const harm = ev({ type: 'harm-applied', combatantId: 'g2', harm: { kind: 'damage', amount: 2 }, sourceEventId: rolled.id });
    const { entries } = replayLog(recordOf([...warehouseRunning(ev), rolled, ...notes, harm]), lookup);
    expect(entries[entries.length - 1]!.entry).toMatchObject({ actor: { id: 'ghost', name: 'Ghost' }, text: 'Damage 2 → HP 4/6' });
    expect(entries[entries.length - 1]!.index).toBe(1207);
  });

  it('says for a long log exactly what the log panel says, restarts of its builder and all', () => {
    const ev = timedEvents();
    const events: EncounterEvent[] = [...warehouseRunning(ev)];
    for (let i = 0; events.length < 2500; i++) {
      const target = ['ghost', 'g1', 'g2'][i % 3]!;
      const rolled = ev({ type: 'roll-resolved', roll: roll(`r${i}`, [i % 6 + 1]), summary: `Shot ${i}`, actorId: 'ghost', targetIds: [target] });
      events.push(
        rolled,
        ev({ type: 'harm-applied', combatantId: target, harm: { kind: 'damage', amount: 1 }, sourceEventId: rolled.id }),
        ev({ type: 'harm-applied', combatantId: target, harm: { kind: 'heal', amount: 1 } }),
        ev({ type: 'note-added', text: `n${i}` }),
        ev({ type: 'turn-advanced' }),
      );
    }
    const panel = buildLogEntries(events, lookup);
    const said = (e: (typeof panel)[number]) => [e.position.label, e.actor?.name ?? null, e.targets.map((t) => t.name), e.dice, e.text, e.kinds];
    expect(replayLog(recordOf(events), lookup).entries.map((e) => said(e.entry))).toEqual(panel.map(said));
  });

  it('reports progress every 1,000 events and at the end', () => {
    const ev = timedEvents();
    const notes = Array.from({ length: 2494 }, (_, i) => ev({ type: 'note-added', text: `n${i}` }));
    const record = recordOf([...warehouseRunning(ev), ...notes]);
    const calls: [number, number][] = [];
    const outcome = walkLog(record, lookup, () => undefined, (done, total) => calls.push([done, total]));
    expect(calls).toEqual([
      [1000, 2500],
      [2000, 2500],
      [2500, 2500],
    ]);
    expect(outcome.total).toBe(2500);
  });

  it('gives each step the states around its event, on its own branch', () => {
    const ev = timedEvents();
    const record = recordOf([
      ...warehouseRunning(ev),
      discard(ev({ type: 'harm-applied', combatantId: 'g1', harm: { kind: 'damage', amount: 2 } })),
      ev({ type: 'harm-applied', combatantId: 'g1', harm: { kind: 'damage', amount: 5 } }),
    ]);
    const hp: [number | undefined, number | undefined][] = [];
    walkLog(record, lookup, (step) => {
      if (step.event.type !== 'harm-applied') return;
      const of = (s: typeof step.before) => s?.combatants.find((c) => c.id === 'g1')?.health.hp as number | undefined;
      hp.push([of(step.before), of(step.after)]);
    });
    expect(hp).toEqual([
      [6, 4],
      [6, 1],
    ]);
  });
});

describe('walkPlaces', () => {
  const systems: readonly SystemId[] = ['electric-state', 'uesrpg-3e', 'shadowrun-4e', 'hardware'];
  for (const systemId of systems) {
    it(`${systemId}: places every entry where its log position says, undone ones included, and ends at the same state`, () => {
      for (const seed of [1, 2, 3, 4, 5, 6]) {
        const { record } = generateEncounter(systemId, seed);
        const expected: ReplayPlace[] = [];
        const steps = walkSteps(record, rulesLookup);
        let step = steps.next();
        for (; !step.done; step = steps.next()) {
          const { index, undone, entry } = step.value;
          expected.push({ index, undone, status: entry.position.status, round: entry.position.round, pass: entry.position.pass });
        }
        const places: ReplayPlace[] = [];
        const walk = walkPlaces(record, rulesLookup);
        let place = walk.next();
        for (; !place.done; place = walk.next()) places.push(place.value);
        expect(places).toEqual(expected);
        expect(place.value).toEqual(step.value);
      }
    });
  }

  it('goes on from the same state past an event that does not replay, as the log does', () => {
    const ev = timedEvents();
    const events = warehouseRunning(ev);
    const record = recordOf([...events, ev({ type: 'harm-applied', combatantId: 'nobody', harm: { kind: 'damage', amount: 2 } }), ev({ type: 'turn-advanced' })]);
    const places = [...walkPlaces(record, lookup)];
    const entries = replayLog(record, lookup).entries;
    expect(entries.at(-2)!.entry.text).toMatch(/^Could not be replayed: /);
    expect(places.slice(-2).map((p) => [p.status, p.round, p.pass])).toEqual(entries.slice(-2).map((e) => [e.entry.position.status, e.entry.position.round, e.entry.position.pass]));
  });
});
