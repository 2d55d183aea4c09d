import type { RulesLookup } from '../encounter/reducer';
import type { EncounterRecord, ExportOptions, ExportProgress } from './encounter-record';
import { plural } from './line-format';
import { buildReport, type Report, type ReportHead, type ReportLine } from './report';
import { secondHalf, streamReport } from './report-stream';
import { amountsText } from './report-summary';

/**
 * The session report as Markdown (GitHub-flavoured: tables and ~~strike-through~~). Every piece of
 * text that comes from the GM (names, notes, roll summaries) is escaped, so it cannot open a
 * heading, a table cell, a link, emphasis or HTML; undone entries, when included, are struck through.
 */
export function exportMarkdown(
  record: EncounterRecord,
  lookup: RulesLookup,
  options: ExportOptions,
  progress?: ExportProgress,
): string {
  return renderMarkdown(buildReport(record, lookup, options, progress));
}

export function renderMarkdown(report: Report): string {
  const out = head(report);
  for (const round of report.rounds) {
    out.push(...roundHeading(round));
    for (const part of round.parts) {
      out.push(...partHeading(part.title));
      // One by one: a round of a long log has too many lines for one call's arguments.
      for (const entry of part.lines) out.push(line(entry));
    }
  }
  if (report.rounds.length === 0) out.push(...NO_ENTRIES);
  notes(report.notes.map(noteItem), out);
  summary(report, out);
  return `${out.join('\n')}\n`;
}

/**
 * The same text in pieces, for a writer that saves as it goes: the head, then the log about a
 * thousand lines at a time, then the notes and the summary. Only the notes are held (as the lines
 * they print as) until the end; see `streamReport` for the two walks and when the whole report
 * is built instead.
 */
export function* markdownChunks(
  record: EncounterRecord,
  lookup: RulesLookup,
  options: ExportOptions,
  progress?: ExportProgress,
): Generator<string, void, undefined> {
  const stream = streamReport(record, lookup, options, progress);
  if (!stream) {
    yield exportMarkdown(record, lookup, options, progress && secondHalf(record, progress));
    return;
  }
  const lines = new LineChunks();
  lines.push(...head(stream.head));
  const noteItems: string[] = [];
  for (const piece of stream.pieces()) {
    if (piece.kind === 'round-start') lines.push(...roundHeading(piece.round));
    else if (piece.kind === 'part-start') lines.push(...partHeading(piece.title));
    else if (piece.kind === 'line') {
      lines.push(line(piece.line));
      if (piece.line.note !== null) noteItems.push(noteItem(piece.line));
      if (lines.full) yield lines.take();
    }
  }
  if (stream.rounds.length === 0) lines.push(...NO_ENTRIES);
  notes(noteItems, lines);
  summary(stream, lines);
  yield lines.take();
}

/** Lines gathered until about a thousand are waiting, handed out as one piece (each line ends in "\n"). */
class LineChunks {
  private lines: string[] = [];

  push(...more: string[]): void {
    for (const l of more) this.lines.push(l);
  }

  get full(): boolean {
    return this.lines.length >= 1000;
  }

  take(): string {
    const text = this.lines.length ? `${this.lines.join('\n')}\n` : '';
    this.lines = [];
    return text;
  }
}

function head(report: ReportHead): string[] {
  const out: string[] = [`# ${md(report.name)}`, ''];
  out.push(`**System:** ${md(report.systemLabel)}  `);
  out.push(report.dateRange ? `**When:** ${md(report.dateRange)}` : '**When:** no events yet');
  if (report.scope.length) out.push('', ...report.scope.map((s) => `> ${md(s)}`));
  participants(report, out);
  return out;
}

const NO_ENTRIES = ['', '*No entries to show.*'];

const roundHeading = (round: { readonly title: string }): string[] => ['', `## ${md(round.title)}`];

/** A part's heading (when the round is split by pass) and the blank line before its entries. */
const partHeading = (title: string | null): string[] => (title ? ['', `### ${md(title)}`, ''] : ['']);

