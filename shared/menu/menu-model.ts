import { z } from 'zod';
import { MAX_SUBMENU_ITEMS, MENU_SECTIONS } from './menu-sections';

export { MAX_SUBMENU_ITEMS, MENU_SECTIONS, type MenuSectionName } from './menu-sections';

/**
 * The application menu as the renderer describes it from its command registry (the same commands
 * the palette lists and the shortcuts run), so a command exists once. Main adds only what the
 * shell itself does (Quit, Cut/Copy/Paste, zoom, full screen, the macOS app menu) and turns this
 * into Electron's template (main/services/app-menu.ts). Plain data, checked by this schema at the
 * IPC boundary.
 */


/**
 * An accelerator in Electron's syntax ("CommandOrControl+Shift+B", "F11"): modifiers then one key.
 * Bounded and limited to the characters Electron's syntax uses.
 */
export const acceleratorSchema = z
  .string()
  .min(1)
  .max(60)
  .regex(
    /^(?:(?:CommandOrControl|CmdOrCtrl|Command|Cmd|Control|Ctrl|Alt|Option|AltGr|Shift|Super|Meta)\+)*[A-Za-z0-9=\-[\];',./\\`]$|^(?:(?:CommandOrControl|CmdOrCtrl|Command|Cmd|Control|Ctrl|Alt|Option|AltGr|Shift|Super|Meta)\+)*(?:F[1-9]|F1[0-9]|F2[0-4]|Plus|Space|Tab|Backspace|Delete|Insert|Return|Enter|Up|Down|Left|Right|Home|End|PageUp|PageDown|Escape|Esc)$/,
    'an Electron accelerator',
  );

/** One of the renderer's commands in a menu: clicking it runs the command with this id in the renderer. */
export const menuCommandItemSchema = z.object({
  kind: z.literal('command'),
  /** The command registry's id ("tracker.next-turn"). */
  id: z.string().min(1).max(120),
  label: z.string().min(1).max(120),
  accelerator: acceleratorSchema.optional(),
  /** False when the command's disabledReason gives a reason now. */
  enabled: z.boolean(),
  /** For commands that are on or off (a theme, a panel shown): the menu shows a tick. */
  checked: z.boolean().optional(),
});
export type MenuCommandItem = z.infer<typeof menuCommandItemSchema>;

export const menuSeparatorSchema = z.object({ kind: z.literal('separator') });


/** A nested menu ("Layouts ▸", "Theme ▸", "Text size ▸"). One level deep only. */
export const menuSubmenuSchema = z.object({
  kind: z.literal('submenu'),
  label: z.string().min(1).max(120),
  items: z.array(z.discriminatedUnion('kind', [menuCommandItemSchema, menuSeparatorSchema])).max(MAX_SUBMENU_ITEMS),
});

export const menuItemSchema = z.discriminatedUnion('kind', [
  menuCommandItemSchema,
  menuSeparatorSchema,
  menuSubmenuSchema,
]);
export type MenuItem = z.infer<typeof menuItemSchema>;

export const menuModelSchema = z
  .object({
    sections: z
      .array(z.object({ name: z.enum(MENU_SECTIONS), items: z.array(menuItemSchema).max(200) }))
      .max(MENU_SECTIONS.length),
  })
  .refine(
    (model) => new Set(model.sections.map((section) => section.name)).size === model.sections.length,
    'each menu once',
  );
export type MenuModel = z.infer<typeof menuModelSchema>;
