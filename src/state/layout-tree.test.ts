import fc from 'fast-check';
import type { MosaicNode } from 'react-mosaic-component';
import { describe, expect, it } from 'vitest';
import type { LayoutNode, LayoutPath, LayoutSplit, PaneId } from './layout-node';
import {
  findPath,
  getLeaves,
  getNodeAtPath,
  isSplit,
  type MosaicLikeNode,
  normalizeLayout,
  percentagesOf,
  removePane,
  replacePane,
  resizeDivider,
  setSplitPercentages,
  splitPane,
  swapPanes,
} from './layout-tree';

// ---- helpers ---------------------------------------------------------------------------------

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** Checks every invariant a normalized layout promises; returns the first violation or null. */
function violation(node: LayoutNode | null): string | null {
  if (node === null || !isSplit(node)) return null;
  const { children, splitPercentages } = node;
  if (children.length < 2) return `split with ${children.length} children`;
  if (splitPercentages?.length !== children.length) return 'percentages missing or wrong length';
  if (splitPercentages.some((p) => !Number.isFinite(p) || p < 0)) return 'bad percentage';
  const sum = splitPercentages.reduce((a, b) => a + b, 0);
  if (Math.abs(sum - 100) > 1e-6) return `percentages sum to ${sum}`;
  for (const child of children) {
    if (isSplit(child) && child.direction === node.direction) return 'same-direction child split';
    const inner = violation(child);
    if (inner !== null) return inner;
  }
  return null;
}

function splitPaths(node: LayoutNode | null, path: LayoutPath = []): LayoutPath[] {
  if (node === null || !isSplit(node)) return [];
  return [path, ...node.children.flatMap((child, i) => splitPaths(child, [...path, i]))];
}

function allSplits(node: LayoutNode | null): Set<LayoutSplit> {
  return new Set(splitPaths(node).map((path) => getNodeAtPath(node, path) as LayoutSplit));
}

const sorted = (ids: PaneId[]): PaneId[] => [...ids].sort();

const opArb = fc.tuple(
  fc.constantFrom('split', 'split', 'split', 'split', 'remove', 'swap', 'resize', 'resize'),
  fc.nat(),
  fc.nat(),
  fc.constantFrom('row' as const, 'column' as const),
  fc.double({ min: -100, max: 100, noNaN: true }),
  fc.double({ min: 0, max: 40, noNaN: true }),
);

/** Replays random edits from a single pane; every intermediate tree is frozen to catch mutation. */
const treeArb: fc.Arbitrary<LayoutNode> = fc.array(opArb, { maxLength: 30 }).map((ops) => {
  let tree: LayoutNode = deepFreeze<LayoutNode>('p0');
  let next = 1;
  for (const [kind, a, b, direction, delta, min] of ops) {
    const leaves = getLeaves(tree);
    const pick = <T>(items: T[], n: number): T => items[n % items.length] as T;
    if (kind === 'split') tree = splitPane(tree, pick(leaves, a), `p${next++}`, direction);
    if (kind === 'remove' && leaves.length > 1) tree = removePane(tree, pick(leaves, a)) as LayoutNode;
    if (kind === 'swap') tree = swapPanes(tree, pick(leaves, a), pick(leaves, b));
    const paths = splitPaths(tree);
    if (kind === 'resize' && paths.length > 0) {
      const path = pick(paths, a);
      const split = getNodeAtPath(tree, path) as LayoutSplit;
      tree = resizeDivider(tree, path, b % (split.children.length - 1), delta, min);
    }
    deepFreeze(tree);
  }
  return tree;
});

// ---- properties ------------------------------------------------------------------------------

