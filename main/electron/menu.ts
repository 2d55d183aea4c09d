import { Menu } from 'electron';
import { appMenu, buildMenuTemplate, type MenuCommand } from '../services/app-menu';

/** Sets the application menu (main/services/app-menu.ts), its own items running these commands. */
export function installAppMenu(commands: Readonly<Record<MenuCommand, () => void>>): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(buildMenuTemplate(appMenu, commands, process.platform)));
}
