// The log builder (events folded into entries, one at a time) and the log's filter; an entry's pieces are in log-view-*.ts.
import type { RulesLookup } from '../system-kit/rules-lookup';
import type { EncounterEvent } from './events';
import { LogDetails } from './log-view-details';
import { LogNames } from './log-view-names';
import { LogOutcomes } from './log-view-outcome';
import { NO_DICE, NO_NAMES, NONE, NONE_KINDS, withConditions } from './log-view-parts';
import { LogPositions } from './log-view-position';
import type { LogCombatant, LogEntry, LogKind, LogStart } from './log-view-types';
import { reduce } from './reducer';
import type { Combatant, EncounterState } from './state';

export {
  LOG_KINDS,
  type LogCombatant,
  type LogDice,
  type LogEntry,
  type LogKind,
  type LogName,
  type LogPosition,
  type LogStart,
} from './log-view-types';

/**
 * The encounter log as the GM reads it: one entry per event, in order, saying where the
 * fight was (round, turn, whose turn), who did what to whom, the dice, and the outcome in
 * plain words. Names are the ones in use at the time (removed combatants stay in the state).
 *
 * Built incrementally (`EncounterLogBuilder.push` folds one event with `reduce` and writes
 * one entry), so a long session costs one step per new event, never a rebuild.
 */

/** States are kept every CHECKPOINT_INTERVAL events so that dropping a redo branch replays at most that many. */
const CHECKPOINT_INTERVAL = 100;

export class EncounterLogBuilder {
  private entryList: LogEntry[] = [];
  private eventList: EncounterEvent[] = [];
  private current: EncounterState | null;
  private firstIndex: number;
  /** State before the event at each absolute index that is a checkpoint (and at the start). */
  private checkpoints = new Map<number, EncounterState | null>();
  /** The last combatants() answer and the state array it was made from. */
  private listed: { source: readonly Combatant[]; list: readonly LogCombatant[] } | null = null;
  private readonly names = new LogNames();
  private readonly positions = new LogPositions(this.names);
  private readonly details: LogDetails;
  private readonly outcomes: LogOutcomes;

  constructor(
    private readonly lookup: RulesLookup,
    start?: LogStart,
  ) {
    this.details = new LogDetails(lookup, this.names);
    this.outcomes = new LogOutcomes(lookup, this.names, this.details);
    this.firstIndex = start?.count ?? 0;
    this.current = start?.state ?? null;
    this.checkpoints.set(this.firstIndex, this.current);
    this.names.index(this.current);
  }

  /** How many events at the start of the log this builder has no entries for. */
  get offset(): number {
    return this.firstIndex;
  }

  /** Absolute count of events folded in (offset + entries). */
  get length(): number {
    return this.firstIndex + this.entryList.length;
  }

  get entries(): readonly LogEntry[] {
    return this.entryList;
  }

  /** The events the entries were built from, in order. */
  get events(): readonly EncounterEvent[] {
    return this.eventList;
  }

  /** State after every event folded in (the redo branch included). */
  get state(): EncounterState | null {
    return this.current;
  }

  /** Folds one event in and returns its entry. */
  push(event: EncounterEvent): LogEntry {
    const index = this.length;
    if (index % CHECKPOINT_INTERVAL === 0) this.checkpoints.set(index, this.current);
    const before = this.current;
    let after: EncounterState | null;
    let failure: string | null = null;
    try {
      after = reduce(before, event, this.lookup);
    } catch (error) {
      // A history only holds events that replay; should one not, say so on its line and go on.
      after = before;
      failure = error instanceof Error ? error.message : String(error);
    }
    this.names.index(after);
    const entry = this.describe(index, event, before, after ?? before, failure);
    this.current = after;
    this.entryList.push(entry);
    this.eventList.push(event);
    return entry;
  }

