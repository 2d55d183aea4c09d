import type { BackupWorkerProgress, BackupWorkerRequest } from './backup-worker-protocol';
import { runBackupWork } from './backup-work';

const host = {
  fetch: (input: string, init: RequestInit) => fetch(input, init),
  progress: (progress: BackupWorkerProgress) => self.postMessage(progress),
};

self.onmessage = async (message: MessageEvent<BackupWorkerRequest>) => {
  self.postMessage(await runBackupWork(message.data, host));
};
