import { isSystemId } from '../../../shared/systems/profiles';
import type { DumpedTable } from './database-dump';

/**
 * The shape every table's rows must have before a restore writes them: the keys and indexed
 * fields IndexedDB needs, and the fields the screen reads without further checks. What the
 * app already checks on reading (an event's contents) is only required to
 * be an object here, so a backup of a log with one damaged entry still restores and shows that
 * entry as damaged, as the database it came from did.
 */
type Check = readonly [field: string, test: (value: unknown) => boolean, expected: string];

const isString = (value: unknown) => typeof value === 'string';
const isId = (value: unknown) => typeof value === 'string' && value.length > 0;
const isCount = (value: unknown) => Number.isInteger(value) && (value as number) >= 0;
const isFlag = (value: unknown) => value === 0 || value === 1;
const isObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);
const optional = (test: (value: unknown) => boolean) => (value: unknown) => value === undefined || test(value);
const orNull = (test: (value: unknown) => boolean) => (value: unknown) => value === null || test(value);
const isSystem = (value: unknown) => typeof value === 'string' && isSystemId(value);
const isDiceGroups = (value: unknown) =>
  Array.isArray(value) &&
  value.every((group) => isObject(group) && isCount(group.sides) && Array.isArray(group.faces) && group.faces.every(isCount));

const TEXT = 'text';
const ID = 'non-empty text';
const COUNT = 'a whole number of 0 or more';
const FLAG = '0 or 1';
const OBJECT = 'an object';
const SYSTEM = 'a rule system GM Screen knows';

const ROW_CHECKS: Record<DumpedTable, readonly Check[]> = {
  rolls: [
    ['id', isId, ID],
    ['at', isString, TEXT],
    ['roller', isString, TEXT],
    ['reason', isString, TEXT],
    ['source', isString, TEXT],
    ['groups', isDiceGroups, 'a list of dice groups (sides and faces)'],
  ],
  settings: [
    ['key', isId, ID],
    ['value', (value) => value !== undefined, 'present'],
  ],
  encounters: [
    ['id', isId, ID],
    ['name', isString, TEXT],
    ['systemId', isSystem, SYSTEM],
    ['createdAt', isString, TEXT],
    ['updatedAt', isString, TEXT],
    ['archived', isFlag, FLAG],
    ['deletedAt', orNull(isString), 'text or null'],
    ['cursor', orNull(isCount), `${COUNT} or null`],
    ['round', optional(isCount), `${COUNT} when present`],
  ],
  events: [
    ['encounterId', isId, ID],
    ['seq', isCount, COUNT],
    ['event', isObject, OBJECT],
    ['discarded', isFlag, FLAG],
    ['prev', optional(orNull(isString)), 'text or null when present'],
    ['round', optional(isCount), `${COUNT} when present`],
  ],
  templates: [
    ['id', isId, ID],
    ['systemId', isSystem, SYSTEM],
    ['name', isString, TEXT],
    ['kind', (value) => value === 'pc' || value === 'npc', '"pc" or "npc"'],
    ['stats', isObject, OBJECT],
    ['notes', isString, TEXT],
    ['updatedAt', isString, TEXT],
  ],
};

/** Each table's primary key, as text, to find two rows that would claim the same place. */
const PRIMARY_KEY: Record<DumpedTable, (row: Record<string, unknown>) => string> = {
  rolls: (row) => String(row.id),
  settings: (row) => String(row.key),
  encounters: (row) => String(row.id),
  events: (row) => `${String(row.encounterId)} #${String(row.seq)}`,
  templates: (row) => String(row.id),
};

/**
 * The first problem with a table's rows, as a sentence naming the table and the row (counted
 * from 1), or null when every row has the shape the database needs.
 */
export function checkTableRows(table: DumpedTable, rows: unknown): string | null {
  if (!Array.isArray(rows)) return `The table "${table}" in this backup is not a list of rows.`;
  const seen = new Map<string, number>();
  for (let index = 0; index < rows.length; index++) {
    const row: unknown = rows[index];
    const where = `Row ${index + 1} of the table "${table}"`;
    if (!isObject(row)) return `${where} is not an object.`;
    const record = row as Record<string, unknown>;
    for (const [field, test, expected] of ROW_CHECKS[table]) {
      if (!test(record[field])) return `${where}: "${field}" must be ${expected}.`;
    }
    const key = PRIMARY_KEY[table](record);
    const first = seen.get(key);
    if (first !== undefined) return `${where} has the same key (${key}) as row ${first}.`;
    seen.set(key, index + 1);
  }
  return null;
}
