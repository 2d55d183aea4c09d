import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import { effectScope, isProxy, nextTick } from 'vue';
import type { EncounterState } from '../../../shared/encounter/state';
import type { PlayerEncounter, PlayerScreen, ProjectionOptions } from '../../../shared/player-view/contract';
import { GmDatabase, setDatabase } from '../db/database';
import type { GmLink, PlayerLook } from '../player-link';
import { useEncounterStore } from '../encounter/encounter-store';
import { useEncountersStore } from '../encounter/encounters-store';
import { usePlayerViewStore } from './player-view-store';
import { createScreenBroadcaster, usePlayerViewBroadcast, type BroadcastInputs } from './usePlayerViewBroadcast';

let n = 0;
beforeEach(() => {
  setActivePinia(createPinia());
  setDatabase(new GmDatabase(`gm-screen-player-broadcast-test-${n++}`));
});

/** A link that keeps what is posted, with a views count the test sets. */
function fakeLink() {
  const posts: { screen: PlayerScreen; look: PlayerLook }[] = [];
  let listener: ((count: number) => void) | null = null;
  let closed = false;
  const link: GmLink = {
    gmId: 'gm',
    // A screen made when seen is made here at once, as a link with a view open makes it.
    post: (screen, look) => posts.push({ screen: typeof screen === 'function' ? screen() : screen, look }),
    views: () => 1,
    onViewsChanged: (l) => {
      listener = l;
      return () => (listener = null);
    },
    close: () => (closed = true),
  };
  return { link, posts, setViews: (count: number) => listener?.(count), closed: () => closed };
}

const encounterWithKey = (timerKey: string | null): PlayerEncounter => ({
  kind: 'encounter',
  name: 'Docks',
  systemId: 'hardware',
  status: 'running',
  progress: [],
  timerKey,
  combatants: [],
  rolls: [],
});

