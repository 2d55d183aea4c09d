import type { MenuCommandItem, MenuItem, MenuModel } from '../../../shared/menu/menu-model';
import { MAX_SUBMENU_ITEMS, MENU_SECTIONS } from '../../../shared/menu/menu-sections';
import type { Command, CommandMenuPlacement } from '../palette/commands-store';

type Placed = Command & { readonly menu: CommandMenuPlacement };

/** A section's entry before separators: a command, or a submenu placed where its first item is. */
type Entry = { readonly order: number; readonly item: MenuItem };

/** The menu item for a command as the palette shows it now: its label, whether it can run, its shortcut, its tick. */
function commandItem(command: Placed): MenuCommandItem {
  const checked = command.menu.checked?.();
  return {
    kind: 'command',
    id: command.id,
    label: command.label,
    ...(command.shortcut ? { accelerator: command.shortcut } : {}),
    enabled: (command.disabledReason?.() ?? null) === null,
    ...(checked === undefined ? {} : { checked }),
  };
}

const block = (order: number) => Math.floor(order / 100);

/** Smallest order first; equal orders keep registration order (Array.prototype.sort is stable). */
const byOrder = <T extends { readonly order: number }>(entries: readonly T[]): T[] =>
  [...entries].sort((a, b) => a.order - b.order);

/** The items with a separator wherever the next one starts another hundred (10, 20 | 110). */
function withSeparators<T extends MenuItem>(
  entries: readonly { order: number; item: T }[],
): (T | { kind: 'separator' })[] {
  const items: (T | { kind: 'separator' })[] = [];
  entries.forEach((entry, index) => {
    if (index > 0 && block(entry.order) !== block(entries[index - 1]!.order)) items.push({ kind: 'separator' });
    items.push(entry.item);
  });
  return items;
}

/** One section: its commands and submenus by order, each submenu where its first item is. */
function sectionItems(commands: readonly Placed[]): MenuItem[] {
  const direct: Entry[] = [];
  const submenus = new Map<string, Placed[]>();
  for (const command of commands) {
    const name = command.menu.submenu;
    if (name === undefined) direct.push({ order: command.menu.order, item: commandItem(command) });
    else submenus.set(name, [...(submenus.get(name) ?? []), command]);
  }
  const nested: Entry[] = [...submenus].map(([label, members]) => {
    const ordered = byOrder(members.map((command) => ({ order: command.menu.order, item: commandItem(command) })));
    // A GM with a hundred saved layouts gets the first ones here (the palette finds every one):
    // a longer submenu would break the contract and lose the whole menu.
    const items = withSeparators(ordered).slice(0, MAX_SUBMENU_ITEMS);
    if (items.at(-1)?.kind === 'separator') items.pop();
    return { order: ordered[0]!.order, item: { kind: 'submenu', label, items } };
  });
  return withSeparators(byOrder([...direct, ...nested]));
}

/**
 * The application menu from the command registry: the commands with a `menu` place, in the
 * sections' menu-bar order (File, Edit, View, Help; a section with none is left out), each
 * section's items by `menu.order`, submenus gathered by name, a separator between blocks of
 * orders (each hundred). An item's label, enabled state, tick and accelerator are the command's
 * own at this moment, as the palette shows them, so the two cannot disagree. A command id placed
 * twice (two panels registering it) appears once.
 */
export function menuModelFromCommands(commands: readonly Command[]): MenuModel {
  const seen = new Set<string>();
  const placed = commands.filter((command): command is Placed => {
    if (!command.menu || seen.has(command.id)) return false;
    seen.add(command.id);
    return true;
  });
  return {
    sections: MENU_SECTIONS.flatMap((name) => {
      const inSection = placed.filter((command) => command.menu.section === name);
      return inSection.length === 0 ? [] : [{ name, items: sectionItems(inSection) }];
    }),
  };
}
