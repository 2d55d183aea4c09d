import { z } from 'zod';
import { rectSchema, type DisplayInfo } from '../../../shared/ipc/contract';
import { placeOnDisplays, primaryDisplay, type PlacementRules } from './fit-window';

/** Below this the GM screen's panels no longer fit side by side; the window cannot be made smaller. */
export const MIN_GM_WIDTH = 960;
export const MIN_GM_HEIGHT = 600;
/** The size of a first launch: a common laptop screen's 1280×800, the size the screen was designed at. */
export const DEFAULT_GM_WIDTH = 1280;
export const DEFAULT_GM_HEIGHT = 800;

/** Where the GM window was: its display, its normal bounds (what it returns to when un-maximised), maximised, full screen. */
export const gmWindowStateSchema = z.object({
  displayId: z.string().min(1).max(200),
  bounds: rectSchema,
  maximized: z.boolean(),
  fullScreen: z.boolean(),
});
export type GmWindowState = z.infer<typeof gmWindowStateSchema>;

const gmRules: PlacementRules = {
  defaultSize: { width: DEFAULT_GM_WIDTH, height: DEFAULT_GM_HEIGHT },
  minimumSize: { width: MIN_GM_WIDTH, height: MIN_GM_HEIGHT },
  // The GM's own screen is the primary one; a TV is the players'.
  fallbackDisplay: primaryDisplay,
};

/** A saved state as the schema describes it, or null for anything else (a hand-edited or damaged file): never thrown. */
export function parseSavedGmWindowState(saved: unknown): GmWindowState | null {
  const parsed = gmWindowStateSchema.safeParse(saved);
  return parsed.success ? parsed.data : null;
}

/**
 * Where the GM window opens: on the saved display if it is still connected (saved bounds moved and
 * shrunk into its work area, at least 960×600), else centred on the primary display with the saved
 * size; maximised and full screen as it was. Nothing saved, or something damaged: 1280×800 centred
 * on the primary display, neither maximised nor full screen.
 */
export function chooseGmWindowState(saved: unknown, displays: readonly DisplayInfo[]): GmWindowState {
  const previous = parseSavedGmWindowState(saved);
  return {
    ...placeOnDisplays(previous, displays, gmRules),
    maximized: previous?.maximized ?? false,
    fullScreen: previous?.fullScreen ?? false,
  };
}
