import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import { GmDatabase, getDatabase, setDatabase } from './database';
import { useEncounterStore } from '../encounter/encounter-store';
import { useEncountersStore } from '../encounter/encounters-store';
import { addImportedEncounter } from './write-import';
import { readEncounterRecord } from './encounter-record';

let n = 0;
beforeEach(() => {
  setActivePinia(createPinia());
  setDatabase(new GmDatabase(`gm-screen-record-test-${n++}`));
});

const guard = { strength: 3, agility: 3, wits: 2, empathy: 1, armor: 2 };

/** Created, two guards, a note undone and overwritten by another, then one more undone (redo still possible). */
async function playedEncounter(): Promise<string> {
  const id = (await useEncountersStore().create('Mall', 'electric-state'))!;
  const encounter = useEncounterStore();
  await encounter.open(id);
  await encounter.dispatchAll([
    { type: 'combatant-added', combatant: { id: 'c1', name: 'Guard', kind: 'npc', side: 'opponents', stats: guard } },
    { type: 'combatant-added', combatant: { id: 'c2', name: 'Guard 2', kind: 'npc', side: 'opponents', stats: guard } },
  ]);
  await encounter.dispatch({ type: 'note-added', text: 'first note' });
  await encounter.undo();
  await encounter.dispatch({ type: 'note-added', text: 'second note' });
  await encounter.dispatch({ type: 'encounter-started' });
  await encounter.undo();
  return id;
}

describe('readEncounterRecord', () => {
  it('holds the row and every stored entry in log order, the overwritten one marked discarded, and the pinned undo position', async () => {
    const id = await playedEncounter();
    const { record, damage } = await readEncounterRecord(getDatabase(), id);
    expect(damage).toBeNull();
    expect([record.name, record.systemId, record.archived, record.cursor]).toEqual(['Mall', 'electric-state', false, 4]);
    expect(record.log.map((l) => [l.event.type, l.discarded, 'text' in l.event ? l.event.text : ''])).toEqual([
      ['encounter-created', false, ''],
      ['combatant-added', false, ''],
      ['combatant-added', false, ''],
      ['note-added', true, 'first note'],
      ['note-added', false, 'second note'],
      ['encounter-started', false, ''],
    ]);
  });

  it('has a null cursor when every active entry is in effect', async () => {
    const id = await playedEncounter();
    await useEncounterStore().redo();
    expect((await readEncounterRecord(getDatabase(), id)).record.cursor).toBeNull();
  });

  it('stops before a damaged entry and says so', async () => {
    const id = await playedEncounter();
    await getDatabase().events.update([id, 2], { event: 'garbage' as never });
    const { record, damage } = await readEncounterRecord(getDatabase(), id);
    expect(record.log.map((l) => l.event.type)).toEqual(['encounter-created', 'combatant-added']);
    expect(damage).toBe('Entry 3 of this encounter\'s log is damaged (it holds "garbage" instead of an event): the file holds the log before it.');
  });

  it('refuses an encounter that was deleted', async () => {
    const id = await playedEncounter();
    await getDatabase().encounters.update(id, { deletedAt: '2026-12-01T10:00:00.000Z' });
    await expect(readEncounterRecord(getDatabase(), id)).rejects.toThrow('This encounter is no longer in the list.');
  });
});

describe('addImportedEncounter', () => {
  it('writes a copy under a new id that reads back as the same record and opens at the same state', async () => {
    const id = await playedEncounter();
    const original = useEncounterStore().state!;
    const { record } = await readEncounterRecord(getDatabase(), id);
    await addImportedEncounter(getDatabase(), { id: 'copy-1', record, round: original.round });

    const copy = await readEncounterRecord(getDatabase(), 'copy-1');
    const created = { ...record.log[0]!, event: { ...record.log[0]!.event, encounterId: 'copy-1' } };
    expect(copy.record).toEqual({ ...record, log: [created, ...record.log.slice(1)] });

    const encounter = useEncounterStore();
    expect(await encounter.open('copy-1')).toBe(true);
    expect({ ...encounter.state!, id: original.id }).toEqual(original);
    expect(encounter.history!.cursor).toBe(4);
    const listed = (await useEncountersStore().refresh(), useEncountersStore().rows.find((row) => row.id === 'copy-1'));
    expect([listed?.name, listed?.round, listed?.cursor]).toEqual(['Mall', 0, 4]);
  });

  it('writes nothing when a row cannot be added (the id is taken)', async () => {
    const id = await playedEncounter();
    const { record } = await readEncounterRecord(getDatabase(), id);
    const before = await getDatabase().events.count();
    await expect(addImportedEncounter(getDatabase(), { id, record, round: 0 })).rejects.toThrow();
    expect(await getDatabase().events.count()).toBe(before);
  });
});
