import { ref, shallowRef } from 'vue';
import { useBestiaryStore } from '../sheets/bestiary-store';
import { gm } from '../platform/gm';
import { exportFileName } from './export-file-name';

export type BestiaryExportOutcome =
  | { readonly kind: 'saved'; readonly path: string; readonly count: number }
  | { readonly kind: 'cancelled' }
  | { readonly kind: 'failed'; readonly message: string };

/** Saves the GM's own templates (every system; the ready-made ones ship with the app) as a bestiary file. */
export function useBestiaryExport(now: () => Date = () => new Date()) {
  const bestiary = useBestiaryStore();
  const running = ref(false);
  const outcome = shallowRef<BestiaryExportOutcome | null>(null);

  async function run(): Promise<BestiaryExportOutcome> {
    running.value = true;
    try {
      await bestiary.load();
      const templates = bestiary.saved;
      if (templates.length === 0) return (outcome.value = { kind: 'failed', message: 'There are no templates of your own to export yet: the ready-made ones come with GM Screen.' });
      // Loaded when used: the bestiary format's module carries the import schemas too.
      const { exportBestiaryJson } = await import('../../../shared/import/bestiary-file');
      const content = exportBestiaryJson(templates);
      const saved = await gm.saveExport({ fileName: exportFileName('GM Screen bestiary', 'json', now()), format: 'json', content });
      outcome.value =
        saved.status === 'saved'
          ? { kind: 'saved', path: saved.path, count: templates.length }
          : saved.status === 'cancelled'
            ? { kind: 'cancelled' }
            : { kind: 'failed', message: saved.message };
      return outcome.value;
    } finally {
      running.value = false;
    }
  }

  return { running, outcome, run };
}
