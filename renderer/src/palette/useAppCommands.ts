import { useCommandsStore, type Command } from './commands-store';
import { useCommands } from './useCommand';

export interface AppCommandHooks {
  /** Opens the command palette. */
  openPalette(): void;
  /** Opens "About GM Screen" (name, version, shell, data folder, versions). */
  openAbout(): void;
  /** Asks the shell to open the folder of the log files (the platform's `gm.openLogFolder`). */
  openLogFolder(): Promise<{ opened: boolean; path: string }>;
}

/**
 * What the status line says when the shell did not open the log folder itself, as the export
 * dialog does for a file: where it is, in words (the browser fallback cannot open a folder
 * window); a page without GM Screen's server has no log files at all.
 */
export function logFolderMessage(answer: { opened: boolean; path: string }): string | null {
  if (answer.opened) return null;
  if (answer.path === '') {
    return "This page keeps no log files: the desktop app and GM Screen's own server (npm run web) do.";
  }
  return `This shell cannot open a folder window: the log files are in ${answer.path}`;
}

/** The command that opens the palette: its Ctrl/Cmd+K works from a text field too, not over a dialog. */
export const PALETTE_COMMAND = 'palette.open';
export const PALETTE_SHORTCUT = 'CommandOrControl+K';

/** The app's own commands, not a panel's: the palette itself, and the Help menu's log folder and About. */
export function appCommands(hooks: AppCommandHooks, announce: (message: string | null) => void): Command[] {
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
      id: 'help.log-folder',
      label: 'Open the log folder',
      group: 'Help',
      keywords: 'logs errors problems report diagnostics files',
      menu: { section: 'Help', order: 110 },
      run: async () => {
        const message = logFolderMessage(await hooks.openLogFolder());
        if (message) announce(message);
      },
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
  const commands = useCommandsStore();
  useCommands(appCommands(hooks, commands.announce));
}