// Property runs are CPU-bound; a generous timeout keeps them from flaking on a loaded CI machine.
describe('layout-tree properties', { timeout: 30_000 }, () => {
  it('random edit sequences always produce valid trees', () => {
    fc.assert(
      fc.property(treeArb, (tree) => {
        expect(violation(tree)).toBeNull();
      }),
    );
  });

  it('splitPane adds exactly the new leaf, right after the target, sharing untouched splits', () => {
    fc.assert(
      fc.property(treeArb, fc.nat(), fc.constantFrom('row' as const, 'column' as const), (tree, n, dir) => {
        const before = getLeaves(tree);
        const target = before[n % before.length] as PaneId;
        const snapshot = structuredClone(tree);
        const result = splitPane(tree, target, 'fresh', dir);
        expect(tree).toEqual(snapshot);
        const expected = [...before];
        expected.splice(before.indexOf(target) + 1, 0, 'fresh');
        expect(getLeaves(result)).toEqual(expected);
        expect(violation(result)).toBeNull();
        const old = allSplits(tree);
        for (const split of allSplits(result)) {
          const leaves = getLeaves(split);
          if (!leaves.includes(target)) expect(old.has(split)).toBe(true);
        }
      }),
    );
  });

  it('removePane removes exactly that leaf and keeps the others in order', () => {
    fc.assert(
      fc.property(treeArb, fc.nat(), (tree, n) => {
        const before = getLeaves(tree);
        const target = before[n % before.length] as PaneId;
        const snapshot = structuredClone(tree);
        const result = removePane(tree, target);
        expect(tree).toEqual(snapshot);
        expect(getLeaves(result)).toEqual(before.filter((id) => id !== target));
        expect(violation(result)).toBeNull();
        expect(removePane(tree, 'absent')).toBe(tree);
      }),
    );
  });

  it('swapPanes exchanges exactly two positions', () => {
    fc.assert(
      fc.property(treeArb, fc.nat(), fc.nat(), (tree, i, j) => {
        const before = getLeaves(tree);
        const a = before[i % before.length] as PaneId;
        const b = before[j % before.length] as PaneId;
        const result = swapPanes(tree, a, b);
        const expected = before.map((id) => (id === a ? b : id === b ? a : id));
        expect(getLeaves(result)).toEqual(expected);
        expect(sorted(getLeaves(result))).toEqual(sorted(before));
        expect(violation(result)).toBeNull();
      }),
    );
  });

  it('resizeDivider keeps leaves, sums and per-child minimums, and touches only two shares', () => {
    const minArb = fc.oneof(
      fc.double({ min: 0, max: 60, noNaN: true }),
      fc.array(fc.double({ min: 0, max: 60, noNaN: true }), { maxLength: 8 }),
    );
    fc.assert(
      fc.property(
        treeArb,
        fc.nat(),
        fc.nat(),
        fc.double({ min: -150, max: 150, noNaN: true }),
        minArb,
        (tree, p, d, delta, min) => {
          const paths = splitPaths(tree);
          fc.pre(paths.length > 0);
          const path = paths[p % paths.length] as LayoutPath;
          const split = getNodeAtPath(tree, path) as LayoutSplit;
          const index = d % (split.children.length - 1);
          const result = resizeDivider(tree, path, index, delta, min);
          expect(getLeaves(result)).toEqual(getLeaves(tree));
          expect(violation(result)).toBeNull();
          const old = percentagesOf(split);
          const now = percentagesOf(getNodeAtPath(result, path) as LayoutSplit);
          const minOf = (i: number) => (typeof min === 'number' ? min : (min[i] ?? 0));
          for (const i of [index, index + 1]) {
            expect(now[i]).toBeGreaterThanOrEqual(Math.min(minOf(i), old[i] as number) - 1e-9);
          }
          now.forEach((value, i) => {
            if (i !== index && i !== index + 1) expect(value).toBe(old[i]);
          });
          if (result === tree) expect(now).toEqual(old);
        },
      ),
    );
  });

  it('findPath and getNodeAtPath agree for every leaf', () => {
    fc.assert(
      fc.property(treeArb, (tree) => {
        for (const id of getLeaves(tree)) {
          expect(getNodeAtPath(tree, findPath(tree, id) as LayoutPath)).toBe(id);
        }
        expect(findPath(tree, 'absent')).toBeNull();
      }),
    );
  });
});

// ---- normalizeLayout over raw react-mosaic trees ---------------------------------------------

const rawTreeArb: fc.Arbitrary<MosaicLikeNode> = fc.letrec<{ node: MosaicLikeNode }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'),
    fc.integer({ min: 0, max: 5 }),
    fc.record({
      type: fc.constant('tabs' as const),
      tabs: fc.array(fc.constantFrom('t1', 't2', 't3', 'a'), { maxLength: 3 }),
      activeTabIndex: fc.nat(2),
    }),
    fc.record(
      {
        type: fc.constant('split' as const),
        direction: fc.constantFrom('row' as const, 'column' as const),
        children: fc.array(tie('node'), { maxLength: 4 }),
        splitPercentages: fc.array(
          fc.oneof(fc.double({ min: -10, max: 120 }), fc.constant(Number.NaN), fc.constant(0)),
          { maxLength: 4 },
        ),
      },
      { requiredKeys: ['type', 'direction', 'children'] },
    ),
  ),
})).node;

function rawLeaves(node: MosaicLikeNode): string[] {
  if (typeof node === 'string' || typeof node === 'number') return [String(node)];
  if (node.type === 'tabs') return node.tabs.map(String);
  return node.children.flatMap(rawLeaves);
}

