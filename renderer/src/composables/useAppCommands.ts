import type { Command } from '../stores/commands';
import { useCommands } from './useCommand';

export interface AppCommandHooks {
  /** Opens the command palette. */
  openPalette(): void;
}

/** The command that opens the palette: its Ctrl/Cmd+K works from a text field too, not over a dialog. */
export const PALETTE_COMMAND = 'palette.open';
export const PALETTE_SHORTCUT = 'CommandOrControl+K';

/** The app's own commands, not a panel's: the palette itself. */
export function appCommands(hooks: AppCommandHooks): Command[] {
  return [
    {
      id: PALETTE_COMMAND,
      label: 'Command palette',
      group: 'Help',
      keywords: 'commands find run search all',
      shortcut: PALETTE_SHORTCUT,
      shortcutAlso: { whileTyping: true },
      menu: { section: 'View', order: 10 },
      run: () => hooks.openPalette(),
    },
  ];
}

/** Registers the app's own commands for as long as the app is mounted. */
export function useAppCommands(hooks: AppCommandHooks): void {
  useCommands(appCommands(hooks));
}
