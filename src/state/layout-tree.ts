/**
 * Pure operations on the layout tree. Every function returns a new tree and never mutates its input;
 * subtrees an operation does not touch are shared by reference, so history entries stay cheap and
 * React can skip unchanged panes by identity.
 */
import type { LayoutNode, LayoutPath, LayoutSplit, PaneId, SplitDirection } from './layout-node';

/** A split as react-mosaic or a saved document may hand it to us, before it is checked. */
export interface MosaicLikeSplit {
  type: 'split';
  direction: SplitDirection;
  children: readonly MosaicLikeNode[];
  splitPercentages?: readonly number[];
}

/** react-mosaic's tab group; the workstation has no tabs, so we lay the tabs side by side instead. */
export interface MosaicLikeTabs {
  type: 'tabs';
  tabs: readonly (PaneId | number)[];
  activeTabIndex: number;
}

/** Structurally a superset of react-mosaic's `MosaicNode<string | number>`, without importing it here. */
export type MosaicLikeNode = PaneId | number | MosaicLikeSplit | MosaicLikeTabs;

/** Percentages are floats; sums within this of 100 are left alone so valid trees keep their identity. */
const SUM_TOLERANCE = 1e-6;

export function isSplit(node: LayoutNode): node is LayoutSplit {
  return typeof node !== 'string';
}

function equalShares(count: number): number[] {
  return Array.from({ length: count }, () => 100 / count);
}

/** The percentages a split is drawn with: its own when present and of the right length, else equal. */
export function percentagesOf(split: LayoutSplit): readonly number[] {
  const own = split.splitPercentages;
  return own !== undefined && own.length === split.children.length ? own : equalShares(split.children.length);
}

function makeSplit(direction: SplitDirection, children: LayoutNode[], percentages: number[]): LayoutSplit {
  return { type: 'split', direction, children, splitPercentages: percentages };
}

/** Same split with new children; the percentages array is shared because the child count is unchanged. */
function withChildren(split: LayoutSplit, children: LayoutNode[]): LayoutSplit {
  return split.splitPercentages === undefined
    ? { type: 'split', direction: split.direction, children }
    : makeSplit(split.direction, children, split.splitPercentages);
}

export function getLeaves(node: LayoutNode | null): PaneId[] {
  const leaves: PaneId[] = [];
  const visit = (current: LayoutNode): void => {
    if (isSplit(current)) current.children.forEach(visit);
    else leaves.push(current);
  };
  if (node !== null) visit(node);
  return leaves;
}

export function getNodeAtPath(node: LayoutNode | null, path: LayoutPath): LayoutNode | null {
  let current = node;
  for (const index of path) {
    if (current === null || !isSplit(current)) return null;
    current = current.children[index] ?? null;
  }
  return current;
}

export function findPath(node: LayoutNode | null, paneId: PaneId): LayoutPath | null {
  if (node === null) return null;
  if (!isSplit(node)) return node === paneId ? [] : null;
  for (let index = 0; index < node.children.length; index++) {
    const child = node.children[index] as LayoutNode;
    const rest = findPath(child, paneId);
    if (rest !== null) return [index, ...rest];
  }
  return null;
}

/** Copies only the splits along `path`; everything beside it is shared. */
function replaceAtPath(node: LayoutNode, path: LayoutPath, replacement: LayoutNode): LayoutNode {
  const [index, ...rest] = path;
  if (index === undefined) return replacement;
  if (!isSplit(node) || index < 0 || index >= node.children.length) {
    throw new Error(`Invalid layout path: [${path.join(', ')}]`);
  }
  const child = node.children[index] as LayoutNode;
  const updated = replaceAtPath(child, rest, replacement);
  if (updated === child) return node;
  const children = [...node.children];
  children[index] = updated;
  return withChildren(node, children);
}

function requireSplitAt(node: LayoutNode, path: LayoutPath): LayoutSplit {
  const target = getNodeAtPath(node, path);
  if (target === null || !isSplit(target)) {
    throw new Error(`No split at layout path [${path.join(', ')}]`);
  }
  return target;
}

function mapLeaves(node: LayoutNode, rename: (id: PaneId) => PaneId): LayoutNode {
  if (!isSplit(node)) return rename(node);
  let changed = false;
  const children = node.children.map((child) => {
    const mapped = mapLeaves(child, rename);
    if (mapped !== child) changed = true;
    return mapped;
  });
  return changed ? withChildren(node, children) : node;
}

