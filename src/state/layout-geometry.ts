/**
 * Geometry of a layout tree: where each pane and divider is, which pane lies in a direction, and
 * whether a split still leaves every pane usable. Units are whatever `bounds` is in (0..1 or pixels);
 * gutters are ignored because react-mosaic draws them inside the panes' percentages too.
 */
import type {
  Direction,
  LayoutNode,
  LayoutPath,
  LayoutSplit,
  PaneId,
  Rect,
  SplitDirection,
} from './layout-node';
import { findPath, getNodeAtPath, isSplit, percentagesOf, splitPane } from './layout-tree';

export interface Divider {
  /** Path of the split this divider belongs to. */
  path: LayoutPath;
  /** The divider sits between children `index` and `index + 1`. */
  index: number;
  direction: SplitDirection;
  /** A zero-thickness line at the boundary: zero width for a row split, zero height for a column. */
  rect: Rect;
  splitRect: Rect;
  percentages: number[];
}

export interface Point {
  x: number;
  y: number;
}

export type Axis = 'x' | 'y';

/** Tolerance for "beyond the edge" and "at the same distance"; far below a pixel or a 0..1 rounding. */
const EPSILON = 1e-6;

/** Child rects share their boundary coordinates exactly, so the tiling has no gaps or overlaps. */
function childRects(split: LayoutSplit, rect: Rect): Rect[] {
  const shares = percentagesOf(split);
  const horizontal = split.direction === 'row';
  const start = horizontal ? rect.x : rect.y;
  const length = horizontal ? rect.width : rect.height;
  const boundaries = [start];
  let cumulative = 0;
  shares.forEach((share, index) => {
    cumulative += share;
    boundaries.push(index === shares.length - 1 ? start + length : start + (length * cumulative) / 100);
  });
  return shares.map((_, index) => {
    const from = boundaries[index] as number;
    const to = boundaries[index + 1] as number;
    return horizontal
      ? { x: from, y: rect.y, width: to - from, height: rect.height }
      : { x: rect.x, y: from, width: rect.width, height: to - from };
  });
}

export function computePaneRects(node: LayoutNode | null, bounds: Rect): Map<PaneId, Rect> {
  const rects = new Map<PaneId, Rect>();
  const visit = (current: LayoutNode, rect: Rect): void => {
    if (!isSplit(current)) {
      rects.set(current, rect);
      return;
    }
    const inner = childRects(current, rect);
    current.children.forEach((child, index) => {
      visit(child, inner[index] as Rect);
    });
  };
  if (node !== null) visit(node, bounds);
  return rects;
}

/** The rect of the subtree at `path`, or null when the path leads nowhere. */
export function getRectAtPath(node: LayoutNode | null, path: LayoutPath, bounds: Rect): Rect | null {
  let current = node;
  let rect = bounds;
  for (const index of path) {
    if (current === null || !isSplit(current)) return null;
    const next = current.children[index];
    if (next === undefined) return null;
    rect = childRects(current, rect)[index] as Rect;
    current = next;
  }
  return current === null ? null : rect;
}

export function computeDividers(node: LayoutNode | null, bounds: Rect): Divider[] {
  const dividers: Divider[] = [];
  const visit = (current: LayoutNode, rect: Rect, path: LayoutPath): void => {
    if (!isSplit(current)) return;
    const inner = childRects(current, rect);
    const percentages = [...percentagesOf(current)];
    for (let index = 0; index < inner.length - 1; index++) {
      const next = inner[index + 1] as Rect;
      const line =
        current.direction === 'row'
          ? { x: next.x, y: rect.y, width: 0, height: rect.height }
          : { x: rect.x, y: next.y, width: rect.width, height: 0 };
      dividers.push({ path, index, direction: current.direction, rect: line, splitRect: rect, percentages });
    }
    current.children.forEach((child, index) => {
      visit(child, inner[index] as Rect, [...path, index]);
    });
  };
  if (node !== null) visit(node, bounds, []);
  return dividers;
}

function distanceToRect(rect: Rect, point: Point): number {
  const dx = point.x - Math.min(rect.x + rect.width, Math.max(rect.x, point.x));
  const dy = point.y - Math.min(rect.y + rect.height, Math.max(rect.y, point.y));
  return Math.hypot(dx, dy);
}

/** The divider nearest to `point` within `tolerance`; ties go to the first (outermost) divider. */
export function findDividerAt(dividers: readonly Divider[], point: Point, tolerance: number): Divider | null {
  let best: Divider | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const divider of dividers) {
    const distance = distanceToRect(divider.rect, point);
    if (distance <= tolerance && distance < bestDistance) {
      best = divider;
      bestDistance = distance;
    }
  }
  return best;
}

interface Candidate {
  id: PaneId;
  edgeDistance: number;
  overlap: number;
  centreDistance: number;
}

/** Length of the shared part of [aStart, aEnd] and [bStart, bEnd]; negative when they are apart. */
function intervalOverlap(aStart: number, aEnd: number, bStart: number, bEnd: number): number {
  return Math.min(aEnd, bEnd) - Math.max(aStart, bStart);
}

function describeCandidate(from: Rect, to: Rect, direction: Direction): Omit<Candidate, 'id'> | null {
  const horizontal = direction === 'left' || direction === 'right';
  const edgeDistance =
    direction === 'right'
      ? to.x - (from.x + from.width)
      : direction === 'left'
        ? from.x - (to.x + to.width)
        : direction === 'down'
          ? to.y - (from.y + from.height)
          : from.y - (to.y + to.height);
  if (edgeDistance < -EPSILON) return null;
  const overlap = horizontal
    ? intervalOverlap(from.y, from.y + from.height, to.y, to.y + to.height)
    : intervalOverlap(from.x, from.x + from.width, to.x, to.x + to.width);
  const centreDistance = Math.hypot(
    to.x + to.width / 2 - (from.x + from.width / 2),
    to.y + to.height / 2 - (from.y + from.height / 2),
  );
  return { edgeDistance: Math.max(0, edgeDistance), overlap, centreDistance };
}

