import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlayerEncounter, PlayerScreen } from '../../../shared/player-view/contract';
import { readScreenMessage, startPlayerClient, type LinkChannel, type PageEvents } from './player-client';
import { PLAYER_CHANNEL, PRESENCE_INTERVAL_MS, type ScreenMessage } from '../player-link';

/** A channel the test speaks through: what the client posts, and a way to deliver to it. */
function fakeChannel() {
  const posted: unknown[] = [];
  const listeners = new Set<(event: MessageEvent) => void>();
  let closed = false;
  let name = '';
  const channel: LinkChannel = {
    postMessage: (message) => posted.push(message),
    addEventListener: (_type, listener) => listeners.add(listener),
    removeEventListener: (_type, listener) => listeners.delete(listener),
    close: () => (closed = true),
  };
  return {
    open: (channelName: string) => ((name = channelName), channel),
    posted,
    deliver: (data: unknown) => listeners.forEach((listener) => listener(new MessageEvent('message', { data }))),
    listeners: () => listeners.size,
    closed: () => closed,
    name: () => name,
  };
}

function fakePage() {
  const listeners = new Map<string, Set<(event: Event) => void>>();
  const page: PageEvents = {
    addEventListener: (type, listener) => listeners.set(type, (listeners.get(type) ?? new Set()).add(listener)),
    removeEventListener: (type, listener) => listeners.get(type)?.delete(listener),
  };
  const fire = (type: 'pagehide' | 'pageshow', persisted: boolean) => {
    const event = Object.assign(new Event(type), { persisted });
    listeners.get(type)?.forEach((listener) => listener(event));
  };
  return { page, fire, count: () => [...listeners.values()].reduce((sum, set) => sum + set.size, 0) };
}

const encounter: PlayerEncounter = {
  kind: 'encounter',
  name: 'Docks',
  systemId: 'shadowrun-4e',
  status: 'running',
  progress: ['Combat Turn 1', 'Initiative Pass 1', 'Action Phase 1 of 2'],
  timerKey: 'k1',
  combatants: [
    {
      key: 'a',
      name: 'Ghost',
      side: 'Party',
      isPc: true,
      acting: true,
      next: false,
      done: false,
      health: { kind: 'numbers', state: '', tracks: [{ label: 'Physical', current: 9, max: 10, style: 'boxes' }] },
      conditions: [{ label: 'Prone', roundsLeft: null }],
    },
    {
      key: 'b',
      name: 'Ganger',
      side: 'Opponents',
      isPc: false,
      acting: false,
      next: true,
      done: false,
      health: { kind: 'descriptor', descriptor: 'wounded' },
      conditions: [],
    },
  ],
  rolls: [{ id: 'r1', who: 'Ghost', what: 'Shot', summary: '3 hits', dice: [{ sides: 6, faces: [5, 6, 1] }] }],
};

function message(overrides: Partial<ScreenMessage> = {}): ScreenMessage {
  return {
    type: 'screen',
    gmId: 'gm-1',
    seq: 1,
    screen: encounter,
    look: { theme: 'dark', timer: null },
    ...overrides,
  };
}

