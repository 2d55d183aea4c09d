import type { RulesLookup } from '../encounter/reducer';
import type { EncounterRecord, ExportOptions, ExportProgress } from './encounter-record';
import { plural } from './line-format';
import { buildReport, type Report, type ReportHead, type ReportLine } from './report';
import { secondHalf, streamReport } from './report-stream';
import { amountsText } from './report-summary';

/**
 * The session report as one self-contained HTML file the GM can share: inline CSS only, no script,
 * and nothing fetched from anywhere (the Content-Security-Policy forbids it too). Light and dark
 * follow the reader's setting; printed, it drops backgrounds and keeps a round on one page where
 * it fits. Every piece of text is escaped, so a name such as `<img src=x onerror=alert(1)>` shows
 * as those characters.
 */
export function exportHtml(
  record: EncounterRecord,
  lookup: RulesLookup,
  options: ExportOptions,
  progress?: ExportProgress,
): string {
  return renderHtml(buildReport(record, lookup, options, progress));
}

export function renderHtml(report: Report): string {
  const out = head(report, report.rounds);
  for (const round of report.rounds) {
    out.push(...roundOpening(round));
    for (const part of round.parts) {
      out.push(...tableOpening(part.title));
      for (const line of part.lines) out.push(logRow(line));
      out.push(...TABLE_CLOSING);
    }
    out.push(ROUND_CLOSING);
  }
  notes(report.notes.map(noteItem), out);
  summary(report, out);
  out.push('</body>', '</html>');
  return `${out.join('\n')}\n`;
}

/**
 * The same text in pieces, for a writer that saves as it goes: the head and contents, then the log
 * about a thousand rows at a time, then the notes and the summary. Only the notes are held (as
 * the items they print as) until the end; see `streamReport` for the two walks and when the whole
 * report is built instead.
 */
export function* htmlChunks(
  record: EncounterRecord,
  lookup: RulesLookup,
  options: ExportOptions,
  progress?: ExportProgress,
): Generator<string, void, undefined> {
  const stream = streamReport(record, lookup, options, progress);
  if (!stream) {
    yield exportHtml(record, lookup, options, progress && secondHalf(record, progress));
    return;
  }
  let out = head(stream.head, stream.rounds);
  const noteItems: string[] = [];
  for (const piece of stream.pieces()) {
    if (piece.kind === 'round-start') out.push(...roundOpening(piece.round));
    else if (piece.kind === 'part-start') out.push(...tableOpening(piece.title));
    else if (piece.kind === 'part-end') out.push(...TABLE_CLOSING);
    else if (piece.kind === 'round-end') out.push(ROUND_CLOSING);
    else {
      out.push(logRow(piece.line));
      if (piece.line.note !== null) noteItems.push(noteItem(piece.line));
      if (out.length >= 1000) {
        yield `${out.join('\n')}\n`;
        out = [];
      }
    }
  }
  notes(noteItems, out);
  summary(stream, out);
  out.push('</body>', '</html>');
  yield `${out.join('\n')}\n`;
}

