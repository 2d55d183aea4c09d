import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import { effectScope, nextTick } from 'vue';
import { GmDatabase, setDatabase } from '../db/database';
import { useEncounterStore } from '../encounter/encounter-store';
import { useEncountersStore } from '../encounter/encounters-store';
import { buildStartPreview } from './build-start-preview';
import { START_PREVIEW_KEY, parseStartPreview } from './start-preview';
import { setPreviewStorage } from './start-preview-store';
import { useStartPreviewWriter } from './useStartPreviewWriter';

let stored: Map<string, string>;
let writes: number;
let failing: boolean;
let n = 0;
beforeEach(() => {
  setActivePinia(createPinia());
  setDatabase(new GmDatabase(`gm-screen-start-preview-writer-test-${n++}`));
  stored = new Map();
  writes = 0;
  failing = false;
  setPreviewStorage(() => ({
    getItem: (key) => stored.get(key) ?? null,
    setItem: (key, value) => {
      if (failing) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      writes++;
      stored.set(key, value);
    },
    removeItem: (key) => void stored.delete(key),
  }));
});

const DELAY = 30;
const waitPastDelay = () => new Promise((resolve) => setTimeout(resolve, DELAY * 3));
const guard = { strength: 3, agility: 3, wits: 2, empathy: 1, armor: 2 };
const add = (name: string) =>
  useEncounterStore().dispatch({
    type: 'combatant-added',
    combatant: { id: name.toLowerCase(), name, kind: 'npc', side: 'opponents', stats: guard },
  });

/** The writer with a page of its own (only its listeners are used), and an open encounter. */
async function writerWithEncounter() {
  const page = new EventTarget();
  const scope = effectScope();
  scope.run(() => useStartPreviewWriter(page as unknown as Window, DELAY));
  const id = await useEncountersStore().create('Warehouse', 'electric-state');
  const encounter = useEncounterStore();
  expect(await encounter.open(id!)).toBe(true);
  await waitPastDelay();
  return { page, scope, encounter };
}

const storedPreview = () => parseStartPreview(stored.get(START_PREVIEW_KEY) ?? null);

describe('useStartPreviewWriter', () => {
  it('stores the open encounter as the tracker shows it, a moment after it changes', async () => {
    const { encounter } = await writerWithEncounter();
    expect(storedPreview()).toEqual(buildStartPreview(encounter.state!, encounter.tracker!));
    expect(await add('Guard')).toBe(true);
    // Not yet: the change is written once the GM pauses.
    expect(storedPreview()!.total).toBe(0);
    await waitPastDelay();
    expect(storedPreview()).toEqual(buildStartPreview(encounter.state!, encounter.tracker!));
    expect(storedPreview()!.rows.map((r) => r.name)).toEqual(['Guard']);
  });

  it('writes changes made within the delay once', async () => {
    await writerWithEncounter();
    const before = writes;
    expect(await add('Guard')).toBe(true);
    expect(await add('Drone')).toBe(true);
    expect(await add('Boss')).toBe(true);
    await waitPastDelay();
    expect(writes - before).toBe(1);
    expect(storedPreview()!.total).toBe(3);
  });

  it.each(['pagehide', 'visibilitychange'])('writes a pending change at once on %s', async (event) => {
    const { page } = await writerWithEncounter();
    expect(await add('Guard')).toBe(true);
    page.dispatchEvent(new Event(event));
    expect(storedPreview()!.total).toBe(1);
    const after = writes;
    // Nothing pending: the event writes nothing more, nor does the timer.
    page.dispatchEvent(new Event(event));
    await waitPastDelay();
    expect(writes).toBe(after);
  });

  it('removes the preview when the GM closes the encounter', async () => {
    const { encounter } = await writerWithEncounter();
    expect(stored.has(START_PREVIEW_KEY)).toBe(true);
    encounter.close();
    await nextTick();
    expect(stored.has(START_PREVIEW_KEY)).toBe(false);
    await waitPastDelay();
    expect(stored.has(START_PREVIEW_KEY)).toBe(false);
  });

  it('leaves the preview to the window holding the encounter', async () => {
    const { encounter } = await writerWithEncounter();
    stored.clear();
    encounter.elsewhere = true;
    await nextTick();
    await waitPastDelay();
    expect(stored.has(START_PREVIEW_KEY)).toBe(false);
  });

  it('carries on when storage refuses the write', async () => {
    const { encounter } = await writerWithEncounter();
    failing = true;
    expect(await add('Guard')).toBe(true);
    await waitPastDelay();
    expect(storedPreview()!.total).toBe(0);
    expect(encounter.state!.combatants).toHaveLength(1);
  });

  it('writes what is pending when its scope ends, and listens no more', async () => {
    const { page, scope } = await writerWithEncounter();
    expect(await add('Guard')).toBe(true);
    scope.stop();
    expect(storedPreview()!.total).toBe(1);
    const after = writes;
    expect(await add('Drone')).toBe(true);
    page.dispatchEvent(new Event('pagehide'));
    await waitPastDelay();
    expect(writes).toBe(after);
  });
});
