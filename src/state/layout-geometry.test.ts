import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canSplit,
  computeDividers,
  computePaneRects,
  findDividerAt,
  getRectAtPath,
  minExtent,
  minExtentAtSplits,
  minPercentForPixels,
  neighbourInDirection,
  smallestPaneSize,
} from './layout-geometry';
import type { Direction, LayoutNode, LayoutPath, LayoutSplit, PaneId, Rect } from './layout-node';
import {
  getLeaves,
  getNodeAtPath,
  isSplit,
  removePane,
  resizeDivider,
  splitPane,
  swapPanes,
} from './layout-tree';

// ---- random trees (a compact copy of the generator in layout-tree.test.ts) --------------------

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

function splitPaths(node: LayoutNode | null, path: LayoutPath = []): LayoutPath[] {
  if (node === null || !isSplit(node)) return [];
  return [path, ...node.children.flatMap((child, i) => splitPaths(child, [...path, i]))];
}

const opArb = fc.tuple(
  fc.constantFrom('split', 'split', 'split', 'remove', 'swap', 'resize'),
  fc.nat(),
  fc.nat(),
  fc.constantFrom('row' as const, 'column' as const),
  fc.double({ min: -100, max: 100, noNaN: true }),
);

const treeArb: fc.Arbitrary<LayoutNode> = fc.array(opArb, { maxLength: 30 }).map((ops) => {
  let tree: LayoutNode = 'p0';
  let next = 1;
  for (const [kind, a, b, direction, delta] of ops) {
    const leaves = getLeaves(tree);
    const pick = <T>(items: T[], n: number): T => items[n % items.length] as T;
    if (kind === 'split') tree = splitPane(tree, pick(leaves, a), `p${next++}`, direction);
    if (kind === 'remove' && leaves.length > 1) tree = removePane(tree, pick(leaves, a)) as LayoutNode;
    if (kind === 'swap') tree = swapPanes(tree, pick(leaves, a), pick(leaves, b));
    const paths = splitPaths(tree);
    if (kind === 'resize' && paths.length > 0) {
      const path = pick(paths, a);
      const split = getNodeAtPath(tree, path) as LayoutSplit;
      tree = resizeDivider(tree, path, b % (split.children.length - 1), delta);
    }
  }
  return deepFreeze(tree);
});

const boundsArb = fc.record({
  x: fc.integer({ min: -500, max: 500 }),
  y: fc.integer({ min: -500, max: 500 }),
  width: fc.integer({ min: 1, max: 4000 }),
  height: fc.integer({ min: 1, max: 3000 }),
});

const UNIT: Rect = { x: 0, y: 0, width: 1, height: 1 };
const EPS = 1e-9;

function intersectionArea(a: Rect, b: Rect): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

// ---- properties ------------------------------------------------------------------------------

