import type { ExportOptions } from '../../../shared/export/encounter-record';
import type { ExportFormat } from '../../../shared/ipc/contract';
import { getDatabase } from '../db/database';
import { readEncounterRecord } from '../db/encounter-record';
import { ensureSystem } from '../systems/loaded-systems';
import { renderExport } from './render-export';

export interface ExportJobRequest {
  readonly encounterId: string;
  readonly format: ExportFormat;
  readonly options: ExportOptions;
}

export interface ExportJobResult {
  readonly content: string;
  readonly encounterName: string;
  /** The stored log was damaged: what the file holds instead. */
  readonly damage: string | null;
}

/** Messages from the export worker. */
export type ExportJobMessage =
  | { readonly type: 'progress'; readonly done: number; readonly total: number }
  | ({ readonly type: 'done' } & ExportJobResult)
  | { readonly type: 'failed'; readonly message: string };

/** Reads the encounter and renders the file: the one body of work, in the worker or (where there is none) here. */
export async function runExport(request: ExportJobRequest, progress: (done: number, total: number) => void): Promise<ExportJobResult> {
  const { record, damage } = await readEncounterRecord(getDatabase(), request.encounterId);
  await ensureSystem(record.systemId);
  const content = renderExport(record, request.format, request.options, progress);
  return { content, encounterName: record.name, damage };
}
