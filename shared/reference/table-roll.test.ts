import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ReferenceTable } from '../system-kit/rule-system';
import { ruleSystems } from '../systems/all-systems.test-support';
import {
  parseRollCell,
  parseTableDice,
  parseTypedTableFaces,
  planTableRoll,
  possibleValues,
  readTableRoll,
  type TableRollPlan,
} from './table-roll';

function rollable(dice: string, cells: readonly (string | number)[]): ReferenceTable {
  return {
    id: 'test-table',
    system: 'electric-state',
    title: 'Test table',
    section: 'Test',
    columns: [
      { key: 'roll', label: 'Roll' },
      { key: 'what', label: 'What' },
    ],
    rows: cells.map((roll, index) => ({ cells: { roll, what: `row ${index}` }, keywords: [] })),
    footnotes: [],
    roll: { dice, column: 'roll' },
  };
}

function plan(table: ReferenceTable): TableRollPlan {
  const result = planTableRoll(table);
  if (!result.ok) throw new Error(result.message);
  return result.value;
}

function tableById(id: string): ReferenceTable {
  const table = ruleSystems.flatMap((s) => s.tables).find((t) => t.id === id);
  if (!table) throw new Error(`no table ${id}`);
  return table;
}

describe('parseTableDice', () => {
  it.each([
    ['D66', { kind: 'd66' }],
    ['d66', { kind: 'd66' }],
    ['1d10', { kind: 'sum', count: 1, sides: 10 }],
    ['d10', { kind: 'sum', count: 1, sides: 10 }],
    [' 2D6 ', { kind: 'sum', count: 2, sides: 6 }],
  ])('reads %j', (spec, expected) => {
    expect(parseTableDice(spec)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['', /not a table roll/],
    ['D6 6', /not a table roll/],
    ['0d6', /1 to 10 dice, not 0/],
    ['11d6', /1 to 10 dice, not 11/],
    ['1d1', /2 to 100 sides, not 1/],
    ['d1000', /2 to 100 sides, not 1000/],
  ])('refuses %j with a sentence', (spec, message) => {
    const result = parseTableDice(spec);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(message);
  });
});

describe('parseRollCell', () => {
  it.each([
    [41, [{ min: 41, max: 41 }]],
    ['0', [{ min: 0, max: 0 }]],
    ['11–36', [{ min: 11, max: 36 }]],
    ['11-16', [{ min: 11, max: 16 }]],
    ['1 — 5', [{ min: 1, max: 5 }]],
    ['3 to 4', [{ min: 3, max: 4 }]],
    [
      '1, 3–4',
      [
        { min: 1, max: 1 },
        { min: 3, max: 4 },
      ],
    ],
  ])('reads %j', (cell, expected) => {
    expect(parseRollCell(cell)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['—', /not a roll range/],
    ['six', /not a roll range/],
    ['36–11', /runs backwards/],
    ['1–', /not a roll range/],
    [2.5, /not a whole number/],
  ])('refuses %j', (cell, message) => {
    const result = parseRollCell(cell);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(message);
  });
});

describe('planTableRoll', () => {
  it('maps every D66 value of the Electric State serious injuries to one row', () => {
    const p = plan(tableById('es-serious-injuries'));
    expect(p.notation).toBe('D66');
    expect([p.count, p.sides]).toEqual([2, 6]);
    expect(p.rowByValue.size).toBe(36);
    for (const value of [11, 16, 21, 36]) expect(p.rowByValue.get(value)).toBe(0);
    expect(p.rowByValue.get(41)).toBe(1);
    expect(p.rowByValue.get(66)).toBe(18);
    expect(p.rowByValue.has(17)).toBe(false);
  });

  it('reads a d10 showing 10 as 0 on the UESRPG hit location table', () => {
    const p = plan(tableById('ues-hit-location'));
    expect(p.tenReadsAsZero).toBe(true);
    expect(readTableRoll(p, [10])).toEqual({ ok: true, value: { faces: [10], value: 0, rowIndex: 5 } });
    expect(readTableRoll(p, [3])).toEqual({ ok: true, value: { faces: [3], value: 3, rowIndex: 0 } });
    expect(readTableRoll(p, [9])).toEqual({ ok: true, value: { faces: [9], value: 9, rowIndex: 4 } });
  });

  it('plans every rollable seed table', () => {
    const tables = ruleSystems.flatMap((s) => s.tables).filter((t) => t.roll);
    expect(tables.length).toBeGreaterThan(0);
    for (const table of tables) expect(planTableRoll(table)).toMatchObject({ ok: true });
  });

  it('refuses a gap, naming the missing rolls', () => {
    const result = planTableRoll(rollable('1d6', ['1–2', '4–6']));
    expect(result).toEqual({ ok: false, message: '"Test table": no row for a roll of 3.' });
  });

  it('refuses an overlap, naming both rows', () => {
    const result = planTableRoll(rollable('1d6', ['1–3', '3–6']));
    expect(result).toEqual({
      ok: false,
      message: '"Test table": a roll of 3 fits rows 1 and 2; each roll must fit one row.',
    });
  });

  it('refuses an unreadable cell with its row number', () => {
    const result = planTableRoll(rollable('1d6', ['1–3', 'four+']));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(/"Test table", row 2: "four\+" is not a roll range/);
  });

  it('refuses a table without a roll, or with a missing roll column', () => {
    const plain = { ...rollable('1d6', ['1–6']), roll: undefined };
    expect(planTableRoll(plain)).toEqual({ ok: false, message: '"Test table" is not a rollable table.' });
    const wrongColumn = { ...rollable('1d6', ['1–6']), roll: { dice: '1d6', column: 'nope' } };
    expect(planTableRoll(wrongColumn)).toEqual({
      ok: false,
      message: '"Test table" has no column "nope" to read rolls from.',
    });
  });

  it('sums several dice: 2d6 runs 2–12', () => {
    const p = plan(rollable('2d6', ['2–6', '7', '8–12']));
    expect(possibleValues(p.dice)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(readTableRoll(p, [3, 4])).toMatchObject({ ok: true, value: { value: 7, rowIndex: 1 } });
    expect(readTableRoll(p, [6, 6])).toMatchObject({ ok: true, value: { value: 12, rowIndex: 2 } });
  });
});

describe('readTableRoll', () => {
  const injuries = plan(tableById('es-serious-injuries'));

  it('reads D66 tens then units', () => {
    expect(readTableRoll(injuries, [4, 2])).toEqual({ ok: true, value: { faces: [4, 2], value: 42, rowIndex: 2 } });
    expect(readTableRoll(injuries, [2, 4])).toMatchObject({ ok: true, value: { value: 24, rowIndex: 0 } });
  });

  it('lands every pair of d6 faces on the row whose range holds tens × 10 + units', () => {
    const table = tableById('es-serious-injuries');
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 6 }), (tens, units) => {
        const result = readTableRoll(injuries, [tens, units]);
        if (!result.ok) return false;
        const ranges = parseRollCell(table.rows[result.value.rowIndex]!.cells.d66!);
        return ranges.ok && ranges.value.some((r) => tens * 10 + units >= r.min && tens * 10 + units <= r.max);
      }),
    );
  });

  it.each([
    [[4], /D66 needs two d6 faces \(tens, then units\); 1 was given/],
    [[4, 2, 1], /3 were given/],
    [[7, 1], /A d6 has no face 7/],
    [[0, 1], /A d6 has no face 0/],
  ])('refuses faces %j', (faces, message) => {
    const result = readTableRoll(injuries, faces);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(message);
  });
});

