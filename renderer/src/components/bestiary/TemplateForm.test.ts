import { afterEach, describe, expect, it } from 'vitest';
import { createApp, h, nextTick, type App } from 'vue';
import { bestiaryPresets } from '../../../../shared/encounter/bestiary-presets';
import type { TemplateDraft } from '../../stores/bestiary';
import { typeIntoNumber } from './stat-input.test-support';
import TemplateForm from './TemplateForm.vue';

let app: App | null = null;
let host: HTMLElement | null = null;

afterEach(() => {
  app?.unmount();
  host?.remove();
  app = null;
});

function mount() {
  const ganger = bestiaryPresets('shadowrun-4e').find((p) => p.name === 'Ganger')!;
  const submitted: TemplateDraft[] = [];
  host = document.createElement('div');
  document.body.appendChild(host);
  const initial: TemplateDraft = { name: 'Ganger', kind: 'npc', notes: '', stats: ganger.stats };
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
    expect(submitted).toEqual([{ name: 'Ganger', kind: 'npc', notes: '', stats: { ...ganger.stats, body: 7 } }]);
  });
});
