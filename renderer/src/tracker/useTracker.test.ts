import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { effectScope } from 'vue';
import { initiativeStandings, trackerOrder } from '../../../shared/encounter/queries';
import { GmDatabase, setDatabase } from '../db/database';
import { useEncounterStore } from '../encounter/encounter-store';
import { useEncountersStore } from '../encounter/encounters-store';
import { startWithInitiativeInOrder } from '../../test/open-encounter.test-support';
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
  await startWithInitiativeInOrder(encounter);
  return encounter;
}

describe('useTracker', () => {
  it('keeps the order, the scores and the roster as the same objects when a turn is taken', async () => {
    const encounter = await runningFight();
    const tracker = effectScope().run(() => useTracker())!;
    const before = {
      order: tracker.orderIds.value,
      standings: tracker.standings.value,
      present: tracker.present.value,
    };
    expect(tracker.needsInitiative.value).toBe(false);
    expect(await encounter.dispatch({ type: 'turn-advanced' })).toBe(true);
    expect(tracker.orderIds.value).toBe(before.order);
    expect(tracker.present.value).toBe(before.present);
    // Each standing is the same object; the map itself is made anew.
    for (const [id, standing] of before.standings) expect(tracker.standings.value.get(id)).toBe(standing);
    // And they are what the queries give for the new state.
    expect(tracker.orderIds.value).toEqual(trackerOrder(encounter.state!, encounter.tracker).map((c) => c.id));
    expect(tracker.standings.value).toEqual(initiativeStandings(encounter.state!, encounter.tracker!));
  });

  it('keeps the order when harm moves no one, and works it out again when one joins', async () => {
    const encounter = await runningFight();
    const tracker = effectScope().run(() => useTracker())!;
    const before = { order: tracker.orderIds.value, byId: tracker.combatantsById.value };
    expect(
      await encounter.dispatch({ type: 'harm-applied', combatantId: 'drone', harm: { kind: 'damage', amount: 9 } }),
    ).toBe(true);
    // Harm moves no one here (Electric State scores hold all round): the order is the same array,
    // and the rows find the hurt drone as it is now, the others as they were.
    expect(tracker.orderIds.value).toBe(before.order);
    expect(tracker.orderIds.value).toEqual(trackerOrder(encounter.state!, encounter.tracker).map((c) => c.id));
    expect(tracker.combatantsById.value.get('drone')).toBe(encounter.state!.combatants.find((c) => c.id === 'drone'));
    expect(tracker.combatantsById.value.get('drone')).not.toBe(before.byId.get('drone'));
    expect(tracker.combatantsById.value.get('ana')).toBe(before.byId.get('ana'));

    // On the party's side, which has drawn no initiative yet.
    const combatant = { id: 'boss', name: 'Boss', kind: 'npc' as const, side: 'party', stats: guard };
    expect(await encounter.dispatch({ type: 'combatant-added', combatant })).toBe(true);
    expect(tracker.orderIds.value).not.toBe(before.order);
    expect(tracker.orderIds.value).toEqual(trackerOrder(encounter.state!, encounter.tracker).map((c) => c.id));
    expect(tracker.orderIds.value).toContain('boss');
    expect(tracker.needsInitiative.value).toBe(true);
  });

  it('asks the rules for checks again only of a combatant who changed, and of everyone when the turn moves on', async () => {
    const encounter = await runningFight();
    const rules = encounter.tracker!;
    const asked = vi.spyOn(rules, 'checksDue');
    const tracker = effectScope().run(() => useTracker())!;
    const askedOf = () => asked.mock.calls.map(([combatant, moment]) => `${combatant.id}@${moment.activeCombatantId}`);
    expect(tracker.checks.value).toEqual([]);
    const first = encounter.state!.current!.combatantId;
    expect(askedOf()).toEqual([`ana@${first}`, `guard@${first}`, `drone@${first}`]);

    asked.mockClear();
    expect(
      await encounter.dispatch({ type: 'harm-applied', combatantId: 'drone', harm: { kind: 'damage', amount: 1 } }),
    ).toBe(true);
    expect(tracker.checks.value).toEqual([]);
    expect(askedOf()).toEqual([`drone@${first}`]);

    asked.mockClear();
    expect(await encounter.dispatch({ type: 'turn-advanced' })).toBe(true);
    const second = encounter.state!.current!.combatantId;
    expect(second).not.toBe(first);
    expect(tracker.checks.value).toEqual([]);
    expect(askedOf()).toEqual([`ana@${second}`, `guard@${second}`, `drone@${second}`]);

    // What the rules answer is what the tracker lists, for the combatant asked.
    asked.mockImplementation((combatant) =>
      combatant.id === 'guard'
        ? [
            {
              id: 'save',
              combatantId: 'guard',
              label: 'Guard: save',
              dice: { count: 1, sides: 6 },
              reason: { text: 'A test save.', rule: { section: 'Test', source: 'default' } },
            },
          ]
        : [],
    );
    expect(
      await encounter.dispatch({ type: 'harm-applied', combatantId: 'guard', harm: { kind: 'damage', amount: 1 } }),
    ).toBe(true);
    expect(tracker.checks.value.map((c) => `${c.combatantId}:${c.id}:${c.prompt}`)).toEqual(['guard:save:false']);
  });
});
