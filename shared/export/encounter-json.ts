import { canonicalJson, topLevelJson } from './canonical-json';
import type { EncounterRecord } from './encounter-record';
import { FILE_FORMATS } from '../import/file-kind';

/**
 * The lossless encounter file (docs/file-formats.md, "Encounter JSON"): everything needed to
 * rebuild the encounter — its list row's facts and the whole log, undone entries included — and
 * nothing that changes from one export to the next (no encounter id, no export time), so
 * export → import → export gives the same bytes.
 */

export const ENCOUNTER_FILE_FORMAT = FILE_FORMATS.encounter;
/** Raised only together with a migration from the previous version (shared/import/encounter-file.ts). */
export const ENCOUNTER_FILE_VERSION = 1;

/** The top-level keys in the order they are written: the format and version first, the log last. */
export function exportEncounterJson(record: EncounterRecord): string {
  const value = (data: unknown) => canonicalJson(data, '  ');
  return topLevelJson(
    [
      ['format', value(ENCOUNTER_FILE_FORMAT)],
      ['version', value(ENCOUNTER_FILE_VERSION)],
      ['name', value(record.name)],
      ['systemId', value(record.systemId)],
      ['createdAt', value(record.createdAt)],
      ['updatedAt', value(record.updatedAt)],
      ['archived', value(record.archived)],
      ['cursor', value(record.cursor)],
    ],
    // One pass over the log, each entry with its keys sorted.
    { key: 'log', items: record.log.map((entry) => canonicalJson({ discarded: entry.discarded, event: entry.event }, '    ')) },
  );
}
