import { describe, expect, it } from 'vitest';
import { menuModelSchema } from '../../../shared/menu/menu-model';
import type { Command, CommandMenuPlacement } from '../palette/commands-store';
import { menuModelFromCommands } from './menu-model-from-commands';

const placed = (id: string, menu: CommandMenuPlacement, extra: Partial<Command> = {}): Command => ({
  id,
  label: id,
  group: 'Test',
  menu,
  run: () => undefined,
  ...extra,
});

describe('menuModelFromCommands', () => {
  it('lists the sections in menu-bar order whatever the registration order, leaving out empty ones and unplaced commands', () => {
    const model = menuModelFromCommands([
      placed('help.about', { section: 'Help', order: 10 }),
      { id: 'log.latest', label: 'Jump to latest entry', group: 'Log', run: () => undefined },
      placed('files.export', { section: 'File', order: 10 }),
    ]);
    expect(model).toEqual({
      sections: [
        { name: 'File', items: [{ kind: 'command', id: 'files.export', label: 'files.export', enabled: true }] },
        { name: 'Help', items: [{ kind: 'command', id: 'help.about', label: 'help.about', enabled: true }] },
      ],
    });
    expect(menuModelSchema.safeParse(model).success).toBe(true);
  });

  it('orders items by menu.order, keeps registration order for equal orders, and separates each hundred', () => {
    const model = menuModelFromCommands([
      placed('c', { section: 'File', order: 110 }),
      placed('a', { section: 'File', order: 20 }),
      placed('b', { section: 'File', order: 10 }),
      placed('d', { section: 'File', order: 310 }),
      placed('e', { section: 'File', order: 310 }),
    ]);
    const items = model.sections[0]!.items.map((item) => (item.kind === 'command' ? item.id : item.kind));
    expect(items).toEqual(['b', 'a', 'separator', 'c', 'separator', 'd', 'e']);
  });

  it('gathers a submenu where its first item is, ordering and separating inside it the same way', () => {
    const model = menuModelFromCommands([
      placed('size.larger', { section: 'View', submenu: 'Text size', order: 338 }),
      placed('go.tracker', { section: 'View', order: 110 }),
      placed('theme.dark', { section: 'View', submenu: 'Theme', order: 320 }),
      placed('size.14', { section: 'View', submenu: 'Text size', order: 330 }),
      placed('player.open', { section: 'View', order: 410 }),
      placed('size.reset', { section: 'View', submenu: 'Text size', order: 450 }),
    ]);
    expect(model.sections[0]!.items).toEqual([
      { kind: 'command', id: 'go.tracker', label: 'go.tracker', enabled: true },
      { kind: 'separator' },
      {
        kind: 'submenu',
        label: 'Theme',
        items: [{ kind: 'command', id: 'theme.dark', label: 'theme.dark', enabled: true }],
      },
      {
        kind: 'submenu',
        label: 'Text size',
        items: [
          { kind: 'command', id: 'size.14', label: 'size.14', enabled: true },
          { kind: 'command', id: 'size.larger', label: 'size.larger', enabled: true },
          { kind: 'separator' },
          { kind: 'command', id: 'size.reset', label: 'size.reset', enabled: true },
        ],
      },
      { kind: 'separator' },
      { kind: 'command', id: 'player.open', label: 'player.open', enabled: true },
    ]);
  });

  it("takes each item's label, enabled state, tick and accelerator from the command as it is now", () => {
    let dark = true;
    let undoable = false;
    const commands: Command[] = [
      placed(
        'tracker.undo',
        { section: 'Edit', order: 10 },
        {
          label: 'Undo',
          shortcut: 'CommandOrControl+Z',
          extraShortcuts: ['CommandOrControl+Y'],
          disabledReason: () => (undoable ? null : 'There is nothing to undo.'),
        },
      ),
      placed('theme.dark', { section: 'View', order: 10, checked: () => dark }, { label: 'Dark theme' }),
      placed('theme.light', { section: 'View', order: 11, checked: () => !dark }, { label: 'Light theme' }),
    ];
    expect(menuModelFromCommands(commands).sections).toEqual([
      {
        name: 'Edit',
        // The page-only extra key (Ctrl+Y) is not the menu's.
        items: [
          { kind: 'command', id: 'tracker.undo', label: 'Undo', accelerator: 'CommandOrControl+Z', enabled: false },
        ],
      },
      {
        name: 'View',
        items: [
          { kind: 'command', id: 'theme.dark', label: 'Dark theme', enabled: true, checked: true },
          { kind: 'command', id: 'theme.light', label: 'Light theme', enabled: true, checked: false },
        ],
      },
    ]);
    dark = false;
    undoable = true;
    const [edit, view] = menuModelFromCommands(commands).sections;
    expect(edit!.items[0]).toMatchObject({ enabled: true });
    expect(view!.items.map((item) => (item.kind === 'command' ? item.checked : null))).toEqual([false, true]);
  });

  it('puts a command id placed twice in once, the first registration', () => {
    const model = menuModelFromCommands([
      placed('settings.backups', { section: 'File', order: 10 }, { label: 'Backups…' }),
      placed('settings.backups', { section: 'Help', order: 10 }, { label: 'Backups again' }),
    ]);
    expect(model.sections).toEqual([
      { name: 'File', items: [{ kind: 'command', id: 'settings.backups', label: 'Backups…', enabled: true }] },
    ]);
  });

  it('keeps a submenu within the contract: 120 saved layouts give the first 100, and the model still passes', () => {
    const layouts = Array.from({ length: 120 }, (_, index) =>
      placed(`layout.switch.L${index + 1}`, { section: 'View', submenu: 'Layouts', order: 10 }),
    );
    const model = menuModelFromCommands(layouts);
    const submenu = model.sections[0]!.items[0]!;
    if (submenu.kind !== 'submenu') throw new Error('expected the Layouts submenu');
    expect(submenu.items).toHaveLength(100);
    expect(submenu.items.at(-1)).toMatchObject({ id: 'layout.switch.L100' });
    expect(menuModelSchema.safeParse(model).success).toBe(true);
  });

  it('never ends a cut submenu with a separator', () => {
    const members = [
      ...Array.from({ length: 99 }, (_, index) =>
        placed(`a${index}`, { section: 'View', submenu: 'Many', order: index }),
      ),
      placed('b', { section: 'View', submenu: 'Many', order: 200 }),
    ];
    const submenu = menuModelFromCommands(members).sections[0]!.items[0]!;
    if (submenu.kind !== 'submenu') throw new Error('expected a submenu');
    expect(submenu.items).toHaveLength(99);
    expect(submenu.items.at(-1)).toMatchObject({ id: 'a98' });
  });

  it('gives an empty menu bar for no placed commands', () => {
    expect(menuModelFromCommands([])).toEqual({ sections: [] });
  });
});
