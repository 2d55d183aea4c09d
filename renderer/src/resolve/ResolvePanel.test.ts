import { createPinia, setActivePinia, type Pinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp, nextTick, type App } from 'vue';
import { createSeededSource } from '../../../shared/dice/random';
import { GmDatabase, setDatabase } from '../db/database';
import { setRandomSource } from '../platform/random';
import { useCommandsStore } from '../palette/commands-store';
import { useResolveStore } from '../roll/resolve-store';
import { useSettingsStore } from '../settings/settings-store';
import ResolvePanel from './ResolvePanel.vue';

vi.mock('../systems/loaded-systems', async (importOriginal) => {
  const real = await importOriginal<typeof import('../systems/loaded-systems')>();
  const { fakeShot, fakeVolley } = await import('../../test/resolve.test-support');
  return {
    ...real,
    workflowsOf: (id: string) => ({ 'electric-state': [fakeShot, fakeVolley], 'uesrpg-3e': [], 'shadowrun-4e': [], hardware: [] } as Record<string, readonly unknown[]>)[id] ?? [],
  };
});

let n = 0;
let app: App | null = null;
let host: HTMLElement;
let pinia: Pinia;

beforeEach(async () => {
  pinia = createPinia();
  setActivePinia(pinia);
  setDatabase(new GmDatabase(`gm-screen-resolve-panel-test-${n++}`));
  setRandomSource(createSeededSource('panel'));
  await useSettingsStore().selectSystem('electric-state');
  host = document.createElement('div');
  document.body.appendChild(host);
});

afterEach(() => {
  app?.unmount();
  app = null;
  host.remove();
});

async function mount(): Promise<void> {
  app = createApp(ResolvePanel).use(pinia);
  app.mount(host);
  await nextTick();
}

const byTestId = (id: string) => host.querySelector<HTMLElement>(`[data-testid="${id}"]`);

async function change(id: string, value: string): Promise<void> {
  const control = byTestId(id) as HTMLSelectElement | HTMLInputElement;
  control.value = value;
  control.dispatchEvent(new Event(control instanceof HTMLSelectElement ? 'change' : 'input'));
  if (!(control instanceof HTMLSelectElement)) control.dispatchEvent(new Event('change'));
  await nextTick();
}

