import type { DisplayInfo, PlayerPlacement } from '../../../shared/ipc/contract';
import type { PreferencesFile } from '../files/preferences';
import { describeFileError } from '../files/describe-file-error';
import { choosePlacement } from './placement';

/**
 * Each shell remembers its own placement: Electron's window bounds and a browser's window.open
 * features are not the same numbers, nor are the display ids.
 */
export type PlacementKey = 'playerWindow' | 'playerWindowInBrowser';

export interface PlacementStore {
  /** Where to open on these displays, from what was saved (anything damaged counts as nothing saved). */
  choose(displays: readonly DisplayInfo[]): Promise<PlayerPlacement>;
  /** Remembers where the window is now, through the preferences file's crash-safe writer. */
  save(placement: PlayerPlacement): Promise<{ status: 'saved' } | { status: 'failed'; message: string }>;
}

export function createPlacementStore(preferences: PreferencesFile, key: PlacementKey): PlacementStore {
  return {
    async choose(displays) {
      return choosePlacement((await preferences.read())[key], displays);
    },
    async save(placement) {
      try {
        await preferences.update({ [key]: placement });
        return { status: 'saved' };
      } catch (error) {
        return { status: 'failed', message: `The player view's place was not remembered. ${describeFileError(error, preferences.path)}` };
      }
    },
  };
}
