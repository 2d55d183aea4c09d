import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createSeededSource } from '../../../shared/dice/random';
import { planTableRoll } from '../../../shared/reference/table-roll';
import type { ResolveWorkflow } from '../../../shared/system-kit/workflow';
import { loadedSystem } from '../systems/loaded-systems';
import { GmDatabase, getDatabase, setDatabase } from '../db/database';
import { setRandomSource } from '../platform/random';
import { useEncounterStore } from '../encounter/encounter-store';
import { useEncountersStore } from '../encounter/encounters-store';
import { PINS_SETTING_KEY, useReferenceStore } from './reference-store';
import { useRollLogStore } from '../dice/roll-log-store';
import { useSettingsStore } from '../settings/settings-store';

// One fake Electric State workflow that takes only the Knife row of the weapons table, so which
// rows get "Use in roll" is decided here and not by the real workflows being written alongside.
vi.mock('../systems/loaded-systems', async (importOriginal) => {
  const real = await importOriginal<typeof import('../systems/loaded-systems')>();
  const knifeOnly: ResolveWorkflow = {
    id: 'fake-knife',
    systemId: 'electric-state',
    label: 'Fake knife attack',
    attackers: 'one',
    targets: 'one',
    fields: () => [],
    defaults: () => ({}),
    problems: () => [],
    odds: () => ({ figures: [] }),
    nextStage: () => null,
    resolve: () => ({ steps: [], summary: '', effects: [], followUps: [], result: {} }),
    fromTableRow: (tableId, rowIndex) => (tableId === 'es-weapons' && rowIndex === 2 ? { weapon: 'knife' } : null),
  };
  return { ...real,
    workflowsOf: (id: string) => ({ 'electric-state': [knifeOnly], 'uesrpg-3e': [], 'shadowrun-4e': [], hardware: [] } as Record<string, readonly unknown[]>)[id] ?? [] };
});

let databaseCount = 0;
beforeEach(() => {
  setActivePinia(createPinia());
  setDatabase(new GmDatabase(`gm-screen-reference-test-${databaseCount++}`));
  setRandomSource(createSeededSource('reference-test'));
});

const weapons = () => loadedSystem('electric-state').tables.find((t) => t.id === 'es-weapons')!;

describe('pins', () => {
  it('are written to the settings table before they show, and a fresh store reads them back in order', async () => {
    const store = useReferenceStore();
    await store.load();
    await store.togglePin('es-serious-injuries');
    await store.togglePin('es-cover');
    expect(store.pins).toEqual(['es-serious-injuries', 'es-cover']);
    expect((await getDatabase().settings.get(PINS_SETTING_KEY))?.value).toEqual(['es-serious-injuries', 'es-cover']);

    setActivePinia(createPinia());
    const reloaded = useReferenceStore();
    await reloaded.load();
    expect(reloaded.pins).toEqual(['es-serious-injuries', 'es-cover']);
    expect(reloaded.isOpen('es-cover', 'list')).toBe(true);
    expect(reloaded.isOpen('es-weapons', 'list')).toBe(false);
  });

  it('unpins', async () => {
    const store = useReferenceStore();
    await store.togglePin('es-cover');
    await store.togglePin('es-cover');
    expect(store.pins).toEqual([]);
    expect((await getDatabase().settings.get(PINS_SETTING_KEY))?.value).toEqual([]);
  });

  it('ignores stored pins that are not table ids, or not a list at all', async () => {
    await getDatabase().settings.put({ key: PINS_SETTING_KEY, value: ['es-cover', 42, 'no-such-table'] });
    const store = useReferenceStore();
    await store.load();
    expect(store.pins).toEqual(['es-cover']);

    await getDatabase().settings.put({ key: PINS_SETTING_KEY, value: 'es-cover' });
    setActivePinia(createPinia());
    const other = useReferenceStore();
    await other.load();
    expect(other.pins).toEqual([]);
  });

  it('refuses an unknown table, and keeps the pins when the write fails', async () => {
    const store = useReferenceStore();
    await store.togglePin('nope');
    expect(store.error).toMatch(/no reference table "nope"/);
    getDatabase().settings.put = () => Promise.reject(new Error('QuotaExceededError')) as never;
    await store.togglePin('es-cover');
    expect(store.pins).toEqual([]);
    expect(store.error).toMatch(/"Cover" could not be pinned: QuotaExceededError/);
  });
});

