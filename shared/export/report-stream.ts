import type { RulesLookup } from '../encounter/reducer';
import type { EncounterRecord, ExportOptions, ExportProgress } from './encounter-record';
import { roundTitle } from './line-format';
import { walkLog, walkSteps } from './replayed-log';
import {
  isShown,
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
 * It walks the log twice. The first walk learns what the report's head and end need (the final
 * state for the participants, how many undone entries are left out, the summary's tallies, the
 * rounds for the HTML contents) and checks that the lines come in the report's own order: rounds
 * ascending (entries after the end last) and, in a round split by initiative pass, passes
 * ascending. The second walk hands the lines out. When the log is not in that order (an undone
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
  const tally = new SummaryTally(lookup);
  const sections = new Map<string, SectionFacts>();
  let undoneLeftOut = 0;
  let inOrder = true;
  let lastRank = Number.NEGATIVE_INFINITY;
  let lastKey = '';
  let pass = 1;
  const outcome = walkLog(
    record,
    lookup,
    (step) => {
      if (!step.undone) tally.add(step);
      if (step.undone && !options.includeUndone) {
        undoneLeftOut++;
        return;
      }
      if (!isShown(step, options) || !inOrder) return;
      const { round, status } = step.entry.position;
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
      const linePass = step.entry.position.pass ?? pass;
      if (linePass < pass) inOrder = false;
      pass = linePass;
      if (linePass > 1) section.split = true;
    },
    firstHalf,
  );
  if (!inOrder) return null;
  const rounds = [...sections.values()].map((s) => ({ id: s.id, round: s.round, title: s.ended ? 'After the end' : roundTitle(s.round) }));
  return {
    head: reportHead(record, lookup, options, outcome.finalState, undoneLeftOut),
    rounds,
    summary: tally.finish(outcome.finalState),
    summaryScope: summaryScopeSentences(options),
    pieces: () => pieces(record, lookup, options, sections, progress && secondHalf(record, progress)),
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
  progress: ExportProgress | undefined,
): Generator<ReportPiece, void, undefined> {
  let section: SectionFacts | null = null;
  let pass: number | null = null;
  for (const step of walkSteps(record, lookup, progress)) {
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
}

function* closing(): Generator<ReportPiece, void, undefined> {
  yield { kind: 'part-end' };
  yield { kind: 'round-end' };
}
