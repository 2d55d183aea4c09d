import { describe, expect, it } from 'vitest';
import {
  describeAccelerator,
  formatAccelerator,
  matchesAccelerator,
  parseAccelerator,
  shortcutPlatform,
  type ModifierPress,
} from './accelerator';

const press = (key: string, extra: Partial<ModifierPress> = {}): ModifierPress => ({
  key,
  ctrlKey: false,
  shiftKey: false,
  altKey: false,
  metaKey: false,
  ...extra,
});

describe('shortcutPlatform', () => {
  it.each([
    ['MacIntel', 'mac'],
    ['iPad', 'mac'],
    ['iPhone', 'mac'],
    ['Win32', 'other'],
    ['Linux x86_64', 'other'],
    ['', 'other'],
  ] as const)('reads %j as %s', (navigatorPlatform, platform) => {
    expect(shortcutPlatform(navigatorPlatform)).toBe(platform);
  });
});

describe('matchesAccelerator', () => {
  it('takes CommandOrControl as Ctrl off a Mac and ⌘ on one, never the other', () => {
    expect(matchesAccelerator(press('k', { ctrlKey: true }), 'CommandOrControl+K', 'other')).toBe(true);
    expect(matchesAccelerator(press('k', { metaKey: true }), 'CommandOrControl+K', 'other')).toBe(false);
    expect(matchesAccelerator(press('k', { metaKey: true }), 'CommandOrControl+K', 'mac')).toBe(true);
    // Ctrl+K in a Mac text field deletes to the end of the line: it must not open the palette there.
    expect(matchesAccelerator(press('k', { ctrlKey: true }), 'CommandOrControl+K', 'mac')).toBe(false);
    expect(matchesAccelerator(press('k', { ctrlKey: true }), 'CmdOrCtrl+K', 'other')).toBe(true);
  });

  it.each([
    ['Control', press('y', { ctrlKey: true }), 'Control+Y'],
    ['Ctrl', press('y', { ctrlKey: true }), 'Ctrl+Y'],
    ['Alt', press('y', { altKey: true }), 'Alt+Y'],
    ['Option', press('y', { altKey: true }), 'Option+Y'],
    ['AltGr', press('y', { altKey: true }), 'AltGr+Y'],
    ['Shift', press('Y', { shiftKey: true }), 'Shift+Y'],
    ['Command', press('y', { metaKey: true }), 'Command+Y'],
    ['Cmd', press('y', { metaKey: true }), 'Cmd+Y'],
    ['Super', press('y', { metaKey: true }), 'Super+Y'],
    ['Meta', press('y', { metaKey: true }), 'Meta+Y'],
  ])('matches the modifier %s and only with it held', (_name, held, accelerator) => {
    expect(matchesAccelerator(held, accelerator, 'other')).toBe(true);
    expect(matchesAccelerator(press('y'), accelerator, 'other')).toBe(false);
  });

  it('wants exactly the modifiers named: none more, none fewer', () => {
    const accelerator = 'CommandOrControl+Shift+B';
    expect(matchesAccelerator(press('B', { ctrlKey: true, shiftKey: true }), accelerator, 'other')).toBe(true);
    expect(matchesAccelerator(press('b', { ctrlKey: true }), accelerator, 'other')).toBe(false);
    expect(matchesAccelerator(press('B', { shiftKey: true }), accelerator, 'other')).toBe(false);
    expect(matchesAccelerator(press('B', { ctrlKey: true, shiftKey: true, altKey: true }), accelerator, 'other')).toBe(
      false,
    );
    expect(
      matchesAccelerator(press('B', { ctrlKey: true, shiftKey: true, metaKey: true }), accelerator, 'other'),
    ).toBe(false);
    // Ctrl+Z is undo; Ctrl+Shift+Z is redo, not undo again.
    expect(matchesAccelerator(press('Z', { ctrlKey: true, shiftKey: true }), 'CommandOrControl+Z', 'other')).toBe(
      false,
    );
  });

  it('matches letters in either case, other keys by their event name', () => {
    expect(matchesAccelerator(press('B', { ctrlKey: true, shiftKey: true }), 'Ctrl+Shift+b', 'other')).toBe(true);
    expect(matchesAccelerator(press('+', { ctrlKey: true }), 'Ctrl+Plus', 'other')).toBe(true);
    expect(matchesAccelerator(press('ArrowUp', { altKey: true }), 'Alt+Up', 'other')).toBe(true);
    expect(matchesAccelerator(press('Escape'), 'Esc', 'other')).toBe(true);
    expect(matchesAccelerator(press('Enter', { ctrlKey: true }), 'Ctrl+Return', 'other')).toBe(true);
    expect(matchesAccelerator(press(' ', { ctrlKey: true }), 'Ctrl+Space', 'other')).toBe(true);
    expect(matchesAccelerator(press('F11'), 'F11', 'other')).toBe(true);
    expect(matchesAccelerator(press('/', { ctrlKey: true }), 'Ctrl+/', 'other')).toBe(true);
    expect(matchesAccelerator(press('j', { ctrlKey: true }), 'Ctrl+K', 'other')).toBe(false);
  });

  it('finds the key by its place when the layout types no Latin letter, but a Latin letter wins', () => {
    // Russian layout: the K key types "л".
    expect(matchesAccelerator(press('л', { ctrlKey: true, code: 'KeyK' }), 'CommandOrControl+K', 'other')).toBe(true);
    expect(matchesAccelerator(press('д', { ctrlKey: true, code: 'KeyL' }), 'CommandOrControl+K', 'other')).toBe(
      false,
    );
    expect(matchesAccelerator(press('!', { ctrlKey: true, code: 'Digit1' }), 'Ctrl+1', 'other')).toBe(true);
    // AZERTY: the key where QWERTY has Q types "a"; it is A, not Q.
    expect(matchesAccelerator(press('a', { ctrlKey: true, code: 'KeyQ' }), 'Ctrl+Q', 'other')).toBe(false);
    expect(matchesAccelerator(press('a', { ctrlKey: true, code: 'KeyQ' }), 'Ctrl+A', 'other')).toBe(true);
  });

  it('refuses an accelerator Electron would refuse, naming the part', () => {
    expect(() => parseAccelerator('Hyper+K', 'other')).toThrow('"Hyper" in "Hyper+K" is not a modifier.');
    expect(() => parseAccelerator('Ctrl+', 'other')).toThrow('"Ctrl+" has no key after its modifiers.');
  });
});

