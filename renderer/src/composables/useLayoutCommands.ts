import type { Command } from '../stores/commands';
import { isCollapsed, PANEL_IDS, PANEL_TITLES } from '../stores/layout-model';
import { useLayoutStore } from '../stores/layout';
import { usePreferencesStore } from '../stores/preferences';
import { useCommandList, useCommands } from './useCommand';

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

/** Layout commands that exist whatever was saved: per panel collapse, maximise, move and focus; reset; save. */
export function layoutCommands(layout: ReturnType<typeof useLayoutStore>, hooks: ShellHooks): Command[] {
  const perPanel = PANEL_IDS.flatMap((panel): Command[] => {
    const title = PANEL_TITLES[panel];
    return [
      {
        id: `layout.focus.${panel}`,
        label: `Go to ${title}`,
        group: 'Layout',
        keywords: 'focus panel jump',
        run: () => hooks.focusPanel(panel),
      },
      {
        id: `layout.collapse.${panel}`,
        get label() {
          return `${isCollapsed(layout.current, panel) ? 'Expand' : 'Collapse'} ${title}`;
        },
        group: 'Layout',
        keywords: 'collapse expand fold hide show panel',
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
      run: () => hooks.openSettings('layouts'),
    },
    {
      id: 'layout.reset',
      label: 'Reset layout to default',
      group: 'Layout',
      keywords: 'default restore original',
      run: () => layout.resetToDefault(hooks.layoutWidth()),
    },
  ];
}

export function preferenceCommands(preferences: ReturnType<typeof usePreferencesStore>, hooks: ShellHooks): Command[] {
  return [
    {
      id: 'appearance.theme',
      get label() {
        return preferences.theme === 'dark' ? 'Light theme' : 'Dark theme';
      },
      group: 'Appearance',
      keywords: 'theme colours colors daylight night dark light',
      run: () => preferences.toggleTheme(),
    },
    {
      id: 'appearance.text-larger',
      label: 'Larger text',
      group: 'Appearance',
      key: '+',
      keywords: 'font size zoom bigger increase',
      disabledReason: () => (preferences.canGrow ? null : 'The text is already at its largest.'),
      run: () => preferences.stepTextSize(1),
    },
    {
      id: 'appearance.text-smaller',
      label: 'Smaller text',
      group: 'Appearance',
      key: '-',
      keywords: 'font size zoom decrease',
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
      disabledReason: () =>
        layout.activeName === name && !layout.modified ? 'This layout is already on screen.' : null,
      run: () => layout.switchTo(name),
    })),
  );
}
