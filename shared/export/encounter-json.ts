import { topLevelJson, topLevelJsonChunks } from '../file-format/canonical-json';
import type { EncounterEvent } from '../encounter/events';
import type { EncounterRecord, ExportProgress, LoggedEvent } from './encounter-record';
import { PROGRESS_INTERVAL } from './replayed-log';
import { FILE_FORMATS } from '../file-format/file-kind';

/**
 * The lossless encounter file (docs/file-formats.md, "Encounter JSON"): everything needed to
 * rebuild the encounter — its list row's facts and the whole log, undone entries included — and
 * nothing that changes from one export to the next (no encounter id, no export time), so
 * export → import → export gives the same bytes.
 */

export const ENCOUNTER_FILE_FORMAT = FILE_FORMATS.encounter;
/** Raised only together with a migration from the previous version (shared/import/encounter-file.ts). */
export const ENCOUNTER_FILE_VERSION = 1;
/** The encounter id a record read from a file carries until it is stored (files carry none). */
export const FILE_ENCOUNTER_ID = 'file';

/**
 * The creation entry names the encounter's id in this database; a file is not tied to any
 * database (an import stores a copy under a new id), so it is left out, and the reader fills in
 * FILE_ENCOUNTER_ID until the import gives the copy its own.
 */
function withoutDatabaseId(event: EncounterEvent): Omit<EncounterEvent, 'encounterId'> {
  if (event.type !== 'encounter-created') return event;
  const { encounterId: _stored, ...rest } = event;
  return rest;
}

/** The top-level keys in the order they are written: the format and version first, the log last. */
function fileFields(record: EncounterRecord): [string, unknown][] {
  return [
    ['format', ENCOUNTER_FILE_FORMAT],
    ['version', ENCOUNTER_FILE_VERSION],
    ['name', record.name],
    ['systemId', record.systemId],
    ['createdAt', record.createdAt],
    ['updatedAt', record.updatedAt],
    ['archived', record.archived],
    ['cursor', record.cursor],
  ];
}

const fileEntry = (entry: LoggedEvent) => ({ discarded: entry.discarded, event: withoutDatabaseId(entry.event) });

export function exportEncounterJson(record: EncounterRecord): string {
  return topLevelJson(fileFields(record), { key: 'log', items: record.log.map(fileEntry) });
}

/**
 * The same file in pieces (a thousand log entries each), for a writer that saves as it goes:
 * neither the text nor a copy of the log is ever held whole.
 */
export function encounterJsonChunks(record: EncounterRecord, progress?: ExportProgress): Generator<string, void, undefined> {
  return topLevelJsonChunks(fileFields(record), { key: 'log', items: mapped(record.log, fileEntry, progress) });
}

/** The items mapped as they are asked for, with progress every PROGRESS_INTERVAL items and at the end. */
function* mapped<T, U>(items: readonly T[], map: (item: T) => U, progress?: ExportProgress): Generator<U, void, undefined> {
  for (let index = 0; index < items.length; index++) {
    yield map(items[index]!);
    if (progress && (index + 1) % PROGRESS_INTERVAL === 0) progress(index + 1, items.length);
  }
  if (progress) progress(items.length, items.length);
}
