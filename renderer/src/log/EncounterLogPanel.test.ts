import { afterEach, describe, expect, it, vi } from 'vitest';
import { h, nextTick } from 'vue';
import { componentHarness } from '../../test/component-harness.test-support';
import { addNpc, openNewEncounter } from '../../test/open-encounter.test-support';
import { runNow, setPanelSchedule, type Schedule } from '../ui/afterPaint';
import EncounterLogPanel from './EncounterLogPanel.vue';

const harness = componentHarness('log-panel');
afterEach(() => void setPanelSchedule(runNow));

const text = (id: string) => harness.host.querySelector(`[data-testid="${id}"]`)?.textContent?.trim() ?? null;

describe('EncounterLogPanel', () => {
  it('redraws for a change only when its planned update runs, not in the change itself', async () => {
    const planned: (() => void)[] = [];
    const later: Schedule = (work) => void planned.push(work);
    setPanelSchedule(later);
    const redrawn = vi.fn();
    harness.mount({ render: () => h(EncounterLogPanel, { onVnodeUpdated: redrawn }) });
    expect(text('log-empty')).toBe('Open or create an encounter: everything that happens in it is logged here.');

    const encounter = await openNewEncounter('Warehouse');
    await nextTick();
    // An encounter opening is shown at once.
    expect(text('log-empty')).toBeNull();
    expect(text('log-count')).toBe('1 entry');
    redrawn.mockClear();

    await addNpc(encounter, 'g1', 'Ganger');
    await nextTick();
    expect(redrawn).not.toHaveBeenCalled();
    expect(text('log-count')).toBe('1 entry');
    expect(planned).toHaveLength(1);

    planned.shift()!();
    await nextTick();
    expect(redrawn).toHaveBeenCalledTimes(1);
    expect(text('log-count')).toBe('2 entries');
  });
});
