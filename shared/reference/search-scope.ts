import type { ReferenceHit, ReferenceIndex, ReferenceQuery } from './search';

/** What a search shows: the hits in the system searched, and, only when it has none, those of the others. */
export interface ScopedHits {
  readonly own: readonly ReferenceHit[];
  readonly elsewhere: readonly ReferenceHit[];
}

const systemOf = (hit: ReferenceHit) => (hit.kind === 'table' ? hit.table.system : hit.system);

/**
 * Searches the one system first (the open encounter's, as a rule); when nothing there matches,
 * the other systems are searched too, so a GM who typed a word another system uses is shown
 * where it is rather than "No results". Searching every system has no "elsewhere".
 */
export function searchOwnSystemFirst(index: ReferenceIndex, query: ReferenceQuery): ScopedHits {
  const own = index.search(query);
  if (query.system === 'all' || own.length > 0 || query.text.trim() === '') return { own, elsewhere: [] };
  const elsewhere = index.search({ ...query, system: 'all' }).filter((hit) => systemOf(hit) !== query.system);
  return { own, elsewhere };
}
