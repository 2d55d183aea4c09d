import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { createFakeLookup, warehouseRunning } from '../encounter/fake-rules.test-support';
import { ALL, WITH_UNDONE, discard, recordOf, timedEvents } from './fake-record.test-support';
import { esc, exportHtml } from './html';

const lookup = createFakeLookup();
const XSS = '<img src=x onerror=alert(1)>';

/** The Warehouse with a hostile combatant name, a hostile note, one discarded entry and one redoable. */
function hostile() {
  const ev = timedEvents();
  return recordOf(
    [
      ...warehouseRunning(ev),
      ev({ type: 'combatant-added', combatant: { id: 'x', name: XSS, kind: 'npc', side: 'opponents', stats: { hp: 6, init: 1 } } }),
      discard(ev({ type: 'harm-applied', combatantId: 'g1', harm: { kind: 'damage', amount: 9 } })),
      ev({ type: 'harm-applied', combatantId: 'x', harm: { kind: 'damage', amount: 2 } }),
      ev({ type: 'note-added', text: `"quoted" & 'single' <script>alert(1)</script>\nsecond line` }),
      ev({ type: 'harm-applied', combatantId: 'ghost', harm: { kind: 'damage', amount: 1 } }),
    ],
    9,
  );
}

function parse(html: string): Document {
  const window = new Window();
  window.document.write(html);
  return window.document as unknown as Document;
}

const texts = (doc: Document, selector: string) => [...doc.querySelectorAll(selector)].map((e) => e.textContent);

