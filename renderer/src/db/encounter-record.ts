import type { EncounterRecord, LoggedEvent } from '../../../shared/export/encounter-record';
import type { EncounterEvent } from '../../../shared/encounter/events';
import { describeDamage, readStoredLog, type LogDamage } from '../../../shared/encounter/stored-log';
import type { GmDatabase } from './database';
import { loadFullLog } from './encounter-repository';

export interface EncounterRecordReading {
  readonly record: EncounterRecord;
  /** Damage found in the stored log: the record then ends before the damaged entry, and the GM is told. */
  readonly damage: string | null;
}

/**
 * An encounter as its exports read it: the row and every stored log row (undone ones included),
 * checked the way the tracker checks them when it opens the encounter. A damaged log exports the
 * part before the damage, never a guess at what follows.
 */
export async function readEncounterRecord(db: GmDatabase, id: string): Promise<EncounterRecordReading> {
  const { row, rows } = await db.transaction('r', db.encounters, db.events, async () => ({
    row: await db.encounters.get(id),
    rows: await loadFullLog(db, id),
  }));
  if (!row || row.deletedAt !== null) throw new Error('This encounter is no longer in the list.');
  const reading = readStoredLog(rows, row.cursor);
  const active = new Set<EncounterEvent>(reading.events);
  // Rows are in log order; an entry past the damage (if any) is left out with everything after it.
  const lastSeq = reading.damage?.kind === 'entry' ? (reading.seqs.at(-1) ?? -1) : Infinity;
  const log: LoggedEvent[] = [];
  for (const stored of rows) {
    if (stored.seq > lastSeq) break;
    if (stored.discarded === 1) log.push({ event: stored.event, discarded: true });
    else if (active.has(stored.event)) log.push({ event: stored.event, discarded: false });
  }
  const cursor = reading.cursor === reading.events.length ? null : reading.cursor;
  return {
    record: {
      name: row.name,
      systemId: row.systemId,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      archived: row.archived === 1,
      cursor,
      log,
    },
    damage: reading.damage ? describeExportDamage(reading.damage) : null,
  };
}

/** What the Export dialog says about a damaged log: what is damaged and what the file holds instead. */
function describeExportDamage(damage: LogDamage): string {
  switch (damage.kind) {
    case 'entry':
      return `Entry ${damage.entry} of this encounter's log is damaged (${damage.reason}): the file holds the log before it.`;
    case 'cursor':
      return `This encounter's saved undo position is damaged (${damage.reason}): the file has every entry in effect.`;
    case 'snapshot':
      return describeDamage(damage);
  }
}
