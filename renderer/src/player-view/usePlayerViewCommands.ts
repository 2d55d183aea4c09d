import type { OpenPlayerViewResponse } from '../../../shared/ipc/contract';
import { openPlayerView } from '../platform/player-window';
import type { Command } from '../palette/commands-store';
import { usePlayerViewStore } from './player-view-store';
import { SCREEN_TOGGLE_COMMAND, useCommands } from '../palette';

type PlayerViewStore = ReturnType<typeof usePlayerViewStore>;

/**
 * Opens the player view (or brings it to the front) and keeps why it failed, in words, for the
 * header to show; a later success clears it. The header, the tracker and the palette all open it
 * through here.
 */
export async function openPlayerViewFor(
  store: PlayerViewStore,
  open: () => Promise<OpenPlayerViewResponse> = openPlayerView,
): Promise<boolean> {
  const result = await open();
  store.openProblem = result.status === 'failed' ? result.message : null;
  return result.status === 'opened';
}

export interface PlayerViewHooks {
  /** Opens the player view's choices (theme, timer, rolls shown). */
  openOptions(): void;
  /** Opens the player view window; by default through the platform. */
  open?(): Promise<OpenPlayerViewResponse>;
}

/**
 * The player view's commands for the palette and the menu; `b` puts the players' screen down or up
 * when single keys are on, and Ctrl/Cmd+Shift+B from anywhere (while typing, over a dialog).
 */
export function playerViewCommands(store: PlayerViewStore, hooks: PlayerViewHooks): Command[] {
  return [
    {
      id: 'player-view.open',
      label: 'Open player view',
      group: 'Player view',
      keywords: 'players second screen window tv monitor table show',
      menu: { section: 'View', order: 410 },
      run: () => openPlayerViewFor(store, hooks.open),
    },
    {
      id: SCREEN_TOGGLE_COMMAND,
      get label() {
        return store.screenDown ? 'Screen up (players see the fight again)' : 'Screen down (players see black)';
      },
      group: 'Player view',
      key: 'b',
      keywords: 'player view blank black hide curtain ctrl+shift+b',
      shortcut: 'CommandOrControl+Shift+B',
      shortcutAlso: { whileTyping: true, overDialogs: true },
      menu: { section: 'View', order: 420 },
      run: () => store.toggleScreen(),
    },
    {
      id: 'player-view.theme',
      get label() {
        return store.theme === 'dark' ? 'Player view theme: high contrast' : 'Player view theme: dark';
      },
      group: 'Player view',
      keywords: 'contrast colours colors readable',
      run: () => store.toggleTheme(),
    },
    {
      id: 'player-view.timer',
      label: 'Player view timer…',
      group: 'Player view',
      keywords: 'countdown clock round turn rolls shown options',
      run: () => hooks.openOptions(),
    },
  ];
}

/** Registers the player view's commands for as long as the app is mounted. */
export function usePlayerViewCommands(hooks: PlayerViewHooks): void {
  useCommands(playerViewCommands(usePlayerViewStore(), hooks));
}
