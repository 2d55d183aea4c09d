import { afterEach, describe, expect, it, vi } from 'vitest';
import { h, nextTick } from 'vue';
import { componentHarness } from '../../test/component-harness.test-support';
import { addNpc, openNewEncounter, startWithInitiativeInOrder } from '../../test/open-encounter.test-support';
import type { useEncounterStore } from '../encounter/encounter-store';
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
    // The hit is drawn; the new row waits for the update planned for both changes (one for the
    // rows' order, one for the progress line and who is next).
    expect(text('combatant-guard-health')).not.toBe(healthBefore);
    expect(rowIds()).toEqual(['combatant-guard']);
    expect(planned).toHaveLength(2);
    for (const work of planned.splice(0)) work();
    await settle();
    expect(rowIds()).toEqual(['combatant-guard', 'combatant-ganger']);

    // Another encounter is drawn at once, with nothing left planned.
    const other = await useEncountersStore().create('Docks', 'electric-state');
    await addNpc(encounter, 'g3', 'Lookout');
    expect(planned).toHaveLength(2);
    expect(await encounter.open(other!)).toBe(true);
    await settle();
    expect(rowIds()).toEqual([]);
    expect(text('tracker-panel')).toContain('No combatants yet');
    for (const work of planned.splice(0)) work();
    await settle();
    expect(rowIds()).toEqual([]);
  });
});

/** Ana, Guard and Drone in a started Electric State fight, initiative 1, 2, 3 in that order. */
async function runningFight(): Promise<ReturnType<typeof useEncounterStore>> {
  const encounter = await openNewEncounter('Warehouse');
  for (const [id, name] of [['ana', 'Ana'], ['guard', 'Guard'], ['drone', 'Drone']] as const) await addNpc(encounter, id, name);
  await startWithInitiativeInOrder(encounter);
  return encounter;
}

const nextUp = () => harness.host.querySelector('.next')?.textContent ?? null;

describe('where the fight is follows with the order', () => {
  it('draws a hit that changes the rest of the round a frame later, and a turn taken at once', async () => {
    const planned: (() => void)[] = [];
    const encounter = await runningFight();
    harness.mount(TrackerPanel);
    await settle();
    expect(text('tracker-round')).toBe('Round 1 · Turn 1 of 3');
    expect(nextUp()).toBe('next: Guard, Drone');

    setRowOrderSchedule((work) => void planned.push(work));
    // Broken, the Guard loses its turn: the round has one turn fewer and the Drone is next.
    expect(await encounter.dispatch({ type: 'harm-applied', combatantId: 'guard', harm: { kind: 'damage', amount: 9 } })).toBe(true);
    await settle();
    expect(text('tracker-round')).toBe('Round 1 · Turn 1 of 3');
    expect(nextUp()).toBe('next: Guard, Drone');
    expect(planned).toHaveLength(2);
    for (const work of planned.splice(0)) work();
    await settle();
    expect(text('tracker-round')).toBe('Round 1 · Turn 1 of 2');
    expect(nextUp()).toBe('next: Drone');

    // The turn moves: drawn in the change, with nothing planned.
    expect(await encounter.dispatch({ type: 'turn-advanced' })).toBe(true);
    await settle();
    expect(text('tracker-round')).toBe('Round 1 · Turn 2 of 2');
    expect(nextUp()).toBeNull();
    expect(planned).toHaveLength(0);
    // And back, at once too.
    expect(await encounter.dispatch({ type: 'turn-rewound' })).toBe(true);
    await settle();
    expect(text('tracker-round')).toBe('Round 1 · Turn 1 of 2');
    expect(nextUp()).toBe('next: Drone');
    expect(planned).toHaveLength(0);
  });
});

describe('a hit redraws its row, not the panel', () => {
  it("leaves the panel's own template alone when a combatant's health changes, and redraws it for a turn", async () => {
    const encounter = await runningFight();
    const redrawn = vi.fn();
    harness.mount({ render: () => h(TrackerPanel, { onVnodeUpdated: redrawn }) });
    await settle();
    redrawn.mockClear();
    const healthBefore = text('combatant-drone-health');

    expect(await encounter.dispatch({ type: 'harm-applied', combatantId: 'drone', harm: { kind: 'damage', amount: 1 } })).toBe(true);
    await settle();
    expect(text('combatant-drone-health')).not.toBe(healthBefore);
    expect(redrawn).not.toHaveBeenCalled();

    // A turn changes what the panel itself shows (the progress line, who acts).
    expect(await encounter.dispatch({ type: 'turn-advanced' })).toBe(true);
    await settle();
    expect(redrawn).toHaveBeenCalled();
    expect(text('tracker-current')).toBe('▶ Guard');
  });
});
