// The desktop app's menu as data, apart from Electron so it is tested in Node; main/electron/menu.ts
// hands the template to Menu.buildFromTemplate.

/** What a menu item of the app's own does. */
export type MenuCommand = 'openPlayerView' | 'togglePlayerFullScreen';

/** Electron's built-in roles the menu uses. No undo or redo: Ctrl+Z and Ctrl+Y are the GM screen's own undo. */
export type MenuRole = 'quit' | 'cut' | 'copy' | 'paste' | 'selectAll' | 'minimize' | 'close' | 'togglefullscreen' | 'appMenu';

export type MenuEntry =
  | { readonly role: MenuRole }
  | { readonly label: string; readonly command: MenuCommand; readonly accelerator?: string }
  | { readonly type: 'separator' };

export interface MenuSection {
  readonly label: string;
  readonly items: readonly MenuEntry[];
}

export const appMenu: readonly MenuSection[] = [
  { label: 'File', items: [{ role: 'quit' }] },
  { label: 'Edit', items: [{ role: 'cut' }, { role: 'copy' }, { role: 'paste' }, { type: 'separator' }, { role: 'selectAll' }] },
  {
    label: 'View',
    items: [
      { label: 'Player view', command: 'openPlayerView', accelerator: 'CommandOrControl+Shift+P' },
      { label: 'Player view full screen', command: 'togglePlayerFullScreen' },
    ],
  },
  { label: 'Window', items: [{ role: 'minimize' }, { role: 'close' }] },
];

/** The shape Electron's Menu.buildFromTemplate reads (the part of MenuItemConstructorOptions used here). */
export interface MenuTemplateItem {
  label?: string;
  role?: MenuRole;
  type?: 'separator';
  accelerator?: string;
  click?: () => void;
  submenu?: MenuTemplateItem[];
}

/**
 * The template: each command entry clicks through to its handler; on macOS the application menu
 * (About, Hide, Quit) comes first, as the platform expects.
 */
export function buildMenuTemplate(sections: readonly MenuSection[], commands: Readonly<Record<MenuCommand, () => void>>, platform: string): MenuTemplateItem[] {
  const template = sections.map(
    (section): MenuTemplateItem => ({
      label: section.label,
      submenu: section.items.map((item): MenuTemplateItem => {
        if ('command' in item) {
          const run = commands[item.command];
          return { label: item.label, ...(item.accelerator ? { accelerator: item.accelerator } : {}), click: () => run() };
        }
        return { ...item };
      }),
    }),
  );
  return platform === 'darwin' ? [{ role: 'appMenu' }, ...template] : template;
}
