import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import { createSeededSource } from '../../../shared/dice/random';
import { initiativeParticipants } from '../../../shared/encounter/reducer';
import { GmDatabase, setDatabase } from '../db/database';
import { setRandomSource } from '../platform/random';
import { useEncounterStore } from '../encounter/encounter-store';
import { useEncountersStore } from '../encounter/encounters-store';
import { useResolveStore } from './resolve-store';

let n = 0;
beforeEach(() => {
  setActivePinia(createPinia());
  setDatabase(new GmDatabase(`gm-screen-resolve-turn-test-${n++}`));
  setRandomSource(createSeededSource('resolve-turn-test'));
});

describe('resolve store: where the fight is', () => {
  it('gives the workflows the round and the Initiative Pass of the running fight, none before the start', async () => {
    const id = await useEncountersStore().create('Alley', 'shadowrun-4e');
    const encounter = useEncounterStore();
    expect(await encounter.open(id!)).toBe(true);
    const resolve = useResolveStore();
    await encounter.dispatch({
      type: 'combatant-added',
      combatant: { id: 'ghost', name: 'Ghost', kind: 'pc', side: 'party', stats: { reaction: 5, intuition: 4, passes: 2 } },
    });
    await encounter.dispatch({
      type: 'combatant-added',
      combatant: { id: 'ganger', name: 'Ganger', kind: 'npc', side: 'opponents', stats: { reaction: 3, intuition: 3, passes: 1 } },
    });
    expect(resolve.context.turn).toBeUndefined();
    await encounter.dispatch({ type: 'encounter-started' });
    // Round 1 waits for its Initiative: its first pass is the one to come.
    expect(resolve.context.turn).toEqual({ round: 1, pass: 1 });

    const rules = encounter.tracker!;
    const entries = initiativeParticipants(encounter.state!, rules).map((p) =>
      rules.initiative.score(p, Array(rules.initiative.dice(p, encounter.state!.toggles).count).fill(p.id === 'ghost' ? 5 : 2), encounter.state!.toggles),
    );
    await encounter.dispatch({ type: 'initiative-rolled', entries, rolls: [] });
    expect(encounter.state!.current).toEqual({ combatantId: 'ghost', pass: 1 });
    const first = resolve.context.turn;
    expect(first).toEqual({ round: 1, pass: 1 });
    await encounter.dispatch({ type: 'turn-advanced' });
    // The Ganger's turn, still pass 1: the same object, so nothing downstream recomputes.
    expect(resolve.context.turn).toBe(first);
    await encounter.dispatch({ type: 'turn-advanced' });
    expect(resolve.context.turn).toEqual({ round: 1, pass: 2 });
    await encounter.dispatch({ type: 'encounter-ended' });
    expect(resolve.context.turn).toBeUndefined();
  });
});
