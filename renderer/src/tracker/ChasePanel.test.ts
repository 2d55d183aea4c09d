import { describe, expect, it } from 'vitest';
import { nextTick } from 'vue';
import type { NewCombatant } from '../../../shared/encounter/events';
import { useEncounterStore } from '../encounter/encounter-store';
import { useEncountersStore } from '../encounter/encounters-store';
import ChasePanel from './ChasePanel.vue';
import { componentHarness } from '../../test/component-harness.test-support';

const harness = componentHarness('chase-panel');

const roster: NewCombatant[] = [
  { id: 'officer', name: 'Officer', kind: 'npc', side: 'opponents', stats: { reaction: 3 } },
  { id: 'van', name: 'Van', kind: 'npc', side: 'party', stats: { vehicle: true, handling: 1 } },
  { id: 'rigger', name: 'Rigger', kind: 'pc', side: 'party', stats: { reaction: 5 } },
  { id: 'patrol', name: 'Patrol Car', kind: 'npc', side: 'opponents', stats: { vehicle: true } },
  { id: 'drone', name: 'Drone', kind: 'npc', side: 'opponents', stats: { vehicle: true, autonomous: true, pilot: 3 } },
];

async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  await nextTick();
}

async function mountWithRoster() {
  const id = await useEncountersStore().create('Chase test', 'shadowrun-4e');
  const encounter = useEncounterStore();
  expect(await encounter.open(id!)).toBe(true);
  for (const combatant of roster) expect(await encounter.dispatch({ type: 'combatant-added', combatant })).toBe(true);
  harness.mount(ChasePanel);
  await nextTick();
  const byTestId = <T extends HTMLElement = HTMLElement>(testId: string) => harness.host.querySelector<T>(`[data-testid="${testId}"]`);
  return { encounter, byTestId };
}

describe('the chase section', () => {
  it('starts with each vehicle driven by someone of its side, the drone on its own Pilot, the party’s van as the quarry', async () => {
    const { encounter, byTestId } = await mountWithRoster();
    byTestId('chase-open')!.click();
    await nextTick();
    expect(byTestId<HTMLSelectElement>('chase-driver-van')!.value).toBe('rigger');
    expect(byTestId<HTMLSelectElement>('chase-driver-patrol-car')!.value).toBe('officer');
    expect(byTestId<HTMLSelectElement>('chase-driver-drone')!.value).toBe('');
    expect(byTestId<HTMLSelectElement>('chase-pursuer-0')!.value).toBe('patrol');
    expect(byTestId<HTMLSelectElement>('chase-quarry-0')!.value).toBe('van');
    byTestId('chase-add-pair')!.click();
    await nextTick();
    const pursuer = byTestId<HTMLSelectElement>('chase-pursuer-1')!;
    pursuer.value = 'drone';
    pursuer.dispatchEvent(new Event('change'));
    byTestId('chase-start')!.click();
    await settle();
    expect(encounter.error).toBeNull();
    expect(encounter.state!.chase).toMatchObject({
      turn: 1,
      terrain: 'light',
      vehicles: [
        { vehicleId: 'van', driverId: 'rigger' },
        { vehicleId: 'patrol', driverId: 'officer' },
        { vehicleId: 'drone', driverId: null },
      ],
      pairs: [
        { pursuerId: 'patrol', quarryId: 'van', range: 'medium' },
        { pursuerId: 'drone', quarryId: 'van', range: 'medium' },
      ],
    });
    expect(byTestId('chase-turn')!.textContent).toBe('Chase Turn 1 · Light (threshold 2)');
    expect(byTestId('chase-pair-drone')!.textContent).toContain('Drone (its own Pilot) chases Van (Rigger)');
  });

  it('a vehicle left out of every pair is refused with the tracker’s sentence, and nothing starts', async () => {
    const { encounter, byTestId } = await mountWithRoster();
    byTestId('chase-open')!.click();
    await nextTick();
    byTestId('chase-start')!.click();
    await settle();
    expect(encounter.error).toBe('Drone is in the chase but neither pursues nor flees anyone.');
    expect(encounter.state!.chase).toBeUndefined();
    expect(byTestId('chase-start')).not.toBeNull();
  });

  it('sets a range by hand, advances the Chase Turn with a new terrain, and ends the chase', async () => {
    const { encounter, byTestId } = await mountWithRoster();
    await encounter.dispatch({
      type: 'chase-started',
      terrain: 'open',
      vehicles: [
        { vehicleId: 'van', driverId: 'rigger' },
        { vehicleId: 'patrol', driverId: 'officer' },
      ],
      pairs: [{ pursuerId: 'patrol', quarryId: 'van', range: 'long' }],
    });
    await nextTick();
    const range = byTestId<HTMLSelectElement>('chase-range-patrol-car')!;
    range.value = 'short';
    range.dispatchEvent(new Event('change'));
    await settle();
    expect(encounter.state!.chase!.pairs[0]!.range).toBe('short');
    const terrain = byTestId<HTMLSelectElement>('chase-next-terrain')!;
    terrain.value = 'tight';
    terrain.dispatchEvent(new Event('change'));
    byTestId('chase-next-turn')!.click();
    await settle();
    expect(byTestId('chase-turn')!.textContent).toBe('Chase Turn 2 · Tight (threshold 4)');
    byTestId('chase-end')!.click();
    await settle();
    expect(encounter.state!.chase).toBeUndefined();
    expect(byTestId('chase-open')).not.toBeNull();
  });
});
