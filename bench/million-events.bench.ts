import type { EncounterRecord, ExportOptions } from '../shared/export/encounter-record';
import { csvChunks } from '../shared/export/csv';
import { encounterJsonChunks } from '../shared/export/encounter-json';
import { htmlChunks } from '../shared/export/html';
import { saveUtf8Parts } from '../shared/export/export-parts';
import { markdownChunks } from '../shared/export/markdown';
import { createExportStore } from '../main/services/exports/export-store';
import { createPreferencesFile } from '../main/services/files/preferences';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildLargeRecord } from './export.bench';
import type { BenchSuite, CollectedBenchCase } from './harness';
import { HeapPeak, timedWithPeak } from './heap-peak';
import { rulesLookup } from './rules';

/**
 * Exporting a 1,000,000-event Shadowrun encounter (export.bench.ts's, ten times longer) to each
 * format in pieces, as a writer that saves each piece as it comes would (target: under 5 s each,
 * memory bounded). The pieces are consumed, never joined: the figure beside the time is the peak
 * heap the export itself needed over the million events already held (see millionCase). Its own file, run with
 * `npm run bench million`: building the events takes about a minute, and each export far longer
 * than `npm run bench export` can afford.
 */
const MILLION = 1_000_000;
const OPTIONS: ExportOptions = { includeUndone: true, rounds: null };

/** Built when the suite first runs, and let go after its last case. */
let million: EncounterRecord | null = null;
const record = (): EncounterRecord => (million ??= buildLargeRecord(MILLION));

/** Consumes the pieces as a writer would, sampling the heap at each and counting the characters. */
function written(chunks: Iterable<string>, peak: HeapPeak, live: boolean): number {
  let length = 0;
  let count = 0;
  for (const chunk of chunks) {
    length += chunk.length;
    if (live && ++count % 200 === 0) peak.sampleLive();
    else peak.sample();
  }
  return length;
}

/**
 * Two timed runs (the heap sampled at every piece and every 1,000 events, garbage not yet
 * collected included), then one untimed run that forces a full collection before a sample every
 * 200 pieces and every 200,000 events, which says what the export really keeps alive.
 */
function millionCase(name: string, chunks: (peak: HeapPeak, live: boolean) => Iterable<string>, last = false): CollectedBenchCase {
  let peakMb = 0;
  let liveMb = 0;
  let chars = 0;
  return {
    name,
    collect: () => {
      record(); // built before the clock starts
      const measured = timedWithPeak((peak) => (chars = written(chunks(peak, false), peak, false)), 2, 0);
      peakMb = measured.peakMb;
      const live = new HeapPeak();
      written(chunks(live, true), live, true);
      liveMb = live.growthMb;
      if (last) million = null;
      return measured.times;
    },
    note: () => `heap +${Math.round(peakMb)} MB sampled, +${Math.round(liveMb)} MB live  (${Math.round(chars / 2 ** 20)} M characters)`,
  };
}

/**
 * The JSON file as the app writes it: in parts (shared/export/export-parts.ts) appended to main's
 * export store, each on disk before the next is made, then put in place. What this leaves out is
 * the IPC between the renderer and main, one call per part of a million characters.
 */
function throughExportStore(): CollectedBenchCase {
  let peakMb = 0;
  let bytes = 0;
  return {
    name: 'JSON 1M, saved to a file through the export store',
    collect: async () => {
      record();
      const times: number[] = [];
      for (let sample = 0; sample < 2; sample++) {
        const folder = mkdtempSync(join(tmpdir(), 'gm-million-export-'));
        try {
          const store = createExportStore({ dataDirectory: folder, chooseSavePath: null, preferences: createPreferencesFile(join(folder, 'preferences.json')) });
          const peak = new HeapPeak();
          const start = performance.now();
          const begun = await store.begin({ fileName: 'million.json', format: 'json' });
          if (begun.status !== 'started') throw new Error(`the export was not begun: ${JSON.stringify(begun)}`);
          // As the app does (renderer/src/exports/run-export.ts): the next part made while the last is saved.
          await saveUtf8Parts(encounterJsonChunks(record()), async (part) => {
            const appended = await store.append(begun.exportId, part);
            if (appended.status !== 'appended') throw new Error(appended.message);
            peak.sample();
          });
          const saved = await store.finish(begun.exportId);
          times.push(performance.now() - start);
          if (saved.status !== 'saved') throw new Error(`the export was not saved: ${JSON.stringify(saved)}`);
          bytes = saved.bytes;
          peakMb = Math.max(peakMb, peak.growthMb);
        } finally {
          rmSync(folder, { recursive: true, force: true });
        }
      }
      million = null;
      return times;
    },
    note: () => `heap +${Math.round(peakMb)} MB sampled  (${Math.round(bytes / 2 ** 20)} MB on disk)`,
  };
}

export default (): BenchSuite => {
  // Progress comes every 1,000 events: a plain sample each time, a live one every 200,000.
  const sampled = (peak: HeapPeak, live: boolean) => (done: number) =>
    live && done % 200_000 === 0 ? peak.sampleLive() : peak.sample();
  return {
    title:
      `Export: a ${MILLION.toLocaleString('en-US')}-event Shadowrun encounter to each format, in pieces (Node; 2 timed samples; ` +
      'heap = heapUsed + external over a forced-GC baseline; "live": a further run with full collections before samples)',
    cases: [
      millionCase('Markdown 1M', (peak, live) => markdownChunks(record(), rulesLookup, OPTIONS, sampled(peak, live))),
      millionCase('HTML 1M', (peak, live) => htmlChunks(record(), rulesLookup, OPTIONS, sampled(peak, live))),
      millionCase('CSV 1M', (peak, live) => csvChunks(record(), rulesLookup, OPTIONS, sampled(peak, live))),
      millionCase('JSON 1M', () => encounterJsonChunks(record())),
      throughExportStore(),
    ],
    targets: {
      'Markdown 1M': '< 5 s',
      'HTML 1M': '< 5 s',
      'CSV 1M': '< 5 s',
      'JSON 1M': '< 5 s',
      'JSON 1M, saved to a file through the export store': '< 5 s',
    },
  };
};
