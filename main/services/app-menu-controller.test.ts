import { describe, expect, it, vi } from 'vitest';
import { MENU_NOT_SHOWN } from '../../shared/ipc/limits';
import type { MenuModel } from '../../shared/menu/menu-model';
import type { MenuTemplateItem } from './app-menu';
import { createAppMenuController } from './app-menu-controller';
import { IpcRejection, runContractMethod } from './ipc/ipc-handler';

const model: MenuModel = {
  sections: [
    { name: 'File', items: [{ kind: 'command', id: 'encounter.new', label: 'New encounter', enabled: true }] },
  ],
};

function controller() {
  const installed: MenuTemplateItem[][] = [];
  const sendToGmPage = vi.fn<(id: string) => void>();
  const menu = createAppMenuController({
    platform: 'linux',
    install: (template) => installed.push(template),
    sendToGmPage,
    actions: { togglePlayerFullScreen: vi.fn() },
  });
  const labels = (template: MenuTemplateItem[] | undefined) =>
    (template ?? []).flatMap((section) => (section.submenu ?? []).map((item) => item.label ?? item.role ?? '-'));
  const find = (template: MenuTemplateItem[] | undefined, label: string) =>
    (template ?? []).flatMap((section) => section.submenu ?? []).find((item) => item.label === label)!;
  return { menu, installed, sendToGmPage, labels, find };
}

describe('the application menu controller', () => {
  it('starts with the shell items only, then shows the GM page menu and answers "set"', () => {
    const { menu, installed, labels } = controller();
    menu.start();
    expect(labels(installed[0])).toEqual([
      'quit',
      'cut',
      'copy',
      'paste',
      'selectAll',
      'resetZoom',
      'zoomIn',
      'zoomOut',
      '-',
      'togglefullscreen',
    ]);
    expect(menu.show(model)).toEqual({ status: 'set' });
    expect(installed).toHaveLength(2);
    expect(labels(installed[1])).toContain('New encounter');
  });

  it('sends a click on a renderer item to the GM page', () => {
    const { menu, installed, sendToGmPage, find } = controller();
    menu.show(model);
    find(installed[0], 'New encounter').click!();
    expect(sendToGmPage.mock.calls).toEqual([['encounter.new']]);
  });

  it('once cleared (GM window gone or reloading) no renderer item remains, and a click on the replaced menu is dropped', () => {
    const { menu, installed, sendToGmPage, labels, find } = controller();
    menu.show(model);
    const stale = find(installed[0], 'New encounter');
    menu.clear();
    expect(labels(installed[1])).not.toContain('New encounter');
    expect(labels(installed[1])).not.toContain('Player view full screen');
    stale.click!();
    expect(sendToGmPage).not.toHaveBeenCalled();
  });

  it('drops a click from a menu replaced by a newer model too', () => {
    const { menu, installed, sendToGmPage, find } = controller();
    menu.show(model);
    menu.show({
      sections: [
        { name: 'File', items: [{ kind: 'command', id: 'encounter.new', label: 'New encounter', enabled: false }] },
      ],
    });
    find(installed[0], 'New encounter').click!();
    expect(sendToGmPage).not.toHaveBeenCalled();
    find(installed[1], 'New encounter').click!();
    expect(sendToGmPage.mock.calls).toEqual([['encounter.new']]);
  });
});

describe('setMenu through the contract', () => {
  const show = vi.fn(() => ({ status: 'set' as const }));
  const item = (id: string) => ({ kind: 'command' as const, id, label: id, enabled: true });

  it('passes a valid model to the implementation and checks the answers both shells give', async () => {
    await expect(runContractMethod('setMenu', show, model)).resolves.toEqual({ status: 'set' });
    await expect(
      runContractMethod('setMenu', () => ({ status: 'not-shown' as const, message: MENU_NOT_SHOWN }), model),
    ).resolves.toEqual({
      status: 'not-shown',
      message: 'A browser page has no application menu: every command is in the command palette (Ctrl+K).',
    });
  });

  it.each([
    [
      'a section with more than 200 items',
      { sections: [{ name: 'View', items: Array.from({ length: 201 }, (_, index) => item(`c${index}`)) }] },
      'sections.0.items: Too big: expected array to have <=200 items',
    ],
    [
      'an unknown section',
      { sections: [{ name: 'Tools', items: [] }] },
      'sections.0.name: Invalid option: expected one of "File"|"Edit"|"View"|"Help"',
    ],
    [
      'the same section twice',
      {
        sections: [
          { name: 'File', items: [] },
          { name: 'File', items: [] },
        ],
      },
      'each menu once',
    ],
    [
      'an accelerator Electron cannot read',
      { sections: [{ name: 'File', items: [{ ...item('x'), accelerator: 'Ctrl+Shift+' }] }] },
      'sections.0.items.0.accelerator: an Electron accelerator',
    ],
    [
      'a label too long',
      { sections: [{ name: 'File', items: [{ ...item('x'), label: 'x'.repeat(121) }] }] },
      'sections.0.items.0.label: Too big: expected string to have <=120 characters',
    ],
    [
      'a submenu inside a submenu',
      {
        sections: [
          {
            name: 'View',
            items: [{ kind: 'submenu', label: 'A', items: [{ kind: 'submenu', label: 'B', items: [] }] }],
          },
        ],
      },
      "sections.0.items.0.items.0.kind: Invalid discriminator value. Expected 'command' | 'separator'",
    ],
  ])('refuses %s before the implementation runs', async (_case, payload, problem) => {
    show.mockClear();
    const refused = runContractMethod('setMenu', show, payload);
    await expect(refused).rejects.toBeInstanceOf(IpcRejection);
    await expect(refused).rejects.toThrow(`gm:menu:set: invalid payload (${problem}).`);
    expect(show).not.toHaveBeenCalled();
  });
});
