import { describe, expect, it } from 'vitest';
import { createFakeLookup, warehouseRunning } from '../encounter/fake-rules.test-support';
import { ALL, WITH_UNDONE, discard, recordOf, timedEvents } from './fake-record.test-support';
import { exportMarkdown, md } from './markdown';

const lookup = createFakeLookup();

/** Ganger 1 falls (a first, heavier hit undone and overwritten), a note, a turn, and harm on Ghost undone. */
function warehouse() {
  const ev = timedEvents();
  return recordOf(
    [
      ...warehouseRunning(ev),
      discard(ev({ type: 'harm-applied', combatantId: 'g1', harm: { kind: 'damage', amount: 9 } })),
      ev({ type: 'harm-applied', combatantId: 'g1', harm: { kind: 'damage', amount: 6 } }),
      ev({ type: 'note-added', text: 'Loot: 2 credsticks' }),
      ev({ type: 'turn-advanced' }),
      ev({ type: 'harm-applied', combatantId: 'ghost', harm: { kind: 'damage', amount: 1 } }),
    ],
    9,
  );
}

const REPORT = `# Warehouse

**System:** Fake  
**When:** 2026-11-29, 19:01–19:11 UTC

> 2 undone entries left out.

## Participants

### Party

| Name | Kind | Condition | Conditions |
| --- | --- | --- | --- |
| Ghost | PC | Fine · HP 10/10 | — |

### Opponents

| Name | Kind | Condition | Conditions |
| --- | --- | --- | --- |
| Ganger 1 | NPC | Down · HP 0/6 | Down |
| Ganger 2 | NPC | Fine · HP 6/6 | — |

## Setup

- \`Setup\` Encounter "Warehouse" created · Fake
- \`Setup\` **Ghost** — Joins Party (PC)
- \`Setup\` **Ganger 1** — Joins Opponents (NPC)
- \`Setup\` **Ganger 2** — Joins Opponents (NPC)
- \`Setup\` Encounter starts · Round 1 · roll initiative

## Round 1

- \`R1\` Initiative: Ghost 9 · Ganger 1 4 · Ganger 2 6 · Ghost acts (dice: Ghost: 1; Ganger 1: 1; Ganger 2: 1)
- \`R1·T1\` **Ganger 1** — Damage 6 → HP 0/6, Down · Ganger 1 gains Down
- \`R1·T1\` Note: Loot: 2 credsticks
- \`R1·T1\` Ganger 2 acts

## GM notes

- \`R1·T1\` Loot: 2 credsticks

## Summary

1 round fought so far; the encounter has not ended.

**Who fell:**

- Ganger 1 (Down) — at \`R1·T1\`: Damage 6 → HP 0/6, Down · Ganger 1 gains Down

| Combatant | Damage dealt | Damage taken | Healing received | Rolls |
| --- | --- | --- | --- | ---: |
| Ghost | — | — | — | 1 |
| Ganger 1 | — | Damage 6 | — | 1 |
| Ganger 2 | — | — | — | 1 |

**Rolls made:** 3 (3 initiative rolls, 0 checks, 0 resolved rolls).

*Only entries in effect are counted: undone entries never are.*
`;

