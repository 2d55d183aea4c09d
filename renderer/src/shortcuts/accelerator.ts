/**
 * Modifier shortcuts written in Electron's accelerator syntax ("CommandOrControl+Shift+B"), the
 * one spelling the commands carry: the application menu shows it as is, and the page matches key
 * presses against it and shows it in the palette, so a shortcut is written once.
 */

/** Which keyboard conventions apply: ⌘ on a Mac, Ctrl elsewhere. */
export type ShortcutPlatform = 'mac' | 'other';

/** The parts of a keydown a modifier shortcut is matched on. */
export interface ModifierPress {
  readonly key: string;
  /** The physical key ("KeyK"); used only when the layout gives no Latin letter (Cyrillic, Greek…). */
  readonly code?: string;
  readonly ctrlKey: boolean;
  readonly shiftKey: boolean;
  readonly altKey: boolean;
  readonly metaKey: boolean;
}

/** Mac, iPhone or iPad by the browser's platform string (Electron reports "MacIntel" there too). */
export function shortcutPlatform(navigatorPlatform: string): ShortcutPlatform {
  return /Mac|iPhone|iPad/.test(navigatorPlatform) ? 'mac' : 'other';
}

/** The platform of the page this runs in. */
export function currentShortcutPlatform(): ShortcutPlatform {
  return typeof navigator === 'undefined' ? 'other' : shortcutPlatform(navigator.platform);
}

interface Modifiers {
  ctrl: boolean;
  alt: boolean;
  shift: boolean;
  meta: boolean;
}

interface ParsedAccelerator {
  readonly modifiers: Modifiers;
  /** The key as Electron names it: "B", "Plus", "F11", "/". */
  readonly key: string;
}

/** Which modifier each of Electron's names stands for; CommandOrControl depends on the platform. */
function modifierOf(name: string, platform: ShortcutPlatform): keyof Modifiers | null {
  switch (name) {
    case 'CommandOrControl':
    case 'CmdOrCtrl':
      return platform === 'mac' ? 'meta' : 'ctrl';
    case 'Command':
    case 'Cmd':
    case 'Super':
    case 'Meta':
      return 'meta';
    case 'Control':
    case 'Ctrl':
      return 'ctrl';
    case 'Alt':
    case 'Option':
    case 'AltGr':
      return 'alt';
    case 'Shift':
      return 'shift';
    default:
      return null;
  }
}

/** Splits an accelerator into its modifiers and key; throws on a name Electron would refuse. */
export function parseAccelerator(accelerator: string, platform: ShortcutPlatform): ParsedAccelerator {
  const parts = accelerator.split('+');
  const key = parts.pop() ?? '';
  if (key === '') throw new Error(`"${accelerator}" has no key after its modifiers.`);
  const modifiers: Modifiers = { ctrl: false, alt: false, shift: false, meta: false };
  for (const part of parts) {
    const modifier = modifierOf(part, platform);
    if (!modifier) throw new Error(`"${part}" in "${accelerator}" is not a modifier.`);
    modifiers[modifier] = true;
  }
  return { modifiers, key };
}

/** Electron's key names whose KeyboardEvent.key differs. */
const EVENT_KEY_OF: Readonly<Record<string, string>> = {
  Plus: '+',
  Space: ' ',
  Return: 'Enter',
  Esc: 'Escape',
  Up: 'ArrowUp',
  Down: 'ArrowDown',
  Left: 'ArrowLeft',
  Right: 'ArrowRight',
};

const isLetterOrDigit = (key: string) => /^[A-Za-z0-9]$/.test(key);

function keyMatches(press: ModifierPress, key: string): boolean {
  if (isLetterOrDigit(key)) {
    // Shift turns "b" into "B": letters match in either case.
    if (press.key.toLowerCase() === key.toLowerCase()) return true;
    // A non-Latin layout types "л" where the K key is: the physical key still counts, as the
    // menu's would. A Latin layout's letter wins (AZERTY's A is where QWERTY has Q).
    const latin = /^[A-Za-z0-9]$/.test(press.key);
    const code = /^[A-Za-z]$/.test(key) ? `Key${key.toUpperCase()}` : `Digit${key}`;
    return !latin && press.code === code;
  }
  return press.key === (EVENT_KEY_OF[key] ?? key);
}

/**
 * True when the key press is exactly this accelerator: the same key, and the same modifiers, no
 * more (Ctrl+Alt+Shift+B is not Ctrl+Shift+B) and no fewer. CommandOrControl is ⌘ on a Mac and
 * Ctrl elsewhere, only: Ctrl+K on a Mac is a text field's "delete to the end of the line".
 */
export function matchesAccelerator(press: ModifierPress, accelerator: string, platform: ShortcutPlatform): boolean {
  const { modifiers, key } = parseAccelerator(accelerator, platform);
  return (
    press.ctrlKey === modifiers.ctrl &&
    press.altKey === modifiers.alt &&
    press.shiftKey === modifiers.shift &&
    press.metaKey === modifiers.meta &&
    keyMatches(press, key)
  );
}

/** How each key is written on a Mac (Apple's symbols) and elsewhere. */
const MAC_KEY: Readonly<Record<string, string>> = {
  Plus: '+',
  Return: '↩',
  Enter: '↩',
  Escape: '⎋',
  Esc: '⎋',
  Backspace: '⌫',
  Delete: '⌦',
  Tab: '⇥',
  Up: '↑',
  Down: '↓',
  Left: '←',
  Right: '→',
};
const OTHER_KEY: Readonly<Record<string, string>> = {
  Return: 'Enter',
  Escape: 'Esc',
  Up: '↑',
  Down: '↓',
  Left: '←',
  Right: '→',
};

const keyLabel = (key: string, names: Readonly<Record<string, string>>) =>
  names[key] ?? (key.length === 1 ? key.toUpperCase() : key);

/**
 * The shortcut as the GM's keyboard labels it: "Ctrl+Shift+B" on Windows and Linux, "⇧⌘B" on a
 * Mac (symbols in Apple's order: ⌃ ⌥ ⇧ ⌘, no separators).
 */
export function formatAccelerator(accelerator: string, platform: ShortcutPlatform): string {
  const { modifiers, key } = parseAccelerator(accelerator, platform);
  if (platform === 'mac') {
    const symbols = [
      modifiers.ctrl ? '⌃' : '',
      modifiers.alt ? '⌥' : '',
      modifiers.shift ? '⇧' : '',
      modifiers.meta ? '⌘' : '',
    ].join('');
    return `${symbols}${keyLabel(key, MAC_KEY)}`;
  }
  const names = [
    modifiers.ctrl ? 'Ctrl' : null,
    modifiers.alt ? 'Alt' : null,
    modifiers.shift ? 'Shift' : null,
    modifiers.meta ? 'Super' : null,
  ].filter((name): name is string => name !== null);
  return [...names, keyLabel(key, OTHER_KEY)].join('+');
}

/** The shortcut in words, for screen readers, which read "⇧⌘B" as nothing useful: "Shift Command B". */
export function describeAccelerator(accelerator: string, platform: ShortcutPlatform): string {
  const { modifiers, key } = parseAccelerator(accelerator, platform);
  const mac = platform === 'mac';
  const names = [
    modifiers.ctrl ? 'Control' : null,
    modifiers.alt ? (mac ? 'Option' : 'Alt') : null,
    modifiers.shift ? 'Shift' : null,
    modifiers.meta ? (mac ? 'Command' : 'Super') : null,
  ].filter((name): name is string => name !== null);
  return [...names, key.length === 1 ? key.toUpperCase() : key].join(' ');
}
