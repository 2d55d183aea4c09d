import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DisplayInfo, PlayerPlacement, Rect } from '../../../shared/ipc/contract';
import { createPreferencesFile } from '../files/preferences';
import { createPlacementStore } from './placement-store';
import { createPlayerWindowController, SAVE_DELAY_MS, type PlayerWindowHandle, type PlayerWindowListeners } from './player-window-controller';
import { manualTimers } from '../window-state/manual-timers.test-support';

const laptop: DisplayInfo = { id: '1', bounds: { x: 0, y: 0, width: 1440, height: 900 }, workArea: { x: 0, y: 0, width: 1440, height: 860 }, primary: true };
const tv: DisplayInfo = { id: '2', bounds: { x: 1440, y: 0, width: 1920, height: 1080 }, workArea: { x: 1440, y: 0, width: 1920, height: 1080 }, primary: false };

/** A window as the shell would make it: it keeps its bounds and says what happens to it. */
class FakeWindow implements PlayerWindowHandle {
  destroyed = false;
  minimized = false;
  fullScreen: boolean;
  focused = 0;
  constructor(
    public bounds: Rect,
    fullScreen: boolean,
    readonly listeners: PlayerWindowListeners,
  ) {
    this.fullScreen = fullScreen;
  }
  isDestroyed = () => this.destroyed;
  isMinimized = () => this.minimized;
  restore = () => void (this.minimized = false);
  focus = () => void this.focused++;
  isFullScreen = () => this.fullScreen;
  setFullScreen = (on: boolean) => {
    this.fullScreen = on;
    this.listeners.changed();
  };
  getNormalBounds = () => this.bounds;
  moveTo(bounds: Rect) {
    this.bounds = bounds;
    this.listeners.changed();
  }
  close = () => {
    if (this.destroyed) return;
    this.listeners.closing();
    this.destroyed = true;
    this.listeners.closed();
  };
}

let folder: string;
let path: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'gm-player-window-'));
  path = join(folder, 'preferences.json');
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** Waits for the writes the controller started (they run in the background). */
async function settled(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 50));
}

async function savedPlacement(): Promise<unknown> {
  return (JSON.parse(await readFile(path, 'utf8')) as { playerWindow?: unknown }).playerWindow;
}

/** The background write lands when the disk is done (fsync included): waited for, up to 5 s. */
async function expectSaved(expected: unknown, read: () => Promise<unknown> = savedPlacement): Promise<void> {
  await vi.waitFor(async () => expect(await read()).toEqual(expected), { timeout: 5000, interval: 20 });
}

function setUp(displays: DisplayInfo[] = [laptop, tv]) {
  const windows: FakeWindow[] = [];
  const created: PlayerPlacement[] = [];
  const logged: string[] = [];
  const timers = manualTimers();
  const controller = createPlayerWindowController({
    displays: () => displays,
    store: createPlacementStore(createPreferencesFile(path), 'playerWindow'),
    log: (message) => logged.push(message),
    schedule: timers.schedule,
    create(placement, listeners) {
      created.push(placement);
      const window = new FakeWindow(placement.bounds, placement.fullScreen, listeners);
      windows.push(window);
      return window;
    },
  });
  return { controller, windows, created, logged, timers };
}