describe('formatAccelerator', () => {
  it.each([
    ['CommandOrControl+Shift+B', 'Ctrl+Shift+B', '⇧⌘B'],
    ['CommandOrControl+K', 'Ctrl+K', '⌘K'],
    ['CommandOrControl+Z', 'Ctrl+Z', '⌘Z'],
    ['CommandOrControl+Shift+Z', 'Ctrl+Shift+Z', '⇧⌘Z'],
    ['Control+Alt+Shift+Super+X', 'Ctrl+Alt+Shift+Super+X', '⌃⌥⇧⌘X'],
    ['Alt+Up', 'Alt+↑', '⌥↑'],
    ['CmdOrCtrl+Plus', 'Ctrl+Plus', '⌘+'],
    ['Ctrl+Return', 'Ctrl+Enter', '⌃↩'],
    ['Esc', 'Esc', '⎋'],
    ['Shift+Tab', 'Shift+Tab', '⇧⇥'],
    ['Ctrl+Backspace', 'Ctrl+Backspace', '⌃⌫'],
    ['F11', 'F11', 'F11'],
    ['Ctrl+/', 'Ctrl+/', '⌃/'],
  ])('writes %s as %s off a Mac and %s on one', (accelerator, other, mac) => {
    expect(formatAccelerator(accelerator, 'other')).toBe(other);
    expect(formatAccelerator(accelerator, 'mac')).toBe(mac);
  });
});

describe('describeAccelerator', () => {
  it('says the keys in words for a screen reader', () => {
    expect(describeAccelerator('CommandOrControl+Shift+B', 'mac')).toBe('Shift Command B');
    expect(describeAccelerator('CommandOrControl+Shift+B', 'other')).toBe('Control Shift B');
    expect(describeAccelerator('Alt+Super+F11', 'other')).toBe('Alt Super F11');
    expect(describeAccelerator('Option+Cmd+k', 'mac')).toBe('Option Command K');
  });
});
