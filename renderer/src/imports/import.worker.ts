/// <reference lib="webworker" />
import type { ImportKind } from '../../../shared/ipc/contract';
import { checkImport } from './check-import';

// One check per worker: replaying a 100,000-entry file through the rules stays off the screen's thread.
self.onmessage = async (message: MessageEvent<{ kind: ImportKind; text: string }>) => {
  try {
    self.postMessage(await checkImport(message.data.kind, message.data.text));
  } catch (error) {
    // The readers return refusals as values; anything thrown is a fault in this build, said as such.
    self.postMessage({ ok: false, message: `The file could not be checked: ${error instanceof Error ? error.message : String(error)}` });
  }
};
