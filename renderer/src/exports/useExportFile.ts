import { computed, ref, shallowRef } from 'vue';
import type { ExportOptions } from '../../../shared/export/encounter-record';
import type { ExportFormat } from '../../../shared/ipc/contract';
import { gm } from '../platform/gm';
import { ExportCancelled, startExport, type ExportJob } from './export-job';
import { exportFileName } from './export-file-name';

/** How long an export runs before its progress and Cancel button appear: shorter ones just finish. */
export const PROGRESS_DELAY_MS = 500;

export type ExportOutcome =
  | { readonly kind: 'saved'; readonly path: string; readonly bytes: number; readonly fileName: string; readonly damage: string | null }
  | { readonly kind: 'cancelled' }
  | { readonly kind: 'failed'; readonly message: string };

/**
 * One export at a time: render the file off the main thread, then hand it to the shell, which
 * saves it where the GM says (desktop) or in the data folder and as a download (browser).
 */
export function useExportFile(now: () => Date = () => new Date()) {
  const running = ref(false);
  /** Shown once the export has run PROGRESS_DELAY_MS: entries done and in all. */
  const progress = ref<{ done: number; total: number } | null>(null);
  const showProgress = ref(false);
  const outcome = shallowRef<ExportOutcome | null>(null);
  let job: ExportJob | null = null;

  async function run(encounterId: string, format: ExportFormat, options: ExportOptions): Promise<ExportOutcome> {
    if (running.value) return { kind: 'failed', message: 'An export is already running.' };
    running.value = true;
    progress.value = null;
    outcome.value = null;
    showProgress.value = false;
    const timer = setTimeout(() => (showProgress.value = true), PROGRESS_DELAY_MS);
    try {
      job = startExport({ encounterId, format, options }, (done, total) => (progress.value = { done, total }));
      const rendered = await job.result;
      job = null;
      const fileName = exportFileName(rendered.encounterName, format, now());
      const saved = await gm.saveExport({ fileName, format, content: rendered.content });
      outcome.value =
        saved.status === 'saved'
          ? { kind: 'saved', path: saved.path, bytes: saved.bytes, fileName, damage: rendered.damage }
          : saved.status === 'cancelled'
            ? { kind: 'cancelled' }
            : { kind: 'failed', message: saved.message };
    } catch (error) {
      outcome.value =
        error instanceof ExportCancelled
          ? { kind: 'cancelled' }
          : { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
    } finally {
      clearTimeout(timer);
      job = null;
      running.value = false;
      showProgress.value = false;
    }
    return outcome.value;
  }

  function cancel(): void {
    job?.cancel();
  }

  const percent = computed(() =>
    progress.value && progress.value.total > 0 ? Math.floor((100 * progress.value.done) / progress.value.total) : 0,
  );

  return { running, progress, percent, showProgress, outcome, run, cancel };
}
