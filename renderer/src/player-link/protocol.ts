import type { PlayerScreen } from '../../../shared/player-view/contract';

/**
 * The player view's one link to the GM screen: a BroadcastChannel between windows of the same
 * origin (Electron's file:// windows and the browser fallback's tabs alike). The GM screen only
 * ever sends the public projection; the player view sends only its presence.
 */
export const PLAYER_CHANNEL = 'gm-screen:player-view';

export type PlayerTheme = 'dark' | 'high-contrast';

/** How the player view looks and its timer: the GM's choices, sent with every screen. */
export interface PlayerLook {
  readonly theme: PlayerTheme;
  /** A countdown the players see, started at `startedAt` (epoch ms); null: no timer. */
  readonly timer: { readonly seconds: number; readonly startedAt: number } | null;
}

/** GM screen → player view: the whole screen each time (it is small), numbered so a late copy is ignored. */
export interface ScreenMessage {
  readonly type: 'screen';
  /** The sending GM screen (one per window), so a second GM window never mixes its screens in. */
  readonly gmId: string;
  readonly seq: number;
  readonly screen: PlayerScreen;
  readonly look: PlayerLook;
}

/**
 * Player view → GM screen. `hello` when it opens (the GM answers with the screen at once),
 * `present` every PRESENCE_INTERVAL_MS while open, `bye` when it closes. A view silent for
 * PRESENCE_TIMEOUT_MS is taken as closed (it crashed or its window was killed).
 */
export type PresenceMessage =
  | { readonly type: 'hello'; readonly viewId: string }
  | { readonly type: 'present'; readonly viewId: string }
  | { readonly type: 'bye'; readonly viewId: string };

export const PRESENCE_INTERVAL_MS = 1000;
export const PRESENCE_TIMEOUT_MS = 3500;

export type PlayerLinkMessage = ScreenMessage | PresenceMessage;
