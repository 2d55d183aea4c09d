import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DisplayInfo, Rect } from '../../../shared/ipc/contract';
import { createPreferencesFile } from '../files/preferences';
import { createGmWindowStateKeeper, GM_SAVE_DELAY_MS, type GmWindowHandle } from './gm-window-state-keeper';
import { manualTimers } from './manual-timers.test-support';

const laptop: DisplayInfo = { id: '1', bounds: { x: 0, y: 0, width: 1440, height: 900 }, workArea: { x: 0, y: 0, width: 1440, height: 860 }, primary: true };
const monitor: DisplayInfo = { id: '2', bounds: { x: 1440, y: 0, width: 1920, height: 1080 }, workArea: { x: 1440, y: 0, width: 1920, height: 1080 }, primary: false };

/** The GM window as the shell would report it: normal bounds, maximised, full screen. */
class FakeGmWindow implements GmWindowHandle {
  destroyed = false;
  constructor(
    public bounds: Rect,
    public maximized = false,
    public fullScreen = false,
  ) {}
  isDestroyed = () => this.destroyed;
  getNormalBounds = () => this.bounds;
  isMaximized = () => this.maximized;
  isFullScreen = () => this.fullScreen;
}

let folder: string;
let path: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'gm-window-state-'));
  path = join(folder, 'preferences.json');
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

function setUp(displays: DisplayInfo[] = [laptop, monitor], preferencesPath = path) {
  const logged: string[] = [];
  const timers = manualTimers();
  const keeper = createGmWindowStateKeeper({
    preferences: createPreferencesFile(preferencesPath),
    displays: () => displays,
    log: (message) => logged.push(message),
    schedule: timers.schedule,
  });
  return { keeper, logged, timers };
}

async function preferencesOnDisk(): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;
}

