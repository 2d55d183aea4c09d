import { expect } from 'vitest';
import { initiativeParticipants } from '../../shared/encounter/reducer';
import { useEncounterStore } from '../src/encounter/encounter-store';
import { useEncountersStore } from '../src/encounter/encounters-store';

/** An Electric State NPC's stats, for tests that only need someone in the fight. */
export const ELECTRIC_STATE_NPC = { strength: 3, agility: 3, wits: 2, empathy: 1, armor: 2 };

/** Creates an Electric State encounter and opens it in the encounter store. */
export async function openNewEncounter(name: string): Promise<ReturnType<typeof useEncounterStore>> {
  const id = await useEncountersStore().create(name, 'electric-state');
  const encounter = useEncounterStore();
  expect(await encounter.open(id!)).toBe(true);
  return encounter;
}

/** An NPC joins the open encounter: a change to its state, not only to its log. */
export async function addNpc(encounter: ReturnType<typeof useEncounterStore>, id: string, name: string): Promise<void> {
  expect(
    await encounter.dispatch({ type: 'combatant-added', combatant: { id, name, kind: 'npc', side: 'opponents', stats: ELECTRIC_STATE_NPC } }),
  ).toBe(true);
}

/** Starts the open encounter and scores its participants' initiative 1, 2, 3… in the order they joined. */
export async function startWithInitiativeInOrder(encounter: ReturnType<typeof useEncounterStore>): Promise<void> {
  expect(await encounter.dispatch({ type: 'encounter-started' })).toBe(true);
  const rules = encounter.tracker!;
  const entries = initiativeParticipants(encounter.state!, rules).map((p, i) =>
    rules.initiative.score(p, [i + 1], encounter.state!.toggles),
  );
  expect(await encounter.dispatch({ type: 'initiative-rolled', entries, rolls: [] })).toBe(true);
}
