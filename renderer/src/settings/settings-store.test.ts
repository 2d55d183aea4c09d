import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { GmDatabase, getDatabase, setDatabase } from '../db/database';
import { useSettingsStore } from './settings-store';

let n = 0;
beforeEach(() => {
  setActivePinia(createPinia());
  setDatabase(new GmDatabase(`gm-screen-settings-test-${n++}`));
});

describe('settings store', () => {
  it('reads the stored system, and two loads asked at once share one read', async () => {
    await getDatabase().settings.put({ key: 'system', value: 'hardware' });
    const store = useSettingsStore();
    const get = vi.spyOn(getDatabase().settings, 'get');
    await Promise.all([store.load(), store.load()]);
    expect(get).toHaveBeenCalledTimes(1);
    expect(store.systemId).toBe('hardware');
  });

  it('reads again when asked after the last read finished', async () => {
    const store = useSettingsStore();
    await store.load();
    expect(store.systemId).toBe('electric-state');
    await getDatabase().settings.put({ key: 'system', value: 'uesrpg-3e' });
    await store.load();
    expect(store.systemId).toBe('uesrpg-3e');
  });

  it('keeps the default and says why when the stored value is no system it knows', async () => {
    await getDatabase().settings.put({ key: 'system', value: 'd&d' });
    const store = useSettingsStore();
    await store.load();
    expect(store.systemId).toBe('electric-state');
    expect(store.error).toBe(null);
  });
});
