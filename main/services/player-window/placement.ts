import { playerPlacementSchema, type DisplayInfo, type PlayerPlacement } from '../../../shared/ipc/contract';
import { placeOnDisplays, primaryDisplay, type PlacementRules } from '../window-state/fit-window';

export { displayOf } from '../window-state/fit-window';

/** Below this a player view is unreadable from across the table; a smaller saved size is grown to it. */
export const MIN_PLAYER_WIDTH = 480;
export const MIN_PLAYER_HEIGHT = 270;
/** The size of a first opening (a 1080p screen's quarter area, readable and easy to drag to a TV). */
export const DEFAULT_PLAYER_WIDTH = 1280;
export const DEFAULT_PLAYER_HEIGHT = 720;

const playerRules: PlacementRules = {
  defaultSize: { width: DEFAULT_PLAYER_WIDTH, height: DEFAULT_PLAYER_HEIGHT },
  minimumSize: { width: MIN_PLAYER_WIDTH, height: MIN_PLAYER_HEIGHT },
  // With no saved display to return to, a screen other than the GM's (a TV, a second monitor) is where players look.
  fallbackDisplay: (displays) => displays.find((display) => !display.primary) ?? primaryDisplay(displays),
};

/** A saved placement as the contract describes it, or null for anything else (a hand-edited or damaged file): never thrown. */
export function parseSavedPlacement(saved: unknown): PlayerPlacement | null {
  const parsed = playerPlacementSchema.safeParse(saved);
  return parsed.success ? parsed.data : null;
}

/**
 * Where to open the player view: on the saved display if it is still connected (its saved bounds
 * moved and shrunk into that display's work area, at least 480×270); else centred on a secondary
 * display if there is one, else on the primary, keeping the saved size and full-screen choice when
 * there was a valid one. A corrupt saved value counts as none.
 */
export function choosePlacement(saved: unknown, displays: readonly DisplayInfo[]): PlayerPlacement {
  const previous = parseSavedPlacement(saved);
  return { ...placeOnDisplays(previous, displays, playerRules), fullScreen: previous?.fullScreen ?? false };
}
