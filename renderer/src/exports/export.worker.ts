/// <reference lib="webworker" />
import { runExport, type ExportJobMessage, type ExportJobRequest } from './run-export';

// One export per worker: the page starts a worker for each and ends it when done or cancelled.
self.onmessage = async (message: MessageEvent<ExportJobRequest>) => {
  const post = (data: ExportJobMessage) => self.postMessage(data);
  try {
    const result = await runExport(message.data, (done, total) => post({ type: 'progress', done, total }));
    post({ type: 'done', ...result });
  } catch (error) {
    post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
};
