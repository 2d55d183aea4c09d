import type { EncounterEventType } from '../encounter/events';
import type { LogEntry } from '../encounter/log-view';
import type { RulesLookup } from '../encounter/reducer';
import { toRulesCombatant, type EncounterState } from '../encounter/state';
import { trackText } from '../encounter/track-text';
import type { EncounterRecord, ExportOptions, ExportProgress } from './encounter-record';
import { dateRangeText, diceText, outcomeWord, plural, roundTitle } from './line-format';
import { walkLog, type ReplayStep } from './replayed-log';
import { SummaryTally, type ReportSummary } from './report-summary';

/**
 * The session report the Markdown and HTML exports both print: what the fight was, who took part
 * and how they ended, the log round by round (and pass by pass where a round had several, as in
 * Shadowrun), the GM's notes, and a closing summary. Every line uses the log panel's own words
 * (`EncounterLogBuilder`); the exports only lay it out.
 */

export interface ReportLine {
  /** Position in the stored log (0 = the creation event). */
  readonly index: number;
  readonly at: string;
  readonly type: EncounterEventType;
  /** The log panel's short position: "Setup", "R2·T3", "R2·P2·T5", "R2", "Ended". */
  readonly label: string;
  readonly round: number;
  readonly turn: number | null;
  readonly pass: number | null;
  /** Written after the encounter ended. */
  readonly afterEnd: boolean;
  readonly actor: string | null;
  readonly targets: readonly string[];
  /** "Ghost d6: 6 5 3 1; soak d6: 2" (see `diceText`); empty without dice. */
  readonly dice: string;
  /** "hit", "miss"… for a resolved roll whose result says (see `outcomeWord`); else empty. */
  readonly outcome: string;
  /** The log panel's sentence. */
  readonly text: string;
  readonly undone: boolean;
  /** The GM's own words, for a note. */
  readonly note: string | null;
}

export interface ReportPart {
  /** The initiative pass, when the round is split by pass; null otherwise. */
  readonly pass: number | null;
  readonly title: string | null;
  readonly lines: readonly ReportLine[];
}

export interface ReportRound {
  /** A stable anchor: "setup", "round-2", "after-end". */
  readonly id: string;
  readonly round: number;
  readonly title: string;
  readonly parts: readonly ReportPart[];
}

export interface ReportParticipant {
  readonly name: string;
  readonly kind: 'PC' | 'NPC';
  /** The health view's word and tracks at the end: "Wounded · Physical 3/10 marked, Stun 0/10 marked". */
  readonly condition: string;
  /** Active conditions at the end ("Prone"). */
  readonly conditions: readonly string[];
  readonly removed: boolean;
  readonly hidden: boolean;
}

export interface ReportSide {
  readonly name: string;
  readonly participants: readonly ReportParticipant[];
}

/** What a report prints before its rounds. */
export interface ReportHead {
  readonly name: string;
  readonly systemLabel: string;
  /** First to last event time (see `dateRangeText`). */
  readonly dateRange: string;
  readonly sides: readonly ReportSide[];
  /** What the report leaves out or marks, in sentences (undone entries, a round range). */
  readonly scope: readonly string[];
}

export interface Report extends ReportHead {
  readonly rounds: readonly ReportRound[];
  /** Every note shown in the rounds, collected. */
  readonly notes: readonly ReportLine[];
  readonly summary: ReportSummary;
  /** Sentences about what the summary counts. */
  readonly summaryScope: readonly string[];
}

/** Builds the report, replaying the whole log once. */
export function buildReport(
  record: EncounterRecord,
  lookup: RulesLookup,
  options: ExportOptions,
  progress?: ExportProgress,
): Report {
  const tally = new SummaryTally(lookup);
  const rounds = new RoundSections();
  let undoneLeftOut = 0;
  const outcome = walkLog(
    record,
    lookup,
    (step) => {
      if (!step.undone) tally.add(step);
      if (step.undone && !options.includeUndone) {
        undoneLeftOut++;
        return;
      }
      if (isShown(step, options)) rounds.add(toLine(step));
    },
    progress,
  );
  const built = rounds.build();
  return {
    ...reportHead(record, lookup, options, outcome.finalState, undoneLeftOut),
    rounds: built,
    notes: built.flatMap((r) => r.parts.flatMap((p) => p.lines.filter((l) => l.note !== null))),
    summary: tally.finish(outcome.finalState),
    summaryScope: summaryScopeSentences(options),
  };
}

/** The head, from the state the log ends in and how many undone entries were left out. */
export function reportHead(
  record: EncounterRecord,
  lookup: RulesLookup,
  options: ExportOptions,
  finalState: EncounterState | null,
  undoneLeftOut: number,
): ReportHead {
  const first = record.log[0]?.event.at ?? null;
  const last = record.log[record.log.length - 1]?.event.at ?? null;
  return {
    name: finalState?.name ?? record.name,
    systemLabel: lookup.system(record.systemId).label,
    dateRange: dateRangeText(first, last),
    sides: participants(finalState, lookup),
    scope: scopeSentences(options, undoneLeftOut),
  };
}

export function summaryScopeSentences(options: ExportOptions): string[] {
  return [
    ...(options.rounds ? ['This summary covers the whole encounter, not only the rounds shown.'] : []),
    'Only entries in effect are counted: undone entries never are.',
  ];
}