describe('normalizeLayout properties', { timeout: 30_000 }, () => {
  it('returns a valid tree with the same panes in order, first occurrences only', () => {
    fc.assert(
      fc.property(rawTreeArb, (raw) => {
        const snapshot = structuredClone(raw);
        const result = normalizeLayout(deepFreeze(raw));
        expect(raw).toEqual(snapshot);
        expect(violation(result)).toBeNull();
        expect(getLeaves(result)).toEqual([...new Set(rawLeaves(raw))]);
      }),
    );
  });

  it('is idempotent and keeps valid trees by reference', () => {
    fc.assert(
      fc.property(rawTreeArb, (raw) => {
        const once = normalizeLayout(raw);
        expect(normalizeLayout(once)).toBe(once);
      }),
    );
    fc.assert(
      fc.property(treeArb, (tree) => {
        expect(normalizeLayout(tree)).toBe(tree);
      }),
    );
  });
});

// ---- examples --------------------------------------------------------------------------------

const row = (children: LayoutNode[], splitPercentages?: number[]): LayoutSplit =>
  splitPercentages
    ? { type: 'split', direction: 'row', children, splitPercentages }
    : { type: 'split', direction: 'row', children };
const column = (children: LayoutNode[], splitPercentages?: number[]): LayoutSplit =>
  splitPercentages
    ? { type: 'split', direction: 'column', children, splitPercentages }
    : { type: 'split', direction: 'column', children };

describe('layout-tree examples', () => {
  it('lists leaves depth-first', () => {
    expect(getLeaves(row([column(['a', 'b']), 'c', column(['d', row(['e', 'f'])])]))).toEqual([
      'a',
      'b',
      'c',
      'd',
      'e',
      'f',
    ]);
    expect(getLeaves(null)).toEqual([]);
  });

  it('splits into a new split or joins a same-direction parent', () => {
    expect(splitPane(null, 'x', 'a', 'row')).toBe('a');
    expect(splitPane('a', 'a', 'b', 'column')).toEqual(column(['a', 'b'], [50, 50]));
    const tree = deepFreeze(row(['a', 'b', 'c'], [20, 30, 50]));
    expect(splitPane(tree, 'b', 'n', 'row')).toEqual(row(['a', 'b', 'n', 'c'], [20, 15, 15, 50]));
    const nested = splitPane(tree, 'b', 'n', 'column');
    expect(nested).toEqual(row(['a', column(['b', 'n'], [50, 50]), 'c'], [20, 30, 50]));
    expect((nested as LayoutSplit).splitPercentages).toBe(tree.splitPercentages);
  });

  it('rejects unknown targets and duplicate ids', () => {
    const tree = deepFreeze(row(['a', 'b']));
    expect(() => splitPane(tree, 'zz', 'n', 'row')).toThrow(/Unknown pane id: zz/);
    expect(() => splitPane(tree, 'a', 'b', 'row')).toThrow(/already/);
    expect(() => swapPanes(tree, 'a', 'zz')).toThrow(/Unknown pane id/);
    expect(() => replacePane(tree, 'zz', 'n')).toThrow(/Unknown pane id/);
    expect(() => replacePane(tree, 'a', 'b')).toThrow(/already/);
    expect(() => resizeDivider(tree, [0], 0, 5)).toThrow(/No split/);
    expect(() => resizeDivider(tree, [], 1, 5)).toThrow(/No divider/);
    expect(() => setSplitPercentages(tree, [], [100])).toThrow(/Expected 2/);
  });

  it('gives a removed pane’s share to its siblings proportionally', () => {
    const tree = deepFreeze(row(['a', 'b', 'c'], [20, 30, 50]));
    const result = removePane(tree, 'b') as LayoutSplit;
    expect(result.children).toEqual(['a', 'c']);
    expect(result.splitPercentages?.[0]).toBeCloseTo((20 / 70) * 100, 10);
    expect(result.splitPercentages?.[1]).toBeCloseTo((50 / 70) * 100, 10);
    expect(removePane(tree, 'zz')).toBe(tree);
    expect(removePane('a', 'a')).toBeNull();
    expect(removePane(null, 'a')).toBeNull();
  });

  it('collapses a single-child split and flattens it into a same-direction parent', () => {
    const tree = deepFreeze(row(['a', column(['b', row(['c', 'd'], [40, 60])], [50, 50])], [50, 50]));
    expect(removePane(tree, 'b')).toEqual(row(['a', 'c', 'd'], [50, 20, 30]));
  });

  it('swaps and replaces panes, sharing untouched subtrees', () => {
    const right = column(['c', 'd']);
    const tree = deepFreeze(row([column(['a', 'b']), right], [30, 70]));
    const swapped = swapPanes(tree, 'a', 'b') as LayoutSplit;
    expect(swapped).toEqual(row([column(['b', 'a']), column(['c', 'd'])], [30, 70]));
    expect(swapped.children[1]).toBe(right);
    expect(swapPanes(tree, 'a', 'a')).toBe(tree);
    expect(replacePane(tree, 'd', 'z')).toEqual(row([column(['a', 'b']), column(['c', 'z'])], [30, 70]));
    expect(replacePane(tree, 'd', 'd')).toBe(tree);
  });

  it('clamps a divider drag to the neighbours’ minimums', () => {
    const tree = deepFreeze(row(['a', 'b', 'c'], [20, 30, 50]));
    expect(resizeDivider(tree, [], 0, 5)).toEqual(row(['a', 'b', 'c'], [25, 25, 50]));
    expect(resizeDivider(tree, [], 1, -100, 10)).toEqual(row(['a', 'b', 'c'], [20, 10, 70]));
    expect(resizeDivider(tree, [], 0, 100, [0, 25])).toEqual(row(['a', 'b', 'c'], [25, 25, 50]));
    expect(resizeDivider(tree, [], 0, 0)).toBe(tree);
    // b is already below its minimum of 40: the divider may only move to give b room.
    expect(resizeDivider(tree, [], 0, 5, [0, 40])).toBe(tree);
    expect(resizeDivider(tree, [], 0, -5, [0, 40])).toEqual(row(['a', 'b', 'c'], [15, 35, 50]));
    expect(resizeDivider(tree, [], 0, -5, 40)).toBe(tree);
    // a is below its minimum of 40: it may grow but not shrink, and it does not jump to 40.
    expect(resizeDivider(tree, [], 0, -5, [40, 0])).toBe(tree);
    expect(resizeDivider(tree, [], 0, 5, [40, 0])).toEqual(row(['a', 'b', 'c'], [25, 25, 50]));
  });

  it('sets percentages at a path, rescaled to 100', () => {
    const tree = deepFreeze(row(['a', column(['b', 'c'])], [50, 50]));
    const result = setSplitPercentages(tree, [1], [1, 3]);
    expect(getNodeAtPath(result, [1])).toEqual(column(['b', 'c'], [25, 75]));
    expect(() => setSplitPercentages(tree, [1], [-1, 3])).toThrow(/non-negative/);
  });
});

