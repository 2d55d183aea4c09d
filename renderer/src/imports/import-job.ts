import type { ImportKind } from '../../../shared/ipc/contract';
import type { ImportCheck } from './check-import';

export interface ImportCheckJob {
  readonly result: Promise<ImportCheck | null>;
  /** Stops the check; `result` then resolves to null and nothing is written. */
  cancel(): void;
}

/** Checks a file in a worker (so a long replay never freezes the screen); without workers (unit tests) here. */
export function startImportCheck(kind: ImportKind, text: string): ImportCheckJob {
  if (typeof Worker === 'undefined') {
    let cancelled = false;
    // Loaded when used: the readers and their schemas stay out of the screen's start-up code.
    const result = import('./check-import')
      .then(({ checkImport }) => checkImport(kind, text))
      .then((checked) => (cancelled ? null : checked));
    return { result, cancel: () => (cancelled = true) };
  }
  const worker = new Worker(new URL('./import.worker.ts', import.meta.url), { type: 'module', name: 'import-check' });
  let finish: ((value: ImportCheck | null) => void) | null = null;
  const result = new Promise<ImportCheck | null>((resolve) => {
    finish = resolve;
    worker.onmessage = (message: MessageEvent<ImportCheck>) => {
      worker.terminate();
      resolve(message.data);
    };
    worker.onerror = (event) => {
      worker.terminate();
      resolve({ ok: false, message: `The file could not be checked: ${event.message || 'the checking worker failed to start'}.` });
    };
  });
  worker.postMessage({ kind, text });
  return {
    result,
    cancel: () => {
      worker.terminate();
      finish?.(null);
    },
  };
}
