import type { ReferenceTable, RuleRef, SystemId } from '../system-kit/rule-system';
import { normalizeTerm } from './search';
import type { ReferenceCatalog } from './catalog';

/**
 * What a rule citation ("Book: Ranged Combat") shows in its tooltip: the sentence of the cited
 * section that is about the thing cited. A section summary covers several rules ("Ranged Combat"
 * has range bands, the common modifiers and the firing modes), so the sentence is chosen by the
 * words of what the citation is attached to (the field "Firing mode", a step's text); without
 * them it is the section's first sentence. A rule the seed leaves to the book is quoted from
 * RULES-NOTES.md where it says so.
 */
export interface CitationQuote {
  /** The heading quoted: the cited section, or the nearest parent that has a summary. */
  readonly heading: string;
  readonly text: string;
  /** Where the quoted words come from: the seed's summary, or RULES-NOTES.md's book reading. */
  readonly from: 'seed-summary' | 'book-note';
}

/** What the source word on a citation badge means, in one sentence each (RULES-NOTES.md's tags). */
export const SOURCE_MEANINGS: Readonly<Record<RuleRef['source'], string>> = {
  seed: 'Seed: stated in the seed, the rules text the app is built on.',
  book: 'Book: from the published rulebook, for what the seed does not spell out.',
  default: 'Default: the app’s own choice where the seed and the book are silent or disagree (RULES-NOTES.md); the GM can override it, many in the encounter’s Rule options.',
};

/** One sentence per full stop followed by a space and a new sentence (as `sentenceCount`). */
export function sentencesOf(text: string): string[] {
  return text.split(/(?<=[.!?])\s+(?=[A-Z0-9(“"])/).filter((part) => part.trim() !== '');
}

/**
 * The words of a text as the search folds them, cut to a rough stem so "firing" meets "fire" and
 * "running" meets "run". Words every rule uses (roll, dice, test…) say nothing about which rule.
 */
export function keyWords(text: string): Set<string> {
  const words = new Set<string>();
  for (const word of text.match(/[\p{L}]+/gu) ?? []) {
    const term = normalizeTerm(word);
    if (term === null || term.length < 3 || COMMON.has(term)) continue;
    words.add(stem(term));
  }
  return words;
}

const COMMON = new Set([
  'roll', 'rolled', 'rolling', 'die', 'dice', 'test', 'total', 'result', 'rule', 'rules', 'the', 'one', 'two',
  'three', 'each', 'every', 'more', 'less', 'than', 'when', 'then', 'this', 'that', 'there', 'its', 'their',
  'has', 'have', 'can', 'cannot', 'not', 'only', 'also', 'still', 'after', 'before', 'who', 'what', 'which',
  'any', 'all', 'none', 'get', 'gets', 'take', 'takes', 'taken', 'make', 'makes', 'add', 'added', 'adds',
  'plus', 'minus', 'per', 'count', 'counts', 'number', 'value', 'his', 'her', 'him', 'they', 'them', 'you', 'your',
]);

/**
 * A rough stem: a common ending off, a doubled last consonant folded ("running" → "run"), then
 * the first five letters, so "defence" meets "defend" and "circumstance" its plural.
 */
function stem(term: string): string {
  let word = term;
  for (const ending of ['ing', 'ed', 'er', 'e']) {
    if (word.length - ending.length >= 3 && word.endsWith(ending)) {
      word = word.slice(0, -ending.length);
      break;
    }
  }
  if (/([b-df-hj-np-tv-z])\1$/.test(word)) word = word.slice(0, -1);
  return word.slice(0, 5);
}

function overlap(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let shared = 0;
  for (const word of a) if (b.has(word)) shared++;
  return shared;
}

/**
 * The quote for a citation, or null when its section has no summary. `about` is what the
 * citation is attached to (a field's label, a step, a follow-up, a table's title) and `detail`
 * any words under it (a field's help); the words of `about` count twice.
 */
export function citationQuote(
  catalog: ReferenceCatalog,
  systemId: SystemId,
  rule: RuleRef,
  about = '',
  detail = '',
): CitationQuote | null {
  const summary = catalog.findSummary(systemId, rule.section);
  if (!summary) return null;
  const main = keyWords(about);
  const more = keyWords(detail);
  const candidates: { text: string; from: CitationQuote['from'] }[] = sentencesOf(summary.text).map((text) => ({
    text,
    from: 'seed-summary',
  }));
  // The book's reading is offered only to book citations, and wins a tie with the seed's words:
  // the citation says the seed is silent on this point.
  if (rule.source === 'book') {
    candidates.unshift(...catalog.bookNotesOf(systemId, summary.section).map((text) => ({ text, from: 'book-note' as const })));
  }
  let best = candidates.find((candidate) => candidate.from === 'seed-summary')!;
  let bestScore = 0;
  for (const candidate of candidates) {
    const words = keyWords(candidate.text);
    const score = 2 * overlap(main, words) + overlap(more, words);
    if (score > bestScore) {
      best = candidate;
      bestScore = score;
    }
  }
  return { heading: summary.section, text: best.text, from: best.from };
}

/** A table's seed section as a citation; "(book)" in a table's section means the book, not the seed. */
export function tableCitation(catalog: ReferenceCatalog, table: ReferenceTable): RuleRef {
  const section = table.section.replace(/\s*\(book\)$/, '');
  const book = section !== table.section || catalog.findSummary(table.system, section)?.source === 'book';
  return { section, source: book ? 'book' : 'seed' };
}
