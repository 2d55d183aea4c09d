import { describe, expect, it } from 'vitest';
import { shortcutBindings } from './bindings';
import type { Command } from './commands-store';
import { decideShortcut, isOverlayOpen, isTypingTarget, type KeyContext, type KeyPress } from './useShortcuts';

const press = (key: string, extra: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  shiftKey: false,
  metaKey: false,
  altKey: false,
  repeat: false,
  isComposing: false,
  defaultPrevented: false,
  ...extra,
});

const bound: Record<string, string> = {
  n: 'tracker.next-turn',
  '?': 'keyboard.show-shortcuts',
  '+': 'appearance.text-larger',
};
const command = (id: string, extra: Partial<Command>): Command => ({ id, label: id, group: 'Test', run: () => 0, ...extra });
/** The modifier shortcuts as the real commands declare them (usePlayerViewCommands, useAppCommands, useTrackerCommands). */
const withShortcuts: Command[] = [
  command('palette.open', { shortcut: 'CommandOrControl+K', shortcutAlso: { whileTyping: true } }),
  command('player-view.screen-toggle', {
    shortcut: 'CommandOrControl+Shift+B',
    shortcutAlso: { whileTyping: true, overDialogs: true },
    menu: { section: 'View', order: 10 },
  }),
  command('tracker.undo', { shortcut: 'CommandOrControl+Z', shortcutAlso: { overDialogs: true } }),
  command('tracker.redo', {
    shortcut: 'CommandOrControl+Shift+Z',
    extraShortcuts: ['CommandOrControl+Y'],
    shortcutAlso: { overDialogs: true },
    menu: { section: 'Edit', order: 20 },
  }),
  command('test.plain', { shortcut: 'Alt+J' }),
];
const context = (extra: Partial<KeyContext> = {}): KeyContext => ({
  typing: false,
  overlayOpen: false,
  singleKeysOn: true,
  maximised: false,
  commandFor: (key) => bound[key],
  shortcuts: shortcutBindings(withShortcuts, { menuOwnsAccelerators: false }),
  platform: 'other',
  ...extra,
});