describe('exportHtml: one self-contained, safe file', () => {
  const html = exportHtml(hostile(), lookup, WITH_UNDONE);

  it('opens with the doctype, UTF-8 and a policy that forbids everything but inline style', () => {
    expect(html.startsWith('<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n')).toBe(true);
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`);
  });

  it('fetches nothing and runs nothing', () => {
    // Checked on a report without hostile text, which would itself show "src=" as characters.
    const ev = timedEvents();
    const plain = exportHtml(recordOf([...warehouseRunning(ev), ev({ type: 'note-added', text: 'ok' })]), lookup, WITH_UNDONE);
    expect(plain).not.toMatch(/src=/i);
    expect(plain).not.toMatch(/url\(/i);
    expect(plain).not.toMatch(/@import/i);
    expect(plain).not.toMatch(/<script/i);
    expect([...plain.matchAll(/href=/g)]).toHaveLength(2);
    // With hostile text, no element carries a source or a link out, and no tag but ours was made.
    const doc = parse(html);
    expect(doc.querySelectorAll('[src], script, img, link, iframe, object').length).toBe(0);
    expect([...doc.querySelectorAll('[href]')].map((a) => a.getAttribute('href'))).toEqual(['#setup', '#round-1']);
    expect(html).not.toMatch(/url\(/i);
    expect(html).not.toMatch(/@import/i);
    expect(html).not.toMatch(/<script/i);
  });

  it('shows a hostile name and note as their characters', () => {
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&quot;quoted&quot; &amp; &#39;single&#39; &lt;script&gt;alert(1)&lt;/script&gt;\nsecond line');
    const doc = parse(html);
    expect(doc.querySelectorAll('img, script').length).toBe(0);
    // The same check finds an image that was let through unescaped.
    expect(parse('<p><img src=x onerror=alert(1)></p>').querySelectorAll('img').length).toBe(1);
    expect(texts(doc, '.participants tbody th')).toContain(XSS);
  });

  it('is light and dark, and prints without backgrounds, keeping rounds and rows whole', () => {
    expect(html).toContain('@media (prefers-color-scheme: dark) {');
    const print = html.slice(html.indexOf('@media print {'));
    expect(print).toContain('* { background: none !important; color: #000 !important; box-shadow: none !important; }');
    expect(print).toContain('section.round { break-inside: avoid; }');
    expect(print).toContain('tr { break-inside: avoid; }');
    expect(print).toContain('h2, h3 { break-after: avoid; }');
  });
});

describe('exportHtml: the report', () => {
  it('has one h1, an h2 per round, and tables with headers', () => {
    const doc = parse(exportHtml(hostile(), lookup, WITH_UNDONE));
    expect(texts(doc, 'h1')).toEqual(['Warehouse']);
    expect(texts(doc, 'h2')).toEqual(['Participants', 'Setup', 'Round 1', 'GM notes', 'Summary']);
    expect(texts(doc, 'section.round table.log thead th')).toEqual(['When', 'Who', 'What happened', 'Dice', 'When', 'Who', 'What happened', 'Dice']);
    expect(texts(doc, '.meta')).toEqual(['Fake · 2026-11-29, 19:01–19:11 UTC']);
  });

  it('puts undone entries in <del> with a word saying so, only when asked', () => {
    const withUndone = exportHtml(hostile(), lookup, WITH_UNDONE);
    expect(withUndone).toContain(
      '<tr class="undone"><td><del>R1·T1</del> <span class="tag">undone</span></td><td><del>Ganger 1</del></td><td><del>Damage 9 → HP 0/6, Down · Ganger 1 gains Down</del></td><td></td></tr>',
    );
    const doc = parse(withUndone);
    expect(texts(doc, 'tr.undone td:nth-child(3)')).toEqual(['Damage 9 → HP 0/6, Down · Ganger 1 gains Down', 'Damage 1 → HP 9/10']);
    const without = exportHtml(hostile(), lookup, ALL);
    expect(without).not.toContain('<del>');
    expect(without).toContain('<p class="scope">2 undone entries left out.</p>');
  });

  it('writes a line with its actor, targets and dice', () => {
    const ev = timedEvents();
    const roll = { id: 'r1', at: '2026-11-29T19:30:00.000Z', roller: 'Ghost', reason: 'x', source: 'physical', groups: [{ sides: 6, faces: [6, 4], label: 'attack' }] };
    const record = recordOf([...warehouseRunning(ev), ev({ type: 'roll-resolved', roll, summary: 'Ghost shoots', actorId: 'ghost', targetIds: ['g1'] })]);
    expect(exportHtml(record, lookup, ALL)).toContain(
      '<tr><td>R1·T1</td><td><strong>Ghost</strong> → Ganger 1</td><td>Ghost shoots</td><td>attack d6: 6 4</td></tr>',
    );
  });

  it('collects notes and closes with the summary', () => {
    const doc = parse(exportHtml(hostile(), lookup, ALL));
    expect(texts(doc, '.notes li')).toEqual([`R1·T1 "quoted" & 'single' <script>alert(1)</script>\nsecond line`]);
    expect(texts(doc, '.summary p')).toEqual([
      '1 round fought so far; the encounter has not ended.',
      'No one fell.',
      'Rolls made: 3 (3 initiative rolls, 0 checks, 0 resolved rolls).',
      'Only entries in effect are counted: undone entries never are.',
    ]);
    expect(texts(doc, '.summary tbody tr')).toEqual(['Ghost———1', 'Ganger 1———1', 'Ganger 2———1', `${XSS}—Damage 2—0`]);
  });

  it('says when there is nothing to show', () => {
    const html = exportHtml(hostile(), lookup, { includeUndone: false, rounds: { from: 4, to: 4 } });
    expect(html).toContain('<p class="empty">No entries to show.</p>');
    expect(html).not.toContain('<nav');
    const empty = exportHtml({ ...hostile(), log: [] }, lookup, ALL);
    expect(empty).toContain('<h1>Warehouse</h1>\n<p class="meta">Fake</p>\n</header>\n<p class="empty">No entries to show.</p>\n');
    expect(empty).not.toContain('Participants');
  });
});

describe('esc', () => {
  it('turns the five significant characters into entities', () => {
    expect(esc(`a & b < c > d " e ' f`)).toBe('a &amp; b &lt; c &gt; d &quot; e &#39; f');
  });
});
