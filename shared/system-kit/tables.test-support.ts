import type { ReferenceTable } from './rule-system';

/** A table's column labels, in order. */
export const headers = (table: ReferenceTable): string[] => table.columns.map((c) => c.label);

/** A table's rows as the seed prints them: "a | b | c" in column order. */
export const printedRows = (table: ReferenceTable): string[] =>
  table.rows.map((r) => table.columns.map((c) => String(r.cells[c.key])).join(' | '));
