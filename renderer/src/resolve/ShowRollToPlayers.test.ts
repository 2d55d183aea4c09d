import { describe, expect, it } from 'vitest';
import { defineComponent, h, nextTick } from 'vue';
import type { RollRecord } from '../../../shared/dice/record';
import type { EncounterEvent } from '../../../shared/encounter/events';
import { loadedSystem } from '../systems/loaded-systems';
import { eventInEffect, eventOfRoll, lastRollEvent, useShowRollCommands, ShowRollToPlayers } from '../log';
import { useCommandsStore } from '../palette/commands-store';
import { useEncounterStore } from '../encounter/encounter-store';
import { useEncountersStore } from '../encounter/encounters-store';
import { useResolveStore } from '../roll/resolve-store';
import ResolveOutcome from './ResolveOutcome.vue';
import { componentHarness } from '../../test/component-harness.test-support';

/** "Show to players" on a logged roll (log line, roll panel) and the palette's "Show last roll to players". */

const harness = componentHarness('show-roll');

const ganger = [...loadedSystem('shadowrun-4e').presets].find((p) => p.name === 'Ganger')!;

const shot = (id: string, faces: number[]): RollRecord => ({
  id,
  at: '2026-12-02T04:40:00.000Z',
  roller: 'Ganger 1',
  reason: 'Ranged attack: Ganger 1 → Ganger 2',
  source: 'seeded:test',
  groups: [{ sides: 6, faces, label: 'attack' }],
});

/** Two gangers, then a roll logged (roll-a) and a harm (no roll). */
async function openEncounter() {
  const id = await useEncountersStore().create('Docks', 'shadowrun-4e');
  const encounter = useEncounterStore();
  expect(await encounter.open(id!)).toBe(true);
  expect(
    await encounter.dispatchAll([
      { type: 'combatant-added', combatant: { id: 'g1', name: 'Ganger 1', kind: 'npc', side: 'opponents', stats: ganger.stats } },
      { type: 'combatant-added', combatant: { id: 'g2', name: 'Ganger 2', kind: 'npc', side: 'party', stats: ganger.stats } },
      {
        type: 'roll-resolved',
        roll: shot('roll-a', [5, 6, 1]),
        summary: 'Ganger 1 shoots Ganger 2: 2 hits',
        actorId: 'g1',
        targetIds: ['g2'],
        operation: 'ranged-attack',
        result: { hits: 2 },
      },
      { type: 'harm-applied', combatantId: 'g2', harm: { kind: 'physical', amount: 2 } },
    ]),
  ).toBe(true);
  const last = (): Omit<EncounterEvent, 'id' | 'at'> => {
    const history = encounter.history!;
    const { id: _id, at: _at, ...rest } = history.events[history.cursor - 1]!;
    return rest;
  };
  const rollEvent = encounter.history!.events.find((e) => e.type === 'roll-resolved')!;
  return { encounter, last, rollEvent };
}

function mountHost(render: () => ReturnType<typeof h> | ReturnType<typeof h>[] | null, setup?: () => void) {
  harness.mount(
    defineComponent(() => {
      setup?.();
      return render;
    }),
  );
}

async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  await nextTick();
}

const byTestId = <T extends HTMLElement = HTMLElement>(testId: string) => harness.host.querySelector<T>(`[data-testid="${testId}"]`);

const SHOWN = {
  rollId: 'roll-a',
  who: 'Ganger 1',
  what: 'Ranged attack: Ganger 1 → Ganger 2',
  summary: 'Ganger 1 shoots Ganger 2: 2 hits',
  dice: [{ sides: 6, faces: [5, 6, 1] }],
  actorId: 'g1',
  targetIds: ['g2'],
};

