import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h, nextTick } from 'vue';
import type { MenuCommandItem, MenuItem, MenuModel } from '../../shared/menu/menu-model';
import { useBackupCommands } from './backups/useBackupCommands';
import { componentHarness } from '../test/component-harness.test-support';
import CommandPalette from './palette/CommandPalette.vue';
import { useAppCommands } from './palette/useAppCommands';
import { useLayoutCommands } from './shell/useLayoutCommands';
import { usePlayerViewCommands } from './player-view/usePlayerViewCommands';
import { useReferenceCommands } from './reference/useReferenceCommands';
import { useTrackerCommands } from './tracker/useTrackerCommands';
import { useExportCommands } from './exports/useExportCommands';
import { useImportCommands } from './imports/useImportCommands';
import { formatAccelerator, type ShortcutPlatform } from './shortcuts/accelerator';
import { useCommandsStore } from './palette/commands-store';
import { useEncounterStore } from './encounter/encounter-store';
import { useEncountersStore } from './encounter/encounters-store';
import { useLayoutStore } from './layout/layout-store';
import { usePreferencesStore } from './settings/preferences-store';
import { menuModelFromCommands } from './menu/menu-model-from-commands';

// No shell here: nothing in these tests reaches it (no command is run).
vi.mock('./platform/gm', () => ({ gm: {} }));

const harness = componentHarness('menu-and-palette');

const NAVIGATOR_PLATFORM = { other: 'Linux x86_64', mac: 'MacIntel' } as const;

afterEach(() => {
  Reflect.deleteProperty(navigator, 'platform');
});

/**
 * The commands the running app registers, through the same composables (App.vue's and the
 * Reference panel's), with the palette open over them.
 */
async function mountRegistryAndPalette(platform: ShortcutPlatform) {
  Object.defineProperty(navigator, 'platform', { value: NAVIGATOR_PLATFORM[platform], configurable: true });
  const nothing = () => undefined;
  harness.mount(
    defineComponent({
      setup() {
        useTrackerCommands({ openEncounters: nothing, openBestiary: nothing });
        useExportCommands();
        useImportCommands({ openEncounters: nothing });
        useLayoutCommands({
          openSettings: nothing,
          openShortcuts: nothing,
          focusPanel: nothing,
          layoutWidth: () => 1280,
        });
        useBackupCommands(nothing);
        usePlayerViewCommands({ openOptions: nothing });
        useAppCommands({
          openPalette: nothing,
          openAbout: nothing,
          openLogFolder: async () => ({ opened: true, path: '' }),
        });
        useReferenceCommands();
        return () => h(CommandPalette, { open: true });
      },
    }),
  );
  await nextTick();
  await nextTick();
}

interface PaletteEntry {
  readonly label: string;
  readonly enabled: boolean;
  readonly shortcut: string | null;
}

/** Every palette row as the GM sees it, by command id (read from the page, not from the registry). */
function paletteEntries(): Map<string, PaletteEntry> {
  const rows = harness.host.ownerDocument.querySelectorAll<HTMLElement>('[data-testid^="palette-item-"]');
  return new Map(
    [...rows].map((row) => {
      const id = row.dataset.testid!.slice('palette-item-'.length);
      return [
        id,
        {
          label: row.querySelector('.label')!.textContent!.trim(),
          enabled: row.getAttribute('aria-disabled') === 'false',
          shortcut: row.querySelector(`[data-testid="palette-shortcut-${id}"]`)?.textContent?.trim() ?? null,
        },
      ];
    }),
  );
}

function commandItems(items: readonly MenuItem[]): MenuCommandItem[] {
  return items.flatMap((item) =>
    item.kind === 'command' ? [item] : item.kind === 'submenu' ? commandItems(item.items) : [],
  );
}

/** A section as a GM reads it: labels, "---" for a separator, "Name ▸" then its items indented. */
function outline(model: MenuModel, name: string): string[] {
  const lines = (items: readonly MenuItem[], indent: string): string[] =>
    items.flatMap((item) =>
      item.kind === 'separator'
        ? [`${indent}---`]
        : item.kind === 'submenu'
          ? [`${indent}${item.label} ▸`, ...lines(item.items, `${indent}  `)]
          : [`${indent}${item.label}${item.checked ? ' ✓' : ''}${item.enabled ? '' : ' (disabled)'}`],
    );
  return lines(model.sections.find((section) => section.name === name)?.items ?? [], '');
}

/** Asserts that each menu item is its palette entry: same id, label, enabled state and shortcut as written there. */
function expectMenuMatchesPalette(model: MenuModel, platform: ShortcutPlatform): number {
  const palette = paletteEntries();
  const items = model.sections.flatMap((section) => commandItems(section.items));
  for (const item of items) {
    const entry = palette.get(item.id);
    expect(entry, `${item.id} is in the palette`).toBeInstanceOf(Object);
    expect({ id: item.id, ...entry }).toEqual({
      id: item.id,
      label: item.label,
      enabled: item.enabled,
      shortcut: item.accelerator ? formatAccelerator(item.accelerator, platform) : null,
    });
  }
  return items.length;
}

