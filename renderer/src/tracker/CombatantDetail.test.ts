import { describe, expect, it } from 'vitest';
import { defineComponent, h, nextTick } from 'vue';
import { loadedSystem, rulesLookup } from '../systems/loaded-systems';
import type { SystemId } from '../../../shared/system-kit/rule-system';
import { useEncounterStore } from '../encounter/encounter-store';
import { useEncountersStore } from '../encounter/encounters-store';
import { typeIntoNumber } from '../../test/stat-input.test-support';
import CombatantDetail from './CombatantDetail.vue';
import { componentHarness } from '../../test/component-harness.test-support';

const harness = componentHarness('combatant-detail');

/** An encounter with one ready-made combatant, its detail mounted as the tracker shows it. */
async function mountReadyMade(systemId: SystemId, name: string) {
  const template = loadedSystem(systemId).presets.find((p) => p.name === name)!;
  const id = await useEncountersStore().create('Stat test', systemId);
  const encounter = useEncounterStore();
  expect(await encounter.open(id!)).toBe(true);
  const combatant = { id: 'c1', name, kind: template.kind, side: 'opponents', stats: template.stats };
  const added = await encounter.dispatch({ type: 'combatant-added', combatant });
  expect(encounter.error).toBeNull();
  expect(added).toBe(true);
  const Host = defineComponent(() => () =>
    h(CombatantDetail, { combatant: encounter.state!.combatants[0]!, current: false, testId: 'c' }),
  );
  harness.mount(Host);
  await nextTick();
  const byTestId = (testId: string) => harness.host.querySelector<HTMLElement>(`[data-testid="${testId}"]`)!;
  const save = byTestId('c-save-stats') as HTMLButtonElement;
  const events = () => encounter.history!.events.length;
  return { encounter, byTestId, save, events };
}

async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  await nextTick();
}

describe('the combatant stat editor', () => {
  it.each([
    ['25', 'Body must be between 1 and 20, got 25.'],
    ['1.5', 'Body must be a whole number, got 1.5.'],
    ['1e', 'Body must be a number.'],
    ['999', 'Body must be between 1 and 20, got 999.'],
    ['-1', 'Body must be between 1 and 20, got -1.'],
  ])('Shadowrun Ganger, Body typed %j: Save off with the reason, a click stores nothing', async (typed, problem) => {
    const { encounter, byTestId, save, events } = await mountReadyMade('shadowrun-4e', 'Ganger');
    const before = events();
    await typeIntoNumber(byTestId('c-stat-body') as HTMLInputElement, typed);
    expect(save.disabled).toBe(true);
    expect(byTestId('c-save-stats-blocked').textContent).toBe(`Save is off until the stats are fixed: ${problem}`);
    expect(byTestId('c-stat-problems').textContent).toContain(problem);
    save.click();
    await settle();
    expect(events()).toBe(before);
    expect(encounter.state!.combatants[0]!.stats.body).toBe(3);
  });

  it.each([
    ['electric-state', 'Drone guard', 'c-stat-armor', 'armor', 2],
    ['uesrpg-3e', 'Bandit', 'c-stat-arHead', 'arHead', 0],
    ['hardware', 'Street punk', 'c-stat-BOD', 'BOD', 8],
  ] as const)('%s %s, first edit to 999: the problem shows and the old value stays stored', async (systemId, name, testId, statId, old) => {
    const { encounter, byTestId, save, events } = await mountReadyMade(systemId, name);
    const before = events();
    const input = byTestId(testId) as HTMLInputElement;
    await typeIntoNumber(input, '999');
    expect(input.value).toBe('999');
    expect(save.disabled).toBe(true);
    expect(byTestId('c-save-stats-blocked').textContent).toMatch(/^Save is off until the stats are fixed: .* got 999\.$/);
    save.click();
    await settle();
    expect(events()).toBe(before);
    expect(encounter.state!.combatants[0]!.stats[statId]).toBe(old);
  });

  it('saves exactly the value shown, only the changed field, then has nothing left to save', async () => {
    const { encounter, byTestId, save, events } = await mountReadyMade('hardware', 'Street punk');
    const before = events();
    expect(save.disabled).toBe(true);
    expect(byTestId('c-save-stats-blocked').textContent).toBe('');
    const input = byTestId('c-stat-BOD') as HTMLInputElement;
    await typeIntoNumber(input, '25');
    await typeIntoNumber(input, '12');
    expect(save.disabled).toBe(false);
    save.click();
    await settle();
    expect(events()).toBe(before + 1);
    expect(encounter.history!.events.at(-1)).toMatchObject({ type: 'combatant-edited', combatantId: 'c1', stats: { BOD: 12 } });
    expect(Object.keys((encounter.history!.events.at(-1) as { stats: object }).stats)).toEqual(['BOD']);
    expect(encounter.state!.combatants[0]!.stats.BOD).toBe(12);
    expect(input.value).toBe('12');
    expect(save.disabled).toBe(true);
  });
});

