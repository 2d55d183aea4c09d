import type { EncounterRecord } from '../../../shared/export/encounter-record';
import type { EncounterEvent } from '../../../shared/encounter/events';
import type { EventRow, GmDatabase, TemplateRow } from './database';

/**
 * Writes an imported encounter as a new one: a new id (the file's creation event is given it,
 * since the encounter's state takes its id from there), its whole log with undone entries,
 * and its undo position, in one transaction: all of it or nothing.
 */
export async function addImportedEncounter(
  db: GmDatabase,
  init: { readonly id: string; readonly record: EncounterRecord; readonly round: number },
): Promise<void> {
  const { id, record, round } = init;
  const rows: EventRow[] = [];
  let prev: string | null = null;
  let lastActive = -1;
  record.log.forEach((logged, seq) => {
    const event: EncounterEvent = logged.event.type === 'encounter-created' ? { ...logged.event, encounterId: id } : logged.event;
    if (logged.discarded) {
      rows.push({ encounterId: id, seq, event, discarded: 1 });
      return;
    }
    rows.push({ encounterId: id, seq, event, discarded: 0, prev });
    prev = event.id;
    lastActive = seq;
  });
  // The list and the resume offer read the round from the last row when every entry is in effect.
  const last = rows[rows.length - 1];
  if (last && last.seq === lastActive) last.round = round;
  await db.transaction('rw', db.encounters, db.events, async () => {
    await db.encounters.add({
      id,
      name: record.name,
      systemId: record.systemId,
      createdAt: record.createdAt,
      // As the file says, so that exporting the copy gives the same file back.
      updatedAt: record.updatedAt,
      archived: record.archived ? 1 : 0,
      deletedAt: null,
      cursor: record.cursor,
      round,
    });
    await db.events.bulkAdd(rows);
  });
}

/** Adds imported templates to the GM's bestiary, each with a new id, all of them or none. */
export async function addImportedTemplates(db: GmDatabase, templates: readonly TemplateRow[]): Promise<void> {
  await db.transaction('rw', db.templates, async () => {
    await db.templates.bulkAdd([...templates]);
  });
}
