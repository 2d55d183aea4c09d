import { defineStore } from 'pinia';
import { ref } from 'vue';
import { rollGroups, type RollRecord } from '../../../shared/dice/record';
import { parseDiceCount } from '../../../shared/dice/request';
import { isRulesError } from '../../../shared/errors';
import { getDatabase } from '../db/database';
import { getRandomSource } from '../platform/random';

/** The log of plain dice rolls: every roll is on disk before it is listed. */
/** The reason the free-form dice roller records; other rolls (tables) record their own. */
export const FREE_ROLL_REASON = 'Dice roller';

export const useRollLogStore = defineStore('roll-log', () => {
  const rolls = ref<RollRecord[]>([]);
  const loaded = ref(false);
  const error = ref<string | null>(null);

  async function load(): Promise<void> {
    try {
      rolls.value = await getDatabase().rolls.orderBy('at').reverse().toArray();
      loaded.value = true;
    } catch (cause) {
      error.value = `The roll log could not be read from this browser's storage: ${(cause as Error).message}`;
    }
  }

  /** Rolls `countText` dice of `sides` faces; returns the record, or null with `error` set. */
  async function roll(countText: string, sides: number, reason = FREE_ROLL_REASON): Promise<RollRecord | null> {
    const count = parseDiceCount(countText);
    if (!count.ok) {
      error.value = count.message;
      return null;
    }
    try {
      const record = rollGroups(getRandomSource(), [{ count: count.value, sides }], {
        id: crypto.randomUUID(),
        at: new Date().toISOString(),
        roller: 'GM',
        reason,
      });
      await getDatabase().rolls.add(record);
      rolls.value = [record, ...rolls.value];
      error.value = null;
      return record;
    } catch (cause) {
      error.value = isRulesError(cause)
        ? cause.message
        : `The roll was not saved, so it is not listed: ${(cause as Error).message}`;
      return null;
    }
  }

  /**
   * Lists a roll made elsewhere (a reference table roll, app or physical dice) once it is on disk.
   * Returns why it was not saved, or null; the dice roller's own `error` is left alone.
   */
  async function addRecord(record: RollRecord): Promise<string | null> {
    try {
      await getDatabase().rolls.add(record);
      rolls.value = [record, ...rolls.value];
      return null;
    } catch (cause) {
      return `The roll was not saved, so it is not listed: ${(cause as Error).message}`;
    }
  }

  function clearError(): void {
    error.value = null;
  }

  return { rolls, loaded, error, load, roll, addRecord, clearError };
});
