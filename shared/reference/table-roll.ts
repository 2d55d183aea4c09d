import type { ParseResult } from '../dice/request';
import type { ReferenceTable } from '../system-kit/rule-system';

/**
 * Rolling on a reference table: the table's dice ("D66", "1d10", "2d6"), the ranges in its roll
 * column ("11–36", "41", "1–5", "0"), and the row a roll lands on. Pure and checked up front, so
 * a table whose ranges leave a gap or overlap is refused with a sentence rather than rolled on.
 */

/** D66 is two d6 read as tens then units (11–66); anything else is the sum of NdX. */
export type TableDice =
  { readonly kind: 'd66' } | { readonly kind: 'sum'; readonly count: number; readonly sides: number };

export interface RollRange {
  readonly min: number;
  readonly max: number;
}

export interface TableRollPlan {
  readonly tableId: string;
  readonly dice: TableDice;
  /** The dice to throw: D66 is 2d6. */
  readonly count: number;
  readonly sides: number;
  /** "D66", "1d10": how the roll is written in the log's reason. */
  readonly notation: string;
  /** A single d10 on a table that lists 0 and not 10 reads a 10 as 0 (d10s are printed 0–9). */
  readonly tenReadsAsZero: boolean;
  /** Row index for every value the dice can produce. */
  readonly rowByValue: ReadonlyMap<number, number>;
}

export interface TableRollResult {
  readonly faces: readonly number[];
  /** The value read off the table: 42 for D66 faces 4 and 2; 0 for a d10 showing 10 on a 0–9 table. */
  readonly value: number;
  readonly rowIndex: number;
}

const ok = <T>(value: T): ParseResult<T> => ({ ok: true, value });
const fail = <T>(message: string): ParseResult<T> => ({ ok: false, message });

const MAX_TABLE_DICE = 10;
const MAX_TABLE_SIDES = 100;

/** Reads a table's dice: "D66", "d10", "1d10", "2D6". */
export function parseTableDice(spec: string): ParseResult<TableDice> {
  const text = spec.trim();
  if (/^d66$/i.test(text)) return ok({ kind: 'd66' });
  const match = /^(\d*)d(\d+)$/i.exec(text);
  if (!match) return fail(`"${text.slice(0, 20)}" is not a table roll. Write D66 or NdX, such as 1d10 or 2d6.`);
  const count = match[1] === '' ? 1 : Number(match[1]);
  const sides = Number(match[2]);
  if (count < 1 || count > MAX_TABLE_DICE) return fail(`A table roll uses 1 to ${MAX_TABLE_DICE} dice, not ${count}.`);
  if (sides < 2 || sides > MAX_TABLE_SIDES) return fail(`A table die has 2 to ${MAX_TABLE_SIDES} sides, not ${sides}.`);
  return ok({ kind: 'sum', count, sides });
}

/**
 * Reads one roll-column cell: a number (41), a range with a hyphen, en or em dash or "to"
 * ("11–36", "1-5", "3 to 4"), or several of those separated by commas ("1, 3–4").
 */
export function parseRollCell(cell: string | number): ParseResult<readonly RollRange[]> {
  if (typeof cell === 'number') {
    return Number.isInteger(cell) ? ok([{ min: cell, max: cell }]) : fail(`${cell} is not a whole number to roll.`);
  }
  const parts = cell.split(',').map((part) => part.trim());
  const ranges: RollRange[] = [];
  for (const part of parts) {
    const single = /^\d+$/.exec(part);
    if (single) {
      ranges.push({ min: Number(part), max: Number(part) });
      continue;
    }
    const range = /^(\d+)\s*(?:[-–—]|to)\s*(\d+)$/i.exec(part);
    if (!range) return fail(`"${cell.slice(0, 20)}" is not a roll range. Write a number (41) or a range (11–36).`);
    const min = Number(range[1]);
    const max = Number(range[2]);
    if (min > max) return fail(`The range "${part}" runs backwards: write the low number first.`);
    ranges.push({ min, max });
  }
  return ok(ranges);
}

/** Every value the dice can produce, in order. */
export function possibleValues(dice: TableDice): number[] {
  if (dice.kind === 'd66') {
    const values: number[] = [];
    for (let tens = 1; tens <= 6; tens++) for (let units = 1; units <= 6; units++) values.push(tens * 10 + units);
    return values;
  }
  const values: number[] = [];
  for (let total = dice.count; total <= dice.count * dice.sides; total++) values.push(total);
  return values;
}

function notationOf(dice: TableDice): string {
  return dice.kind === 'd66' ? 'D66' : `${dice.count}d${dice.sides}`;
}

function describeValues(values: readonly number[]): string {
  const shown = values.slice(0, 8).join(', ');
  return values.length > 8 ? `${shown} and ${values.length - 8} more` : shown;
}

/**
 * Checks a rollable table and maps every value its dice can produce to exactly one row. A gap, an
 * overlap or an unreadable cell is a sentence naming the table, never a half-working roll.
 */
