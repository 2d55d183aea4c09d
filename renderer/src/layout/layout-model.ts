/**
 * The GM screen's layout as plain data, and the pure functions that change it. The store
 * (`layout.ts`) keeps one of these, persists it and hands it to the shell to draw; nothing here
 * touches the DOM, Vue or the database, so every rule of the layout is unit-tested on its own.
 *
 * A layout is a tree: splits lay their children side by side ('row') or one above the other
 * ('column') with sizes in percent; every leaf is a slot holding one panel. Each panel appears
 * exactly once. Collapsed panels shrink to their header; which ones are collapsed is kept per
 * panel, so a collapsed panel stays collapsed when it is moved.
 */

export const PANEL_IDS = ['tracker', 'resolve', 'reference', 'log', 'dice'] as const;
export type PanelId = (typeof PANEL_IDS)[number];

/** What the GM calls each panel (the panel's own heading says the same). */
export const PANEL_TITLES: Readonly<Record<PanelId, string>> = {
  tracker: 'Encounter',
  resolve: 'Resolve',
  reference: 'Reference',
  log: 'Log',
  dice: 'Dice',
};

export type SplitDirection = 'row' | 'column';

export interface SlotNode {
  readonly type: 'slot';
  readonly panel: PanelId;
}

export interface SplitNode {
  readonly type: 'split';
  /** 'row': children side by side, left to right; 'column': one above the other. */
  readonly direction: SplitDirection;
  readonly children: readonly LayoutNode[];
  /** Percent of the split's width (row) or height (column) per child; they add up to 100. */
  readonly sizes: readonly number[];
}

export type LayoutNode = SlotNode | SplitNode;

export const LAYOUT_VERSION = 1;

export interface Layout {
  readonly version: typeof LAYOUT_VERSION;
  readonly root: LayoutNode;
  /** Panels shown as their header only. */
  readonly collapsed: readonly PanelId[];
}

/** Child indexes from the root down to a node. */
export type NodePath = readonly number[];

/** Screens at least this wide get the wide default (four columns). */
export const WIDE_SCREEN_MIN_WIDTH = 1600;
/** Deeper trees than this are not something the shell builds; a stored one that deep is damaged. */
const MAX_DEPTH = 6;
/** Sizes that add up to 100 give or take this are accepted as they are (rounding in storage). */
const SIZE_TOLERANCE = 0.5;
export const MAX_LAYOUT_NAME_LENGTH = 40;

export type LayoutResult =
  { readonly ok: true; readonly layout: Layout } | { readonly ok: false; readonly reason: string };

const slot = (panel: PanelId): SlotNode => ({ type: 'slot', panel });
const split = (direction: SplitDirection, children: readonly LayoutNode[], sizes: readonly number[]): SplitNode => ({
  type: 'split',
  direction,
  children,
  sizes,
});

/**
 * The tracker's rows need about this many pixels before their health boxes and damage entry
 * collide (Shadowrun's two box grids are the widest), so the default gives it that much.
 */
export const TRACKER_COMFORT_WIDTH = 740;

/** The tracker's share of a screen `width` wide, in percent: its comfortable width, within sensible bounds. */
export function trackerShare(width: number): number {
  const share = width > 0 ? (TRACKER_COMFORT_WIDTH / width) * 100 : 50;
  return Math.round(Math.min(60, Math.max(36, share)));
}

/**
 * The layout for a screen `width` CSS pixels wide. The tracker is the anchor: it takes the full
 * height on the left, as wide as its rows need, because its rows are what the GM reads most.
 * Up to a 13" laptop (1280×800) the rest is one column: Resolve, Reference, and the log with the
 * free-form dice roller beside it, collapsed to a strip (the Resolve panel rolls its own dice). Wide screens (from 1600 px): Resolve
 * with the dice under it, then Reference over the log.
 */
