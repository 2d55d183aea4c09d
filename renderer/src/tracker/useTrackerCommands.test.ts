import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import { GmDatabase, setDatabase } from '../db/database';
import { useCommandsStore } from '../palette/commands-store';
import { useEncounterStore } from '../encounter/encounter-store';
import { useEncountersStore } from '../encounter/encounters-store';
import { trackerCommands } from './useTrackerCommands';

let n = 0;
beforeEach(() => {
  setActivePinia(createPinia());
  setDatabase(new GmDatabase(`gm-screen-tracker-commands-test-${n++}`));
});

const guard = { strength: 3, agility: 3, wits: 2, empathy: 1, armor: 2 };

function setup() {
  const encounter = useEncounterStore();
  const opened = { encounters: 0, bestiary: 0 };
  const store = useCommandsStore();
  for (const command of trackerCommands(encounter, {
    openEncounters: () => opened.encounters++,
    openBestiary: () => opened.bestiary++,
  }))
    store.register(command);
  const reason = (id: string) => store.commands.find((c) => c.id === id)!.disabledReason?.() ?? null;
  return { encounter, store, opened, reason };
}

describe('tracker commands', () => {
  it('say why they cannot run with no encounter open, except opening one', async () => {
    const { store, opened, reason } = setup();
    for (const id of [
      'tracker.next-turn',
      'tracker.previous-turn',
      'tracker.undo',
      'tracker.redo',
      'tracker.start',
      'tracker.add-from-bestiary',
    ]) {
      expect(reason(id)).toBe('No encounter is open.');
    }
    expect(await store.run('tracker.open-encounter')).toBeNull();
    expect(opened.encounters).toBe(1);
    expect(store.byKey('n')?.id).toBe('tracker.next-turn');
  });

  it('follow the encounter through setup, start, turns, undo and end, doing what the tracker buttons do', async () => {
    const { encounter, store, opened, reason } = setup();
    const id = await useEncountersStore().create('Warehouse', 'electric-state');
    await encounter.open(id!);
    expect(reason('tracker.next-turn')).toBe('The encounter has not started yet.');
    expect(reason('tracker.start')).toBeNull();
    expect(await store.run('tracker.add-from-bestiary')).toBeNull();
    expect(opened.bestiary).toBe(1);

    await encounter.dispatch({
      type: 'combatant-added',
      combatant: { id: 'a', name: 'Guard', kind: 'npc', side: 'opponents', stats: guard },
    });
    await encounter.dispatch({
      type: 'combatant-added',
      combatant: { id: 'b', name: 'Drifter', kind: 'pc', side: 'party', stats: guard },
    });
    expect(await store.run('tracker.start')).toBeNull();
    expect(encounter.state!.status).toBe('running');
    expect(reason('tracker.start')).toBe('The encounter has already started.');
    expect(reason('tracker.next-turn')).toBe('No one is acting now: roll initiative first.');

    const participants = encounter.tracker!.initiative.participants(
      encounter.state!.combatants.map((c) => ({
        id: c.id,
        name: c.name,
        kind: c.kind,
        side: c.side,
        stats: c.stats,
        health: c.health,
        conditionIds: [],
      })),
      encounter.state!.sides,
      encounter.state!.groups,
    );
    const entries = participants.map((p, i) =>
      encounter.tracker!.initiative.score(p, [6 - i], encounter.state!.toggles),
    );
    expect(await encounter.dispatch({ type: 'initiative-rolled', entries, rolls: [] })).toBe(true);
    expect(encounter.state!.current).not.toBeNull();
    expect(reason('tracker.previous-turn')).toBe('No turn has been taken this round yet.');

    const first = encounter.state!.current!.combatantId;
    expect(await store.run('tracker.next-turn')).toBeNull();
    expect(encounter.state!.current!.combatantId).not.toBe(first);
    expect(await store.run('tracker.previous-turn')).toBeNull();
    expect(encounter.state!.current!.combatantId).toBe(first);

    expect(await store.run('tracker.undo')).toBeNull();
    expect(encounter.state!.current!.combatantId).not.toBe(first);
    expect(await store.run('tracker.redo')).toBeNull();
    expect(encounter.state!.current!.combatantId).toBe(first);
    expect(reason('tracker.redo')).toBe('There is nothing to redo.');

    await encounter.dispatch({ type: 'encounter-ended' });
    expect(reason('tracker.next-turn')).toBe('The encounter has ended.');
    expect(reason('tracker.add-from-bestiary')).toBe('The encounter has ended.');
  });

  it("'New encounter…' opens the list of encounters with the new encounter's name field focused, once it is on screen", async () => {
    const { store, opened } = setup();
    // The dialog is fetched the first time: its form appears a frame or two after it is asked for.
    setTimeout(() => {
      document.body.innerHTML = '<input data-testid="encounter-new-name">';
    }, 20);
    expect(await store.run('tracker.new-encounter')).toBeNull();
    expect(opened.encounters).toBe(1);
    expect(document.activeElement).toBe(document.querySelector('[data-testid="encounter-new-name"]'));
    document.body.innerHTML = '';
  });
});
