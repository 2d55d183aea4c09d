import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';

/**
 * Every command the GM can run: listed by the command palette (Ctrl/Cmd+K), bound to its
 * single-key shortcut when shortcuts are on, and shown in the `?` overlay. Panels register
 * their commands while they are mounted (`useCommand`), so the palette only offers what is on
 * screen.
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

  return { commands, keyConflicts, announcement, register, byKey, run, announce };
});