describe('exportMarkdown', () => {
  it('writes the whole report, undone entries left out', () => {
    expect(exportMarkdown(warehouse(), lookup, ALL)).toBe(REPORT);
  });

  it('strikes undone entries through when asked, discarded and redoable alike', () => {
    const text = exportMarkdown(warehouse(), lookup, WITH_UNDONE);
    expect(text).toContain('> Undone entries are shown struck through.\n');
    expect(text).toContain(
      [
        '- `R1` Initiative: Ghost 9 · Ganger 1 4 · Ganger 2 6 · Ghost acts (dice: Ghost: 1; Ganger 1: 1; Ganger 2: 1)',
        '- ~~`R1·T1` **Ganger 1** — Damage 9 → HP 0/6, Down · Ganger 1 gains Down~~ (undone)',
        '- `R1·T1` **Ganger 1** — Damage 6 → HP 0/6, Down · Ganger 1 gains Down',
        '- `R1·T1` Note: Loot: 2 credsticks',
        '- `R1·T1` Ganger 2 acts',
        '- ~~`R1·T2` **Ghost** — Damage 1 → HP 9/10~~ (undone)',
        '',
        '## GM notes',
      ].join('\n'),
    );
  });

  it('says when a round range leaves nothing to show', () => {
    const text = exportMarkdown(warehouse(), lookup, { includeUndone: false, rounds: { from: 5, to: 6 } });
    expect(text).toContain('> Shown: rounds 5–6; the participants and the summary cover the whole encounter.\n');
    expect(text).toContain('\n*No entries to show.*\n');
    expect(text).toContain('*This summary covers the whole encounter, not only the rounds shown.*\n');
  });

  it('says so when there are no events yet', () => {
    const empty = { ...warehouse(), log: [] };
    expect(exportMarkdown(empty, lookup, ALL)).toBe(
      '# Warehouse\n\n**System:** Fake  \n**When:** no events yet\n\n*No entries to show.*\n\n## Summary\n\nNot started: no rounds fought.\n\n**Who fell:** no one.\n\n**Rolls made:** 0 (0 initiative rolls, 0 checks, 0 resolved rolls).\n\n*Only entries in effect are counted: undone entries never are.*\n',
    );
  });

  it('names who acted on whom, and the dice', () => {
    const ev = timedEvents();
    const roll = { id: 'r1', at: '2026-11-29T19:30:00.000Z', roller: 'Ghost', reason: 'x', source: 'physical', groups: [{ sides: 6, faces: [6, 4], label: 'attack' }] };
    const record = recordOf([...warehouseRunning(ev), ev({ type: 'roll-resolved', roll, summary: 'Ghost shoots', actorId: 'ghost', targetIds: ['g1', 'g2'] })]);
    expect(exportMarkdown(record, lookup, ALL)).toContain('- `R1·T1` **Ghost** → Ganger 1, Ganger 2 — Ghost shoots (dice: attack d6: 6 4)\n');
  });
});

describe('Markdown escaping', () => {
  it('escapes every character that could open structure, and line breaks', () => {
    expect(md('*x* | #1')).toBe('\\*x\\* \\| \\#1');
    expect(md('a_b `c` [l](u) <b> &amp; ~~s~~ !x \\')).toBe('a\\_b \\`c\\` \\[l\\](u) \\<b\\> \\&amp; \\~\\~s\\~\\~ \\!x \\\\');
    expect(md('one\ntwo\r\nthree\rfour')).toBe('one two three four');
  });

  it('escapes a leading list marker or numbered item', () => {
    expect([md('- dash'), md('+ plus'), md('12. twelve'), md('3) three'), md('a - b')]).toEqual(['\\- dash', '\\+ plus', '12\\. twelve', '3\\) three', 'a - b']);
  });

  it('keeps hostile names and notes inside their table cell and list item', () => {
    const ev = timedEvents();
    const record = recordOf([
      ev({ type: 'encounter-created', encounterId: 'x', name: '# Boom', systemId: 'fake' as never }),
      ev({ type: 'combatant-added', combatant: { id: 'x', name: '*x* | #1', kind: 'npc', side: 'opponents', stats: { hp: 6, init: 1 } } }),
      ev({ type: 'note-added', text: 'line one\n# not a heading\n- not an item | <script>' }),
    ]);
    const text = exportMarkdown(record, lookup, ALL);
    expect(text.startsWith('# \\# Boom\n')).toBe(true);
    expect(text).toContain('| \\*x\\* \\| \\#1 | NPC | Fine · HP 6/6 | — |\n');
    expect(text).toContain('- `Setup` Note: line one \\# not a heading - not an item \\| \\<script\\>\n');
    expect(text).toContain('- `Setup` line one \\# not a heading - not an item \\| \\<script\\>\n');
    // The headings are the report's own: nothing the GM typed opened one.
    expect(text.split('\n').filter((l) => l.startsWith('#'))).toEqual(['# \\# Boom', '## Participants', '### Opponents', '## Setup', '## GM notes', '## Summary']);
  });
});
