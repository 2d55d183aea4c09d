import { describe, expect, it, vi } from 'vitest';
import type { MenuModel } from '../../shared/menu/menu-model';
import { buildMenuTemplate, type MenuTemplateItem } from './app-menu';

/** A model like the one the renderer's command registry sends: every kind of item, in every section. */
const model: MenuModel = {
  sections: [
    {
      name: 'File',
      items: [
        {
          kind: 'command',
          id: 'encounter.new',
          label: 'New encounter',
          accelerator: 'CommandOrControl+Shift+N',
          enabled: true,
        },
        { kind: 'separator' },
        { kind: 'command', id: 'backups.open', label: 'Backups…', enabled: false },
      ],
    },
    {
      name: 'Edit',
      items: [
        { kind: 'command', id: 'edit.undo', label: 'Undo', accelerator: 'CommandOrControl+Z', enabled: true },
        { kind: 'command', id: 'edit.redo', label: 'Redo', accelerator: 'CommandOrControl+Shift+Z', enabled: false },
      ],
    },
    {
      name: 'View',
      items: [
        {
          kind: 'submenu',
          label: 'Theme',
          items: [
            { kind: 'command', id: 'theme.dark', label: 'Dark', enabled: true, checked: true },
            { kind: 'separator' },
            { kind: 'command', id: 'theme.light', label: 'Light', enabled: true, checked: false },
          ],
        },
        { kind: 'command', id: 'player-view.open', label: 'Open player view', enabled: true },
      ],
    },
    {
      name: 'Help',
      items: [{ kind: 'command', id: 'help.reference', label: 'Rules & reference', accelerator: 'F1', enabled: true }],
    },
  ],
};

/** A template as readable text: roles as "role:x", separators as "-", submenus nested. */
type Shape = string | [string, Shape[]];
function shape(items: MenuTemplateItem[]): Shape[] {
  return items.map((item): Shape => {
    const name = item.type === 'separator' ? '-' : (item.label ?? `role:${item.role}`);
    return item.submenu ? [item.role ? `${name} (role:${item.role})` : name, shape(item.submenu)] : name;
  });
}

function allItems(items: MenuTemplateItem[]): MenuTemplateItem[] {
  return items.flatMap((item) => [item, ...allItems(item.submenu ?? [])]);
}

function build(platform: string, menu: MenuModel | null = model) {
  const send = vi.fn<(id: string) => void>();
  const togglePlayerFullScreen = vi.fn<() => void>();
  const template = buildMenuTemplate(menu, platform, send, { togglePlayerFullScreen });
  const item = (label: string) => allItems(template).find((entry) => entry.label === label)!;
  return { template, send, togglePlayerFullScreen, item };
}

const linuxShape: Shape[] = [
  ['File', ['New encounter', '-', 'Backups…', '-', 'role:quit']],
  ['Edit', ['Undo', 'Redo', '-', 'role:cut', 'role:copy', 'role:paste', 'role:selectAll']],
  [
    'View',
    [
      ['Theme', ['Dark', '-', 'Light']],
      'Open player view',
      '-',
      'Player view full screen',
      '-',
      'role:resetZoom',
      'role:zoomIn',
      'role:zoomOut',
      '-',
      'role:togglefullscreen',
    ],
  ],
  ['Help', ['Rules && reference']],
];

