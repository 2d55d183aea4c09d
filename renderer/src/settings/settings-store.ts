import { defineStore } from 'pinia';
import { ref } from 'vue';
import { isSystemId, systemProfiles } from '../../../shared/systems/profiles';
import type { SystemId } from '../../../shared/system-kit/rule-system';
import { getDatabase } from '../db/database';
import { ensureSystem } from '../systems/loaded-systems';

const SYSTEM_KEY = 'system';

/** GM preferences that outlive a session. */
export const useSettingsStore = defineStore('settings', () => {
  const systemId = ref<SystemId>(systemProfiles[0]!.id);
  const error = ref<string | null>(null);

  let reading: Promise<void> | null = null;

  /** Reads the settings; a call while a read is under way shares it (the start asks twice at once). */
  function load(): Promise<void> {
    reading ??= read().finally(() => (reading = null));
    return reading;
  }

  async function read(): Promise<void> {
    try {
      const row = await getDatabase().settings.get(SYSTEM_KEY);
      if (row && typeof row.value === 'string' && isSystemId(row.value)) systemId.value = row.value;
    } catch (cause) {
      error.value = `Settings could not be read: ${(cause as Error).message}`;
    }
  }

  async function selectSystem(id: string): Promise<void> {
    if (!isSystemId(id)) {
      error.value = `"${id}" is not a rule system GM Screen knows.`;
      return;
    }
    try {
      // Its rules first: every panel showing this system reads them at once.
      await ensureSystem(id);
      await getDatabase().settings.put({ key: SYSTEM_KEY, value: id });
      systemId.value = id;
      error.value = null;
    } catch (cause) {
      error.value = `The rule system could not be saved: ${(cause as Error).message}`;
    }
  }

  return { systemId, error, load, selectSystem };
});