function requirePane(node: LayoutNode | null, paneId: PaneId): LayoutPath {
  const path = findPath(node, paneId);
  if (path === null) throw new Error(`Unknown pane id: ${paneId}`);
  return path;
}

function requireAbsent(node: LayoutNode | null, paneId: PaneId): void {
  if (findPath(node, paneId) !== null) throw new Error(`Pane id already in the layout: ${paneId}`);
}

// ---------------------------------------------------------------------------------------------
// Normalization: the one place where trees from react-mosaic or storage are made valid.
// ---------------------------------------------------------------------------------------------

/** Per-child shares aligned with the raw children, or equal shares when the stored ones are unusable. */
function usableShares(raw: unknown, count: number): { shares: number[]; repaired: boolean } {
  const valid =
    Array.isArray(raw) &&
    raw.length === count &&
    raw.every((value) => typeof value === 'number' && Number.isFinite(value) && value >= 0) &&
    (raw as number[]).some((value) => value > 0);
  return valid
    ? { shares: raw as number[], repaired: false }
    : { shares: equalShares(count), repaired: true };
}

function normalizeChildren(
  original: LayoutSplit | null,
  direction: SplitDirection,
  rawChildren: readonly unknown[],
  rawPercentages: unknown,
  seen: Set<PaneId>,
): LayoutNode | null {
  const { shares, repaired } = usableShares(rawPercentages, rawChildren.length);
  let changed = original === null || repaired;
  const children: LayoutNode[] = [];
  const percentages: number[] = [];
  rawChildren.forEach((rawChild, index) => {
    const child = normalizeNode(rawChild, seen);
    if (child !== rawChild) changed = true;
    if (child === null) return;
    const share = shares[index] as number;
    if (isSplit(child) && child.direction === direction) {
      // A same-direction child is a visual no-op; merging it keeps one divider per visible boundary.
      changed = true;
      const inner = percentagesOf(child);
      child.children.forEach((grandchild, j) => {
        children.push(grandchild);
        percentages.push((share * (inner[j] as number)) / 100);
      });
    } else {
      children.push(child);
      percentages.push(share);
    }
  });
  if (children.length === 0) return null;
  if (children.length === 1) return children[0] as LayoutNode;
  const sum = percentages.reduce((total, value) => total + value, 0);
  let final = percentages;
  if (!(sum > 0)) final = equalShares(children.length);
  else if (Math.abs(sum - 100) > SUM_TOLERANCE) final = percentages.map((value) => (value * 100) / sum);
  if (!changed && final === percentages && original !== null) return original;
  return makeSplit(direction, children, final);
}

function normalizeNode(raw: unknown, seen: Set<PaneId>): LayoutNode | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? normalizeNode(String(raw), seen) : null;
  if (typeof raw === 'string') {
    // A pane shown twice would share one React key and one store entry; keep the first occurrence.
    if (seen.has(raw)) return null;
    seen.add(raw);
    return raw;
  }
  if (typeof raw !== 'object' || raw === null) return null;
  const record = raw as Record<string, unknown>;
  if (record.type === 'tabs') {
    const tabs = Array.isArray(record.tabs) ? (record.tabs as unknown[]) : [];
    return normalizeChildren(null, 'row', tabs, undefined, seen);
  }
  if (record.type !== 'split') return null;
  const validDirection = record.direction === 'row' || record.direction === 'column';
  const direction: SplitDirection = record.direction === 'column' ? 'column' : 'row';
  const rawChildren = Array.isArray(record.children) ? (record.children as unknown[]) : [];
  const original = validDirection && Array.isArray(record.children) ? (raw as LayoutSplit) : null;
  return normalizeChildren(original, direction, rawChildren, record.splitPercentages, seen);
}

/**
 * Makes any react-mosaic tree a valid layout: no empty or single-child splits, no split directly
 * inside a split of its own direction, tabs laid out as a row, percentages one per child summing to
 * 100, duplicate pane ids dropped. Valid subtrees are returned by reference.
 */
export function normalizeLayout(node: MosaicLikeNode | null | undefined): LayoutNode | null {
  return normalizeNode(node, new Set());
}

// ---------------------------------------------------------------------------------------------
// Edits
// ---------------------------------------------------------------------------------------------

