import type { RollRecord } from '../dice/record';
import type { EventInput } from '../encounter/events';
import type { ReferenceTable } from '../system-kit/rule-system';
import type { TableRollResult } from './table-roll';

/** The operation a table roll is logged under in the encounter log and the exports. */
export const TABLE_ROLL_OPERATION = 'reference-table-roll';

/**
 * What a row says, without the roll column and without empty cells:
 * "Ear torn off · −1 die on Wits rolls for hearing · 2D6 days". Empty for a row that is not there.
 */
export function tableRowText(table: ReferenceTable, rowIndex: number): string {
  const row = table.rows[rowIndex];
  if (!row) return '';
  return table.columns
    .filter((column) => column.key !== table.roll?.column)
    .map((column) => String(row.cells[column.key] ?? ''))
    .filter((text) => text !== '' && text !== '—')
    .join(' · ');
}

/**
 * A roll on a reference table as a `roll-resolved` entry of the open encounter's log: it changes
 * nobody, is undone like any entry, and carries the roll and the row it landed on so the log
 * panel and the exports show them ("Serious Injuries: 42 → Ear torn off · …").
 */
export function tableRollEvent(table: ReferenceTable, result: TableRollResult, roll: RollRecord): EventInput {
  const rowText = tableRowText(table, result.rowIndex);
  return {
    type: 'roll-resolved',
    roll,
    summary: rowText ? `${table.title}: ${result.value} → ${rowText}` : `${table.title}: ${result.value}`,
    operation: TABLE_ROLL_OPERATION,
    result: { tableId: table.id, value: result.value, row: rowText },
  };
}
