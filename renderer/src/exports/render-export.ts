import type { EncounterRecord, ExportOptions, ExportProgress } from '../../../shared/export/encounter-record';
import { exportCsv } from '../../../shared/export/csv';
import { exportEncounterJson } from '../../../shared/export/encounter-json';
import { exportHtml } from '../../../shared/export/html';
import { exportMarkdown } from '../../../shared/export/markdown';
import { rulesLookup } from '../systems/loaded-systems';
import type { ExportFormat } from '../../../shared/ipc/contract';

/** One export, in whichever thread runs it: the pure exporters from `shared/export/`. */
export function renderExport(record: EncounterRecord, format: ExportFormat, options: ExportOptions, progress?: ExportProgress): string {
  switch (format) {
    case 'markdown':
      return exportMarkdown(record, rulesLookup, options, progress);
    case 'html':
      return exportHtml(record, rulesLookup, options, progress);
    case 'csv':
      return exportCsv(record, rulesLookup, options, progress);
    case 'json':
      // Always the whole encounter: a JSON file is for moving it, and must rebuild it exactly.
      return exportEncounterJson(record);
  }
}