/** Orders candidates like a tiling window manager picks focus: facing panes first, then nearest. */
function compareCandidates(a: Candidate, b: Candidate): number {
  const aFacing = a.overlap > EPSILON;
  const bFacing = b.overlap > EPSILON;
  if (aFacing !== bFacing) return aFacing ? -1 : 1;
  if (Math.abs(a.edgeDistance - b.edgeDistance) > EPSILON) return a.edgeDistance - b.edgeDistance;
  if (aFacing && Math.abs(a.overlap - b.overlap) > EPSILON) return b.overlap - a.overlap;
  return a.centreDistance - b.centreDistance;
}

/** The pane focus moves to from `fromId` in `direction`, or null at the workspace edge. */
export function neighbourInDirection(
  rects: ReadonlyMap<PaneId, Rect>,
  fromId: PaneId,
  direction: Direction,
): PaneId | null {
  const from = rects.get(fromId);
  if (from === undefined) return null;
  let best: Candidate | null = null;
  for (const [id, rect] of rects) {
    if (id === fromId) continue;
    const described = describeCandidate(from, rect, direction);
    if (described === null) continue;
    const candidate = { id, ...described };
    if (best === null || compareCandidates(candidate, best) < 0) best = candidate;
  }
  return best?.id ?? null;
}

/** The smallest pane width and the smallest pane height (possibly of different panes). */
export function smallestPaneSize(
  node: LayoutNode | null,
  bounds: Rect,
): { width: number; height: number } | null {
  const rects = [...computePaneRects(node, bounds).values()];
  if (rects.length === 0) return null;
  return {
    width: Math.min(...rects.map((rect) => rect.width)),
    height: Math.min(...rects.map((rect) => rect.height)),
  };
}

/**
 * A pane's smallest size: one number for both axes, or a width (`x`) and a height (`y`) when the
 * pane's chrome (its title bar) is not the same along both.
 */
export type MinSize = number | Readonly<Record<Axis, number>>;

function along(min: MinSize, axis: Axis): number {
  return typeof min === 'number' ? min : min[axis];
}

/**
 * Whether splitting `paneId` keeps both resulting panes at least `minPx` wide and high. Only those two
 * change size under splitPane, so a layout already squeezed elsewhere (a small window) does not block
 * splitting a pane that has room.
 */
export function canSplit(
  node: LayoutNode | null,
  paneId: PaneId,
  direction: SplitDirection,
  boundsPx: Rect,
  minPx: MinSize = 300,
): boolean {
  if (findPath(node, paneId) === null) return false;
  let probeId = `${paneId}:split-probe`;
  while (findPath(node, probeId) !== null) probeId += '+';
  const rects = computePaneRects(splitPane(node, paneId, probeId, direction), boundsPx);
  return [paneId, probeId].every((id) => {
    const rect = rects.get(id);
    return (
      rect !== undefined &&
      rect.width >= along(minPx, 'x') - EPSILON &&
      rect.height >= along(minPx, 'y') - EPSILON
    );
  });
}

/**
 * The smallest extent a subtree can have along `axis` with every pane at least `minPx`: children of a
 * split along that axis stand side by side (sum), the others share the full extent (max).
 */
export function minExtent(node: LayoutNode, axis: Axis, minPx: MinSize): number {
  if (!isSplit(node)) return along(minPx, axis);
  const extents = node.children.map((child) => minExtent(child, axis, minPx));
  const alongAxis = (node.direction === 'row') === (axis === 'x');
  return alongAxis ? extents.reduce((total, value) => total + value, 0) : Math.max(...extents);
}

/** A share below this (in percent) counts as this much in minExtentAtSplits: a sliver of a split
 * would otherwise ask for millions of pixels. */
const MIN_SHARE_PERCENT = 1;

/**
 * The smallest extent along `axis` at which every pane is at least `minPx` with the splits as they are
 * (their percentages kept): the workspace needs this much room and scrolls when the window has less.
 * Shares under 1 % are taken as 1 % (such panes stay under the minimum).
 */
export function minExtentAtSplits(node: LayoutNode | null, axis: Axis, minPx: MinSize): number {
  if (node === null) return 0;
  if (!isSplit(node)) return along(minPx, axis);
  const extents = node.children.map((child) => minExtentAtSplits(child, axis, minPx));
  const alongAxis = (node.direction === 'row') === (axis === 'x');
  if (!alongAxis) return Math.max(...extents);
  const shares = percentagesOf(node);
  return Math.max(
    ...extents.map((extent, index) => (extent * 100) / Math.max(MIN_SHARE_PERCENT, shares[index] ?? 0)),
  );
}

/**
 * Minimum percentage of the split at `path` each child needs so every pane inside stays at least `minPx`
 * along the split's axis; pass it to resizeDivider as `minPercent`.
 */
export function minPercentForPixels(
  node: LayoutNode,
  path: LayoutPath,
  boundsPx: Rect,
  minPx: MinSize = 300,
): number[] {
  const split = getNodeAtPath(node, path);
  const rect = getRectAtPath(node, path, boundsPx);
  if (split === null || rect === null || !isSplit(split)) {
    throw new Error(`No split at layout path [${path.join(', ')}]`);
  }
  const axis: Axis = split.direction === 'row' ? 'x' : 'y';
  const extent = axis === 'x' ? rect.width : rect.height;
  if (!(extent > 0)) return split.children.map(() => 100);
  return split.children.map((child) => (minExtent(child, axis, minPx) / extent) * 100);
}
