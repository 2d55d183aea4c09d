import { afterEach, describe, expect, it, vi } from 'vitest';
import { h, nextTick } from 'vue';
import { componentHarness } from '../../test/component-harness.test-support';
import { useEncounterStore } from '../encounter/encounter-store';
import { useEncountersStore } from '../encounter/encounters-store';
import { runNow, setPanelSchedule, type Schedule } from '../ui/afterPaint';
import EncounterLogPanel from './EncounterLogPanel.vue';

const harness = componentHarness('log-panel');
afterEach(() => void setPanelSchedule(runNow));

const GANGER = { strength: 3, agility: 2, wits: 2, empathy: 1, armor: 1 };
const text = (id: string) => harness.host.querySelector(`[data-testid="${id}"]`)?.textContent?.trim() ?? null;

describe('EncounterLogPanel', () => {
  it('redraws for a change only when its planned update runs, not in the change itself', async () => {
    const planned: (() => void)[] = [];
    const later: Schedule = (work) => void planned.push(work);
    setPanelSchedule(later);
    const redrawn = vi.fn();
    harness.mount({ render: () => h(EncounterLogPanel, { onVnodeUpdated: redrawn }) });
    expect(text('log-empty')).toBe('Open or create an encounter: everything that happens in it is logged here.');

    const id = await useEncountersStore().create('Warehouse', 'electric-state');
    const encounter = useEncounterStore();
    expect(await encounter.open(id!)).toBe(true);
    await nextTick();
    // An encounter opening is shown at once.
    expect(text('log-empty')).toBeNull();
    expect(text('log-count')).toBe('1 entry');
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
    expect(text('log-count')).toBe('1 entry');
    expect(planned).toHaveLength(1);

    planned.shift()!();
    await nextTick();
    expect(redrawn).toHaveBeenCalledTimes(1);
    expect(text('log-count')).toBe('2 entries');
  });
});
