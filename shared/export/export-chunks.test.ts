import { describe, expect, it } from 'vitest';
import { rulesLookup } from '../systems/all-systems.test-support';
import type { SystemId } from '../system-kit/rule-system';
import { topLevelJson, topLevelJsonChunks } from '../file-format/canonical-json';
import { csvChunks, exportCsv } from './csv';
import type { EncounterRecord, ExportOptions } from './encounter-record';
import { encounterJsonChunks, exportEncounterJson } from './encounter-json';
import { generateEncounter } from './generated-encounters.test-support';
import { exportHtml, htmlChunks } from './html';
import { exportMarkdown, markdownChunks } from './markdown';
import { streamReport } from './report-stream';
import { buildReport } from './report';
import { electricStateSample, hardwareSample, shadowrunSample, uesrpgSample } from './sample-encounters.test-support';

/**
 * The exports in pieces (for a writer that saves as it goes) give the very bytes of the string
 * exports, whose golden files pin them: over the samples, generated encounters of every system
 * and the Export dialog's options, through both the streamed report and its fallback.
 */
const OPTION_SETS: readonly ExportOptions[] = [
  { includeUndone: true, rounds: null },
  { includeUndone: false, rounds: null },
  { includeUndone: true, rounds: { from: 1, to: 2 } },
];

const SYSTEMS: readonly SystemId[] = ['electric-state', 'uesrpg-3e', 'shadowrun-4e', 'hardware'];

const records: readonly [string, EncounterRecord][] = [
  ['electric-state sample', electricStateSample()],
  ['uesrpg-3e sample', uesrpgSample()],
  ['shadowrun-4e sample', shadowrunSample()],
  ['hardware sample', hardwareSample()],
  ...SYSTEMS.flatMap((systemId) =>
    [1, 2, 3, 4, 5, 6, 7, 8].map((seed): [string, EncounterRecord] => [`${systemId} #${seed}`, generateEncounter(systemId, seed).record]),
  ),
];

const joined = (chunks: Iterable<string>) => [...chunks].join('');

describe('exports in pieces', () => {
  for (const [name, record] of records) {
    it(`${name}: every format joins to the string export`, () => {
      for (const options of OPTION_SETS) {
        expect(joined(markdownChunks(record, rulesLookup, options))).toBe(exportMarkdown(record, rulesLookup, options));
        expect(joined(htmlChunks(record, rulesLookup, options))).toBe(exportHtml(record, rulesLookup, options));
        expect(joined(csvChunks(record, rulesLookup, options))).toBe(exportCsv(record, rulesLookup, options));
      }
      expect(joined(encounterJsonChunks(record))).toBe(exportEncounterJson(record));
    });
  }

  it('streams the report when the log is in report order, and says when it is not', () => {
    const options = OPTION_SETS[0]!;
    expect(streamReport(shadowrunSample(), rulesLookup, options)).not.toBeNull();
    const streamed = records.filter(([, record]) => streamReport(record, rulesLookup, options) !== null).map(([name]) => name);
    // Both paths are covered above: some generated logs undo across a round and write over it.
    expect(streamed.length).toBeGreaterThan(4);
    expect(streamed.length).toBeLessThan(records.length);
  });

  it("knows the summary once the last piece is handed out, the whole report's own", () => {
    for (const options of OPTION_SETS) {
      const stream = streamReport(shadowrunSample(), rulesLookup, options)!;
      expect(() => stream.summary).toThrow('The summary is known once the pieces have all been handed out.');
      const pieces = [...stream.pieces()];
      expect(pieces.length).toBeGreaterThan(4);
      expect(stream.summary).toEqual(buildReport(shadowrunSample(), rulesLookup, options).summary);
    }
  });

  it('reports progress over both walks, ending at twice the log', () => {
    const record = shadowrunSample();
    const seen: [number, number][] = [];
    joined(markdownChunks(record, rulesLookup, OPTION_SETS[0]!, (done, total) => seen.push([done, total])));
    const n = record.log.length;
    expect(seen).toEqual([
      [n, 2 * n],
      [2 * n, 2 * n],
    ]);
  });

  it('reports the JSON file\'s progress every thousand entries and at the end', () => {
    const sample = shadowrunSample();
    // The file only writes the entries out, so repeating them makes a log long enough to report on.
    const record = { ...sample, log: Array.from({ length: 2500 }, (_, index) => sample.log[index % sample.log.length]!) };
    const seen: [number, number][] = [];
    joined(encounterJsonChunks(record, (done, total) => seen.push([done, total])));
    expect(seen).toEqual([
      [1000, 2500],
      [2000, 2500],
      [2500, 2500],
    ]);
  });

  it('hands a long CSV out a thousand rows at a time', () => {
    const record = generateEncounter('shadowrun-4e', 3, 2500).record;
    const chunks = [...csvChunks(record, rulesLookup, OPTION_SETS[0]!)];
    const rows = exportCsv(record, rulesLookup, OPTION_SETS[0]!).split('\r\n').length - 1;
    expect(chunks.length).toBe(1 + Math.ceil(rows / 1000));
    expect(chunks[0]).toBe('\uFEFFposition,round,turn,pass,time,type,actor,targets,dice,outcome,summary,undone');
  });
});

describe('topLevelJsonChunks', () => {
  const fields = [
    ['format', 'gm-screen'],
    ['version', 1],
    ['left out', undefined],
    ['nested', { b: [1, { d: 2, c: null }], a: 'x' }],
  ] as const;

  it('joins to topLevelJson, the list given in pieces of the size asked', () => {
    const items = [{ z: 1, a: [1, 2] }, 'two', 3, null, { q: { y: 1, x: 2 } }];
    const chunks = [...topLevelJsonChunks(fields, { key: 'log', items }, 2)];
    expect(chunks.length).toBe(4); // 2 + 2 + 1 items, then the close
    expect(chunks.join('')).toBe(topLevelJson(fields, { key: 'log', items }));
  });

  it('writes an empty list as topLevelJson does', () => {
    expect([...topLevelJsonChunks(fields, { key: 'log', items: [] })]).toEqual([topLevelJson(fields, { key: 'log', items: [] })]);
  });
});
