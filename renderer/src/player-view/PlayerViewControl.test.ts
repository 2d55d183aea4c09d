import { beforeEach, describe, expect, it, vi } from 'vitest';
import { h, nextTick } from 'vue';
import { usePlayerViewStore } from './player-view-store';
import PlayerViewBanner from './PlayerViewBanner.vue';
import PlayerViewControl from './PlayerViewControl.vue';
import { componentHarness } from '../../test/component-harness.test-support';

// What the shell answers when the GM asks for the player view.
const opened = vi.hoisted(() => ({ answer: { status: 'opened' } as { status: string; message?: string }, calls: 0 }));
vi.mock('../platform/player-window', () => ({
  openPlayerView: async () => {
    opened.calls++;
    return opened.answer;
  },
}));

const harness = componentHarness('player-control');

beforeEach(() => {
  opened.answer = { status: 'opened' };
  opened.calls = 0;
});

async function mountBoth() {
  harness.mount({ render: () => [h(PlayerViewControl), h(PlayerViewBanner)] });
  await nextTick();
  return usePlayerViewStore();
}

const byTestId = (id: string) => harness.host.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const text = (id: string) => byTestId(id)?.textContent?.trim() ?? null;

describe('the header control and banner of the player view', () => {
  it('shows only the icon until a view is open, then the status, Screen down and the options', async () => {
    const store = await mountBoth();
    expect(text('player-view-open')).toBe('Player view');
    expect(text('player-view-status')).toBe('');
    expect(byTestId('player-view-screen')).toBeNull();
    expect(byTestId('player-view-options')).toBeNull();

    store.viewsOpen = 1;
    await nextTick();
    expect(text('player-view-status')).toBe('Player view open');
    expect(text('player-view-screen')).toBe('Screen down');
    expect(byTestId('player-view-open')!.title).toBe('Bring the player view to the front');

    store.viewsOpen = 2;
    await nextTick();
    expect(text('player-view-status')).toBe('2 player views open');
  });

  it('puts the screen down with a loud banner, and up again from the banner', async () => {
    const store = await mountBoth();
    store.viewsOpen = 1;
    await nextTick();
    byTestId('player-view-screen')!.click();
    await nextTick();
    expect(store.screenDown).toBe(true);
    expect(text('player-view-screen')).toBe('Screen up');
    expect(byTestId('player-view-screen')!.classList.contains('down')).toBe(true);
    expect(byTestId('player-screen-down')!.querySelector('p')!.textContent).toBe(
      'Player screen is down — players see black.',
    );

    byTestId('player-screen-up')!.click();
    await nextTick();
    expect(store.screenDown).toBe(false);
    expect(byTestId('player-screen-down')).toBeNull();
  });

  it('keeps the toggle in the header while the screen is down with no view open, so it can come up', async () => {
    const store = await mountBoth();
    store.setScreenDown(true);
    await nextTick();
    expect(text('player-view-screen')).toBe('Screen up');
  });

  it('opens the player view from the icon, and says in words why it could not', async () => {
    opened.answer = {
      status: 'failed',
      message: 'The browser blocked the player view window: allow pop-ups for this page and try again.',
    };
    const store = await mountBoth();
    byTestId('player-view-open')!.click();
    await vi.waitFor(() => expect(opened.calls).toBe(1));
    await nextTick();
    expect(byTestId('player-view-problem')!.querySelector('p')!.textContent).toBe(
      'The browser blocked the player view window: allow pop-ups for this page and try again.',
    );
    byTestId('player-view-problem-dismiss')!.click();
    await nextTick();
    expect(store.openProblem).toBeNull();
    expect(byTestId('player-view-problem')).toBeNull();
  });
});
