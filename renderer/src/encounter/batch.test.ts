import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import { GmDatabase, getDatabase, setDatabase, type TemplateRow } from '../db/database';
import { loadFullLog } from '../db/encounter-repository';
import { useBestiaryStore } from '../sheets/bestiary-store';
import { useEncounterStore } from './encounter-store';
import { useEncountersStore } from './encounters-store';

let n = 0;
beforeEach(() => {
  setActivePinia(createPinia());
  setDatabase(new GmDatabase(`gm-screen-batch-test-${n++}`));
});

const guard = { strength: 3, agility: 3, wits: 2, empathy: 1, armor: 2 };

async function openNew() {
  const id = (await useEncountersStore().create('Batch', 'electric-state'))!;
  const encounter = useEncounterStore();
  expect(await encounter.open(id)).toBe(true);
  return { id, encounter };
}

function template(name: string): TemplateRow {
  return { id: 't1', systemId: 'electric-state', name, kind: 'npc', stats: guard, notes: '', updatedAt: '2026-12-01T00:00:00.000Z' };
}

describe('changes made as one', () => {
  it('writes every change of a batch or none: a refused change anywhere leaves state and disk as they were', async () => {
    const { id, encounter } = await openNew();
    const before = encounter.state;
    const ok = await encounter.dispatchAll([
      { type: 'note-added', text: 'first' },
      { type: 'combatant-added', combatant: { id: 'c1', name: 'Guard', kind: 'npc', side: 'opponents', stats: guard } },
      { type: 'harm-applied', combatantId: 'c1', harm: { kind: 'damage', amount: -1 } },
    ]);
    expect(ok).toBe(false);
    expect(encounter.error).toBe('The amount must be a whole number from 0 to 1000, not -1.');
    expect(encounter.state).toBe(before);
    expect((await loadFullLog(getDatabase(), id)).map((r) => r.event.type)).toEqual(['encounter-created']);
  });

  it('adds a numbered, grouped set from a template with a long name in one undoable step, names shortened to fit', async () => {
    const { id, encounter } = await openNew();
    const name = 'G'.repeat(78);
    expect(await useBestiaryStore().addToEncounter(template(name), 12, { side: 'opponents', group: true })).toBe(true);
    const { combatants, groups } = encounter.state!;
    expect(combatants.map((c) => c.name)).toEqual([
      ...Array.from({ length: 9 }, (_, i) => `${name} ${i + 1}`),
      `${'G'.repeat(76)}… 10`,
      `${'G'.repeat(76)}… 11`,
      `${'G'.repeat(76)}… 12`,
    ]);
    expect(groups.map((g) => g.name)).toEqual([`${'G'.repeat(75)}… ×12`]);
    expect(combatants.every((c) => c.groupId === groups[0]!.id)).toBe(true);
    // One transaction: 12 combatants and the group are rows 1–13, and one undo takes the group back.
    expect((await loadFullLog(getDatabase(), id)).map((r) => r.event.type)).toEqual([
      'encounter-created',
      ...Array.from({ length: 12 }, () => 'combatant-added'),
      'group-formed',
    ]);
    await encounter.undo();
    expect(encounter.state!.groups).toEqual([]);
  });

  it('adds nothing when the set cannot be added whole', async () => {
    const { id, encounter } = await openNew();
    expect(await useBestiaryStore().addToEncounter(template('Guard'), 3, { side: 'nobody', group: true })).toBe(false);
    expect(encounter.error).toBe('There is no side "nobody" in this encounter.');
    expect(encounter.state!.combatants).toEqual([]);
    expect(await loadFullLog(getDatabase(), id)).toHaveLength(1);
  });

  it('names the round reached in the list and the resume offer as soon as the change is written', async () => {
    const { encounter } = await openNew();
    await encounter.dispatchAll([
      { type: 'combatant-added', combatant: { id: 'c1', name: 'Guard', kind: 'npc', side: 'opponents', stats: guard } },
      { type: 'encounter-started' },
    ]);
    expect(encounter.state!.round).toBe(1);
    const list = useEncountersStore();
    expect((await list.lastOpen())!.round).toBe(1);
    await list.refresh();
    expect(list.rows[0]!.round).toBe(1);
  });
});