describe('the combatant sheet: weapons', () => {
  it('each weapon change is one combatant-edited event with the whole list, and undo takes it back', async () => {
    const { encounter, byTestId, events } = await mountReadyMade('electric-state', 'Scavenger');
    const before = events();
    const type = async (testId: string, text: string) => {
      const input = byTestId(testId) as HTMLInputElement;
      input.value = text;
      input.dispatchEvent(new Event('input'));
      await nextTick();
    };
    byTestId('c-weapons-custom').click();
    await nextTick();
    await type('c-weapons-draft-name', 'Rebar');
    byTestId('c-weapons-draft-save').click();
    await settle();
    expect(events()).toBe(before + 1);
    const added = encounter.state!.combatants[0]!.weapons;
    expect(added.map((w) => [w.id, w.name, w.row])).toEqual([['w1', 'Rebar', undefined]]);
    expect(encounter.history!.events.at(-1)).toMatchObject({ type: 'combatant-edited', combatantId: 'c1', weapons: added });
    expect(byTestId('c-weapons-item-w1').textContent).toContain('Rebar');

    byTestId('c-weapons-remove-w1').click();
    await settle();
    expect(events()).toBe(before + 2);
    expect(encounter.state!.combatants[0]!.weapons).toEqual([]);
    expect(byTestId('c-weapons-none').textContent).toBe('No weapons.');

    expect(await encounter.undo()).toBe(true);
    await settle();
    expect(encounter.state!.combatants[0]!.weapons).toEqual(added);
    expect(byTestId('c-weapons-item-w1').textContent).toContain('Rebar');
  });
});

describe('the combatant sheet: skills', () => {
  it('are drawn closed under a line naming the ones set, and open while one has a problem', async () => {
    const { byTestId } = await mountReadyMade('shadowrun-4e', 'Ganger');
    const ganger = [...loadedSystem('shadowrun-4e').presets].find((p) => p.name === 'Ganger')!;
    const skills = rulesLookup.tracker('shadowrun-4e').statFields.filter((f) => f.group === 'skill');
    // The line names each skill the sheet sets away from its default, as "Label value".
    const named = (stats: Record<string, unknown>) =>
      skills.filter((f) => (stats[f.id] ?? f.defaultValue) !== f.defaultValue).map((f) => `${f.label} ${String(stats[f.id])}`);
    const expected = (stats: Record<string, unknown>) =>
      named(stats).length ? `${skills.length} · ${named(stats).join(', ')}` : `${skills.length}, all at their defaults`;
    const toggle = byTestId('c-stat-group-skill-toggle') as HTMLDetailsElement;
    const line = () => toggle.querySelector('summary')!.textContent;
    expect(toggle.open).toBe(false);
    expect(line()).toBe(expected(ganger.stats));
    await typeIntoNumber(byTestId('c-stat-dodge') as HTMLInputElement, '7');
    expect(line()).toBe(expected({ ...ganger.stats, dodge: 7 }));
    expect(line()).toContain('Dodge 7');
    expect(toggle.open).toBe(false);
    await typeIntoNumber(byTestId('c-stat-dodge') as HTMLInputElement, '99');
    expect(toggle.open).toBe(true);
  });
});

describe('the combatant sheet: a person or a vehicle', () => {
  const shownStats = (byTestId: (id: string) => HTMLElement) =>
    [...byTestId('c').querySelectorAll('input[data-testid^="c-stat-"]')].map((el) => el.getAttribute('data-testid')!.slice('c-stat-'.length));
  const skillIds = rulesLookup.tracker('shadowrun-4e').statFields.filter((f) => f.group === 'skill').map((f) => f.id);

  it("a person's sheet has no vehicle stat", async () => {
    const { byTestId } = await mountReadyMade('shadowrun-4e', 'Ganger');
    expect(shownStats(byTestId)).toEqual([
      'body', 'agility', 'reaction', 'strength', 'charisma', 'intuition', 'logic', 'willpower',
      ...skillIds,
      'passes', 'ballistic', 'impact', 'vehicle', 'edge',
    ]);
    // The eight attributes span the sheet's width, side by side; the closed skills keep their column.
    expect(byTestId('c-stat-group-attribute').classList.contains('wide')).toBe(true);
    expect(byTestId('c-stat-group-skill').classList.contains('wide')).toBe(false);
    expect(byTestId('c-stat-group-gear').classList.contains('wide')).toBe(false);
  });

  it("a vehicle's sheet has Body, Passes and its vehicle stats, no skills group", async () => {
    const { byTestId } = await mountReadyMade('shadowrun-4e', 'Sedan');
    expect(shownStats(byTestId)).toEqual(['body', 'passes', 'vehicle', 'autonomous', 'vehicleArmor', 'handling', 'speed', 'pilot', 'sensor', 'response']);
    expect(byTestId('c-stat-group-skill')).toBeNull();
  });

  it('ticking "Vehicle or drone" on a person shows the vehicle stats at once and saves a vehicle', async () => {
    const { encounter, byTestId, save } = await mountReadyMade('shadowrun-4e', 'Ganger');
    (byTestId('c-stat-vehicle') as HTMLInputElement).click();
    await nextTick();
    expect(byTestId('c-stat-agility')).toBeNull();
    await typeIntoNumber(byTestId('c-stat-handling') as HTMLInputElement, '2');
    save.click();
    await settle();
    const stats = encounter.state!.combatants[0]!.stats;
    expect([stats.vehicle, stats.handling, stats.pistols, stats.body]).toEqual([true, 2, 0, 3]);
  });
});
