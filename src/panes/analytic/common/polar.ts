/**
 * Polar layout of pie and donut charts: slice angles that always sum to a full turn, the donut's
 * inner radius, and hit-testing by angle (a binary search over the slices, not a scan).
 */

export const FULL_TURN = Math.PI * 2;
/** Slices start at twelve o'clock and run clockwise (screen y points down). */
export const START_ANGLE = -Math.PI / 2;
/** A donut's hole as a fraction of its outer radius. */
export const DONUT_INNER_RATIO = 0.6;

export interface Slice {
  /** Index of the item in the input. */
  index: number;
  value: number;
  /** Share of the visible total, 0..1. */
  fraction: number;
  startAngle: number;
  endAngle: number;
  midAngle: number;
}

export interface PolarFrame {
  cx: number;
  cy: number;
  outerRadius: number;
  innerRadius: number;
}

/**
 * Slices for the positive, finite values (others get none). The last slice ends exactly one turn
 * after the first starts, so rounding never leaves a gap or an overlap.
 */
export function pieSlices(values: readonly number[], startAngle = START_ANGLE): Slice[] {
  const kept = values
    .map((value, index) => ({ value, index }))
    .filter((v) => Number.isFinite(v.value) && v.value > 0);
  const total = kept.reduce((sum, v) => sum + v.value, 0);
  if (total <= 0) return [];
  let cumulative = 0;
  return kept.map((v, k) => {
    const start = startAngle + (cumulative / total) * FULL_TURN;
    cumulative += v.value;
    const end =
      k === kept.length - 1 ? startAngle + FULL_TURN : startAngle + (cumulative / total) * FULL_TURN;
    return {
      index: v.index,
      value: v.value,
      fraction: v.value / total,
      startAngle: start,
      endAngle: end,
      midAngle: (start + end) / 2,
    };
  });
}

/** The largest circle that fits `width` x `height` with `margin` around it, centred. */
export function polarFrame(width: number, height: number, innerRatio: number, margin = 12): PolarFrame {
  const outerRadius = Math.max(0, Math.min(width, height) / 2 - margin);
  return { cx: width / 2, cy: height / 2, outerRadius, innerRadius: outerRadius * innerRatio };
}

/** Angle of (x, y) around the centre, normalised into [startAngle, startAngle + 2π). */
export function angleOf(frame: PolarFrame, x: number, y: number, startAngle = START_ANGLE): number {
  const raw = Math.atan2(y - frame.cy, x - frame.cx);
  let angle = raw;
  while (angle < startAngle) angle += FULL_TURN;
  while (angle >= startAngle + FULL_TURN) angle -= FULL_TURN;
  return angle;
}

/** The slice under (x, y), or null outside the ring. */
export function sliceAt(slices: readonly Slice[], frame: PolarFrame, x: number, y: number): Slice | null {
  if (slices.length === 0) return null;
  const distance = Math.hypot(x - frame.cx, y - frame.cy);
  if (distance > frame.outerRadius || distance < frame.innerRadius) return null;
  const angle = angleOf(frame, x, y, slices[0]?.startAngle ?? START_ANGLE);
  let lo = 0;
  let hi = slices.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((slices[mid] as Slice).endAngle <= angle) lo = mid + 1;
    else hi = mid;
  }
  return slices[lo] ?? null;
}

/** A point at `radius` along `angle` from the centre (labels, leader lines). */
export function polarPoint(frame: PolarFrame, angle: number, radius: number): { x: number; y: number } {
  return { x: frame.cx + Math.cos(angle) * radius, y: frame.cy + Math.sin(angle) * radius };
}