describe('scope and search', () => {
  it("follows the settings' system, searches within it, and can show all systems", async () => {
    await useSettingsStore().selectSystem('hardware');
    const store = useReferenceStore();
    expect(store.scope).toBe('hardware');
    store.setQuery('cover');
    expect(store.hits.length).toBeGreaterThan(0);
    expect(store.hits.every((hit) => (hit.kind === 'table' ? hit.table.system : hit.system) === 'hardware')).toBe(true);
    store.showAllSystems();
    expect(store.scope).toBe('all');
    expect(
      new Set(store.hits.map((hit) => (hit.kind === 'table' ? hit.table.system : hit.system))).size,
    ).toBeGreaterThan(1);
    store.chooseScope('hardware');
    expect(store.scope).toBe('hardware');
    await useSettingsStore().selectSystem('shadowrun-4e');
    expect(store.scope).toBe('shadowrun-4e');
  });

  it('refuses an unknown system', () => {
    const store = useReferenceStore();
    store.chooseScope('dnd');
    expect(store.error).toMatch(/"dnd" is not a rule system/);
    expect(store.scope).toBe('electric-state');
  });

  it('asks the panel to focus the search, with the rollable filter for "Roll on table…"', () => {
    const store = useReferenceStore();
    const before = store.searchFocus;
    store.requestSearch({ rollableOnly: true });
    expect(store.searchFocus).toBe(before + 1);
    expect(store.rollableOnly).toBe(true);
    store.requestSearch();
    expect(store.rollableOnly).toBe(false);
  });
});

describe('showSection and showTable', () => {
  it('switch to the cited system, clear a search that hides the target, and spotlight it', () => {
    const store = useReferenceStore();
    store.setQuery('sandbag');
    expect(store.showSection('shadowrun-4e', 'Damage')).toBeNull();
    expect(store.scope).toBe('shadowrun-4e');
    expect(store.query).toBe('');
    expect(store.spotlight?.key).toBe('summary:shadowrun-4e:Damage');

    expect(store.showTable('es-weapons')).toBeNull();
    expect(store.scope).toBe('electric-state');
    expect(store.isOpen('es-weapons', 'list')).toBe(true);
    expect(store.spotlight?.key).toBe('table:es-weapons');
  });

  it('keep a search that already shows the target', () => {
    const store = useReferenceStore();
    store.setQuery('sandbag');
    expect(store.showTable('es-cover')).toBeNull();
    expect(store.query).toBe('sandbag');
  });

  it('find the summary of a sub-section through its parent heading', () => {
    const store = useReferenceStore();
    expect(store.showSection('uesrpg-3e', 'Tests (book)')).toBeNull();
    expect(store.spotlight?.key).toBe('summary:uesrpg-3e:Tests');
  });

  it('answer with a sentence and change nothing for what does not exist', () => {
    const store = useReferenceStore();
    expect(store.showSection('electric-state', 'Spellcasting')).toBe(
      'The quick reference has no summary for "Spellcasting".',
    );
    expect(store.showSection('dnd', 'Combat')).toMatch(/not a rule system/);
    expect(store.showTable('nope')).toBe('There is no reference table "nope".');
    expect(store.spotlight).toBeNull();
    expect(store.scope).toBe('electric-state');
  });
});

describe('table rolls', () => {
  it('reads typed D66 faces, marks the row and logs the roll with its faces and reason', async () => {
    const store = useReferenceStore();
    expect(await store.rollTable('es-serious-injuries', '4 2')).toBe(true);
    expect(store.lastRolls['es-serious-injuries']).toMatchObject({
      faces: [4, 2],
      value: 42,
      rowIndex: 2,
      physical: true,
    });

    const log = useRollLogStore();
    expect(log.rolls).toHaveLength(1);
    expect(log.rolls[0]).toMatchObject({
      reason: 'Serious Injuries (D66)',
      source: 'physical',
      groups: [{ sides: 6, faces: [4, 2] }],
    });
    expect(await getDatabase().rolls.get(log.rolls[0]!.id)).toMatchObject({ reason: 'Serious Injuries (D66)' });
  });

  it("rolls with the app's dice and lands on the row the faces read", async () => {
    const store = useReferenceStore();
    expect(await store.rollTable('ues-hit-location', null)).toBe(true);
    const outcome = store.lastRolls['ues-hit-location']!;
    const plan = planTableRoll(loadedSystem('uesrpg-3e').tables.find((t) => t.id === 'ues-hit-location')!);
    if (!plan.ok) throw new Error(plan.message);
    expect(outcome.rowIndex).toBe(plan.value.rowByValue.get(outcome.value));
    const record = useRollLogStore().rolls[0]!;
    expect(record.reason).toBe('Hit location (1d10)');
    expect(record.source).toMatch(/^seeded:/);
    expect(record.groups[0]!.faces).toEqual(outcome.faces);
  });

  it('refuses bad faces with a sentence and logs nothing', async () => {
    const store = useReferenceStore();
    expect(await store.rollTable('es-serious-injuries', '4 7')).toBe(false);
    expect(store.rollProblems['es-serious-injuries']).toMatch(/A d6 has no face 7/);
    expect(store.lastRolls['es-serious-injuries']).toBeUndefined();
    expect(useRollLogStore().rolls).toHaveLength(0);
    expect(await getDatabase().rolls.count()).toBe(0);
  });

  it('does not show a row for a roll the database refused', async () => {
    const store = useReferenceStore();
    getDatabase().rolls.add = () => Promise.reject(new Error('QuotaExceededError')) as never;
    expect(await store.rollTable('es-serious-injuries', '66')).toBe(false);
    expect(store.rollProblems['es-serious-injuries']).toMatch(/not saved.*QuotaExceededError/);
    expect(store.lastRolls['es-serious-injuries']).toBeUndefined();
    expect(useRollLogStore().error).toBeNull();
  });

  it('refuses a table that cannot be rolled on', async () => {
    const store = useReferenceStore();
    expect(await store.rollTable('es-weapons', null)).toBe(false);
    expect(store.rollProblems['es-weapons']).toBe('"Weapons Table" is not a rollable table.');
  });
});

