import type { EncounterRecord, ExportOptions } from '../shared/export/encounter-record';
import { csvChunks } from '../shared/export/csv';
import { encounterJsonChunks } from '../shared/export/encounter-json';
import { htmlChunks } from '../shared/export/html';
import { markdownChunks } from '../shared/export/markdown';
import { buildLargeRecord } from './export.bench';
import type { BenchSuite, CollectedBenchCase } from './harness';
import { timedWithPeak, type HeapPeak } from './heap-peak';
import { rulesLookup } from './rules';

/**
 * Exporting a 1,000,000-event Shadowrun encounter (export.bench.ts's, ten times longer) to each
 * format in pieces, as a writer that saves each piece as it comes would (target: under 5 s each,
 * memory bounded). The pieces are consumed, never joined: the figure beside the time is the peak
 * heap the export itself needed over the million events already held. Its own file, run with
 * `npm run bench million`: building the events takes about a minute, and each export far longer
 * than `npm run bench export` can afford.
 */
const MILLION = 1_000_000;
const OPTIONS: ExportOptions = { includeUndone: true, rounds: null };

/** Built when the suite first runs, and let go after its last case. */
let million: EncounterRecord | null = null;
const record = (): EncounterRecord => (million ??= buildLargeRecord(MILLION));

/** Consumes the pieces as a writer would, sampling the heap at each and counting the characters. */
function written(chunks: Iterable<string>, peak: HeapPeak): number {
  let length = 0;
  for (const chunk of chunks) {
    length += chunk.length;
    peak.sample();
  }
  return length;
}

function millionCase(name: string, chunks: (peak: HeapPeak) => Iterable<string>, last = false): CollectedBenchCase {
  let peakMb = 0;
  let chars = 0;
  return {
    name,
    collect: () => {
      record(); // built before the clock starts
      const measured = timedWithPeak((peak) => (chars = written(chunks(peak), peak)), 2, 0);
      peakMb = measured.peakMb;
      if (last) million = null;
      return measured.times;
    },
    note: () => `peak heap +${Math.round(peakMb)} MB  (${Math.round(chars / 2 ** 20)} M characters written)`,
  };
}

export default (): BenchSuite => {
  const sampled = (peak: HeapPeak) => () => peak.sample();
  return {
    title:
      `Export: a ${MILLION.toLocaleString('en-US')}-event Shadowrun encounter to each format, in pieces (Node; 2 samples; ` +
      'peak heap = heapUsed + external over a forced-GC baseline, sampled at every piece and every 1,000 events)',
    cases: [
      millionCase('Markdown 1M', (peak) => markdownChunks(record(), rulesLookup, OPTIONS, sampled(peak))),
      millionCase('HTML 1M', (peak) => htmlChunks(record(), rulesLookup, OPTIONS, sampled(peak))),
      millionCase('CSV 1M', (peak) => csvChunks(record(), rulesLookup, OPTIONS, sampled(peak))),
      millionCase('JSON 1M', () => encounterJsonChunks(record()), true),
    ],
    targets: { 'Markdown 1M': '< 5 s', 'HTML 1M': '< 5 s', 'CSV 1M': '< 5 s', 'JSON 1M': '< 5 s' },
  };
};
