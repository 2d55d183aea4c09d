import { z } from 'zod';
import { playerScreenSchema } from '../../../shared/player-view/schema';
import { PLAYER_CHANNEL, PRESENCE_INTERVAL_MS, type PresenceMessage, type ScreenMessage } from '../player-link';

/**
 * The player view's end of the link: says it is there (hello, present every second, bye), and
 * takes in only screens that pass validation, from the GM screen that sent last, never an older
 * one. Anything else on the channel changes nothing: the page draws only what was checked here.
 */

/** The part of a BroadcastChannel the client uses, so tests can hand in their own. */
export interface LinkChannel {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  close(): void;
}

/** The page's lifecycle events the client listens to (the window, in the app). */
export interface PageEvents {
  addEventListener(type: 'pagehide' | 'pageshow', listener: (event: Event) => void): void;
  removeEventListener(type: 'pagehide' | 'pageshow', listener: (event: Event) => void): void;
}

export interface PlayerClientOptions {
  /** Called with each screen to draw, already validated. */
  readonly onScreen: (message: ScreenMessage) => void;
  readonly openChannel?: (name: string) => LinkChannel;
  readonly page?: PageEvents;
  readonly viewId?: string;
  /** Where the first refused message is told (once per client). */
  readonly warn?: (text: string) => void;
}

export interface PlayerClient {
  /** Messages refused so far (not a screen, or a screen that failed validation). */
  readonly refused: () => number;
  /** Says bye and lets go of the channel. */
  stop(): void;
}

/** Bounds on the envelope; the screen itself is checked by playerScreenSchema. */
const MAX_ID_LENGTH = 200;
const MAX_TIMER_SECONDS = 24 * 60 * 60;
/** GM screens remembered for their last seq: a few windows at most, ever, in one session. */
const MAX_GM_SCREENS = 32;

const lookSchema = z.strictObject({
  theme: z.enum(['dark', 'high-contrast']),
  timer: z
    .strictObject({
      seconds: z.int().min(1).max(MAX_TIMER_SECONDS),
      startedAt: z.number().min(0).max(Number.MAX_SAFE_INTEGER),
    })
    .nullable(),
});

const screenMessageSchema = z.strictObject({
  type: z.literal('screen'),
  gmId: z.string().min(1).max(MAX_ID_LENGTH),
  seq: z.int().min(0).max(Number.MAX_SAFE_INTEGER),
  screen: playerScreenSchema,
  look: lookSchema,
});

/** Presence from other player views on the same channel: expected, not refused. */
const PRESENCE_TYPES: ReadonlySet<unknown> = new Set<PresenceMessage['type']>(['hello', 'present', 'bye']);

function isPresence(data: unknown): boolean {
  return typeof data === 'object' && data !== null && PRESENCE_TYPES.has((data as { type?: unknown }).type);
}

/** The checked message, or why it was refused (the first issue zod found, with its path). */
export function readScreenMessage(data: unknown): { ok: true; message: ScreenMessage } | { ok: false; reason: string } {
  const parsed = screenMessageSchema.safeParse(data);
  if (parsed.success) return { ok: true, message: parsed.data };
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? issue.path.map(String).join('.') : 'message';
  return { ok: false, reason: `${where}: ${issue?.message ?? 'not a screen message'}` };
}

function randomViewId(): string {
  return `view-${crypto.randomUUID()}`;
}

export function startPlayerClient(options: PlayerClientOptions): PlayerClient {
  const viewId = options.viewId ?? randomViewId();
  const channel = (options.openChannel ?? ((name: string) => new BroadcastChannel(name)))(PLAYER_CHANNEL);
  const page = options.page ?? window;
  const warn = options.warn ?? ((text: string) => console.warn(text));
  const lastSeq = new Map<string, number>();
  let refused = 0;
  let presence: ReturnType<typeof setInterval> | undefined;
  let stopped = false;

  const send = (type: PresenceMessage['type']): void => {
    const message: PresenceMessage = { type, viewId };
    channel.postMessage(message);
  };

  const refuse = (reason: string): void => {
    refused += 1;
    if (refused === 1) warn(`Player view: a message on the link was refused and changed nothing (${reason}).`);
  };

  const onMessage = (event: MessageEvent): void => {
    if (isPresence(event.data)) return;
    const read = readScreenMessage(event.data);
    if (!read.ok) return refuse(read.reason);
    const { gmId, seq } = read.message;
    const seen = lastSeq.get(gmId);
    // A late copy from the same GM screen: what it said next is already drawn.
    if (seen !== undefined && seq <= seen) return;
    lastSeq.delete(gmId);
    lastSeq.set(gmId, seq);
    if (lastSeq.size > MAX_GM_SCREENS) lastSeq.delete(lastSeq.keys().next().value as string);
    options.onScreen(read.message);
  };

  const startPresence = (): void => {
    send('hello');
    clearInterval(presence);
    presence = setInterval(() => send('present'), PRESENCE_INTERVAL_MS);
  };

  const stopPresence = (): void => {
    if (presence === undefined) return;
    clearInterval(presence);
    presence = undefined;
    send('bye');
  };

  // Leaving (closed, reloaded, put in the back/forward cache) says bye; coming back from that cache says hello again.
  const onPageHide = (): void => stopPresence();
  const onPageShow = (event: Event): void => {
    if ((event as PageTransitionEvent).persisted && !stopped) startPresence();
  };

  channel.addEventListener('message', onMessage);
  page.addEventListener('pagehide', onPageHide);
  page.addEventListener('pageshow', onPageShow);
  startPresence();

  return {
    refused: () => refused,
    stop() {
      if (stopped) return;
      stopped = true;
      page.removeEventListener('pagehide', onPageHide);
      page.removeEventListener('pageshow', onPageShow);
      channel.removeEventListener('message', onMessage);
      stopPresence();
      channel.close();
    },
  };
}
