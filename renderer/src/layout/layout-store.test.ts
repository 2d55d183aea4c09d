import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import { GmDatabase, getDatabase, setDatabase } from '../db/database';
import { LAYOUT_SETTING_KEY, useLayoutStore } from './layout-store';
import { defaultLayout, isCollapsed, nodeAt, pathOfPanel, sameLayout, type SplitNode } from './layout-model';

let n = 0;
beforeEach(() => {
  setActivePinia(createPinia());
  setDatabase(new GmDatabase(`gm-screen-layout-test-${n++}`));
});

/** A fresh store on the same database: what the next start of the app sees. */
async function restart(width = 1280) {
  setActivePinia(createPinia());
  const store = useLayoutStore();
  await store.load(width);
  return store;
}

describe('layout store', () => {
  it('starts with the default for the screen when nothing is stored', async () => {
    const store = useLayoutStore();
    await store.load(1920);
    expect(sameLayout(store.current, defaultLayout(1920))).toBe(true);
    expect(store.notice).toBeNull();
    expect(store.loaded).toBe(true);
  });

  it('keeps every change to the layout on screen, and shows it again after a restart', async () => {
    const store = useLayoutStore();
    await store.load(1280);
    store.swap('tracker', 'reference');
    store.toggleCollapsed('log');
    store.resize([], [40, 60]);
    await store.flushed();
    const shown = store.current;

    const again = await restart();
    expect(sameLayout(again.current, shown)).toBe(true);
    expect(pathOfPanel(again.current.root, 'reference')).toEqual([0]);
    expect(isCollapsed(again.current, 'log')).toBe(true);
    expect((again.current.root as SplitNode).sizes).toEqual([40, 60]);
  });

  it('resizes around a collapsed pane without losing its size for later', async () => {
    const store = useLayoutStore();
    await store.load(1280);
    const bottom = pathOfPanel(store.current.root, 'log')!.slice(0, -1);
    const before = (nodeAt(store.current.root, bottom) as SplitNode).sizes;
    // dice is collapsed in the compact default: dragging the splitter only moves the log's share.
    store.resize(bottom, [90, 10]);
    expect((nodeAt(store.current.root, bottom) as SplitNode).sizes).toEqual(before);
    store.setCollapsed('dice', false);
    store.resize(bottom, [70, 30]);
    expect((nodeAt(store.current.root, bottom) as SplitNode).sizes).toEqual([70, 30]);
  });

  it('saves named layouts, switches between them, and restores the last one used at start', async () => {
    const store = useLayoutStore();
    await store.load(1280);
    expect(await store.saveAs('  Big fight ')).toBeNull();
    store.swap('resolve', 'log');
    expect(store.modified).toBe(true);
    expect(await store.saveAs('Chase')).toBeNull();
    expect(store.saved.map((s) => s.name)).toEqual(['Big fight', 'Chase']);
    expect(store.activeName).toBe('Chase');

    expect(await store.switchTo('Big fight')).toBeNull();
    expect(sameLayout(store.current, defaultLayout(1280))).toBe(true);
    expect(store.modified).toBe(false);

    const again = await restart();
    expect(again.activeName).toBe('Big fight');
    expect(again.saved.map((s) => s.name)).toEqual(['Big fight', 'Chase']);
    expect(sameLayout(again.current, defaultLayout(1280))).toBe(true);
  });

  it('replaces a layout saved again under its name, deletes one, and resets to the default', async () => {
    const store = useLayoutStore();
    await store.load(1280);
    await store.saveAs('Mine');
    store.toggleCollapsed('reference');
    await store.saveAs('Mine');
    expect(store.saved).toHaveLength(1);
    expect(isCollapsed(store.saved[0]!.layout, 'reference')).toBe(true);

    await store.remove('Mine');
    expect(store.saved).toHaveLength(0);
    expect(store.activeName).toBeNull();
    await store.resetToDefault(1920);
    expect(sameLayout(store.current, defaultLayout(1920))).toBe(true);
    const again = await restart();
    expect(again.saved).toHaveLength(0);
    expect(sameLayout(again.current, defaultLayout(1920))).toBe(true);
  });

  it('refuses a bad name or an unknown layout with a sentence and changes nothing', async () => {
    const store = useLayoutStore();
    await store.load(1280);
    expect(await store.saveAs('   ')).toBe('Give the layout a name.');
    expect(await store.switchTo('Nope')).toBe('There is no saved layout called “Nope”.');
    expect(store.saved).toHaveLength(0);
    expect(store.activeName).toBeNull();
  });

  it('falls back to the default with a message when the stored layout is damaged, never to nothing', async () => {
    await getDatabase().settings.put({
      key: LAYOUT_SETTING_KEY,
      value: {
        current: { version: 1, root: { type: 'slot', panel: 'tracker' }, collapsed: [] },
        active: null,
        saved: [],
      },
    });
    const store = await restart(1280);
    expect(sameLayout(store.current, defaultLayout(1280))).toBe(true);
    expect(store.notice).toMatch(
      /could not be read \(it has no place for the Resolve panel.*default layout is shown instead/,
    );
  });

  it('keeps the readable saved layouts and names the ones it had to leave out', async () => {
    const good = defaultLayout(1920);
    await getDatabase().settings.put({
      key: LAYOUT_SETTING_KEY,
      value: {
        current: good,
        active: 'Broken',
        saved: [{ name: 'Good', layout: good }, { name: 'Broken', layout: { version: 1, root: 42 } }, 'junk'],
      },
    });
    const store = await restart(1280);
    expect(sameLayout(store.current, good)).toBe(true);
    expect(store.saved.map((s) => s.name)).toEqual(['Good']);
    expect(store.activeName).toBeNull();
    expect(store.notice).toMatch(/“Broken”\) could not be read .* left out/);
  });

  it('reads a stored value that is not an object as damaged', async () => {
    await getDatabase().settings.put({ key: LAYOUT_SETTING_KEY, value: 'garbage' });
    const store = await restart(1920);
    expect(sameLayout(store.current, defaultLayout(1920))).toBe(true);
    expect(store.notice).toMatch(/could not be read/);
  });

  it('maximises one panel at a time for the session only, and a collapsed panel un-maximises', async () => {
    const store = useLayoutStore();
    await store.load(1280);
    store.maximise('resolve');
    store.toggleMaximised('log');
    expect(store.maximised).toBe('log');
    store.toggleMaximised('log');
    expect(store.maximised).toBeNull();
    store.maximise('resolve');
    store.setCollapsed('resolve', true);
    expect(store.maximised).toBeNull();
    store.maximise('tracker');
    await store.flushed();
    const again = await restart();
    expect(again.maximised).toBeNull();
  });

  it('says so when the layout cannot be written, and keeps it on screen', async () => {
    const store = useLayoutStore();
    await store.load(1280);
    getDatabase().close();
    store.swap('tracker', 'dice');
    await store.flushed();
    expect(store.error).toMatch(/The layout could not be saved/);
    expect(pathOfPanel(store.current.root, 'dice')).toEqual([0]);
  });
});
