import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { MenuSectionName } from '../../../shared/menu/menu-model';

/** Where a command appears in the application menu (the desktop app's menu bar). */
export interface CommandMenuPlacement {
  readonly section: MenuSectionName;
  /** The submenu it is in ("Theme"), one level deep; none: directly in the section. */
  readonly submenu?: string;
  /**
   * Its place in the section (or submenu), smallest first. Items whose orders share a hundred form
   * one block; a separator stands between blocks (10, 20 | 110, 120).
   */
  readonly order: number;
  /** For a choice that is on or off (the theme in use): the menu shows a tick while it is true. */
  readonly checked?: () => boolean;
}

/**
 * Every command the GM can run: listed by the command palette (Ctrl/Cmd+K), bound to its
 * single-key shortcut when shortcuts are on and to its modifier shortcut, shown in the `?`
 * overlay, and placed in the application menu. Panels register their commands while they are
 * mounted (`useCommand`), so the palette and the menu only offer what is on screen.
 */
export interface Command {
  /** Stable id: "tracker.next-turn", "reference.search". */
  readonly id: string;
  /** What the palette shows: "Next turn". */
  readonly label: string;
  /** The panel or area it belongs to, for grouping: "Encounter", "Resolve", "Layout". */
  readonly group: string;
  /**
   * A single printable key (no modifier) that runs it when single-key shortcuts are on and focus
   * is not in a text field, e.g. "n". Never a key the OS or browser uses with a modifier.
   */
  readonly key?: string;
  /**
   * A modifier shortcut in Electron's accelerator syntax ("CommandOrControl+Shift+B"): the menu
   * shows it, the palette and the overlay show it formatted for the platform, and the page's one
   * key handler runs it (renderer/src/shortcuts/).
   */
  readonly shortcut?: string;
  /**
   * More accelerators that run it in the page only, not shown in the menu: Ctrl+Y beside
   * Ctrl+Shift+Z for Redo, as Windows programs have it. One command, two keys.
   */
  readonly extraShortcuts?: readonly string[];
  /**
   * Where the modifier shortcut works besides the plain screen. By default not while typing (a
   * text field keeps its own Ctrl+Z) and not over a dialog (its keys are its own).
   */
  readonly shortcutAlso?: { readonly whileTyping?: boolean; readonly overDialogs?: boolean };
  /** Its place in the application menu; none: the palette only. */
  readonly menu?: CommandMenuPlacement;
  /** More words the palette's filter finds it by ("theme" for "Light theme"). */
  readonly keywords?: string;
  /** Why it cannot run now, or null when it can; the palette shows the reason. */
  readonly disabledReason?: () => string | null;
  run(): unknown;
}

export const useCommandsStore = defineStore('commands', () => {
  const registered = shallowRef<ReadonlyMap<string, Command>>(new Map());
  /** Why the last command run from a key did not run ("Next turn: No encounter is open."), for the status line. */
  const announcement = ref<string | null>(null);
  /**
   * True where the application menu's own key equivalents run its commands (Electron on macOS):
   * the page then leaves those keys alone, so a command never runs twice.
   */
  const menuOwnsAccelerators = ref(false);

  /** Adds (or replaces) a command; returns the function that removes it. */
  function register(command: Command): () => void {
    const next = new Map(registered.value);
    next.set(command.id, command);
    registered.value = next;
    return () => {
      if (registered.value.get(command.id) !== command) return;
      const after = new Map(registered.value);
      after.delete(command.id);
      registered.value = after;
    };
  }

  const commands = computed(() => [...registered.value.values()]);

  /** Commands with a key; when two panels claim the same key, the one registered first keeps it. */
  const keyed = computed(() => {
    const map = new Map<string, Command>();
    for (const command of commands.value) if (command.key && !map.has(command.key)) map.set(command.key, command);
    return map;
  });

  /** Commands whose key another command already has: listed in the `?` overlay so a clash is seen. */
  const keyConflicts = computed(() =>
    commands.value.filter((command) => command.key && keyed.value.get(command.key) !== command),
  );

  function byKey(key: string): Command | undefined {
    return keyed.value.get(key);
  }

  /** Runs a command by id; returns the reason when it cannot run. */
  async function run(id: string): Promise<string | null> {
    const command = registered.value.get(id);
    if (!command) return `There is no command "${id}" on screen now.`;
    const reason = command.disabledReason?.() ?? null;
    if (reason) return reason;
    await command.run();
    return null;
  }

  function announce(message: string | null): void {
    announcement.value = message;
  }

  /**
   * Runs a command from a key or the menu, where nothing else would show why it did not run: the
   * status line says so ("Next turn: No encounter is open."). When it ran, an earlier message is
   * cleared, but not one the command itself said ("Imported 3 templates.").
   */
  async function runAnnounced(id: string): Promise<void> {
    const label = registered.value.get(id)?.label ?? 'That command';
    const before = announcement.value;
    const reason = await run(id);
    if (reason) announce(`${label}: ${reason}`);
    else if (announcement.value === before) announce(null);
  }

  return { commands, keyConflicts, announcement, menuOwnsAccelerators, register, byKey, run, runAnnounced, announce };
});
