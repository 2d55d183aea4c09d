import { describe, expect, it } from 'vitest';
import { defineComponent, h, nextTick } from 'vue';
import { loadedSystem } from '../systems/loaded-systems';
import type { EncounterEvent } from '../../../shared/encounter/events';
import { useEncounterStore } from '../encounter/encounter-store';
import { useEncountersStore } from '../encounter/encounters-store';
import CombatantDetail from './CombatantDetail.vue';
import CombatantRow from './CombatantRow.vue';
import ConditionAdder from './ConditionAdder.vue';
import { componentHarness } from '../../test/component-harness.test-support';

/** The tracker's controls for what the players see: an NPC's numbers, each condition, a condition added as seen. */

const harness = componentHarness('player-reveal');

const ganger = [...loadedSystem('shadowrun-4e').presets].find((p) => p.name === 'Ganger')!;
const samurai = [...loadedSystem('shadowrun-4e').presets].find((p) => p.name === 'Street samurai')!;

/** A Shadowrun encounter with Ganger 1 (NPC, prone) and Ghost (PC); `render` draws from the live state. */
async function mount(render: (encounter: ReturnType<typeof useEncounterStore>) => ReturnType<typeof h>) {
  const id = await useEncountersStore().create('Docks', 'shadowrun-4e');
  const encounter = useEncounterStore();
  expect(await encounter.open(id!)).toBe(true);
  expect(
    await encounter.dispatchAll([
      { type: 'combatant-added', combatant: { id: 'g1', name: 'Ganger 1', kind: 'npc', side: 'opponents', stats: ganger.stats } },
      { type: 'combatant-added', combatant: { id: 'ghost', name: 'Ghost', kind: 'pc', side: 'party', stats: samurai.stats } },
      { type: 'condition-added', combatantId: 'g1', instanceId: 'prone-1', condition: { conditionId: 'prone', label: 'Prone' } },
    ]),
  ).toBe(true);
  harness.mount(defineComponent(() => () => render(encounter)));
  await nextTick();
  const byTestId = <T extends HTMLElement = HTMLElement>(testId: string) =>
    harness.host.querySelector<T>(`[data-testid="${testId}"]`);
  const last = (): Omit<EncounterEvent, 'id' | 'at'> => {
    const history = encounter.history!;
    const { id: _id, at: _at, ...rest } = history.events[history.cursor - 1]!;
    return rest;
  };
  return { encounter, byTestId, last, count: () => encounter.history!.cursor };
}

async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  await nextTick();
}

const combatant = (encounter: ReturnType<typeof useEncounterStore>, id: string) =>
  encounter.state!.combatants.find((c) => c.id === id)!;

describe("an NPC's numbers on the player view", () => {
  it('the detail\'s "Numbers shown to players" dispatches combatant-numbers-shown on and off, and says what the players see', async () => {
    const { encounter, byTestId, last } = await mount((e) =>
      h(CombatantDetail, { combatant: combatant(e, 'g1'), current: false, testId: 'd' }),
    );
    const box = byTestId<HTMLInputElement>('d-numbers-shown')!;
    expect(box.checked).toBe(false);
    expect(box.closest('label')!.textContent!.trim()).toBe('Numbers shown to players');
    expect(byTestId('d-numbers-shown-hint')!.textContent!.trim()).toBe(
      'The players see its health as a word: unhurt, wounded, badly hurt or down.',
    );

    box.click();
    await settle();
    expect(last()).toEqual({ type: 'combatant-numbers-shown', combatantId: 'g1', shown: true });
    expect(combatant(encounter, 'g1').numbersShown).toBe(true);
    expect(byTestId<HTMLInputElement>('d-numbers-shown')!.checked).toBe(true);
    expect(byTestId('d-numbers-shown-hint')!.textContent!.trim()).toBe('The players see its health as numbers.');

    byTestId<HTMLInputElement>('d-numbers-shown')!.click();
    await settle();
    expect(last()).toEqual({ type: 'combatant-numbers-shown', combatantId: 'g1', shown: false });
    expect(combatant(encounter, 'g1').numbersShown).toBeUndefined();

    // Undo brings the numbers back, as for any other change.
    await encounter.undo();
    await settle();
    expect(combatant(encounter, 'g1').numbersShown).toBe(true);
    expect(byTestId<HTMLInputElement>('d-numbers-shown')!.checked).toBe(true);
  });

  it('a PC has no such toggle: the players always see its numbers', async () => {
    const { byTestId } = await mount((e) => h(CombatantDetail, { combatant: combatant(e, 'ghost'), current: false, testId: 'd' }));
    expect(byTestId('d-numbers-shown')).toBeNull();
    expect(harness.host.textContent).not.toContain('Numbers shown to players');
  });

  it('the row marks its kind tag with an eye (and words for screen readers) only while they are shown', async () => {
    const { encounter, byTestId } = await mount((e) =>
      h(CombatantRow, {
        combatant: combatant(e, 'g1'),
        current: false,
        initiative: null,
        initiativeTitle: null,
        initiativeMoved: false,
        groupName: null,
        expanded: false,
        selectable: false,
        selected: false,
        testId: 'r',
      }),
    );
    expect(byTestId('r-numbers-shown')).toBeNull();
    expect(await encounter.dispatch({ type: 'combatant-numbers-shown', combatantId: 'g1', shown: true })).toBe(true);
    await settle();
    const cue = byTestId('r-numbers-shown')!;
    expect(cue.textContent).toBe(', numbers shown to players');
    expect(cue.querySelector('svg circle')).not.toBeNull();
    expect(cue.parentElement!.textContent).toBe('NPC, numbers shown to players');
    expect(cue.parentElement!.title).toBe('The players see its health as numbers');
    // Hidden from the players again: the cue goes.
    expect(await encounter.dispatch({ type: 'combatant-numbers-shown', combatantId: 'g1', shown: false })).toBe(true);
    await settle();
    expect(byTestId('r-numbers-shown')).toBeNull();
  });
});

