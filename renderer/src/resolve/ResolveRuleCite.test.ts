import { createPinia, setActivePinia, type Pinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp, nextTick, type App } from 'vue';
import { createSeededSource } from '../../../shared/dice/random';
import { GmDatabase, setDatabase } from '../db/database';
import { setRandomSource } from '../platform/random';
import { useSettingsStore } from '../settings/settings-store';
import ResolvePanel from './ResolvePanel.vue';

// The fake shot of the store tests, citing real Electric State sections: the zone field has its
// own rule object, two flags share one (as UESRPG's rule constants do), and its steps cite one.
vi.mock('../systems/loaded-systems', async (importOriginal) => {
  const real = await importOriginal<typeof import('../systems/loaded-systems')>();
  const { fakeShot } = await import('../../test/resolve.test-support');
  const shared = { section: 'Ranged Combat', source: 'seed' } as const;
  const citing: typeof fakeShot = {
    ...fakeShot,
    fields: (context) => [
      ...fakeShot.fields(context).filter((field) => field.id !== 'aimed'),
      { id: 'zone', kind: 'flag', label: 'Zone size', help: 'A room indoors.', group: 'situation', rule: { section: 'Range Bands', source: 'seed' } },
      { id: 'dodging', kind: 'flag', label: 'Target dodges', group: 'situation', rule: shared },
      { id: 'cover', kind: 'flag', label: 'Target in cover', help: 'Taking cover costs an action.', group: 'situation', rule: shared },
    ],
    defaults: (context) => ({ ...fakeShot.defaults(context), zone: false, dodging: false, cover: false }),
    resolve: (setup, context, rolled) => ({
      ...fakeShot.resolve(setup, context, rolled),
      steps: [{ text: 'Nobody dodges: the target stands tall.', rule: { section: 'Ranged Combat', source: 'seed' } }],
    }),
  };
  return { ...real,
    workflowsOf: (id: string) => ({ 'electric-state': [citing], 'uesrpg-3e': [], 'shadowrun-4e': [], hardware: [] } as Record<string, readonly unknown[]>)[id] ?? [] };
});

let n = 0;
let app: App | null = null;
let host: HTMLElement;
let pinia: Pinia;

beforeEach(async () => {
  pinia = createPinia();
  setActivePinia(pinia);
  setDatabase(new GmDatabase(`gm-screen-rule-cite-test-${n++}`));
  setRandomSource(createSeededSource('cite'));
  await useSettingsStore().selectSystem('electric-state');
  host = document.createElement('div');
  document.body.appendChild(host);
  app = createApp(ResolvePanel).use(pinia);
  app.mount(host);
  await nextTick();
});

afterEach(() => {
  app?.unmount();
  app = null;
  host.remove();
});

/** The citation next to a field's control. */
const citeOf = (fieldId: string) =>
  host.querySelector(`[data-testid="resolve-field-${fieldId}"]`)!.closest('.field')!.querySelector('button.rule-term-button')!;
const SEED = 'Seed: stated in the seed, the rules text the app is built on.';

describe('ResolveRuleCite', () => {
  it("quotes the sentence of its section about the field it stands beside", () => {
    expect(citeOf('zone').getAttribute('title')).toBe(
      `“A zone is about one room indoors, or up to 100 ft across outdoors.” (Range Bands)\n${SEED}`,
    );
  });

  it('reads all the fields that share one rule object, so each quotes the sentence on what they cite together', () => {
    const dodges =
      'The target stands tall (weapon damage + 1 per extra 6) or dodges: an opposed roll where equal 6s or more for the defender means a miss, and dodging costs the next turn.';
    expect(citeOf('dodging').getAttribute('title')).toBe(`“${dodges}” (Ranged Combat)\n${SEED}`);
    expect(citeOf('cover').getAttribute('title')).toBe(`“${dodges}” (Ranged Combat)\n${SEED}`);
  });

  it("quotes the sentence about a step of the result", async () => {
    (host.querySelector('[data-testid="resolve-roll"]') as HTMLButtonElement).click();
    await nextTick();
    expect(host.querySelector('[data-testid="resolve-step-1"] button')!.getAttribute('title')).toMatch(
      /^“The target stands tall \(weapon damage \+ 1 per extra 6\) or dodges:/,
    );
  });
});
