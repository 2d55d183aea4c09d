import type { Command } from './commands-store';
import { matchesAccelerator, type ModifierPress, type ShortcutPlatform } from '../shortcuts/accelerator';

/** One accelerator the page's key handler runs a command by, and where it works. */
export interface ShortcutBinding {
  readonly id: string;
  readonly accelerator: string;
  readonly whileTyping: boolean;
  readonly overDialogs: boolean;
}

/**
 * The modifier shortcuts the page itself answers, in registration order. Where the menu's key
 * equivalents run their commands (`menuOwnsAccelerators`: Electron on macOS) a command's menu
 * accelerator is left to the menu; its extra page-only keys (Ctrl+Y) stay here.
 */
export function shortcutBindings(
  commands: readonly Command[],
  options: { readonly menuOwnsAccelerators: boolean },
): ShortcutBinding[] {
  return commands.flatMap((command) => {
    const inMenu = options.menuOwnsAccelerators && command.menu !== undefined;
    const accelerators = [...(command.shortcut && !inMenu ? [command.shortcut] : []), ...(command.extraShortcuts ?? [])];
    return accelerators.map((accelerator) => ({
      id: command.id,
      accelerator,
      whileTyping: command.shortcutAlso?.whileTyping ?? false,
      overDialogs: command.shortcutAlso?.overDialogs ?? false,
    }));
  });
}

/** The binding this key press is; when two commands claim the same keys, the one registered first. */
export function findBinding(
  press: ModifierPress,
  bindings: readonly ShortcutBinding[],
  platform: ShortcutPlatform,
): ShortcutBinding | undefined {
  return bindings.find((binding) => matchesAccelerator(press, binding.accelerator, platform));
}
