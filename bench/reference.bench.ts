/**
 * The quick reference's search as the GM types: each query is typed one character at a time and
 * every prefix is searched over ALL systems' tables, rows and summaries, grouped into hits, exactly
 * as the panel does on each keystroke (shared/reference/search.ts). Rendering is not included.
 */
import { createReferenceIndex, referenceCatalog, type ReferenceCatalog } from '../shared/reference/catalog';
import { loadAllSystems } from '../shared/systems/registry';
import type { BenchSuite, CollectedBenchCase } from './harness';

/** Realistic queries, typos included: what a GM types mid-sentence. */
const QUERIES = [
  'sandbg',
  'serious injuris',
  'brokn arm',
  'grenade launcher',
  'hit locaton',
  'initiative',
  'figth back',
  'full auto',
  'armour penetration',
  'death rolls',
  'wound threshold',
  'critical damage',
];
const ROUNDS = 20;

function keystrokes(query: string): string[] {
  return [...query].map((_, i) => query.slice(0, i + 1));
}

function typing(catalog: ReferenceCatalog, system: 'all' | 'electric-state', rollableOnly = false): CollectedBenchCase {
  return {
    name: `per keystroke, ${system === 'all' ? 'all systems' : 'one system'}${rollableOnly ? ', rollable only' : ''}`,
    collect: () => {
      const index = createReferenceIndex(catalog);
      const samples: number[] = [];
      let hits = 0;
      for (let round = 0; round < ROUNDS; round++) {
        for (const query of QUERIES) {
          for (const text of keystrokes(query)) {
            const start = performance.now();
            hits += index.search({ text, system, rollableOnly }).length;
            const elapsed = performance.now() - start;
            // The first round warms the JIT; it is not a keystroke a GM waits on twice.
            if (round > 0) samples.push(elapsed);
          }
        }
      }
      if (hits === 0) throw new Error('The benchmark queries found nothing: the index is broken.');
      return samples;
    },
  };
}

export default async (): Promise<BenchSuite> => {
  const catalog = referenceCatalog(await loadAllSystems());
  return {
    title: `Reference search: ${catalog.tables.length} tables + ${catalog.summaryEntries.length} summaries, ${QUERIES.length} queries typed a character at a time`,
    cases: [
      typing(catalog, 'all'),
      typing(catalog, 'electric-state'),
      typing(catalog, 'all', true),
      { name: 'build the index (once, at start-up)', run: () => createReferenceIndex(catalog), samples: 20 },
    ],
    targets: {
      'per keystroke, all systems': 'median < 5 ms',
      'per keystroke, one system': 'median < 5 ms',
    },
  };
};
