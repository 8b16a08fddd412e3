/**
 * How a placement of the drawings (their pixels for one state of the chart's mappings) lies on the
 * pane after the mappings moved (practice 5: views compute, renderers draw). Within one set of bars
 * a time's x is affine in its bar index and, on a linear price scale, a price's y is affine in the
 * price: so a scroll shifts a placement and a zoom or an autoscale stretches it, and a placement can
 * be drawn again as a copy, moved and scaled, instead of being placed and painted anew. Pure.
 */

/** Where a chart's mappings stand: the x of bar 0 and the bar spacing, the y of prices 1 and 2. */
export interface Mapping {
  x0: number;
  spacing: number;
  yA: number;
  ySpan: number;
}

/** A placement's pixel q lies at `q * scale + offset` on the pane. */
export interface PlacementTransform {
  scale: { x: number; y: number };
  offset: { x: number; y: number };
}

export const IDENTITY: PlacementTransform = { scale: { x: 1, y: 1 }, offset: { x: 0, y: 0 } };

/** Scales this close to 1 are 1 (a millionth of a pixel per pixel). */
const SAME_SCALE = 1e-6;

const ratio = (now: number, then: number): number => {
  const r = now / then;
  return Math.abs(r - 1) < SAME_SCALE ? 1 : r;
};

/**
 * Where a placement made for `from`, with `margin` pixels added on the left and top, lies under
 * `to`; null when it cannot lie anywhere (a mapping collapsed or turned around).
 */
export function placementTransform(
  from: Mapping,
  margin: { x: number; y: number },
  to: Mapping,
): PlacementTransform | null {
  if (from.spacing === 0 || from.ySpan === 0) return null;
  const sx = ratio(to.spacing, from.spacing);
  const sy = ratio(to.ySpan, from.ySpan);
  if (!(sx > 0 && sy > 0) || !Number.isFinite(sx) || !Number.isFinite(sy)) return null;
  return {
    scale: { x: sx, y: sy },
    offset: { x: to.x0 - (from.x0 + margin.x) * sx, y: to.yA - (from.yA + margin.y) * sy },
  };
}

/** Whether a placement `placed` pixels in size, so transformed, covers the whole pane. */
export function coversPane(
  t: PlacementTransform,
  placed: { width: number; height: number },
  pane: { width: number; height: number },
): boolean {
  return (
    t.offset.x <= 0 &&
    t.offset.y <= 0 &&
    t.offset.x + placed.width * t.scale.x >= pane.width &&
    t.offset.y + placed.height * t.scale.y >= pane.height
  );
}

export const sameTransform = (a: PlacementTransform, b: PlacementTransform): boolean =>
  a.scale.x === b.scale.x &&
  a.scale.y === b.scale.y &&
  a.offset.x === b.offset.x &&
  a.offset.y === b.offset.y;

export const isScaled = (t: PlacementTransform): boolean => t.scale.x !== 1 || t.scale.y !== 1;

/**
 * Whether drawing through `t` makes nothing smaller: every pixel of the painting then covers at least
 * one pixel of the pane, so sampling the nearest one loses none (a shrinking copy would drop whole
 * rows or columns of it, and with them a 1 px line).
 */
export const enlarges = (t: PlacementTransform): boolean => t.scale.x >= 1 && t.scale.y >= 1;

/** The larger of the two stretches, as a factor from 1 up (a scale of 0.8 stretches by 1.25). */
export function stretchOf(t: PlacementTransform): number {
  const x = t.scale.x >= 1 ? t.scale.x : 1 / t.scale.x;
  const y = t.scale.y >= 1 ? t.scale.y : 1 / t.scale.y;
  return Math.max(x, y);
}

/** A pane point in the placement's pixels. */
export const toPlacement = (t: PlacementTransform, x: number, y: number): { x: number; y: number } => ({
  x: (x - t.offset.x) / t.scale.x,
  y: (y - t.offset.y) / t.scale.y,
});

/** A placement's x, and y, on the pane. */
export const paneX = (t: PlacementTransform, x: number): number => x * t.scale.x + t.offset.x;
export const paneY = (t: PlacementTransform, y: number): number => y * t.scale.y + t.offset.y;

/** A placement's point on the pane. */
export const toPane = (t: PlacementTransform, x: number, y: number): { x: number; y: number } => ({
  x: paneX(t, x),
  y: paneY(t, y),
});