describe('ResolvePanel', () => {
  it('shows the odds before the roll as large figures and a labelled distribution, with the note', async () => {
    await mount();
    const resolve = useResolveStore();
    const hit = resolve.odds!.figures[0]!.value;
    expect(byTestId('resolve-odds-figure-hit')!.textContent).toContain(`Hit${Math.round(hit * 100)}%`);
    const rows = [...byTestId('resolve-odds-distribution')!.querySelectorAll('tbody tr')].map((row) =>
      [...row.children].map((cell) => cell.textContent!.trim()).join('|'),
    );
    expect(rows).toEqual([`Miss||${Math.round((1 - hit) * 100)}%`, `2||${Math.round(hit * 100)}%`]);
    expect(byTestId('resolve-odds-distribution')!.querySelector('caption')!.textContent).toContain(
      'Damage before armour',
    );
    expect(byTestId('resolve-odds-note')!.textContent).toBe('Exact, counting one six per hit.');
    expect((byTestId('resolve-roll') as HTMLButtonElement).disabled).toBe(false);
  });

  it('disables Roll for an impossible combination and shows why next to it', async () => {
    await mount();
    await change('resolve-field-weapon', 'knife');
    await change('resolve-field-range', 'long');
    const roll = byTestId('resolve-roll') as HTMLButtonElement;
    expect(roll.disabled).toBe(true);
    const reason = host.querySelector(`#${roll.getAttribute('aria-describedby')}`)!;
    expect(reason.textContent).toContain('A knife cannot reach Long range.');
    expect(byTestId('resolve-odds-figure-hit')).toBeNull();
  });

  it('explains a bad number at its field and keeps the roll waiting', async () => {
    await mount();
    await change('resolve-field-bonus', 'lots');
    expect(byTestId('resolve-field-bonus-error')!.textContent).toMatch(/"lots" is not a number/);
    expect((byTestId('resolve-roll') as HTMLButtonElement).disabled).toBe(true);
    await change('resolve-field-bonus', '1');
    expect(byTestId('resolve-field-bonus-error')).toBeNull();
    expect(useResolveStore().setup.bonus).toBe(1);
  });

  it('says so when typed faces are not valid, and rolls nothing', async () => {
    await mount();
    await change('resolve-faces-attack', '6 9');
    await change('resolve-faces-gear', '3');
    (byTestId('resolve-use-faces') as HTMLButtonElement).click();
    await nextTick();
    expect(byTestId('resolve-stage-error')!.textContent).toMatch(/A d6 has no face 9/);
    expect(byTestId('resolve-rolled')).toBeNull();
    expect(useResolveStore().locked).toBe(false);
  });

  it('rolls with the app’s dice, locks the setup and shows each stage’s faces, then the result with its rules', async () => {
    await mount();
    const resolve = useResolveStore();
    resolve.setAdhoc('targets', { stats: { ...resolve.sides.targets.adhoc.stats, armor: 0 } });
    await nextTick();
    (byTestId('resolve-roll') as HTMLButtonElement).click();
    await nextTick();
    expect(byTestId('resolve-rolled-attack')!.querySelectorAll('.face')).toHaveLength(
      resolve.rolled[0]!.rolled.groups.flatMap((g) => g.faces).length,
    );
    expect((byTestId('resolve-setup') as HTMLFieldSetElement).disabled).toBe(true);
    expect(byTestId('resolve-summary')!.textContent).toBe(resolve.resolution!.summary);
    expect(byTestId('resolve-step-1')!.textContent).toContain('Seed: Attacks');
    // No encounter is open: applying says why.
    expect((byTestId('resolve-apply') as HTMLButtonElement).disabled).toBe(true);
    expect(byTestId('resolve-apply-reason')!.textContent).toMatch(/No encounter is open/);
    byTestId('resolve-start-over')!.click();
    await nextTick();
    expect(byTestId('resolve-rolled')).toBeNull();
  });

  it('says plainly when the system has no workflows', async () => {
    await useSettingsStore().selectSystem('hardware');
    await mount();
    expect(byTestId('resolve-no-workflows')!.textContent).toMatch(
      /Hardware RPG \(playtest v0.1\) has no roll workflows yet/,
    );
  });

  it('registers its commands while mounted: the roll kind on "r", Roll, Apply, Start over, Focus', async () => {
    await mount();
    const commands = useCommandsStore();
    expect(commands.commands.map((c) => c.id).sort()).toEqual([
      'resolve.apply',
      'resolve.focus',
      'resolve.focus-kind',
      'resolve.roll',
      'resolve.start-over',
    ]);
    expect(commands.byKey('r')?.id).toBe('resolve.focus-kind');
    expect(await commands.run('resolve.focus-kind')).toBeNull();
    await nextTick();
    expect(document.activeElement).toBe(byTestId('resolve-workflow'));
    expect(await commands.run('resolve.apply')).toBe('Roll every stage first.');
    expect(await commands.run('resolve.roll')).toBeNull();
    expect(useResolveStore().rolled).toHaveLength(1);
    app!.unmount();
    app = null;
    expect(commands.commands).toHaveLength(0);
  });

  it('rolls on Enter in one of the form’s lists, once per press', async () => {
    await mount();
    const resolve = useResolveStore();
    const weapon = byTestId('resolve-field-weapon') as HTMLSelectElement;
    const enter = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
    weapon.dispatchEvent(enter);
    expect(enter.defaultPrevented).toBe(true);
    expect(resolve.rolled.map((entry) => entry.rolled.stageId)).toEqual(['attack']);
    // Held down, Enter does not roll the next stage too.
    weapon.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', repeat: true, bubbles: true, cancelable: true }));
    expect(resolve.rolled).toHaveLength(1);
  });

  it('keeps Enter in a number box for the number: it does not roll', async () => {
    await mount();
    const bonus = byTestId('resolve-field-bonus') as HTMLInputElement;
    bonus.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    expect(useResolveStore().rolled).toHaveLength(0);
  });

  it('says why in the status line when Enter cannot roll', async () => {
    await mount();
    await change('resolve-field-bonus', 'x');
    const weapon = byTestId('resolve-field-weapon') as HTMLSelectElement;
    weapon.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    expect(useResolveStore().rolled).toHaveLength(0);
    expect(useCommandsStore().announcement).toBe(
      'Roll: "x" is not a number. Bonus dice takes a whole number from -3 to 3.',
    );
  });
});
