import { defineStore } from 'pinia';
import { computed, ref, watchEffect } from 'vue';
import { getDatabase } from '../db/database';

export const PREFERENCES_SETTING_KEY = 'preferences';

export const THEMES = ['dark', 'light'] as const;
export type Theme = (typeof THEMES)[number];

/** Text sizes the GM can pick, in CSS pixels; every rem in the app scales with it. */
export const TEXT_SIZES = [14, 15, 16, 18, 20] as const;
export type TextSize = (typeof TEXT_SIZES)[number];
export const DEFAULT_TEXT_SIZE: TextSize = 16;

export interface Preferences {
  readonly theme: Theme;
  readonly textSize: TextSize;
  /** Single keys ("n" for next turn) run commands when focus is not in a text field. */
  readonly singleKeyShortcuts: boolean;
}

export const DEFAULT_PREFERENCES: Preferences = {
  theme: 'dark',
  textSize: DEFAULT_TEXT_SIZE,
  singleKeyShortcuts: true,
};

const isTheme = (value: unknown): value is Theme =>
  typeof value === 'string' && (THEMES as readonly string[]).includes(value);
const isTextSize = (value: unknown): value is TextSize =>
  typeof value === 'number' && (TEXT_SIZES as readonly number[]).includes(value);

/**
 * Reads stored preferences field by field: a field that is missing or unreadable takes its
 * default (and is named in `problems`) without losing the others.
 */
export function readPreferences(value: unknown): { preferences: Preferences; problems: string[] } {
  if (value === undefined) return { preferences: DEFAULT_PREFERENCES, problems: [] };
  if (typeof value !== 'object' || value === null)
    return { preferences: DEFAULT_PREFERENCES, problems: ['the stored preferences'] };
  const stored = value as Partial<Record<keyof Preferences, unknown>>;
  const problems: string[] = [];
  const pick = <T>(field: keyof Preferences, ok: (v: unknown) => v is T, fallback: T, label: string): T => {
    const raw = stored[field];
    if (raw === undefined) return fallback;
    if (ok(raw)) return raw;
    problems.push(label);
    return fallback;
  };
  const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
  return {
    preferences: {
      theme: pick('theme', isTheme, DEFAULT_PREFERENCES.theme, 'the theme'),
      textSize: pick('textSize', isTextSize, DEFAULT_PREFERENCES.textSize, 'the text size'),
      singleKeyShortcuts: pick(
        'singleKeyShortcuts',
        isBoolean,
        DEFAULT_PREFERENCES.singleKeyShortcuts,
        'the shortcut setting',
      ),
    },
    problems,
  };
}

/** Theme, text size and single-key shortcuts: kept in the settings table and applied to <html>. */
export const usePreferencesStore = defineStore('preferences', () => {
  const theme = ref<Theme>(DEFAULT_PREFERENCES.theme);
  const textSize = ref<TextSize>(DEFAULT_PREFERENCES.textSize);
  const singleKeyShortcuts = ref(DEFAULT_PREFERENCES.singleKeyShortcuts);
  const error = ref<string | null>(null);
  const notice = ref<string | null>(null);

  const textSizeIndex = computed(() => TEXT_SIZES.indexOf(textSize.value));
  const canGrow = computed(() => textSizeIndex.value < TEXT_SIZES.length - 1);
  const canShrink = computed(() => textSizeIndex.value > 0);

  // The theme and size live on <html> so every CSS variable and rem follows them.
  watchEffect(() => {
    if (typeof document === 'undefined') return;
    document.documentElement.dataset.theme = theme.value;
    document.documentElement.style.setProperty('--font-size', `${textSize.value}px`);
  });

  let writes: Promise<void> = Promise.resolve();

  function persist(): Promise<void> {
    const value: Preferences = {
      theme: theme.value,
      textSize: textSize.value,
      singleKeyShortcuts: singleKeyShortcuts.value,
    };
    writes = writes.then(async () => {
      try {
        await getDatabase().settings.put({ key: PREFERENCES_SETTING_KEY, value });
        error.value = null;
      } catch (cause) {
        error.value = `Preferences could not be saved: ${(cause as Error).message}`;
      }
    });
    return writes;
  }

  async function load(): Promise<void> {
    try {
      const row = await getDatabase().settings.get(PREFERENCES_SETTING_KEY);
      const { preferences, problems } = readPreferences(row?.value);
      theme.value = preferences.theme;
      textSize.value = preferences.textSize;
      singleKeyShortcuts.value = preferences.singleKeyShortcuts;
      notice.value =
        problems.length > 0
          ? `Some preferences could not be read (${problems.join(', ')}); the defaults are used for them.`
          : null;
    } catch (cause) {
      error.value = `Preferences could not be read: ${(cause as Error).message}`;
    }
  }

  function setTheme(value: string): Promise<void> {
    if (!isTheme(value)) {
      error.value = `“${value}” is not a theme GM Screen has.`;
      return Promise.resolve();
    }
    theme.value = value;
    return persist();
  }

  function toggleTheme(): Promise<void> {
    return setTheme(theme.value === 'dark' ? 'light' : 'dark');
  }

  function setTextSize(value: number): Promise<void> {
    if (!isTextSize(value)) {
      error.value = `Text size must be one of ${TEXT_SIZES.join(', ')} px.`;
      return Promise.resolve();
    }
    textSize.value = value;
    return persist();
  }

  /** One step larger (+1) or smaller (-1); nothing happens at either end. */
  function stepTextSize(direction: 1 | -1): Promise<void> {
    const next = TEXT_SIZES[textSizeIndex.value + direction];
    return next === undefined ? Promise.resolve() : setTextSize(next);
  }

  function setSingleKeyShortcuts(on: boolean): Promise<void> {
    singleKeyShortcuts.value = on;
    return persist();
  }

  function flushed(): Promise<void> {
    return writes;
  }

  return {
    theme,
    textSize,
    singleKeyShortcuts,
    error,
    notice,
    canGrow,
    canShrink,
    load,
    setTheme,
    toggleTheme,
    setTextSize,
    stepTextSize,
    setSingleKeyShortcuts,
    flushed,
  };
});
