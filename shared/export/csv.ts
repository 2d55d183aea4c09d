import Papa from 'papaparse';
import type { RulesLookup } from '../encounter/reducer';
import type { EncounterRecord, ExportOptions, ExportProgress } from './encounter-record';
import { walkSteps } from './replayed-log';
import { isShown, toLine, type ReportLine } from './report';

/**
 * The log as CSV, one row per entry shown (the Export dialog's options apply: undone entries are
 * left out unless asked for, and a round range keeps only those rounds), in log order.
 *
 * Columns, always these and in this order (docs/file-formats.md, "CSV log"):
 *   position  the entry's position in the stored log, from 0 (the creation event); undone and
 *             discarded entries keep theirs, so numbers can skip where entries are left out
 *   round     the round it happened in (0 = setup, before the start)
 *   turn      the turn within the round, from 1; empty when it was nobody's turn
 *   pass      the initiative pass of that turn (Shadowrun; 1 elsewhere); empty with no turn
 *   time      when the GM did it, ISO 8601 UTC as stored ("2026-11-29T19:04:05.000Z")
 *   type      the event type ("harm-applied", "roll-applied"…)
 *   actor     who acted, by name as it was then; empty when no one did
 *   targets   whom it concerned, names joined with "; "
 *   dice      every die rolled, group by group: "Ghost d6: 6 5 3 1; soak d6: 2"
 *   outcome   hit / miss (or the UESRPG word: blocked, counter) / success / failure, from a
 *             resolved roll's rules result when it says; empty otherwise
 *   summary   the log panel's sentence for the entry
 *   undone    "yes" for an undone entry (past the undo position, or overwritten), else "no"
 *
 * RFC 4180: fields quoted when they hold a comma, a quote or a line break, quotes doubled, CRLF
 * between records (none after the last). UTF-8 with a byte-order mark first, so spreadsheet apps
 * read accents. A cell that begins with =, +, -, @, a tab or a carriage return is prefixed with
 * "'" so no spreadsheet runs it as a formula.
 */
export const CSV_COLUMNS = [
  'position',
  'round',
  'turn',
  'pass',
  'time',
  'type',
  'actor',
  'targets',
  'dice',
  'outcome',
  'summary',
  'undone',
] as const;

export const BYTE_ORDER_MARK = '\uFEFF';

/** Papaparse's own test stops at a line break; this one looks only at the first character. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Rows are quoted (and handed out) this many at a time, so a long log never holds all its rows at once. */
const CHUNK_ROWS = 1000;

export function exportCsv(
  record: EncounterRecord,
  lookup: RulesLookup,
  options: ExportOptions,
  progress?: ExportProgress,
): string {
  return [...csvChunks(record, lookup, options, progress)].join('');
}

/**
 * The same text in pieces, for a writer that saves as it goes: the byte-order mark and header
 * first, then the rows a thousand at a time (each piece after the first opens with its CRLF). The
 * rows come straight from the walk, in log order: no report, summary or sections needed, so
 * nothing grows with the log but the file.
 */
export function* csvChunks(
  record: EncounterRecord,
  lookup: RulesLookup,
  options: ExportOptions,
  progress?: ExportProgress,
): Generator<string, void, undefined> {
  yield `${BYTE_ORDER_MARK}${HEADER}`;
  let rows: string[][] = [];
  for (const step of walkSteps(record, lookup, progress)) {
    if (!isShown(step, options)) continue;
    rows.push(csvRow(toLine(step)));
    if (rows.length === CHUNK_ROWS) {
      yield `\r\n${unparseRows(rows)}`;
      rows = [];
    }
  }
  if (rows.length) yield `\r\n${unparseRows(rows)}`;
}

export function csvRow(line: ReportLine): string[] {
  return [
    String(line.index),
    String(line.round),
    line.turn === null ? '' : String(line.turn),
    line.pass === null ? '' : String(line.pass),
    line.at,
    line.type,
    line.actor ?? '',
    line.targets.join('; '),
    line.dice,
    line.outcome,
    line.text,
    line.undone ? 'yes' : 'no',
  ];
}

/** The header and the rows, quoted and neutralised as described above. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  const body = rows.length ? `\r\n${unparseRows(rows.map((r) => [...r]))}` : '';
  return `${BYTE_ORDER_MARK}${HEADER}${body}`;
}

/** The column names need no quoting. */
const HEADER = CSV_COLUMNS.join(',');

/** Rows (no header) as RFC 4180 text, formulas neutralised, CRLF between them and none after. */
function unparseRows(rows: string[][]): string {
  return Papa.unparse(
    { fields: [...CSV_COLUMNS], data: rows },
    { newline: '\r\n', quotes: false, escapeFormulae: FORMULA_START, header: false },
  );
}
