import type { EncounterEvent } from '../encounter/events';
import { EncounterLogBuilder, type LogEntry } from '../encounter/log-view';
import { reduce, type RulesLookup } from '../encounter/reducer';
import type { EncounterState, EncounterStatus } from '../encounter/state';
import type { EncounterRecord, ExportProgress } from './encounter-record';

/**
 * An encounter's whole stored log, replayed for the exports: every logged event, in log order,
 * with the entry the log panel writes for it (the same words) and whether it is undone.
 *
 * - Active entries are folded on the main line, the redo branch included, as the log panel does.
 *   Those past the cursor are undone (they can still be redone).
 * - Discarded entries (undone, then overwritten) are undone too. They were written after the
 *   active entries that precede them in the log, so each run of them is described against a
 *   throw-away branch forked from the main-line state at that point.
 * - When the rules refuse a discarded entry on its branch (the run may have been undone part-way
 *   before the next one was written, which the record does not say), it is tried once more against
 *   a fresh branch from the same fork point; if that refuses it too, its entry says "Could not be
 *   replayed: <the reducer's sentence>" (the builder's wording) and the branch goes on without it.
 *   Nothing throws: a discarded entry never stops an export.
 *
 * Each step's `index` is its position in the stored log (active and discarded entries share one
 * sequence from 0). The entry's own `index` is left as the builder counted it (on the main line,
 * among the active entries), so no entry is copied just to renumber it.
 */

export interface ReplayedEntry {
  /** Position in the stored log (see above); `entry.index` counts only the events of its own line. */
  readonly index: number;
  readonly entry: LogEntry;
  readonly event: EncounterEvent;
  /** Past the cursor or discarded: not in effect in the final state. */
  readonly undone: boolean;
  readonly discarded: boolean;
}

/** One step of the walk: the entry and the states around its event (on its own branch). */
export interface ReplayStep extends ReplayedEntry {
  readonly before: EncounterState | null;
  readonly after: EncounterState | null;
}

export interface ReplayOutcome {
  /** State with the entries in effect (at the cursor); null for an empty log. */
  readonly finalState: EncounterState | null;
  /** How many events were walked (the whole log). */
  readonly total: number;
}

/** Progress is reported every this many events, and once at the end. */
export const PROGRESS_INTERVAL = 1000;

/**
 * The main line's builder is started afresh from its state every this many active events, so
 * the entries already handed out are not all kept (a long log otherwise spends most of its time
 * collecting garbage). Only the builder's memory of who made each roll spans a restart, and
 * `withRollActor` restores it.
 */
const REBASE_INTERVAL = 100;

/** A line the log is folded on: its state, and an event folded onto it (with what it says, if anything). */
interface ReplayLine<Said> {
  readonly state: EncounterState | null;
  push(event: EncounterEvent): Said;
}

/** Starts a line empty, or from a state reached after `count` events. */
type NewLine<Said> = (start?: { readonly count: number; readonly state: EncounterState }) => ReplayLine<Said>;

/** A run of discarded entries being folded, and the main-line state it forked from. */
interface Branch<Said> {
  readonly fork: { readonly count: number; readonly state: EncounterState | null };
  line: ReplayLine<Said>;
  /** Whether anything was folded on it yet (a retry from the fork would change nothing otherwise). */
  advanced: boolean;
}

/** One event of the walk, with what its line said of it and the states around it (on its own branch). */
interface LineStep<Said> {
  readonly index: number;
  readonly event: EncounterEvent;
  readonly said: Said;
  readonly undone: boolean;
  readonly discarded: boolean;
  readonly before: EncounterState | null;
  readonly after: EncounterState | null;
}

/** Walks the log, calling `visit` for every logged event in order. */
export function walkLog(
  record: EncounterRecord,
  lookup: RulesLookup,
  visit: (step: ReplayStep) => void,
  progress?: ExportProgress,
): ReplayOutcome {
  const steps = walkSteps(record, lookup, progress);
  for (let next = steps.next(); ; next = steps.next()) {
    if (next.done) return next.value;
    visit(next.value);
  }
}

/**
 * The walk as a generator: each step in log order, then the outcome as its return value. An
 * export that writes its text in pieces pulls the steps one by one and yields as it goes.
 */
export function walkSteps(
  record: EncounterRecord,
  lookup: RulesLookup,
  progress?: ExportProgress,
): Generator<ReplayStep, ReplayOutcome, undefined> {
  // Who made each roll, across branches: a discarded harm may name a roll on the main line.
  const rollActors = new Map<string, string>();
  return walkLines(
    record,
    lookup,
    (start) => new EncounterLogBuilder(lookup, start),
    ({ index, event, said, undone, discarded, before, after }) => {
      noteRollActor(event, rollActors);
      const entry = withRollActor(said, event, before, rollActors);
      return { index, entry, event, undone, discarded, before, after };
    },
    progress,
  );
}

/** Where the encounter was when an event happened, as far as the report's sections need it. */
export interface ReplayPlace {
  readonly index: number;
  readonly undone: boolean;
  /** As the entry's position says it (from the state before the event). */
  readonly status: EncounterStatus;
  readonly round: number;
  readonly pass: number | null;
}

/**
 * The same walk folding the events only: no entry is written, so it costs about half as much.
 * For a first look at a log (where its rounds fall, the final state) before the walk that writes.
 */
