import { describe, expect, it, vi } from 'vitest';
import { appMenu, buildMenuTemplate, type MenuTemplateItem } from './app-menu';

function commands() {
  return { openPlayerView: vi.fn(), togglePlayerFullScreen: vi.fn() };
}

/** Every item of a template, submenus included. */
function allItems(items: MenuTemplateItem[]): MenuTemplateItem[] {
  return items.flatMap((item) => [item, ...allItems(item.submenu ?? [])]);
}

describe('the application menu', () => {
  it('has File, Edit, View and Window, in that order, with exactly these items', () => {
    const template = buildMenuTemplate(appMenu, commands(), 'linux');
    expect(template.map((section) => [section.label, section.submenu?.map((item) => item.role ?? item.label ?? item.type)])).toEqual([
      ['File', ['quit']],
      ['Edit', ['cut', 'copy', 'paste', 'separator', 'selectAll']],
      ['View', ['Player view', 'Player view full screen']],
      ['Window', ['minimize', 'close']],
    ]);
  });

  it('leaves Ctrl+Z and Ctrl+Y to the GM screen: no undo or redo role, no accelerator using them', () => {
    const items = allItems(buildMenuTemplate(appMenu, commands(), 'linux'));
    expect(items.filter((item) => ['undo', 'redo'].includes(String(item.role)))).toEqual([]);
    expect(items.map((item) => item.accelerator).filter(Boolean)).toEqual(['CommandOrControl+Shift+P']);
  });

  it('opens the player view with Ctrl+Shift+P and toggles its full screen from the View menu', () => {
    const run = commands();
    const view = buildMenuTemplate(appMenu, run, 'win32').find((section) => section.label === 'View')!.submenu!;
    expect(view[0]).toMatchObject({ label: 'Player view', accelerator: 'CommandOrControl+Shift+P' });
    view[0]!.click!();
    expect(run.openPlayerView).toHaveBeenCalledTimes(1);
    expect(run.togglePlayerFullScreen).not.toHaveBeenCalled();
    expect(view[1]).not.toHaveProperty('accelerator');
    view[1]!.click!();
    expect(run.togglePlayerFullScreen).toHaveBeenCalledTimes(1);
    expect(run.openPlayerView).toHaveBeenCalledTimes(1);
  });

  it('puts the application menu first on macOS only', () => {
    expect(buildMenuTemplate(appMenu, commands(), 'darwin').map((section) => section.role ?? section.label)).toEqual(['appMenu', 'File', 'Edit', 'View', 'Window']);
    expect(buildMenuTemplate(appMenu, commands(), 'linux')[0]!.label).toBe('File');
  });
});
