import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DisplayInfo, PlayerPlacement } from '../../../shared/ipc/contract';
import { createBrowserPlayerOpener, displayOfScreen, PLACEMENT_WAIT_MS, POPUP_BLOCKED, type PopupHost } from './player-window-browser';

const screen = { width: 1920, height: 1080, availWidth: 1920, availHeight: 1040, availLeft: 0, availTop: 0 };
const placement: PlayerPlacement = { displayId: 'screen 0,0 1920x1080', bounds: { x: 320, y: 160, width: 1280, height: 720 }, fullScreen: false };

function fakeWindow() {
  return { closed: false, opener: { gm: 'page' } as unknown, focus: vi.fn() };
}

function popupHost(answer: ReturnType<typeof fakeWindow> | null) {
  const opened: [string, string, string][] = [];
  const host: PopupHost = {
    pageUrl: 'http://127.0.0.1:5180/index.html?seed=4',
    screen,
    open: (url, name, features) => {
      opened.push([url, name, features]);
      return answer as unknown as Window | null;
    },
  };
  return { host, opened };
}

afterEach(() => vi.useRealTimers());

describe('createBrowserPlayerOpener: the player view as a pop-up of the same origin', () => {
  it('opens player.html beside the page, named, where the remembered placement says, and cuts its opener', async () => {
    const popup = fakeWindow();
    const { host, opened } = popupHost(popup);
    const asked: DisplayInfo[][] = [];
    const open = createBrowserPlayerOpener(host, async (displays) => {
      asked.push(displays);
      return placement;
    });
    await expect(open()).resolves.toEqual({ status: 'opened' });
    expect(opened).toEqual([['http://127.0.0.1:5180/player.html', 'gm-screen-player', 'popup,left=320,top=160,width=1280,height=720']]);
    expect(asked).toEqual([
      [
        {
          id: 'screen 0,0 1920x1080',
          bounds: { x: 0, y: 0, width: 1920, height: 1080 },
          workArea: { x: 0, y: 0, width: 1920, height: 1040 },
          primary: true,
        },
      ],
    ]);
    expect(popup.opener).toBe(null);
  });

  it('brings the open window to the front instead of opening another; opens again once it is closed', async () => {
    const popup = fakeWindow();
    const { host, opened } = popupHost(popup);
    const open = createBrowserPlayerOpener(host, async () => placement);
    await open();
    await expect(open()).resolves.toEqual({ status: 'opened' });
    expect(opened).toHaveLength(1);
    expect(popup.focus).toHaveBeenCalledTimes(1);
    popup.closed = true;
    await open();
    expect(opened).toHaveLength(2);
  });

  it('says the pop-up was blocked when the browser refused it', async () => {
    const { host } = popupHost(null);
    const open = createBrowserPlayerOpener(host, async () => placement);
    await expect(open()).resolves.toEqual({ status: 'failed', message: POPUP_BLOCKED });
    expect(POPUP_BLOCKED).toBe('The browser blocked the player view window: allow pop-ups for this page and try again.');
  });

  it('opens at the browser\'s default place when the server fails to answer', async () => {
    const { host, opened } = popupHost(fakeWindow());
    await createBrowserPlayerOpener(host, () => Promise.reject(new Error('server gone')))();
    expect(opened[0]?.[2]).toBe('popup');
  });

  it('does not wait for a slow server past PLACEMENT_WAIT_MS (the click must still count for the pop-up blocker)', async () => {
    vi.useFakeTimers();
    const { host, opened } = popupHost(fakeWindow());
    const answer = createBrowserPlayerOpener(host, () => new Promise(() => undefined))();
    await vi.advanceTimersByTimeAsync(PLACEMENT_WAIT_MS - 1);
    expect(opened).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await expect(answer).resolves.toEqual({ status: 'opened' });
    expect(opened[0]?.[2]).toBe('popup');
  });
});

describe('displayOfScreen', () => {
  it('names a screen by its geometry, with no left/top where the browser does not tell', () => {
    expect(displayOfScreen({ width: 2560, height: 1440, availWidth: 2560, availHeight: 1400, availLeft: 1920, availTop: 0 }).id).toBe('screen 1920,0 2560x1440');
    expect(displayOfScreen({ width: 800, height: 600, availWidth: 800, availHeight: 560 })).toEqual({
      id: 'screen 0,0 800x600',
      bounds: { x: 0, y: 0, width: 800, height: 600 },
      workArea: { x: 0, y: 0, width: 800, height: 560 },
      primary: true,
    });
  });
});
