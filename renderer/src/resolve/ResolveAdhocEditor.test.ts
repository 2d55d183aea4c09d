import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp, h, nextTick, type App } from 'vue';
import { GmDatabase, setDatabase } from '../db/database';
import { useResolveStore } from '../roll/resolve-store';
import { useSettingsStore } from '../settings/settings-store';
import { typeIntoNumber } from '../../test/stat-input.test-support';
import ResolveAdhocEditor from './ResolveAdhocEditor.vue';

let n = 0;
let app: App | null = null;
let host: HTMLElement;

beforeEach(async () => {
  setActivePinia(createPinia());
  setDatabase(new GmDatabase(`gm-screen-adhoc-editor-test-${n++}`));
  await useSettingsStore().selectSystem('shadowrun-4e');
  host = document.createElement('div');
  document.body.appendChild(host);
});

afterEach(() => {
  app?.unmount();
  host.remove();
});

describe('the ad-hoc participant stat editor', () => {
  it('gives the roll the stats as shown once they have no problem, and holds it up with the problem until then', async () => {
    const resolve = useResolveStore();
    app = createApp(() => h(ResolveAdhocEditor, { side: 'attackers' }));
    app.mount(host);
    await nextTick();
    const body = host.querySelector<HTMLInputElement>('[data-testid="resolve-attackers-adhoc-stat-body"]')!;

    expect(resolve.odds).not.toBeNull();
    await typeIntoNumber(body, '25');
    expect(resolve.sides.attackers.adhoc.problems).toEqual(['Body must be between 1 and 20, got 25.']);
    // "2" was a whole, good draft a key earlier; "25" is not, so no odds are shown and no roll is made.
    expect(resolve.sides.attackers.adhoc.stats.body).toBe(2);
    expect(resolve.problems).toContain('Ad-hoc attacker: Body must be between 1 and 20, got 25.');
    expect(resolve.odds).toBeNull();

    await typeIntoNumber(body, '7');
    expect(resolve.sides.attackers.adhoc.problems).toEqual([]);
    expect(resolve.sides.attackers.adhoc.stats.body).toBe(7);
    expect(body.value).toBe('7');
    expect(resolve.odds).not.toBeNull();
  });

  it('ticking "Vehicle or drone" shows the vehicle stats in place of the person\'s, and the roll gets a vehicle', async () => {
    const resolve = useResolveStore();
    app = createApp(() => h(ResolveAdhocEditor, { side: 'attackers' }));
    app.mount(host);
    await nextTick();
    const byTestId = (id: string) => host.querySelector<HTMLInputElement>(`[data-testid="resolve-attackers-adhoc-stat-${id}"]`);
    expect(byTestId('agility')).not.toBeNull();
    expect(byTestId('pilot')).toBeNull();
    byTestId('vehicle')!.click();
    await nextTick();
    expect(byTestId('agility')).toBeNull();
    await typeIntoNumber(byTestId('pilot')!, '4');
    expect(resolve.sides.attackers.adhoc.problems).toEqual([]);
    expect([resolve.sides.attackers.adhoc.stats.vehicle, resolve.sides.attackers.adhoc.stats.pilot]).toEqual([true, 4]);
  });
});
