import { describe, expect, it, vi } from 'vitest';
import { h, nextTick } from 'vue';
import { componentHarness } from '../../test/component-harness.test-support';
import { addNpc, openNewEncounter } from '../../test/open-encounter.test-support';
import EncounterPicker from './EncounterPicker.vue';

const harness = componentHarness('encounter-picker');
const text = (id: string) => harness.host.querySelector(`[data-testid="${id}"]`)?.textContent?.trim() ?? null;

describe('EncounterPicker', () => {
  it("shows the open encounter's name and system, redrawn when the name changes and not for other changes", async () => {
    const redrawn = vi.fn();
    harness.mount({ render: () => h(EncounterPicker, { onVnodeUpdated: redrawn }) });
    expect(text('encounter-current')).toBe('No encounter open');

    const encounter = await openNewEncounter('Warehouse');
    await nextTick();
    expect(text('encounter-current-name')).toBe('Warehouse');
    expect(harness.host.querySelector('[data-testid="encounter-current-system"]')?.getAttribute('title')).toBe('The Electric State RPG (Year Zero Engine)');
    redrawn.mockClear();

    await addNpc(encounter, 'g1', 'Ganger');
    await nextTick();
    expect(redrawn).not.toHaveBeenCalled();

    expect(await encounter.dispatch({ type: 'encounter-renamed', name: 'Docks' })).toBe(true);
    await nextTick();
    expect(redrawn).toHaveBeenCalledTimes(1);
    expect(text('encounter-current-name')).toBe('Docks');
  });
});
