import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { createFakeLookup, warehouseRunning } from '../encounter/fake-rules.test-support';
import { BYTE_ORDER_MARK, CSV_COLUMNS, exportCsv, toCsv } from './csv';
import { ALL, WITH_UNDONE, discard, recordOf, timedEvents } from './fake-record.test-support';

const lookup = createFakeLookup();

function warehouse() {
  const ev = timedEvents();
  const roll = { id: 'r1', at: '2026-11-29T19:30:00.000Z', roller: 'Ghost', reason: 'x', source: 'physical', groups: [{ sides: 6, faces: [6, 4], label: 'attack' }, { sides: 6, faces: [2], label: 'soak' }] };
  return recordOf(
    [
      ...warehouseRunning(ev),
      discard(ev({ type: 'harm-applied', combatantId: 'g1', harm: { kind: 'damage', amount: 9 } })),
      ev({ type: 'roll-resolved', roll, summary: 'Ghost shoots, "twice"', actorId: 'ghost', targetIds: ['g1', 'g2'], result: { hit: true } }),
      ev({ type: 'note-added', text: 'Loot:\n2 credsticks' }),
      ev({ type: 'turn-advanced' }),
      ev({ type: 'harm-applied', combatantId: 'ghost', harm: { kind: 'damage', amount: 1 } }),
    ],
    9,
  );
}

const HEADER = 'position,round,turn,pass,time,type,actor,targets,dice,outcome,summary,undone';

describe('exportCsv', () => {
  it('writes a byte-order mark, the header and one row per entry in effect, CRLF between records', () => {
    expect(exportCsv(warehouse(), lookup, ALL)).toBe(
      [
        `${BYTE_ORDER_MARK}${HEADER}`,
        '0,0,,,2026-11-29T19:01:00.000Z,encounter-created,,,,,"Encounter ""Warehouse"" created · Fake",no',
        '1,0,,,2026-11-29T19:02:00.000Z,combatant-added,,Ghost,,,Joins Party (PC),no',
        '2,0,,,2026-11-29T19:03:00.000Z,combatant-added,,Ganger 1,,,Joins Opponents (NPC),no',
        '3,0,,,2026-11-29T19:04:00.000Z,combatant-added,,Ganger 2,,,Joins Opponents (NPC),no',
        '4,0,,,2026-11-29T19:05:00.000Z,encounter-started,,,,,Encounter starts · Round 1 · roll initiative,no',
        '5,1,,,2026-11-29T19:06:00.000Z,initiative-rolled,,,Ghost: 1; Ganger 1: 1; Ganger 2: 1,,Initiative: Ghost 9 · Ganger 1 4 · Ganger 2 6 · Ghost acts,no',
        '7,1,1,1,2026-11-29T19:08:00.000Z,roll-resolved,Ghost,Ganger 1; Ganger 2,attack d6: 6 4; soak d6: 2,hit,"Ghost shoots, ""twice""",no',
        '8,1,1,1,2026-11-29T19:09:00.000Z,note-added,,,,,"Note: Loot:\n2 credsticks",no',
        '9,1,1,1,2026-11-29T19:10:00.000Z,turn-advanced,,,,,Ganger 2 acts,no',
      ].join('\r\n'),
    );
  });

  it('adds undone entries, marked yes, when asked', () => {
    const rows = exportCsv(warehouse(), lookup, WITH_UNDONE).split('\r\n');
    expect(rows.filter((r) => r.endsWith(',yes'))).toEqual([
      '6,1,1,1,2026-11-29T19:07:00.000Z,harm-applied,,Ganger 1,,,"Damage 9 → HP 0/6, Down · Ganger 1 gains Down",yes',
      '10,1,2,1,2026-11-29T19:11:00.000Z,harm-applied,,Ghost,,,Damage 1 → HP 9/10,yes',
    ]);
    expect(rows).toHaveLength(12);
  });

  it('keeps only the rounds asked for, in log order', () => {
    const rows = exportCsv(warehouse(), lookup, { includeUndone: true, rounds: { from: 1, to: 1 } }).split('\r\n');
    expect(rows.slice(1).map((r) => r.split(',')[0])).toEqual(['5', '6', '7', '8', '9', '10']);
  });

  it.each([1000, 2500])('writes a long log in chunks that read back as one table (%i rows)', (rows) => {
    const ev = timedEvents();
    const notes = Array.from({ length: rows - 6 }, (_, i) => ev({ type: 'note-added', text: `=note ${i}` }));
    const text = exportCsv(recordOf([...warehouseRunning(ev), ...notes]), lookup, ALL);
    const parsed = Papa.parse<string[]>(text.slice(1), { newline: '\r\n' });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data[0]).toEqual([...CSV_COLUMNS]);
    expect(parsed.data.slice(1).map((r) => Number(r[0]))).toEqual(Array.from({ length: rows }, (_, i) => i));
    expect(parsed.data[rows]![10]).toBe(`Note: =note ${rows - 7}`);
    expect(text.endsWith('\r\n')).toBe(false);
  });

  it('reads back with a CSV library into the same cells', () => {
    const text = exportCsv(warehouse(), lookup, ALL);
    const parsed = Papa.parse<string[]>(text.slice(1), { newline: '\r\n' });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data[0]).toEqual([...CSV_COLUMNS]);
    expect(parsed.data[7]).toEqual(['7', '1', '1', '1', '2026-11-29T19:08:00.000Z', 'roll-resolved', 'Ghost', 'Ganger 1; Ganger 2', 'attack d6: 6 4; soak d6: 2', 'hit', 'Ghost shoots, "twice"', 'no']);
    expect(parsed.data[8]![10]).toBe('Note: Loot:\n2 credsticks');
  });
});

describe('CSV formula neutralising', () => {
  const cell = (value: string) => Papa.parse<string[]>(toCsv([[value]]).slice(1), { newline: '\r\n' }).data[1]![0];

  it.each([
    ['=SUM(A1)', "'=SUM(A1)"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@cmd', "'@cmd"],
    ['\tlead', "'\tlead"],
    ['\rlead', "'\rlead"],
  ])('prefixes a cell that begins with %j', (value, expected) => {
    expect(cell(value)).toBe(expected);
  });

  it('catches a formula that goes on past a line break, and leaves other cells alone', () => {
    expect(cell('=HYPERLINK("x")\nmore')).toBe('\'=HYPERLINK("x")\nmore');
    expect(cell('a=1')).toBe('a=1');
    expect(toCsv([['-2', 'ok']]).split('\r\n')[1]).toBe(`"'-2",ok,,,,,,,,,,`);
  });

  it('neutralises a hostile name wherever it lands', () => {
    const ev = timedEvents();
    const record = recordOf([
      ev({ type: 'encounter-created', encounterId: 'x', name: 'W', systemId: 'fake' as never }),
      ev({ type: 'combatant-added', combatant: { id: 'x', name: '=cmd|calc', kind: 'npc', side: 'opponents', stats: { hp: 6, init: 1 } } }),
    ]);
    const row = Papa.parse<string[]>(exportCsv(record, lookup, ALL).slice(1), { newline: '\r\n' }).data[2]!;
    expect(row[7]).toBe("'=cmd|calc");
  });
});