describe('createScreenBroadcaster', () => {
  // The projection is faked here: the state only has to be there.
  const someState = {} as EncounterState;
  const base: BroadcastInputs = {
    state: someState,
    rules: null,
    following: false,
    theme: 'dark',
    timerSeconds: 60,
    timerScope: 'turn',
    rollsShown: 3,
    showEncounterName: true,
    screenDown: false,
  };

  function setup() {
    const { link, posts } = fakeLink();
    let clock = 1000;
    let key: string | null = 'turn-1';
    let screenKind: 'encounter' | 'waiting' | 'blank' = 'encounter';
    const asked: ProjectionOptions[] = [];
    const broadcast = createScreenBroadcaster(
      link,
      () => clock,
      (_state, _rules, options) => {
        asked.push(options);
        return screenKind === 'encounter' ? encounterWithKey(key) : { kind: screenKind };
      },
    );
    return {
      posts,
      asked,
      broadcast,
      at: (ms: number) => (clock = ms),
      key: (k: string | null) => (key = k),
      kind: (k: typeof screenKind) => (screenKind = k),
      timers: () => posts.map((p) => p.look.timer),
    };
  }

  it('passes the GM choices to the projection and posts its screen with the theme', () => {
    const s = setup();
    s.broadcast({ ...base, theme: 'high-contrast', rollsShown: 5, timerScope: 'round', screenDown: true, showEncounterName: false });
    expect(s.asked).toEqual([{ rollsShown: 5, timerScope: 'round', screenDown: true, showEncounterName: false }]);
    expect(s.posts[0]).toEqual({
      screen: encounterWithKey('turn-1'),
      look: { theme: 'high-contrast', timer: { seconds: 60, startedAt: 1000 } },
    });
  });

  it('starts the timer when the timer key changes and keeps its start while the key stays', () => {
    const s = setup();
    s.broadcast(base);
    s.at(5000);
    s.broadcast({ ...base, theme: 'high-contrast' });
    s.key('turn-2');
    s.at(9000);
    s.broadcast(base);
    expect(s.timers()).toEqual([
      { seconds: 60, startedAt: 1000 },
      { seconds: 60, startedAt: 1000 },
      { seconds: 60, startedAt: 9000 },
    ]);
  });

  it('sends no timer when it is off, between rounds (no key) and on a blank or waiting screen', () => {
    const s = setup();
    s.broadcast({ ...base, timerSeconds: null });
    s.key(null);
    s.broadcast(base);
    s.kind('blank');
    s.broadcast(base);
    s.kind('waiting');
    s.broadcast(base);
    expect(s.timers()).toEqual([null, null, null, null]);
  });

  it('restarts the timer when the GM switches it on, but not when only its length changes', () => {
    const s = setup();
    s.broadcast({ ...base, timerSeconds: null });
    s.at(4000);
    s.broadcast({ ...base, timerSeconds: 30 });
    s.at(6000);
    s.broadcast({ ...base, timerSeconds: 90 });
    expect(s.timers()).toEqual([null, { seconds: 30, startedAt: 4000 }, { seconds: 90, startedAt: 4000 }]);
  });

  it('keeps the start through screen down and up on the same turn, and forgets it when the encounter closes', () => {
    const s = setup();
    s.broadcast(base);
    s.at(3000);
    s.kind('blank');
    s.broadcast({ ...base, screenDown: true });
    s.at(4000);
    s.kind('encounter');
    s.broadcast(base);
    // Closed, then the same encounter opened again on the same turn: a fresh start.
    s.broadcast({ ...base, state: null });
    s.at(8000);
    s.broadcast(base);
    expect(s.timers()).toEqual([
      { seconds: 60, startedAt: 1000 },
      null,
      { seconds: 60, startedAt: 1000 },
      null,
      { seconds: 60, startedAt: 8000 },
    ]);
    expect(s.posts[3]!.screen).toEqual({ kind: 'waiting' });
  });

  it('with the timer off leaves the screen to be made when a view sees it; with it on makes it at once', () => {
    const asked: string[] = [];
    const posted: (PlayerScreen | (() => PlayerScreen))[] = [];
    const link = { post: (screen: PlayerScreen | (() => PlayerScreen)) => posted.push(screen) };
    const broadcast = createScreenBroadcaster(link, () => 1000, (_state, _rules, options) => {
      asked.push(options.screenDown ? 'down' : 'up');
      return options.screenDown ? { kind: 'blank' } : encounterWithKey('turn-1');
    });
    broadcast({ ...base, timerSeconds: null });
    broadcast({ ...base, timerSeconds: null, screenDown: true });
    expect(asked).toEqual([]);
    expect(posted.map((screen) => typeof screen)).toEqual(['function', 'function']);
    // Made when seen, from the choices of its own change.
    expect((posted[1] as () => PlayerScreen)()).toEqual({ kind: 'blank' });
    expect((posted[0] as () => PlayerScreen)()).toEqual(encounterWithKey('turn-1'));
    expect(asked).toEqual(['down', 'up']);
    broadcast(base);
    expect(asked).toEqual(['down', 'up', 'up']);
    expect(posted[2]).toEqual(encounterWithKey('turn-1'));
    // The fight going away is said as before: the unmade screens counted as shown.
    broadcast({ ...base, state: null, timerSeconds: null });
    expect(posted[3]).toEqual({ kind: 'waiting' });
  });

  it('stays silent with no encounter, and when following one another window holds, without projecting', () => {
    const s = setup();
    s.broadcast({ ...base, state: null });
    s.broadcast({ ...base, following: true });
    s.broadcast({ ...base, following: true, theme: 'high-contrast' });
    expect(s.posts).toEqual([]);
    expect(s.asked).toEqual([]);
  });

  it('says "wait" once when its fight goes away or is taken over, then nothing more', () => {
    const s = setup();
    s.broadcast(base);
    s.broadcast({ ...base, following: true });
    s.broadcast({ ...base, following: true, rollsShown: 2 });
    s.broadcast({ ...base, state: null });
    expect(s.posts.map((p) => p.screen.kind)).toEqual(['encounter', 'waiting']);
    expect(s.posts[1]!.look).toEqual({ theme: 'dark', timer: null });
  });

  it('puts the screen down whatever the window holds, and says "wait" when it comes up with nothing to show', () => {
    const s = setup();
    s.kind('blank');
    s.broadcast({ ...base, state: null, screenDown: true });
    s.broadcast({ ...base, following: true, screenDown: true });
    s.broadcast({ ...base, state: null });
    s.broadcast({ ...base, state: null, theme: 'high-contrast' });
    expect(s.posts.map((p) => p.screen.kind)).toEqual(['blank', 'blank', 'waiting']);
    expect(s.asked.map((o) => o.screenDown)).toEqual([true, true]);
  });
});

