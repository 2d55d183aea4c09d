import type { PlayerScreen } from '../../../shared/player-view/contract';
import { newId } from '../platform/ids';
import {
  PLAYER_CHANNEL,
  PRESENCE_INTERVAL_MS,
  PRESENCE_TIMEOUT_MS,
  type PlayerLook,
  type PresenceMessage,
  type ScreenMessage,
} from './protocol';

/** The part of a BroadcastChannel the GM end uses: a fake in tests, the real one in the app. */
export interface LinkChannel {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  close(): void;
}

/** Time for the presence checks: the wall clock and a repeating timer. */
export interface LinkClock {
  now(): number;
  /** Calls `run` every `ms` until the returned function is called. */
  every(ms: number, run: () => void): () => void;
}

/** Where the GM page's own lifecycle events arrive (the window). */
export interface PageEvents {
  addEventListener(type: 'pagehide' | 'pageshow', listener: () => void): void;
  removeEventListener(type: 'pagehide' | 'pageshow', listener: () => void): void;
}

export interface GmLinkOptions {
  readonly channel?: LinkChannel;
  readonly clock?: LinkClock;
  readonly newId?: () => string;
  readonly page?: PageEvents | null;
}

/**
 * A screen made only when a view is there to see it: the projection of a large encounter costs
 * milliseconds on every change, and most of the time no player view is open. Never the waiting
 * screen (that one is given as it is).
 */
export type ScreenWhenSeen = () => PlayerScreen;

export interface GmLink {
  /** This GM window's id, sent with every screen. */
  readonly gmId: string;
  /**
   * Sends the whole screen to every open view, and keeps it to answer the next `hello`. A
   * ScreenWhenSeen is made and sent at once while a view is open; else it waits, unmade, for the
   * first view to be heard from (its hello, or the presence of one open before this window).
   */
  post(screen: PlayerScreen | ScreenWhenSeen, look: PlayerLook): void;
  /** How many player views are open now. */
  views(): number;
  /** Called with the number of open views whenever it changes; returns the unsubscribe. */
  onViewsChanged(listener: (count: number) => void): () => void;
  /** Stops listening and sending (the GM window's app is going away). */
  close(): void;
}

const WAITING: PlayerScreen = { kind: 'waiting' };

const systemClock: LinkClock = {
  now: () => Date.now(),
  every: (ms, run) => {
    const timer = setInterval(run, ms);
    return () => clearInterval(timer);
  },
};

function isPresence(data: unknown): data is PresenceMessage {
  if (typeof data !== 'object' || data === null) return false;
  const { type, viewId } = data as { type?: unknown; viewId?: unknown };
  return (type === 'hello' || type === 'present' || type === 'bye') && typeof viewId === 'string' && viewId !== '';
}

/**
 * The GM end of the player link. It sends the public projection (never anything else), answers
 * a view that says `hello` with the current screen at once, and counts the open views from their
 * presence: a view silent for PRESENCE_TIMEOUT_MS is taken as closed, so a crashed one drops out.
 * When the GM page goes away the views are told to wait, rather than keep showing a stale fight.
 * A window whose screen is the waiting one has nothing to say: it answers no hello and says
 * nothing when it goes away (a view waits by itself), so an idle second GM tab opening or closing
 * never takes the table's screen from the window running the fight.
 */
export function createGmLink(options: GmLinkOptions = {}): GmLink {
  const channel = options.channel ?? new BroadcastChannel(PLAYER_CHANNEL);
  const clock = options.clock ?? systemClock;
  const page = options.page === undefined ? (typeof window === 'undefined' ? null : window) : options.page;
  const gmId = (options.newId ?? newId)();

  let seq = 0;
  /** The last screen posted; null until the first. `sent`: the views have it. */
  let current: { screen: PlayerScreen | ScreenWhenSeen; look: PlayerLook; sent: boolean } | null = null;
  const showing = () => current !== null && (typeof current.screen === 'function' || current.screen.kind !== 'waiting');
  /** Open views by id, with when each was last heard from. */
  const lastHeard = new Map<string, number>();
  const listeners = new Set<(count: number) => void>();

  function send(screen: PlayerScreen, look: PlayerLook): void {
    seq += 1;
    const message: ScreenMessage = { type: 'screen', gmId, seq, screen, look };
    channel.postMessage(message);
  }

  /** Sends the current screen, made first if it was posted as a ScreenWhenSeen. */
  function sendCurrent(): void {
    if (!current) return;
    if (typeof current.screen === 'function') current.screen = current.screen();
    current.sent = true;
    send(current.screen, current.look);
  }

  function changed(before: number): void {
    if (lastHeard.size === before) return;
    for (const listener of listeners) listener(lastHeard.size);
  }

  function onMessage(event: MessageEvent): void {
    const data: unknown = event.data;
    // Screens from another GM window pass by on the same channel: only presence is for us.
    if (!isPresence(data)) return;
    const before = lastHeard.size;
    if (data.type === 'bye') lastHeard.delete(data.viewId);
    else lastHeard.set(data.viewId, clock.now());
    // A view open before this window was heard: it gets the screen no view was there for.
    const unsentSeen = data.type === 'present' && current !== null && !current.sent;
    if ((data.type === 'hello' || unsentSeen) && current && showing()) sendCurrent();
    changed(before);
  }

  function expire(): void {
    const before = lastHeard.size;
    const now = clock.now();
    for (const [viewId, heard] of lastHeard) if (now - heard > PRESENCE_TIMEOUT_MS) lastHeard.delete(viewId);
    changed(before);
  }

  // The page is going away (closed, reloaded): the views wait instead of showing a fight nobody runs.
  const onPageHide = () => {
    if (current && showing()) send(WAITING, { theme: current.look.theme, timer: null });
  };
  // Back from the browser's page cache: the views show the fight again.
  const onPageShow = () => {
    if (current && showing()) sendCurrent();
  };

  channel.addEventListener('message', onMessage);
  const stopExpiry = clock.every(PRESENCE_INTERVAL_MS / 2, expire);
  page?.addEventListener('pagehide', onPageHide);
  page?.addEventListener('pageshow', onPageShow);

  return {
    gmId,
    post(screen, look) {
      current = { screen, look, sent: false };
      if (typeof screen !== 'function' || lastHeard.size > 0) sendCurrent();
    },
    views: () => lastHeard.size,
    onViewsChanged(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      stopExpiry();
      channel.removeEventListener('message', onMessage);
      page?.removeEventListener('pagehide', onPageHide);
      page?.removeEventListener('pageshow', onPageShow);
      channel.close();
      listeners.clear();
    },
  };
}
