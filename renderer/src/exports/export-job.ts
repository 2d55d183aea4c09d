import type { ExportJobCommand, ExportJobMessage, ExportJobRequest, ExportReading, ExportSink } from './run-export';

export type { ExportJobRequest, ExportReading, ExportSink };

export interface ExportJob {
  /** True when the file was written to the end; false when `read` said to stop. */
  readonly result: Promise<boolean>;
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
 * Runs an export in a worker, so a 100,000-entry log never freezes the screen: the worker reads
 * the encounter, asks `sink.read` whether to write it, then hands over its text a part at a time,
 * each only once `sink.part` has saved the last. Cancelling ends the worker. Without workers (unit
 * tests) it runs here.
 */
export function startExport(request: ExportJobRequest, sink: ExportSink): ExportJob {
  if (typeof Worker === 'undefined') {
    let cancelled = false;
    const stopIfCancelled = () => {
      if (cancelled) throw new ExportCancelled();
    };
    // Loaded when used: the exporters stay out of the screen's start-up code.
    const result = import('./run-export').then(({ runExport }) =>
      runExport(request, {
        read: async (reading) => (stopIfCancelled(), sink.read(reading)),
        part: async (content) => (stopIfCancelled(), sink.part(content)),
        progress: sink.progress,
      }),
    );
    return { result: result.then((written) => (stopIfCancelled(), written)), cancel: () => (cancelled = true) };
  }
  const worker = new Worker(new URL('./export.worker.ts', import.meta.url), { type: 'module', name: 'export' });
  const command = (data: ExportJobCommand) => worker.postMessage(data);
  // A saved part's memory goes back to the worker, which makes a later part in it (saveUtf8Parts):
  // a new buffer per part made V8 collect the worker's whole heap every few parts of a long log.
  const giveBack = (memory: ArrayBuffer) =>
    memory.byteLength > 0
      ? worker.postMessage({ type: 'next', memory } satisfies ExportJobCommand, [memory])
      : command({ type: 'next', memory: null });
  let fail: (error: Error) => void = () => undefined;
  const result = new Promise<boolean>((resolve, reject) => {
    fail = (error) => {
      worker.terminate();
      reject(error);
    };
    worker.onmessage = (message: MessageEvent<ExportJobMessage>) => {
      const data = message.data;
      if (data.type === 'progress') return sink.progress(data.done, data.total);
      if (data.type === 'read') {
        sink.read({ encounterName: data.encounterName, entries: data.entries, damage: data.damage }).then((go) => command({ type: 'write', go }), fail);
        return;
      }
      if (data.type === 'part') {
        sink.part(data.content).then(() => giveBack(data.content.buffer), fail);
        return;
      }
      worker.terminate();
      if (data.type === 'done') resolve(data.written);
      else reject(new Error(data.message));
    };
    worker.onerror = (event) => fail(new Error(`The export stopped: ${event.message || 'the export worker failed to start'}.`));
  });
  command({ type: 'start', request });
  return { result, cancel: () => fail(new ExportCancelled()) };
}