export function defaultLayout(width: number): Layout {
  const tracker = trackerShare(width);
  if (width >= WIDE_SCREEN_MIN_WIDTH) {
    const rest = 100 - tracker;
    const resolve = Math.round(rest * 0.45);
    return {
      version: LAYOUT_VERSION,
      root: split(
        'row',
        [
          slot('tracker'),
          split('column', [slot('resolve'), slot('dice')], [64, 36]),
          split('column', [slot('reference'), slot('log')], [58, 42]),
        ],
        [tracker, resolve, rest - resolve],
      ),
      collapsed: [],
    };
  }
  return {
    version: LAYOUT_VERSION,
    root: split(
      'row',
      [
        slot('tracker'),
        split(
          'column',
          [slot('resolve'), slot('reference'), split('row', [slot('log'), slot('dice')], [62, 38])],
          [49, 28, 23],
        ),
      ],
      [tracker, 100 - tracker],
    ),
    collapsed: ['dice'],
  };
}

export function nodeAt(root: LayoutNode, path: NodePath): LayoutNode | undefined {
  let node: LayoutNode | undefined = root;
  for (const index of path) {
    if (node?.type !== 'split') return undefined;
    node = node.children[index];
  }
  return node;
}

/** Where a panel sits, or null when the layout does not hold it. */
export function pathOfPanel(root: LayoutNode, panel: PanelId): NodePath | null {
  if (root.type === 'slot') return root.panel === panel ? [] : null;
  for (const [index, child] of root.children.entries()) {
    const inner = pathOfPanel(child, panel);
    if (inner) return [index, ...inner];
  }
  return null;
}

/** The panels in reading order: top to bottom, left to right as the tree nests them. */
export function panelsInOrder(root: LayoutNode): PanelId[] {
  return root.type === 'slot' ? [root.panel] : root.children.flatMap(panelsInOrder);
}

/**
 * The tree's shape without sizes or panels: two layouts of one shape draw with the same panes,
 * so the shell can keep its split components when only sizes or places change.
 */
export function shapeKey(node: LayoutNode): string {
  return node.type === 'slot'
    ? 's'
    : `${node.direction === 'row' ? 'r' : 'c'}(${node.children.map(shapeKey).join(',')})`;
}

function mapSlots(node: LayoutNode, change: (panel: PanelId) => PanelId): LayoutNode {
  if (node.type === 'slot') return slot(change(node.panel));
  return split(
    node.direction,
    node.children.map((child) => mapSlots(child, change)),
    node.sizes,
  );
}

/** Puts `a` where `b` was and `b` where `a` was; sizes stay with the places. */
export function swapPanels(layout: Layout, a: PanelId, b: PanelId): Layout {
  if (a === b) return layout;
  return { ...layout, root: mapSlots(layout.root, (panel) => (panel === a ? b : panel === b ? a : panel)) };
}

export function isCollapsed(layout: Layout, panel: PanelId): boolean {
  return layout.collapsed.includes(panel);
}

export function setCollapsed(layout: Layout, panel: PanelId, collapsed: boolean): Layout {
  if (isCollapsed(layout, panel) === collapsed) return layout;
  const next = collapsed ? [...layout.collapsed, panel] : layout.collapsed.filter((p) => p !== panel);
  return { ...layout, collapsed: PANEL_IDS.filter((p) => next.includes(p)) };
}

/** Sizes scaled to add up to exactly 100 (rounded to hundredths so stored layouts stay readable). */
export function normaliseSizes(sizes: readonly number[]): number[] {
  const total = sizes.reduce((sum, size) => sum + size, 0);
  if (total <= 0) return sizes.map(() => 100 / sizes.length);
  const scaled = sizes.map((size) => Math.round((size / total) * 10000) / 100);
  // Rounding can leave a hundredth over or under; the largest child absorbs it unnoticed.
  const drift = Math.round((100 - scaled.reduce((sum, size) => sum + size, 0)) * 100) / 100;
  const largest = scaled.indexOf(Math.max(...scaled));
  scaled[largest] = Math.round((scaled[largest]! + drift) * 100) / 100;
  return scaled;
}

