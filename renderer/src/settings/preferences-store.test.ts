import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import { nextTick } from 'vue';
import { GmDatabase, getDatabase, setDatabase } from '../db/database';
import { DEFAULT_PREFERENCES, PREFERENCES_SETTING_KEY, readPreferences, usePreferencesStore } from './preferences-store';

let n = 0;
beforeEach(() => {
  setActivePinia(createPinia());
  setDatabase(new GmDatabase(`gm-screen-preferences-test-${n++}`));
});

async function restart() {
  setActivePinia(createPinia());
  const store = usePreferencesStore();
  await store.load();
  await nextTick();
  return store;
}

describe('preferences store', () => {
  it('is dark, 16 px, with single-key shortcuts on until the GM changes it', async () => {
    const store = await restart();
    expect({ theme: store.theme, textSize: store.textSize, singleKeyShortcuts: store.singleKeyShortcuts }).toEqual(
      DEFAULT_PREFERENCES,
    );
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(document.documentElement.style.getPropertyValue('--font-size')).toBe('16px');
  });

  it('applies theme and text size to <html> and keeps them, and the shortcut switch, over a restart', async () => {
    const store = usePreferencesStore();
    await store.load();
    await store.setTheme('light');
    await store.setTextSize(20);
    await store.setSingleKeyShortcuts(false);
    await nextTick();
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(document.documentElement.style.getPropertyValue('--font-size')).toBe('20px');

    const again = await restart();
    expect(again.theme).toBe('light');
    expect(again.textSize).toBe(20);
    expect(again.singleKeyShortcuts).toBe(false);
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('steps the text size within its range and stops at either end', async () => {
    const store = await restart();
    await store.stepTextSize(1);
    expect(store.textSize).toBe(18);
    await store.stepTextSize(1);
    await store.stepTextSize(1);
    expect(store.textSize).toBe(20);
    expect(store.canGrow).toBe(false);
    for (let i = 0; i < 6; i++) await store.stepTextSize(-1);
    expect(store.textSize).toBe(14);
    expect(store.canShrink).toBe(false);
  });

  it('refuses a theme or size it does not have with a sentence and changes nothing', async () => {
    const store = await restart();
    await store.setTheme('sepia');
    expect(store.error).toMatch(/“sepia” is not a theme/);
    await store.setTextSize(17);
    expect(store.error).toMatch(/one of 14, 15, 16, 18, 20 px/);
    expect(store.theme).toBe('dark');
    expect(store.textSize).toBe(16);
    expect(await getDatabase().settings.get(PREFERENCES_SETTING_KEY)).toBeUndefined();
  });

  it('reads damaged stored preferences field by field, keeping the good ones and saying which were not', async () => {
    await getDatabase().settings.put({
      key: PREFERENCES_SETTING_KEY,
      value: { theme: 'light', textSize: 99, singleKeyShortcuts: 'yes' },
    });
    const store = await restart();
    expect(store.theme).toBe('light');
    expect(store.textSize).toBe(16);
    expect(store.singleKeyShortcuts).toBe(true);
    expect(store.notice).toMatch(/the text size, the shortcut setting/);
  });

  it('reads nothing stored as the defaults, and a non-object as damaged', () => {
    expect(readPreferences(undefined)).toEqual({ preferences: DEFAULT_PREFERENCES, problems: [] });
    expect(readPreferences(7).problems).toEqual(['the stored preferences']);
    expect(readPreferences({ theme: 'dark' })).toEqual({ preferences: DEFAULT_PREFERENCES, problems: [] });
  });
});
