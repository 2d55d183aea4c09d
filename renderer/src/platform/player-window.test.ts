import { afterEach, describe, expect, it, vi } from 'vitest';

const openPlayerViewThroughGm = vi.fn();
vi.mock('./gm', () => ({ gm: { openPlayerView: () => openPlayerViewThroughGm() } }));

const { openPlayerView } = await import('./player-window');

afterEach(() => openPlayerViewThroughGm.mockReset());

describe('openPlayerView (for the GM controls)', () => {
  it('answers what the shell answered: opened, or failed with its sentence', async () => {
    openPlayerViewThroughGm.mockResolvedValueOnce({ status: 'opened' });
    await expect(openPlayerView()).resolves.toEqual({ status: 'opened' });
    openPlayerViewThroughGm.mockResolvedValueOnce({ status: 'failed', message: 'The browser blocked the player view window: allow pop-ups for this page and try again.' });
    await expect(openPlayerView()).resolves.toEqual({ status: 'failed', message: 'The browser blocked the player view window: allow pop-ups for this page and try again.' });
  });

  it('never throws: a refused IPC call becomes a failed answer naming why', async () => {
    openPlayerViewThroughGm.mockRejectedValueOnce(new Error("Error invoking remote method 'gm:player:open': refused"));
    await expect(openPlayerView()).resolves.toEqual({
      status: 'failed',
      message: "The player view could not be opened: Error invoking remote method 'gm:player:open': refused.",
    });
  });
});
