import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, serverDataDirectory, test } from './fixtures';

/** The browser fallback's remembered placement (main/services/player-window/), or undefined before any. */
function savedBrowserPlacement(): unknown {
  try {
    return (JSON.parse(readFileSync(join(serverDataDirectory(), 'preferences.json'), 'utf8')) as { playerWindowInBrowser?: unknown }).playerWindowInBrowser;
  } catch {
    return undefined;
  }
}

/**
 * The browser fallback's player view: a pop-up of the GM page's own origin showing player.html
 * (so BroadcastChannel links the two), with no handle on the GM page and none of its API; a second
 * open brings it forward instead of opening another; where it is put is remembered by the server.
 */
test('the player view opens as a second window of the same origin, once, and is reopened where it was left', async ({ gm }) => {
  const page = gm.page;
  const popup = page.waitForEvent('popup');
  await page.getByTestId('player-view-open').click();
  const player = await popup;
  await player.waitForLoadState('domcontentloaded');

  expect(new URL(player.url()).origin).toBe(new URL(page.url()).origin);
  expect(new URL(player.url()).pathname).toBe('/player.html');
  await expect(player).toHaveTitle('GM Screen · Player view');
  await expect(player.locator('#player > *')).not.toHaveCount(0);
  // Its own token only (good for reporting its place), never the GM page's; no way back to the GM page.
  expect(
    await player.evaluate(() => ({
      opener: window.opener as unknown,
      gmToken: document.querySelector('meta[name="gm-bridge-token"]') !== null,
      playerToken: document.querySelector<HTMLMetaElement>('meta[name="gm-player-token"]')?.content.length,
    })),
  ).toEqual({ opener: null, gmToken: false, playerToken: 43 });

  // Asked again, the open window is brought forward: no second player view.
  await page.getByTestId('player-view-open').click();
  await page.waitForTimeout(300);
  expect(page.context().pages()).toHaveLength(2);

  // The GM's table screen is resized: once it has stayed that size, the server remembers it.
  await player.setViewportSize({ width: 900, height: 500 });
  await expect.poll(savedBrowserPlacement, { timeout: 10_000 }).toMatchObject({ bounds: { width: 900, height: 500 }, fullScreen: false });

  // Closed and opened again: the GM page asks the server where, and gets that size back.
  await player.close();
  const chosen = page.waitForResponse((response) => response.url().endsWith('/api/choosePlayerPlacement'));
  const reopened = page.waitForEvent('popup');
  await page.getByTestId('player-view-open').click();
  expect(((await (await chosen).json()) as { value: { bounds: { width: number; height: number } } }).value.bounds).toMatchObject({ width: 900, height: 500 });
  expect(new URL((await reopened).url()).pathname).toBe('/player.html');
});
