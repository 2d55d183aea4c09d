import type { GmApi } from '../../shared/ipc/contract';

type Failed = { status: 'failed'; message: string };

/**
 * The shell's side of an export written as it is made, in memory, for tests that mock
 * `platform/gm`: what was begun, appended, finished (saved) and aborted, with answers to force.
 */
export const exportShell = {
  saved: [] as { fileName: string; format: string; content: string }[],
  /** Exports begun and not yet finished, with the parts appended so far. */
  open: new Map<string, { fileName: string; format: string; parts: string[] }>(),
  aborted: [] as string[],
  begun: 0,
  beginAnswer: null as null | Failed | { status: 'cancelled' },
  appendAnswer: null as null | Failed,
  finishAnswer: null as null | Failed,
  /** When set, a part is saved only once it resolves (an export caught half-way). */
  appendGate: null as null | Promise<void>,

  reset(): void {
    this.saved = [];
    this.open.clear();
    this.aborted = [];
    this.begun = 0;
    this.beginAnswer = null;
    this.appendAnswer = null;
    this.finishAnswer = null;
    this.appendGate = null;
  },
};

export const exportShellMethods = {
  beginExport: async (request) => {
    if (exportShell.beginAnswer) return exportShell.beginAnswer;
    const exportId = `00000000-0000-4000-8000-${String(++exportShell.begun).padStart(12, '0')}`;
    exportShell.open.set(exportId, { ...request, parts: [] });
    return { status: 'started', exportId };
  },
  appendExport: async ({ exportId, content }) => {
    await exportShell.appendGate;
    if (exportShell.appendAnswer) {
      // The shell drops an export whose part it could not save.
      exportShell.open.delete(exportId);
      return exportShell.appendAnswer;
    }
    // Read back as the shell's disk would hold it: a part that is not UTF-8 fails the test here.
    exportShell.open.get(exportId)!.parts.push(new TextDecoder('utf-8', { fatal: true }).decode(content));
    return { status: 'appended' };
  },
  finishExport: async ({ exportId }) => {
    const file = exportShell.open.get(exportId)!;
    exportShell.open.delete(exportId);
    if (exportShell.finishAnswer) return exportShell.finishAnswer;
    const content = file.parts.join('');
    exportShell.saved.push({ fileName: file.fileName, format: file.format, content });
    return { status: 'saved', path: `/data/exports/${file.fileName}`, bytes: new TextEncoder().encode(content).length };
  },
  abortExport: async ({ exportId }) => {
    exportShell.aborted.push(exportId);
    exportShell.open.delete(exportId);
    return { status: 'aborted' };
  },
} satisfies Partial<GmApi>;
