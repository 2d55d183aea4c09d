import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkLayoutName,
  collapsedChildren,
  defaultLayout,
  isCollapsed,
  nodeAt,
  PANEL_IDS,
  panelsInOrder,
  pathOfPanel,
  resizeSplit,
  sameLayout,
  setCollapsed,
  shapeKey,
  shownSizes,
  storedSizesAfterResize,
  swapPanels,
  trackerShare,
  validateLayout,
  type Layout,
  type LayoutNode,
  type PanelId,
  type SplitNode,
} from './layout-model';

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const compact = defaultLayout(1280);
const wide = defaultLayout(1920);

function splits(node: LayoutNode): SplitNode[] {
  return node.type === 'slot' ? [] : [node, ...node.children.flatMap(splits)];
}

describe('default layouts', () => {
  it.each([800, 1024, 1280, 1366, 1599, 1600, 1920, 2560, 3840])(
    'at %i px every panel is placed once and the layout validates',
    (width) => {
      const layout = defaultLayout(width);
      expect([...panelsInOrder(layout.root)].sort()).toEqual([...PANEL_IDS].sort());
      for (const split of splits(layout.root)) expect(sum(split.sizes)).toBeCloseTo(100, 5);
      const read = validateLayout(plain(layout));
      expect(read.ok && sameLayout(read.layout, layout)).toBe(true);
    },
  );

  it('gives the tracker the full height on the left, as wide as its rows need (within bounds)', () => {
    for (const layout of [compact, wide]) {
      expect(pathOfPanel(layout.root, 'tracker')).toEqual([0]);
      expect(layout.root.type === 'split' && layout.root.direction).toBe('row');
    }
    const trackerWidth = (width: number) => (width * (defaultLayout(width).root as SplitNode).sizes[0]!) / 100;
    expect(trackerWidth(1280)).toBeGreaterThanOrEqual(735);
    expect(trackerWidth(1920)).toBeGreaterThanOrEqual(735);
    expect(trackerShare(800)).toBe(60);
    expect(trackerShare(4000)).toBe(36);
  });

  it('differs between a 13" laptop and a large screen: four columns from 1600 px', () => {
    expect(shapeKey(compact.root)).not.toBe(shapeKey(wide.root));
    expect((wide.root as SplitNode).children).toHaveLength(3);
    expect(shapeKey(defaultLayout(1599).root)).toBe(shapeKey(compact.root));
    expect(shapeKey(defaultLayout(1600).root)).toBe(shapeKey(wide.root));
    // The compact default keeps the free-form dice roller to its header; the wide one shows it.
    expect(compact.collapsed).toEqual(['dice']);
    expect(wide.collapsed).toEqual([]);
  });
});

describe('swap', () => {
  it('exchanges two panels and keeps the sizes with the places', () => {
    const swapped = swapPanels(compact, 'tracker', 'log');
    expect(pathOfPanel(swapped.root, 'log')).toEqual(pathOfPanel(compact.root, 'tracker'));
    expect(pathOfPanel(swapped.root, 'tracker')).toEqual(pathOfPanel(compact.root, 'log'));
    expect(splits(swapped.root).map((s) => s.sizes)).toEqual(splits(compact.root).map((s) => s.sizes));
    expect(swapPanels(swapped, 'log', 'tracker')).toEqual(compact);
  });

  it('keeps a collapsed panel collapsed where it goes, and changes nothing when swapping a panel with itself', () => {
    const moved = swapPanels(compact, 'dice', 'resolve');
    expect(isCollapsed(moved, 'dice')).toBe(true);
    expect(pathOfPanel(moved.root, 'dice')).toEqual(pathOfPanel(compact.root, 'resolve'));
    expect(swapPanels(compact, 'resolve', 'resolve')).toBe(compact);
  });
});