export function planTableRoll(table: ReferenceTable): ParseResult<TableRollPlan> {
  if (!table.roll) return fail(`"${table.title}" is not a rollable table.`);
  const dice = parseTableDice(table.roll.dice);
  if (!dice.ok) return fail(`"${table.title}": ${dice.message}`);
  const column = table.roll.column;
  if (!table.columns.some((c) => c.key === column))
    return fail(`"${table.title}" has no column "${column}" to read rolls from.`);

  const rangesByRow: (readonly RollRange[])[] = [];
  for (const [index, row] of table.rows.entries()) {
    const cell = row.cells[column];
    if (cell === undefined) return fail(`"${table.title}", row ${index + 1}, has no roll range.`);
    const ranges = parseRollCell(cell);
    if (!ranges.ok) return fail(`"${table.title}", row ${index + 1}: ${ranges.message}`);
    rangesByRow.push(ranges.value);
  }

  const values = possibleValues(dice.value);
  const covers = (value: number) => rangesByRow.some((ranges) => ranges.some((r) => value >= r.min && value <= r.max));
  const tenReadsAsZero =
    dice.value.kind === 'sum' && dice.value.count === 1 && dice.value.sides === 10 && covers(0) && !covers(10);

  const rowByValue = new Map<number, number>();
  const missing: number[] = [];
  for (const value of values) {
    const read = tenReadsAsZero && value === 10 ? 0 : value;
    const rows = rangesByRow.flatMap((ranges, index) =>
      ranges.some((r) => read >= r.min && read <= r.max) ? [index] : [],
    );
    if (rows.length > 1) {
      return fail(
        `"${table.title}": a roll of ${read} fits rows ${rows.map((r) => r + 1).join(' and ')}; each roll must fit one row.`,
      );
    }
    if (rows.length === 0) missing.push(read);
    else rowByValue.set(read, rows[0]!);
  }
  if (missing.length > 0) return fail(`"${table.title}": no row for a roll of ${describeValues(missing)}.`);

  const dimensions =
    dice.value.kind === 'd66' ? { count: 2, sides: 6 } : { count: dice.value.count, sides: dice.value.sides };
  return ok({
    tableId: table.id,
    dice: dice.value,
    ...dimensions,
    notation: notationOf(dice.value),
    tenReadsAsZero,
    rowByValue,
  });
}

/** Reads faces off the plan's dice: D66 tens then units; otherwise their sum. */
export function readTableRoll(plan: TableRollPlan, faces: readonly number[]): ParseResult<TableRollResult> {
  const want =
    plan.dice.kind === 'd66'
      ? 'two d6 faces (tens, then units)'
      : `${plan.count} ${plan.count === 1 ? 'face' : 'faces'} of a d${plan.sides}`;
  if (faces.length !== plan.count)
    return fail(`${plan.notation} needs ${want}; ${faces.length} ${faces.length === 1 ? 'was' : 'were'} given.`);
  for (const face of faces) {
    if (!Number.isInteger(face) || face < 1 || face > plan.sides)
      return fail(`A d${plan.sides} has no face ${face}. ${plan.notation} needs ${want}.`);
  }
  const total = plan.dice.kind === 'd66' ? faces[0]! * 10 + faces[1]! : faces.reduce((sum, face) => sum + face, 0);
  const value = plan.tenReadsAsZero && total === 10 ? 0 : total;
  const rowIndex = plan.rowByValue.get(value);
  // planTableRoll mapped every possible value, so a missing row means the plan was built by hand.
  if (rowIndex === undefined) return fail(`No row of the table fits a roll of ${value}.`);
  return ok({ faces: [...faces], value, rowIndex });
}

/**
 * Reads faces typed from physical dice. D66 takes "4 2" or "42" (tens first); a d10 accepts 0 for
 * the face printed 0. Anything else is a sentence saying what to type.
 */
export function parseTypedTableFaces(plan: TableRollPlan, text: string): ParseResult<number[]> {
  const trimmed = text.trim();
  const want =
    plan.dice.kind === 'd66'
      ? 'Type the two d6 faces, tens first: "4 2" or "42".'
      : `Type ${plan.count} ${plan.count === 1 ? 'face' : 'faces'} of a d${plan.sides} (1–${plan.sides}), separated by spaces.`;
  if (trimmed === '') return fail(`No faces typed. ${want}`);
  const parts = plan.dice.kind === 'd66' && /^\d\d$/.test(trimmed) ? [...trimmed] : trimmed.split(/[\s,;]+/);
  const faces: number[] = [];
  for (const part of parts) {
    if (!/^\d+$/.test(part)) return fail(`"${part.slice(0, 10)}" is not a die face. ${want}`);
    const face = plan.sides === 10 && part === '0' ? 10 : Number(part);
    if (face < 1 || face > plan.sides) return fail(`A d${plan.sides} has no face ${part}. ${want}`);
    faces.push(face);
  }
  if (faces.length !== plan.count)
    return fail(`${faces.length} ${faces.length === 1 ? 'face was' : 'faces were'} typed. ${want}`);
  return ok(faces);
}
