// The application menu as data, apart from Electron so it is tested in Node: the renderer's command
// registry describes its part (shared/menu/menu-model.ts); the shell adds only what it does itself.
// main/electron/menu.ts hands the template to Menu.buildFromTemplate.
import type { MenuCommandItem, MenuItem, MenuModel, MenuSectionName } from '../../shared/menu/menu-model';

/** Electron's built-in roles the shell's own items use. */
export type MenuRole =
  | 'about'
  | 'hide'
  | 'hideOthers'
  | 'unhide'
  | 'quit'
  | 'cut'
  | 'copy'
  | 'paste'
  | 'selectAll'
  | 'resetZoom'
  | 'zoomIn'
  | 'zoomOut'
  | 'togglefullscreen'
  | 'minimize'
  | 'zoom'
  | 'front'
  | 'window';

/** The shape Electron's Menu.buildFromTemplate reads (the part of MenuItemConstructorOptions used here). */
export interface MenuTemplateItem {
  label?: string;
  role?: MenuRole;
  type?: 'separator' | 'checkbox';
  accelerator?: string;
  /** False: the accelerator is shown but not registered with the system (Linux and Windows only). */
  registerAccelerator?: boolean;
  enabled?: boolean;
  checked?: boolean;
  click?: () => void;
  submenu?: MenuTemplateItem[];
}

/** What the shell's own non-role items do. */
export interface ShellMenuActions {
  /** The player view full screen or back (opened full screen when closed); only main can resize that window. */
  togglePlayerFullScreen(): void;
}

/** The label of the macOS application menu (macOS shows the bundle's name there whatever it says). */
export const APP_MENU_LABEL = 'GM Screen';
export const PLAYER_FULL_SCREEN_LABEL = 'Player view full screen';

const separator: MenuTemplateItem = { type: 'separator' };

/** No separator at either end or next to another: the renderer's own separators meet the shell's. */
function tidySeparators(items: MenuTemplateItem[]): MenuTemplateItem[] {
  const tidy: MenuTemplateItem[] = [];
  for (const item of items) {
    if (item.type === 'separator' && (tidy.length === 0 || tidy.at(-1)?.type === 'separator')) continue;
    tidy.push(item);
  }
  if (tidy.at(-1)?.type === 'separator') tidy.pop();
  return tidy;
}

/** Groups of items with a separator between non-empty groups, tidied. */
function joinGroups(...groups: MenuTemplateItem[][]): MenuTemplateItem[] {
  return tidySeparators(
    groups.filter((group) => group.length > 0).flatMap((group, index) => (index === 0 ? group : [separator, ...group])),
  );
}

/** On Linux and Windows "&" marks the access key; "&&" shows one "&" (a label such as "Rules & reference"). */
function labelFor(label: string, platform: string): string {
  return platform === 'darwin' ? label : label.replaceAll('&', '&&');
}

function commandItem(item: MenuCommandItem, platform: string, send: (id: string) => void): MenuTemplateItem {
  return {
    label: labelFor(item.label, platform),
    ...(item.accelerator
      ? {
          accelerator: item.accelerator,
          // Linux/Windows: the renderer's keydown handler is the one path for a shortcut, so the
          // menu only shows it (registering it too would run the command twice). macOS: the menu's
          // key equivalents fire before the page sees the key, so they are registered and the
          // renderer leaves those keys to the menu there.
          registerAccelerator: platform === 'darwin',
        }
      : {}),
    enabled: item.enabled,
    ...(item.checked === undefined ? {} : { type: 'checkbox' as const, checked: item.checked }),
    click: () => send(item.id),
  };
}

function rendererItem(item: MenuItem, platform: string, send: (id: string) => void): MenuTemplateItem {
  switch (item.kind) {
    case 'separator':
      return separator;
    case 'command':
      return commandItem(item, platform, send);
    case 'submenu':
      return {
        label: labelFor(item.label, platform),
        submenu: tidySeparators(
          item.items.map((inner) => (inner.kind === 'separator' ? separator : commandItem(inner, platform, send))),
        ),
      };
  }
}

/** The shell's items of each menu, after the renderer's. */
function shellItems(
  section: MenuSectionName,
  platform: string,
  modelShown: boolean,
  actions: ShellMenuActions,
): MenuTemplateItem[][] {
  const mac = platform === 'darwin';
  switch (section) {
    case 'File':
      // On macOS Quit lives in the application menu.
      return mac ? [] : [[{ role: 'quit' }]];
    case 'Edit':
      return [[{ role: 'cut' }, { role: 'copy' }, { role: 'paste' }, { role: 'selectAll' }]];
    case 'View':
      return [
        // The player view belongs to a live GM screen: offered only while its page has sent its menu.
        modelShown ? [{ label: PLAYER_FULL_SCREEN_LABEL, click: () => actions.togglePlayerFullScreen() }] : [],
        [
          { role: 'resetZoom', accelerator: 'CommandOrControl+0' },
          { role: 'zoomIn', accelerator: 'CommandOrControl+Plus' },
          { role: 'zoomOut', accelerator: 'CommandOrControl+-' },
        ],
        [{ role: 'togglefullscreen', accelerator: mac ? 'Control+Command+F' : 'F11' }],
      ];
    case 'Help':
      return [];
  }
}

const macAppMenu: MenuTemplateItem = {
  label: APP_MENU_LABEL,
  submenu: [
    { role: 'about' },
    separator,
    { role: 'hide' },
    { role: 'hideOthers' },
    { role: 'unhide' },
    separator,
    { role: 'quit' },
  ],
};
const macWindowMenu: MenuTemplateItem = {
  label: 'Window',
  role: 'window',
  submenu: [{ role: 'minimize' }, { role: 'zoom' }, separator, { role: 'front' }],
};

const SECTION_ORDER: readonly MenuSectionName[] = ['File', 'Edit', 'View', 'Help'];

/**
 * Electron's template from the renderer's model (null before the GM page has sent one, or when the
 * GM window is gone: then the shell's items only, so no renderer item clicks into nothing). Each
 * renderer command clicks through `send(id)`; a menu left with no items is left out.
 */
export function buildMenuTemplate(
  model: MenuModel | null,
  platform: string,
  send: (id: string) => void,
  actions: ShellMenuActions,
): MenuTemplateItem[] {
  const sections = SECTION_ORDER.map((name): MenuTemplateItem => {
    const renderer = (model?.sections.find((section) => section.name === name)?.items ?? []).map((item) =>
      rendererItem(item, platform, send),
    );
    return { label: name, submenu: joinGroups(renderer, ...shellItems(name, platform, model !== null, actions)) };
  }).filter((section) => (section.submenu ?? []).length > 0);
  if (platform !== 'darwin') return sections;
  const help = sections.filter((section) => section.label === 'Help');
  return [macAppMenu, ...sections.filter((section) => section.label !== 'Help'), macWindowMenu, ...help];
}