describe('startPlayerClient', () => {
  let channel: ReturnType<typeof fakeChannel>;
  let page: ReturnType<typeof fakePage>;
  let screens: ScreenMessage[];
  let warnings: string[];

  beforeEach(() => {
    vi.useFakeTimers();
    channel = fakeChannel();
    page = fakePage();
    screens = [];
    warnings = [];
  });
  afterEach(() => vi.useRealTimers());

  const start = () =>
    startPlayerClient({
      onScreen: (screen) => screens.push(screen),
      openChannel: channel.open,
      page: page.page,
      viewId: 'view-1',
      warn: (text) => warnings.push(text),
    });

  describe('presence', () => {
    it('says hello on the player channel at once, present every second, and bye when the page hides', () => {
      start();
      expect(channel.name()).toBe(PLAYER_CHANNEL);
      expect(channel.posted).toEqual([{ type: 'hello', viewId: 'view-1' }]);
      vi.advanceTimersByTime(PRESENCE_INTERVAL_MS - 1);
      expect(channel.posted).toHaveLength(1);
      vi.advanceTimersByTime(1);
      expect(channel.posted).toEqual([
        { type: 'hello', viewId: 'view-1' },
        { type: 'present', viewId: 'view-1' },
      ]);
      vi.advanceTimersByTime(2 * PRESENCE_INTERVAL_MS);
      expect(channel.posted.map((m) => (m as { type: string }).type)).toEqual([
        'hello',
        'present',
        'present',
        'present',
      ]);

      page.fire('pagehide', false);
      expect(channel.posted.at(-1)).toEqual({ type: 'bye', viewId: 'view-1' });
      vi.advanceTimersByTime(5 * PRESENCE_INTERVAL_MS);
      expect(channel.posted).toHaveLength(5);
    });

    it('says hello again when the page comes back from the back/forward cache, and not on an ordinary show', () => {
      start();
      page.fire('pageshow', false);
      expect(channel.posted).toHaveLength(1);
      page.fire('pagehide', true);
      page.fire('pageshow', true);
      expect(channel.posted.map((m) => (m as { type: string }).type)).toEqual(['hello', 'bye', 'hello']);
      vi.advanceTimersByTime(PRESENCE_INTERVAL_MS);
      expect(channel.posted.map((m) => (m as { type: string }).type)).toEqual(['hello', 'bye', 'hello', 'present']);
    });

    it('stop says bye once, lets go of the channel and the page, and sends nothing more', () => {
      const client = start();
      client.stop();
      client.stop();
      expect(channel.posted).toEqual([
        { type: 'hello', viewId: 'view-1' },
        { type: 'bye', viewId: 'view-1' },
      ]);
      expect(channel.closed()).toBe(true);
      expect(channel.listeners()).toBe(0);
      expect(page.count()).toBe(0);
      vi.advanceTimersByTime(5 * PRESENCE_INTERVAL_MS);
      expect(channel.posted).toHaveLength(2);
    });

    it('a bye after the page hid is not said twice when the client stops', () => {
      const client = start();
      page.fire('pagehide', false);
      client.stop();
      expect(channel.posted.map((m) => (m as { type: string }).type)).toEqual(['hello', 'bye']);
    });

    it('makes up its own view id when none is given', () => {
      startPlayerClient({ onScreen: () => undefined, openChannel: channel.open, page: page.page });
      expect((channel.posted[0] as { viewId: string }).viewId).toMatch(
        /^view-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
      );
    });
  });

  describe('screens', () => {
    it('hands on a valid screen, equal to what was sent', () => {
      start();
      channel.deliver(message());
      expect(screens).toEqual([message()]);
    });

    it('ignores an older or repeated seq from the same GM screen, and takes a newer one', () => {
      start();
      channel.deliver(message({ seq: 5 }));
      channel.deliver(message({ seq: 4, screen: { kind: 'blank' } }));
      channel.deliver(message({ seq: 5, screen: { kind: 'blank' } }));
      channel.deliver(message({ seq: 6, screen: { kind: 'waiting' } }));
      expect(screens.map((screen) => [screen.seq, screen.screen.kind])).toEqual([
        [5, 'encounter'],
        [6, 'waiting'],
      ]);
      expect(warnings).toEqual([]);
    });

    it('follows the GM screen that sent last, each with its own numbering', () => {
      start();
      channel.deliver(message({ gmId: 'gm-1', seq: 10 }));
      channel.deliver(message({ gmId: 'gm-2', seq: 1, screen: { kind: 'blank' } }));
      channel.deliver(message({ gmId: 'gm-1', seq: 9, screen: { kind: 'waiting' } }));
      channel.deliver(message({ gmId: 'gm-1', seq: 11, screen: { kind: 'waiting' } }));
      expect(screens.map((screen) => `${screen.gmId}#${screen.seq} ${screen.screen.kind}`)).toEqual([
        'gm-1#10 encounter',
        'gm-2#1 blank',
        'gm-1#11 waiting',
      ]);
    });

    it('remembers the last seq of the 32 GM screens heard most recently, forgetting the oldest', () => {
      start();
      for (let index = 0; index < 33; index++) channel.deliver(message({ gmId: `gm-${index}`, seq: 5 }));
      channel.deliver(message({ gmId: 'gm-1', seq: 5 }));
      channel.deliver(message({ gmId: 'gm-0', seq: 5 }));
      expect(screens).toHaveLength(34);
      expect(screens.at(-1)!.gmId).toBe('gm-0');
    });

    it('ignores other player views saying they are there, without counting them as refused', () => {
      const client = start();
      channel.deliver({ type: 'hello', viewId: 'view-2' });
      channel.deliver({ type: 'present', viewId: 'view-2' });
      channel.deliver({ type: 'bye', viewId: 'view-2' });
      expect(screens).toEqual([]);
      expect(client.refused()).toBe(0);
    });
  });

  describe('refusals', () => {
    const good = message();
    const hostile: [string, unknown][] = [
      ['a string', 'screen'],
      ['null', null],
      ['an array', [good]],
      ['no type', { ...good, type: undefined }],
      ['another type', { ...good, type: 'screens' }],
      ['no gmId', { ...good, gmId: '' }],
      ['a gmId past the bound', { ...good, gmId: 'g'.repeat(201) }],
      ['a fractional seq', { ...good, seq: 1.5 }],
      ['a negative seq', { ...good, seq: -1 }],
      ['a seq as text', { ...good, seq: '2' }],
      ['an unknown theme', { ...good, look: { theme: 'neon', timer: null } }],
      ['no look', { ...good, look: undefined }],
      ['a timer of 0 seconds', { ...good, look: { theme: 'dark', timer: { seconds: 0, startedAt: 1 } } }],
      ['a timer of more than a day', { ...good, look: { theme: 'dark', timer: { seconds: 86_401, startedAt: 1 } } }],
      ['a timer started at NaN', { ...good, look: { theme: 'dark', timer: { seconds: 60, startedAt: Number.NaN } } }],
      ['an extra key on the look', { ...good, look: { theme: 'dark', timer: null, odds: 0.7 } }],
      ['an extra key on the message', { ...good, notes: 'GM only' }],
      ['an extra key on the screen', { ...good, screen: { ...encounter, bestiary: [] } }],
      [
        'a stat on a combatant',
        { ...good, screen: { ...encounter, combatants: [{ ...encounter.combatants[0], stats: { body: 5 } }] } },
      ],
      ['an unknown screen kind', { ...good, screen: { kind: 'gm-notes' } }],
      ['a name past the bound', { ...good, screen: { ...encounter, name: 'x'.repeat(10_000) } }],
      [
        'a prototype key',
        JSON.parse(
          `{"type":"screen","gmId":"gm-1","seq":1,"screen":{"kind":"blank"},"look":{"theme":"dark","timer":null},"__proto__":{"polluted":true}}`,
        ),
      ],
    ];

    it.each(hostile)('refuses %s: nothing handed on, counted', (_label, data) => {
      const client = start();
      channel.deliver(data);
      expect(screens).toEqual([]);
      expect(client.refused()).toBe(1);
      expect(({} as { polluted?: boolean }).polluted).toBe(undefined);
    });

    it('warns once, for the first refusal only, saying where the message went wrong; the next good screen is drawn', () => {
      const client = start();
      channel.deliver({ ...good, seq: -1 });
      channel.deliver('screen');
      channel.deliver({ ...good, look: { theme: 'neon', timer: null } });
      expect(client.refused()).toBe(3);
      expect(warnings).toEqual([
        'Player view: a message on the link was refused and changed nothing (seq: Too small: expected number to be >=0).',
      ]);
      channel.deliver(good);
      expect(screens).toEqual([good]);
    });

    it('a refused message does not move the seq on: the same seq, valid, is still taken', () => {
      start();
      channel.deliver({ ...good, seq: 3, screen: { kind: 'gm-notes' } });
      channel.deliver({ ...good, seq: 3 });
      expect(screens.map((screen) => screen.seq)).toEqual([3]);
    });
  });
});

describe('readScreenMessage', () => {
  it('says which part of a message is wrong', () => {
    const blank: PlayerScreen = { kind: 'blank' };
    expect(
      readScreenMessage({ type: 'screen', gmId: 'g', seq: 1, screen: blank, look: { theme: 'neon', timer: null } }),
    ).toEqual({
      ok: false,
      reason: 'look.theme: Invalid option: expected one of "dark"|"high-contrast"',
    });
    expect(readScreenMessage(7)).toEqual({
      ok: false,
      reason: 'message: Invalid input: expected object, received number',
    });
  });

  it('accepts a timer within its bounds', () => {
    const look = { theme: 'high-contrast', timer: { seconds: 86_400, startedAt: 1_700_000_000_000 } } as const;
    expect(readScreenMessage(message({ look }))).toEqual({ ok: true, message: message({ look }) });
  });
});
