import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import { GmDatabase, getDatabase, setDatabase } from '../db/database';
import { loadFullLog } from '../db/encounter-repository';
import { useEncounterStore } from './encounter-store';
import { useEncountersStore } from './encounters-store';

let n = 0;
beforeEach(() => {
  setActivePinia(createPinia());
  setDatabase(new GmDatabase(`gm-screen-recover-test-${n++}`));
});

const guard = { strength: 3, agility: 3, wits: 2, empathy: 1, armor: 2 };

describe('a log whose encounter row was lost', () => {
  it('is listed as recoverable with what its log says, and recovering lists it again without touching its events', async () => {
    const list = useEncountersStore();
    const id = (await list.create('Mall', 'electric-state'))!;
    const encounter = useEncounterStore();
    await encounter.open(id);
    await encounter.dispatchAll([
      { type: 'encounter-renamed', name: 'Mall ambush' },
      { type: 'combatant-added', combatant: { id: 'c1', name: 'Guard', kind: 'npc', side: 'opponents', stats: guard } },
      { type: 'encounter-started' },
    ]);
    encounter.close();
    const events = await loadFullLog(getDatabase(), id);
    await getDatabase().encounters.delete(id);

    await list.refresh();
    expect(list.rows).toEqual([]);
    expect(list.recoverable.map((log) => ({ name: log.row.name, system: log.row.systemId, entries: log.entries, round: log.row.round }))).toEqual([
      { name: 'Mall ambush', system: 'electric-state', entries: 4, round: 1 },
    ]);

    expect(await list.recover(id)).toBe(true);
    expect(list.recoverable).toEqual([]);
    expect(list.rows.map((row) => [row.id, row.name, row.cursor, row.deletedAt])).toEqual([[id, 'Mall ambush', null, null]]);
    expect(await loadFullLog(getDatabase(), id)).toEqual(events);
    expect(await useEncounterStore().open(id)).toBe(true);
    expect(useEncounterStore().state!.combatants.map((c) => c.name)).toEqual(['Guard']);
  });

  it('is not offered when not even its creation entry can be read', async () => {
    const list = useEncountersStore();
    const id = (await list.create('Docks', 'hardware'))!;
    await getDatabase().encounters.delete(id);
    await getDatabase().events.update([id, 0], { event: null as never });
    await list.refresh();
    expect(list.recoverable).toEqual([]);
    expect(await list.recover(id)).toBe(false);
    expect(list.error).toBe('The encounter could not be recovered: its log has no readable creation entry');
  });
});
