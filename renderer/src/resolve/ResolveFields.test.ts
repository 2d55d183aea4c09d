import { createPinia, setActivePinia, type Pinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp, nextTick, type App } from 'vue';
import { GmDatabase, setDatabase } from '../db/database';
import { useResolveStore } from '../roll/resolve-store';
import { useSettingsStore } from '../settings/settings-store';
import ResolveFields from './ResolveFields.vue';

// The fake shot with its weapon and range marked common; its bonus and aimed wait under More.
vi.mock('../systems/loaded-systems', async (importOriginal) => {
  const real = await importOriginal<typeof import('../systems/loaded-systems')>();
  const { fakeShot, fakeVolley } = await import('../../test/resolve.test-support');
  const commonShot = {
    ...fakeShot,
    fields: () =>
      fakeShot
        .fields(undefined as never)
        .map((f) => (f.id === 'weapon' || f.id === 'range' ? { ...f, common: true } : f)),
  };
  return {
    ...real,
    workflowsOf: (id: string) => ({
      'electric-state': [commonShot, fakeVolley],
      'uesrpg-3e': [],
      'shadowrun-4e': [],
      hardware: [],
    } as Record<string, readonly unknown[]>)[id] ?? [],
  };
});

let n = 0;
let app: App | null = null;
let host: HTMLElement;
let pinia: Pinia;

beforeEach(async () => {
  pinia = createPinia();
  setActivePinia(pinia);
  setDatabase(new GmDatabase(`gm-screen-resolve-fields-test-${n++}`));
  await useSettingsStore().selectSystem('electric-state');
  host = document.createElement('div');
  document.body.appendChild(host);
  app = createApp(ResolveFields).use(pinia);
  app.mount(host);
  await nextTick();
});

afterEach(() => {
  app?.unmount();
  app = null;
  host.remove();
});

const shownIds = () =>
  [...host.querySelectorAll('[data-testid="resolve-common-fields"] :is(select, input)')].map((el) => el.id);
const summary = () => host.querySelector('[data-testid="resolve-more-toggle"]')!.textContent;
const details = () => host.querySelector<HTMLDetailsElement>('[data-testid="resolve-more"]')!;

describe('ResolveFields', () => {
  it('draws the common fields at once and the others under More, built only while it is open', async () => {
    expect(shownIds()).toEqual(['resolve-field-weapon', 'resolve-field-range']);
    expect(summary()).toBe('More modifiers (none changed)');
    expect(host.querySelector('[data-testid="resolve-field-bonus"]')).toBeNull();
    details().open = true;
    details().dispatchEvent(new Event('toggle'));
    await nextTick();
    expect(useResolveStore().moreOpen).toEqual({ 'fake-shot': true });
    expect(
      host.querySelector('[data-testid="resolve-group-extra"] [data-testid="resolve-field-bonus"]'),
    ).not.toBeNull();
  });

  it('counts a changed modifier and, with More closed, draws it with the common fields', async () => {
    const resolve = useResolveStore();
    resolve.setValue('bonus', 2);
    resolve.setValue('weapon', 'knife');
    await nextTick();
    expect(summary()).toBe('More modifiers (1 changed)');
    expect(shownIds()).toEqual(['resolve-field-weapon', 'resolve-field-range', 'resolve-field-bonus']);
    expect(
      host.querySelector('[data-testid="resolve-field-bonus"]')!.closest('.field')!.classList.contains('promoted'),
    ).toBe(true);
  });
});
