import { readImportFile, type ImportFileReading } from '../imports/read-import-file';

/** What the GM window's renderer gets when it asks for a file opened with the app. */
export type OpenedFileAnswer =
  | { readonly status: 'file'; readonly name: string; readonly text: string }
  | { readonly status: 'none' }
  | { readonly status: 'failed'; readonly message: string };

export interface OpenedFilesHost {
  /** Tells the GM window a file is waiting (the `fileOpened` event); a renderer not yet listening asks at start anyway. */
  notify(): void;
  /** Reads a file within the import's bounds; read-import-file.ts unless a test says otherwise. */
  read?(path: string): Promise<ImportFileReading>;
}

export interface OpenedFiles {
  /** Queues the files of a launch (first, second instance, or macOS's open-file), in order; none is a no-op. */
  add(paths: readonly string[]): void;
  /** The oldest waiting file, read now (the import's limits and sentences), or none. */
  take(): Promise<OpenedFileAnswer>;
  /** How many files wait for the renderer. */
  waiting(): number;
}

/** Files opened with the app, kept until the GM window's renderer takes them, one at a time. */
export function createOpenedFiles(host: OpenedFilesHost): OpenedFiles {
  const queue: string[] = [];
  // An opened file is an exported encounter (the file association's only kind).
  const read = host.read ?? ((path: string) => readImportFile(path, 'encounter'));
  return {
    add(paths) {
      if (paths.length === 0) return;
      queue.push(...paths);
      host.notify();
    },
    async take() {
      const path = queue.shift();
      if (path === undefined) return { status: 'none' };
      const reading = await read(path);
      return reading.status === 'read' ? { status: 'file', name: reading.name, text: reading.text } : reading;
    },
    waiting: () => queue.length,
  };
}