describe('the application menu from the renderer model', () => {
  it.each(['linux', 'win32'])(
    'on %s: the renderer sections in order, Quit ending File, the shell items after the renderer items',
    (platform) => {
      expect(shape(build(platform).template)).toEqual(linuxShape);
    },
  );

  it('on macOS: the app menu first (About, Hide, Hide others, Show all, Quit), no Quit in File, a Window menu before Help', () => {
    expect(shape(build('darwin').template)).toEqual([
      ['GM Screen', ['role:about', '-', 'role:hide', 'role:hideOthers', 'role:unhide', '-', 'role:quit']],
      ['File', ['New encounter', '-', 'Backups…']],
      ['Edit', ['Undo', 'Redo', '-', 'role:cut', 'role:copy', 'role:paste', 'role:selectAll']],
      [
        'View',
        [
          ['Theme', ['Dark', '-', 'Light']],
          'Open player view',
          '-',
          'Player view full screen',
          '-',
          'role:resetZoom',
          'role:zoomIn',
          'role:zoomOut',
          '-',
          'role:togglefullscreen',
        ],
      ],
      ['Window (role:window)', ['role:minimize', 'role:zoom', '-', 'role:front']],
      ['Help', ['Rules & reference']],
    ]);
  });

  it('shows the renderer accelerators on Linux and Windows without registering them, and registers them on macOS', () => {
    for (const [platform, registered] of [
      ['linux', false],
      ['win32', false],
      ['darwin', true],
    ] as const) {
      const { item } = build(platform);
      expect(item('New encounter')).toMatchObject({
        accelerator: 'CommandOrControl+Shift+N',
        registerAccelerator: registered,
      });
      expect(item('Undo')).toMatchObject({ accelerator: 'CommandOrControl+Z', registerAccelerator: registered });
    }
    // An item without a shortcut carries neither.
    expect(build('linux').item('Backups…')).not.toHaveProperty('accelerator');
    expect(build('linux').item('Backups…')).not.toHaveProperty('registerAccelerator');
  });

  it('gives the shell items their usual accelerators, registered (the renderer has no keys for them)', () => {
    const roles = (platform: string) =>
      allItems(build(platform).template)
        .filter((item) => item.accelerator && item.role)
        .map((item) => [item.role, item.accelerator, item.registerAccelerator]);
    expect(roles('linux')).toEqual([
      ['resetZoom', 'CommandOrControl+0', undefined],
      ['zoomIn', 'CommandOrControl+Plus', undefined],
      ['zoomOut', 'CommandOrControl+-', undefined],
      ['togglefullscreen', 'F11', undefined],
    ]);
    expect(roles('darwin').at(-1)).toEqual(['togglefullscreen', 'Control+Command+F', undefined]);
  });

  it('clicks through send(id) with the command id, in submenus too, and nothing else', () => {
    const { item, send, togglePlayerFullScreen } = build('linux');
    item('New encounter').click!();
    item('Light').click!();
    item('Rules && reference').click!();
    expect(send.mock.calls).toEqual([['encounter.new'], ['theme.light'], ['help.reference']]);
    expect(togglePlayerFullScreen).not.toHaveBeenCalled();
  });

  it('runs the player view full screen in main, not through the renderer', () => {
    const { item, send, togglePlayerFullScreen } = build('win32');
    item('Player view full screen').click!();
    expect(togglePlayerFullScreen).toHaveBeenCalledTimes(1);
    expect(send).not.toHaveBeenCalled();
  });

  it('carries enabled and checked: a checked state makes a checkbox item, no checked state a plain one', () => {
    const { item } = build('linux');
    expect(item('Backups…')).toMatchObject({ enabled: false });
    expect(item('Backups…')).not.toHaveProperty('type');
    expect(item('Redo')).toMatchObject({ enabled: false });
    expect(item('Dark')).toMatchObject({ type: 'checkbox', checked: true, enabled: true });
    expect(item('Light')).toMatchObject({ type: 'checkbox', checked: false, enabled: true });
    expect(item('Open player view')).not.toHaveProperty('checked');
  });

  it('escapes "&" on Linux and Windows, where it would mark an access key, and not on macOS', () => {
    expect(build('linux').item('Rules && reference').label).toBe('Rules && reference');
    expect(build('darwin').item('Rules & reference').label).toBe('Rules & reference');
  });

  it('before the GM page has sent its model: the shell items only (no renderer item, no player view item)', () => {
    expect(shape(build('linux', null).template)).toEqual([
      ['File', ['role:quit']],
      ['Edit', ['role:cut', 'role:copy', 'role:paste', 'role:selectAll']],
      ['View', ['role:resetZoom', 'role:zoomIn', 'role:zoomOut', '-', 'role:togglefullscreen']],
    ]);
    expect(shape(build('darwin', null).template).map((section) => section[0])).toEqual([
      'GM Screen',
      'Edit',
      'View',
      'Window (role:window)',
    ]);
  });

  it('drops separators at either end and next to each other, in sections and submenus', () => {
    const { template } = build('linux', {
      sections: [
        {
          name: 'Edit',
          items: [
            { kind: 'separator' },
            { kind: 'command', id: 'a', label: 'A', enabled: true },
            { kind: 'separator' },
          ],
        },
        {
          name: 'Help',
          items: [
            { kind: 'separator' },
            {
              kind: 'submenu',
              label: 'More',
              items: [
                { kind: 'separator' },
                { kind: 'command', id: 'b', label: 'B', enabled: true },
                { kind: 'separator' },
                { kind: 'separator' },
              ],
            },
            { kind: 'separator' },
            { kind: 'separator' },
            { kind: 'command', id: 'c', label: 'C', enabled: true },
            { kind: 'separator' },
          ],
        },
      ],
    });
    expect(shape(template).slice(1)).toEqual([
      ['Edit', ['A', '-', 'role:cut', 'role:copy', 'role:paste', 'role:selectAll']],
      [
        'View',
        ['Player view full screen', '-', 'role:resetZoom', 'role:zoomIn', 'role:zoomOut', '-', 'role:togglefullscreen'],
      ],
      ['Help', [['More', ['B']], '-', 'C']],
    ]);
  });
});
