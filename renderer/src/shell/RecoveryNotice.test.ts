import { beforeEach, describe, expect, it, vi } from 'vitest';
import { h, nextTick } from 'vue';
import type { GmApi } from '../../../shared/ipc/contract';
import { componentHarness } from '../../test/component-harness.test-support';

/** The shell under the screen: what it says about a reload of the screen. */
const shell = vi.hoisted(() => ({ notice: null as null | { message: string } }));

vi.mock('../platform/gm', () => ({
  gm: { takeRecoveryNotice: async () => shell.notice } satisfies Partial<GmApi>,
}));

const { default: RecoveryNotice } = await import('./RecoveryNotice.vue');

const harness = componentHarness('recovery-notice');

beforeEach(() => {
  shell.notice = null;
});

const byTestId = (id: string) => harness.host.querySelector<HTMLElement>(`[data-testid="${id}"]`);

describe('the recovery notice', () => {
  it('shows what the shell says about its reload, once, until OK', async () => {
    shell.notice = { message: 'The screen stopped unexpectedly (crashed) at 21:04 and was reloaded. Nothing was lost: every change is saved as it is made.' };
    harness.mount({ render: () => h(RecoveryNotice) });
    await vi.waitFor(() => expect(byTestId('recovery-notice')).not.toBeNull());
    expect(harness.host.querySelector('[data-testid="recovery-notice"] p')!.textContent).toBe(
      'The screen stopped unexpectedly (crashed) at 21:04 and was reloaded. Nothing was lost: every change is saved as it is made.',
    );
    expect(byTestId('recovery-notice')!.getAttribute('role')).toBe('status');
    byTestId('recovery-notice-dismiss')!.click();
    await nextTick();
    expect(byTestId('recovery-notice')).toBeNull();
  });

  it('shows nothing when the shell did not reload the screen', async () => {
    harness.mount({ render: () => h(RecoveryNotice) });
    await nextTick();
    await nextTick();
    expect(harness.host.textContent).toBe('');
  });
});
