import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTick } from 'vue';
import { componentHarness } from '../../test/component-harness.test-support';
import { addNpc, openNewEncounter } from '../../test/open-encounter.test-support';
import { useEncountersStore } from '../encounter/encounters-store';
import { runNow, type Schedule } from '../ui/afterPaint';
import { setRowOrderSchedule } from './row-order-schedule';

const harness = componentHarness('tracker-order');
// The build defines it; the panel's imports reach platform/gm.ts, which reads it.
vi.stubGlobal('__APP_VERSION__', '0.0.0-test');
const { default: TrackerPanel } = await import('./TrackerPanel.vue');
afterEach(() => void setRowOrderSchedule(runNow));

/** The rows' test ids, top to bottom. */
const rowIds = () =>
  [...harness.host.querySelectorAll('[data-testid="tracker-list"] .item > [data-testid^="combatant-"]')].map((row) =>
    row.getAttribute('data-testid'),
  );
const text = (id: string) => harness.host.querySelector(`[data-testid="${id}"]`)?.textContent?.replace(/\s+/g, ' ').trim() ?? null;

async function settle(): Promise<void> {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  await nextTick();
}

describe('the tracker list follows the order a frame behind', () => {
  it("draws a change to the order once its planned update runs, while a row's own change is drawn at once", async () => {
    const planned: (() => void)[] = [];
    const later: Schedule = (work) => void planned.push(work);
    const encounter = await openNewEncounter('Warehouse');
    await addNpc(encounter, 'g1', 'Guard');
    harness.mount(TrackerPanel);
    await settle();
    expect(rowIds()).toEqual(['combatant-guard']);
    const healthBefore = text('combatant-guard-health');

    setRowOrderSchedule(later);
    await addNpc(encounter, 'g2', 'Ganger');
    expect(await encounter.dispatch({ type: 'harm-applied', combatantId: 'g1', harm: { kind: 'damage', amount: 1 } })).toBe(true);
    await settle();
    // The hit is drawn; the new row waits for the one update planned for both changes.
    expect(text('combatant-guard-health')).not.toBe(healthBefore);
    expect(rowIds()).toEqual(['combatant-guard']);
    expect(planned).toHaveLength(1);
    planned.shift()!();
    await settle();
    expect(rowIds()).toEqual(['combatant-guard', 'combatant-ganger']);

    // Another encounter is drawn at once, with nothing left planned.
    const other = await useEncountersStore().create('Docks', 'electric-state');
    await addNpc(encounter, 'g3', 'Lookout');
    expect(planned).toHaveLength(1);
    expect(await encounter.open(other!)).toBe(true);
    await settle();
    expect(rowIds()).toEqual([]);
    expect(text('tracker-panel')).toContain('No combatants yet');
    planned.shift()!();
    await settle();
    expect(rowIds()).toEqual([]);
  });
});
