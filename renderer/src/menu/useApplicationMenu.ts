import { onBeforeUnmount, onMounted } from 'vue';
import type { AppInfo, GmApi, GmEvents } from '../../../shared/ipc/contract';
import { gm as platformGm } from '../platform/gm';
import { useCommandsStore } from '../palette/commands-store';
import { menuModelFromCommands } from './menu-model-from-commands';
import { createMenuSync, type MenuSchedule, type MenuSync } from './menu-sync';
import { runMenuCommand } from './run-menu-command';

export type MenuShell = Pick<GmApi, 'getAppInfo' | 'setMenu'> & Pick<GmEvents, 'onMenuCommand'>;

/** Electron on macOS: the menu's key equivalents run its commands before the page sees the key. */
const menuTakesKeys = (info: AppInfo) => info.platform === 'darwin';

/**
 * The desktop app's menu bar, from the command registry: mounted once, in the root component.
 * In Electron the model is sent at start and after every change that alters it (coalesced;
 * an unchanged model is not sent again), and a menu choice runs its command as a key would. A
 * browser has no application menu (its shells answer so), so nothing is sent there: the palette
 * has every command.
 */
export function useApplicationMenu(shell: MenuShell = platformGm, schedule?: MenuSchedule): void {
  const commands = useCommandsStore();
  let sync: MenuSync | null = null;
  let stopListening: (() => void) | undefined;
  let unmounted = false;

  onMounted(async () => {
    // A shell that cannot say what it is (a browser page whose server went away) has no menu either.
    const info = await shell.getAppInfo().catch(() => null);
    if (unmounted || info?.shell !== 'electron') return;
    commands.menuOwnsAccelerators = menuTakesKeys(info);
    sync = createMenuSync(
      () => menuModelFromCommands(commands.commands),
      (model) => shell.setMenu(model),
      schedule,
    );
    stopListening = shell.onMenuCommand?.((id) => void runMenuCommand(id, commands));
  });

  onBeforeUnmount(() => {
    unmounted = true;
    sync?.stop();
    stopListening?.();
  });
}