/** Puts `newId` right of (row) or below (column) `targetId`, taking half of the target's space. */
export function splitPane(
  node: LayoutNode | null,
  targetId: PaneId,
  newId: PaneId,
  direction: SplitDirection,
): LayoutNode {
  if (node === null) return newId;
  const path = requirePane(node, targetId);
  requireAbsent(node, newId);
  const index = path[path.length - 1];
  if (index !== undefined) {
    const parentPath = path.slice(0, -1);
    const parent = requireSplitAt(node, parentPath);
    if (parent.direction === direction) {
      // Joining the existing row/column keeps the siblings' sizes, as tiling managers do.
      const shares = percentagesOf(parent);
      const half = (shares[index] as number) / 2;
      const children = [...parent.children];
      children.splice(index + 1, 0, newId);
      const percentages = [...shares];
      percentages.splice(index, 1, half, half);
      return replaceAtPath(node, parentPath, makeSplit(direction, children, percentages));
    }
  }
  return replaceAtPath(node, path, makeSplit(direction, [targetId, newId], [50, 50]));
}

/** Removes a pane; its siblings grow proportionally. Unknown ids return the tree unchanged. */
export function removePane(node: LayoutNode | null, paneId: PaneId): LayoutNode | null {
  const path = findPath(node, paneId);
  if (node === null || path === null) return node;
  const index = path[path.length - 1];
  if (index === undefined) return null;
  const parentPath = path.slice(0, -1);
  const parent = requireSplitAt(node, parentPath);
  const shares = percentagesOf(parent);
  const children = parent.children.filter((_, i) => i !== index);
  const kept = shares.filter((_, i) => i !== index);
  // normalizeLayout rescales the kept shares to 100 and collapses the split if one child is left.
  const replaced = replaceAtPath(node, parentPath, makeSplit(parent.direction, children, kept));
  return normalizeLayout(replaced);
}

export function swapPanes(node: LayoutNode, a: PaneId, b: PaneId): LayoutNode {
  requirePane(node, a);
  requirePane(node, b);
  if (a === b) return node;
  return mapLeaves(node, (id) => (id === a ? b : id === b ? a : id));
}

export function replacePane(node: LayoutNode, oldId: PaneId, newId: PaneId): LayoutNode {
  requirePane(node, oldId);
  if (oldId === newId) return node;
  requireAbsent(node, newId);
  return mapLeaves(node, (id) => (id === oldId ? newId : id));
}

/** Sets a split's percentages (e.g. from react-mosaic's onChange), rescaled to sum to 100. */
export function setSplitPercentages(
  node: LayoutNode,
  path: LayoutPath,
  percentages: readonly number[],
): LayoutNode {
  const split = requireSplitAt(node, path);
  if (percentages.length !== split.children.length) {
    throw new Error(`Expected ${split.children.length} percentages, got ${percentages.length}`);
  }
  if (!percentages.every((value) => Number.isFinite(value) && value >= 0)) {
    throw new Error(`Percentages must be finite and non-negative: [${percentages.join(', ')}]`);
  }
  const sum = percentages.reduce((total, value) => total + value, 0);
  if (!(sum > 0)) throw new Error('Percentages must not all be zero');
  const scaled = percentages.map((value) => (value * 100) / sum);
  return replaceAtPath(node, path, makeSplit(split.direction, split.children, scaled));
}

/**
 * Moves the divider between children `dividerIndex` and `dividerIndex + 1` of the split at `path` by
 * `deltaPercent` of that split. Neither neighbour is pushed below its minimum; a neighbour that is
 * already below it (after a window shrink) may only grow, so a drag never makes things worse.
 */
export function resizeDivider(
  node: LayoutNode,
  path: LayoutPath,
  dividerIndex: number,
  deltaPercent: number,
  minPercent: readonly number[] | number = 0,
): LayoutNode {
  const split = requireSplitAt(node, path);
  if (!Number.isInteger(dividerIndex) || dividerIndex < 0 || dividerIndex >= split.children.length - 1) {
    throw new Error(`No divider ${dividerIndex} in a split of ${split.children.length} children`);
  }
  if (!Number.isFinite(deltaPercent)) return node;
  const shares = percentagesOf(split);
  const before = shares[dividerIndex] as number;
  const after = shares[dividerIndex + 1] as number;
  const minOf = (i: number): number => (typeof minPercent === 'number' ? minPercent : (minPercent[i] ?? 0));
  const lowest = Math.min(minOf(dividerIndex), before);
  const highest = Math.max(before + after - minOf(dividerIndex + 1), before);
  const resized = Math.min(highest, Math.max(lowest, before + deltaPercent));
  if (resized === before) return node;
  const percentages = [...shares];
  percentages[dividerIndex] = resized;
  percentages[dividerIndex + 1] = before + after - resized;
  return replaceAtPath(node, path, makeSplit(split.direction, split.children, percentages));
}
