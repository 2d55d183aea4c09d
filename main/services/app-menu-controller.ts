import type { SetMenuResponse } from '../../shared/ipc/contract';
import type { MenuModel } from '../../shared/menu/menu-model';
import { buildMenuTemplate, type MenuTemplateItem, type ShellMenuActions } from './app-menu';

export interface AppMenuHost {
  readonly platform: string;
  /** Menu.setApplicationMenu(Menu.buildFromTemplate(template)). */
  install(template: MenuTemplateItem[]): void;
  /** Sends a renderer command's id to the GM page (ipcEvents.menuCommand). */
  sendToGmPage(id: string): void;
  readonly actions: ShellMenuActions;
}

export interface AppMenuController {
  /** The shell's items only: at start-up, before the GM page has described its commands. */
  start(): void;
  /** The GM page's menu (already validated by the contract). */
  show(model: MenuModel): SetMenuResponse;
  /** Back to the shell's items: the GM window is gone, or its page is reloading. */
  clear(): void;
}

/**
 * Keeps the application menu in step with the GM page: its commands are in the menu only while
 * that page is live. A click on an item of a menu since replaced (a click already on its way) is
 * dropped rather than sent to a page that no longer has that menu.
 */
export function createAppMenuController(host: AppMenuHost): AppMenuController {
  let generation = 0;

  function install(model: MenuModel | null): void {
    const current = ++generation;
    const send = (id: string) => {
      if (current === generation && model) host.sendToGmPage(id);
    };
    host.install(buildMenuTemplate(model, host.platform, send, host.actions));
  }

  return {
    start: () => install(null),
    show(model) {
      install(model);
      return { status: 'set' };
    },
    clear: () => install(null),
  };
}
