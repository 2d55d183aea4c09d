import { createPinia, setActivePinia, type Pinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp, h, nextTick, type App } from 'vue';
import type { RuleRef, SystemId } from '../../../../shared/systems/contract';
import { GmDatabase, setDatabase } from '../../db/database';
import { useReferenceStore } from '../../stores/reference';
import RuleTerm from './RuleTerm.vue';

let n = 0;
let app: App | null = null;
let host: HTMLElement;
let pinia: Pinia;

beforeEach(() => {
  pinia = createPinia();
  setActivePinia(pinia);
  setDatabase(new GmDatabase(`gm-screen-rule-term-test-${n++}`));
  host = document.createElement('div');
  document.body.appendChild(host);
});

afterEach(() => {
  app?.unmount();
  app = null;
  host.remove();
});

async function mount(rule: RuleRef, systemId: SystemId, about?: string, detail?: string): Promise<void> {
  app = createApp({ render: () => h(RuleTerm, { rule, systemId, about, detail }) }).use(pinia);
  app.mount(host);
  await nextTick();
}

describe('RuleTerm', () => {
  it('cites the section as a button whose tooltip quotes it and says what Seed means, also for screen readers', async () => {
    await mount({ section: 'Death Rolls', source: 'seed' }, 'electric-state');
    const button = host.querySelector('button')!;
    expect(button.textContent?.trim()).toBe('Seed: Death Rolls');
    expect(button.title).toBe(
      '“Each turn while Incapacitated, roll 4 dice (no push) and keep count of the 6s.” (Death Rolls)\n' +
        'Seed: stated in the seed, the rules text the app is built on.',
    );
    const description = document.getElementById(button.getAttribute('aria-describedby')!);
    expect(description?.textContent).toContain(button.title);
  });

  it('quotes the sentence about what it stands beside, and the book for a book rule the seed does not state', async () => {
    await mount({ section: 'Other Combat Factors', source: 'book' }, 'shadowrun-4e', 'Called shot');
    expect(host.querySelector('button')!.title).toBe(
      '“Knockdown, called shots, interception and subduing each have their own dice pool rules.” (Other Combat Factors)\n' +
        'Book: from the published rulebook, for what the seed does not spell out.',
    );
    app?.unmount();
    await mount({ section: 'The Combat Turn', source: 'book' }, 'shadowrun-4e', 'Edge before the roll', 'Adds the attacker’s Edge in dice.');
    expect(host.querySelector('button')!.title).toMatch(/^“Edge \[book\]: before a roll add Edge dice and 6s explode;/);
  });

  it('shows the section in the quick reference when clicked, switching system', async () => {
    await mount({ section: 'Attacking & Damage', source: 'seed' }, 'hardware');
    host.querySelector('button')!.click();
    await nextTick();
    const reference = useReferenceStore();
    expect(reference.scope).toBe('hardware');
    expect(reference.spotlight?.key).toBe('summary:hardware:Attacking & Damage');
  });

  it('names the source in the citation', async () => {
    await mount({ section: 'Saves', source: 'book' }, 'hardware');
    expect(host.querySelector('button')?.textContent?.trim()).toBe('Book: Saves');
  });

  it('cites a section without a summary as plain text, with no button', async () => {
    await mount({ section: 'Spellcasting', source: 'default' }, 'electric-state');
    expect(host.querySelector('button')).toBeNull();
    expect(host.querySelector('cite')?.textContent?.trim()).toBe('Default: Spellcasting');
  });
});
