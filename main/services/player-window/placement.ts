import { playerPlacementSchema, type DisplayInfo, type PlayerPlacement, type Rect } from '../../../shared/ipc/contract';

/** Below this a player view is unreadable from across the table; a smaller saved size is grown to it. */
export const MIN_PLAYER_WIDTH = 480;
export const MIN_PLAYER_HEIGHT = 270;
/** The size of a first opening (a 1080p screen's quarter area, readable and easy to drag to a TV). */
export const DEFAULT_PLAYER_WIDTH = 1280;
export const DEFAULT_PLAYER_HEIGHT = 720;

/** A saved placement as the contract describes it, or null for anything else (a hand-edited or damaged file): never thrown. */
export function parseSavedPlacement(saved: unknown): PlayerPlacement | null {
  const parsed = playerPlacementSchema.safeParse(saved);
  return parsed.success ? parsed.data : null;
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(Math.max(value, low), high);
}

/**
 * `size` fitted into `area`: at least the minimum (unless the area itself is smaller), at most the
 * area; `position` (absent: centred) moved so the whole window is inside it.
 */
function fitInto(area: Rect, size: { width: number; height: number }, position?: { x: number; y: number }): Rect {
  const width = Math.min(Math.max(size.width, MIN_PLAYER_WIDTH), area.width);
  const height = Math.min(Math.max(size.height, MIN_PLAYER_HEIGHT), area.height);
  const x = position ? clamp(position.x, area.x, area.x + area.width - width) : area.x + Math.floor((area.width - width) / 2);
  const y = position ? clamp(position.y, area.y, area.y + area.height - height) : area.y + Math.floor((area.height - height) / 2);
  return { x, y, width, height };
}

/** With no saved display to return to, a screen other than the GM's (a TV, a second monitor) is where players look. */
function fallbackDisplay(displays: readonly DisplayInfo[]): DisplayInfo | undefined {
  return displays.find((display) => !display.primary) ?? displays.find((display) => display.primary) ?? displays[0];
}

/**
 * Where to open the player view: on the saved display if it is still connected (its saved bounds
 * moved and shrunk into that display's work area); else centred on a secondary display if there
 * is one, else on the primary, keeping the saved size and full-screen choice when there was a
 * valid one. A corrupt saved value counts as none. With no display at all (never in practice), the
 * default size at the origin.
 */
export function choosePlacement(saved: unknown, displays: readonly DisplayInfo[]): PlayerPlacement {
  const previous = parseSavedPlacement(saved);
  const size = previous?.bounds ?? { width: DEFAULT_PLAYER_WIDTH, height: DEFAULT_PLAYER_HEIGHT };
  const same = previous ? displays.find((display) => display.id === previous.displayId) : undefined;
  if (previous && same) {
    return { displayId: same.id, bounds: fitInto(same.workArea, size, previous.bounds), fullScreen: previous.fullScreen };
  }
  const target = fallbackDisplay(displays);
  if (!target) return { displayId: previous?.displayId ?? 'none', bounds: { x: 0, y: 0, ...size }, fullScreen: previous?.fullScreen ?? false };
  return { displayId: target.id, bounds: fitInto(target.workArea, size), fullScreen: previous?.fullScreen ?? false };
}

/**
 * The display a window with these bounds is on: the one it overlaps most (Electron's
 * screen.getDisplayMatching does the same), or the primary when it overlaps none.
 */
export function displayOf(bounds: Rect, displays: readonly DisplayInfo[]): DisplayInfo | undefined {
  let best: DisplayInfo | undefined;
  let bestArea = 0;
  for (const display of displays) {
    const area = overlap(bounds, display.bounds);
    if (area > bestArea) [best, bestArea] = [display, area];
  }
  return best ?? displays.find((display) => display.primary) ?? displays[0];
}

function overlap(a: Rect, b: Rect): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return width > 0 && height > 0 ? width * height : 0;
}
