import { Menu, type BrowserWindow } from 'electron';
import { ipcEvents } from '../../shared/ipc/channels';
import type { ShellMenuActions } from '../services/app-menu';
import { createAppMenuController, type AppMenuController } from '../services/app-menu-controller';

/**
 * The application menu (main/services/app-menu.ts): the shell's items at once, the GM page's
 * commands once it sends them (setMenu), each click sent back to that page.
 */
export function installAppMenu(gmWindow: () => BrowserWindow | null, actions: ShellMenuActions): AppMenuController {
  const menu = createAppMenuController({
    platform: process.platform,
    install: (template) => Menu.setApplicationMenu(Menu.buildFromTemplate(template)),
    sendToGmPage: (id) => {
      const window = gmWindow();
      if (window && !window.isDestroyed()) window.webContents.send(ipcEvents.menuCommand, id);
    },
    actions,
  });
  menu.start();
  return menu;
}

/** Back to the shell's items whenever this GM window's page is not live: reloading, crashed or closed. */
export function clearMenuWithPage(menu: AppMenuController, window: BrowserWindow): void {
  window.webContents.on('did-start-navigation', (details) => {
    if (details.isMainFrame && !details.isSameDocument) menu.clear();
  });
  window.webContents.on('render-process-gone', () => menu.clear());
  window.once('closed', () => menu.clear());
}