function replaceAt(node: LayoutNode, path: NodePath, replacement: LayoutNode): LayoutNode {
  if (path.length === 0) return replacement;
  if (node.type !== 'split') return node;
  const [index, ...rest] = path;
  return split(
    node.direction,
    node.children.map((child, i) => (i === index ? replaceAt(child, rest, replacement) : child)),
    node.sizes,
  );
}

/** New sizes for the split at `path` (any positive numbers; they are scaled to add up to 100). */
export function resizeSplit(layout: Layout, path: NodePath, sizes: readonly number[]): LayoutResult {
  const node = nodeAt(layout.root, path);
  if (node?.type !== 'split') return { ok: false, reason: 'There is no split at that place in the layout.' };
  if (sizes.length !== node.children.length) {
    return { ok: false, reason: `That split has ${node.children.length} panes, not ${sizes.length}.` };
  }
  if (sizes.some((size) => !Number.isFinite(size) || size < 0) || sizes.every((size) => size === 0)) {
    return { ok: false, reason: 'Pane sizes must be positive numbers.' };
  }
  return {
    ok: true,
    layout: {
      ...layout,
      root: replaceAt(layout.root, path, split(node.direction, node.children, normaliseSizes(sizes))),
    },
  };
}

/** True for a child that the split draws as a collapsed header: a slot whose panel is collapsed. */
export function collapsedChildren(layout: Layout, node: SplitNode): boolean[] {
  return node.children.map((child) => child.type === 'slot' && isCollapsed(layout, child.panel));
}

/**
 * The sizes a split shows: each collapsed child takes `collapsedShare` percent (its header's
 * thickness), the others share the rest in proportion to their stored sizes. When every child is
 * collapsed, the last one takes what is left so the split still fills its box.
 */
export function shownSizes(sizes: readonly number[], collapsed: readonly boolean[], collapsedShare: number): number[] {
  const collapsedCount = collapsed.filter(Boolean).length;
  if (collapsedCount === 0) return [...sizes];
  const share = Math.min(collapsedShare, 100 / sizes.length);
  const left = 100 - share * collapsedCount;
  const openTotal = sizes.reduce((sum, size, i) => sum + (collapsed[i] ? 0 : size), 0);
  if (collapsedCount === sizes.length) return sizes.map((_, i) => (i === sizes.length - 1 ? share + left : share));
  return sizes.map((size, i) => (collapsed[i] ? share : (size / openTotal) * left));
}

/**
 * The stored sizes after the GM dragged a splitter to `shown`: the open children keep the
 * proportions they were given, within the share of the split they had; collapsed children keep
 * their stored size for when they are expanded again.
 */
export function storedSizesAfterResize(
  sizes: readonly number[],
  collapsed: readonly boolean[],
  shown: readonly number[],
): number[] {
  const openStored = sizes.reduce((sum, size, i) => sum + (collapsed[i] ? 0 : size), 0);
  const openShown = shown.reduce((sum, size, i) => sum + (collapsed[i] ? 0 : size), 0);
  if (openShown <= 0) return [...sizes];
  return sizes.map((size, i) => (collapsed[i] ? size : (shown[i]! / openShown) * openStored));
}

