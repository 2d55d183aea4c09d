import { computed } from 'vue';
import type { EncounterEvent } from '../../../shared/encounter/events';
import { SNAPSHOT_INTERVAL, historyLength, type EncounterHistory } from '../../../shared/encounter/history';
import { EncounterLogBuilder, type LogCombatant, type LogEntry } from '../../../shared/encounter/log-view';
import { rulesLookup } from '../systems/loaded-systems';
import { useEncounterStore } from '../encounter/encounter-store';
import { schedulePanelUpdate, type Schedule } from '../ui/afterPaint';
import { deferredRef } from '../ui/deferred-ref';

/** What the log panel shows, replaced (not mutated) whenever the log changes, so views update. */
export interface EncounterLogView {
  /** Loaded entries, oldest first; entry.index is its absolute position in the log. */
  readonly entries: readonly LogEntry[];
  /** Events at the start of the log not loaded yet (their entries come when they load). */
  readonly unloaded: number;
  /** Events in effect: entries at index ≥ cursor are undone (redoable). */
  readonly cursor: number;
  /** Everyone who has been in the encounter, removed ones included. */
  readonly combatants: readonly LogCombatant[];
}

const EMPTY: EncounterLogView = { entries: [], unloaded: 0, cursor: 0, combatants: [] };

/**
 * One builder for the open encounter, shared by every mounted log panel and kept across
 * remounts (collapsing or maximising the panel), so the log is built once and then grows by
 * one entry per event.
 */
let builder: EncounterLogBuilder | null = null;
let builderEncounterId: string | null = null;

/** The saved state the history starts from when it was opened from a snapshot. */
function startOf(history: EncounterHistory) {
  if (history.offset === 0) return undefined;
  const state =
    history.offset % SNAPSHOT_INTERVAL === 0 ? history.snapshots.get(history.offset / SNAPSHOT_INTERVAL) : undefined;
  return state ? { count: history.offset, state } : null;
}

/** Brings the shared builder in line with the history: usually one push, a truncation after an undo-then-change. */
function sync(history: EncounterHistory | null): void {
  if (!history) {
    builder = null;
    builderEncounterId = null;
  } else {
    const id = history.state.id;
    if (builder && builderEncounterId === id && builder.offset !== history.offset) {
      // The earlier events arrived: build only their entries, if the later ones are the same events.
      const later = builder.events[0];
      if (history.offset === 0 && later && history.events[builder.offset] === later)
        builder.prependEarlier(history.events.slice(0, builder.offset));
      else builder = null;
    }
    if (!builder || builderEncounterId !== id) {
      const start = startOf(history);
      // Without the state the history starts from, the entries wait for the earlier events.
      builder = start === null ? null : new EncounterLogBuilder(rulesLookup, start);
      builderEncounterId = builder ? id : null;
    }
    if (builder) catchUp(builder, history.events);
  }
}

function catchUp(log: EncounterLogBuilder, events: readonly EncounterEvent[]): void {
  const have = log.events;
  // Events are only appended, or replaced from some point on (a change after an undo):
  // the shared part ends where the same event objects stop.
  let same = Math.min(have.length, events.length);
  while (same > 0 && have[same - 1] !== events[same - 1]) same--;
  if (same < have.length) log.truncate(log.offset + same);
  for (let i = same; i < events.length; i++) log.push(events[i]!);
}

/**
 * The open encounter's log as entries, kept up to date with the encounter store. A change to the
 * open encounter reaches the view through `schedule` (by default once the frame showing the
 * change elsewhere has painted): the log's redraw and its scroll to the newest entry then do not
 * delay the tracker's answer to the GM's click. `shown` is the history the view was built from;
 * the panel reads it, and `open`, rather than the store's, so that a change redraws it only then.
 */
export function useEncounterLog(schedule: Schedule = schedulePanelUpdate) {
  const encounter = useEncounterStore();
  const shown = deferredRef(() => encounter.history, (history) => history?.state.id ?? null, schedule).value;
  /** Whether an encounter is open: changes only when one opens or closes, so it redraws nothing per change. */
  const open = computed(() => encounter.state !== null);

  const view = computed<EncounterLogView>(() => {
    const history = shown.value;
    // The builder follows the history the view shows, so describing a change waits with the
    // view's redraw rather than delaying the tracker's answer to the click.
    sync(history);
    if (!history) return EMPTY;
    const current = builder && builderEncounterId === history.state.id ? builder : null;
    return {
      // The builder's own array, grown in place: the view object is new, so readers update.
      entries: current ? current.entries : [],
      unloaded: current ? current.offset : historyLength(history) - history.events.length,
      cursor: history.cursor,
      combatants: current ? current.combatants() : [],
    };
  });

  return { encounter, view, open, shown };
}
