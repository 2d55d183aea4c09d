import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import { createSeededSource } from '../../../shared/dice/random';
import { GmDatabase, getDatabase, setDatabase } from '../db/database';
import { setRandomSource } from '../platform/random';
import { useRollLogStore } from './roll-log-store';

let databaseCount = 0;

beforeEach(() => {
  setActivePinia(createPinia());
  setDatabase(new GmDatabase(`gm-screen-test-${databaseCount++}`));
  setRandomSource(createSeededSource('store-test'));
});

describe('roll log store', () => {
  it('stores a roll before listing it, and a fresh store loads it back', async () => {
    const store = useRollLogStore();
    const record = await store.roll('4', 6);
    expect(record?.groups[0]?.faces).toHaveLength(4);
    expect(store.rolls).toHaveLength(1);
    expect(await getDatabase().rolls.count()).toBe(1);

    setActivePinia(createPinia());
    const reloaded = useRollLogStore();
    await reloaded.load();
    expect(reloaded.rolls).toEqual([record]);
  });

  it.each(['0', '-1', '10001', 'abc'])('refuses %j with a message and stores nothing', async (count) => {
    const store = useRollLogStore();
    expect(await store.roll(count, 6)).toBeNull();
    expect(store.error).toMatch(/Enter a whole number of dice/);
    expect(store.rolls).toHaveLength(0);
    expect(await getDatabase().rolls.count()).toBe(0);
  });

  it('does not list a roll the database refused to store', async () => {
    const store = useRollLogStore();
    getDatabase().close();
    await getDatabase().delete();
    const broken = getDatabase();
    broken.rolls.add = () => Promise.reject(new Error('QuotaExceededError')) as never;
    expect(await store.roll('2', 6)).toBeNull();
    expect(store.error).toMatch(/not saved.*QuotaExceededError/);
    expect(store.rolls).toHaveLength(0);
  });

  it('lists newest first after a reload', async () => {
    const store = useRollLogStore();
    const first = await store.roll('1', 6);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await store.roll('2', 20);
    setActivePinia(createPinia());
    const reloaded = useRollLogStore();
    await reloaded.load();
    expect(reloaded.rolls.map((r) => r.id)).toEqual([second!.id, first!.id]);
  });
});
