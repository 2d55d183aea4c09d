import type { Command } from '../palette/commands-store';
import { isCollapsed, PANEL_IDS, PANEL_TITLES } from '../layout';
import { useLayoutStore } from '../layout/layout-store';
import { DEFAULT_TEXT_SIZE, TEXT_SIZES, usePreferencesStore } from '../settings/preferences-store';
import { useCommandList, useCommands } from '../palette';

export interface ShellHooks {
  /** Opens the ⚙ settings; `section` moves focus to that part of it. */
  openSettings(section?: 'layouts'): void;
  /** Opens the `?` overlay of shortcuts. */
  openShortcuts(): void;
  /** Moves keyboard focus into a panel. */
  focusPanel(panel: (typeof PANEL_IDS)[number]): void;
  /** The width the default layout is chosen for (the screen's, scaled for the text size). */
  layoutWidth(): number;
}

/**
 * Layout commands that exist whatever was saved: per panel collapse, maximise, move and focus; reset; save.
 * The View menu has each panel's "Go to" and "Collapse" (two blocks, in panel order) and a Layouts submenu.
 */
export function layoutCommands(layout: ReturnType<typeof useLayoutStore>, hooks: ShellHooks): Command[] {
  const perPanel = PANEL_IDS.flatMap((panel, index): Command[] => {
    const title = PANEL_TITLES[panel];
    return [
      {
        id: `layout.focus.${panel}`,
        label: `Go to ${title}`,
        group: 'Layout',
        keywords: 'focus panel jump',
        menu: { section: 'View', order: 110 + index },
        run: () => hooks.focusPanel(panel),
      },
      {
        id: `layout.collapse.${panel}`,
        get label() {
          return `${isCollapsed(layout.current, panel) ? 'Expand' : 'Collapse'} ${title}`;
        },
        group: 'Layout',
        keywords: 'collapse expand fold hide show panel',
        menu: { section: 'View', order: 210 + index },
        run: () => layout.toggleCollapsed(panel),
      },
      {
        id: `layout.maximise.${panel}`,
        get label() {
          return layout.maximised === panel ? `Restore ${title} to its place` : `Maximise ${title}`;
        },
        group: 'Layout',
        keywords: 'maximize full screen zoom restore panel',
        run: () => layout.toggleMaximised(panel),
      },
      {
        id: `layout.move.${panel}`,
        label: `Move ${title} to…`,
        group: 'Layout',
        keywords: 'swap place position panel',
        disabledReason: () => (layout.maximised ? 'Restore the maximised panel first.' : null),
        run: () => layout.requestMove(panel),
      },
    ];
  });
  return [
    ...perPanel,
    {
      id: 'layout.restore',
      label: 'Restore the maximised panel',
      group: 'Layout',
      keywords: 'unmaximise escape',
      disabledReason: () => (layout.maximised ? null : 'No panel is maximised.'),
      run: () => layout.restore(),
    },
    {
      id: 'layout.save-as',
      label: 'Save layout as…',
      group: 'Layout',
      keywords: 'name store keep',
      menu: { section: 'View', submenu: 'Layouts', order: 318 },
      run: () => hooks.openSettings('layouts'),
    },
    {
      id: 'layout.reset',
      label: 'Reset layout to default',
      group: 'Layout',
      keywords: 'default restore original',
      menu: { section: 'View', submenu: 'Layouts', order: 319 },
      run: () => layout.resetToDefault(hooks.layoutWidth()),
    },
  ];
}

/** One command per text size, for the View menu's "Text size" submenu (the size in use ticked) and the palette. */
function textSizeCommands(preferences: ReturnType<typeof usePreferencesStore>): Command[] {
  return TEXT_SIZES.map((size, index) => ({
    id: `appearance.text-size.${size}`,
    label: `Text size ${size} px${size === DEFAULT_TEXT_SIZE ? ' (default)' : ''}`,
    group: 'Appearance',
    keywords: 'font zoom bigger smaller',
    menu: { section: 'View', submenu: 'Text size', order: 330 + index, checked: () => preferences.textSize === size },
    run: () => preferences.setTextSize(size),
  }));
}

export function preferenceCommands(preferences: ReturnType<typeof usePreferencesStore>, hooks: ShellHooks): Command[] {
  return [
    // One command per theme, so the View menu's "Theme" submenu can tick the one in use.
    {
      id: 'appearance.theme.dark',
      label: 'Dark theme',
      group: 'Appearance',
      keywords: 'theme colours colors night',
      menu: { section: 'View', submenu: 'Theme', order: 320, checked: () => preferences.theme === 'dark' },
      run: () => preferences.setTheme('dark'),
    },
    {
      id: 'appearance.theme.light',
      label: 'Light theme',
      group: 'Appearance',
      keywords: 'theme colours colors daylight',
      menu: { section: 'View', submenu: 'Theme', order: 321, checked: () => preferences.theme === 'light' },
      run: () => preferences.setTheme('light'),
    },
    ...textSizeCommands(preferences),
    {
      id: 'appearance.text-larger',
      label: 'Larger text',
      group: 'Appearance',
      key: '+',
      keywords: 'font size zoom bigger increase',
      menu: { section: 'View', submenu: 'Text size', order: 338 },
      disabledReason: () => (preferences.canGrow ? null : 'The text is already at its largest.'),
      run: () => preferences.stepTextSize(1),
    },
    {
      id: 'appearance.text-smaller',
      label: 'Smaller text',
      group: 'Appearance',
      key: '-',
      keywords: 'font size zoom decrease',
      menu: { section: 'View', submenu: 'Text size', order: 339 },
      disabledReason: () => (preferences.canShrink ? null : 'The text is already at its smallest.'),
      run: () => preferences.stepTextSize(-1),
    },
    {
      id: 'keyboard.single-keys',
      get label() {
        return preferences.singleKeyShortcuts ? 'Turn single-key shortcuts off' : 'Turn single-key shortcuts on';
      },
      group: 'Settings',
      keywords: 'shortcuts hotkeys keys',
      run: () => preferences.setSingleKeyShortcuts(!preferences.singleKeyShortcuts),
    },
    {
      id: 'keyboard.show-shortcuts',
      label: 'Keyboard shortcuts',
      group: 'Settings',
      key: '?',
      keywords: 'help keys hotkeys list',
      menu: { section: 'Help', order: 10 },
      run: () => hooks.openShortcuts(),
    },
    {
      id: 'settings.open',
      label: 'Settings…',
      group: 'Settings',
      keywords: 'preferences options layouts theme',
      run: () => hooks.openSettings(),
    },
  ];
}

/** Registers the shell's own commands: layout, appearance and keyboard. */
export function useLayoutCommands(hooks: ShellHooks): void {
  const layout = useLayoutStore();
  const preferences = usePreferencesStore();
  useCommands([...layoutCommands(layout, hooks), ...preferenceCommands(preferences, hooks)]);
  // One command per saved layout, following the list as layouts are saved and deleted.
  useCommandList(() =>
    layout.saved.map(({ name }): Command => ({
      id: `layout.switch.${name}`,
      label: `Switch to layout “${name}”`,
      group: 'Layout',
      keywords: 'saved named layout use',
      // Ticked in the View menu's Layouts submenu while it is on screen unchanged.
      menu: {
        section: 'View',
        submenu: 'Layouts',
        order: 310,
        checked: () => layout.activeName === name && !layout.modified,
      },
      disabledReason: () =>
        layout.activeName === name && !layout.modified ? 'This layout is already on screen.' : null,
      run: () => layout.switchTo(name),
    })),
  );
}
