import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import { effectScope } from 'vue';
import { initiativeStandings, trackerOrder } from '../../../shared/encounter/queries';
import { initiativeParticipants } from '../../../shared/encounter/reducer';
import { GmDatabase, setDatabase } from '../db/database';
import { useEncounterStore } from '../encounter/encounter-store';
import { useEncountersStore } from '../encounter/encounters-store';
import { useTracker } from './useTracker';

let n = 0;
beforeEach(() => {
  setActivePinia(createPinia());
  setDatabase(new GmDatabase(`gm-screen-use-tracker-test-${n++}`));
});

const guard = { strength: 3, agility: 3, wits: 2, empathy: 1, armor: 2 };

/** An Electric State fight of three, initiative dealt, the first turn running. */
async function runningFight() {
  const id = await useEncountersStore().create('Warehouse', 'electric-state');
  const encounter = useEncounterStore();
  expect(await encounter.open(id!)).toBe(true);
  for (const name of ['Ana', 'Guard', 'Drone']) {
    const combatant = { id: name.toLowerCase(), name, kind: 'npc' as const, side: 'opponents', stats: guard };
    expect(await encounter.dispatch({ type: 'combatant-added', combatant })).toBe(true);
  }
  expect(await encounter.dispatch({ type: 'encounter-started' })).toBe(true);
  const rules = encounter.tracker!;
  const entries = initiativeParticipants(encounter.state!, rules).map((p, i) =>
    rules.initiative.score(p, [i + 1], encounter.state!.toggles),
  );
  expect(await encounter.dispatch({ type: 'initiative-rolled', entries, rolls: [] })).toBe(true);
  return encounter;
}

describe('useTracker', () => {
  it('keeps the order, the scores and the roster as the same objects when a turn is taken', async () => {
    const encounter = await runningFight();
    const tracker = effectScope().run(() => useTracker())!;
    const before = {
      order: tracker.displayOrder.value,
      standings: tracker.standings.value,
      present: tracker.present.value,
    };
    expect(tracker.needsInitiative.value).toBe(false);
    expect(await encounter.dispatch({ type: 'turn-advanced' })).toBe(true);
    expect(tracker.displayOrder.value).toBe(before.order);
    expect(tracker.standings.value).toBe(before.standings);
    expect(tracker.present.value).toBe(before.present);
    // And they are what the queries give for the new state.
    expect(tracker.displayOrder.value).toEqual(trackerOrder(encounter.state!, encounter.tracker));
    expect(tracker.standings.value).toEqual(initiativeStandings(encounter.state!, encounter.tracker!));
  });

  it('works them out again when a combatant changes, and when one joins', async () => {
    const encounter = await runningFight();
    const tracker = effectScope().run(() => useTracker())!;
    const before = { order: tracker.displayOrder.value, standings: tracker.standings.value };
    expect(
      await encounter.dispatch({ type: 'harm-applied', combatantId: 'drone', harm: { kind: 'damage', amount: 9 } }),
    ).toBe(true);
    expect(tracker.displayOrder.value).not.toBe(before.order);
    expect(tracker.displayOrder.value).toEqual(trackerOrder(encounter.state!, encounter.tracker));
    expect(tracker.displayOrder.value.find((c) => c.id === 'drone')).toBe(
      encounter.state!.combatants.find((c) => c.id === 'drone'),
    );
    expect(tracker.standings.value).not.toBe(before.standings);

    // On the party's side, which has drawn no initiative yet.
    const combatant = { id: 'boss', name: 'Boss', kind: 'npc' as const, side: 'party', stats: guard };
    expect(await encounter.dispatch({ type: 'combatant-added', combatant })).toBe(true);
    expect(tracker.displayOrder.value.map((c) => c.name)).toContain('Boss');
    expect(tracker.needsInitiative.value).toBe(true);
  });
});
