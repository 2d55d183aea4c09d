import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { SystemId } from '../system-kit/rule-system';
import { SOURCE_MEANINGS, citationQuote, keyWords, sentencesOf } from './citation';
import { citationUses, type CitationUse } from './citations.test-support';
import { allSystems, systemModule } from '../systems/all-systems.test-support';
import { referenceCatalog } from './catalog';

const catalog = referenceCatalog(allSystems);
const findSummary = catalog.findSummary;
const bookNotesOf = catalog.bookNotesOf;

/** The seeds and the rules notes sit beside the project (../shared), as in CI. */
const besideProject = (path: string) => fileURLToPath(new URL(`../../../shared/${path}`, import.meta.url));
const SEED_FILES: Readonly<Record<SystemId, string>> = {
  'electric-state': 'seeds/000_37ea37a29e173e06.txt',
  'uesrpg-3e': 'seeds/001_2f7eae2f19ba3a3c.txt',
  'shadowrun-4e': 'seeds/002_efc801e1fa6f2480.txt',
  hardware: 'seeds/004_4f030c793f7fe0c7.txt',
};
const RULES_NOTES = readFileSync(besideProject('RULES-NOTES.md'), 'utf8');
/** Each system's part of RULES-NOTES.md ("## 3. Shadowrun 4th edition — `002_…`"). */
const notesOf = (systemId: SystemId) => {
  const file = SEED_FILES[systemId].replace('seeds/', '');
  const start = RULES_NOTES.split(/^## /m).find((part) => part.includes(file));
  if (!start) throw new Error(`RULES-NOTES.md has no part for ${file}`);
  return start;
};

const SYSTEMS: readonly SystemId[] = ['electric-state', 'uesrpg-3e', 'shadowrun-4e', 'hardware'];
const uses = new Map(SYSTEMS.map((systemId) => [systemId, citationUses(systemId)]));
const describeUse = (use: CitationUse) => `${use.where}: "${use.about}" → ${use.rule.source}: ${use.rule.section}`;

describe.each(SYSTEMS)('every citation of %s', (systemId) => {
  const all = uses.get(systemId)!;
  const seedLines = readFileSync(besideProject(SEED_FILES[systemId]), 'utf8')
    .split('\n')
    .map((line) => line.trim().replace(/^#+\s*/, '').toLowerCase());

  it('was found: fields, steps, follow-ups and tables', () => {
    const kinds = new Set(all.map((use) => use.where.replace(/^.* (field|step|follow-up)\b.*$/, '$1').replace(/^table .*/, 'table')));
    // Electric State offers a push and Shadowrun Edge after the roll; the others have no follow-ups.
    const followUps = systemId === 'electric-state' || systemId === 'shadowrun-4e';
    expect([...kinds].sort()).toEqual(followUps ? ['field', 'follow-up', 'step', 'table'] : ['field', 'step', 'table']);
  });

  it("names a heading of the seed when it says Seed (a run-in heading such as 'Grappling:' counts)", () => {
    const missing = [...new Set(all.filter((use) => use.rule.source === 'seed').map((use) => use.rule.section))].filter(
      (section) =>
        section
          .split(' › ')
          .some((part) => !seedLines.some((line) => line === part.toLowerCase() || line.startsWith(`${part.toLowerCase()}:`))),
    );
    expect(missing).toEqual([]);
  });

  it('quotes the section it names: a sentence of that very heading’s summary, or its book reading', () => {
    const wrong = all.flatMap((use) => {
      const quote = citationQuote(catalog, systemId, use.rule, use.about, use.detail);
      const section = use.rule.section.replace(/\s*\(book\)$/, '');
      if (!quote) return [`${describeUse(use)} has no quote`];
      if (quote.heading !== section) return [`${describeUse(use)} quotes "${quote.heading}"`];
      const fromSection =
        quote.from === 'seed-summary'
          ? sentencesOf(findSummary(systemId, section)!.text).includes(quote.text)
          : bookNotesOf(systemId, section).includes(quote.text);
      return fromSection ? [] : [`${describeUse(use)} quotes words from elsewhere: ${quote.text}`];
    });
    expect(wrong).toEqual([]);
  });

  it('quotes, for each field, follow-up and table it cites from the seed or the book, a sentence about it', () => {
    // Steps restate dice and numbers ("Attack roll: 6 2 — 1 six") and defaults are the app's own
    // choice, which no source words; the controls and tables a GM reads are named by their topic.
    const named = all.filter((use) => !use.where.endsWith(' step') && use.rule.source !== 'default');
    const unrelated = named.flatMap((use) => {
      const quote = citationQuote(catalog, systemId, use.rule, use.about, use.detail)!;
      const words = keyWords(quote.text);
      const asked = keyWords(`${use.about} ${use.detail}`);
      const shared = [...asked].filter((word) => words.has(word));
      // A table titled as its section ("Protection", "Derived stats") is about the whole section.
      const namesSection = use.where.startsWith('table ') && [...keyWords(quote.heading)].some((word) => asked.has(word));
      return shared.length > 0 || namesSection ? [] : [`${describeUse(use)} shows: ${quote.text}`];
    });
    expect(unrelated).toEqual([]);
  });
});

describe('book notes', () => {
  it.each(SYSTEMS)("of %s are RULES-NOTES.md's words where they say so, under a section that has a summary", (systemId) => {
    const notes = notesOf(systemId).replace(/\s+/g, ' ');
    for (const note of systemModule(systemId).bookNotes) {
      if (note.from === 'rules-notes') expect(notes, note.text).toContain(note.text);
      expect(note.text, note.text).toMatch(/\(book\)|\[book\]/);
      expect(findSummary(systemId, note.section)?.section, note.text).toBe(note.section);
    }
  });

  it("give Shadowrun's melee modifiers as the roll panel adds them", () => {
    expect(bookNotesOf('shadowrun-4e', 'Melee Combat')).toEqual([
      'Melee modifiers (book): charging +2 dice, superior position +2, +1 per friend in the melee (at most 4), off-hand weapon −2.',
    ]);
  });
});

describe('citationQuote', () => {
  const quote = (systemId: SystemId, section: string, source: 'seed' | 'book' | 'default', about = '', detail = '') =>
    citationQuote(catalog, systemId, { section, source }, about, detail);

  it('quotes the sentence about the field, not the first one of the section (the fields the newcomer met)', () => {
    expect(quote('shadowrun-4e', 'Other Combat Factors', 'book', 'Called shot', 'A Free Action before firing; not with full-auto fire.')).toEqual({
      heading: 'Other Combat Factors',
      text: 'Knockdown, called shots, interception and subduing each have their own dice pool rules.',
      from: 'seed-summary',
    });
    expect(quote('shadowrun-4e', 'Ranged Combat', 'seed', 'Firing mode', "Only the weapon's modes (SS, SA, BF, FA) are allowed.")?.text).toBe(
      'Firing modes are single-shot, semi-auto (2 shots a phase), burst (narrow raises damage, wide lowers the defence pool) and full-auto.',
    );
    expect(quote('shadowrun-4e', 'Ranged Combat', 'seed', 'Attacker running (−2)')?.text).toMatch(/^Common modifiers: attacker running −2,/);
    expect(quote('shadowrun-4e', 'Ranged Combat', 'seed', 'Extra recoil compensation', "Gas vent, shock pad, gyro mount… added to the weapon's own RC.")?.text).toMatch(/recoil compensation/);
  });

  it("quotes the book's reading for a book rule the seed section does not state (Edge)", () => {
    expect(
      quote('shadowrun-4e', 'The Combat Turn', 'book', 'Edge before the roll', "Adds the attacker's Edge in dice; every 6 explodes (Rule of Six)."),
    ).toEqual({
      heading: 'The Combat Turn',
      text: 'Edge [book]: before a roll add Edge dice and 6s explode; after a roll reroll the misses; also act first in a pass, or negate a glitch.',
      from: 'book-note',
    });
    // A seed citation of the same section never quotes the book.
    expect(quote('shadowrun-4e', 'The Combat Turn', 'seed', 'Edge before the roll')?.from).toBe('seed-summary');
  });

  it('quotes the first sentence when nothing is said about the citation, and nothing for a section with no summary', () => {
    expect(quote('shadowrun-4e', 'Ranged Combat', 'seed')?.text).toBe(
      'Each weapon sets its own Short, Medium, Long and Extreme range bands by distance (see the firearms table), with growing dice pool penalties.',
    );
    expect(quote('shadowrun-4e', 'No such section', 'seed', 'Called shot')).toBeNull();
  });

  it('explains each source word once, as RULES-NOTES.md tags them', () => {
    expect(RULES_NOTES).toContain('**[seed]** stated in the seed; **[book]** from the published rules');
    expect(SOURCE_MEANINGS).toEqual({
      seed: 'Seed: stated in the seed, the rules text the app is built on.',
      book: 'Book: from the published rulebook, for what the seed does not spell out.',
      default:
        'Default: the app’s own choice where the seed and the book are silent or disagree (RULES-NOTES.md); the GM can override it, many in the encounter’s Rule options.',
    });
  });
});
