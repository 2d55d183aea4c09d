import { afterEach, describe, expect, it } from 'vitest';
import { createApp, h, nextTick, type App } from 'vue';
import { loadedSystem } from '../systems/loaded-systems';
import type { SheetWeapon } from '../../../shared/system-kit/tracker-rules';
import { defaultStats, customWeaponDefaults, weaponRulesFor } from '../sheets';
import type { TemplateDraft } from '../sheets/bestiary-store';
import { typeIntoNumber } from '../../test/stat-input.test-support';
import TemplateForm from './TemplateForm.vue';

let app: App | null = null;
let host: HTMLElement | null = null;

afterEach(() => {
  app?.unmount();
  host?.remove();
  app = null;
});

function mount(weapons: SheetWeapon[] = []) {
  const ganger = [...loadedSystem('shadowrun-4e').presets].find((p) => p.name === 'Ganger')!;
  const submitted: TemplateDraft[] = [];
  host = document.createElement('div');
  document.body.appendChild(host);
  const initial: TemplateDraft = { name: 'Ganger', kind: 'npc', notes: '', stats: ganger.stats, weapons };
  app = createApp(() =>
    h(TemplateForm, {
      systemId: 'shadowrun-4e',
      initial,
      mode: 'edit',
      error: null,
      busy: false,
      onSubmit: (draft: TemplateDraft) => submitted.push(draft),
    }),
  );
  app.mount(host);
  const byTestId = (id: string) => host!.querySelector<HTMLElement>(`[data-testid="${id}"]`)!;
  return { ganger, submitted, byTestId, save: byTestId('template-save') as HTMLButtonElement };
}

describe('the template form', () => {
  it.each([
    ['25', 'Body must be between 1 and 20, got 25.'],
    ['1.5', 'Body must be a whole number, got 1.5.'],
    ['1e', 'Body must be a number.'],
    ['999', 'Body must be between 1 and 20, got 999.'],
    ['-1', 'Body must be between 1 and 20, got -1.'],
  ])('Body typed %j: Save off with the reason, submitting saves nothing', async (typed, problem) => {
    const { submitted, byTestId, save } = mount();
    await nextTick();
    await typeIntoNumber(byTestId('template-stat-body') as HTMLInputElement, typed);
    expect(save.disabled).toBe(true);
    expect(byTestId('template-save-blocked').textContent).toBe(`Save is off until the stats are fixed: ${problem}`);
    // Enter in a text field submits the form without the button: it must be refused too.
    byTestId('template-form').dispatchEvent(new Event('submit', { cancelable: true }));
    await nextTick();
    expect(submitted).toEqual([]);
    expect(byTestId('template-error').textContent).toBe('Fix the problems listed beside the stats first; nothing was saved.');
  });

  it('saves exactly the stats shown, defaults filled in', async () => {
    const { ganger, submitted, byTestId, save } = mount();
    await nextTick();
    await typeIntoNumber(byTestId('template-stat-body') as HTMLInputElement, '25');
    await typeIntoNumber(byTestId('template-stat-body') as HTMLInputElement, '7');
    expect(save.disabled).toBe(false);
    expect(byTestId('template-save-blocked').textContent).toBe('');
    save.click();
    await nextTick();
    expect(submitted).toEqual([{ name: 'Ganger', kind: 'npc', notes: '', stats: { ...defaultStats('shadowrun-4e'), ...ganger.stats, body: 7 }, weapons: [] }]);
  });

  it('ticking "Vehicle or drone" shows the vehicle stats and hides the person\'s, live, and saves a vehicle', async () => {
    const { ganger, submitted, byTestId, save } = mount();
    await nextTick();
    expect(byTestId('template-stat-handling')).toBeNull();
    expect(byTestId('template-stat-group-skill')).not.toBeNull();
    (byTestId('template-stat-vehicle') as HTMLInputElement).click();
    await nextTick();
    expect(byTestId('template-stat-charisma')).toBeNull();
    expect(byTestId('template-stat-group-skill')).toBeNull();
    await typeIntoNumber(byTestId('template-stat-handling') as HTMLInputElement, '-2');
    await typeIntoNumber(byTestId('template-stat-speed') as HTMLInputElement, '120');
    save.click();
    await nextTick();
    // Body is a vehicle's too, so the Ganger's stays; everything a vehicle has not goes back to its default.
    expect(submitted[0]!.stats).toEqual({ ...defaultStats('shadowrun-4e'), body: ganger.stats.body!, vehicle: true, handling: -2, speed: 120 });
  });

  it('saves the weapons as the weapon list leaves them', async () => {
    // Custom weapons with the starting values of whatever weapon fields Shadowrun has: valid for any of them.
    const values = customWeaponDefaults(weaponRulesFor('shadowrun-4e').fields);
    const crowbar: SheetWeapon = { id: 'w1', name: 'Crowbar', values };
    const pipe: SheetWeapon = { id: 'w2', name: 'Pipe', values };
    const { ganger, submitted, byTestId, save } = mount([crowbar, pipe]);
    await nextTick();
    expect(byTestId('template-weapons-item-w1').textContent).toContain('Crowbar');
    byTestId('template-weapons-remove-w1').click();
    await nextTick();
    expect(byTestId('template-weapons-item-w1')).toBeNull();
    save.click();
    await nextTick();
    expect(submitted).toEqual([{ name: 'Ganger', kind: 'npc', notes: '', stats: { ...defaultStats('shadowrun-4e'), ...ganger.stats }, weapons: [pipe] }]);
  });

  it('Enter in the weapon filter puts the weapon on and does not submit the template', async () => {
    const { submitted, byTestId } = mount();
    await nextTick();
    const first = weaponRulesFor('shadowrun-4e').catalogue[0]!;
    const filter = byTestId('template-weapons-filter') as HTMLInputElement;
    filter.value = first.name;
    filter.dispatchEvent(new Event('input'));
    await nextTick();
    const enter = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
    filter.dispatchEvent(enter);
    await nextTick();
    expect(enter.defaultPrevented).toBe(true);
    expect(submitted).toEqual([]);
    expect(byTestId('template-weapons-item-w1').textContent).toContain(first.name);
  });
});
