import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import { GmDatabase, setDatabase } from '../db/database';
import { useEncounterStore } from '../encounter/encounter-store';
import { useEncountersStore } from '../encounter/encounters-store';
import { rulesLookup } from '../systems/loaded-systems';
import { HANDOFF_GLOBAL, leaveHandoff } from './boot-handoff';
import { buildStartPreview } from './build-start-preview';
import { renderPreviewList, renderPreviewPanel, rowsThatFit } from './render-start-preview';
import { SAMPLE_ROW, samplePreview } from './preview.test-support';
import { START_PREVIEW_KEY } from './start-preview';
import { setPreviewStorage, useStartPreviewStore } from './start-preview-store';

const preview = samplePreview([{ ...SAMPLE_ROW, name: 'Sam', kind: 'PC', health: 'Unhurt', current: true }]);

let stored: Map<string, string>;
let n = 0;
beforeEach(() => {
  setActivePinia(createPinia());
  setDatabase(new GmDatabase(`gm-screen-start-preview-store-test-${n++}`));
  stored = new Map([[START_PREVIEW_KEY, JSON.stringify(preview)]]);
  // What boot.ts leaves when it has read the preview below.
  leaveHandoff(window, { preview, renderPreviewList, renderPreviewPanel, rowsThatFit });
  setPreviewStorage(() => ({
    getItem: (key) => stored.get(key) ?? null,
    setItem: (key, value) => void stored.set(key, value),
    removeItem: (key) => void stored.delete(key),
  }));
});

describe('useStartPreviewStore', () => {
  it('takes the preview boot.ts read, and shows it while no encounter is open', () => {
    const store = useStartPreviewStore();
    expect(store.preview).toBe(preview);
    expect(store.shown).toBe(true);
  });

  it('shows nothing when boot.ts read none, or did not run', () => {
    leaveHandoff(window, { preview: null, renderPreviewList, renderPreviewPanel, rowsThatFit });
    expect(useStartPreviewStore().shown).toBe(false);
    setActivePinia(createPinia());
    delete (window as unknown as Record<string, unknown>)[HANDOFF_GLOBAL];
    const store = useStartPreviewStore();
    expect(store.preview).toBeNull();
    expect(store.shown).toBe(false);
    expect(store.render(true)).toBeNull();
  });

  it("draws the preview with boot.ts's functions: the list, or framed in its panel", () => {
    const store = useStartPreviewStore();
    const list = store.render(false)!;
    expect(list.className).toBe('start-preview');
    expect(list.querySelector('.start-preview-name')?.textContent).toBe('Sam');
    const panel = store.render(true)!;
    expect(panel.className).toBe('start-preview-panel');
    expect(panel.querySelector('.start-preview-title')?.textContent).toBe('Encounter');
    expect(panel.querySelectorAll('[data-testid="start-preview-row"]')).toHaveLength(1);
    store.offerAnswered();
    expect(store.render(false)).toBeNull();
  });

  it('keeps the preview when the offer is for its encounter', () => {
    const store = useStartPreviewStore();
    store.offerFound('e1');
    expect(store.shown).toBe(true);
    expect(stored.has(START_PREVIEW_KEY)).toBe(true);
  });

  it.each([
    ['another encounter', 'e2'],
    ['none', null],
  ])('drops the preview, and removes it from storage, when the offer is for %s', (_, offered) => {
    const store = useStartPreviewStore();
    store.offerFound(offered);
    expect(store.preview).toBeNull();
    expect(store.shown).toBe(false);
    expect(stored.has(START_PREVIEW_KEY)).toBe(false);
  });

  it('is gone once the offer is answered, and stays stored for the next start', () => {
    const store = useStartPreviewStore();
    store.offerFound('e1');
    store.offerAnswered();
    expect(store.shown).toBe(false);
    expect(stored.has(START_PREVIEW_KEY)).toBe(true);
  });

  it('is gone for good once any encounter opens, even after it is closed again', async () => {
    const store = useStartPreviewStore();
    const encounter = useEncounterStore();
    const id = await useEncountersStore().create('Warehouse', 'electric-state');
    expect(await encounter.open(id!)).toBe(true);
    expect(store.shown).toBe(false);
    encounter.close();
    expect(encounter.state).toBeNull();
    expect(store.preview).toBeNull();
    expect(store.shown).toBe(false);
  });

  describe('refresh, with the offer read ahead', () => {
    /** A stored encounter of two, read as the read-ahead reads it, and a preview of it made earlier. */
    async function readAhead() {
      const encounters = useEncountersStore();
      const encounter = useEncounterStore();
      const id = (await encounters.create('Docks', 'electric-state'))!;
      expect(await encounter.open(id)).toBe(true);
      const guard = { strength: 3, agility: 3, wits: 2, empathy: 1, armor: 2 };
      expect(
        await encounter.dispatch({
          type: 'combatant-added',
          combatant: { id: 'g', name: 'Guard', kind: 'npc', side: 'opponents', stats: guard },
        }),
      ).toBe(true);
      const state = encounter.state!;
      encounter.close();
      return { id, state };
    }

    it("replaces a picture that missed a change with the database's, shown and stored", async () => {
      const { id, state } = await readAhead();
      leaveHandoff(window, {
        preview: { ...preview, encounterId: id },
        renderPreviewList,
        renderPreviewPanel,
        rowsThatFit,
      });
      setActivePinia(createPinia());
      const store = useStartPreviewStore();
      await store.refresh(state);
      expect(store.preview?.rows.map((r) => r.name)).toEqual(['Guard']);
      expect(store.preview?.question).toBe("Resume 'Docks' (The Electric State RPG (Year Zero Engine), not started)?");
      expect(JSON.parse(stored.get(START_PREVIEW_KEY)!)).toEqual(store.preview);
    });

    it("changes nothing when the picture is the database's, or of another encounter", async () => {
      const { id, state } = await readAhead();
      const same = buildStartPreview(state, rulesLookup.tracker(state.systemId));
      leaveHandoff(window, { preview: same, renderPreviewList, renderPreviewPanel, rowsThatFit });
      setActivePinia(createPinia());
      stored.clear();
      const store = useStartPreviewStore();
      await store.refresh(state);
      expect(store.preview).toBe(same);
      expect(stored.size).toBe(0);

      leaveHandoff(window, { preview, renderPreviewList, renderPreviewPanel, rowsThatFit });
      setActivePinia(createPinia());
      const other = useStartPreviewStore();
      await other.refresh(state);
      expect(other.preview).toBe(preview);
      expect(stored.size).toBe(0);
      expect(id).not.toBe(preview.encounterId);
    });
  });
});