describe('Show to players on a roll', () => {
  it('dispatches roll-shown with the copy, then reads "Shown to players"; Take off dispatches roll-unshown; undo puts it back', async () => {
    const { encounter, last, rollEvent } = await openEncounter();
    mountHost(() => h(ShowRollToPlayers, { event: rollEvent, testId: 'p' }));
    await nextTick();
    expect(byTestId('p')!.dataset.shown).toBe('false');
    expect(byTestId('p-show')!.textContent!.trim()).toBe('Show to players');
    expect(byTestId('p-unshow')).toBeNull();

    byTestId('p-show')!.click();
    await settle();
    expect(last()).toEqual({ type: 'roll-shown', roll: SHOWN });
    expect(encounter.state!.shownRolls).toEqual([SHOWN]);
    expect(byTestId('p')!.dataset.shown).toBe('true');
    expect(byTestId('p-shown')!.textContent).toBe('✓ Shown to players');
    expect(byTestId('p-show')).toBeNull();
    expect(byTestId('p-unshow')!.getAttribute('aria-label')).toBe('Take off the player view');

    byTestId('p-unshow')!.click();
    await settle();
    expect(last()).toEqual({ type: 'roll-unshown', rollId: 'roll-a' });
    expect(encounter.state!.shownRolls).toBeUndefined();
    expect(byTestId('p-show')!.textContent!.trim()).toBe('Show to players');

    // Undo of the take-off shows it again; undo of the showing takes it off.
    await encounter.undo();
    await settle();
    expect(encounter.state!.shownRolls).toEqual([SHOWN]);
    expect(byTestId('p-shown')!.textContent).toBe('✓ Shown to players');
    await encounter.undo();
    await settle();
    expect(encounter.state!.shownRolls).toBeUndefined();
    expect(byTestId('p')!.dataset.shown).toBe('false');
  });

  it('says when a shown roll is held back from the players because it names a hidden combatant, until the reveal', async () => {
    const { encounter } = await openEncounter();
    expect(
      await encounter.dispatchAll([
        { type: 'combatant-added', combatant: { id: 'g3', name: 'Lurker', kind: 'npc', side: 'opponents', stats: ganger.stats, hidden: true } },
        { type: 'roll-resolved', roll: { ...shot('roll-c', [2]), reason: 'Ranged attack: Ganger 1 → Lurker' }, summary: 'Ganger 1 misses', actorId: 'g1', targetIds: ['g3'] },
      ]),
    ).toBe(true);
    const [plain, lurking] = encounter.history!.events.filter((e) => e.type === 'roll-resolved');
    mountHost(() => [h(ShowRollToPlayers, { event: plain!, testId: 'a' }), h(ShowRollToPlayers, { event: lurking!, testId: 'b' })]);
    await nextTick();
    expect(byTestId('b-held')).toBeNull();
    byTestId('a-show')!.click();
    await settle();
    byTestId('b-show')!.click();
    await settle();
    expect(encounter.state!.shownRolls!.map((r) => r.rollId)).toEqual(['roll-a', 'roll-c']);
    expect(byTestId('a-held')).toBeNull();
    expect(byTestId('b-held')!.textContent).toBe('(held back: it names a hidden combatant)');
    expect(await encounter.dispatch({ type: 'combatant-revealed', combatantId: 'g3' })).toBe(true);
    await settle();
    expect(byTestId('b-held')).toBeNull();
    expect(byTestId('b-shown')!.textContent).toBe('✓ Shown to players');
  });

  it('is off, saying why, while the encounter is open read-only', async () => {
    const { encounter, rollEvent } = await openEncounter();
    encounter.elsewhere = true;
    mountHost(() => h(ShowRollToPlayers, { event: rollEvent, testId: 'p' }));
    await nextTick();
    const button = byTestId<HTMLButtonElement>('p-show')!;
    expect(button.disabled).toBe(true);
    expect(button.title).toBe(encounter.readOnlyReason);
    expect(encounter.readOnlyReason).not.toBeNull();
  });
});

