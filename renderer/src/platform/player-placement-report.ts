// The player page's one call to GM Screen's server (browser fallback): where its window is, so the
// next opening puts it back there. It imports only the bridge transport: the player page never
// builds the GM's API. Under Electron main watches the player window itself, and the page has no
// token, so this does nothing there.
import type { PlayerPlacement } from '../../../shared/ipc/contract';
import { createBridgeCaller, type Fetch } from './bridge-transport';
import { displayOfScreen, type ScreenLike } from './player-window-browser';

/** The meta tag in which the server hands player.html its own token (main/services/web-shell.ts), good for PLAYER_PAGE_METHODS only. */
export const PLAYER_TOKEN_META = 'gm-player-token';
/** Browsers fire no event when a window moves: its position is looked at this often. */
export const PLACEMENT_CHECK_MS = 1000;

/** The parts of the player window that say where it is. */
export interface PlacementWindow {
  readonly screenX: number;
  readonly screenY: number;
  readonly innerWidth: number;
  readonly innerHeight: number;
  readonly screen: ScreenLike;
  readonly document: Pick<Document, 'fullscreenElement' | 'querySelector'>;
}

export function playerToken(document: Pick<Document, 'querySelector'>): string | null {
  return document.querySelector<HTMLMetaElement>(`meta[name="${PLAYER_TOKEN_META}"]`)?.content || null;
}

/**
 * Where the window is, in window.open's numbers (outer position, inner size: what
 * popupFeatures asks for), or null in full screen, whose size is the screen's and not the one to
 * reopen at.
 */
export function readPlacement(window: PlacementWindow): PlayerPlacement | null {
  if (window.document.fullscreenElement) return null;
  return {
    displayId: displayOfScreen(window.screen).id,
    bounds: {
      x: Math.round(window.screenX),
      y: Math.round(window.screenY),
      width: Math.round(window.innerWidth),
      height: Math.round(window.innerHeight),
    },
    fullScreen: false,
  };
}

/** Sends one placement with the player page's token; a failure is dropped (remembering the place is a convenience). */
export async function reportPlayerPlacement(
  placement: PlayerPlacement,
  token: string,
  fetchImpl: Fetch = (input, init) => fetch(input, init),
): Promise<void> {
  try {
    await createBridgeCaller(token, fetchImpl)('savePlayerPlacement', placement);
  } catch {
    // The server stopped or refused a size it finds absurd: the next opening uses the last one it kept.
  }
}

export interface WatchOptions {
  readonly fetch?: Fetch;
  readonly setInterval?: (callback: () => void, ms: number) => unknown;
  readonly clearInterval?: (handle: unknown) => void;
}

const same = (a: PlayerPlacement | null, b: PlayerPlacement | null) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Reports the player window's placement whenever it has changed and then stayed put for one check
 * (a drag in progress is not written every second). Call it once when the player page starts;
 * returns the function that stops watching. Without a player token (Electron, a dev server) it
 * watches nothing.
 */
export function watchPlayerPlacement(
  window: PlacementWindow = globalThis.window,
  options: WatchOptions = {},
): () => void {
  const token = playerToken(window.document);
  if (!token) return () => undefined;
  const every = options.setInterval ?? ((callback, ms) => globalThis.setInterval(callback, ms));
  const stop = options.clearInterval ?? ((handle) => globalThis.clearInterval(handle as number));
  let reported = readPlacement(window);
  let previous = reported;
  const handle = every(() => {
    const now = readPlacement(window);
    if (now && same(now, previous) && !same(now, reported)) {
      reported = now;
      void reportPlayerPlacement(now, token, options.fetch);
    }
    previous = now;
  }, PLACEMENT_CHECK_MS);
  return () => stop(handle);
}
