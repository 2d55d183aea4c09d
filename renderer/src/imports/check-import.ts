import type { EncounterRecord } from '../../../shared/export/encounter-record';
import { ensureAllSystems, rulesLookup } from '../systems/loaded-systems';
import { readBestiaryFile, type ImportedTemplate } from '../../../shared/import/bestiary-file';
import { readEncounterFile } from '../../../shared/import/encounter-file';
import type { ImportKind } from '../../../shared/ipc/contract';

/** What a checked file holds, ready to be written; or why it was refused. */
export type ImportCheck =
  | {
      readonly ok: true;
      readonly kind: 'encounter';
      readonly record: EncounterRecord;
      /** The round the encounter is at (at its undo position), for the list. */
      readonly round: number;
      readonly entries: number;
      readonly combatants: number;
    }
  | { readonly ok: true; readonly kind: 'bestiary'; readonly templates: readonly ImportedTemplate[] }
  | { readonly ok: false; readonly message: string };

/** Checks an import file completely (format, limits, shape, a full replay through the rules) before anything is written. */
export async function checkImport(kind: ImportKind, text: string): Promise<ImportCheck> {
  // Any system's file may come in: every system's rules check it.
  await ensureAllSystems();
  if (kind === 'bestiary') {
    const read = readBestiaryFile(text, rulesLookup);
    return read.ok ? { ok: true, kind, templates: read.templates } : { ok: false, message: read.message };
  }
  const read = readEncounterFile(text, rulesLookup);
  if (!read.ok) return { ok: false, message: read.message };
  return {
    ok: true,
    kind,
    record: read.record,
    round: read.summary.rounds,
    entries: read.summary.events,
    combatants: read.summary.combatants,
  };
}
