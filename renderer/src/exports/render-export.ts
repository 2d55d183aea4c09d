import type { EncounterRecord, ExportOptions, ExportProgress } from '../../../shared/export/encounter-record';
import { csvChunks } from '../../../shared/export/csv';
import { encounterJsonChunks } from '../../../shared/export/encounter-json';
import { htmlChunks } from '../../../shared/export/html';
import { markdownChunks } from '../../../shared/export/markdown';
import { rulesLookup } from '../systems/loaded-systems';
import type { ExportFormat } from '../../../shared/ipc/contract';

/** One export's text in the pieces its exporter makes (`shared/export/`), in whichever thread runs it. */
export function exportChunks(
  record: EncounterRecord,
  format: ExportFormat,
  options: ExportOptions,
  progress?: ExportProgress,
): Iterable<string> {
  switch (format) {
    case 'markdown':
      return markdownChunks(record, rulesLookup, options, progress);
    case 'html':
      return htmlChunks(record, rulesLookup, options, progress);
    case 'csv':
      return csvChunks(record, rulesLookup, options, progress);
    case 'json':
      // Always the whole encounter: a JSON file is for moving it, and must rebuild it exactly.
      return encounterJsonChunks(record, progress);
  }
}
