import MiniSearch, { type SearchResult } from 'minisearch';
import type { ReferenceTable, SystemId } from '../system-kit/rule-system';
import type { RuleSummary } from '../system-kit/rule-summary';

/**
 * The quick reference's search: every table, every table row and every rules summary in one
 * MiniSearch index, searched typo-tolerantly (fuzzy and prefix) on each keystroke, and the hits
 * grouped back into tables and summaries with the words that matched, for highlighting.
 */

export interface SummaryEntry {
  readonly system: SystemId;
  readonly summary: RuleSummary;
}

interface SearchDoc {
  readonly id: string;
  readonly kind: 'table' | 'row' | 'summary';
  readonly system: SystemId;
  /** The table, for table and row documents ('' for summaries). */
  readonly tableId: string;
  readonly rowIndex: number;
  readonly rollable: boolean;
  /** Table title or summary heading. */
  readonly title: string;
  /** For a row: its table's title, so "weapons knife" finds the Knife row. */
  readonly context: string;
  readonly text: string;
  readonly keywords: string;
}

export interface TableHit {
  readonly kind: 'table';
  readonly key: string;
  readonly table: ReferenceTable;
  readonly score: number;
  /** The rows that matched, in table order (empty when only the title, columns or footnotes did). */
  readonly rowIndexes: readonly number[];
  /** The title, column names or footnotes matched. */
  readonly tableMatched: boolean;
  /** Matched words as indexed (normalised), for highlighting. */
  readonly terms: ReadonlySet<string>;
  /** Per matched row, the row keywords that matched (words the GM typed that are not printed in the row). */
  readonly rowKeywords: ReadonlyMap<number, readonly string[]>;
}

export interface SummaryHit {
  readonly kind: 'summary';
  readonly key: string;
  readonly system: SystemId;
  readonly summary: RuleSummary;
  readonly score: number;
  readonly terms: ReadonlySet<string>;
}

export type ReferenceHit = TableHit | SummaryHit;

export interface ReferenceQuery {
  readonly text: string;
  /** One system, or every system. */
  readonly system: SystemId | 'all';
  /** Only tables that can be rolled on (summaries are left out). */
  readonly rollableOnly?: boolean;
  /** At most this many groups; 40 by default. */
  readonly limit?: number;
}

export interface ReferenceIndex {
  readonly documentCount: number;
  search(query: ReferenceQuery): ReferenceHit[];
}

export const tableKey = (tableId: string): string => `table:${tableId}`;
export const summaryKey = (system: SystemId, section: string): string => `summary:${system}:${section}`;

/** Words that would match nearly every row; left out of the index and of queries. */
const STOP_WORDS = new Set([
  'a',
  'an',
  'and',
  'as',
  'at',
  'be',
  'by',
  'for',
  'if',
  'in',
  'is',
  'it',
  'its',
  'of',
  'on',
  'or',
  'the',
  'to',
  'with',
]);

const WORD = /[\p{L}\p{N}]+/gu;

/**
 * Lower case without accents, plurals folded ("injuries" → "injury", "sandbags" → "sandbag") so a
 * singular finds a plural; null for a stop word or a lone letter (lone digits stay: "0" is a hit
 * location). Used for the index, the query and the highlighting alike, so they always agree.
 */
export function normalizeTerm(word: string): string | null {
  // Most words are plain ASCII: skip the Unicode decomposition for them.
  const folded = /^[\x20-\x7e]*$/.test(word) ? word : word.normalize('NFD').replace(/\p{M}/gu, '');
  const term = folded.toLowerCase();
  if (term === '' || STOP_WORDS.has(term)) return null;
  if (term.length === 1 && !/\d/.test(term)) return null;
  const base = singular(term);
  return US_SPELLING.get(base) ?? base;
}

/** The seeds mix British and American spelling ("armour", "Armor"): one form for both. */
const US_SPELLING: ReadonlyMap<string, string> = new Map([
  ['armour', 'armor'],
  ['armoured', 'armored'],
  ['defence', 'defense'],
  ['offence', 'offense'],
  ['manoeuvre', 'maneuver'],
  ['metre', 'meter'],
  ['travelled', 'traveled'],
]);

/** A light plural fold, only where it is safe: "ies" → "y", a final "s" but not "ss", "us" or "is". */
function singular(term: string): string {
  if (term.length > 4 && term.endsWith('ies')) return `${term.slice(0, -3)}y`;
  if (term.length > 3 && term.endsWith('s') && !/(ss|us|is)$/.test(term)) return term.slice(0, -1);
  return term;
}

function tokenize(text: string): string[] {
  return text.match(WORD) ?? [];
}

/** Is `prefix` the start of some word in `sorted`? Binary search: a real prefix ("sand") vs a typo ("sandbg"). */
function hasPrefix(sorted: readonly string[], prefix: string): boolean {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < prefix) low = middle + 1;
    else high = middle;
  }
  return low < sorted.length && sorted[low]!.startsWith(prefix);
}

