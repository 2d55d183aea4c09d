import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import type { EventInput } from '../../../shared/encounter/events';
import { ENCOUNTER_STATE_VERSION } from '../../../shared/encounter/state';
import { useEncounterStore } from '../encounter/encounter-store';
import { useEncountersStore } from '../encounter/encounters-store';
import { GmDatabase, getDatabase, setDatabase } from './database';
import { loadEncounterQuickly, orphanLogIds, setCursor } from './encounter-repository';

let n = 0;
beforeEach(() => {
  setActivePinia(createPinia());
  setDatabase(new GmDatabase(`gm-screen-quick-open-test-${n++}`));
});

/** An encounter of 251 entries (created, then 250 notes): snapshots at entries 100 and 200. */
async function encounterWithSnapshots(): Promise<string> {
  const id = (await useEncountersStore().create('Long', 'electric-state'))!;
  const encounter = useEncounterStore();
  expect(await encounter.open(id)).toBe(true);
  const notes = Array.from({ length: 250 }, (_, i): EventInput => ({ type: 'note-added', text: `note ${i}` }));
  expect(await encounter.dispatchAll(notes)).toBe(true);
  encounter.close();
  const counts = (await getDatabase().snapshots.where('encounterId').equals(id).toArray()).map((s) => s.count);
  expect(counts).toEqual([100, 200]);
  return id;
}

async function setSnapshotVersion(id: string, count: number, version: number): Promise<void> {
  await getDatabase().snapshots.update([id, count], { version });
}

describe('loadEncounterQuickly', () => {
  it('opens from the newest snapshot and reads only the events after it', async () => {
    const id = await encounterWithSnapshots();
    const quick = (await loadEncounterQuickly(getDatabase(), id))!;
    expect(quick.snapshot?.count).toBe(200);
    expect(quick.snapshotRejected).toBe(null);
    expect(quick.reading.events.map((e) => (e.type === 'note-added' ? e.text : e.type))).toEqual(
      Array.from({ length: 51 }, (_, i) => `note ${199 + i}`),
    );
    expect(quick.nextSeq).toBe(251);
  });

  it('skips a newest snapshot of another state version for the one before it', async () => {
    const id = await encounterWithSnapshots();
    await setSnapshotVersion(id, 200, ENCOUNTER_STATE_VERSION + 1);
    const quick = (await loadEncounterQuickly(getDatabase(), id))!;
    expect(quick.snapshot?.count).toBe(100);
    expect(quick.reading.events).toHaveLength(151);
  });

  it('reads the whole log when no recent snapshot is of this version', async () => {
    const id = await encounterWithSnapshots();
    await setSnapshotVersion(id, 200, ENCOUNTER_STATE_VERSION - 1);
    await setSnapshotVersion(id, 100, ENCOUNTER_STATE_VERSION - 1);
    const quick = (await loadEncounterQuickly(getDatabase(), id))!;
    expect(quick.snapshot).toBe(null);
    expect(quick.reading.events).toHaveLength(251);
  });

  it('after an undo opens from the newest snapshot at or before the cursor', async () => {
    const id = await encounterWithSnapshots();
    await setCursor(getDatabase(), id, 150, 0);
    const quick = (await loadEncounterQuickly(getDatabase(), id))!;
    expect(quick.snapshot?.count).toBe(100);
    expect(quick.reading.cursor).toBe(150);
    // The newest up to the cursor being of another version, none is used.
    await setSnapshotVersion(id, 100, ENCOUNTER_STATE_VERSION + 1);
    const again = (await loadEncounterQuickly(getDatabase(), id))!;
    expect(again.snapshot).toBe(null);
    expect(again.reading.cursor).toBe(150);
  });

  it('turns down a snapshot that does not fit its log, reading the whole log, and says why', async () => {
    const id = await encounterWithSnapshots();
    await getDatabase().snapshots.update([id, 200], { lastEventId: 'not-the-entry' });
    const quick = (await loadEncounterQuickly(getDatabase(), id))!;
    expect(quick.snapshot).toBe(null);
    expect(quick.snapshotRejected).toEqual({ entry: 200, reason: 'the log row at position 199 is not the entry it folds' });
    expect(quick.reading.events).toHaveLength(251);
  });
});

describe('orphanLogIds', () => {
  it('names every log whose encounter row is gone, once each, whatever the ids and the rows between them', async () => {
    const list = useEncountersStore();
    const ids: string[] = [];
    for (const name of ['A', 'B', 'C', 'D']) {
      const id = (await list.create(name, 'electric-state'))!;
      const encounter = useEncounterStore();
      expect(await encounter.open(id)).toBe(true);
      expect(await encounter.dispatchAll([{ type: 'note-added', text: '1' }, { type: 'note-added', text: '2' }])).toBe(true);
      encounter.close();
      ids.push(id);
    }
    const db = getDatabase();
    expect(await orphanLogIds(db)).toEqual([]);
    await db.encounters.bulkDelete([ids[1]!, ids[3]!]);
    // A row whose encounter id is not a string (damage) names no log.
    await db.events.add({ ...(await db.events.toCollection().first())!, encounterId: 7 as unknown as string, seq: 0 });
    expect(await orphanLogIds(db)).toEqual([ids[1]!, ids[3]!].sort());
  });
});
