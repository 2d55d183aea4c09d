import { describe, expect, it } from 'vitest';
import { allSystems, ruleSystems } from '../systems/all-systems.test-support';
import {
  buildReferenceIndex,
  buildReferenceIndexInChunks,
  markSegments,
  normalizeTerm,
  summaryKey,
  tableKey,
  type ReferenceHit,
  type TableHit,
} from './search';

const tables = ruleSystems.flatMap((system) => system.tables);
const summaries = allSystems.flatMap((system) =>
  system.summaries.map((summary) => ({ system: system.profile.id, summary })),
);
const index = buildReferenceIndex(tables, summaries);

function tableHit(hits: readonly ReferenceHit[], tableId: string): TableHit {
  const hit = hits.find((h) => h.kind === 'table' && h.table.id === tableId);
  if (!hit || hit.kind !== 'table') throw new Error(`no hit for ${tableId} in ${hits.map((h) => h.key).join(', ')}`);
  return hit;
}

describe('reference search', () => {
  it('indexes every table, every row and every summary', () => {
    const rows = tables.reduce((sum, table) => sum + table.rows.length, 0);
    expect(index.documentCount).toBe(tables.length + rows + summaries.length);
  });

  it.each([
    ['sandbg', 'es-cover', [4]],
    ['brokn arm', 'es-serious-injuries', [1, 13]],
    ['figth back', 'es-close-combat', [1, 2, 3, 4]],
    ['hit locaton', 'ues-hit-location', [0, 1, 2, 3, 4, 5]],
    ['grenade launchr', 'sr4-scatter', [3]],
  ])('finds %j despite the typo, first, with the matching rows', (text, tableId, rows) => {
    const hits = index.search({ text, system: 'all' });
    expect(hits[0]?.key).toBe(tableKey(tableId));
    expect(tableHit(hits, tableId).rowIndexes).toEqual(rows);
  });

  it('builds the same index a chunk at a time, typo tolerance included', async () => {
    const chunked = await buildReferenceIndexInChunks(tables, summaries, 25);
    expect(chunked.documentCount).toBe(index.documentCount);
    for (const text of ['sandbg', 'brokn arm', 'grenade launchr', 'sand', 'armour', 'dagger']) {
      const keys = (hits: readonly ReferenceHit[]) => hits.map((hit) => hit.key);
      expect(keys(chunked.search({ text, system: 'all' }))).toEqual(keys(index.search({ text, system: 'all' })));
    }
  });

  it('finds a row by a keyword that is not printed in it, and says which keyword matched', () => {
    const hit = tableHit(index.search({ text: 'dagger', system: 'electric-state' }), 'es-weapons');
    expect(hit.rowIndexes).toEqual([2]);
    expect(hit.rowKeywords.get(2)).toEqual(['dagger']);
  });

  it('finds by prefix while the GM is still typing', () => {
    expect(index.search({ text: 'sandb', system: 'all' })[0]?.key).toBe(tableKey('es-cover'));
    expect(index.search({ text: 'surg', system: 'electric-state' })[0]?.key).toBe(tableKey('es-serious-injuries'));
  });

  it('returns the matched words as indexed, for highlighting', () => {
    const hit = tableHit(index.search({ text: 'sandbg', system: 'all' }), 'es-cover');
    expect([...hit.terms]).toContain('sandbag');
  });

  it('finds "Body Armor" for a GM who types "armour"', () => {
    expect(index.search({ text: 'body armour', system: 'electric-state' })[0]?.key).toBe(tableKey('es-body-armor'));
  });

  it('puts a table before the summary of its section when both match as well', () => {
    const hits = index.search({ text: 'serious injury', system: 'electric-state' });
    expect(hits.map((h) => h.key).slice(0, 2)).toEqual([
      tableKey('es-serious-injuries'),
      summaryKey('electric-state', 'Serious Injuries (D66)'),
    ]);
    expect(tableHit(hits, 'es-serious-injuries').terms.has('injury')).toBe(true);
  });

  it('finds summaries, grouped apart from tables', () => {
    const hits = index.search({ text: 'death rolls', system: 'electric-state' });
    expect(hits.map((h) => h.key)).toContain(summaryKey('electric-state', 'Death Rolls'));
    expect(hits.map((h) => h.key)).toContain(tableKey('es-death-rolls'));
    expect(new Set(hits.map((h) => h.key)).size).toBe(hits.length);
  });

  it('keeps to one system unless asked for all', () => {
    const one = index.search({ text: 'cover', system: 'hardware' });
    expect(one.length).toBeGreaterThan(0);
    for (const hit of one) expect(hit.kind === 'table' ? hit.table.system : hit.system).toBe('hardware');
    const all = index.search({ text: 'cover', system: 'all' });
    expect(new Set(all.map((hit) => (hit.kind === 'table' ? hit.table.system : hit.system))).size).toBeGreaterThan(1);
  });

  it('offers only rollable tables, and no summaries, when asked', () => {
    const hits = index.search({ text: 'injury', system: 'all', rollableOnly: true });
    expect(hits.length).toBeGreaterThan(0);
    for (const hit of hits) {
      expect(hit.kind).toBe('table');
      if (hit.kind === 'table') expect(hit.table.roll).toBeDefined();
    }
  });

  it('needs every word in AND mode, and falls back to any word when none has them all', () => {
    const precise = index.search({ text: 'broken leg', system: 'electric-state' });
    expect(tableHit(precise, 'es-serious-injuries').rowIndexes).toEqual([14]);
    const loose = index.search({ text: 'sandbag zzzzqqq', system: 'all' });
    expect(loose[0]?.key).toBe(tableKey('es-cover'));
  });

  it('returns nothing for an empty query or one with only stop words', () => {
    expect(index.search({ text: '   ', system: 'all' })).toEqual([]);
    expect(index.search({ text: 'the of', system: 'all' })).toEqual([]);
  });

  it('limits the number of groups', () => {
    expect(index.search({ text: 'a', system: 'all' }).length).toBe(0);
    expect(index.search({ text: 'roll', system: 'all', limit: 3 })).toHaveLength(3);
  });
});

