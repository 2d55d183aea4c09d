/// <reference lib="webworker" />
import { runExport, type ExportJobCommand, type ExportJobMessage } from './run-export';

// One export per worker: the page starts a worker for each and ends it when done or cancelled.
// The worker waits for the page's answer to `read` (the file begun) and to each `part` (saved).
let answer: ((command: ExportJobCommand) => void) | null = null;
const nextCommand = () => new Promise<ExportJobCommand>((resolve) => (answer = resolve));
const post = (data: ExportJobMessage) => self.postMessage(data);
/** A part's bytes are moved to the page, not copied; the page moves them back once saved (see `part` below). */
const postPart = (content: Uint8Array<ArrayBuffer>) => self.postMessage({ type: 'part', content } satisfies ExportJobMessage, [content.buffer]);

self.onmessage = async (message: MessageEvent<ExportJobCommand>) => {
  const command = message.data;
  if (command.type !== 'start') {
    answer?.(command);
    return;
  }
  try {
    const written = await runExport(command.request, {
      async read(reading) {
        post({ type: 'read', ...reading });
        const reply = await nextCommand();
        return reply.type === 'write' && reply.go;
      },
      async part(content) {
        postPart(content);
        const reply = await nextCommand();
        return reply.type === 'next' ? (reply.memory ?? undefined) : undefined;
      },
      progress: (done, total) => post({ type: 'progress', done, total }),
    });
    post({ type: 'done', written });
  } catch (error) {
    post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
};
