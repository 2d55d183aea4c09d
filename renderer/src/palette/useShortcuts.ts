import { computed, onBeforeUnmount, onMounted } from 'vue';
import { currentShortcutPlatform, type ModifierPress, type ShortcutPlatform } from '../shortcuts/accelerator';
import { findBinding, shortcutBindings, type ShortcutBinding } from './bindings';
import { useCommandsStore } from './commands-store';
import { useLayoutStore } from '../layout/layout-store';
import { usePreferencesStore } from '../settings/preferences-store';

/** The parts of a keydown that decide what it does. */
export interface KeyPress extends ModifierPress {
  readonly repeat: boolean;
  readonly isComposing: boolean;
  readonly defaultPrevented: boolean;
}

/** Where the key press happened. */
export interface KeyContext {
  /** Focus is in a text field, a select or editable content: keys are typing there. */
  readonly typing: boolean;
  /** Focus is on a dropdown list (a select): letters pick an option there, Esc leaves it. */
  readonly inList?: boolean;
  /** A dialog (or popup menu) is open: its keys are its own. */
  readonly overlayOpen: boolean;
  readonly singleKeysOn: boolean;
  readonly maximised: boolean;
  /** The command bound to a single key, if any. */
  readonly commandFor: (key: string) => string | undefined;
  /** The commands' modifier shortcuts the page answers (shortcutBindings). */
  readonly shortcuts: readonly ShortcutBinding[];
  readonly platform: ShortcutPlatform;
}

export type ShortcutAction =
  | { readonly kind: 'restore' }
  /** A command's modifier shortcut where it does not work now: kept from the browser and the menu, and nothing runs. */
  | { readonly kind: 'swallow' }
  | { readonly kind: 'command'; readonly id: string }
  /** A shortcut key pressed in a list: the list keeps it (type-ahead), and the GM is told how to reach the command. */
  | { readonly kind: 'list-key'; readonly id: string }
  /** Esc in a list: focus leaves it, so the single keys work again. */
  | { readonly kind: 'leave-list' }
  | null;

/** The command Ctrl/Cmd+Shift+B runs: the players' screen goes down (or up) from anywhere. */
export const SCREEN_TOGGLE_COMMAND = 'player-view.screen-toggle';

/**
 * A key with Ctrl, Alt or ⌘ held runs the command whose shortcut it is (the commands' `shortcut`
 * fields, one matcher), but not while typing unless the command says so (a text field keeps its
 * own Ctrl+Z: left alone, not prevented), and not over a dialog or held down (auto-repeat) unless
 * it says so: then the key is swallowed, so neither the browser (Ctrl+Shift+B is its bookmarks
 * bar) nor the application menu acts on it instead.
 */
function decideModifierShortcut(press: KeyPress, context: KeyContext): ShortcutAction {
  const binding = findBinding(press, context.shortcuts, context.platform);
  if (!binding) return null;
  if (context.typing && !binding.whileTyping) return null;
  if (context.overlayOpen && !binding.overDialogs) return { kind: 'swallow' };
  // Held down, Ctrl+Shift+B would flicker the players' screen and Ctrl+Z undo a dozen events.
  if (press.repeat) return { kind: 'swallow' };
  return { kind: 'command', id: binding.id };
}

/**
 * What a key press does. A modifier shortcut runs its command (decideModifierShortcut):
 * Ctrl/Cmd+Shift+B puts the players' screen down or up from anywhere, while typing and over a
 * dialog too (the GM about to reveal something by mistake has no time to close things first);
 * Ctrl/Cmd+K opens the palette wherever focus is (no dialog open). Esc restores a maximised panel,
 * else leaves a focused list; a single key runs its command only with no Ctrl, Alt or Cmd held
 * (Shift is part of the character: "?" is Shift+/ and "N" is not "n"), not while typing, not in a
 * dialog, not held down, and only when the GM has single-key shortcuts on. In a list the key
 * picks an option, as lists do, and the GM is told so rather than left wondering why `n` did not
 * end the turn.
 */
export function decideShortcut(press: KeyPress, context: KeyContext): ShortcutAction {
  if (press.defaultPrevented || press.isComposing) return null;
  if (press.ctrlKey || press.metaKey || press.altKey) return decideModifierShortcut(press, context);
  if (context.overlayOpen) return null;
  if (press.key === 'Escape') {
    if (context.maximised) return { kind: 'restore' };
    return context.inList ? { kind: 'leave-list' } : null;
  }
  if (!context.singleKeysOn || press.repeat || [...press.key].length !== 1) return null;
  if (context.typing && !context.inList) return null;
  const id = context.commandFor(press.key);
  if (!id) return null;
  return context.inList ? { kind: 'list-key', id } : { kind: 'command', id };
}

/** True when keys typed now belong to a field. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) {
    // Buttons, checkboxes and radios do not take text: a shortcut still works from them.
    return !['button', 'submit', 'reset', 'checkbox', 'radio', 'range', 'color', 'file', 'image'].includes(target.type);
  }
  return false;
}

/** An open <dialog> or popover owns the keyboard. */
export function isOverlayOpen(doc: Document): boolean {
  if (doc.querySelector('dialog[open]')) return true;
  try {
    return doc.querySelector(':popover-open') !== null;
  } catch {
    // Engines without popovers have none open.
    return false;
  }
}

/**
 * The one global keyboard handler for shortcuts: the commands' modifier shortcuts (the palette,
 * undo and redo, the players' screen), single keys for commands, Esc to restore a maximised panel.
 */
export function useShortcuts(): void {
  const commands = useCommandsStore();
  const layout = useLayoutStore();
  const preferences = usePreferencesStore();
  const platform = currentShortcutPlatform();
  const shortcuts = computed(() =>
    shortcutBindings(commands.commands, { menuOwnsAccelerators: commands.menuOwnsAccelerators }),
  );

  /** Leaves a list for its panel's heading (Tab then carries on from the top of that panel). */
  function leaveList(list: HTMLElement): void {
    const heading = list.closest('section')?.querySelector<HTMLElement>('h2[tabindex="-1"]');
    if (heading) heading.focus();
    else list.blur();
  }

  function onKeydown(event: KeyboardEvent): void {
    const action = decideShortcut(event, {
      typing: isTypingTarget(event.target),
      inList: event.target instanceof HTMLSelectElement,
      overlayOpen: isOverlayOpen(document),
      singleKeysOn: preferences.singleKeyShortcuts,
      maximised: layout.maximised !== null,
      commandFor: (key) => commands.byKey(key)?.id,
      shortcuts: shortcuts.value,
      platform,
    });
    if (!action) return;
    if (action.kind === 'list-key') {
      // The list keeps the key (it picks an option); the status line says how to use the shortcut.
      const command = commands.commands.find((c) => c.id === action.id);
      commands.announce(
        `"${event.key}" picks from this list. Press Esc to leave the list, then "${event.key}": ${command?.label ?? 'its command'}.`,
      );
      return;
    }
    event.preventDefault();
    if (action.kind === 'leave-list') leaveList(event.target as HTMLElement);
    else if (action.kind === 'restore') layout.restore();
    // A key that cannot do its job now says why in the status line instead of doing nothing.
    else if (action.kind === 'command') void commands.runAnnounced(action.id);
  }

  onMounted(() => window.addEventListener('keydown', onKeydown));
  onBeforeUnmount(() => window.removeEventListener('keydown', onKeydown));
}