describe('decideShortcut', () => {
  it('runs the command bound to a single key', () => {
    expect(decideShortcut(press('n'), context())).toEqual({ kind: 'command', id: 'tracker.next-turn' });
    // Shift is part of the character: "?" is Shift+/ on most keyboards, "+" is Shift+= on some.
    expect(decideShortcut(press('?'), context())).toEqual({ kind: 'command', id: 'keyboard.show-shortcuts' });
  });

  it.each([
    ['typing in a field', press('n'), context({ typing: true })],
    ['a dialog open', press('n'), context({ overlayOpen: true })],
    ['shortcuts turned off', press('n'), context({ singleKeysOn: false })],
    ['Ctrl held', press('n', { ctrlKey: true }), context()],
    ['Alt held', press('n', { altKey: true }), context()],
    ['Cmd held', press('n', { metaKey: true }), context()],
    ['the key held down (auto-repeat)', press('n', { repeat: true }), context()],
    ['an input method composing', press('n', { isComposing: true }), context()],
    ['a panel already handled it', press('n', { defaultPrevented: true }), context()],
    ['a capital N (not n)', press('N'), context()],
    ['a named key', press('Enter'), context()],
    ['a key nobody bound', press('q'), context()],
  ])('does nothing with %s', (_label, keys, where) => {
    expect(decideShortcut(keys, where)).toBeNull();
  });

  it('opens the palette with Ctrl+K (⌘K on a Mac) even from a text field; over a dialog the key is swallowed', () => {
    const palette = { kind: 'command', id: 'palette.open' };
    expect(decideShortcut(press('k', { ctrlKey: true }), context({ typing: true }))).toEqual(palette);
    expect(decideShortcut(press('K', { metaKey: true }), context({ platform: 'mac', singleKeysOn: false }))).toEqual(
      palette,
    );
    // ⌘ is not Ctrl off a Mac, and Ctrl+K on a Mac is a text field's own key.
    expect(decideShortcut(press('k', { metaKey: true }), context())).toBeNull();
    expect(decideShortcut(press('k', { ctrlKey: true }), context({ platform: 'mac', typing: true }))).toBeNull();
    expect(decideShortcut(press('k', { ctrlKey: true }), context({ overlayOpen: true }))).toEqual({ kind: 'swallow' });
    expect(decideShortcut(press('k', { ctrlKey: true, altKey: true }), context())).toBeNull();
  });

  it('undoes with Ctrl+Z and redoes with Ctrl+Shift+Z or Ctrl+Y, over a dialog too, but leaves them to a text field', () => {
    expect(decideShortcut(press('z', { ctrlKey: true }), context())).toEqual({ kind: 'command', id: 'tracker.undo' });
    expect(decideShortcut(press('Z', { ctrlKey: true, shiftKey: true }), context())).toEqual({
      kind: 'command',
      id: 'tracker.redo',
    });
    expect(decideShortcut(press('y', { ctrlKey: true }), context())).toEqual({ kind: 'command', id: 'tracker.redo' });
    expect(decideShortcut(press('z', { ctrlKey: true }), context({ overlayOpen: true }))).toEqual({
      kind: 'command',
      id: 'tracker.undo',
    });
    // Not prevented: the field undoes its own typing.
    expect(decideShortcut(press('z', { ctrlKey: true }), context({ typing: true }))).toBeNull();
    expect(decideShortcut(press('y', { ctrlKey: true }), context({ typing: true }))).toBeNull();
    expect(decideShortcut(press('z', { ctrlKey: true, repeat: true }), context())).toEqual({ kind: 'swallow' });
  });

  it('leaves a menu accelerator to the menu where its key equivalents run it (Electron on macOS), keeping page-only keys', () => {
    const macMenu = context({
      platform: 'mac',
      shortcuts: shortcutBindings(withShortcuts, { menuOwnsAccelerators: true }),
    });
    // In the menu: the menu runs them.
    expect(decideShortcut(press('B', { metaKey: true, shiftKey: true }), macMenu)).toBeNull();
    expect(decideShortcut(press('Z', { metaKey: true, shiftKey: true }), macMenu)).toBeNull();
    // Not in the menu, or a page-only extra key: still the page's.
    expect(decideShortcut(press('k', { metaKey: true }), macMenu)).toEqual({ kind: 'command', id: 'palette.open' });
    expect(decideShortcut(press('z', { metaKey: true }), macMenu)).toEqual({ kind: 'command', id: 'tracker.undo' });
    expect(decideShortcut(press('y', { metaKey: true }), macMenu)).toEqual({ kind: 'command', id: 'tracker.redo' });
  });

  it('keeps a shortcut that says nothing of typing or dialogs to the plain screen', () => {
    expect(decideShortcut(press('j', { altKey: true }), context())).toEqual({ kind: 'command', id: 'test.plain' });
    expect(decideShortcut(press('j', { altKey: true }), context({ typing: true }))).toBeNull();
    expect(decideShortcut(press('j', { altKey: true }), context({ overlayOpen: true }))).toEqual({ kind: 'swallow' });
  });

  it("puts the players' screen down with Ctrl+Shift+B or Cmd+Shift+B from anywhere: typing, in a list, over a dialog, single keys off", () => {
    const toggle = { kind: 'command', id: 'player-view.screen-toggle' };
    // With Shift held the key arrives as a capital B.
    expect(decideShortcut(press('B', { ctrlKey: true, shiftKey: true }), context())).toEqual(toggle);
    expect(decideShortcut(press('B', { metaKey: true, shiftKey: true }), context({ platform: 'mac' }))).toEqual(toggle);
    expect(decideShortcut(press('b', { ctrlKey: true, shiftKey: true }), context())).toEqual(toggle);
    expect(decideShortcut(press('B', { ctrlKey: true, shiftKey: true }), context({ typing: true }))).toEqual(toggle);
    expect(
      decideShortcut(press('B', { ctrlKey: true, shiftKey: true }), context({ typing: true, inList: true })),
    ).toEqual(toggle);
    expect(decideShortcut(press('B', { ctrlKey: true, shiftKey: true }), context({ overlayOpen: true }))).toEqual(
      toggle,
    );
    expect(decideShortcut(press('B', { ctrlKey: true, shiftKey: true }), context({ singleKeysOn: false }))).toEqual(
      toggle,
    );
  });

  it.each([
    ['Ctrl+B (no Shift)', press('b', { ctrlKey: true })],
    ['Shift+B (no Ctrl)', press('B', { shiftKey: true })],
    ['Ctrl+Alt+Shift+B', press('B', { ctrlKey: true, shiftKey: true, altKey: true })],
    ['Ctrl+Shift+B an input method is composing', press('B', { ctrlKey: true, shiftKey: true, isComposing: true })],
  ])("does not toggle the players' screen with %s", (_label, keys) => {
    expect(decideShortcut(keys, context())).toBeNull();
  });

  it("swallows Ctrl+Shift+B held down: it would flicker the players' screen (and the browser's bookmarks bar)", () => {
    expect(decideShortcut(press('B', { ctrlKey: true, shiftKey: true, repeat: true }), context())).toEqual({
      kind: 'swallow',
    });
  });

  it('restores a maximised panel with Esc, unless a dialog or menu takes the Esc', () => {
    expect(decideShortcut(press('Escape'), context({ maximised: true }))).toEqual({ kind: 'restore' });
    expect(decideShortcut(press('Escape'), context({ maximised: true, typing: true }))).toEqual({ kind: 'restore' });
    expect(decideShortcut(press('Escape'), context({ maximised: true, overlayOpen: true }))).toBeNull();
    expect(decideShortcut(press('Escape'), context())).toBeNull();
  });

  it('in a focused list, leaves a bound key to the list but says so, and leaves the list on Esc', () => {
    const inList = context({ typing: true, inList: true });
    expect(decideShortcut(press('n'), inList)).toEqual({ kind: 'list-key', id: 'tracker.next-turn' });
    // An unbound letter is just the list's type-ahead: nothing to say.
    expect(decideShortcut(press('q'), inList)).toBeNull();
    expect(decideShortcut(press('n'), { ...inList, singleKeysOn: false })).toBeNull();
    expect(decideShortcut(press('n', { repeat: true }), inList)).toBeNull();
    expect(decideShortcut(press('Escape'), inList)).toEqual({ kind: 'leave-list' });
    // A maximised panel is restored first, as from anywhere.
    expect(decideShortcut(press('Escape'), { ...inList, maximised: true })).toEqual({ kind: 'restore' });
    expect(decideShortcut(press('Escape'), { ...inList, overlayOpen: true })).toBeNull();
    // A text field keeps its letters silently: typing "n" in a name is not a shortcut attempt.
    expect(decideShortcut(press('n'), context({ typing: true, inList: false }))).toBeNull();
    expect(decideShortcut(press('Escape'), context({ typing: true }))).toBeNull();
  });
});