// Property runs are CPU-bound; a generous timeout keeps them from flaking on a loaded CI machine.
describe('layout-geometry properties', { timeout: 30_000 }, () => {
  it('pane rects tile the bounds exactly', () => {
    fc.assert(
      fc.property(treeArb, boundsArb, (tree, bounds) => {
        const snapshot = structuredClone(tree);
        const rects = computePaneRects(tree, bounds);
        expect(tree).toEqual(snapshot);
        expect([...rects.keys()]).toEqual(getLeaves(tree));
        const list = [...rects.values()];
        const area = list.reduce((total, r) => total + r.width * r.height, 0);
        const expected = bounds.width * bounds.height;
        expect(Math.abs(area - expected)).toBeLessThanOrEqual(1e-9 * expected);
        list.forEach((r, i) => {
          expect(r.width).toBeGreaterThanOrEqual(0);
          expect(r.height).toBeGreaterThanOrEqual(0);
          expect(r.x).toBeGreaterThanOrEqual(bounds.x - EPS);
          expect(r.y).toBeGreaterThanOrEqual(bounds.y - EPS);
          expect(r.x + r.width).toBeLessThanOrEqual(bounds.x + bounds.width + 1e-6);
          expect(r.y + r.height).toBeLessThanOrEqual(bounds.y + bounds.height + 1e-6);
          for (const other of list.slice(i + 1)) expect(intersectionArea(r, other)).toBeLessThan(1e-6);
        });
      }),
    );
  });

  it('has one divider per boundary, each on its split, and findDividerAt finds each at distance 0', () => {
    fc.assert(
      fc.property(treeArb, (tree) => {
        const dividers = computeDividers(tree, UNIT);
        const expected = splitPaths(tree).reduce(
          (total, path) => total + (getNodeAtPath(tree, path) as LayoutSplit).children.length - 1,
          0,
        );
        expect(dividers).toHaveLength(expected);
        for (const divider of dividers) {
          const split = getNodeAtPath(tree, divider.path) as LayoutSplit;
          expect(split.direction).toBe(divider.direction);
          expect(divider.splitRect).toEqual(getRectAtPath(tree, divider.path, UNIT));
          const { rect, splitRect } = divider;
          expect(divider.direction === 'row' ? rect.width : rect.height).toBe(0);
          expect(rect.x).toBeGreaterThanOrEqual(splitRect.x - EPS);
          expect(rect.x + rect.width).toBeLessThanOrEqual(splitRect.x + splitRect.width + EPS);
          expect(rect.y).toBeGreaterThanOrEqual(splitRect.y - EPS);
          expect(rect.y + rect.height).toBeLessThanOrEqual(splitRect.y + splitRect.height + EPS);
          const mid = { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
          const found = findDividerAt(dividers, mid, 1e-3);
          expect(found).not.toBeNull();
          const r = (found as NonNullable<typeof found>).rect;
          expect(mid.x).toBeGreaterThanOrEqual(r.x - EPS);
          expect(mid.x).toBeLessThanOrEqual(r.x + r.width + EPS);
          expect(mid.y).toBeGreaterThanOrEqual(r.y - EPS);
          expect(mid.y).toBeLessThanOrEqual(r.y + r.height + EPS);
        }
      }),
    );
  });

  it('neighbourInDirection only moves in that direction, and finds a neighbour unless at the edge', () => {
    const directions: Direction[] = ['left', 'right', 'up', 'down'];
    fc.assert(
      fc.property(treeArb, fc.nat(), (tree, n) => {
        const rects = computePaneRects(tree, UNIT);
        const leaves = getLeaves(tree);
        const fromId = leaves[n % leaves.length] as PaneId;
        const from = rects.get(fromId) as Rect;
        for (const direction of directions) {
          const result = neighbourInDirection(rects, fromId, direction);
          expect(result).not.toBe(fromId);
          const to = result === null ? null : (rects.get(result) as Rect);
          if (to !== null) {
            if (direction === 'right') expect(to.x).toBeGreaterThanOrEqual(from.x + from.width - 1e-6);
            if (direction === 'left') expect(to.x + to.width).toBeLessThanOrEqual(from.x + 1e-6);
            if (direction === 'down') expect(to.y).toBeGreaterThanOrEqual(from.y + from.height - 1e-6);
            if (direction === 'up') expect(to.y + to.height).toBeLessThanOrEqual(from.y + 1e-6);
          }
          const hasArea = from.width > 1e-6 && from.height > 1e-6;
          const atEdge =
            (direction === 'right' && from.x + from.width >= 1 - 1e-6) ||
            (direction === 'left' && from.x <= 1e-6) ||
            (direction === 'down' && from.y + from.height >= 1 - 1e-6) ||
            (direction === 'up' && from.y <= 1e-6);
          if (hasArea && !atEdge) expect(result).not.toBeNull();
        }
      }),
    );
  });

  it('canSplit agrees with the sizes of the two panes splitPane produces', () => {
    fc.assert(
      fc.property(treeArb, fc.nat(), fc.constantFrom('row' as const, 'column' as const), (tree, n, dir) => {
        const bounds = { x: 0, y: 0, width: 2400, height: 1400 };
        const leaves = getLeaves(tree);
        const target = leaves[n % leaves.length] as PaneId;
        const before = computePaneRects(tree, bounds).get(target) as Rect;
        const halfOk = (dir === 'row' ? before.width : before.height) / 2 >= 300 - 1e-6;
        const otherOk = (dir === 'row' ? before.height : before.width) >= 300 - 1e-6;
        expect(canSplit(tree, target, dir, bounds)).toBe(halfOk && otherOk);
      }),
    );
  });

  it('minExtent is what every pane needs: a split sized by it gives each pane at least minPx', () => {
    fc.assert(
      fc.property(treeArb, (tree) => {
        const width = minExtent(tree, 'x', 100);
        const height = minExtent(tree, 'y', 100);
        expect(width).toBeGreaterThanOrEqual(100);
        // Give every split shares proportional to its children's minimum extents.
        const proportional = (node: LayoutNode): LayoutNode => {
          if (!isSplit(node)) return node;
          const axis = node.direction === 'row' ? 'x' : 'y';
          const needs = node.children.map((c) => minExtent(c, axis, 100));
          const sum = needs.reduce((a, b) => a + b, 0);
          return {
            ...node,
            children: node.children.map(proportional),
            splitPercentages: needs.map((v) => (v / sum) * 100),
          };
        };
        const size = smallestPaneSize(proportional(tree), { x: 0, y: 0, width, height });
        expect(size?.width).toBeCloseTo(100, 6);
        expect(size?.height).toBeGreaterThanOrEqual(100 - 1e-6);
      }),
    );
  });
});

// ---- examples --------------------------------------------------------------------------------

const row = (
  children: LayoutNode[],
  splitPercentages = children.map(() => 100 / children.length),
): LayoutSplit => ({
  type: 'split',
  direction: 'row',
  children,
  splitPercentages,
});
const column = (
  children: LayoutNode[],
  splitPercentages = children.map(() => 100 / children.length),
): LayoutSplit => ({
  type: 'split',
  direction: 'column',
  children,
  splitPercentages,
});

describe('minExtentAtSplits', () => {
  it('is the least room in which every pane keeps the minimum with the splits as they are', () => {
    fc.assert(
      fc.property(treeArb, (tree) => {
        // Slivers under 1 % are a case of their own (below).
        const shares = (node: LayoutNode): number[] =>
          isSplit(node) ? [...(node.splitPercentages ?? []), ...node.children.flatMap(shares)] : [];
        fc.pre(shares(tree).every((share) => share >= 1));
        const width = minExtentAtSplits(tree, 'x', 300);
        const height = minExtentAtSplits(tree, 'y', 300);
        const rects = [...computePaneRects(tree, { x: 0, y: 0, width, height }).values()];
        // Enough: every pane is at least 300 x 300...
        // (within rounding, which grows with the extent a sliver of a split asks for)
        const slack = 1e-3 + 1e-9 * Math.max(width, height);
        for (const rect of rects) {
          expect(rect.width).toBeGreaterThanOrEqual(300 - slack);
          expect(rect.height).toBeGreaterThanOrEqual(300 - slack);
        }
        // ...and no more than needed: some pane is exactly at the minimum on each axis.
        expect(Math.abs(Math.min(...rects.map((r) => r.width)) - 300)).toBeLessThan(slack);
        expect(Math.abs(Math.min(...rects.map((r) => r.height)) - 300)).toBeLessThan(slack);
        // Never less than the best case of any split.
        expect(width).toBeGreaterThanOrEqual(minExtent(tree, 'x', 300) - 1e-6);
      }),
    );
  });

  it('counts uneven splits: a 25 / 75 row of two panes needs 1200 px', () => {
    const row: LayoutNode = {
      type: 'split',
      direction: 'row',
      children: ['a', 'b'],
      splitPercentages: [25, 75],
    };
    expect(minExtentAtSplits(row, 'x', 300)).toBeCloseTo(1200, 9);
    expect(minExtentAtSplits(row, 'y', 300)).toBe(300);
    // A pane's minimum can differ by axis (a title bar takes height): each axis takes its own.
    expect(minExtentAtSplits(row, 'x', { x: 308, y: 342 })).toBeCloseTo(1232, 9);
    expect(minExtentAtSplits(row, 'y', { x: 308, y: 342 })).toBe(342);
    expect(canSplit(row, 'b', 'column', { x: 0, y: 0, width: 1232, height: 683 }, { x: 308, y: 342 })).toBe(
      false,
    );
    expect(canSplit(row, 'b', 'column', { x: 0, y: 0, width: 1232, height: 684 }, { x: 308, y: 342 })).toBe(
      true,
    );
    expect(minExtentAtSplits(null, 'x', 300)).toBe(0);
    // A sliver of a split (a hand-edited document) asks for 100 times the pane, not millions of pixels.
    const sliver: LayoutNode = { ...row, splitPercentages: [1e-7, 100 - 1e-7] };
    expect(minExtentAtSplits(sliver, 'x', 300)).toBe(30_000);
  });
});

describe('layout-geometry examples', () => {
  // a b
  // c d
  const grid = deepFreeze(row([column(['a', 'c']), column(['b', 'd'])]));
  const gridRects = computePaneRects(grid, UNIT);

  it('computes rects of a 2x2 grid', () => {
    expect(gridRects.get('a')).toEqual({ x: 0, y: 0, width: 0.5, height: 0.5 });
    expect(gridRects.get('d')).toEqual({ x: 0.5, y: 0.5, width: 0.5, height: 0.5 });
    expect(computePaneRects(null, UNIT).size).toBe(0);
  });

  it('finds neighbours in a 2x2 grid', () => {
    expect(neighbourInDirection(gridRects, 'a', 'right')).toBe('b');
    expect(neighbourInDirection(gridRects, 'a', 'down')).toBe('c');
    expect(neighbourInDirection(gridRects, 'd', 'left')).toBe('c');
    expect(neighbourInDirection(gridRects, 'd', 'up')).toBe('b');
    expect(neighbourInDirection(gridRects, 'a', 'left')).toBeNull();
    expect(neighbourInDirection(gridRects, 'a', 'up')).toBeNull();
    expect(neighbourInDirection(gridRects, 'zz', 'up')).toBeNull();
  });

  it('prefers the facing pane with the largest overlap, then the nearest', () => {
    const tree = row(['a', column(['b', 'c'], [30, 70])]);
    expect(neighbourInDirection(computePaneRects(tree, UNIT), 'a', 'right')).toBe('c');
    const rects = new Map<PaneId, Rect>([
      ['from', { x: 0, y: 0, width: 1, height: 1 }],
      ['diagonal', { x: 1, y: 2, width: 1, height: 1 }],
      ['facing-far', { x: 3, y: 0.5, width: 1, height: 1 }],
      ['behind', { x: -2, y: 0, width: 1, height: 1 }],
    ]);
    expect(neighbourInDirection(rects, 'from', 'right')).toBe('facing-far');
    rects.delete('facing-far');
    expect(neighbourInDirection(rects, 'from', 'right')).toBe('diagonal');
    expect(neighbourInDirection(rects, 'from', 'left')).toBe('behind');
    // Both face `from` at the same distance; the larger overlap wins over the nearer centre.
    const uneven = new Map<PaneId, Rect>([
      ['from', { x: 0, y: 0, width: 0.2, height: 1 }],
      ['wide', { x: 0.2, y: 0, width: 1, height: 0.6 }],
      ['narrow', { x: 0.2, y: 0.6, width: 0.1, height: 0.4 }],
    ]);
    expect(neighbourInDirection(uneven, 'from', 'right')).toBe('wide');
  });

  it('computes dividers and maps a point to the nearest one', () => {
    const dividers = computeDividers(grid, { x: 0, y: 0, width: 800, height: 600 });
    expect(dividers.map((d) => [d.path, d.index, d.direction])).toEqual([
      [[], 0, 'row'],
      [[0], 0, 'column'],
      [[1], 0, 'column'],
    ]);
    expect(dividers[0]?.rect).toEqual({ x: 400, y: 0, width: 0, height: 600 });
    expect(dividers[2]?.rect).toEqual({ x: 400, y: 300, width: 400, height: 0 });
    expect(dividers[2]?.splitRect).toEqual({ x: 400, y: 0, width: 400, height: 600 });
    expect(findDividerAt(dividers, { x: 403, y: 100 }, 5)).toBe(dividers[0]);
    expect(findDividerAt(dividers, { x: 600, y: 297 }, 5)).toBe(dividers[2]);
    expect(findDividerAt(dividers, { x: 100, y: 302 }, 5)).toBe(dividers[1]);
    expect(findDividerAt(dividers, { x: 100, y: 100 }, 5)).toBeNull();
  });

  it('refuses a split that would leave a pane narrower than 300px', () => {
    expect(canSplit('a', 'a', 'row', { x: 0, y: 0, width: 500, height: 800 })).toBe(false);
    expect(canSplit('a', 'a', 'row', { x: 0, y: 0, width: 700, height: 800 })).toBe(true);
    expect(canSplit('a', 'a', 'row', { x: 0, y: 0, width: 700, height: 200 })).toBe(false);
    expect(canSplit('a', 'a', 'column', { x: 0, y: 0, width: 700, height: 500 })).toBe(false);
    expect(canSplit('a', 'a', 'column', { x: 0, y: 0, width: 700, height: 600 })).toBe(true);
    expect(canSplit('a', 'zz', 'row', { x: 0, y: 0, width: 700, height: 800 })).toBe(false);
    // In a 900px row of three, a is 300px wide: joining the row would halve it to 150px.
    const three = row(['a', 'b', 'c']);
    expect(canSplit(three, 'a', 'row', { x: 0, y: 0, width: 900, height: 800 })).toBe(false);
    expect(canSplit(three, 'a', 'column', { x: 0, y: 0, width: 900, height: 800 })).toBe(true);
  });

  it('reports the smallest pane size', () => {
    expect(
      smallestPaneSize(row(['a', column(['b', 'c'], [25, 75])], [60, 40]), {
        x: 0,
        y: 0,
        width: 1000,
        height: 800,
      }),
    ).toEqual({
      width: 400,
      height: 200,
    });
    expect(smallestPaneSize(null, UNIT)).toBeNull();
  });

  it('computes minimum extents and per-child minimum percentages', () => {
    const tree = row(['a', column(['b', row(['c', 'd'])]), 'e'], [25, 50, 25]);
    expect(minExtent(tree, 'x', 300)).toBe(300 + 600 + 300);
    expect(minExtent(tree, 'y', 300)).toBe(600);
    expect(minPercentForPixels(tree, [], { x: 0, y: 0, width: 2400, height: 900 })).toEqual([12.5, 25, 12.5]);
    // The column at [1] is 1200px wide and 900px high; its children need 300px of height each.
    expect(minPercentForPixels(tree, [1], { x: 0, y: 0, width: 2400, height: 900 }, 300)).toEqual([
      (300 / 900) * 100,
      (300 / 900) * 100,
    ]);
    expect(() => minPercentForPixels(tree, [0], UNIT)).toThrow(/No split/);
  });
});
