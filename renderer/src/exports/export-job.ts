import type { ExportJobMessage, ExportJobRequest, ExportJobResult } from './run-export';

export type { ExportJobRequest, ExportJobResult };

export interface ExportJob {
  readonly result: Promise<ExportJobResult>;
  /** Stops the export at once; `result` then rejects with ExportCancelled. */
  cancel(): void;
}

export class ExportCancelled extends Error {
  constructor() {
    super('The export was cancelled.');
    this.name = 'ExportCancelled';
  }
}

/**
 * Runs an export in a worker, so a 100,000-entry log never freezes the screen; progress comes as
 * messages and cancelling ends the worker. Without workers (unit tests) it runs here.
 */
export function startExport(request: ExportJobRequest, onProgress: (done: number, total: number) => void): ExportJob {
  if (typeof Worker === 'undefined') {
    let cancelled = false;
    // Loaded when used: the exporters stay out of the screen's start-up code.
    const result = import('./run-export').then(({ runExport }) => runExport(request, onProgress)).then((value) => {
      if (cancelled) throw new ExportCancelled();
      return value;
    });
    return { result, cancel: () => (cancelled = true) };
  }
  const worker = new Worker(new URL('./export.worker.ts', import.meta.url), { type: 'module', name: 'export' });
  let settle: { reject: (error: Error) => void } | null = null;
  const result = new Promise<ExportJobResult>((resolve, reject) => {
    settle = { reject };
    worker.onmessage = (message: MessageEvent<ExportJobMessage>) => {
      const data = message.data;
      if (data.type === 'progress') return onProgress(data.done, data.total);
      worker.terminate();
      if (data.type === 'done') resolve({ content: data.content, encounterName: data.encounterName, damage: data.damage });
      else reject(new Error(data.message));
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(`The export stopped: ${event.message || 'the export worker failed to start'}.`));
    };
  });
  worker.postMessage(request);
  return {
    result,
    cancel: () => {
      worker.terminate();
      settle?.reject(new ExportCancelled());
    },
  };
}
