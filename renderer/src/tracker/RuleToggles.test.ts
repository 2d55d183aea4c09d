import { describe, expect, it } from 'vitest';
import { nextTick } from 'vue';
import { componentHarness } from '../../test/component-harness.test-support';
import { openNewEncounter } from '../../test/open-encounter.test-support';
import RuleToggles from './RuleToggles.vue';

const harness = componentHarness('rule-toggles');
const select = (id: string) => harness.host.querySelector<HTMLSelectElement>(`[data-testid="toggle-${id}"]`);

async function choose(id: string, value: string): Promise<void> {
  const element = select(id)!;
  element.value = value;
  element.dispatchEvent(new Event('change'));
  // The dispatch's write, then the redraw.
  await new Promise((resolve) => setTimeout(resolve, 0));
  await nextTick();
}

describe("the tracker's rule options", () => {
  it('lists the open encounter system’s options, each with its choices, the default marked, and the rule it comes from', async () => {
    await openNewEncounter('Warehouse');
    harness.mount(RuleToggles);
    await nextTick();
    const summary = harness.host.querySelector('summary')!.textContent;
    const items = harness.host.querySelectorAll('li');
    expect(summary).toBe(`Rule options (${items.length})`);
    expect(items.length).toBe(5);
    const zeroPool = select('zeroPool')!;
    expect(zeroPool.value).toBe('fail');
    expect([...zeroPool.options].map((o) => o.textContent!.trim())).toEqual(['Roll nothing, fail (default)', 'Roll one die']);
    expect(zeroPool.closest('li')!.querySelector('.help')!.textContent).toMatch(/^When modifiers reduce a pool to 0 dice or fewer: .*\(.+, our default\)$/);
  });

  it('keeps a choice with the encounter, where undo takes it back', async () => {
    const encounter = await openNewEncounter('Warehouse');
    harness.mount(RuleToggles);
    await nextTick();

    await choose('zeroPool', 'one-die');
    expect(encounter.state!.toggles.zeroPool).toBe('one-die');
    expect(select('zeroPool')!.value).toBe('one-die');
    // A boolean option is written as the value, not as its text.
    await choose('hopeOnlyNewOnes', 'true');
    expect(encounter.state!.toggles.hopeOnlyNewOnes).toBe(true);

    await encounter.undo();
    await nextTick();
    expect(encounter.state!.toggles.hopeOnlyNewOnes).toBe(false);
    expect(select('hopeOnlyNewOnes')!.value).toBe('false');
  });

  it('changes nothing for a value the option does not have, and cannot be changed while the encounter is read-only', async () => {
    const encounter = await openNewEncounter('Warehouse');
    harness.mount(RuleToggles);
    await nextTick();
    const before = encounter.state;

    const element = select('zeroPool')!;
    const stray = document.createElement('option');
    stray.value = 'roll-twice';
    element.append(stray);
    await choose('zeroPool', 'roll-twice');
    expect(encounter.state).toBe(before);

    encounter.elsewhere = true;
    await nextTick();
    expect([...harness.host.querySelectorAll('select')].every((s) => s.disabled)).toBe(true);
  });

  it('lists nothing without an open encounter', async () => {
    harness.mount(RuleToggles);
    await nextTick();
    expect(harness.host.querySelector('summary')!.textContent).toBe('Rule options (0)');
    expect(harness.host.querySelectorAll('li')).toHaveLength(0);
  });
});
