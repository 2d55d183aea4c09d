import { computed, ref, watch, type Ref } from 'vue';
import { LOG_KINDS, matchesLogFilter, type LogEntry, type LogKind } from '../../../shared/encounter/log-view';
import type { EncounterLogView } from './useEncounterLog';

/**
 * The log's filters (one combatant, as actor or target; one kind) and which entries pass.
 * New entries are checked as they arrive instead of filtering the whole log again.
 */
export function useEncounterLogFilter(view: Ref<EncounterLogView>) {
  const combatantId = ref<string | null>(null);
  const kind = ref<LogKind | null>(null);
  const active = computed(() => combatantId.value !== null || kind.value !== null);

  // A filter on someone who is no longer in the encounter's history (another encounter opened) is dropped.
  watch(
    () => view.value.combatants,
    (combatants) => {
      if (combatantId.value !== null && !combatants.some((c) => c.id === combatantId.value)) combatantId.value = null;
    },
  );

  let scanned: {
    entries: readonly LogEntry[];
    count: number;
    last: LogEntry | undefined;
    key: string;
    positions: number[];
  } | null = null;

  /** Positions in `view.entries` of the entries shown, or null when every entry is shown (no filter). */
  const positions = computed<{ readonly list: readonly number[] } | null>(() => {
    const { entries } = view.value;
    const who = combatantId.value;
    const what = kind.value;
    if (who === null && what === null) {
      scanned = null;
      return null;
    }
    const key = `${who ?? ''}|${what ?? ''}`;
    // The builder grows its array in place; what was scanned still holds if its last entry is unchanged.
    const resume =
      scanned &&
      scanned.entries === entries &&
      scanned.key === key &&
      scanned.count <= entries.length &&
      entries[scanned.count - 1] === scanned.last;
    const out = resume ? scanned!.positions : [];
    for (let i = resume ? scanned!.count : 0; i < entries.length; i++)
      if (matchesLogFilter(entries[i]!, who, what)) out.push(i);
    scanned = { entries, count: entries.length, last: entries[entries.length - 1], key, positions: out };
    // A new wrapper each time, so the list sees the change; the scan itself was only the new entries.
    return { list: out };
  });

  const shownCount = computed(() => positions.value?.list.length ?? view.value.entries.length);

  function entryAt(row: number): LogEntry | undefined {
    const at = positions.value ? positions.value.list[row] : row;
    return at === undefined ? undefined : view.value.entries[at];
  }

  function clear(): void {
    combatantId.value = null;
    kind.value = null;
  }

  const kindOptions = LOG_KINDS;

  return { combatantId, kind, active, positions, shownCount, entryAt, clear, kindOptions };
}