function noteItem(n: ReportLine): string {
  return `- ${n.undone ? '~~' : ''}\`${n.label}\` ${md(n.note ?? '')}${n.undone ? '~~ (undone)' : ''}`;
}

/** The GM notes section, pushed one by one: a long log's notes are too many for one call's arguments. */
function notes(items: readonly string[], out: { push(...lines: string[]): void }): void {
  if (items.length === 0) return;
  out.push('', '## GM notes', '');
  for (const item of items) out.push(item);
}

function participants(report: ReportHead, out: string[]): void {
  if (report.sides.length === 0) return;
  out.push('', '## Participants');
  for (const side of report.sides) {
    out.push('', `### ${md(side.name)}`, '', '| Name | Kind | Condition | Conditions |', '| --- | --- | --- | --- |');
    for (const p of side.participants) {
      const tags = [p.removed ? ' (left)' : '', p.hidden ? ' (hidden)' : ''].join('');
      out.push(`| ${md(p.name)}${tags} | ${p.kind} | ${md(p.condition)} | ${p.conditions.length ? md(p.conditions.join(', ')) : '—'} |`);
    }
  }
}

/** "- `R1·T2` **Ghost** → Ganger 2 — Hits for 5 (dice: Ghost d6: 6 5 3)", struck through when undone. */
function line(entry: ReportLine): string {
  const body = `\`${entry.label}\` ${whoText(entry)}${md(entry.text)}${entry.dice ? ` (dice: ${md(entry.dice)})` : ''}`;
  return entry.undone ? `- ~~${body}~~ (undone)` : `- ${body}`;
}

function whoText(entry: ReportLine): string {
  if (entry.actor !== null) {
    const targets = entry.targets.length ? ` → ${md(entry.targets.join(', '))}` : '';
    return `**${md(entry.actor)}**${targets} — `;
  }
  return entry.targets.length ? `**${md(entry.targets.join(', '))}** — ` : '';
}

function summary(report: Pick<Report, 'summary' | 'summaryScope'>, out: { push(...lines: string[]): void }): void {
  const s = report.summary;
  out.push('', '## Summary', '', md(s.roundsText));
  if (s.fallen.length) {
    out.push('', '**Who fell:**', '');
    for (const f of s.fallen) {
      const by = f.droppedBy ? ` — at \`${f.droppedBy.label}\`: ${md(f.droppedBy.text)}` : '';
      out.push(`- ${md(f.name)} (${md(f.state)})${by}`);
    }
  } else {
    out.push('', '**Who fell:** no one.');
  }
  if (s.combatants.length) {
    out.push('', '| Combatant | Damage dealt | Damage taken | Healing received | Rolls |', '| --- | --- | --- | --- | ---: |');
    for (const c of s.combatants) {
      out.push(`| ${md(c.name)} | ${md(amountsText(c.dealt))} | ${md(amountsText(c.taken))} | ${md(amountsText(c.healed))} | ${c.rolls} |`);
    }
  }
  const r = s.rolls;
  out.push(
    '',
    `**Rolls made:** ${r.total} (${plural(r.initiative, 'initiative roll')}, ${plural(r.checks, 'check')}, ${plural(r.resolved, 'resolved roll')}).`,
  );
  out.push('', ...report.summaryScope.map((t) => `*${md(t)}*`));
}

/**
 * Text made inert for Markdown: line breaks become spaces (a name or note cannot start a new
 * block), and every character that can open emphasis, code, a link, HTML, an entity, a heading,
 * a table cell or strike-through is backslash-escaped; so is a leading "-", "+" or "1." that
 * would start a list where the text opens a list item.
 */
export function md(text: string): string {
  // Most log text has nothing to escape: one test spares three replacements on each.
  if (!NEEDS_ESCAPE.test(text)) return text;
  return text
    .replace(/\r\n|\r|\n/g, ' ')
    .replace(/[\\`*_[\]<>#|~&!]/g, '\\$&')
    .replace(/^([-+])/, '\\$1')
    .replace(/^(\d+)([.)])/, '$1\\$2');
}

const NEEDS_ESCAPE = /[\\`*_[\]<>#|~&!\r\n]|^[-+]|^\d+[.)]/;