describe('the roll panel after a roll is applied or logged', () => {
  it('offers Show to players for the recorded roll while it is in effect, and nothing once it is undone', async () => {
    const { encounter, last } = await openEncounter();
    const resolve = useResolveStore();
    resolve.outcome = { kind: 'logged', summary: 'Ganger 1 shoots Ganger 2: 2 hits', effects: [], rollId: 'roll-a' };
    mountHost(() => h(ResolveOutcome));
    await nextTick();
    byTestId('resolve-players-show')!.click();
    await settle();
    expect(last()).toEqual({ type: 'roll-shown', roll: SHOWN });
    expect(byTestId('resolve-players-shown')!.textContent).toBe('✓ Shown to players');

    // Undo the showing, the harm and the roll: the roll is no longer in effect, so there is nothing to show.
    await encounter.undo();
    await encounter.undo();
    await settle();
    expect(byTestId('resolve-players-show')!.textContent!.trim()).toBe('Show to players');
    await encounter.undo();
    await settle();
    expect(byTestId('resolve-outcome')).not.toBeNull();
    expect(byTestId('resolve-players')).toBeNull();
  });
});

describe('the palette command "Show last roll to players"', () => {
  it('shows the newest roll in effect, then says it is shown already; with no roll it says so', async () => {
    const { encounter, last } = await openEncounter();
    mountHost(() => null, useShowRollCommands);
    await nextTick();
    const commands = useCommandsStore();
    const command = commands.commands.find((c) => c.id === 'player.show-last-roll')!;
    expect(command.label).toBe('Show last roll to players');
    expect(command.group).toBe('Encounter');

    // A newer roll, after the harm: it is the last one.
    expect(
      await encounter.dispatch({
        type: 'roll-resolved',
        roll: { ...shot('roll-b', [4]), roller: 'Ganger 2', reason: 'Dodge' },
        summary: 'Ganger 2 dodges: 1 hit',
        actorId: 'g2',
      }),
    ).toBe(true);
    expect(command.disabledReason!()).toBeNull();
    expect(await commands.run('player.show-last-roll')).toBeNull();
    await settle();
    expect(last()).toEqual({
      type: 'roll-shown',
      roll: { rollId: 'roll-b', who: 'Ganger 2', what: 'Dodge', summary: 'Ganger 2 dodges: 1 hit', dice: [{ sides: 6, faces: [4] }], actorId: 'g2' },
    });
    expect(await commands.run('player.show-last-roll')).toBe('The last roll is already shown to the players.');

    // Undone back to before the first roll: none in effect.
    for (let i = 0; i < 4; i++) await encounter.undo();
    expect(command.disabledReason!()).toBe('No roll in this encounter yet.');
  });

  it('says to open an encounter when none is open', async () => {
    mountHost(() => null, useShowRollCommands);
    await nextTick();
    expect(await useCommandsStore().run('player.show-last-roll')).toBe('Open an encounter first.');
  });
});

describe('finding a roll event in the history', () => {
  it('by log position only when in effect and the same event; the newest roll; a roll by its id', async () => {
    const { encounter, rollEvent } = await openEncounter();
    const history = () => encounter.history!;
    const index = history().events.indexOf(rollEvent);
    expect(eventInEffect(history(), index, rollEvent.id)).toBe(rollEvent);
    expect(eventInEffect(history(), index, 'another-id')).toBeNull();
    expect(lastRollEvent(history())).toBe(rollEvent);
    expect(eventOfRoll(history(), 'roll-a')).toBe(rollEvent);
    expect(eventOfRoll(history(), 'roll-z')).toBeNull();
    await encounter.undo();
    await encounter.undo();
    expect(eventInEffect(history(), index, rollEvent.id)).toBeNull();
    expect(lastRollEvent(history())).toBeNull();
    expect(eventOfRoll(history(), 'roll-a')).toBeNull();
    expect(lastRollEvent(null)).toBeNull();
  });
});
