import { shallowRef } from 'vue';
import type { OpenedFileResponse, PickImportResponse } from '../../../shared/ipc/contract';
import { gm } from '../platform/gm';
import { useImportFile, type ImportOutcome } from './useImportFile';

/** A file opened with the app as the picker's answer, so both go one way; null when none is waiting. */
export function asPickedFile(answer: OpenedFileResponse): PickImportResponse | null {
  if (answer.status === 'none') return null;
  return answer.status === 'file' ? { status: 'picked', name: answer.name, text: answer.text } : answer;
}

/**
 * Files opened with the app (an exported encounter double-clicked, or named on the command line,
 * on this launch or a later one that handed it over): each is taken from the shell in turn and
 * imported exactly as "Import…" imports a picked file; the outcomes of the last files stay for the
 * GM to read. In a browser no file is ever waiting.
 */
export function useOpenedFiles(now: () => Date = () => new Date()) {
  const importer = useImportFile(now);
  const outcomes = shallowRef<readonly ImportOutcome[]>([]);
  let draining: Promise<void> | null = null;
  let askAgain = false;

  async function takeAll(): Promise<void> {
    do {
      askAgain = false;
      for (;;) {
        const file = asPickedFile(await gm.takeOpenedFile());
        if (!file) break;
        // The file's own outcome, not the last one the importer kept (a second run replaces it).
        const outcome = await importer.runFile('encounter', file);
        outcomes.value = [...outcomes.value, outcome];
      }
    } while (askAgain);
  }

  /** Imports every waiting file; a call while importing makes the running one look again before it ends. */
  function drain(): Promise<void> {
    if (draining) {
      askAgain = true;
      return draining;
    }
    draining = takeAll()
      .catch((error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        outcomes.value = [...outcomes.value, { kind: 'refused', message: `The opened file could not be taken: ${message}` }];
      })
      .finally(() => (draining = null));
    return draining;
  }

  /** Listens for files handed over later (Electron), then takes those waiting since start; returns the stop. */
  function start(): () => void {
    const stop = gm.onFileOpened?.(() => void drain());
    void drain();
    return stop ?? (() => undefined);
  }

  function dismiss(): void {
    outcomes.value = [];
  }

  return { outcomes, showProgress: importer.showProgress, cancel: importer.cancel, drain, start, dismiss };
}
