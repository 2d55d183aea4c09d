import type { ReferenceTable, SystemId } from '../systems/contract';
import { systemProfiles } from '../systems/profiles';
import { systemTables } from '../systems/tables';
import { buildReferenceIndex, buildReferenceIndexInChunks, type ReferenceIndex, type SummaryEntry } from './search';
import { ruleSummaries } from './summaries';

/** Every reference table of every rule system, in registry order. */
export const referenceTables: readonly ReferenceTable[] = systemProfiles.flatMap((system) => systemTables[system.id]);

/** Every rules summary, tagged with its system. */
export const summaryEntries: readonly SummaryEntry[] = systemProfiles.flatMap((system) =>
  ruleSummaries[system.id].map((summary) => ({ system: system.id, summary })),
);

const tablesById = new Map(referenceTables.map((table) => [table.id, table]));

export function findReferenceTable(tableId: string): ReferenceTable | null {
  return tablesById.get(tableId) ?? null;
}

export function tablesOf(systemId: SystemId): readonly ReferenceTable[] {
  return referenceTables.filter((table) => table.system === systemId);
}

/** The search index over everything above (built once; about 550 documents). */
export function createReferenceIndex(): ReferenceIndex {
  return buildReferenceIndex(referenceTables, summaryEntries);
}

/** The same index built a chunk at a time between tasks (for building it in the background). */
export function createReferenceIndexInChunks(): Promise<ReferenceIndex> {
  return buildReferenceIndexInChunks(referenceTables, summaryEntries);
}