/**
 * Edit distance allowed for a query word. A word that begins some indexed word is taken as
 * typed on purpose (prefix search finds it; fuzzy matching would only add neighbours such as
 * "laser" for "taser"). Otherwise it is a typo: one edit from four letters, two from five, so a
 * swapped pair of letters ("figth") still finds its word. Short words get none: too many neighbours.
 */
function fuzzinessFor(vocabulary: readonly string[]): (term: string) => number {
  return (term) => {
    if (term.length < 4 || hasPrefix(vocabulary, term)) return 0;
    return term.length < 5 ? 1 : 2;
  };
}

const SEARCH_FIELDS = ['title', 'context', 'text', 'keywords'] as const;
const STORED_FIELDS = ['kind', 'system', 'tableId', 'rowIndex', 'rollable'] as const;

function tableDocuments(table: ReferenceTable): SearchDoc[] {
  const base = { system: table.system, tableId: table.id, rollable: table.roll !== undefined };
  const header: SearchDoc = {
    ...base,
    id: tableKey(table.id),
    kind: 'table',
    rowIndex: -1,
    title: table.title,
    context: '',
    text: [...table.columns.map((c) => c.label), ...table.footnotes].join(' · '),
    keywords: table.roll ? `${table.roll.dice} roll` : '',
  };
  const rows = table.rows.map((row, rowIndex): SearchDoc => ({
    ...base,
    id: `${tableKey(table.id)}:${rowIndex}`,
    kind: 'row',
    rowIndex,
    title: '',
    context: table.title,
    text: table.columns.map((c) => String(row.cells[c.key] ?? '')).join(' · '),
    keywords: row.keywords.join(' · '),
  }));
  return [header, ...rows];
}

function summaryDocument(entry: SummaryEntry): SearchDoc {
  return {
    id: summaryKey(entry.system, entry.summary.section),
    kind: 'summary',
    system: entry.system,
    tableId: '',
    rowIndex: -1,
    rollable: false,
    title: entry.summary.section,
    context: '',
    text: entry.summary.text,
    keywords: '',
  };
}

interface StoredFields {
  kind: SearchDoc['kind'];
  system: SystemId;
  tableId: string;
  rowIndex: number;
  rollable: boolean;
}

function stored(result: SearchResult): StoredFields {
  return result as unknown as SearchResult & StoredFields;
}

interface TableGroup {
  table: ReferenceTable;
  best: number;
  sum: number;
  rows: Set<number>;
  tableMatched: boolean;
  terms: Set<string>;
  rowKeywords: Map<number, string[]>;
}

/** The row keywords containing a term that matched in the keywords field. */
function matchedKeywords(table: ReferenceTable, rowIndex: number, result: SearchResult): string[] {
  const keywordTerms = Object.entries(result.match)
    .filter(([, fields]) => fields.includes('keywords') && !fields.includes('text') && !fields.includes('context'))
    .map(([term]) => term);
  if (keywordTerms.length === 0) return [];
  const keywords = table.rows[rowIndex]?.keywords ?? [];
  return keywords.filter((keyword) =>
    tokenize(keyword).some((word) => keywordTerms.includes(normalizeTerm(word) ?? '')),
  );
}

/** The index being filled: documents are added to `miniSearch`, then `finish` makes it searchable. */
interface PendingIndex {
  readonly documents: readonly SearchDoc[];
  readonly miniSearch: MiniSearch<SearchDoc>;
  finish(): ReferenceIndex;
}

/** The reference search index over every table, row and summary, built in one go. */
export function buildReferenceIndex(
  tables: readonly ReferenceTable[],
  summaries: readonly SummaryEntry[],
): ReferenceIndex {
  const pending = prepareReferenceIndex(tables, summaries);
  pending.miniSearch.addAll(pending.documents);
  return pending.finish();
}

/**
 * The same index built a chunk of documents at a time, each in its own task, so building it
 * never holds the screen for one long task (it takes ~60 ms in all on a slow laptop).
 */
export async function buildReferenceIndexInChunks(
  tables: readonly ReferenceTable[],
  summaries: readonly SummaryEntry[],
  chunkSize = 40,
): Promise<ReferenceIndex> {
  const pending = prepareReferenceIndex(tables, summaries);
  await pending.miniSearch.addAllAsync(pending.documents, { chunkSize });
  return pending.finish();
}

