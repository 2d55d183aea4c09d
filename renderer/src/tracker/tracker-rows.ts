import { inject, provide, type ComputedRef, type InjectionKey, type Ref } from 'vue';
import type { Standing } from '../../../shared/encounter/queries';
import type { Combatant } from '../../../shared/encounter/state';

/**
 * What the tracker's rows read, shared by the panel with each row. A row is given only its
 * combatant's id and looks the rest up here, through computeds of its own: a change to one
 * combatant redraws that row, and the list redraws only when the order of ids changes.
 */
export interface TrackerRows {
  /** The rows' ids in order, as drawn (a frame behind a change); the same array while the order is the same. */
  readonly orderIds: Readonly<Ref<readonly string[]>>;
  readonly combatantsById: ComputedRef<ReadonlyMap<string, Combatant>>;
  /** Standings are kept as the same objects for combatants who did not change (standingMemo). */
  readonly standings: ComputedRef<ReadonlyMap<string, Standing>>;
  readonly currentId: ComputedRef<string | null>;
  readonly groupNames: ComputedRef<ReadonlyMap<string, string>>;
  readonly expanded: Readonly<Ref<ReadonlySet<string>>>;
  readonly selected: Readonly<Ref<ReadonlySet<string>>>;
  toggleExpanded(id: string): void;
  toggleSelected(id: string, value: boolean): void;
}

const KEY: InjectionKey<TrackerRows> = Symbol('tracker rows');

export function provideTrackerRows(rows: TrackerRows): void {
  provide(KEY, rows);
}

export function useTrackerRows(): TrackerRows {
  const rows = inject(KEY);
  if (!rows) throw new Error('useTrackerRows needs provideTrackerRows in an ancestor (the tracker panel).');
  return rows;
}
