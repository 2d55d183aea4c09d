import { getCurrentScope, onScopeDispose, toRaw, watch } from 'vue';
import type { EncounterState } from '../../../shared/encounter/state';
import type { TrackerRules } from '../../../shared/system-kit/tracker-rules';
import type { PlayerScreen, ProjectionOptions } from '../../../shared/player-view/contract';
import { projectForPlayers } from '../../../shared/player-view/projection';
import { createGmLink, type GmLink, type PlayerLook, type PlayerTheme } from '../player-link';
import { useEncounterStore } from '../encounter/encounter-store';
import { usePlayerViewStore, type TimerScope } from './player-view-store';

/** Everything the players' screen is made from. */
export interface BroadcastInputs {
  readonly state: EncounterState | null;
  readonly rules: TrackerRules | null;
  /** The encounter is held by another GM window and only followed here: that window speaks for it. */
  readonly following: boolean;
  readonly theme: PlayerTheme;
  readonly timerSeconds: number | null;
  readonly timerScope: TimerScope;
  readonly rollsShown: number;
  readonly showEncounterName: boolean;
  readonly screenDown: boolean;
}

export type Projector = (
  state: EncounterState | null,
  rules: TrackerRules | null,
  options: ProjectionOptions,
) => PlayerScreen;

/**
 * Turns the GM's encounter and choices into the message the views draw, and posts it. The
 * timer starts when the projection's timerKey changes (a new turn, or a new round when timed per
 * round) or when the GM switches it on, and keeps its start while the key stays, so putting the
 * screen down and up again, or changing the theme, does not give the players more time.
 *
 * Only the window running the fight speaks: one with no encounter, or following an encounter
 * another window holds, stays silent (the views wait by themselves), except to say "wait" once
 * when its own fight goes away. Screen down always speaks: blank is never held back.
 *
 * With the timer off nothing here needs the screen itself, so it is handed to the link to be
 * made when a view is there to see it (a GM with no player view open pays nothing per change).
 * With the timer on it is made at once: its key decides when the timer starts.
 */
export function createScreenBroadcaster(
  link: Pick<GmLink, 'post'>,
  now: () => number = Date.now,
  project: Projector = projectForPlayers,
): (inputs: BroadcastInputs) => void {
  let timerKey: string | null = null;
  let startedAt = 0;
  let timerOn = false;
  /** What this window last told the views; null: nothing yet. */
  let lastKind: PlayerScreen['kind'] | null = null;

  function post(screen: PlayerScreen, look: PlayerLook): void {
    lastKind = screen.kind;
    link.post(screen, look);
  }

  return (inputs) => {
    const running = inputs.state !== null && !inputs.following;
    if (!running && !inputs.screenDown) {
      timerKey = null;
      if (lastKind !== null && lastKind !== 'waiting') post({ kind: 'waiting' }, { theme: inputs.theme, timer: null });
      return;
    }
    const { state, rules } = inputs;
    const options = {
      rollsShown: inputs.rollsShown,
      timerScope: inputs.timerScope,
      screenDown: inputs.screenDown,
      showEncounterName: inputs.showEncounterName,
    };
    if (inputs.timerSeconds === null) {
      timerOn = false;
      // Running or down: the screen is the fight or blank, never the waiting one.
      lastKind = inputs.screenDown ? 'blank' : 'encounter';
      link.post(() => project(state, rules, options), { theme: inputs.theme, timer: null });
      return;
    }
    const screen = project(state, rules, options);
    // A blank screen keeps the key (the fight goes on behind it).
    if (screen.kind === 'encounter' && screen.timerKey !== timerKey) {
      timerKey = screen.timerKey;
      startedAt = now();
    }
    const switchedOn = inputs.timerSeconds !== null && !timerOn;
    timerOn = inputs.timerSeconds !== null;
    if (switchedOn) startedAt = now();
    const timer =
      inputs.timerSeconds !== null && screen.kind === 'encounter' && screen.timerKey !== null
        ? { seconds: inputs.timerSeconds, startedAt }
        : null;
    post(screen, { theme: inputs.theme, timer });
  };
}

export interface BroadcastOptions {
  /** The link to post through; by default a BroadcastChannel one (none where the engine has no BroadcastChannel). */
  readonly link?: GmLink;
  readonly now?: () => number;
}

/**
 * Keeps every open player view showing the GM's encounter: mounted once, in the app. It posts
 * in the same task as the change, in Vue's pre-render flush (the microtask in which the GM
 * screen's own update is drawn), so the players' screen follows within the frame. Not a
 * synchronous watch: that would see a store half-way through a change (an encounter opened
 * before it is marked as held by another window) and post it. Undo and redo change the history
 * like any other change and are sent the same way. The open views' count goes to the store.
 */
export function usePlayerViewBroadcast(options: BroadcastOptions = {}): void {
  const link = options.link ?? (typeof BroadcastChannel === 'function' ? createGmLink() : null);
  if (!link) return;
  const encounter = useEncounterStore();
  const playerView = usePlayerViewStore();
  const broadcast = createScreenBroadcaster(link, options.now);

  const stopCounting = link.onViewsChanged((count) => (playerView.viewsOpen = count));
  playerView.viewsOpen = link.views();
  const stopWatching = watch(
    [
      // The history lives in a shallowRef: its state is plain already; toRaw makes sure of it.
      () => toRaw(encounter.state),
      () => toRaw(encounter.tracker),
      () => encounter.elsewhere,
      () => playerView.theme,
      () => playerView.timerSeconds,
      () => playerView.timerScope,
      () => playerView.rollsShown,
      () => playerView.showEncounterName,
      () => playerView.screenDown,
    ],
    ([state, rules, following, theme, timerSeconds, timerScope, rollsShown, showEncounterName, screenDown]) =>
      broadcast({ state, rules, following, theme, timerSeconds, timerScope, rollsShown, showEncounterName, screenDown }),
    { flush: 'pre', immediate: true },
  );

  if (getCurrentScope())
    onScopeDispose(() => {
      stopWatching();
      stopCounting();
      link.close();
    });
}
