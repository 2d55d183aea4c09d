import type { DisplayInfo, Rect } from '../../../shared/ipc/contract';

export interface Size {
  width: number;
  height: number;
}

/** What differs between the app's windows when they are placed: their sizes and where they go when their display is gone. */
export interface PlacementRules {
  /** The size of a first opening. */
  defaultSize: Size;
  /** A smaller saved size is grown to this (unless the display itself is smaller). */
  minimumSize: Size;
  /** Where to open with no saved display to return to; undefined only when there is no display at all. */
  fallbackDisplay(displays: readonly DisplayInfo[]): DisplayInfo | undefined;
}

/** What was saved last time, already checked: the display it was on and its normal bounds. */
export interface SavedPlace {
  displayId: string;
  bounds: Rect;
}

export const primaryDisplay = (displays: readonly DisplayInfo[]): DisplayInfo | undefined =>
  displays.find((display) => display.primary) ?? displays[0];

function clamp(value: number, low: number, high: number): number {
  return Math.min(Math.max(value, low), high);
}

/**
 * `size` fitted into `area`: at least the minimum (unless the area itself is smaller), at most the
 * area; `position` (absent: centred) moved so the whole window is inside it.
 */
export function fitInto(area: Rect, size: Size, minimum: Size, position?: { x: number; y: number }): Rect {
  const width = Math.min(Math.max(size.width, minimum.width), area.width);
  const height = Math.min(Math.max(size.height, minimum.height), area.height);
  const x = position ? clamp(position.x, area.x, area.x + area.width - width) : area.x + Math.floor((area.width - width) / 2);
  const y = position ? clamp(position.y, area.y, area.y + area.height - height) : area.y + Math.floor((area.height - height) / 2);
  return { x, y, width, height };
}

/**
 * Where a window opens: on the saved display if it is still connected (its saved bounds moved and
 * shrunk into that display's work area); else centred on the rules' fallback display, keeping the
 * saved size when there was one. With no display at all (never in practice), the size at the origin.
 */
export function placeOnDisplays(previous: SavedPlace | null, displays: readonly DisplayInfo[], rules: PlacementRules): SavedPlace {
  const size = previous?.bounds ?? rules.defaultSize;
  const same = previous ? displays.find((display) => display.id === previous.displayId) : undefined;
  if (previous && same) return { displayId: same.id, bounds: fitInto(same.workArea, size, rules.minimumSize, previous.bounds) };
  const target = rules.fallbackDisplay(displays);
  if (!target) return { displayId: previous?.displayId ?? 'none', bounds: { x: 0, y: 0, width: size.width, height: size.height } };
  return { displayId: target.id, bounds: fitInto(target.workArea, size, rules.minimumSize) };
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
  return best ?? primaryDisplay(displays);
}

function overlap(a: Rect, b: Rect): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return width > 0 && height > 0 ? width * height : 0;
}

/** Electron's bounds can be fractional on scaled screens; the saved value is whole pixels. */
export function wholePixels(raw: Rect): Rect {
  return { x: Math.round(raw.x), y: Math.round(raw.y), width: Math.round(raw.width), height: Math.round(raw.height) };
}
