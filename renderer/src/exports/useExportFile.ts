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

/** The shell could not save a part: the export stops with its sentence. */
class ExportNotSaved extends Error {}

interface BegunFile {
  readonly exportId: string;
  readonly fileName: string;
  readonly damage: string | null;
}

/**
 * One export at a time: the encounter is read off the main thread, the shell is asked where the
 * file goes (desktop) or saves it in the data folder and as a download (browser), and the text is
 * then made and saved a part at a time, so a long log is never held whole. The file appears only
 * once written to the end; a cancelled or failed export leaves what was there before.
 */
export function useExportFile(now: () => Date = () => new Date()) {
  const running = ref(false);
  /**
   * Shown once the export has run PROGRESS_DELAY_MS: work done and in all (a report walks the log
   * twice, so its total is twice the entries), and the log's entries once it is read.
   */
  const progress = ref<{ done: number; total: number } | null>(null);
  const entries = ref<number | null>(null);
  const showProgress = ref(false);
  const outcome = shallowRef<ExportOutcome | null>(null);
  let job: ExportJob | null = null;

  async function run(encounterId: string, format: ExportFormat, options: ExportOptions): Promise<ExportOutcome> {
    if (running.value) return { kind: 'failed', message: 'An export is already running.' };
    running.value = true;
    progress.value = null;
    entries.value = null;
    outcome.value = null;
    showProgress.value = false;
    const timer = setTimeout(() => (showProgress.value = true), PROGRESS_DELAY_MS);
    // Set by the job's callbacks: the file being written (until finished or dropped), or why none was begun.
    const file: { begun: BegunFile | null; notBegun: ExportOutcome | null } = { begun: null, notBegun: null };
    try {
      job = startExport(
        { encounterId, format, options },
        {
          async read(reading) {
            entries.value = reading.entries;
            const fileName = exportFileName(reading.encounterName, format, now());
            const answer = await gm.beginExport({ fileName, format });
            if (answer.status === 'started') file.begun = { exportId: answer.exportId, fileName, damage: reading.damage };
            else file.notBegun = answer.status === 'cancelled' ? { kind: 'cancelled' } : { kind: 'failed', message: answer.message };
            return file.begun !== null;
          },
          async part(content) {
            const answer = await gm.appendExport({ exportId: file.begun!.exportId, content });
            if (answer.status === 'failed') {
              file.begun = null; // the shell has dropped it already
              throw new ExportNotSaved(answer.message);
            }
          },
          progress: (done, total) => (progress.value = { done, total }),
        },
      );
      const written = await job.result;
      job = null;
      const begun = file.begun;
      if (!written || !begun) {
        outcome.value = file.notBegun ?? { kind: 'failed', message: 'The export stopped before its file was begun.' };
      } else {
        file.begun = null;
        const saved = await gm.finishExport({ exportId: begun.exportId });
        outcome.value =
          saved.status === 'saved'
            ? { kind: 'saved', path: saved.path, bytes: saved.bytes, fileName: begun.fileName, damage: begun.damage }
            : saved.status === 'cancelled'
              ? { kind: 'cancelled' }
              : { kind: 'failed', message: saved.message };
      }
    } catch (error) {
      outcome.value =
        error instanceof ExportCancelled
          ? { kind: 'cancelled' }
          : { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
    } finally {
      // Cancelled or failed half-way: the shell drops what it had written, and the target is untouched.
      if (file.begun) await gm.abortExport({ exportId: file.begun.exportId }).catch(() => undefined);
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

  return { running, progress, entries, percent, showProgress, outcome, run, cancel };
}
