import type { ExportOptions } from '../../../shared/export/encounter-record';
import type { ExportFormat } from '../../../shared/ipc/contract';
import { getDatabase } from '../db/database';
import { readEncounterRecord } from '../db/encounter-record';
import { ensureSystem } from '../systems/loaded-systems';
import { saveUtf8Parts } from '../../../shared/export/export-parts';
import { exportChunks } from './render-export';

export interface ExportJobRequest {
  readonly encounterId: string;
  readonly format: ExportFormat;
  readonly options: ExportOptions;
}

/** What is known once the encounter is read, before anything is written: the file's name comes from it. */
export interface ExportReading {
  readonly encounterName: string;
  /** The log's entries (undone ones included): what the progress is a share of. */
  readonly entries: number;
  /** The stored log was damaged: what the file holds instead. */
  readonly damage: string | null;
}

/** Where an export's text goes as it is made (the file being saved), and who hears of its progress. */
export interface ExportSink {
  /** The encounter is read: true to write the file (it has been begun), false to stop here. */
  read(reading: ExportReading): Promise<boolean>;
  /**
   * The next part of the file, as UTF-8; resolves once it is saved, and its memory then holds a
   * later part (see saveUtf8Parts): anything kept of it must be a copy. A part moved to another
   * thread to be saved comes back as the answer, to be used again. The part after it is made
   * meanwhile, but handed over only then: the text is never more than one part ahead of the file.
   */
  part(content: Uint8Array<ArrayBuffer>): Promise<ArrayBuffer | void>;
  progress(done: number, total: number): void;
}

/** Messages from the export worker. */
export type ExportJobMessage =
  | ({ readonly type: 'read' } & ExportReading)
  | { readonly type: 'progress'; readonly done: number; readonly total: number }
  | { readonly type: 'part'; readonly content: Uint8Array<ArrayBuffer> }
  | { readonly type: 'done'; readonly written: boolean }
  | { readonly type: 'failed'; readonly message: string };

/** Messages to the export worker: start, then the answers to its `read` and to each `part`. */
export type ExportJobCommand =
  | { readonly type: 'start'; readonly request: ExportJobRequest }
  | { readonly type: 'write'; readonly go: boolean }
  /** The last part is saved; its memory (moved back, when the page still has it) makes a later one. */
  | { readonly type: 'next'; readonly memory: ArrayBuffer | null };

/**
 * Reads the encounter, then writes its file a part at a time: the one body of work, in the worker
 * or (where there is none) here. Neither the text nor a copy of it is ever held whole. True when
 * the file was written to the end.
 */
export async function runExport(request: ExportJobRequest, sink: ExportSink): Promise<boolean> {
  const { record, damage } = await readEncounterRecord(getDatabase(), request.encounterId);
  await ensureSystem(record.systemId);
  if (!(await sink.read({ encounterName: record.name, entries: record.log.length, damage }))) return false;
  const chunks = exportChunks(record, request.format, request.options, (done, total) => sink.progress(done, total));
  await saveUtf8Parts(chunks, (part) => sink.part(part));
  return true;
}
