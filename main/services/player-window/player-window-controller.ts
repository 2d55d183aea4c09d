import type { DisplayInfo, OpenPlayerViewResponse, PlayerPlacement, Rect } from '../../../shared/ipc/contract';
import { displayOf, wholePixels } from '../window-state/fit-window';
import { createSaveScheduler } from '../window-state/save-scheduler';
import type { PlacementStore } from './placement-store';

/** The parts of the player view's BrowserWindow the controller uses; a plain object in tests. */
export interface PlayerWindowHandle {
  isDestroyed(): boolean;
  isMinimized(): boolean;
  restore(): void;
  focus(): void;
  close(): void;
  isFullScreen(): boolean;
  setFullScreen(fullScreen: boolean): void;
  /** The bounds it has when neither full screen nor maximised: what is worth restoring next time. */
  getNormalBounds(): Rect;
}

/** What the shell reports about the window it made. */
export interface PlayerWindowListeners {
  /** Moved, resized, or entered or left full screen. */
  changed(): void;
  /** About to close: its bounds can still be read. */
  closing(): void;
  closed(): void;
}

export interface PlayerWindowHost {
  /** Makes the window at this placement (full screen included) and starts loading the player page. */
  create(placement: PlayerPlacement, listeners: PlayerWindowListeners): PlayerWindowHandle;
  displays(): readonly DisplayInfo[];
  readonly store: PlacementStore;
  log(message: string): void;
  /** setTimeout; returns the function that cancels it. */
  schedule(callback: () => void, ms: number): () => void;
}

/** Moves and resizes come in bursts while the GM drags: the placement is written once the window has been still this long. */
export const SAVE_DELAY_MS = 500;

export interface PlayerWindowController {
  /** Opens the player view, or brings it to the front when it is open (never a second one). */
  open(): Promise<OpenPlayerViewResponse>;
  /** Full screen on or off; a player view that is not open opens full screen. */
  toggleFullScreen(): Promise<OpenPlayerViewResponse>;
  /** Closes it (the GM window closed); its placement is saved as it goes. */
  close(): void;
  isOpen(): boolean;
  /** Resolves once every placement write started so far has finished: the app waits for it before it quits. */
  flush(): Promise<void>;
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The player view window's life, apart from Electron: one window at most, opened where the
 * placement store chooses, its placement saved a moment after it stops moving and when it closes;
 * a crashed or hung page is main/electron/recovery.ts's to reload, and nothing here ever touches the GM window.
 */
export function createPlayerWindowController(host: PlayerWindowHost): PlayerWindowController {
  let window: PlayerWindowHandle | null = null;
  let opening: Promise<OpenPlayerViewResponse> | null = null;
  const saves = createSaveScheduler(host, SAVE_DELAY_MS);

  const live = () => (window && !window.isDestroyed() ? window : null);

  function placementOf(handle: PlayerWindowHandle): PlayerPlacement {
    const bounds = wholePixels(handle.getNormalBounds());
    return { displayId: displayOf(bounds, host.displays())?.id ?? 'none', bounds, fullScreen: handle.isFullScreen() };
  }

  async function save(handle: PlayerWindowHandle | null): Promise<void> {
    if (!handle || handle.isDestroyed()) return;
    const answer = await host.store.save(placementOf(handle));
    if (answer.status === 'failed') host.log(answer.message);
  }

  function listenersFor(handle: () => PlayerWindowHandle | null): PlayerWindowListeners {
    return {
      changed: () => saves.later(() => save(handle())),
      closing: () => saves.now(() => save(handle())),
      closed() {
        saves.cancel();
        if (window === handle()) window = null;
      },
    };
  }

  async function openNew(): Promise<OpenPlayerViewResponse> {
    try {
      const placement = await host.store.choose(host.displays());
      let created: PlayerWindowHandle | null = null;
      created = host.create(placement, listenersFor(() => created));
      window = created;
      return { status: 'opened' };
    } catch (error) {
      return { status: 'failed', message: `The player view could not be opened: ${reasonOf(error)}.` };
    }
  }

  async function open(): Promise<OpenPlayerViewResponse> {
    const current = live();
    if (current) {
      if (current.isMinimized()) current.restore();
      current.focus();
      return { status: 'opened' };
    }
    // A second request while the first is still choosing the placement gets the same window.
    opening ??= openNew().finally(() => (opening = null));
    return opening;
  }

  return {
    open,
    async toggleFullScreen() {
      const current = live();
      if (!current) {
        const answer = await open();
        const opened = live();
        if (answer.status === 'opened' && opened && !opened.isFullScreen()) opened.setFullScreen(true);
        return answer;
      }
      current.setFullScreen(!current.isFullScreen());
      return { status: 'opened' };
    },
    close() {
      live()?.close();
    },
    isOpen: () => live() !== null,
    flush: () => saves.flush(),
  };
}