describe('player window controller', () => {
  it('opens on the TV the first time, then focuses the open window instead of opening a second', async () => {
    const { controller, windows, created } = setUp();
    await expect(controller.open()).resolves.toEqual({ status: 'opened' });
    expect(created).toEqual([{ displayId: '2', bounds: { x: 1760, y: 180, width: 1280, height: 720 }, fullScreen: false }]);
    windows[0]!.minimized = true;
    await expect(controller.open()).resolves.toEqual({ status: 'opened' });
    expect(windows).toHaveLength(1);
    expect(windows[0]!.minimized).toBe(false);
    expect(windows[0]!.focused).toBe(1);
    expect(controller.isOpen()).toBe(true);
  });

  it('opens one window for two requests made at once', async () => {
    const { controller, windows } = setUp();
    await Promise.all([controller.open(), controller.open()]);
    expect(windows).toHaveLength(1);
  });

  it('saves the placement once the window has been still for the delay, not on every move', async () => {
    const { controller, windows, timers } = setUp();
    await controller.open();
    const window = windows[0]!;
    window.moveTo({ x: 1500, y: 10, width: 1280, height: 720 });
    timers.tick(SAVE_DELAY_MS - 1);
    window.moveTo({ x: 1600, y: 20, width: 1400, height: 800 });
    timers.tick(SAVE_DELAY_MS - 1);
    await settled();
    await expect(readFile(path, 'utf8')).rejects.toThrow(/ENOENT/);
    timers.tick(1);
    await expectSaved({ displayId: '2', bounds: { x: 1600, y: 20, width: 1400, height: 800 }, fullScreen: false });
  });

  it('saves at once when the window closes (no timer left behind), and the next opening returns there, full screen included', async () => {
    const first = setUp();
    await first.controller.open();
    first.windows[0]!.moveTo({ x: 1450, y: 30, width: 900, height: 500 });
    first.windows[0]!.fullScreen = true;
    first.controller.close();
    expect(first.timers.pending()).toBe(0);
    expect(first.controller.isOpen()).toBe(false);
    // What the app waits for before it quits: once flushed, the placement is on disk.
    await first.controller.flush();
    expect(await savedPlacement()).toEqual({ displayId: '2', bounds: { x: 1450, y: 30, width: 900, height: 500 }, fullScreen: true });

    const next = setUp();
    await next.controller.open();
    expect(next.created).toEqual([{ displayId: '2', bounds: { x: 1450, y: 30, width: 900, height: 500 }, fullScreen: true }]);
  });

  it('returns to the primary display, the saved size kept, when the TV is unplugged', async () => {
    await writeFile(path, JSON.stringify({ playerWindow: { displayId: '2', bounds: { x: 1450, y: 30, width: 900, height: 500 }, fullScreen: false } }));
    const { controller, created } = setUp([laptop]);
    await controller.open();
    expect(created).toEqual([{ displayId: '1', bounds: { x: 270, y: 180, width: 900, height: 500 }, fullScreen: false }]);
  });

  it('opens as if nothing were saved when the saved placement is damaged, and keeps the other preferences', async () => {
    await writeFile(path, JSON.stringify({ lastExportFolder: '/home/gm', playerWindow: { displayId: '2', bounds: 'everywhere' } }));
    const { controller, created } = setUp();
    await controller.open();
    expect(created[0]).toEqual({ displayId: '2', bounds: { x: 1760, y: 180, width: 1280, height: 720 }, fullScreen: false });
    controller.close();
    await expectSaved({
      lastExportFolder: '/home/gm',
      playerWindow: { displayId: '2', bounds: { x: 1760, y: 180, width: 1280, height: 720 }, fullScreen: false },
    }, async () => JSON.parse(await readFile(path, 'utf8')));
  });

  it('toggles full screen, and opens a closed player view full screen', async () => {
    const { controller, windows } = setUp();
    await expect(controller.toggleFullScreen()).resolves.toEqual({ status: 'opened' });
    expect(windows).toHaveLength(1);
    expect(windows[0]!.fullScreen).toBe(true);
    await controller.toggleFullScreen();
    expect(windows[0]!.fullScreen).toBe(false);
    await controller.toggleFullScreen();
    expect(windows[0]!.fullScreen).toBe(true);
    expect(windows).toHaveLength(1);
  });

  it('makes a new window after the GM (or the crash recovery, main/electron/recovery.ts) closed it', async () => {
    const { controller, windows } = setUp();
    await controller.open();
    windows[0]!.close();
    expect(controller.isOpen()).toBe(false);
    await controller.open();
    expect(windows).toHaveLength(2);
    expect(controller.isOpen()).toBe(true);
  });

  it('says why when the window cannot be made, and logs a placement it could not save', async () => {
    const logged: string[] = [];
    const failing = createPlayerWindowController({
      displays: () => [laptop],
      store: createPlacementStore(createPreferencesFile(join(folder, 'missing', 'preferences.json')), 'playerWindow'),
      log: (message) => logged.push(message),
      schedule: () => () => undefined,
      create: () => {
        throw new Error('no GPU process');
      },
    });
    await expect(failing.open()).resolves.toEqual({ status: 'failed', message: 'The player view could not be opened: no GPU process.' });

    const { controller } = setUp();
    const unsaved = createPlayerWindowController({
      displays: () => [laptop],
      store: createPlacementStore(createPreferencesFile(join(folder, 'missing', 'preferences.json')), 'playerWindow'),
      log: (message) => logged.push(message),
      schedule: () => () => undefined,
      create: (placement, listeners) => new FakeWindow(placement.bounds, false, listeners),
    });
    await unsaved.open();
    unsaved.close();
    await vi.waitFor(() => expect(logged).toHaveLength(1), { timeout: 5000 });
    expect(logged).toEqual([
      `The player view's place was not remembered. Could not save ${join(folder, 'missing', 'preferences.json')}: the folder ${join(folder, 'missing')} does not exist.`,
    ]);
    expect(controller.isOpen()).toBe(false);
  });
});
