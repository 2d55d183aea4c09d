import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import { getDatabase } from '../db/database';
import {
  checkLayoutName,
  collapsedChildren,
  defaultLayout,
  isCollapsed,
  nodeAt,
  panelsInOrder,
  resizeSplit,
  sameLayout,
  setCollapsed as withCollapsed,
  storedSizesAfterResize,
  swapPanels,
  validateLayout,
  type Layout,
  type NodePath,
  type PanelId,
} from './layout-model';

/** The settings row holding the layout in use, the saved layouts and which one was last chosen. */
export const LAYOUT_SETTING_KEY = 'layout';

export interface SavedLayout {
  readonly name: string;
  readonly layout: Layout;
}

interface StoredLayouts {
  current: Layout;
  active: string | null;
  saved: SavedLayout[];
}

/** A plain copy (no reactive proxies) that IndexedDB can store. */
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/**
 * The layout of the panels: the one on screen (saved as it changes, so a restart shows it
 * again), the GM's named layouts, and which panel is maximised for now. All changes go through
 * the pure functions of `layout-model.ts`; this store only keeps and persists the result.
 */
export const useLayoutStore = defineStore('layout', () => {
  const current = shallowRef<Layout>(defaultLayout(1280));
  const saved = shallowRef<readonly SavedLayout[]>([]);
  /** The saved layout last switched to or saved; null after a reset to the default. */
  const activeName = ref<string | null>(null);
  /** Filling the whole panel area for now; not saved (a restart shows the layout itself). */
  const maximised = ref<PanelId | null>(null);
  /** Something the GM should know about the stored layouts (one could not be read…). */
  const notice = ref<string | null>(null);
  const error = ref<string | null>(null);
  const loaded = ref(false);
  /** Asks a panel's slot to open its "Move to…" menu (the palette's way to it). */
  const moveRequest = ref<PanelId | null>(null);

  const activeLayout = computed(() => saved.value.find((entry) => entry.name === activeName.value) ?? null);
  const modified = computed(() => activeLayout.value !== null && !sameLayout(activeLayout.value.layout, current.value));
  const panels = computed(() => panelsInOrder(current.value.root));

  let writes: Promise<void> = Promise.resolve();

  /** Writes in the order the changes happened; a failure is told and the screen keeps the change. */
  function persist(): Promise<void> {
    const value: StoredLayouts = plain({ current: current.value, active: activeName.value, saved: [...saved.value] });
    writes = writes.then(async () => {
      try {
        await getDatabase().settings.put({ key: LAYOUT_SETTING_KEY, value });
        error.value = null;
      } catch (cause) {
        error.value = `The layout could not be saved: ${(cause as Error).message}`;
      }
    });
    return writes;
  }

  /** Reads the stored layouts; anything unreadable falls back to the default for `width` with a notice. */
  async function load(width: number): Promise<void> {
    let value: unknown;
    try {
      value = (await getDatabase().settings.get(LAYOUT_SETTING_KEY))?.value;
    } catch (cause) {
      error.value = `The saved layouts could not be read: ${(cause as Error).message}`;
      current.value = defaultLayout(width);
      loaded.value = true;
      return;
    }
    const problems: string[] = [];
    if (value === undefined) {
      current.value = defaultLayout(width);
    } else if (typeof value !== 'object' || value === null) {
      problems.push('The stored layouts could not be read; the default layout is shown instead.');
      current.value = defaultLayout(width);
    } else {
      const stored = value as Partial<Record<keyof StoredLayouts, unknown>>;
      const readCurrent = validateLayout(stored.current);
      if (readCurrent.ok) current.value = readCurrent.layout;
      else {
        current.value = defaultLayout(width);
        problems.push(
          `The layout in use last time could not be read (${readCurrent.reason}); the default layout is shown instead.`,
        );
      }
      const kept: SavedLayout[] = [];
      for (const entry of Array.isArray(stored.saved) ? (stored.saved as unknown[]) : []) {
        const name = typeof entry === 'object' && entry !== null ? (entry as { name?: unknown }).name : undefined;
        const checked = typeof name === 'string' ? checkLayoutName(name) : null;
        const layout = validateLayout(
          typeof entry === 'object' && entry !== null ? (entry as { layout?: unknown }).layout : undefined,
        );
        if (checked?.ok && layout.ok && !kept.some((k) => k.name === checked.name))
          kept.push({ name: checked.name, layout: layout.layout });
        else
          problems.push(
            `A saved layout${typeof name === 'string' ? ` (“${name}”)` : ''} could not be read${layout.ok ? '' : ` (${layout.reason})`} and was left out.`,
          );
      }
      saved.value = kept;
      activeName.value =
        typeof stored.active === 'string' && kept.some((k) => k.name === stored.active) ? stored.active : null;
    }
    notice.value = problems.length > 0 ? problems.join(' ') : null;
    loaded.value = true;
  }

  function change(next: Layout): void {
    if (next === current.value) return;
    current.value = next;
    void persist();
  }

  function swap(a: PanelId, b: PanelId): void {
    change(swapPanels(current.value, a, b));
  }

  function setCollapsed(panel: PanelId, collapsed: boolean): void {
    // A maximised panel shows itself whole; collapsing it first restores the layout.
    if (collapsed && maximised.value === panel) maximised.value = null;
    change(withCollapsed(current.value, panel, collapsed));
  }

  function toggleCollapsed(panel: PanelId): void {
    setCollapsed(panel, !isCollapsed(current.value, panel));
  }

  /** The GM dragged (or keyed) a splitter: `shown` are the split's pane sizes as drawn. */
  function resize(path: NodePath, shown: readonly number[]): void {
    const node = nodeAt(current.value.root, path);
    if (node?.type !== 'split') return;
    const result = resizeSplit(
      current.value,
      path,
      storedSizesAfterResize(node.sizes, collapsedChildren(current.value, node), shown),
    );
    if (result.ok) change(result.layout);
  }

  function maximise(panel: PanelId): void {
    maximised.value = panel;
  }

  function restore(): void {
    maximised.value = null;
  }

  function toggleMaximised(panel: PanelId): void {
    maximised.value = maximised.value === panel ? null : panel;
  }

  /** Saves the layout on screen under `rawName` (replacing one of that name); the reason when it cannot. */
  async function saveAs(rawName: string): Promise<string | null> {
    const checked = checkLayoutName(rawName);
    if (!checked.ok) return checked.reason;
    const entry: SavedLayout = { name: checked.name, layout: current.value };
    const index = saved.value.findIndex((s) => s.name === checked.name);
    saved.value = index >= 0 ? saved.value.map((s, i) => (i === index ? entry : s)) : [...saved.value, entry];
    activeName.value = checked.name;
    await persist();
    return error.value;
  }

  async function switchTo(name: string): Promise<string | null> {
    const entry = saved.value.find((s) => s.name === name);
    if (!entry) return `There is no saved layout called “${name}”.`;
    maximised.value = null;
    current.value = entry.layout;
    activeName.value = name;
    await persist();
    return error.value;
  }

  async function remove(name: string): Promise<void> {
    saved.value = saved.value.filter((s) => s.name !== name);
    if (activeName.value === name) activeName.value = null;
    await persist();
  }

  /** The default layout for a screen `width` pixels wide; saved layouts are kept. */
  async function resetToDefault(width: number): Promise<void> {
    maximised.value = null;
    current.value = defaultLayout(width);
    activeName.value = null;
    await persist();
  }

  function requestMove(panel: PanelId | null): void {
    moveRequest.value = panel;
  }

  function dismissNotice(): void {
    notice.value = null;
  }

  /** Resolves once every change so far is on disk (tests, and before a reload). */
  function flushed(): Promise<void> {
    return writes;
  }

  return {
    current,
    saved,
    activeName,
    maximised,
    notice,
    error,
    loaded,
    moveRequest,
    modified,
    panels,
    load,
    swap,
    setCollapsed,
    toggleCollapsed,
    resize,
    maximise,
    restore,
    toggleMaximised,
    saveAs,
    switchTo,
    remove,
    resetToDefault,
    requestMove,
    dismissNotice,
    flushed,
  };
});