describe('normalizeLayout examples', () => {
  it('lays a tabs node out as a row', () => {
    const tabs = { type: 'tabs' as const, tabs: ['a', 'b', 'c'], activeTabIndex: 1 };
    const result = normalizeLayout(tabs) as LayoutSplit;
    expect(result.direction).toBe('row');
    expect(result.children).toEqual(['a', 'b', 'c']);
    for (const share of result.splitPercentages ?? []) expect(share).toBeCloseTo(100 / 3, 10);
    expect(normalizeLayout({ type: 'tabs', tabs: ['solo'], activeTabIndex: 0 })).toBe('solo');
    expect(normalizeLayout({ type: 'tabs', tabs: [], activeTabIndex: 0 })).toBeNull();
  });

  it('merges tabs inside a row and drops empty tabs', () => {
    const raw: MosaicLikeNode = {
      type: 'split',
      direction: 'row',
      children: [
        'x',
        { type: 'tabs', tabs: ['a', 'b'], activeTabIndex: 0 },
        { type: 'tabs', tabs: [], activeTabIndex: 0 },
      ],
      splitPercentages: [40, 60, 0],
    };
    expect(normalizeLayout(raw)).toEqual(row(['x', 'a', 'b'], [40, 30, 30]));
  });

  it('repairs percentages', () => {
    expect(normalizeLayout(row(['a', 'b']))).toEqual(row(['a', 'b'], [50, 50]));
    expect(normalizeLayout(row(['a', 'b'], [10, 20, 70]))).toEqual(row(['a', 'b'], [50, 50]));
    expect(normalizeLayout(row(['a', 'b'], [-10, 110]))).toEqual(row(['a', 'b'], [50, 50]));
    expect(normalizeLayout(row(['a', 'b'], [Number.NaN, 50]))).toEqual(row(['a', 'b'], [50, 50]));
    expect(normalizeLayout(row(['a', 'b', 'c'], [1, 1, 2]))).toEqual(row(['a', 'b', 'c'], [25, 25, 50]));
    expect(normalizeLayout(column([row([]), 'a']))).toBe('a');
  });

  it('accepts a react-mosaic MosaicNode without casts', () => {
    const mosaic: MosaicNode<string> = {
      type: 'split',
      direction: 'column',
      children: ['a', 'b'],
      splitPercentages: [70, 30],
    };
    expect(normalizeLayout(mosaic)).toBe(mosaic);
  });
});
