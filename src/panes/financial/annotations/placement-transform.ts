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

/**
 * How far a copy of a placement may be stretched, as factors from 1 up: enlarged (drawn from the
 * nearest pixel, about as cheap as an unscaled copy) and shrunk (filtered, so that no 1 px line drops
 * out: about five times dearer in software rendering).
 */
export interface StretchLimits {
  enlarge: number;
  shrink: number;
}

/**
 * Whether `t` stretches a copy within `limits` on both axes (to a millionth: a placement squeezed
 * ahead by a limit is drawn at that limit, give or take a rounding).
 */
export const withinStretch = (t: PlacementTransform, limits: StretchLimits): boolean => {
  const most = limits.enlarge * (1 + SAME_SCALE);
  const least = 1 / (limits.shrink * (1 + SAME_SCALE));
  return t.scale.x <= most && t.scale.y <= most && t.scale.x >= least && t.scale.y >= least;
};

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

/**
 * A placement made ahead of a zoom: the drawings placed as if the chart were already `x` (and `y`)
 * times further in, or `1 / x` times further out, about the pane point (cx, cy). The frames that
 * follow then draw its copy first stretched the other way, and it lasts about twice as many of them
 * before the drawings must be placed again. Ahead of a zoom out (x < 1) the copy is drawn enlarged
 * (it holds more of the chart than the pane); ahead of a zoom in (x > 1) shrunk, as far as its margin
 * still covers the pane. How far ahead is the caller's choice (AHEAD in annotation-primitive.ts: short
 * of the stretch limits, so a gesture that turns back keeps the placement).
 */
export interface Squeeze {
  x: number;
  y: number;
  cx: number;
  cy: number;
}

/**
 * The squeeze for the next placement of a gesture whose last frame drew its copy through `t` (made
 * with `margin`), on a pane of `pane` size, on each axis the copy was stretched on, about the point
 * the zoom holds still there (where `t` leaves the pane's pixels where they were): by `1 / ahead.out`
 * on an axis it shrank on (a zoom out); on one it grew on (a zoom in), by up to `ahead.in`. `x`, when
 * given, is the squeeze wanted on x instead (see squeezeForSpan). A squeeze further in (over 1) goes
 * as far as `room` (the new placement's margin) covers between the still point and the farther edge.
 * Null when neither axis is squeezed.
 */
export function squeezeAhead(
  t: PlacementTransform,
  margin: { x: number; y: number },
  pane: { width: number; height: number },
  ahead: { out: number; in: number },
  room: { x: number; y: number },
  x: number | null = null,
): Squeeze | null {
  const axis = (
    s: number,
    o: number,
    m: number,
    size: number,
    r: number,
    wanted: number | null,
  ): { by: number; at: number } => {
    if (s === 1) return { by: 1, at: size / 2 };
    const at = Math.min(size, Math.max(0, (o + s * m) / (1 - s)));
    const by = wanted ?? (s < 1 ? 1 / ahead.out : ahead.in);
    if (by <= 1) return { by, at };
    // A pixel short of the room, so the first frame's copy covers the pane whatever the rounding.
    const reach = Math.max(at, size - at, 1);
    return { by: Math.min(by, 1 + Math.max(0, r - 1) / reach), at };
  };
  const qx = axis(t.scale.x, t.offset.x, margin.x, pane.width, room.x, x);
  const qy = axis(t.scale.y, t.offset.y, margin.y, pane.height, room.y, null);
  if (qx.by === 1 && qy.by === 1) return null;
  return { x: qx.by, y: qy.by, cx: qx.at, cy: qy.at };
}

/**
 * The squeeze on x for a zoom gesture that has turned back, so far between bar spacings `span.min` and
 * `span.max`, now at `now`: a placement made at the spacing from which the copy reaches every
 * spacing of the span within `limits` (the geometric middle of those that do), so a pinch or a wheel
 * going to and fro over it keeps that one placement. Null when the span is too wide for one.
 */
export function squeezeForSpan(
  now: number,
  span: { min: number; max: number },
  limits: StretchLimits,
): number | null {
  // Enlarged up to limits.enlarge at span.max, shrunk down to 1 / limits.shrink at span.min.
  const lowest = span.max / limits.enlarge;
  const highest = span.min * limits.shrink;
  if (!(now > 0) || !(lowest > 0) || !(lowest <= highest)) return null;
  return Math.sqrt(lowest * highest) / now;
}

/** A pane x, and y, where a squeezed placement puts it (before its margin). */
export const squeezeX = (q: Squeeze, x: number): number => q.cx + (x - q.cx) * q.x;
export const squeezeY = (q: Squeeze, y: number): number => q.cy + (y - q.cy) * q.y;

/** The mappings a squeezed placement was made for. */
export const squeezeMapping = (m: Mapping, q: Squeeze): Mapping => ({
  x0: squeezeX(q, m.x0),
  spacing: m.spacing * q.x,
  yA: squeezeY(q, m.yA),
  ySpan: m.ySpan * q.y,
});