describe('conditions on the player view', () => {
  const row = (e: ReturnType<typeof useEncounterStore>) =>
    h(CombatantRow, {
      combatant: combatant(e, 'g1'),
      current: false,
      initiative: null,
      initiativeTitle: null,
      initiativeMoved: false,
      groupName: null,
      expanded: false,
      selectable: false,
      selected: false,
      testId: 'r',
    });

  it("a chip's eye dispatches condition-visibility-set, its pressed state, label and icon saying which", async () => {
    const { encounter, byTestId, last } = await mount(row);
    const eye = () => byTestId<HTMLButtonElement>('r-conditions-sees-prone')!;
    expect(eye().getAttribute('aria-label')).toBe('Players see Prone on Ganger 1');
    expect(eye().getAttribute('aria-pressed')).toBe('false');
    expect(eye().title).toBe('Only you see it: click to show it to the players');
    // Not seen: the eye is struck through (a line, no pupil).
    expect(eye().querySelector('circle')).toBeNull();

    eye().click();
    await settle();
    expect(last()).toEqual({ type: 'condition-visibility-set', combatantId: 'g1', instanceId: 'prone-1', visible: true });
    expect(combatant(encounter, 'g1').conditions[0]!.visible).toBe(true);
    expect(eye().getAttribute('aria-pressed')).toBe('true');
    expect(eye().title).toBe('Players see it: click to keep it to yourself');
    expect(eye().querySelector('circle')).not.toBeNull();

    eye().click();
    await settle();
    expect(last()).toEqual({ type: 'condition-visibility-set', combatantId: 'g1', instanceId: 'prone-1', visible: false });
    expect(combatant(encounter, 'g1').conditions[0]!.visible).toBeUndefined();
    expect(eye().getAttribute('aria-pressed')).toBe('false');

    await encounter.undo();
    await settle();
    expect(eye().getAttribute('aria-pressed')).toBe('true');
  });

  it('"Players see it" in the add-condition form adds the condition as seen, then clears itself', async () => {
    const { encounter, byTestId, last } = await mount((e) => h(ConditionAdder, { combatant: combatant(e, 'ghost'), testId: 'a' }));
    const select = byTestId<HTMLSelectElement>('a-condition')!;
    select.value = 'prone';
    select.dispatchEvent(new Event('change'));
    const sees = byTestId<HTMLInputElement>('a-condition-sees')!;
    expect(sees.closest('label')!.textContent!.trim()).toBe('Players see it');
    sees.click();
    byTestId<HTMLButtonElement>('a-condition-add')!.click();
    await settle();
    const added = last();
    expect(added).toMatchObject({ type: 'condition-added', combatantId: 'ghost', condition: { conditionId: 'prone', label: 'Prone' }, visible: true });
    expect(combatant(encounter, 'ghost').conditions.map((c) => [c.label, c.visible])).toEqual([['Prone', true]]);
    expect(byTestId<HTMLInputElement>('a-condition-sees')!.checked).toBe(false);
  });

  it('without "Players see it" the condition is added for the GM only (no visible on the event)', async () => {
    const { encounter, byTestId, last } = await mount((e) => h(ConditionAdder, { combatant: combatant(e, 'ghost'), testId: 'a' }));
    const select = byTestId<HTMLSelectElement>('a-condition')!;
    select.value = 'prone';
    select.dispatchEvent(new Event('change'));
    byTestId<HTMLButtonElement>('a-condition-add')!.click();
    await settle();
    expect(last()).toMatchObject({ type: 'condition-added', combatantId: 'ghost' });
    expect('visible' in last()).toBe(false);
    expect(combatant(encounter, 'ghost').conditions[0]!.visible).toBeUndefined();
  });
});