describe('the application menu and the command palette come from one registry', () => {
  it('give every menu item the palette entry of its command: id, label, enabled state and shortcut (Linux, Windows)', async () => {
    await mountRegistryAndPalette('other');
    const model = menuModelFromCommands(useCommandsStore().commands);
    expect(expectMenuMatchesPalette(model, 'other')).toBe(36);
    expect(model.sections.map((section) => section.name)).toEqual(['File', 'Edit', 'View', 'Help']);
    expect(outline(model, 'File')).toEqual([
      'New encounter…',
      'Open encounter…',
      '---',
      'Import encounter…',
      'Import templates into the bestiary…',
      '---',
      'Export log… (disabled)',
      '---',
      'Backups…',
    ]);
    expect(outline(model, 'Edit')).toEqual(['Undo (disabled)', 'Redo (disabled)']);
    expect(outline(model, 'View')).toEqual([
      'Command palette',
      '---',
      'Go to Encounter',
      'Go to Resolve',
      'Go to Reference',
      'Go to Log',
      'Go to Dice',
      '---',
      'Collapse Encounter',
      'Collapse Resolve',
      'Collapse Reference',
      'Collapse Log',
      'Expand Dice',
      '---',
      'Layouts ▸',
      '  Save layout as…',
      '  Reset layout to default',
      'Theme ▸',
      '  Dark theme ✓',
      '  Light theme',
      'Text size ▸',
      '  Text size 14 px',
      '  Text size 15 px',
      '  Text size 16 px (default) ✓',
      '  Text size 18 px',
      '  Text size 20 px',
      '  Larger text',
      '  Smaller text',
      '---',
      'Open player view',
      'Screen down (players see black)',
    ]);
    expect(outline(model, 'Help')).toEqual([
      'Keyboard shortcuts',
      'Search reference',
      '---',
      'Open the log folder',
      '---',
      'About GM Screen',
    ]);
    // The shortcuts as the palette shows them off a Mac.
    const palette = paletteEntries();
    expect(palette.get('tracker.undo')!.shortcut).toBe('Ctrl+Z');
    expect(palette.get('tracker.redo')!.shortcut).toBe('Ctrl+Shift+Z');
    expect(palette.get('palette.open')!.shortcut).toBe('Ctrl+K');
    expect(palette.get('player-view.screen-toggle')!.shortcut).toBe('Ctrl+Shift+B');
  });

  it('agree on a Mac, the shortcuts written with its symbols', async () => {
    await mountRegistryAndPalette('mac');
    const model = menuModelFromCommands(useCommandsStore().commands);
    expect(expectMenuMatchesPalette(model, 'mac')).toBe(36);
    const palette = paletteEntries();
    expect(palette.get('tracker.undo')!.shortcut).toBe('⌘Z');
    expect(palette.get('tracker.redo')!.shortcut).toBe('⇧⌘Z');
    expect(palette.get('palette.open')!.shortcut).toBe('⌘K');
    expect(palette.get('player-view.screen-toggle')!.shortcut).toBe('⇧⌘B');
  });

  it('still agree after the app changes: an encounter open, a saved layout, the light theme, larger text, a panel collapsed, the screen down', async () => {
    await mountRegistryAndPalette('other');
    const id = await useEncountersStore().create('Warehouse', 'electric-state');
    await useEncounterStore().open(id!);
    await useLayoutStore().saveAs('Fight');
    await usePreferencesStore().setTheme('light');
    await usePreferencesStore().setTextSize(18);
    useLayoutStore().toggleCollapsed('log');
    useCommandsStore()
      .commands.find((command) => command.id === 'player-view.screen-toggle')!
      .run();
    await nextTick();
    const model = menuModelFromCommands(useCommandsStore().commands);
    expect(expectMenuMatchesPalette(model, 'other')).toBe(37);
    expect(outline(model, 'File')).toContain('Export log…');
    expect(outline(model, 'View')).toEqual(
      expect.arrayContaining([
        'Expand Log',
        'Layouts ▸',
        // Collapsing the log changed the layout after it was saved: no longer ticked, and switching back is allowed.
        '  Switch to layout “Fight”',
        '  Dark theme',
        '  Light theme ✓',
        '  Text size 16 px (default)',
        '  Text size 18 px ✓',
        'Screen up (players see the fight again)',
      ]),
    );
    useLayoutStore().toggleCollapsed('log');
    await nextTick();
    const back = menuModelFromCommands(useCommandsStore().commands);
    expectMenuMatchesPalette(back, 'other');
    expect(outline(back, 'View')).toContain('  Switch to layout “Fight” ✓ (disabled)');
  });
});