describe('GM window state keeper', () => {
  it('opens 1280 x 800 centred on the primary display at the first launch (no preferences file)', async () => {
    await expect(setUp().keeper.choose()).resolves.toEqual({ displayId: '1', bounds: { x: 80, y: 30, width: 1280, height: 800 }, maximized: false, fullScreen: false });
  });

  it('writes the state once the window has been still for 500 ms, not on every move', async () => {
    const { keeper, timers } = setUp();
    const window = new FakeGmWindow({ x: 80, y: 30, width: 1280, height: 800 });
    const listeners = keeper.track(window);
    window.bounds = { x: 1500, y: 10, width: 1300, height: 850 };
    listeners.changed();
    timers.tick(GM_SAVE_DELAY_MS - 1);
    window.bounds = { x: 1600.4, y: 20.6, width: 1400, height: 900 };
    listeners.changed();
    timers.tick(GM_SAVE_DELAY_MS - 1);
    await keeper.flush();
    await expect(readFile(path, 'utf8')).rejects.toThrow(/ENOENT/);
    timers.tick(1);
    expect(timers.pending()).toBe(0);
    await keeper.flush();
    // Whole pixels, on the display it overlaps most.
    expect((await preferencesOnDisk()).gmWindow).toEqual({ displayId: '2', bounds: { x: 1600, y: 21, width: 1400, height: 900 }, maximized: false, fullScreen: false });
  });

  it('writes at once when the window closes, cancelling the pending write, and the next launch returns there', async () => {
    const first = setUp();
    const window = new FakeGmWindow({ x: 1500, y: 40, width: 1600, height: 900 });
    const listeners = first.keeper.track(window);
    listeners.changed();
    listeners.closing();
    expect(first.timers.pending()).toBe(0);
    window.destroyed = true;
    listeners.closed();
    await first.keeper.flush();
    expect((await preferencesOnDisk()).gmWindow).toEqual({ displayId: '2', bounds: { x: 1500, y: 40, width: 1600, height: 900 }, maximized: false, fullScreen: false });

    await expect(setUp().keeper.choose()).resolves.toEqual({ displayId: '2', bounds: { x: 1500, y: 40, width: 1600, height: 900 }, maximized: false, fullScreen: false });
  });

  it('remembers a maximised window with its normal bounds, and the next launch opens it maximised', async () => {
    const first = setUp();
    const window = new FakeGmWindow({ x: 200, y: 100, width: 1000, height: 700 }, true);
    first.keeper.track(window).closing();
    await first.keeper.flush();
    await expect(setUp().keeper.choose()).resolves.toEqual({ displayId: '1', bounds: { x: 200, y: 100, width: 1000, height: 700 }, maximized: true, fullScreen: false });
  });

  it('remembers full screen, written after entering it like any other change', async () => {
    const { keeper, timers } = setUp();
    const window = new FakeGmWindow({ x: 200, y: 100, width: 1000, height: 700 });
    const listeners = keeper.track(window);
    window.fullScreen = true;
    listeners.changed();
    timers.tick(GM_SAVE_DELAY_MS);
    await keeper.flush();
    expect((await preferencesOnDisk()).gmWindow).toEqual({ displayId: '1', bounds: { x: 200, y: 100, width: 1000, height: 700 }, maximized: false, fullScreen: true });
  });

  it('opens on the primary display, the saved size kept, when the saved display is gone', async () => {
    await writeFile(path, JSON.stringify({ gmWindow: { displayId: '2', bounds: { x: 1500, y: 40, width: 1000, height: 700 }, maximized: false, fullScreen: false } }));
    await expect(setUp([laptop]).keeper.choose()).resolves.toEqual({ displayId: '1', bounds: { x: 220, y: 80, width: 1000, height: 700 }, maximized: false, fullScreen: false });
  });

  it('clamps the saved bounds into a work area that shrank since', async () => {
    await writeFile(path, JSON.stringify({ gmWindow: { displayId: '1', bounds: { x: 300, y: 200, width: 1400, height: 850 }, maximized: false, fullScreen: false } }));
    const smaller: DisplayInfo = { ...laptop, bounds: { x: 0, y: 0, width: 1280, height: 720 }, workArea: { x: 0, y: 0, width: 1280, height: 680 } };
    await expect(setUp([smaller]).keeper.choose()).resolves.toEqual({ displayId: '1', bounds: { x: 0, y: 0, width: 1280, height: 680 }, maximized: false, fullScreen: false });
  });

  it('ignores a damaged saved value (first-launch place) and keeps the other preferences when it next writes', async () => {
    await writeFile(path, JSON.stringify({ lastExportFolder: '/home/gm', playerWindow: { displayId: '2' }, gmWindow: { displayId: '1', bounds: 'everywhere' } }));
    const { keeper } = setUp();
    await expect(keeper.choose()).resolves.toEqual({ displayId: '1', bounds: { x: 80, y: 30, width: 1280, height: 800 }, maximized: false, fullScreen: false });
    keeper.track(new FakeGmWindow({ x: 80, y: 30, width: 1280, height: 800 })).closing();
    await keeper.flush();
    expect(await preferencesOnDisk()).toEqual({
      lastExportFolder: '/home/gm',
      playerWindow: { displayId: '2' },
      gmWindow: { displayId: '1', bounds: { x: 80, y: 30, width: 1280, height: 800 }, maximized: false, fullScreen: false },
    });
  });

  it('reads a preferences file that is not JSON as nothing saved', async () => {
    await writeFile(path, '{"gmWindow": {"displayId": "2", "bou');
    await expect(setUp().keeper.choose()).resolves.toEqual({ displayId: '1', bounds: { x: 80, y: 30, width: 1280, height: 800 }, maximized: false, fullScreen: false });
  });

  it('writes nothing for a window already destroyed when its timer fires', async () => {
    const { keeper, timers } = setUp();
    const window = new FakeGmWindow({ x: 80, y: 30, width: 1280, height: 800 });
    keeper.track(window).changed();
    window.destroyed = true;
    timers.tick(GM_SAVE_DELAY_MS);
    await keeper.flush();
    await expect(readFile(path, 'utf8')).rejects.toThrow(/ENOENT/);
  });

  it('logs a state it could not write, in a sentence, and flush still resolves', async () => {
    const missing = join(folder, 'missing', 'preferences.json');
    const { keeper, logged } = setUp([laptop], missing);
    keeper.track(new FakeGmWindow({ x: 80, y: 30, width: 1280, height: 800 })).closing();
    // The failure is logged before flush resolves: nothing is left unreported when the app quits.
    await keeper.flush();
    expect(logged).toEqual([
      `The GM window's place was not remembered. Could not save ${missing}: the folder ${join(folder, 'missing')} does not exist.`,
    ]);
  });
});