describe('normalizeTerm', () => {
  it('lower-cases, folds accents and drops stop words and lone letters, keeping lone digits', () => {
    expect(normalizeTerm('Sandbag')).toBe('sandbag');
    expect(normalizeTerm('Névé')).toBe('neve');
    expect(normalizeTerm('the')).toBeNull();
    expect(normalizeTerm('s')).toBeNull();
    expect(normalizeTerm('0')).toBe('0');
  });

  it('folds plurals where it is safe, so a singular finds a plural', () => {
    expect(normalizeTerm('Injuries')).toBe('injury');
    expect(normalizeTerm('sandbags')).toBe('sandbag');
    expect(normalizeTerm('hits')).toBe('hit');
    expect(normalizeTerm('Bonus')).toBe('bonus');
    expect(normalizeTerm('pass')).toBe('pass');
    expect(normalizeTerm('axis')).toBe('axis');
    expect(normalizeTerm('gas')).toBe('gas');
  });

  it('folds British spellings into American ones, as the seeds use both', () => {
    expect(normalizeTerm('Armour')).toBe('armor');
    expect(normalizeTerm('defences')).toBe('defense');
    expect(normalizeTerm('metres')).toBe('meter');
  });
});

describe('markSegments', () => {
  it('marks whole words whose normal form matched, keeping everything else as it is', () => {
    expect(markSegments('Sandbag, brick wall — sandbags.', new Set(['sandbag', 'wall']))).toEqual([
      { text: 'Sandbag', marked: true },
      { text: ', brick ', marked: false },
      { text: 'wall', marked: true },
      { text: ' — ', marked: false },
      { text: 'sandbags', marked: true },
      { text: '.', marked: false },
    ]);
  });

  it('leaves text without matches as one plain run', () => {
    expect(markSegments('Car Door', new Set(['sandbag']))).toEqual([{ text: 'Car Door', marked: false }]);
    expect(markSegments('Car Door', new Set())).toEqual([{ text: 'Car Door', marked: false }]);
  });
});