describe('isTypingTarget', () => {
  it('counts text fields, selects, text areas and editable content, not buttons or checkboxes', () => {
    const make = (html: string) => {
      document.body.innerHTML = html;
      return document.body.firstElementChild;
    };
    expect(isTypingTarget(make('<input type="text">'))).toBe(true);
    expect(isTypingTarget(make('<input>'))).toBe(true);
    expect(isTypingTarget(make('<input type="number">'))).toBe(true);
    expect(isTypingTarget(make('<textarea></textarea>'))).toBe(true);
    expect(isTypingTarget(make('<select></select>'))).toBe(true);
    const editable = make('<div contenteditable="true"></div>') as HTMLElement;
    // happy-dom does not compute isContentEditable from the attribute; the browser does.
    Object.defineProperty(editable, 'isContentEditable', { value: true });
    expect(isTypingTarget(editable)).toBe(true);
    expect(isTypingTarget(make('<input type="checkbox">'))).toBe(false);
    expect(isTypingTarget(make('<button>x</button>'))).toBe(false);
    expect(isTypingTarget(document.body)).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});

describe('isOverlayOpen', () => {
  it('sees an open dialog', () => {
    document.body.innerHTML = '<dialog></dialog>';
    expect(isOverlayOpen(document)).toBe(false);
    document.querySelector('dialog')!.setAttribute('open', '');
    expect(isOverlayOpen(document)).toBe(true);
  });
});