describe('table rolls with an encounter open', () => {
  async function openEncounter() {
    const id = await useEncountersStore().create('Warehouse', 'electric-state');
    const encounter = useEncounterStore();
    expect(await encounter.open(id!)).toBe(true);
    return encounter;
  }

  it("go into the encounter's log as an undoable roll-resolved entry, and into the roll log", async () => {
    const encounter = await openEncounter();
    const before = encounter.history!.events.length;
    const store = useReferenceStore();
    expect(await store.rollTable('es-serious-injuries', '4 2')).toBe(true);

    const events = encounter.history!.events;
    expect(events).toHaveLength(before + 1);
    const logged = events.at(-1)!;
    expect(logged).toMatchObject({
      type: 'roll-resolved',
      summary: 'Serious Injuries (D66): 42 → Ear torn off · −1 die on Wits rolls for hearing · 2D6 days',
      operation: 'reference-table-roll',
      roll: { id: useRollLogStore().rolls[0]!.id, source: 'physical', groups: [{ sides: 6, faces: [4, 2] }] },
    });
    expect(store.lastRolls['es-serious-injuries']!.encounterLog).toEqual({ name: 'Warehouse', problem: null });
    expect(useRollLogStore().rolls).toHaveLength(1);

    expect(await encounter.undo()).toBe(true);
    expect(encounter.history!.cursor).toBe(before);
    // Undo takes it out of the encounter's log only: the roll log keeps every roll made.
    expect(useRollLogStore().rolls).toHaveLength(1);
  });

  it("stay in the roll log and say why when the encounter's log refuses them", async () => {
    const encounter = await openEncounter();
    encounter.elsewhere = true;
    const store = useReferenceStore();
    expect(await store.rollTable('es-serious-injuries', '6 6')).toBe(true);
    expect(store.lastRolls['es-serious-injuries']!.encounterLog).toEqual({
      name: 'Warehouse',
      problem:
        'This encounter is open in another window; it is shown read-only here until that window closes it.',
    });
    expect(encounter.history!.events.some((event) => event.type === 'roll-resolved')).toBe(false);
    expect(useRollLogStore().rolls).toHaveLength(1);
  });

  it('go only into the roll log with no encounter open', async () => {
    const store = useReferenceStore();
    expect(await store.rollTable('es-serious-injuries', '4 2')).toBe(true);
    expect(store.lastRolls['es-serious-injuries']!.encounterLog).toBeNull();
    expect(useEncounterStore().history).toBeNull();
    expect(useRollLogStore().rolls).toHaveLength(1);
  });
});

describe('rows sent to the roll panel', () => {
  it('offers "Use in roll" only on rows a workflow of the roll panel’s system takes', async () => {
    const store = useReferenceStore();
    expect(store.canSendRow(weapons(), 2)).toBe(true);
    expect(store.canSendRow(weapons(), 3)).toBe(false);
    await useSettingsStore().selectSystem('hardware');
    expect(store.canSendRow(weapons(), 2)).toBe(false);
  });

  it('sends a row and says so, or shows the roll panel’s sentence', async () => {
    const store = useReferenceStore();
    store.sendRow(weapons(), 2);
    expect(store.sendNote).toEqual({
      tableId: 'es-weapons',
      rowIndex: 2,
      text: 'Knife is in the roll panel.',
      problem: false,
    });
    store.sendRow(weapons(), 5);
    expect(store.sendNote).toMatchObject({
      rowIndex: 5,
      problem: true,
      text: expect.stringMatching(/^No roll for .* uses rows of the Weapons Table table\.$/),
    });
  });
});
