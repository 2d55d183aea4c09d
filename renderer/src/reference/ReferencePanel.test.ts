import { describe, expect, it } from 'vitest';
import { nextTick } from 'vue';
import { useCommandsStore } from '../palette/commands-store';
import { useReferenceStore } from './reference-store';
import ReferencePanel from './ReferencePanel.vue';
import { componentHarness } from '../../test/component-harness.test-support';

const harness = componentHarness('reference-panel');

async function mount(): Promise<void> {
  harness.mount(ReferencePanel);
  await nextTick();
}

const byTestId = (id: string) => harness.host.querySelector<HTMLElement>(`[data-testid="${id}"]`);

async function type(text: string): Promise<void> {
  const input = byTestId('reference-search') as HTMLInputElement;
  input.value = text;
  input.dispatchEvent(new Event('input'));
  await nextTick();
}

describe('ReferencePanel', () => {
  it('registers its commands while mounted: "/" searches, and rolling focuses the search on rollable tables', async () => {
    await mount();
    const commands = useCommandsStore();
    expect(commands.byKey('/')?.id).toBe('reference.search');
    expect(commands.commands.map((c) => c.label)).toEqual(
      expect.arrayContaining(['Search reference', "Show all systems' tables", 'Roll on table…']),
    );
    expect(await commands.run('reference.roll-table')).toBeNull();
    expect(useReferenceStore().rollableOnly).toBe(true);
    harness.unmount();
    expect(commands.byKey('/')).toBeUndefined();
  });

  it("lists the system's tables closed, and its rules in brief", async () => {
    await mount();
    expect(byTestId('reference-table-es-weapons-toggle')?.getAttribute('aria-expanded')).toBe('false');
    expect(byTestId('reference-table-es-weapons-row-0')).toBeNull();
    expect(byTestId('reference-summary-electric-state-death-rolls')?.textContent).toContain('roll 4 dice');
  });

  it('shows search results with the matched words marked, and only the matching rows', async () => {
    await mount();
    await type('sandbg');
    expect(byTestId('reference-results')).not.toBeNull();
    const row = byTestId('reference-table-es-cover-row-4');
    expect(row?.querySelector('mark')?.textContent).toBe('Sandbag');
    expect(byTestId('reference-table-es-cover-row-0')).toBeNull();
    expect(byTestId('reference-result-count')?.textContent).toBe('1 result.');
  });

  it("says when nothing matches in any system", async () => {
    await mount();
    await type('zzzzqqq');
    expect(byTestId('reference-no-results')?.textContent?.trim()).toBe('No table or rule in any system matches “zzzzqqq”.');
    expect(byTestId('reference-elsewhere-title')).toBeNull();
    expect(byTestId('reference-result-count')?.textContent).toBe('No results.');
  });

  it("shows the other systems' matches under their own heading when the system shown has none", async () => {
    await mount();
    await type('buffer');
    expect(byTestId('reference-no-results')?.textContent?.trim()).toBe(
      'No table or rule in The Electric State RPG matches “buffer”.',
    );
    expect(byTestId('reference-elsewhere-title')?.textContent?.trim()).toBe('In other systems · 4');
    const elsewhere = byTestId('reference-elsewhere')!;
    expect(elsewhere.querySelector('[data-testid="reference-summary-hardware-buffer"]')?.textContent).toContain('Hardware');
    expect(elsewhere.querySelector('[data-testid="reference-table-hardware-protection-toggle"]')).not.toBeNull();
    expect(byTestId('reference-result-count')?.textContent).toBe('No results here; 4 in other systems.');
    // The scope is left as it is: the GM still sees their own system first next time.
    expect(useReferenceStore().scope).toBe('electric-state');
  });

  it('lists a pinned table first, open, with its star pressed', async () => {
    await mount();
    await useReferenceStore().togglePin('es-serious-injuries');
    await nextTick();
    const toggles = [...harness.host.querySelectorAll('[data-testid$="-toggle"]')].map((el) => el.getAttribute('data-testid'));
    expect(toggles[0]).toBe('reference-table-es-serious-injuries-toggle');
    expect(byTestId('reference-table-es-serious-injuries-toggle')?.getAttribute('aria-expanded')).toBe('true');
    expect(byTestId('reference-table-es-serious-injuries-pin')?.getAttribute('aria-pressed')).toBe('true');
    expect(byTestId('reference-table-es-serious-injuries-pin')?.textContent).toContain('Pinned');
  });
});