export function sameLayout(a: Layout, b: Layout): boolean {
  const sizesClose = (x: LayoutNode, y: LayoutNode): boolean => {
    if (x.type === 'slot' || y.type === 'slot')
      return x.type === y.type && x.type === 'slot' && y.type === 'slot' && x.panel === y.panel;
    return (
      x.direction === y.direction &&
      x.children.length === y.children.length &&
      x.sizes.every((size, i) => Math.abs(size - (y.sizes[i] ?? NaN)) < 0.05) &&
      x.children.every((child, i) => sizesClose(child, y.children[i]!))
    );
  };
  return (
    sizesClose(a.root, b.root) &&
    a.collapsed.length === b.collapsed.length &&
    a.collapsed.every((p) => b.collapsed.includes(p))
  );
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isPanelId = (value: unknown): value is PanelId =>
  typeof value === 'string' && (PANEL_IDS as readonly string[]).includes(value);

/** Reads one node; throws a sentence naming what is wrong. */
function readNode(value: unknown, depth: number, seen: Set<PanelId>): LayoutNode {
  if (depth > MAX_DEPTH) throw new Error(`it nests splits more than ${MAX_DEPTH} deep`);
  if (!isRecord(value)) throw new Error('a part of it is not a pane or a split');
  if (value.type === 'slot') {
    if (!isPanelId(value.panel))
      throw new Error(`it names a panel GM Screen does not have (${JSON.stringify(value.panel)})`);
    if (seen.has(value.panel)) throw new Error(`it shows the ${PANEL_TITLES[value.panel]} panel twice`);
    seen.add(value.panel);
    return slot(value.panel);
  }
  if (value.type !== 'split') throw new Error('a part of it is not a pane or a split');
  if (value.direction !== 'row' && value.direction !== 'column') throw new Error('a split has no direction');
  const { children, sizes } = value;
  if (!Array.isArray(children) || children.length < 2) throw new Error('a split has fewer than two panes');
  if (!Array.isArray(sizes) || sizes.length !== children.length)
    throw new Error('a split has a different number of sizes than panes');
  if (sizes.some((size) => typeof size !== 'number' || !Number.isFinite(size) || size <= 0))
    throw new Error('a pane size is not a positive number');
  const total = (sizes as number[]).reduce((sum, size) => sum + size, 0);
  if (Math.abs(total - 100) > SIZE_TOLERANCE)
    throw new Error(`the sizes of a split add up to ${Math.round(total)}%, not 100%`);
  const read = children.map((child: unknown) => readNode(child, depth + 1, seen));
  return split(value.direction, read, normaliseSizes(sizes as number[]));
}

/**
 * Checks a layout read from storage. Anything that is not exactly a layout of every panel once
 * is refused with the reason, so the caller can fall back to the default and say why.
 */
export function validateLayout(value: unknown): LayoutResult {
  try {
    if (!isRecord(value)) throw new Error('it is not a layout');
    if (value.version !== LAYOUT_VERSION)
      throw new Error(`it was saved in a layout format this version does not read (${JSON.stringify(value.version)})`);
    const seen = new Set<PanelId>();
    const root = readNode(value.root, 0, seen);
    const missing = PANEL_IDS.filter((panel) => !seen.has(panel));
    if (missing.length > 0)
      throw new Error(`it has no place for ${missing.map((p) => `the ${PANEL_TITLES[p]} panel`).join(' or ')}`);
    const collapsedValue = value.collapsed ?? [];
    if (!Array.isArray(collapsedValue) || !collapsedValue.every(isPanelId))
      throw new Error('its list of collapsed panels names panels GM Screen does not have');
    const collapsed = PANEL_IDS.filter((panel) => collapsedValue.includes(panel));
    return { ok: true, layout: { version: LAYOUT_VERSION, root, collapsed } };
  } catch (cause) {
    return { ok: false, reason: (cause as Error).message };
  }
}

/** A trimmed name for a saved layout, or the sentence saying why it cannot be one. */
export function checkLayoutName(raw: string): { ok: true; name: string } | { ok: false; reason: string } {
  const name = raw.trim().replace(/\s+/g, ' ');
  if (name === '') return { ok: false, reason: 'Give the layout a name.' };
  if (name.length > MAX_LAYOUT_NAME_LENGTH)
    return { ok: false, reason: `Layout names are at most ${MAX_LAYOUT_NAME_LENGTH} characters.` };
  return { ok: true, name };
}
