import type { DisplayInfo, Rect } from '../../../shared/ipc/contract';
import { describeFileError } from '../files/describe-file-error';
import type { PreferencesFile } from '../files/preferences';
import { displayOf, wholePixels } from './fit-window';
import { chooseGmWindowState, type GmWindowState } from './gm-window-state';
import { createSaveScheduler } from './save-scheduler';

/** The parts of the GM's BrowserWindow the keeper reads; a plain object in tests. */
export interface GmWindowHandle {
  isDestroyed(): boolean;
  /** The bounds it has when neither maximised nor full screen: what it returns to when un-maximised. */
  getNormalBounds(): Rect;
  isMaximized(): boolean;
  isFullScreen(): boolean;
}

/** What the shell reports about the GM window. */
export interface GmWindowListeners {
  /** Moved, resized, maximised or restored, entered or left full screen. */
  changed(): void;
  /** About to close: its bounds can still be read. */
  closing(): void;
  closed(): void;
}

export interface GmWindowStateHost {
  preferences: PreferencesFile;
  displays(): readonly DisplayInfo[];
  log(message: string): void;
  /** setTimeout; returns the function that cancels it. */
  schedule(callback: () => void, ms: number): () => void;
}

/** Moves and resizes come in bursts while the GM drags: the state is written once the window has been still this long. */
export const GM_SAVE_DELAY_MS = 500;

/** The preferences key: one GM window, one state. */
export const GM_WINDOW_KEY = 'gmWindow';

export interface GmWindowStateKeeper {
  /** Where to open on the displays connected now, from what was saved (anything damaged counts as nothing saved). */
  choose(): Promise<GmWindowState>;
  /** Saves this window's state a moment after each burst of changes and as it closes. */
  track(window: GmWindowHandle): GmWindowListeners;
  /** Resolves once every write started so far has finished: the app waits for it before it quits. */
  flush(): Promise<void>;
}

/**
 * The GM window's remembered place, apart from Electron: read from `preferences.json` when the
 * window is made, written through the file's crash-safe writer 500 ms after it stops changing and
 * when it closes. A write that fails is logged, never thrown: the GM's screen works without it.
 */
export function createGmWindowStateKeeper(host: GmWindowStateHost): GmWindowStateKeeper {
  // One GM window at a time (macOS makes a new one only after the last closed): one scheduler.
  const saves = createSaveScheduler(host, GM_SAVE_DELAY_MS);

  function stateOf(window: GmWindowHandle): GmWindowState {
    const bounds = wholePixels(window.getNormalBounds());
    return {
      displayId: displayOf(bounds, host.displays())?.id ?? 'none',
      bounds,
      maximized: window.isMaximized(),
      fullScreen: window.isFullScreen(),
    };
  }

  async function save(window: GmWindowHandle): Promise<void> {
    if (window.isDestroyed()) return;
    try {
      await host.preferences.update({ [GM_WINDOW_KEY]: stateOf(window) });
    } catch (error) {
      host.log(`The GM window's place was not remembered. ${describeFileError(error, host.preferences.path)}`);
    }
  }

  return {
    async choose() {
      return chooseGmWindowState((await host.preferences.read())[GM_WINDOW_KEY], host.displays());
    },
    track(window) {
      return {
        changed: () => saves.later(() => save(window)),
        closing: () => saves.now(() => save(window)),
        closed: () => saves.cancel(),
      };
    },
    flush: () => saves.flush(),
  };
}
