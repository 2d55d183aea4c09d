import type { RuleSummary } from '../system-kit/rule-summary';
import type { ReferenceTable, SystemId } from '../system-kit/rule-system';
import type { SystemModule } from '../system-kit/system-module';
import { buildReferenceIndex, buildReferenceIndexInChunks, type ReferenceIndex, type SummaryEntry } from './search';

/**
 * What the quick reference knows: the tables, rules summaries and book notes of the systems it
 * was given (the registry's modules, by injection), in the order given.
 */
export interface ReferenceCatalog {
  readonly systems: readonly SystemId[];
  /** Every table, in system order. */
  readonly tables: readonly ReferenceTable[];
  /** Every rules summary, tagged with its system. */
  readonly summaryEntries: readonly SummaryEntry[];
  findTable(tableId: string): ReferenceTable | null;
  tablesOf(systemId: SystemId): readonly ReferenceTable[];
  summariesOf(systemId: SystemId): readonly RuleSummary[];
  /**
   * The summary for a cited section: the exact heading, else the heading without a trailing
   * "(book)" tag (some tables mark book sections that way), else its nearest parent heading
   * ("Melee combat › Cover" → "Melee combat"). Null when none of those has a summary.
   */
  findSummary(systemId: SystemId, section: string): RuleSummary | null;
  /** The book notes filed under exactly this section, as text. */
  bookNotesOf(systemId: SystemId, section: string): string[];
}

const PARENT_SEPARATOR = ' › ';
const NONE: readonly never[] = [];

export function referenceCatalog(modules: readonly SystemModule[]): ReferenceCatalog {
  const tables = modules.flatMap((module) => module.tables);
  const tablesById = new Map(tables.map((table) => [table.id, table]));
  const summariesById = new Map<string, readonly RuleSummary[]>(modules.map((m) => [m.profile.id, m.summaries]));
  const bySection = new Map<string, ReadonlyMap<string, RuleSummary>>(
    modules.map((m) => [m.profile.id, new Map(m.summaries.map((s) => [s.section, s]))]),
  );
  const notes = new Map(modules.map((m) => [m.profile.id, m.bookNotes]));
  return {
    systems: modules.map((module) => module.profile.id),
    tables,
    summaryEntries: modules.flatMap((m) => m.summaries.map((summary) => ({ system: m.profile.id, summary }))),
    findTable: (tableId) => tablesById.get(tableId) ?? null,
    tablesOf: (systemId) => tables.filter((table) => table.system === systemId),
    summariesOf: (systemId) => summariesById.get(systemId) ?? NONE,
    findSummary(systemId, section) {
      const summaries = bySection.get(systemId);
      if (!summaries) return null;
      let heading = section.trim().replace(/\s*\(book\)$/, '');
      for (;;) {
        const found = summaries.get(heading);
        if (found) return found;
        const cut = heading.lastIndexOf(PARENT_SEPARATOR);
        if (cut < 0) return null;
        heading = heading.slice(0, cut);
      }
    },
    bookNotesOf: (systemId, section) =>
      (notes.get(systemId) ?? NONE).filter((note) => note.section === section).map((note) => note.text),
  };
}

/** The search index over a catalog (built once; about 550 documents for the four systems). */
export function createReferenceIndex(catalog: ReferenceCatalog): ReferenceIndex {
  return buildReferenceIndex(catalog.tables, catalog.summaryEntries);
}

/** The same index built a chunk at a time between tasks (for building it in the background). */
export function createReferenceIndexInChunks(catalog: ReferenceCatalog): Promise<ReferenceIndex> {
  return buildReferenceIndexInChunks(catalog.tables, catalog.summaryEntries);
}