/** The document up to the first round: head, style, title, participants, and the rounds' contents. */
function head(report: ReportHead, rounds: readonly { readonly id: string; readonly title: string }[]): string[] {
  const out: string[] = [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light dark">',
    `<title>${esc(report.name)} — session report</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    '<header>',
    `<h1>${esc(report.name)}</h1>`,
    `<p class="meta">${esc(report.systemLabel)}${report.dateRange ? ` · ${esc(report.dateRange)}` : ''}</p>`,
    ...report.scope.map((s) => `<p class="scope">${esc(s)}</p>`),
    '</header>',
  ];
  participants(report, out);
  if (rounds.length) {
    out.push('<nav aria-label="Rounds"><ul>');
    for (const round of rounds) out.push(`<li><a href="#${round.id}">${esc(round.title)}</a></li>`);
    out.push('</ul></nav>');
  } else {
    out.push('<p class="empty">No entries to show.</p>');
  }
  return out;
}

const roundOpening = (round: { readonly id: string; readonly title: string }): string[] => [
  `<section class="round" id="${round.id}" aria-labelledby="${round.id}-title">`,
  `<h2 id="${round.id}-title">${esc(round.title)}</h2>`,
];
const ROUND_CLOSING = '</section>';

function tableOpening(title: string | null): string[] {
  return [
    ...(title ? [`<h3>${esc(title)}</h3>`] : []),
    '<table class="log">',
    '<thead><tr><th scope="col">When</th><th scope="col">Who</th><th scope="col">What happened</th><th scope="col">Dice</th></tr></thead>',
    '<tbody>',
  ];
}
const TABLE_CLOSING = ['</tbody>', '</table>'];

function participants(report: ReportHead, out: string[]): void {
  if (report.sides.length === 0) return;
  out.push('<section class="participants" aria-labelledby="participants-title">', '<h2 id="participants-title">Participants</h2>');
  for (const side of report.sides) {
    out.push(`<table>`, `<caption>${esc(side.name)}</caption>`);
    out.push('<thead><tr><th scope="col">Name</th><th scope="col">Kind</th><th scope="col">Condition</th><th scope="col">Conditions</th></tr></thead>', '<tbody>');
    for (const p of side.participants) {
      const tags = [p.removed ? ' <span class="tag">left</span>' : '', p.hidden ? ' <span class="tag">hidden</span>' : ''].join('');
      out.push(
        `<tr><th scope="row">${esc(p.name)}${tags}</th><td>${p.kind}</td><td>${esc(p.condition)}</td><td>${p.conditions.length ? esc(p.conditions.join(', ')) : '—'}</td></tr>`,
      );
    }
    out.push('</tbody>', '</table>');
  }
  out.push('</section>');
}

function logRow(line: ReportLine): string {
  const cell = (html: string) => (line.undone && html ? `<del>${html}</del>` : html);
  const when = `${cell(esc(line.label))}${line.undone ? ' <span class="tag">undone</span>' : ''}`;
  const cls = [line.undone ? 'undone' : '', line.note !== null ? 'note' : ''].filter(Boolean).join(' ');
  // Columns are styled by position (see STYLE), not by a class per cell: a long log is mostly rows.
  return `<tr${cls ? ` class="${cls}"` : ''}><td>${when}</td><td>${cell(whoHtml(line))}</td><td>${cell(esc(line.text))}</td><td>${cell(esc(line.dice))}</td></tr>`;
}

function whoHtml(line: ReportLine): string {
  const targets = esc(line.targets.join(', '));
  if (line.actor !== null) return `<strong>${esc(line.actor)}</strong>${targets ? ` → ${targets}` : ''}`;
  return targets;
}

function noteItem(note: ReportLine): string {
  const text = `<span class="when">${esc(note.label)}</span> <span class="what">${esc(note.note ?? '')}</span>`;
  return `<li>${note.undone ? `<del>${text}</del> <span class="tag">undone</span>` : text}</li>`;
}

/** The GM notes section, pushed one by one: a long log's notes are too many for one call's arguments. */
function notes(items: readonly string[], out: string[]): void {
  if (items.length === 0) return;
  out.push('<section class="notes" aria-labelledby="notes-title">', '<h2 id="notes-title">GM notes</h2>', '<ul>');
  for (const item of items) out.push(item);
  out.push('</ul>', '</section>');
}

function summary(report: Pick<Report, 'summary' | 'summaryScope'>, out: string[]): void {
  const s = report.summary;
  out.push('<section class="summary" aria-labelledby="summary-title">', '<h2 id="summary-title">Summary</h2>');
  out.push(`<p>${esc(s.roundsText)}</p>`);
  if (s.fallen.length) {
    out.push('<h3>Who fell</h3>', '<ul>');
    for (const f of s.fallen) {
      const by = f.droppedBy ? ` — at <span class="when">${esc(f.droppedBy.label)}</span>: ${esc(f.droppedBy.text)}` : '';
      out.push(`<li><strong>${esc(f.name)}</strong> (${esc(f.state)})${by}</li>`);
    }
    out.push('</ul>');
  } else {
    out.push('<p>No one fell.</p>');
  }
  if (s.combatants.length) {
    out.push('<table>', '<caption>Damage and rolls per combatant</caption>');
    out.push('<thead><tr><th scope="col">Combatant</th><th scope="col">Damage dealt</th><th scope="col">Damage taken</th><th scope="col">Healing received</th><th scope="col" class="num">Rolls</th></tr></thead>', '<tbody>');
    for (const c of s.combatants) {
      out.push(
        `<tr><th scope="row">${esc(c.name)}</th><td>${esc(amountsText(c.dealt))}</td><td>${esc(amountsText(c.taken))}</td><td>${esc(amountsText(c.healed))}</td><td class="num">${c.rolls}</td></tr>`,
      );
    }
    out.push('</tbody>', '</table>');
  }
  const r = s.rolls;
  out.push(
    `<p>Rolls made: <strong>${r.total}</strong> (${plural(r.initiative, 'initiative roll')}, ${plural(r.checks, 'check')}, ${plural(r.resolved, 'resolved roll')}).</p>`,
  );
  out.push(...report.summaryScope.map((t) => `<p class="scope">${esc(t)}</p>`), '</section>');
}

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for HTML content and attribute values: & < > " ' become entities. */
export function esc(text: string): string {
  // Most text needs nothing: one test spares a replacement with a callback per line.
  return SIGNIFICANT.test(text) ? text.replace(/[&<>"']/g, (c) => ESCAPES[c]!) : text;
}

const SIGNIFICANT = /[&<>"']/;

/** The whole style sheet: light by default, dark when the reader asks, and print without colour. */
const STYLE = `
:root { color-scheme: light dark; --bg: #fdfdfb; --fg: #1d1d1f; --muted: #5b5b66; --line: #d8d8de; --head: #efeff3; --accent: #8a3b12; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #17171a; --fg: #ececf0; --muted: #a6a6b3; --line: #3a3a42; --head: #24242a; --accent: #f0a06c; }
}
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 64rem; padding: 1.5rem; background: var(--bg); color: var(--fg); font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
h1 { margin: 0 0 .25rem; font-size: 1.8rem; }
h2 { margin: 2rem 0 .5rem; font-size: 1.3rem; border-bottom: 2px solid var(--accent); padding-bottom: .2rem; }
h3 { margin: 1.2rem 0 .4rem; font-size: 1.05rem; color: var(--muted); }
.meta, .scope { margin: .2rem 0; color: var(--muted); }
nav ul { display: flex; flex-wrap: wrap; gap: .3rem .9rem; padding: 0; list-style: none; }
a { color: var(--accent); }
table { width: 100%; border-collapse: collapse; margin: .5rem 0 1rem; }
caption { text-align: left; font-weight: 600; padding: .3rem 0; }
th, td { text-align: left; vertical-align: top; padding: .3rem .5rem; border-bottom: 1px solid var(--line); }
thead th { background: var(--head); font-weight: 600; }
table.log td:nth-child(1), .notes .when, .summary .when { white-space: nowrap; font-variant-numeric: tabular-nums; color: var(--muted); }
table.log, .participants table { table-layout: fixed; }
table.log thead th:nth-child(1) { width: 9rem; }
table.log thead th:nth-child(2) { width: 13rem; }
table.log thead th:nth-child(4) { width: 28%; }
.participants thead th:nth-child(1) { width: 28%; }
.participants thead th:nth-child(2) { width: 5rem; }
td, th { overflow-wrap: anywhere; }
table.log td:nth-child(3), .notes .what { white-space: pre-line; }
table.log td:nth-child(4) { font-family: ui-monospace, "SF Mono", Consolas, monospace; font-size: .85em; color: var(--muted); }
.num { text-align: right; }
tr.undone td { color: var(--muted); }
tr.note td:nth-child(3) { font-style: italic; }
.tag { display: inline-block; font-size: .75em; padding: 0 .35em; border: 1px solid var(--line); border-radius: .3em; color: var(--muted); }
@media print {
  :root { --bg: transparent; --fg: #000; --muted: #000; --line: #999; --head: transparent; --accent: #000; }
  * { background: none !important; color: #000 !important; box-shadow: none !important; }
  body { max-width: none; padding: 0; font-size: 10.5pt; }
  nav { display: none; }
  section.round { break-inside: avoid; }
  tr { break-inside: avoid; }
  h2, h3 { break-after: avoid; }
}
`;
