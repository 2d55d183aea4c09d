import { describe, expect, it } from 'vitest';
import type { SystemId } from '../system-kit/rule-system';
import { SECTION as ELECTRIC_STATE } from '../systems/electric-state/sections';
import { SECTIONS as HARDWARE } from '../systems/hardware/rules';
import { allSystems, ruleSystems } from '../systems/all-systems.test-support';
import { SECTION as SHADOWRUN } from '../systems/shadowrun-4e/sections';
import { RULES as UESRPG } from '../systems/uesrpg-3e/sections';
import { referenceCatalog } from './catalog';
import { firstSentence, sentenceCount } from './sentences';

const catalog = referenceCatalog(allSystems);
const findSummary = catalog.findSummary;

/** The section names each system's rules cite: its SECTION / SECTIONS / RULES constants. */
const citedSections: Record<SystemId, readonly string[]> = {
  'electric-state': Object.values(ELECTRIC_STATE),
  'shadowrun-4e': Object.values(SHADOWRUN),
  hardware: Object.values(HARDWARE),
  'uesrpg-3e': [...new Set(Object.values(UESRPG).map((ref) => ref.section))],
};

const withoutBookTag = (section: string) => section.replace(/\s*\(book\)$/, '');

describe.each(ruleSystems.map((system) => [system.id, system] as const))('%s summaries', (systemId, system) => {
  const summaries = catalog.summariesOf(systemId);
  const tableSections = new Set(system.tables.map((table) => withoutBookTag(table.section)));

  it('has a summary for every section the rules cite', () => {
    const headings = new Set(summaries.map((s) => s.section));
    const missing = citedSections[systemId].filter((section) => !headings.has(section));
    expect(missing).toEqual([]);
  });

  it("names only sections that exist: cited by the rules or by one of the system's tables", () => {
    const known = new Set([...citedSections[systemId], ...tableSections]);
    const unknown = summaries.map((s) => s.section).filter((section) => !known.has(section));
    expect(unknown).toEqual([]);
  });

  it('has one summary per section', () => {
    const headings = summaries.map((s) => s.section);
    expect(new Set(headings).size).toBe(headings.length);
  });

  it('keeps every summary to 1–4 plain sentences', () => {
    for (const summary of summaries) {
      const count = sentenceCount(summary.text);
      expect(count, summary.section).toBeGreaterThanOrEqual(1);
      expect(count, summary.section).toBeLessThanOrEqual(4);
      expect(summary.text, summary.section).toMatch(/[.!?]$/);
      expect(summary.text.length, summary.section).toBeLessThan(700);
    }
  });

  it("resolves every table's section citation to a summary", () => {
    const unresolved = system.tables.filter((table) => !findSummary(systemId, table.section)).map((t) => t.id);
    expect(unresolved).toEqual([]);
  });
});

describe('findSummary', () => {
  it('finds an exact heading', () => {
    expect(findSummary('electric-state', 'Close Combat')?.section).toBe('Close Combat');
  });

  it('drops a trailing "(book)" tag', () => {
    expect(findSummary('uesrpg-3e', 'Tests (book)')?.section).toBe('Tests');
  });

  it('falls back to the nearest parent heading', () => {
    expect(findSummary('uesrpg-3e', 'Melee combat › Unarmed combat › Grappling › Size')?.section).toBe(
      'Melee combat › Unarmed combat › Grappling',
    );
  });

  it('returns null for a heading no system has, or another system’s heading', () => {
    expect(findSummary('hardware', 'Close Combat')).toBeNull();
    expect(findSummary('shadowrun-4e', 'No such section')).toBeNull();
  });
});

describe('sentences', () => {
  it('cuts the first sentence for the tooltip', () => {
    expect(firstSentence('Roll D66. Then read the row.')).toBe('Roll D66.');
    expect(firstSentence('A d20 at or under the attribute succeeds')).toBe('A d20 at or under the attribute succeeds');
    expect(firstSentence('Costs −2 dice per band. 0 or less fails.')).toBe('Costs −2 dice per band.');
  });

  it('does not end a sentence inside a number or a bracket', () => {
    expect(sentenceCount('Damage 7/−1 (DV 7.5) hits. Then soak.')).toBe(2);
    expect(sentenceCount('One.')).toBe(1);
  });
});

describe('the catalog', () => {
  it("lists each system's tables and summaries in registry order, and finds a table by id", () => {
    expect(catalog.systems).toEqual(['electric-state', 'uesrpg-3e', 'shadowrun-4e', 'hardware']);
    expect(catalog.tables.map((t) => t.id)).toEqual(allSystems.flatMap((m) => m.tables.map((t) => t.id)));
    expect(catalog.tablesOf('hardware').map((t) => t.system)).toEqual(allSystems[3]!.tables.map(() => 'hardware'));
    expect(catalog.findTable('es-weapons')?.title).toBe(allSystems[0]!.tables.find((t) => t.id === 'es-weapons')!.title);
    expect(catalog.findTable('no-such-table')).toBeNull();
    expect(catalog.summaryEntries.length).toBe(allSystems.reduce((n, m) => n + m.summaries.length, 0));
  });

  it('knows only the systems it was given', () => {
    const hardwareOnly = referenceCatalog([allSystems[3]!]);
    expect(hardwareOnly.systems).toEqual(['hardware']);
    expect(hardwareOnly.findSummary('electric-state', 'Close Combat')).toBeNull();
    expect(hardwareOnly.summariesOf('electric-state')).toEqual([]);
    expect(hardwareOnly.tablesOf('electric-state')).toEqual([]);
    expect(hardwareOnly.bookNotesOf('shadowrun-4e', 'Melee Combat')).toEqual([]);
  });
});
