import { describe, expect, it } from 'vitest';
import type { PlayerScreen } from '../../../shared/player-view/contract';
import { createGmLink, type LinkChannel, type LinkClock, type PageEvents } from './gm-link';
import { PRESENCE_TIMEOUT_MS, type PlayerLook, type ScreenMessage } from './protocol';

/** A channel that keeps what the GM end posts and lets the test speak as a player view. */
function fakeChannel() {
  const posted: unknown[] = [];
  let listener: ((event: MessageEvent) => void) | null = null;
  let closed = false;
  const channel: LinkChannel = {
    postMessage: (message) => posted.push(message),
    addEventListener: (_type, l) => (listener = l),
    removeEventListener: (_type, l) => {
      if (listener === l) listener = null;
    },
    close: () => (closed = true),
  };
  return {
    channel,
    posted,
    screens: () => posted as ScreenMessage[],
    say: (data: unknown) => listener?.({ data } as MessageEvent),
    get closed() {
      return closed;
    },
    get listening() {
      return listener !== null;
    },
  };
}

/** A clock moved by hand; its repeating timer runs as time passes. */
function fakeClock() {
  let now = 1_000_000;
  const timers: { ms: number; run: () => void; next: number }[] = [];
  const clock: LinkClock = {
    now: () => now,
    every: (ms, run) => {
      const timer = { ms, run, next: now + ms };
      timers.push(timer);
      return () => timers.splice(timers.indexOf(timer), 1);
    },
  };
  return {
    clock,
    advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const due = timers.filter((t) => t.next <= end).sort((a, b) => a.next - b.next)[0];
        if (!due) break;
        now = due.next;
        due.next += due.ms;
        due.run();
      }
      now = end;
    },
    timers,
  };
}

function fakePage() {
  const handlers = new Map<string, () => void>();
  const page: PageEvents = {
    addEventListener: (type, l) => handlers.set(type, l),
    removeEventListener: (type) => handlers.delete(type),
  };
  return { page, fire: (type: string) => handlers.get(type)?.(), handlers };
}

const encounterScreen: PlayerScreen = {
  kind: 'encounter',
  name: 'Docks',
  systemId: 'shadowrun-4e',
  status: 'running',
  progress: ['Combat Turn 1'],
  timerKey: 't1',
  combatants: [],
  rolls: [],
};
const look: PlayerLook = { theme: 'high-contrast', timer: { seconds: 60, startedAt: 5 } };

function setup() {
  const wire = fakeChannel();
  const time = fakeClock();
  const page = fakePage();
  const link = createGmLink({ channel: wire.channel, clock: time.clock, newId: () => 'gm-1', page: page.page });
  const counts: number[] = [];
  link.onViewsChanged((count) => counts.push(count));
  return { wire, time, page, link, counts };
}

