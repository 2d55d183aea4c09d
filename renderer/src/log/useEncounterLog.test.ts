import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { effectScope, nextTick } from 'vue';
import { EncounterLogBuilder } from '../../../shared/encounter/log-view';
import { GmDatabase, setDatabase } from '../db/database';
import { useEncounterStore } from '../encounter/encounter-store';
import { useEncountersStore } from '../encounter/encounters-store';
import { runNow, type Schedule } from '../ui/afterPaint';
import { useEncounterLog } from './useEncounterLog';
import { useEncounterLogFilter } from './useEncounterLogFilter';
import { noteProblem, useEncounterLogNote } from './useEncounterLogNote';

let n = 0;
beforeEach(() => {
  setActivePinia(createPinia());
  setDatabase(new GmDatabase(`gm-screen-log-test-${n++}`));
});

const guard = { strength: 3, agility: 3, wits: 2, empathy: 1, armor: 2 };

async function newEncounter() {
  const id = await useEncountersStore().create('Warehouse', 'electric-state');
  const encounter = useEncounterStore();
  expect(await encounter.open(id!)).toBe(true);
  return { encounter, id: id! };
}

function mounted<T>(use: () => T): T {
  return effectScope().run(use)!;
}

describe('useEncounterLog', () => {
  it('grows by one entry per change and marks what undo took back', async () => {
    const { encounter } = await newEncounter();
    const { view } = mounted(() => useEncounterLog(runNow));
    expect(view.value.entries.map((e) => e.type)).toEqual(['encounter-created']);
    await encounter.dispatch({
      type: 'combatant-added',
      combatant: { id: 'c1', name: 'Guard', kind: 'npc', side: 'opponents', stats: guard },
    });
    await encounter.dispatch({ type: 'harm-applied', combatantId: 'c1', harm: { kind: 'damage', amount: 1 } });
    const [created, added] = view.value.entries;
    expect(view.value.entries.map((e) => e.text)).toEqual([
      expect.stringContaining('created'),
      'Joins Opponents (NPC)',
      expect.stringMatching(/^Damage 1 → /),
    ]);
    expect(view.value.cursor).toBe(3);
    expect(view.value.combatants).toEqual([{ id: 'c1', name: 'Guard', removed: false }]);

    await encounter.undo();
    expect(view.value.cursor).toBe(2);
    expect(view.value.entries).toHaveLength(3);
    // A change after the undo replaces the undone entry; the earlier entries are the same objects.
    await encounter.dispatch({ type: 'note-added', text: 'instead' });
    expect(view.value.entries.map((e) => e.type)).toEqual(['encounter-created', 'combatant-added', 'note-added']);
    expect(view.value.entries[0]).toBe(created);
    expect(view.value.entries[1]).toBe(added);
  });

  it('shows a change once its schedule runs, several changes in one update; a new encounter at once', async () => {
    const { encounter } = await newEncounter();
    const planned: (() => void)[] = [];
    const later: Schedule = (work) => void planned.push(work);
    const { view } = mounted(() => useEncounterLog(later));
    expect(view.value.entries).toHaveLength(1);
    const before = view.value;
    const described = vi.spyOn(EncounterLogBuilder.prototype, 'push');
    await encounter.dispatch({ type: 'note-added', text: 'one' });
    await encounter.dispatch({ type: 'note-added', text: 'two' });
    // Not yet shown, nor described (that waits with the view, off the click), and one update planned for both changes.
    expect(view.value).toBe(before);
    expect(described).not.toHaveBeenCalled();
    expect(planned).toHaveLength(1);
    planned.shift()!();
    expect(view.value.entries.map((e) => e.text).slice(1)).toEqual([expect.stringContaining('one'), expect.stringContaining('two')]);
    expect(described).toHaveBeenCalledTimes(2);
    described.mockRestore();
    expect(view.value.cursor).toBe(3);

    const other = await useEncountersStore().create('Docks', 'electric-state');
    expect(await encounter.open(other!)).toBe(true);
    expect(planned).toHaveLength(0);
    expect(view.value.entries).toHaveLength(1);
    expect(view.value.cursor).toBe(1);
  });

  it('says how many earlier entries are still loading, and shows them once loaded', async () => {
    const { id } = await newEncounter();
    for (let i = 0; i < 230; i++) await useEncounterStore().dispatch({ type: 'note-added', text: `n${i}` });

    setActivePinia(createPinia());
    const reopened = useEncounterStore();
    expect(await reopened.open(id)).toBe(true);
    const { view } = mounted(() => useEncounterLog(runNow));
    expect(view.value.unloaded).toBe(200);
    expect(view.value.entries[0]!.index).toBe(200);
    expect(view.value.entries[0]!.text).toBe('Note: n199');
    const later = view.value.entries[0];

    // Jumping below the snapshot reads the earlier events first.
    expect(await reopened.moveTo(5)).toBe(true);
    await nextTick();
    expect(view.value.unloaded).toBe(0);
    expect(view.value.entries).toHaveLength(231);
    expect(view.value.entries[1]!.text).toBe('Note: n0');
    expect(view.value.entries[200]).toBe(later);
    expect(view.value.cursor).toBe(5);
  });
});

describe('useEncounterLogFilter', () => {
  it('filters by combatant and kind, keeping up with new entries', async () => {
    const { encounter } = await newEncounter();
    await encounter.dispatch({
      type: 'combatant-added',
      combatant: { id: 'c1', name: 'Guard', kind: 'npc', side: 'opponents', stats: guard },
    });
    await encounter.dispatch({
      type: 'combatant-added',
      combatant: { id: 'c2', name: 'Drone', kind: 'npc', side: 'opponents', stats: guard },
    });
    const { view } = mounted(() => useEncounterLog(runNow));
    const filter = mounted(() => useEncounterLogFilter(view));
    expect(filter.positions.value).toBeNull();
    expect(filter.shownCount.value).toBe(3);

    filter.combatantId.value = 'c2';
    expect(filter.shownCount.value).toBe(1);
    await encounter.dispatch({ type: 'harm-applied', combatantId: 'c2', harm: { kind: 'damage', amount: 1 } });
    await encounter.dispatch({ type: 'harm-applied', combatantId: 'c1', harm: { kind: 'damage', amount: 1 } });
    expect(filter.shownCount.value).toBe(2);
    expect(filter.entryAt(1)!.targets[0]!.name).toBe('Drone');

    filter.kind.value = 'roster';
    expect(filter.shownCount.value).toBe(1);
    expect(filter.active.value).toBe(true);
    filter.clear();
    expect(filter.shownCount.value).toBe(5);
    expect(filter.entryAt(4)!.targets[0]!.name).toBe('Guard');
  });
});

describe('useEncounterLogNote', () => {
  it('adds a note as an event and refuses an empty or overlong one with a sentence', async () => {
    const { encounter } = await newEncounter();
    const note = mounted(() => useEncounterLogNote());
    note.draft.value = '  ';
    expect(await note.add()).toBe(false);
    expect(note.problem.value).toBe('Type the note first.');
    expect(noteProblem('x'.repeat(501))).toBe('A note can be at most 500 characters; this one has 501.');
    note.draft.value = ' Backup arrives next round ';
    expect(await note.add()).toBe(true);
    expect(note.draft.value).toBe('');
    const last = encounter.history!.events.at(-1)!;
    expect(last).toMatchObject({ type: 'note-added', text: 'Backup arrives next round' });
  });
});
