import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { rulesLookup } from '../systems/all-systems.test-support';
import type { SystemId } from '../system-kit/rule-system';
import { CSV_COLUMNS, exportCsv } from './csv';
import type { EncounterRecord, ExportOptions } from './encounter-record';
import { exportHtml } from './html';
import { exportMarkdown } from './markdown';
import { electricStateSample, hardwareSample, shadowrunSample, uesrpgSample } from './sample-encounters.test-support';

/**
 * Each system's sample encounter rendered to Markdown, HTML and CSV, compared byte for byte with
 * `golden/<systemId>.{md,html,csv}`. After a deliberate change, regenerate them with
 * `UPDATE_GOLDEN=1 npx vitest run shared/export` and read the difference before committing.
 */
const GOLDEN = join(__dirname, 'golden');
const UPDATE = process.env.UPDATE_GOLDEN === '1';
const OPTIONS: ExportOptions = { includeUndone: true, rounds: null };

const samples: readonly [SystemId, () => EncounterRecord][] = [
  ['electric-state', electricStateSample],
  ['uesrpg-3e', uesrpgSample],
  ['shadowrun-4e', shadowrunSample],
  ['hardware', hardwareSample],
];

const formats = {
  md: exportMarkdown,
  html: exportHtml,
  csv: exportCsv,
} as const;

function golden(file: string, actual: string): string {
  const path = join(GOLDEN, file);
  if (UPDATE || !existsSync(path)) {
    if (!UPDATE) throw new Error(`No golden file ${file}: run with UPDATE_GOLDEN=1 to write it.`);
    mkdirSync(GOLDEN, { recursive: true });
    writeFileSync(path, actual, 'utf8');
  }
  return readFileSync(path, 'utf8');
}

describe.each(samples)('%s sample encounter', (systemId, sample) => {
  const record = sample();

  it.each(Object.keys(formats) as (keyof typeof formats)[])('matches its %s golden file', (format) => {
    const actual = formats[format](record, rulesLookup, OPTIONS);
    expect(actual).toBe(golden(`${systemId}.${format}`, actual));
  });

  it('has the undone entries the sample promises: one discarded, one redoable', () => {
    expect(record.log.filter((l) => l.discarded)).toHaveLength(1);
    expect(record.cursor).toBe(record.log.length - 2);
  });

  it('reads its CSV back with a CSV library: header, one row per entry, cells as written', () => {
    const text = exportCsv(record, rulesLookup, OPTIONS);
    expect(text.startsWith('\uFEFF')).toBe(true);
    const parsed = Papa.parse<string[]>(text.slice(1), { newline: '\r\n' });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data[0]).toEqual([...CSV_COLUMNS]);
    const rows = parsed.data.slice(1);
    expect(rows.map((r) => Number(r[0]))).toEqual(record.log.map((_, i) => i));
    expect(rows.map((r) => r[5])).toEqual(record.log.map((l) => l.event.type));
    expect(rows.map((r) => r[4])).toEqual(record.log.map((l) => l.event.at));
    expect(rows.filter((r) => r[11] === 'yes').map((r) => Number(r[0]))).toEqual([
      record.log.findIndex((l) => l.discarded),
      record.log.length - 1,
    ]);
    const applied = rows.find((r) => r[5] === 'roll-applied')!;
    const event = record.log.find((l) => l.event.type === 'roll-applied')!.event as Extract<EncounterRecord['log'][number]['event'], { type: 'roll-applied' }>;
    const actor = record.log.flatMap((l) => (l.event.type === 'combatant-added' && l.event.combatant.id === event.actorId ? [l.event.combatant.name] : []));
    expect([applied[6]]).toEqual(actor);
    expect(applied[8]).toBe(event.roll.groups.map((g) => `${g.label} d${g.sides}: ${g.faces.join(' ')}`).join('; '));
  });
});