describe('createGmLink', () => {
  it('posts each screen with its GM id and a rising number', () => {
    const { wire, link } = setup();
    link.post({ kind: 'waiting' }, { theme: 'dark', timer: null });
    link.post(encounterScreen, look);
    expect(wire.posted).toEqual([
      { type: 'screen', gmId: 'gm-1', seq: 1, screen: { kind: 'waiting' }, look: { theme: 'dark', timer: null } },
      { type: 'screen', gmId: 'gm-1', seq: 2, screen: encounterScreen, look },
    ]);
    expect(link.gmId).toBe('gm-1');
  });

  it('answers a hello at once with the current screen, numbered after the last', () => {
    const { wire, link } = setup();
    link.post(encounterScreen, look);
    wire.say({ type: 'hello', viewId: 'tv' });
    expect(wire.screens().map((m) => [m.seq, m.screen.kind, m.look.theme])).toEqual([
      [1, 'encounter', 'high-contrast'],
      [2, 'encounter', 'high-contrast'],
    ]);
    expect(wire.screens()[1]!.screen).toBe(encounterScreen);
  });

  it('answers no hello and says nothing on leaving while it has nothing to show (never posted, or waiting)', () => {
    const { wire, page, link } = setup();
    wire.say({ type: 'hello', viewId: 'tv' });
    page.fire('pagehide');
    page.fire('pageshow');
    expect(wire.posted).toEqual([]);
    link.post({ kind: 'waiting' }, look);
    wire.say({ type: 'hello', viewId: 'monitor' });
    page.fire('pagehide');
    page.fire('pageshow');
    expect(wire.screens().map((m) => [m.seq, m.screen.kind])).toEqual([[1, 'waiting']]);
    // Its views are counted all the same.
    expect(link.views()).toBe(2);
  });

  it('answers a hello with the blank screen while the screen is down', () => {
    const { wire, link } = setup();
    link.post({ kind: 'blank' }, { theme: 'dark', timer: null });
    wire.say({ type: 'hello', viewId: 'tv' });
    expect(wire.screens().map((m) => [m.seq, m.screen.kind])).toEqual([
      [1, 'blank'],
      [2, 'blank'],
    ]);
  });

  it('counts the views that said hello or present, and forgets one that says bye', () => {
    const { wire, link, counts } = setup();
    link.post(encounterScreen, look);
    wire.say({ type: 'hello', viewId: 'tv' });
    wire.say({ type: 'present', viewId: 'tv' });
    // A view the GM window had not heard open (it was open before this window) counts from its presence.
    wire.say({ type: 'present', viewId: 'monitor' });
    expect(link.views()).toBe(2);
    wire.say({ type: 'bye', viewId: 'tv' });
    expect(link.views()).toBe(1);
    // Only hello is answered with a screen.
    expect(wire.posted).toHaveLength(2);
    expect(counts).toEqual([1, 2, 1]);
  });

  it('ignores screens from another GM window and anything that is not presence', () => {
    const { wire, link, counts } = setup();
    wire.say({ type: 'screen', gmId: 'gm-2', seq: 9, screen: { kind: 'blank' }, look });
    wire.say({ type: 'hello' });
    wire.say({ type: 'hello', viewId: '' });
    wire.say({ type: 'present', viewId: 7 });
    wire.say(null);
    wire.say('hello');
    expect(link.views()).toBe(0);
    expect(wire.posted).toEqual([]);
    expect(counts).toEqual([]);
  });

  it('drops a view silent for longer than the presence timeout, and keeps one that keeps saying present', () => {
    const { wire, time, link, counts } = setup();
    wire.say({ type: 'hello', viewId: 'crashed' });
    wire.say({ type: 'hello', viewId: 'alive' });
    for (let t = 0; t < 3; t++) {
      time.advance(1000);
      wire.say({ type: 'present', viewId: 'alive' });
    }
    // 3000 ms of silence from "crashed": not yet past the timeout.
    expect(link.views()).toBe(2);
    time.advance(PRESENCE_TIMEOUT_MS - 3000 + 500);
    wire.say({ type: 'present', viewId: 'alive' });
    time.advance(500);
    expect(link.views()).toBe(1);
    expect(counts).toEqual([1, 2, 1]);
    // The one left goes silent too.
    time.advance(PRESENCE_TIMEOUT_MS + 500);
    expect(link.views()).toBe(0);
    expect(counts).toEqual([1, 2, 1, 0]);
  });

  it('tells the views to wait when the GM page goes away, keeping the theme, and shows the screen again when it comes back', () => {
    const { wire, page, link } = setup();
    link.post(encounterScreen, look);
    page.fire('pagehide');
    expect(wire.screens()[1]).toEqual({
      type: 'screen',
      gmId: 'gm-1',
      seq: 2,
      screen: { kind: 'waiting' },
      look: { theme: 'high-contrast', timer: null },
    });
    page.fire('pageshow');
    expect(wire.screens()[2]).toEqual({ type: 'screen', gmId: 'gm-1', seq: 3, screen: encounterScreen, look });
  });

  it('makes a screen given as a function only when a view is there, once, and sends it to the first heard', () => {
    const { wire, page, link } = setup();
    let made = 0;
    const whenSeen = () => {
      made += 1;
      return encounterScreen;
    };
    link.post(whenSeen, look);
    expect([made, wire.posted.length]).toEqual([0, 0]);
    // A view open before this window says it is there: it gets the screen nobody was there for.
    wire.say({ type: 'present', viewId: 'tv' });
    expect(made).toBe(1);
    expect(wire.screens()).toEqual([{ type: 'screen', gmId: 'gm-1', seq: 1, screen: encounterScreen, look }]);
    // Sent already: its next presence gets nothing more; a new view's hello gets it, not made again.
    wire.say({ type: 'present', viewId: 'tv' });
    wire.say({ type: 'hello', viewId: 'monitor' });
    page.fire('pageshow');
    expect(made).toBe(1);
    expect(wire.screens().map((m) => m.seq)).toEqual([1, 2, 3]);
  });

  it('makes and sends a screen given as a function at once while a view is open', () => {
    const { wire, link } = setup();
    wire.say({ type: 'hello', viewId: 'tv' });
    let made = 0;
    link.post(() => {
      made += 1;
      return { kind: 'blank' };
    }, look);
    expect(made).toBe(1);
    expect(wire.screens().map((m) => [m.seq, m.screen.kind])).toEqual([[1, 'blank']]);
  });

  it('answers a hello with an unmade screen, made then, and says wait on leaving though it was never sent', () => {
    const { wire, page, link } = setup();
    link.post(() => encounterScreen, look);
    page.fire('pagehide');
    wire.say({ type: 'hello', viewId: 'tv' });
    expect(wire.screens().map((m) => [m.seq, m.screen.kind])).toEqual([
      [1, 'waiting'],
      [2, 'encounter'],
    ]);
  });

  it('on close stops listening, timing and watching the page, and closes the channel', () => {
    const { wire, time, page, link, counts } = setup();
    wire.say({ type: 'hello', viewId: 'tv' });
    link.close();
    expect(wire.closed).toBe(true);
    expect(wire.listening).toBe(false);
    expect(time.timers).toHaveLength(0);
    expect(page.handlers.size).toBe(0);
    expect(counts).toEqual([1]);
  });
});
