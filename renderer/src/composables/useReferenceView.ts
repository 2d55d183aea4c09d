import { computed } from 'vue';
import { findReferenceTable, tablesOf } from '../../../shared/reference/catalog';
import { ruleSummaries, type RuleSummary } from '../../../shared/reference/summaries';
import { systemProfiles } from '../../../shared/systems/profiles';
import type { ReferenceTable, SystemId } from '../../../shared/systems/contract';
import { useReferenceStore } from '../stores/reference';

/** "The Electric State RPG" rather than "The Electric State RPG (Year Zero Engine)": group titles stay on one line. */
export function shortSystemLabel(systemId: SystemId): string {
  const label = systemProfiles.find((s) => s.id === systemId)?.label ?? systemId;
  return label.replace(/\s*\(.*\)$/, '');
}

export interface SystemListing {
  readonly systemId: SystemId;
  readonly label: string;
  /** The system's tables that are not pinned (pinned ones are listed first, on their own). */
  readonly tables: readonly ReferenceTable[];
  readonly summaries: readonly RuleSummary[];
}

/** What the panel lists when nothing is searched: pinned tables, then each shown system's tables and rules. */
export function useReferenceView() {
  const reference = useReferenceStore();

  const systems = computed<readonly SystemId[]>(() =>
    reference.scope === 'all' ? systemProfiles.map((s) => s.id) : [reference.scope],
  );
  const keep = (table: ReferenceTable) => !reference.rollableOnly || table.roll !== undefined;

  const pinnedTables = computed<readonly ReferenceTable[]>(() =>
    reference.pins
      .map((id) => findReferenceTable(id))
      .filter(
        (table): table is ReferenceTable => table !== null && systems.value.includes(table.system) && keep(table),
      ),
  );

  const listings = computed<readonly SystemListing[]>(() =>
    systems.value.map((systemId) => ({
      systemId,
      label: shortSystemLabel(systemId),
      tables: tablesOf(systemId).filter((table) => !reference.isPinned(table.id) && keep(table)),
      // Summaries cannot be rolled on: the "rollable only" filter leaves them out.
      summaries: reference.rollableOnly ? [] : ruleSummaries[systemId],
    })),
  );

  const showSystemNames = computed(() => reference.scope === 'all');

  return { pinnedTables, listings, showSystemNames };
}
