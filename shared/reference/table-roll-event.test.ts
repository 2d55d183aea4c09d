import { describe, expect, it } from 'vitest';
import type { RollRecord } from '../dice/record';
import type { EncounterEvent, EventInput } from '../encounter/events';
import { buildLogEntries } from '../encounter/log-view';
import { rulesLookup } from '../systems/all-systems.test-support';
import { exportCsv } from '../export/csv';
import { ALL, recordOf } from '../export/fake-record.test-support';
import { exportMarkdown } from '../export/markdown';
import { eventSchemas } from '../import/event-schema';
import { getRuleSystem } from '../systems/all-systems.test-support';
import { planTableRoll, readTableRoll } from './table-roll';
import { TABLE_ROLL_OPERATION, tableRollEvent, tableRowText } from './table-roll-event';

const injuries = getRuleSystem('electric-state').tables.find((t) => t.id === 'es-serious-injuries')!;
const hitLocation = getRuleSystem('uesrpg-3e').tables.find((t) => t.id === 'ues-hit-location')!;

const record = (faces: number[], sides: number): RollRecord => ({
  id: 'roll-1',
  at: '2026-12-01T20:00:00.000Z',
  roller: 'GM',
  reason: 'Serious Injuries (D66)',
  source: 'physical',
  groups: [{ sides, faces, label: 'D66 (tens, units)' }],
});

function rolled(table: typeof injuries, faces: number[]) {
  const plan = planTableRoll(table);
  if (!plan.ok) throw new Error(plan.message);
  const result = readTableRoll(plan.value, faces);
  if (!result.ok) throw new Error(result.message);
  return result.value;
}

describe('tableRowText', () => {
  it('joins the cells other than the roll column, leaving out empty ones and dashes', () => {
    expect(tableRowText(injuries, rolled(injuries, [4, 2]).rowIndex)).toBe(
      'Ear torn off · −1 die on Wits rolls for hearing · 2D6 days',
    );
    // The "None" row's effect and healing are dashes.
    expect(tableRowText(injuries, rolled(injuries, [1, 1]).rowIndex)).toBe('None');
  });

  it('is empty for a row the table does not have', () => {
    expect(tableRowText(injuries, 999)).toBe('');
  });
});

describe('tableRollEvent', () => {
  const result = rolled(injuries, [4, 2]);
  const event = tableRollEvent(injuries, result, record([4, 2], 6));

  it('is a roll-resolved log entry naming the table, the value read and the row', () => {
    expect(event).toEqual({
      type: 'roll-resolved',
      roll: record([4, 2], 6),
      summary: 'Serious Injuries (D66): 42 → Ear torn off · −1 die on Wits rolls for hearing · 2D6 days',
      operation: TABLE_ROLL_OPERATION,
      result: {
        tableId: 'es-serious-injuries',
        value: 42,
        row: 'Ear torn off · −1 die on Wits rolls for hearing · 2D6 days',
      },
    });
  });

  it('reads a d10 table that prints its ten as 0', () => {
    const location = rolled(hitLocation, [10]);
    const logged = tableRollEvent(hitLocation, location, record([10], 10));
    expect(logged).toMatchObject({ summary: `Hit location: 0 → ${tableRowText(hitLocation, location.rowIndex)}` });
    expect(tableRowText(hitLocation, location.rowIndex)).toBe('Head');
  });

  it('is taken by the encounter, listed in the log and the exports with its dice, and valid in an encounter file', () => {
    const at = '2026-12-01T20:00:00.000Z';
    const events = [
      { type: 'encounter-created', encounterId: 'enc', name: 'Warehouse', systemId: 'electric-state' },
      event,
    ].map((input, index) => ({ ...(input as EventInput), id: `e${index}`, at }) as EncounterEvent);
    const entries = buildLogEntries(events, rulesLookup);
    expect(entries.at(-1)).toMatchObject({
      kinds: ['rolls'],
      text: 'Serious Injuries (D66): 42 → Ear torn off · −1 die on Wits rolls for hearing · 2D6 days',
      dice: [{ label: 'D66 (tens, units)', sides: 6, faces: [4, 2] }],
    });
    expect(eventSchemas['roll-resolved'].safeParse(events[1]).success).toBe(true);

    const record = recordOf(events, null, 'electric-state');
    expect(exportMarkdown(record, rulesLookup, ALL)).toContain(
      '`Setup` Serious Injuries (D66): 42 → Ear torn off · −1 die on Wits rolls for hearing · 2D6 days (dice: D66 (tens, units) d6: 4 2)',
    );
    expect(exportCsv(record, rulesLookup, ALL)).toContain(
      'Serious Injuries (D66): 42 → Ear torn off · −1 die on Wits rolls for hearing · 2D6 days',
    );
  });
});
