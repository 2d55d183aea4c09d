import type { RulesLookup } from '../encounter/reducer';
import type { EncounterRecord, ExportOptions, ExportProgress } from './encounter-record';
import { roundTitle } from './line-format';
import { walkPlaces, walkSteps } from './replayed-log';
import {
  isShown,
  isShownAt,
  reportHead,
  sectionKey,
  summaryScopeSentences,
  toLine,
  type ReportHead,
  type ReportLine,
} from './report';
import { SummaryTally, type ReportSummary } from './report-summary';

/**
 * The session report handed out piece by piece, for an export that writes as it goes: the
 * Markdown and HTML exports print exactly what they print from a whole `Report`, but hold one
 * line at a time instead of every line of the log.
 *
 * It walks the log twice. The first walk only folds the events (no entry is written, about half
 * the cost of the second): it learns what the report's head needs (the final state for the
 * participants, how many undone entries are left out, the rounds for the HTML contents) and
 * checks that the lines come in the report's own order: rounds ascending (entries after the end
 * last) and, in a round split by initiative pass, passes ascending. The second walk hands the
 * lines out and takes the summary's tallies, printed after them. When the log is not in that order (an undone
 * branch of a later round written before a redone earlier one), `streamReport` says so with null
 * and the caller builds the whole report instead: the text is the same either way.
 */

/** One round of the report, as its heading and anchor need it. */
export interface StreamedRound {
  readonly id: string;
  readonly round: number;
  readonly title: string;
}

export type ReportPiece =
  | { readonly kind: 'round-start'; readonly round: StreamedRound }
  | { readonly kind: 'part-start'; readonly pass: number | null; readonly title: string | null }
  | { readonly kind: 'line'; readonly line: ReportLine }
  | { readonly kind: 'part-end' }
  | { readonly kind: 'round-end' };

export interface StreamedReport {
  readonly head: ReportHead;
  /** The rounds in report order (for the HTML contents); empty when no entry is shown. */
  readonly rounds: readonly StreamedRound[];
  /** The second walk: rounds, parts and lines in report order. Call once. */
  pieces(): Generator<ReportPiece, void, undefined>;
  /** Known once every piece has been handed out (it throws before). */
  readonly summary: ReportSummary;
  readonly summaryScope: readonly string[];
}

interface SectionFacts {
  readonly id: string;
  readonly round: number;
  readonly ended: boolean;
  /** A line of a later initiative pass is in it: the round is printed pass by pass. */
  split: boolean;
}

/** The report's order of rounds: rounds ascending, then the entries after the end. */
const rank = (ended: boolean, round: number): number => (ended ? Number.POSITIVE_INFINITY : round);

export function streamReport(
  record: EncounterRecord,
  lookup: RulesLookup,
  options: ExportOptions,
  progress?: ExportProgress,
): StreamedReport | null {
  // Progress over both walks: the first counts for the first half.
  const total = record.log.length;
  const firstHalf: ExportProgress | undefined = progress && ((done) => progress(done, 2 * total));
  const sections = new Map<string, SectionFacts>();
  let undoneLeftOut = 0;
  let inOrder = true;
  let lastRank = Number.NEGATIVE_INFINITY;
  let lastKey = '';
  let pass = 1;
  // The first walk only folds the events: where each falls is all it needs of them.
  const places = walkPlaces(record, lookup, firstHalf);
  let next = places.next();
  for (; !next.done; next = places.next()) {
    const place = next.value;
    if (place.undone && !options.includeUndone) {
      undoneLeftOut++;
      continue;
    }
    if (!inOrder || !isShownAt(place.undone, place.round, options)) continue;
    const { round, status } = place;
    const ended = status === 'ended';
    const key = sectionKey(ended, round);
    let section = sections.get(key);
    if (!section) {
      if (rank(ended, round) < lastRank) inOrder = false;
      sections.set(key, (section = { id: key, round, ended, split: false }));
      pass = 1;
    } else if (key !== lastKey) {
      inOrder = false; // a round left and come back to
    }
    lastRank = rank(ended, round);
    lastKey = key;
    // As `byPass` does: a line with no pass belongs to the pass of the line before it.
    const linePass = place.pass ?? pass;
    if (linePass < pass) inOrder = false;
    pass = linePass;
    if (linePass > 1) section.split = true;
  }
  if (!inOrder) return null;
  const finalState = next.value.finalState;
  const rounds = [...sections.values()].map((s) => ({ id: s.id, round: s.round, title: s.ended ? 'After the end' : roundTitle(s.round) }));
  // The summary's tallies are taken on the second walk, which describes every entry anyway.
  const tally = new SummaryTally(lookup);
  let summary: ReportSummary | null = null;
  return {
    head: reportHead(record, lookup, options, finalState, undoneLeftOut),
    rounds,
    get summary(): ReportSummary {
      if (!summary) throw new Error('The summary is known once the pieces have all been handed out.');
      return summary;
    },
    summaryScope: summaryScopeSentences(options),
    pieces: () =>
      pieces(record, lookup, options, sections, tally, progress && secondHalf(record, progress), () => {
        summary = tally.finish(finalState);
      }),
  };
}

/** Progress for a second walk of the log, after a first that counted for the first half. */
export function secondHalf(record: EncounterRecord, progress: ExportProgress): ExportProgress {
  const total = record.log.length;
  return (done) => progress(total + done, 2 * total);
}

function* pieces(
  record: EncounterRecord,
  lookup: RulesLookup,
  options: ExportOptions,
  sections: ReadonlyMap<string, SectionFacts>,
  tally: SummaryTally,
  progress: ExportProgress | undefined,
  finished: () => void,
): Generator<ReportPiece, void, undefined> {
  let section: SectionFacts | null = null;
  let pass: number | null = null;
  for (const step of walkSteps(record, lookup, progress)) {
    if (!step.undone) tally.add(step);
    if (!isShown(step, options)) continue;
    const line = toLine(step);
    const facts = sections.get(sectionKey(line.afterEnd, line.round))!;
    if (facts !== section) {
      if (section) yield* closing();
      section = facts;
      pass = null;
      yield { kind: 'round-start', round: { id: facts.id, round: facts.round, title: facts.ended ? 'After the end' : roundTitle(facts.round) } };
      if (!facts.split) yield { kind: 'part-start', pass: null, title: null };
    }
    if (facts.split) {
      const linePass: number = line.pass ?? pass ?? 1;
      if (linePass !== pass) {
        if (pass !== null) yield { kind: 'part-end' };
        pass = linePass;
        yield { kind: 'part-start', pass, title: `Initiative pass ${pass}` };
      }
    }
    yield { kind: 'line', line };
  }
  if (section) yield* closing();
  finished();
}

function* closing(): Generator<ReportPiece, void, undefined> {
  yield { kind: 'part-end' };
  yield { kind: 'round-end' };
}
