import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SheetWeapon } from '../../../shared/system-kit/tracker-rules';
import { customWeaponDefaults, weaponRulesFor } from './useWeaponList';
import { GmDatabase, getDatabase, setDatabase } from '../db/database';
import { useBestiaryStore } from './bestiary-store';
import { useEncounterStore } from '../encounter/encounter-store';
import { useEncountersStore } from '../encounter/encounters-store';

let n = 0;
beforeEach(() => {
  setActivePinia(createPinia());
  setDatabase(new GmDatabase(`gm-screen-bestiary-test-${n++}`));
});

const guard = { strength: 3, agility: 3, wits: 2, empathy: 1, armor: 2 };
// A custom weapon with the starting values of Electric State's weapon fields: valid whatever they are.
const shotgun: SheetWeapon = { id: 'w1', name: 'Sawn-off', values: customWeaponDefaults(weaponRulesFor('electric-state').fields) };

async function newEncounter() {
  const id = await useEncountersStore().create('Mall', 'electric-state');
  const encounter = useEncounterStore();
  expect(await encounter.open(id!)).toBe(true);
  return encounter;
}

describe('bestiary store: sheets with weapons', () => {
  it('keeps a template\'s weapons when it saves and duplicates it', async () => {
    const bestiary = useBestiaryStore();
    const id = await bestiary.save('electric-state', { name: 'Looter', kind: 'npc', stats: guard, weapons: [shotgun], notes: '' });
    const row = await getDatabase().templates.get(id!);
    expect(row!.weapons).toEqual([shotgun]);
    const copy = await bestiary.duplicate(row!);
    expect((await getDatabase().templates.get(copy!))!.weapons).toEqual([shotgun]);
  });

  it('refuses a template whose weapon has no name, with the reason, and stores nothing', async () => {
    const bestiary = useBestiaryStore();
    const id = await bestiary.save('electric-state', { name: 'Looter', kind: 'npc', stats: guard, weapons: [{ ...shotgun, name: ' ' }], notes: '' });
    expect(id).toBeNull();
    expect(bestiary.error).toBe('Weapon 1 needs a name of 1 to 60 characters.');
    expect(await getDatabase().templates.count()).toBe(0);
  });

  it('adds a group from a sheet with no template: numbered, one group, each with the weapons and no template id', async () => {
    const encounter = await newEncounter();
    const added = await useBestiaryStore().addToEncounter(
      { name: 'Looter', kind: 'npc', stats: guard, weapons: [shotgun], notes: 'Hungry' },
      3,
      { side: 'opponents', group: true },
    );
    expect(added).toBe(true);
    const combatants = encounter.state!.combatants;
    expect(combatants.map((c) => c.name)).toEqual(['Looter 1', 'Looter 2', 'Looter 3']);
    expect(combatants.map((c) => c.weapons)).toEqual([[shotgun], [shotgun], [shotgun]]);
    expect(combatants.map((c) => c.templateId)).toEqual([null, null, null]);
    expect(encounter.state!.groups.map((g) => g.name)).toEqual(['Looter ×3']);
    expect(new Set(combatants.map((c) => c.groupId)).size).toBe(1);
  });

  it('a template\'s id goes with the combatants added from it', async () => {
    const encounter = await newEncounter();
    await useBestiaryStore().addToEncounter({ id: 't1', name: 'Looter', kind: 'npc', stats: guard, notes: '' }, 1, { side: 'opponents', group: false });
    expect(encounter.state!.combatants.map((c) => [c.name, c.templateId, c.weapons])).toEqual([['Looter', 't1', []]]);
  });
});
