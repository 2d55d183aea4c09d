// The player view in a plain browser: a second window of the same origin (so BroadcastChannel
// links it to the GM page), opened with window.open where the remembered placement says.
import type { DisplayInfo, OpenPlayerViewResponse, PlayerPlacement } from '../../../shared/ipc/contract';

/** The player view's window name: a second open reuses the window instead of making another. */
export const PLAYER_WINDOW_NAME = 'gm-screen-player';
export const POPUP_BLOCKED = 'The browser blocked the player view window: allow pop-ups for this page and try again.';
/** The placement is asked of the server while the GM's click still counts for the pop-up blocker (about 5 s in Chromium and Firefox). */
export const PLACEMENT_WAIT_MS = 1000;

/** The parts of `window.screen` a page may read without asking for permission (availLeft/availTop are Chromium's and Firefox's). */
export interface ScreenLike {
  readonly width: number;
  readonly height: number;
  readonly availWidth: number;
  readonly availHeight: number;
  readonly availLeft?: number;
  readonly availTop?: number;
}

export interface PopupHost {
  /** The GM page's own URL: player.html is beside it. */
  readonly pageUrl: string;
  readonly screen: ScreenLike;
  open(url: string, name: string, features: string): Window | null;
}

/** player.html beside the page, whatever the page's own path. */
export function playerPageUrl(pageUrl: string): string {
  return new URL('player.html', pageUrl).href;
}

/**
 * The screen a page is on, as the placement service counts displays. A page knows only its own
 * screen (others need a permission prompt), so its id is made from the screen's geometry.
 */
export function displayOfScreen(screen: ScreenLike): DisplayInfo {
  const left = screen.availLeft ?? 0;
  const top = screen.availTop ?? 0;
  return {
    id: `screen ${left},${top} ${screen.width}x${screen.height}`,
    bounds: { x: left, y: top, width: screen.width, height: screen.height },
    workArea: { x: left, y: top, width: screen.availWidth, height: screen.availHeight },
    primary: true,
  };
}

/** window.open's features for this placement: a separate pop-up window (not a tab), at its place and size. */
export function popupFeatures(placement: PlayerPlacement | null): string {
  if (!placement) return 'popup';
  const { x, y, width, height } = placement.bounds;
  return `popup,left=${x},top=${y},width=${width},height=${height}`;
}

function within<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        resolve(null);
      },
    );
  });
}

/**
 * openPlayerView for a browser page. A player view this page opened and that is still open is
 * brought to the front; otherwise it is opened where `choosePlacement` says (the server's
 * remembered placement; no answer within PLACEMENT_WAIT_MS, or a failed one, opens it at the
 * browser's default place). The new window's `opener` is cut: the player page gets no handle on
 * the GM page.
 */
export function createBrowserPlayerOpener(
  host: PopupHost,
  choosePlacement: (displays: DisplayInfo[]) => Promise<PlayerPlacement>,
): () => Promise<OpenPlayerViewResponse> {
  let opened: Window | null = null;
  return async () => {
    if (opened && !opened.closed) {
      opened.focus();
      return { status: 'opened' };
    }
    const placement = await within(choosePlacement([displayOfScreen(host.screen)]), PLACEMENT_WAIT_MS);
    const popup = host.open(playerPageUrl(host.pageUrl), PLAYER_WINDOW_NAME, popupFeatures(placement));
    if (!popup) return { status: 'failed', message: POPUP_BLOCKED };
    popup.opener = null;
    opened = popup;
    return { status: 'opened' };
  };
}

/** The host of the page it runs in. */
export function pagePopupHost(): PopupHost {
  return {
    pageUrl: location.href,
    screen: window.screen as ScreenLike,
    open: (url, name, features) => window.open(url, name, features),
  };
}
