import type { EncounterEvent } from '../../../shared/encounter/events';
import type { GmDatabase } from '../db/database';
import { createEncounter } from '../db/encounter-repository';
import { readAllTables } from './database-dump';

const at = (minute: number) => new Date(Date.UTC(2026, 11, 1, 19, minute)).toISOString();

function eventsFor(encounterId: string, name: string, notes: number): EncounterEvent[] {
  const events: EncounterEvent[] = [
    { id: `${encounterId}-e0`, at: at(0), type: 'encounter-created', encounterId, name, systemId: 'hardware' },
  ];
  for (let n = 1; n <= notes; n++) events.push({ id: `${encounterId}-e${n}`, at: at(n), type: 'note-added', text: `Note ${n} of ${name}` });
  return events;
}

/**
 * A database with a row in every table: two listed encounters (one with an undone-and-dropped
 * entry), one deleted encounter, a snapshot, rolls, settings (a layout among them) and a template.
 * Listed: 2 encounters with 4 + 3 = 7 event rows; the deleted one adds 2 rows not counted.
 */
export async function fillDatabase(db: GmDatabase): Promise<void> {
  await createEncounter(db, { id: 'enc-a', name: 'Warehouse ambush', systemId: 'hardware', at: at(0), round: 0 }, eventsFor('enc-a', 'Warehouse ambush', 2));
  await db.events.add({ encounterId: 'enc-a', seq: 3, event: { id: 'enc-a-x', at: at(9), type: 'note-added', text: 'Undone and dropped' }, discarded: 1, prev: 'enc-a-e2' });
  await createEncounter(db, { id: 'enc-b', name: 'Bridge <b>“fight”</b>', systemId: 'hardware', at: at(1), round: 2 }, eventsFor('enc-b', 'Bridge', 2));
  await createEncounter(db, { id: 'enc-gone', name: 'Deleted', systemId: 'hardware', at: at(2) }, eventsFor('enc-gone', 'Deleted', 1));
  await db.encounters.update('enc-gone', { deletedAt: at(3) });
  await db.snapshots.add({ encounterId: 'enc-b', count: 2, lastSeq: 1, lastEventId: 'enc-b-e1', version: 1, state: { round: 0, combatants: {} } as never });
  await db.rolls.bulkAdd([
    { id: 'roll-1', at: at(4), roller: 'GM', reason: 'Free roll', source: 'crypto', groups: [{ sides: 6, faces: [6, 1, 3] }] },
    { id: 'roll-2', at: at(5), roller: 'GM', reason: 'Table', source: 'physical', groups: [{ sides: 10, faces: [0], label: 'd10' }] },
  ]);
  await db.settings.bulkPut([
    { key: 'system', value: 'hardware' },
    { key: 'layout.current', value: { kind: 'split', direction: 'row', children: [{ kind: 'panel', id: 'tracker', size: 58 }] } },
    { key: 'encounter.lastOpen', value: 'enc-a' },
  ]);
  await db.templates.add({ id: 'tpl-1', systemId: 'hardware', name: 'Guard', kind: 'npc', stats: { body: 3, reflexes: 2 }, notes: 'Bored', updatedAt: at(6) });
}

/** Every table as plain rows (the saved states, which a dump leaves out, too), for "nothing changed" and "every row came back" comparisons. */
export async function everyRow(db: GmDatabase) {
  return { ...(await readAllTables(db)), snapshots: await db.snapshots.toArray() };
}
