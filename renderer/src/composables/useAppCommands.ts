import type { Command } from '../stores/commands';
import { useCommands } from './useCommand';

export interface AppCommandHooks {
  /** Opens the command palette. */
  openPalette(): void;
  /** Opens "About GM Screen" (name, version, shell, data folder, versions). */
  openAbout(): void;
}

/** The command that opens the palette: its Ctrl/Cmd+K works from a text field too, not over a dialog. */
export const PALETTE_COMMAND = 'palette.open';
export const PALETTE_SHORTCUT = 'CommandOrControl+K';

/** The app's own commands, not a panel's: the palette itself and the Help menu's About. */
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
    {
      id: 'help.about',
      label: 'About GM Screen',
      group: 'Help',
      keywords: 'version electron chrome node data folder information',
      menu: { section: 'Help', order: 210 },
      run: () => hooks.openAbout(),
    },
  ];
}

/** Registers the app's own commands for as long as the app is mounted. */
export function useAppCommands(hooks: AppCommandHooks): void {
  useCommands(appCommands(hooks));
}
