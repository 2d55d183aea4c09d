// The menu's fixed shape, apart from its schema so the page that builds the menu does not load zod.

/** The menus the renderer's commands may appear in, in menu-bar order. */
export const MENU_SECTIONS = ['File', 'Edit', 'View', 'Help'] as const;
export type MenuSectionName = (typeof MENU_SECTIONS)[number];

/** Items a submenu may hold: more is no longer a menu to read (the palette lists every command). */
export const MAX_SUBMENU_ITEMS = 100;
