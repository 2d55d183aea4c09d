import { onBeforeUnmount, onMounted, watch } from 'vue';
import { useCommandsStore, type Command } from './commands-store';

/** Registers commands for as long as the calling component is mounted. */
export function useCommands(commands: readonly Command[]): void {
  const store = useCommandsStore();
  let removers: (() => void)[] = [];
  onMounted(() => {
    removers = commands.map((command) => store.register(command));
  });
  onBeforeUnmount(() => {
    for (const remove of removers) remove();
    removers = [];
  });
}

/**
 * Registers a list of commands that changes with the app's state (one "Switch to layout…" per
 * saved layout): the registered set follows `source` while the calling component is mounted.
 */
export function useCommandList(source: () => readonly Command[]): void {
  const store = useCommandsStore();
  let removers: (() => void)[] = [];
  const unregister = () => {
    for (const remove of removers) remove();
    removers = [];
  };
  let stop: (() => void) | undefined;
  onMounted(() => {
    stop = watch(
      source,
      (commands) => {
        unregister();
        removers = commands.map((command) => store.register(command));
      },
      { immediate: true },
    );
  });
  onBeforeUnmount(() => {
    stop?.();
    unregister();
  });
}

/** Groups in the order the palette lists them; groups not named here follow in the order they appear. */
const GROUP_ORDER = ['Encounter', 'Resolve', 'Reference', 'Log', 'Dice', 'Layout', 'Appearance', 'Settings'];

function groupRank(group: string, firstSeen: Map<string, number>): number {
  const index = GROUP_ORDER.indexOf(group);
  return index >= 0 ? index : GROUP_ORDER.length + (firstSeen.get(group) ?? 0);
}

/** Every command, grouped (Encounter first), keeping each group's registration order. */
export function orderCommands(commands: readonly Command[]): Command[] {
  const firstSeen = new Map<string, number>();
  for (const command of commands) if (!firstSeen.has(command.group)) firstSeen.set(command.group, firstSeen.size);
  return commands
    .map((command, index) => ({ command, index }))
    .sort((a, b) => groupRank(a.command.group, firstSeen) - groupRank(b.command.group, firstSeen) || a.index - b.index)
    .map(({ command }) => command);
}
