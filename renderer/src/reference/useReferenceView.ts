import { computed } from 'vue';
import type { RuleSummary } from '../../../shared/system-kit/rule-summary';
import { loadedCatalog } from '../systems/loaded-catalog';
import { systemProfiles } from '../../../shared/systems/profiles';
import type { ReferenceTable, SystemId } from '../../../shared/system-kit/rule-system';
import { useReferenceStore } from './reference-store';

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
      .map((id) => loadedCatalog().findTable(id))
      .filter(
        (table): table is ReferenceTable => table !== null && systems.value.includes(table.system) && keep(table),
      ),
  );

  const listings = computed<readonly SystemListing[]>(() =>
    systems.value.map((systemId) => ({
      systemId,
      label: shortSystemLabel(systemId),
      tables: loadedCatalog().tablesOf(systemId).filter((table) => !reference.isPinned(table.id) && keep(table)),
      // Summaries cannot be rolled on: the "rollable only" filter leaves them out.
      summaries: reference.rollableOnly ? [] : loadedCatalog().summariesOf(systemId),
    })),
  );

  const showSystemNames = computed(() => reference.scope === 'all');

  return { pinnedTables, listings, showSystemNames };
}
