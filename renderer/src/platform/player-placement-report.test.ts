import { afterEach, describe, expect, it } from 'vitest';
import type { Fetch } from './bridge-transport';
import { PLACEMENT_CHECK_MS, playerToken, readPlacement, reportPlayerPlacement, watchPlayerPlacement, type PlacementWindow } from './player-placement-report';

const TOKEN = 'p'.repeat(43);
const screen = { width: 1920, height: 1080, availWidth: 1920, availHeight: 1040, availLeft: 0, availTop: 0 };

afterEach(() => {
  document.head.querySelectorAll('meta[name="gm-player-token"]').forEach((meta) => meta.remove());
});

function giveToken(token: string) {
  const meta = document.createElement('meta');
  meta.name = 'gm-player-token';
  meta.content = token;
  document.head.append(meta);
}

/** A window whose place the test sets, with the page's document (for the token) and a full-screen flag. */
function playerWindow() {
  const state = { screenX: 100, screenY: 50, innerWidth: 1280, innerHeight: 720, fullscreenElement: null as Element | null };
  const window: PlacementWindow = {
    get screenX() {
      return state.screenX;
    },
    get screenY() {
      return state.screenY;
    },
    get innerWidth() {
      return state.innerWidth;
    },
    get innerHeight() {
      return state.innerHeight;
    },
    screen,
    document: {
      get fullscreenElement() {
        return state.fullscreenElement;
      },
      querySelector: document.querySelector.bind(document) as Document['querySelector'],
    },
  };
  return { state, window };
}

function recordingFetch() {
  const bodies: { url: string; token: string; body: unknown }[] = [];
  const fetch: Fetch = async (input, init) => {
    bodies.push({ url: input, token: (init.headers as Record<string, string>)['X-GM-Token']!, body: JSON.parse(init.body as string) });
    return new Response('{"value":{"status":"saved"}}', { status: 200 });
  };
  return { bodies, fetch };
}

/** An interval run by hand. */
function manualInterval() {
  let callback: (() => void) | null = null;
  let period = 0;
  return {
    setInterval: (run: () => void, ms: number) => {
      callback = run;
      period = ms;
      return 7;
    },
    clearInterval: (handle: unknown) => {
      if (handle === 7) callback = null;
    },
    tick: () => callback?.(),
    period: () => period,
    running: () => callback !== null,
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the player page reports where its window is', () => {
  it('reads the outer position and inner size on its screen, and nothing in full screen', () => {
    const { state, window } = playerWindow();
    expect(readPlacement(window)).toEqual({ displayId: 'screen 0,0 1920x1080', bounds: { x: 100, y: 50, width: 1280, height: 720 }, fullScreen: false });
    state.fullscreenElement = document.body;
    expect(readPlacement(window)).toBe(null);
  });

  it('posts savePlayerPlacement with the player token', async () => {
    const { bodies, fetch } = recordingFetch();
    const placement = { displayId: 'd', bounds: { x: 1, y: 2, width: 800, height: 600 }, fullScreen: false };
    await reportPlayerPlacement(placement, TOKEN, fetch);
    expect(bodies).toEqual([{ url: '/api/savePlayerPlacement', token: TOKEN, body: placement }]);
    // A refusal or a stopped server is dropped, not thrown.
    await expect(reportPlayerPlacement(placement, TOKEN, async () => new Response('{"error":"no"}', { status: 400 }))).resolves.toBe(undefined);
    await expect(reportPlayerPlacement(placement, TOKEN, () => Promise.reject(new TypeError('Failed to fetch')))).resolves.toBe(undefined);
  });

  it('reports a new place once the window has stayed there for a check, once, and stops when told', async () => {
    giveToken(TOKEN);
    expect(playerToken(document)).toBe(TOKEN);
    const { state, window } = playerWindow();
    const { bodies, fetch } = recordingFetch();
    const interval = manualInterval();
    const stop = watchPlayerPlacement(window, { fetch, ...interval });
    expect(interval.period()).toBe(PLACEMENT_CHECK_MS);
    interval.tick();
    await flush();
    expect(bodies).toEqual([]); // where it opened: nothing new to remember
    state.screenX = 900;
    interval.tick(); // moving
    state.screenX = 1000;
    interval.tick(); // still moving
    await flush();
    expect(bodies).toEqual([]);
    interval.tick(); // stayed put
    interval.tick();
    await flush();
    expect(bodies.map(({ body }) => body)).toEqual([{ displayId: 'screen 0,0 1920x1080', bounds: { x: 1000, y: 50, width: 1280, height: 720 }, fullScreen: false }]);
    state.fullscreenElement = document.body;
    interval.tick();
    interval.tick();
    await flush();
    expect(bodies).toHaveLength(1);
    stop();
    expect(interval.running()).toBe(false);
  });

  it('watches nothing without a player token (Electron, a dev server)', () => {
    const interval = manualInterval();
    watchPlayerPlacement(playerWindow().window, { fetch: recordingFetch().fetch, ...interval });
    expect(interval.running()).toBe(false);
  });
});
