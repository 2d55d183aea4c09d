// The palette's search, apart from the command registry: MiniSearch is loaded with the palette
// the first time it opens, not with the screen.
import MiniSearch from 'minisearch';
import type { Command } from './commands-store';
import { orderCommands } from './useCommand';

/**
 * Typos forgiven by word length: none for one or two letters (they are prefixes), one for three
 * to six letters ("nxt" finds "next"), two beyond.
 */
const typoAllowance = (term: string): number | false => (term.length < 3 ? false : term.length <= 6 ? 1 : 2);

/**
 * The commands matching `query`, best first: every word of the query must match a word of the
 * command's label, group or keywords, as a prefix or with a typo or two. An empty query lists
 * all commands in palette order.
 */
export function searchCommands(commands: readonly Command[], query: string): Command[] {
  if (query.trim() === '') return orderCommands(commands);
  const index = new MiniSearch<{ id: string; label: string; group: string; keywords: string }>({
    fields: ['label', 'group', 'keywords'],
    searchOptions: { boost: { label: 3, keywords: 1.5 }, prefix: true, fuzzy: typoAllowance, combineWith: 'AND' },
  });
  index.addAll(commands.map((c) => ({ id: c.id, label: c.label, group: c.group, keywords: c.keywords ?? '' })));
  const byId = new Map(commands.map((c) => [c.id, c]));
  return index
    .search(query)
    .map((hit) => byId.get(String(hit.id)))
    .filter((c): c is Command => c !== undefined);
}