function prepareReferenceIndex(tables: readonly ReferenceTable[], summaries: readonly SummaryEntry[]): PendingIndex {
  const tablesById = new Map(tables.map((t) => [t.id, t]));
  const summariesByKey = new Map(summaries.map((s) => [summaryKey(s.system, s.summary.section), s]));
  const documents = [...tables.flatMap(tableDocuments), ...summaries.map(summaryDocument)];
  // The index's words are gathered as documents are added (not in a second pass over them);
  // searching starts once they are complete, and query words are never gathered.
  const words = new Set<string>();
  let fuzziness: ((term: string) => number) | null = null;
  const index = new MiniSearch<SearchDoc>({
    fields: [...SEARCH_FIELDS],
    storeFields: [...STORED_FIELDS],
    tokenize,
    processTerm: (word) => {
      const term = normalizeTerm(word);
      if (term !== null && fuzziness === null) words.add(term);
      return term;
    },
    searchOptions: {
      processTerm: normalizeTerm,
      boost: { title: 3, keywords: 1.5, text: 1, context: 0.5 },
      prefix: (term) => term.length >= 2,
      fuzzy: (term) => fuzziness!(term),
      maxFuzzy: 2,
      // A table is what the GM usually wants mid-sentence; its summary may follow it.
      boostDocument: (_id, _term, fields) => (fields?.kind === 'summary' ? 0.75 : 1),
    },
  });
  return { documents, miniSearch: index, finish };

  function finish(): ReferenceIndex {
    fuzziness = fuzzinessFor([...words].sort());
    return { documentCount: index.documentCount, search };
  }

  function run(query: ReferenceQuery, combineWith: 'AND' | 'OR'): SearchResult[] {
    return index.search(query.text, {
      combineWith,
      filter: (result) => {
        const fields = stored(result);
        if (query.system !== 'all' && fields.system !== query.system) return false;
        return !query.rollableOnly || fields.rollable;
      },
    });
  }

  function search(query: ReferenceQuery): ReferenceHit[] {
    if (query.text.trim() === '') return [];
    // Every word must match (so "broken arm" is precise); when nothing does, any word may.
    let results = run(query, 'AND');
    if (results.length === 0) results = run(query, 'OR');

    const tableGroups = new Map<string, TableGroup>();
    const summaryHits = new Map<string, SummaryHit>();
    for (const result of results) {
      const fields = stored(result);
      if (fields.kind === 'summary') {
        const entry = summariesByKey.get(String(result.id));
        if (!entry || summaryHits.has(String(result.id))) continue;
        summaryHits.set(String(result.id), {
          kind: 'summary',
          key: String(result.id),
          system: entry.system,
          summary: entry.summary,
          score: result.score,
          terms: new Set(result.terms),
        });
        continue;
      }
      const table = tablesById.get(fields.tableId);
      if (!table) continue;
      let group = tableGroups.get(table.id);
      if (!group) {
        group = {
          table,
          best: 0,
          sum: 0,
          rows: new Set(),
          tableMatched: false,
          terms: new Set(),
          rowKeywords: new Map(),
        };
        tableGroups.set(table.id, group);
      }
      group.best = Math.max(group.best, result.score);
      group.sum += result.score;
      for (const term of result.terms) group.terms.add(term);
      if (fields.kind === 'table') {
        group.tableMatched = true;
      } else {
        group.rows.add(fields.rowIndex);
        const keywords = matchedKeywords(table, fields.rowIndex, result);
        if (keywords.length > 0) group.rowKeywords.set(fields.rowIndex, keywords);
      }
    }

    const hits: ReferenceHit[] = [
      ...[...tableGroups.values()].map((group): TableHit => ({
        kind: 'table',
        key: tableKey(group.table.id),
        table: group.table,
        // The best document decides the group's place; more matching rows nudge it up a little.
        score: group.best + (group.sum - group.best) * 0.05,
        rowIndexes: [...group.rows].sort((a, b) => a - b),
        tableMatched: group.tableMatched,
        terms: group.terms,
        rowKeywords: group.rowKeywords,
      })),
      ...summaryHits.values(),
    ];
    hits.sort((a, b) => b.score - a.score);
    return hits.slice(0, query.limit ?? 40);
  }

}

export interface TextSegment {
  readonly text: string;
  readonly marked: boolean;
}

/** Splits text into runs, marking the words whose normalised form is one of the matched terms. */
export function markSegments(text: string, terms: ReadonlySet<string>): TextSegment[] {
  if (terms.size === 0 || text === '') return [{ text, marked: false }];
  const segments: TextSegment[] = [];
  let plain = '';
  let last = 0;
  for (const match of text.matchAll(WORD)) {
    const word = match[0];
    const start = match.index;
    plain += text.slice(last, start);
    last = start + word.length;
    const term = normalizeTerm(word);
    if (term !== null && terms.has(term)) {
      if (plain !== '') segments.push({ text: plain, marked: false });
      plain = '';
      segments.push({ text: word, marked: true });
    } else {
      plain += word;
    }
  }
  plain += text.slice(last);
  if (plain !== '') segments.push({ text: plain, marked: false });
  return segments;
}