describe('collapse', () => {
  it('adds and removes a panel from the collapsed list, in panel order and only once', () => {
    const a = setCollapsed(setCollapsed(wide, 'log', true), 'tracker', true);
    expect(a.collapsed).toEqual(['tracker', 'log']);
    expect(setCollapsed(a, 'log', true)).toBe(a);
    expect(setCollapsed(a, 'tracker', false).collapsed).toEqual(['log']);
  });

  it('shows a collapsed child at its header size and shares the rest by the stored sizes', () => {
    const shown = shownSizes([50, 30, 20], [false, true, false], 5);
    expect(shown[1]).toBe(5);
    expect(shown[0]! / shown[2]!).toBeCloseTo(50 / 20, 6);
    expect(sum(shown)).toBeCloseTo(100, 6);
    expect(shownSizes([50, 50], [false, false], 5)).toEqual([50, 50]);
    // All collapsed: the last one fills what is left, so the split never leaves a hole.
    const all = shownSizes([50, 50], [true, true], 5);
    expect(all[0]).toBe(5);
    expect(sum(all)).toBeCloseTo(100, 6);
  });

  it('marks exactly the collapsed slots among a split’s children', () => {
    const column = nodeAt(compact.root, [1]) as SplitNode;
    const bottom = column.children[2] as SplitNode;
    expect(collapsedChildren(compact, column)).toEqual([false, false, false]);
    expect(collapsedChildren(compact, bottom)).toEqual([false, true]);
  });
});

describe('resize', () => {
  it('stores new sizes scaled to 100 at the split named by its path', () => {
    const result = resizeSplit(compact, [1], [2, 1, 1]);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect((nodeAt(result.layout.root, [1]) as SplitNode).sizes).toEqual([50, 25, 25]);
    expect((result.layout.root as SplitNode).sizes).toEqual((compact.root as SplitNode).sizes);
  });

  it.each([
    [[0], [50, 50], /no split/],
    [[7, 1], [50, 50], /no split/],
    [[1], [50, 50], /3 panes, not 2/],
    [[1], [50, Number.NaN, 50], /positive numbers/],
    [[1], [50, -1, 51], /positive numbers/],
    [[1], [0, 0, 0], /positive numbers/],
  ] as const)('refuses path %j with sizes %j and changes nothing', (path, sizes, reason) => {
    const result = resizeSplit(compact, path, sizes);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(reason);
  });

  it('keeps a collapsed child’s stored size when its neighbours are resized', () => {
    const sizes = [50, 30, 20];
    const collapsed = [false, true, false];
    const shown = shownSizes(sizes, collapsed, 5);
    const dragged = [shown[0]! + 10, shown[1]!, shown[2]! - 10];
    const stored = storedSizesAfterResize(sizes, collapsed, dragged);
    expect(stored[1]).toBe(30);
    expect(sum(stored)).toBeCloseTo(100, 6);
    expect(shownSizes(stored, collapsed, 5).map((s) => Math.round(s * 1000))).toEqual(
      dragged.map((s) => Math.round(s * 1000)),
    );
  });

  it('stores what was shown when nothing is collapsed', () => {
    expect(storedSizesAfterResize([50, 50], [false, false], [30, 70])).toEqual([30, 70]);
  });
});

