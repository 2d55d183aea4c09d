import type { BrowserContext, Locator, Page } from '@playwright/test';
import type { PlayerCombatant, PlayerEncounter, PlayerScreen } from '../../shared/player-view/contract';

/** The link's names as the page uses them (renderer/src/player-link/protocol.ts). */
export const PLAYER_CHANNEL = 'gm-screen:player-view';

export interface Look {
  readonly theme: 'dark' | 'high-contrast';
  readonly timer: { readonly seconds: number; readonly startedAt: number } | null;
}

export const DARK: Look = { theme: 'dark', timer: null };

/** Page model of the player view (renderer/player.html): what the table sees. */
export class PlayerViewPage {
  readonly root: Locator;
  readonly waiting: Locator;
  readonly blank: Locator;
  readonly encounter: Locator;
  readonly encounterName: Locator;
  readonly progress: Locator;
  readonly now: Locator;
  readonly next: Locator;
  readonly order: Locator;
  readonly rowNames: Locator;
  readonly moreBefore: Locator;
  readonly moreAfter: Locator;
  readonly rolls: Locator;
  readonly timer: Locator;
  readonly fullscreenButton: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('player-view');
    this.waiting = page.getByTestId('player-waiting');
    this.blank = page.getByTestId('player-blank');
    this.encounter = page.getByTestId('player-encounter');
    this.encounterName = page.getByTestId('player-encounter-name');
    this.progress = page.getByTestId('player-progress');
    this.now = page.getByTestId('player-now');
    this.next = page.getByTestId('player-next');
    this.order = page.getByTestId('player-order');
    this.rowNames = page.getByTestId('player-row-name');
    this.moreBefore = page.getByTestId('player-more-before');
    this.moreAfter = page.getByTestId('player-more-after');
    this.rolls = page.getByTestId('player-roll');
    this.timer = page.getByTestId('player-timer-value');
    this.fullscreenButton = page.getByTestId('player-fullscreen');
  }

  async open(): Promise<void> {
    await this.page.goto('/player.html');
  }

  row(key: string): Locator {
    return this.page.getByTestId(`player-row-${key}`);
  }

  /** The whole page as text, for "this never appears" checks. */
  async pageText(): Promise<string> {
    return this.page.evaluate(() => document.documentElement.outerHTML);
  }
}

/**
 * A stand-in for the GM screen in tests: a page of the same origin with nothing on it that posts
 * on the player link, as the GM screen does (or posts anything at all, to check the refusals).
 */
export class ScreenSender {
  private seq = 0;

  private constructor(
    readonly page: Page,
    readonly gmId: string,
  ) {}

  /** A blank page at the app's origin: BroadcastChannel reaches only pages of the same origin. */
  static async open(context: BrowserContext, gmId = 'gm-test'): Promise<ScreenSender> {
    const page = await context.newPage();
    await page.route('**/e2e-sender.html', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>sender</title>' }),
    );
    await page.goto('/e2e-sender.html');
    return new ScreenSender(page, gmId);
  }

  /** Posts a screen with the next seq (or the one given) from this sender's GM id (or another). */
  async post(screen: PlayerScreen, look: Look = DARK, options: { seq?: number; gmId?: string } = {}): Promise<number> {
    const seq = options.seq ?? ++this.seq;
    await this.postRaw({ type: 'screen', gmId: options.gmId ?? this.gmId, seq, screen, look });
    return seq;
  }

  /** Posts exactly this, valid or not. */
  async postRaw(data: unknown): Promise<void> {
    await this.page.evaluate(
      ({ channel, message }) => {
        const link = new BroadcastChannel(channel);
        link.postMessage(message);
        link.close();
      },
      { channel: PLAYER_CHANNEL, message: data },
    );
  }

  /** Presence messages the player page sent, collected from now on. */
  async listen(): Promise<void> {
    await this.page.evaluate((channel) => {
      const heard: unknown[] = [];
      (window as Window & { heard?: unknown[] }).heard = heard;
      new BroadcastChannel(channel).addEventListener('message', (event: MessageEvent) => heard.push(event.data));
    }, PLAYER_CHANNEL);
  }

  async heard(): Promise<{ type: string; viewId: string }[]> {
    return this.page.evaluate(() => (window as Window & { heard?: { type: string; viewId: string }[] }).heard ?? []);
  }
}

function person(key: string, name: string, rest: Partial<PlayerCombatant> = {}): PlayerCombatant {
  return {
    key,
    name,
    side: 'Opponents',
    isPc: false,
    acting: false,
    next: false,
    done: false,
    health: { kind: 'descriptor', descriptor: 'unhurt' },
    conditions: [],
    ...rest,
  };
}

/** A Shadowrun fight as the GM's projection would send it: two runners and four gangers, one roll shown. */
export function shadowrunScreen(): PlayerEncounter {
  const monitors = (physical: number, stun: number) =>
    ({
      kind: 'numbers',
      state: '',
      tracks: [
        { label: 'Physical', current: physical, max: 11, style: 'boxes' },
        { label: 'Stun', current: stun, max: 10, style: 'boxes' },
      ],
    }) as const;
  return {
    kind: 'encounter',
    name: 'Warehouse ambush',
    systemId: 'shadowrun-4e',
    status: 'running',
    progress: ['Combat Turn 2', 'Initiative Pass 1', 'Action Phase 3 of 5'],
    timerKey: 'turn:2:1:3',
    combatants: [
      person('samurai', 'Street samurai', { side: 'Party', isPc: true, done: true, health: monitors(11, 10) }),
      person('ganger-1', 'Ganger 1', { done: true, health: { kind: 'descriptor', descriptor: 'wounded' } }),
      person('decker', 'Decker', {
        side: 'Party',
        isPc: true,
        acting: true,
        health: monitors(8, 6),
        conditions: [{ label: 'Suppressed', roundsLeft: 1 }],
      }),
      person('ganger-2', 'Ganger 2', {
        next: true,
        health: { kind: 'descriptor', descriptor: 'badly hurt' },
        conditions: [{ label: 'Prone', roundsLeft: null }],
      }),
      person('ganger-3', 'Ganger 3'),
      person('ganger-4', 'Ganger 4', { health: { kind: 'descriptor', descriptor: 'down' } }),
    ],
    rolls: [
      {
        id: 'roll-1',
        who: 'Street samurai',
        what: 'Ares Predator at Ganger 1',
        summary: '4 hits vs 1: 8P, soaked 2 → 6 Physical',
        dice: [{ sides: 6, faces: [6, 5, 2, 6, 1, 3, 5, 4, 2] }],
      },
    ],
  };
}

/** `count` combatants, the one at `acting` acting now: the crowd a big battle makes. */
export function crowdScreen(count: number, acting: number): PlayerEncounter {
  return {
    ...shadowrunScreen(),
    name: 'The big battle',
    combatants: Array.from({ length: count }, (_, index) =>
      person(`c${index + 1}`, `Soldier ${index + 1}`, {
        acting: index === acting,
        next: index === acting + 1,
        done: index < acting,
      }),
    ),
  };
}