export function walkPlaces(
  record: EncounterRecord,
  lookup: RulesLookup,
  progress?: ExportProgress,
): Generator<ReplayPlace, ReplayOutcome, undefined> {
  return walkLines(
    record,
    lookup,
    (start) => new StateLine(lookup, start),
    ({ index, undone, before }) => ({ index, undone, ...placeAt(before) }),
    progress,
  );
}

/** Status, round and pass as `LogPositions` gives them for the state before an event. */
function placeAt(state: EncounterState | null): Pick<ReplayPlace, 'status' | 'round' | 'pass'> {
  if (!state || state.status === 'setup') return { status: 'setup', round: 0, pass: null };
  return { status: state.status, round: state.round, pass: state.status === 'running' && state.current ? state.current.pass : null };
}

/** A line that folds the events and says nothing; an event that does not replay leaves the state as it was, as the builder does. */
class StateLine implements ReplayLine<null> {
  state: EncounterState | null;

  constructor(
    private readonly lookup: RulesLookup,
    start?: { readonly count: number; readonly state: EncounterState },
  ) {
    this.state = start?.state ?? null;
  }

  push(event: EncounterEvent): null {
    try {
      this.state = reduce(this.state, event, this.lookup);
    } catch {
      // The builder writes "Could not be replayed" and goes on from the same state.
    }
    return null;
  }
}

/** The walk itself: each event folded on its line, handed out as `step` makes it, in log order. */
function* walkLines<Said, Step>(
  record: EncounterRecord,
  lookup: RulesLookup,
  newLine: NewLine<Said>,
  step: (folded: LineStep<Said>) => Step,
  progress?: ExportProgress,
): Generator<Step, ReplayOutcome, undefined> {
  let main = newLine();
  const total = record.log.length;
  const activeTotal = countActive(record);
  const cursor = record.cursor === null ? activeTotal : Math.min(record.cursor, activeTotal);
  let finalState: EncounterState | null = null;
  let active = 0;
  let branch: Branch<Said> | null = null;

  for (let index = 0; index < total; index++) {
    const logged = record.log[index]!;
    const event = logged.event;
    let said: Said;
    let before: EncounterState | null;
    let after: EncounterState | null;
    if (logged.discarded) {
      branch ??= newBranch(newLine, { count: active, state: main.state });
      if (branch.advanced && refuses(branch.line.state, event, lookup)) {
        branch = newBranch(newLine, branch.fork);
      }
      before = branch.line.state;
      said = branch.line.push(event);
      after = branch.line.state;
      branch.advanced = true;
    } else {
      branch = null;
      // A builder keeps every entry it wrote; a fresh one from the same state lets them go.
      if (active > 0 && active % REBASE_INTERVAL === 0) main = newLine({ count: active, state: main.state! });
      before = main.state;
      said = main.push(event);
      after = main.state;
      active++;
      if (active === cursor) finalState = after;
    }
    const undone = logged.discarded || active > cursor;
    yield step({ index, event, said, undone, discarded: logged.discarded, before, after });
    if (progress && (index + 1) % PROGRESS_INTERVAL === 0) progress(index + 1, total);
  }
  if (progress) progress(total, total);
  return { finalState, total };
}

/** The whole log as entries (without the states), and the final state. */
export function replayLog(
  record: EncounterRecord,
  lookup: RulesLookup,
  progress?: ExportProgress,
): { readonly entries: readonly ReplayedEntry[]; readonly finalState: EncounterState | null } {
  const entries: ReplayedEntry[] = [];
  const outcome = walkLog(
    record,
    lookup,
    ({ index, entry, event, undone, discarded }) => entries.push({ index, entry, event, undone, discarded }),
    progress,
  );
  return { entries, finalState: outcome.finalState };
}

function countActive(record: EncounterRecord): number {
  let count = 0;
  for (const logged of record.log) if (!logged.discarded) count++;
  return count;
}

function newBranch<Said>(newLine: NewLine<Said>, fork: Branch<Said>['fork']): Branch<Said> {
  const start = fork.state ? { count: fork.count, state: fork.state } : undefined;
  return { fork, line: newLine(start), advanced: false };
}

function refuses(state: EncounterState | null, event: EncounterEvent, lookup: RulesLookup): boolean {
  try {
    reduce(state, event, lookup);
    return false;
  } catch {
    return true;
  }
}

function noteRollActor(event: EncounterEvent, rollActors: Map<string, string>): void {
  if ((event.type === 'roll-applied' || event.type === 'roll-resolved') && event.actorId) {
    rollActors.set(event.id, event.actorId);
  }
}

/**
 * Harm from a roll its builder did not see (a branch's builder does not know the main line's
 * rolls, a restarted one the rolls before it) is given the roll's maker here.
 */
function withRollActor(
  entry: LogEntry,
  event: EncounterEvent,
  before: EncounterState | null,
  rollActors: ReadonlyMap<string, string>,
): LogEntry {
  if (event.type !== 'harm-applied' || !event.sourceEventId || entry.actor !== null) return entry;
  const actorId = rollActors.get(event.sourceEventId);
  const actor = actorId ? before?.combatants.find((c) => c.id === actorId) : undefined;
  return actor ? { ...entry, actor: { id: actor.id, name: actor.name } } : entry;
}