describe('validation of a stored layout', () => {
  const valid = plain(compact) as unknown as Record<string, unknown>;
  const withRoot = (root: unknown) => ({ ...valid, root });
  const slot = (panel: string) => ({ type: 'slot', panel });
  const row = (children: unknown[], sizes: unknown[]) => ({ type: 'split', direction: 'row', children, sizes });
  const allFive = PANEL_IDS.map(slot);

  it('accepts a layout written by the app, with sizes that drifted by rounding', () => {
    const drifted = row(allFive, [20.1, 20, 20, 20, 20.2]);
    const result = validateLayout(withRoot(drifted));
    expect(result.ok).toBe(true);
    if (result.ok) expect(sum((result.layout.root as SplitNode).sizes)).toBeCloseTo(100, 6);
  });

  it.each([
    ['nothing', undefined, /not a layout/],
    ['a string', 'layout', /not a layout/],
    ['another format version', { ...valid, version: 2 }, /format this version does not read/],
    ['a panel twice', withRoot(row([...allFive, slot('log')], [20, 20, 20, 20, 10, 10])), /Log panel twice/],
    ['a missing panel', withRoot(row(allFive.slice(0, 4), [25, 25, 25, 25])), /no place for the Dice panel/],
    [
      'an unknown panel',
      withRoot(row([...allFive, slot('chat')], [20, 20, 20, 20, 10, 10])),
      /panel GM Screen does not have \("chat"\)/,
    ],
    [
      'a split of one',
      withRoot({ type: 'split', direction: 'row', children: [row(allFive, [20, 20, 20, 20, 20])], sizes: [100] }),
      /fewer than two/,
    ],
    ['sizes that do not add up', withRoot(row(allFive, [10, 10, 10, 10, 10])), /add up to 50%/],
    ['a negative size', withRoot(row(allFive, [-20, 40, 40, 20, 20])), /not a positive number/],
    ['a size per pane missing', withRoot(row(allFive, [50, 50])), /different number of sizes/],
    ['no direction', withRoot({ ...row(allFive, [20, 20, 20, 20, 20]), direction: 'diagonal' }), /no direction/],
    ['an unknown collapsed panel', { ...valid, collapsed: ['chat'] }, /collapsed panels/],
  ])('refuses %s with the reason', (_label, value, reason) => {
    const result = validateLayout(value);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(reason);
  });

  it('refuses a tree nested deeper than the shell builds', () => {
    let node: unknown = row([slot('log'), slot('dice')], [50, 50]);
    for (let i = 0; i < 8; i++) node = row([node, slot('tracker')], [50, 50]);
    const result = validateLayout(withRoot(node));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(/deep/);
  });

  it('reads a layout without a collapsed list as nothing collapsed', () => {
    const { collapsed: _collapsed, ...rest } = valid;
    const result = validateLayout(rest);
    expect(result.ok && result.layout.collapsed).toEqual([]);
  });
});

describe('layout names', () => {
  it('trims and squeezes spaces, and refuses empty or overlong names', () => {
    expect(checkLayoutName('  Big   fight ')).toEqual({ ok: true, name: 'Big fight' });
    expect(checkLayoutName('   ')).toEqual({ ok: false, reason: 'Give the layout a name.' });
    expect(checkLayoutName('x'.repeat(41)).ok).toBe(false);
  });
});

describe('any sequence of changes keeps a valid layout', () => {
  const panel = fc.constantFrom<PanelId>(...PANEL_IDS);
  const change = fc.oneof(
    fc.record({ kind: fc.constant('swap' as const), a: panel, b: panel }),
    fc.record({ kind: fc.constant('collapse' as const), panel, on: fc.boolean() }),
    fc.record({
      kind: fc.constant('resize' as const),
      pick: fc.nat(),
      sizes: fc.array(fc.double({ min: 0.5, max: 200, noNaN: true }), { minLength: 2, maxLength: 4 }),
    }),
  );

  it('every panel once, sizes adding up to 100, and it survives storage and validation', () => {
    fc.assert(
      fc.property(fc.constantFrom(800, 1280, 1920), fc.array(change, { maxLength: 30 }), (width, changes) => {
        let layout: Layout = defaultLayout(width);
        for (const c of changes) {
          if (c.kind === 'swap') layout = swapPanels(layout, c.a, c.b);
          else if (c.kind === 'collapse') layout = setCollapsed(layout, c.panel, c.on);
          else {
            const paths = splits(layout.root).map((s) => pathOfSplit(layout.root, s));
            const path = paths[c.pick % paths.length]!;
            const target = nodeAt(layout.root, path) as SplitNode;
            const result = resizeSplit(layout, path, c.sizes.slice(0, target.children.length));
            if (c.sizes.length >= target.children.length) expect(result.ok).toBe(true);
            if (result.ok) layout = result.layout;
          }
        }
        expect([...panelsInOrder(layout.root)].sort()).toEqual([...PANEL_IDS].sort());
        for (const s of splits(layout.root)) expect(sum(s.sizes)).toBeCloseTo(100, 6);
        const read = validateLayout(plain(layout));
        expect(read.ok && sameLayout(read.layout, layout)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

function pathOfSplit(root: LayoutNode, target: SplitNode, path: number[] = []): number[] {
  if (root === target) return path;
  if (root.type === 'slot') return [];
  for (const [i, child] of root.children.entries()) {
    if (child === target || (child.type === 'split' && splits(child).includes(target)))
      return pathOfSplit(child, target, [...path, i]);
  }
  return [];
}