  /** Drops the entries from absolute position `count` on (a redo branch replaced by a new event). */
  truncate(count: number): void {
    if (count >= this.length) return;
    const target = Math.max(this.firstIndex, count);
    let from = target - (target % CHECKPOINT_INTERVAL);
    while (from > this.firstIndex && !this.checkpoints.has(from)) from -= CHECKPOINT_INTERVAL;
    if (from < this.firstIndex) from = this.firstIndex;
    let state = this.checkpoints.get(from) ?? null;
    for (let i = from; i < target; i++) {
      try {
        state = reduce(state, this.eventList[i - this.firstIndex]!, this.lookup);
      } catch {
        // Same as push: an event that did not replay left the state as it was.
      }
    }
    for (const key of [...this.checkpoints.keys()]) if (key > target) this.checkpoints.delete(key);
    this.entryList.length = target - this.firstIndex;
    this.eventList.length = target - this.firstIndex;
    this.current = state;
    // Combatants added in the dropped branch are gone; a new branch may add others at their places.
    this.names.reindex(state);
  }

  /**
   * Adds the entries for the events before the start state, once they are loaded. Only those
   * are built: the later entries were made from the same state and stay as they are.
   */
  prependEarlier(earlier: readonly EncounterEvent[]): void {
    if (earlier.length !== this.firstIndex) {
      throw new Error(`Expected the ${this.firstIndex} earlier events, got ${earlier.length}.`);
    }
    if (earlier.length === 0) return;
    const head = new EncounterLogBuilder(this.lookup);
    for (const event of earlier) head.push(event);
    this.entryList = [...head.entryList, ...this.entryList];
    this.eventList = [...head.eventList, ...this.eventList];
    for (const [key, state] of head.checkpoints) if (!this.checkpoints.has(key)) this.checkpoints.set(key, state);
    this.outcomes.adoptRollActors(head.outcomes);
    this.firstIndex = 0;
  }

  /** Everyone who has been in the encounter (removed ones included), in the order they joined. */
  /**
   * Everyone who has been in the encounter, removed ones included. The same array comes back
   * while no one has arrived, left or been renamed, so a list of them (the log's filter) does
   * not redraw on every hit.
   */
  combatants(): readonly LogCombatant[] {
    const source = this.current?.combatants ?? [];
    const cached = this.listed;
    if (cached?.source === source) return cached.list;
    const unchanged =
      cached !== null &&
      cached.list.length === source.length &&
      source.every((c, i) => {
        const listed = cached.list[i]!;
        return listed.id === c.id && listed.name === c.name && listed.removed === c.removed;
      });
    const list = unchanged ? cached.list : source.map((c) => ({ id: c.id, name: c.name, removed: c.removed }));
    this.listed = { source, list };
    return list;
  }

  private describe(
    index: number,
    event: EncounterEvent,
    before: EncounterState | null,
    after: EncounterState | null,
    failure: string | null,
  ): LogEntry {
    const position = this.positions.at(before);
    if (failure !== null || !after) {
      const text = `Could not be replayed: ${failure ?? 'no encounter'}`;
      return {
        index,
        eventId: event.id,
        type: event.type,
        at: event.at,
        kinds: NONE_KINDS,
        position,
        actor: null,
        targets: NO_NAMES,
        dice: NO_DICE,
        text,
        combatantIds: NONE,
      };
    }
    const parts = this.outcomes.of(event, before, after);
    const consequences =
      before && event.type !== 'condition-added' && event.type !== 'condition-removed'
        ? this.details.conditionChanges(before, after)
        : NONE;
    const kinds = consequences.length ? withConditions(parts.kinds) : parts.kinds;
    const text = consequences.length ? `${parts.text} · ${consequences.join('; ')}` : parts.text;
    return {
      index,
      eventId: event.id,
      type: event.type,
      at: event.at,
      kinds,
      position,
      actor: parts.actor,
      targets: parts.targets,
      dice: parts.dice,
      text,
      combatantIds: this.names.concernedIds(parts),
    };
  }
}

/** Entries for a whole list of events (from nothing, or from a saved state after `start.count` events). */
export function buildLogEntries(
  events: readonly EncounterEvent[],
  lookup: RulesLookup,
  start?: LogStart,
): readonly LogEntry[] {
  const builder = new EncounterLogBuilder(lookup, start);
  for (const event of events) builder.push(event);
  return builder.entries;
}

/** True when the entry passes the combatant and kind filters (null = any). */
export function matchesLogFilter(entry: LogEntry, combatantId: string | null, kind: LogKind | null): boolean {
  return (
    (combatantId === null || entry.combatantIds.includes(combatantId)) && (kind === null || entry.kinds.includes(kind))
  );
}
