import { describe, expect, it } from 'vitest';
import { h, nextTick } from 'vue';
import type { RuleRef, SystemId } from '../../../shared/system-kit/rule-system';
import { useReferenceStore } from './reference-store';
import RuleTerm from './RuleTerm.vue';
import { componentHarness } from '../../test/component-harness.test-support';

const harness = componentHarness('rule-term');

async function mount(rule: RuleRef, systemId: SystemId, about?: string, detail?: string): Promise<void> {
  harness.mount({ render: () => h(RuleTerm, { rule, systemId, about, detail }) });
  await nextTick();
}

describe('RuleTerm', () => {
  it('cites the section as a button whose tooltip quotes it and says what Seed means, also for screen readers', async () => {
    await mount({ section: 'Death Rolls', source: 'seed' }, 'electric-state');
    const button = harness.host.querySelector('button')!;
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
    expect(harness.host.querySelector('button')!.title).toBe(
      '“Knockdown, called shots, interception and subduing each have their own dice pool rules.” (Other Combat Factors)\n' +
        'Book: from the published rulebook, for what the seed does not spell out.',
    );
    harness.unmount();
    await mount({ section: 'The Combat Turn', source: 'book' }, 'shadowrun-4e', 'Edge before the roll', 'Adds the attacker’s Edge in dice.');
    expect(harness.host.querySelector('button')!.title).toMatch(/^“Edge \[book\]: before a roll add Edge dice and 6s explode;/);
  });

  it('shows the section in the quick reference when clicked, switching system', async () => {
    await mount({ section: 'Attacking & Damage', source: 'seed' }, 'hardware');
    harness.host.querySelector('button')!.click();
    await nextTick();
    const reference = useReferenceStore();
    expect(reference.scope).toBe('hardware');
    expect(reference.spotlight?.key).toBe('summary:hardware:Attacking & Damage');
  });

  it('names the source in the citation', async () => {
    await mount({ section: 'Saves', source: 'book' }, 'hardware');
    expect(harness.host.querySelector('button')?.textContent?.trim()).toBe('Book: Saves');
  });

  it('cites a section without a summary as plain text, with no button', async () => {
    await mount({ section: 'Spellcasting', source: 'default' }, 'electric-state');
    expect(harness.host.querySelector('button')).toBeNull();
    expect(harness.host.querySelector('cite')?.textContent?.trim()).toBe('Default: Spellcasting');
  });
});