const guard = { strength: 3, agility: 3, wits: 2, empathy: 1, armor: 2 };

describe('usePlayerViewBroadcast', () => {
  async function mounted() {
    const wire = fakeLink();
    const scope = effectScope();
    scope.run(() => usePlayerViewBroadcast({ link: wire.link, now: () => 42 }));
    return { ...wire, scope, encounter: useEncounterStore(), playerView: usePlayerViewStore() };
  }

  const names = (screen: PlayerScreen | undefined) =>
    screen?.kind === 'encounter' ? screen.combatants.map((c) => c.name) : screen?.kind;

  it('says nothing until an encounter is open, then posts each change in the same task, undo included', async () => {
    const { posts, encounter } = await mounted();
    expect(posts).toEqual([]);

    const id = await useEncountersStore().create('Warehouse', 'electric-state');
    await encounter.open(id!);
    expect(names(posts.at(-1)?.screen)).toEqual([]);

    const added = encounter.dispatch({
      type: 'combatant-added',
      combatant: { id: 'a', name: 'Guard', kind: 'npc', side: 'opponents', stats: guard },
    });
    // Posted in the flush right after the change, while its write to the disk is still going on.
    await nextTick();
    expect(names(posts.at(-1)?.screen)).toEqual(['Guard']);
    expect(encounter.saving).toBe(1);
    await added;
    expect(encounter.saving).toBe(0);
    await encounter.dispatch({
      type: 'combatant-added',
      combatant: { id: 'h', name: 'Sniper', kind: 'npc', side: 'opponents', stats: guard, hidden: true },
    });
    expect(names(posts.at(-1)?.screen)).toEqual(['Guard']);
    await encounter.dispatch({ type: 'combatant-revealed', combatantId: 'h' });
    expect(names(posts.at(-1)?.screen)).toEqual(['Guard', 'Sniper']);
    await encounter.undo();
    expect(names(posts.at(-1)?.screen)).toEqual(['Guard']);
    // Plain data, so the channel can copy it to the other window.
    expect(isProxy(posts.at(-1)!.screen)).toBe(false);
    expect(structuredClone(posts.at(-1))).toEqual(posts.at(-1));

    const before = posts.length;
    encounter.close();
    await nextTick();
    expect(posts.slice(before)).toEqual([{ screen: { kind: 'waiting' }, look: { theme: 'dark', timer: null } }]);
  });

  it('posts a blank screen the moment the screen goes down, and the choices as they change', async () => {
    const { posts, playerView } = await mounted();
    playerView.setScreenDown(true);
    await nextTick();
    expect(posts.at(-1)).toEqual({ screen: { kind: 'blank' }, look: { theme: 'dark', timer: null } });
    await playerView.setTheme('high-contrast');
    expect(posts.at(-1)).toEqual({ screen: { kind: 'blank' }, look: { theme: 'high-contrast', timer: null } });
    playerView.setScreenDown(false);
    await nextTick();
    expect(posts.at(-1)?.screen).toEqual({ kind: 'waiting' });
    expect(posts).toHaveLength(3);
  });

  it('posts once for changes made together, as the GM screen draws them once', async () => {
    const { posts, playerView } = await mounted();
    playerView.setScreenDown(true);
    void playerView.setTheme('high-contrast');
    void playerView.setRollsShown(5);
    await nextTick();
    expect(posts).toEqual([{ screen: { kind: 'blank' }, look: { theme: 'high-contrast', timer: null } }]);
  });

  it('keeps the open views count in the store, and closes the link when its scope ends', async () => {
    const { playerView, setViews, scope, closed, posts } = await mounted();
    expect(playerView.viewsOpen).toBe(1);
    setViews(2);
    expect(playerView.viewsOpen).toBe(2);
    scope.stop();
    expect(closed()).toBe(true);
    playerView.setScreenDown(true);
    await nextTick();
    expect(posts).toHaveLength(0);
  });
});
