import { getCurrentScope, onScopeDispose, toRaw, watch } from 'vue';
import type { EncounterState } from '../../../shared/encounter/state';
import type { TrackerRules } from '../../../shared/encounter/tracker-rules';
import type { PlayerScreen, ProjectionOptions } from '../../../shared/player-view/contract';
import { projectForPlayers } from '../../../shared/player-view/projection';
import { createGmLink, type GmLink } from '../player-link/gm-link';
import type { PlayerLook, PlayerTheme } from '../player-link/protocol';
import { useEncounterStore } from '../stores/encounter';
import { usePlayerViewStore, type TimerScope } from '../stores/playerView';

/** Everything the players' screen is made from. */
export interface BroadcastInputs {
  readonly state: EncounterState | null;
  readonly rules: TrackerRules | null;
  readonly theme: PlayerTheme;
  readonly timerSeconds: number | null;
  readonly timerScope: TimerScope;
  readonly rollsShown: number;
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
 */
export function createScreenBroadcaster(
  link: Pick<GmLink, 'post'>,
  now: () => number = Date.now,
  project: Projector = projectForPlayers,
): (inputs: BroadcastInputs) => void {
  let timerKey: string | null = null;
  let startedAt = 0;
  let timerOn = false;

  return (inputs) => {
    const screen = project(inputs.state, inputs.rules, {
      rollsShown: inputs.rollsShown,
      timerScope: inputs.timerScope,
      screenDown: inputs.screenDown,
    });
    // A blank screen keeps the key (the fight goes on behind it); no encounter forgets it.
    if (screen.kind === 'waiting') timerKey = null;
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
    const look: PlayerLook = { theme: inputs.theme, timer };
    link.post(screen, look);
  };
}

export interface BroadcastOptions {
  /** The link to post through; by default a BroadcastChannel one (none where the engine has no BroadcastChannel). */
  readonly link?: GmLink;
  readonly now?: () => number;
}

/**
 * Keeps every open player view showing the GM's encounter: mounted once, in the app. It posts
 * in the same tick as the change (a synchronous watch), so the players' screen is drawn in the
 * frame after the GM's own; undo and redo change the history like any other change and are sent
 * the same way. The open views' count goes to the player view store.
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
      () => playerView.theme,
      () => playerView.timerSeconds,
      () => playerView.timerScope,
      () => playerView.rollsShown,
      () => playerView.screenDown,
    ],
    ([state, rules, theme, timerSeconds, timerScope, rollsShown, screenDown]) =>
      broadcast({ state, rules, theme, timerSeconds, timerScope, rollsShown, screenDown }),
    { flush: 'sync', immediate: true },
  );

  if (getCurrentScope())
    onScopeDispose(() => {
      stopWatching();
      stopCounting();
      link.close();
    });
}