/** A round's anchor: "setup", "round-2", or "after-end" for every entry after the end. */
export function sectionKey(ended: boolean, round: number): string {
  return ended ? 'after-end' : round === 0 ? 'setup' : `round-${round}`;
}

/** Whether the Export dialog's options keep this entry: undone ones only when asked, and the round range. */
export function isShown(step: ReplayStep, options: ExportOptions): boolean {
  return isShownAt(step.undone, step.entry.position.round, options);
}

/** The same, for an entry undone or not in a round. */
export function isShownAt(undone: boolean, round: number, options: ExportOptions): boolean {
  const range = options.rounds;
  return (!undone || options.includeUndone) && (range === null || (round >= range.from && round <= range.to));
}

export function toLine(step: ReplayStep): ReportLine {
  const { entry, event } = step;
  return {
    index: step.index,
    at: entry.at,
    type: entry.type,
    label: entry.position.label,
    round: entry.position.round,
    turn: entry.position.turn,
    pass: entry.position.pass,
    afterEnd: entry.position.status === 'ended',
    actor: entry.actor?.name ?? null,
    targets: targetNames(entry.targets),
    dice: diceText(entry.dice),
    outcome: outcomeWord(event),
    text: entry.text,
    undone: step.undone,
    note: event.type === 'note-added' ? event.text : null,
  };
}

const NO_TARGETS: readonly string[] = [];
/** One list per single target (most entries), so 100,000 lines do not each carry their own. */
const singleTargets = new Map<string, readonly string[]>();

function targetNames(targets: LogEntry['targets']): readonly string[] {
  if (targets.length === 0) return NO_TARGETS;
  if (targets.length > 1) return targets.map((t) => t.name);
  const name = targets[0]!.name;
  let list = singleTargets.get(name);
  if (!list) {
    // Names are few; the bound only guards against a log of ever-new names.
    if (singleTargets.size > 1000) singleTargets.clear();
    singleTargets.set(name, (list = [name]));
  }
  return list;
}

/**
 * Lines gathered by round, in the order rounds first appear (an undone branch of round 2 written
 * before a redone round 1 still reads under round 2). Entries after the end get their own section.
 */
class RoundSections {
  private sections = new Map<string, { round: number; ended: boolean; lines: ReportLine[] }>();

  add(line: ReportLine): void {
    const ended = line.afterEnd;
    const key = sectionKey(ended, line.round);
    let section = this.sections.get(key);
    if (!section) this.sections.set(key, (section = { round: line.round, ended, lines: [] }));
    section.lines.push(line);
  }

  build(): ReportRound[] {
    return [...this.sections]
      .sort(([, a], [, b]) => Number(a.ended) - Number(b.ended) || a.round - b.round)
      .map(([id, s]) => ({ id, round: s.round, title: s.ended ? 'After the end' : roundTitle(s.round), parts: byPass(s.lines) }));
  }
}

/**
 * A round with a second initiative pass is split by pass: entries between turns (initiative,
 * a round beginning) stay with the pass before them, the first pass at the start of the round.
 */
function byPass(lines: readonly ReportLine[]): ReportPart[] {
  if (!lines.some((l) => (l.pass ?? 1) > 1)) return [{ pass: null, title: null, lines }];
  const passes = new Map<number, ReportLine[]>();
  let current = 1;
  for (const line of lines) {
    current = line.pass ?? current;
    let list = passes.get(current);
    if (!list) passes.set(current, (list = []));
    list.push(line);
  }
  return [...passes]
    .sort(([a], [b]) => a - b)
    .map(([pass, list]) => ({ pass, title: `Initiative pass ${pass}`, lines: list }));
}

function participants(state: EncounterState | null, lookup: RulesLookup): ReportSide[] {
  if (!state) return [];
  const rules = lookup.tracker(state.systemId);
  const sideIds = [...state.sides.map((s) => s.id)];
  for (const c of state.combatants) if (!sideIds.includes(c.side)) sideIds.push(c.side);
  return sideIds.flatMap((sideId) => {
    const members = state.combatants.filter((c) => c.side === sideId);
    if (members.length === 0) return [];
    return [
      {
        name: state.sides.find((s) => s.id === sideId)?.name ?? sideId,
        participants: members.map((c) => {
          const view = rules.healthView(toRulesCombatant(c), state.toggles);
          const tracks = view.tracks.map(trackText).join(', ');
          return {
            name: c.name,
            kind: c.kind === 'pc' ? 'PC' : 'NPC',
            condition: tracks ? `${view.stateLabel} · ${tracks}` : view.stateLabel,
            conditions: c.conditions.map((k) => k.label),
            removed: c.removed,
            hidden: c.hidden,
          } satisfies ReportParticipant;
        }),
      },
    ];
  });
}

function scopeSentences(options: ExportOptions, undoneLeftOut: number): string[] {
  const out: string[] = [];
  if (options.includeUndone) out.push('Undone entries are shown struck through.');
  else if (undoneLeftOut > 0) out.push(`${plural(undoneLeftOut, 'undone entry', 'undone entries')} left out.`);
  const range = options.rounds;
  if (range) out.push(`Shown: ${roundsShown(range.from, range.to)}; the participants and the summary cover the whole encounter.`);
  return out;
}

/** "round 2 only", "setup only", "rounds 1–3", "setup to round 2". */
function roundsShown(from: number, to: number): string {
  if (from === to) return `${roundTitle(from).toLowerCase()} only`;
  return from === 0 ? `setup to round ${to}` : `rounds ${from}–${to}`;
}