describe('parseTypedTableFaces', () => {
  const injuries = plan(tableById('es-serious-injuries'));
  const location = plan(tableById('ues-hit-location'));

  it.each([
    ['4 2', [4, 2]],
    ['42', [4, 2]],
    ['4,2', [4, 2]],
    [' 6  6 ', [6, 6]],
  ])('reads D66 typed as %j', (text, faces) => {
    expect(parseTypedTableFaces(injuries, text)).toEqual({ ok: true, value: faces });
  });

  it('takes 0 on a d10 as the face printed 0 (ten)', () => {
    expect(parseTypedTableFaces(location, '0')).toEqual({ ok: true, value: [10] });
    expect(parseTypedTableFaces(location, '10')).toEqual({ ok: true, value: [10] });
    expect(parseTypedTableFaces(location, '7')).toEqual({ ok: true, value: [7] });
  });

  it.each([
    ['', /No faces typed/],
    ['47', /A d6 has no face 7/],
    ['4', /1 face was typed/],
    ['4 2 1', /3 faces were typed/],
    ['x y', /"x" is not a die face/],
    ['0 3', /A d6 has no face 0/],
  ])('refuses D66 typed as %j', (text, message) => {
    const result = parseTypedTableFaces(injuries, text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(message);
  });

  it('refuses 11 on a d10', () => {
    expect(parseTypedTableFaces(location, '11')).toMatchObject({ ok: false });
  });
});
