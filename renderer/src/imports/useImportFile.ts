import { ref, shallowRef } from 'vue';
import type { ImportKind, PickImportResponse } from '../../../shared/ipc/contract';
import { systemShortLabel } from '../ui/formatting';
import { getDatabase, type TemplateRow } from '../db/database';
import { gm } from '../platform/gm';
import { newId } from '../platform/ids';
import { useBestiaryStore } from '../sheets/bestiary-store';
import { useEncountersStore } from '../encounter/encounters-store';
import type { ImportCheckJob } from './import-job';

/** How long a check runs before its progress line and Cancel button appear. */
export const CHECK_PROGRESS_DELAY_MS = 500;

export type ImportOutcome =
  | {
      readonly kind: 'encounter';
      readonly id: string;
      readonly name: string;
      readonly fileName: string;
      readonly entries: number;
      readonly combatants: number;
      readonly round: number;
    }
  | { readonly kind: 'bestiary'; readonly fileName: string; readonly count: number; readonly bySystem: string }
  | { readonly kind: 'cancelled' }
  | { readonly kind: 'refused'; readonly message: string };

/**
 * Import one file: the GM picks it (the shell's open dialog, or the browser's) or opened it with
 * the app (`runFile`); either way it is checked in full off the screen's thread, and only a file
 * that passed every check is written, as a copy with new ids, in one transaction. A refusal says
 * why and changes nothing.
 */
export function useImportFile(now: () => Date = () => new Date()) {
  const running = ref(false);
  const checking = ref(false);
  const showProgress = ref(false);
  const outcome = shallowRef<ImportOutcome | null>(null);
  let job: ImportCheckJob | null = null;

  /** "Import…": the GM picks the file (the shell's open dialog, or the browser's). */
  function run(kind: ImportKind): Promise<ImportOutcome> {
    return importFrom(kind, () => gm.pickImportFile({ kind }));
  }

  /** A file opened with the app, read by main as the picker's file is: the same check, write and outcome. */
  function runFile(kind: ImportKind, file: PickImportResponse): Promise<ImportOutcome> {
    return importFrom(kind, async () => file);
  }

  async function importFrom(kind: ImportKind, choose: () => Promise<PickImportResponse>): Promise<ImportOutcome> {
    if (running.value) return { kind: 'refused', message: 'An import is already running.' };
    running.value = true;
    outcome.value = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const picked = await choose();
      if (picked.status === 'cancelled') return (outcome.value = { kind: 'cancelled' });
      if (picked.status === 'failed') return (outcome.value = { kind: 'refused', message: picked.message });
      checking.value = true;
      timer = setTimeout(() => (showProgress.value = true), CHECK_PROGRESS_DELAY_MS);
      // The check's launcher and the writer load with the first import, not with the screen.
      const { startImportCheck } = await import('./import-job');
      job = startImportCheck(kind, picked.text);
      const checked = await job.result;
      job = null;
      checking.value = false;
      if (checked === null) return (outcome.value = { kind: 'cancelled' });
      if (!checked.ok) return (outcome.value = { kind: 'refused', message: `“${picked.name}” was not imported: ${checked.message} Nothing was changed.` });
      outcome.value = await write(checked, picked.name);
      return outcome.value;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return (outcome.value = { kind: 'refused', message: `The import failed: ${message} Nothing was changed.` });
    } finally {
      clearTimeout(timer);
      job = null;
      checking.value = false;
      showProgress.value = false;
      running.value = false;
    }
  }

  async function write(checked: Extract<Awaited<ImportCheckJob['result']>, { ok: true }>, fileName: string): Promise<ImportOutcome> {
    const at = now().toISOString();
    const { addImportedEncounter, addImportedTemplates } = await import('../db/write-import');
    if (checked.kind === 'encounter') {
      const id = newId();
      await addImportedEncounter(getDatabase(), { id, record: checked.record, round: checked.round });
      await useEncountersStore().refresh();
      return { kind: 'encounter', id, name: checked.record.name, fileName, entries: checked.entries, combatants: checked.combatants, round: checked.round };
    }
    const rows: TemplateRow[] = checked.templates.map((template) => ({ ...template, id: newId(), updatedAt: at }));
    await addImportedTemplates(getDatabase(), rows);
    await useBestiaryStore().load();
    const counts = new Map<string, number>();
    for (const row of rows) counts.set(row.systemId, (counts.get(row.systemId) ?? 0) + 1);
    const bySystem = [...counts].map(([systemId, count]) => `${systemShortLabel(systemId)} ${count}`).join(', ');
    return { kind: 'bestiary', fileName, count: rows.length, bySystem };
  }

  function cancel(): void {
    job?.cancel();
  }

  return { running, checking, showProgress, outcome, run, runFile, cancel };
}
