import { describe, expect, it, vi } from 'vitest';
import { h, nextTick } from 'vue';
import { componentHarness } from '../../test/component-harness.test-support';
import { useEncounterStore } from '../encounter/encounter-store';
import { useEncountersStore } from '../encounter/encounters-store';
import EncounterPicker from './EncounterPicker.vue';

const harness = componentHarness('encounter-picker');
const GANGER = { strength: 3, agility: 2, wits: 2, empathy: 1, armor: 1 };
const text = (id: string) => harness.host.querySelector(`[data-testid="${id}"]`)?.textContent?.trim() ?? null;

describe('EncounterPicker', () => {
  it("shows the open encounter's name and system, redrawn when the name changes and not for other changes", async () => {
    const redrawn = vi.fn();
    harness.mount({ render: () => h(EncounterPicker, { onVnodeUpdated: redrawn }) });
    expect(text('encounter-current')).toBe('No encounter open');

    const id = await useEncountersStore().create('Warehouse', 'electric-state');
    const encounter = useEncounterStore();
    expect(await encounter.open(id!)).toBe(true);
    await nextTick();
    expect(text('encounter-current-name')).toBe('Warehouse');
    expect(harness.host.querySelector('[data-testid="encounter-current-system"]')?.getAttribute('title')).toBe('The Electric State RPG (Year Zero Engine)');
    redrawn.mockClear();

    // A change to the state (a combatant joins), not only to the log.
    expect(
      await encounter.dispatch({
        type: 'combatant-added',
        combatant: { id: 'g1', name: 'Ganger', kind: 'npc', side: 'opponents', stats: GANGER },
      }),
    ).toBe(true);
    await nextTick();
    expect(redrawn).not.toHaveBeenCalled();

    expect(await encounter.dispatch({ type: 'encounter-renamed', name: 'Docks' })).toBe(true);
    await nextTick();
    expect(redrawn).toHaveBeenCalledTimes(1);
    expect(text('encounter-current-name')).toBe('Docks');
  });
});
