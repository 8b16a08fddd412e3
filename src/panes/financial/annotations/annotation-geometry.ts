/**
 * Coordinate conversions and hit-testing for annotations, free of the chart library. Times are UTC
 * seconds; a logical index is the (fractional) bar position lightweight-charts lays out, so an
 * annotation between two bars of a coarse level stays where it belongs in time.
 */
import type { Annotation } from '../../../state/workspace-document';

/** Fractional bar index of time `t` in sorted `times` (linear between bars, extrapolated outside). */
export function timeToLogical(times: ArrayLike<number>, t: number): number | null {
  const n = times.length;
  if (n === 0) return null;
  if (n === 1) return 0;
  let lo = 0;
  let hi = n - 1;
  if (t <= (times[0] as number)) {
    lo = 0;
    hi = 1;
  } else if (t >= (times[n - 1] as number)) {
    lo = n - 2;
    hi = n - 1;
  } else {
    while (hi - lo > 1) {
      const mid = (lo + hi) >>> 1;
      if ((times[mid] as number) <= t) lo = mid;
      else hi = mid;
    }
  }
  const t0 = times[lo] as number;
  const t1 = times[hi] as number;
  return t1 === t0 ? lo : lo + (t - t0) / (t1 - t0);
}

/** The time at a fractional bar index (inverse of timeToLogical). */
export function logicalToTime(times: ArrayLike<number>, logical: number): number | null {
  const n = times.length;
  if (n === 0) return null;
  if (n === 1) return times[0] as number;
  const lo = Math.max(0, Math.min(n - 2, Math.floor(logical)));
  const t0 = times[lo] as number;
  const t1 = times[lo + 1] as number;
  return t0 + (logical - lo) * (t1 - t0);
}

/** Snaps a time to the nearest bar's time. */
export function snapTime(times: ArrayLike<number>, t: number): number {
  const logical = timeToLogical(times, t);
  if (logical === null) return t;
  const i = Math.max(0, Math.min(times.length - 1, Math.round(logical)));
  return times[i] as number;
}

/** The magnet: the bar's open, high, low or close nearest to `price`. */
export function snapPrice(
  bar: { open: number; high: number; low: number; close: number },
  price: number,
): number {
  const candidates = [bar.open, bar.high, bar.low, bar.close];
  return candidates.reduce((best, p) => (Math.abs(p - price) < Math.abs(best - price) ? p : best));
}

/** An annotation in pixels: `x` for its vertical line, `y` for its horizontal one (null when absent). */
export interface AnnotationPixels {
  id: string;
  x: number | null;
  y: number | null;
}

/** The annotation under a point, nearest line first, within `tolerance` px; null if none. */
export function hitTestAnnotations(
  items: readonly AnnotationPixels[],
  point: { x: number; y: number },
  tolerance = 6,
): string | null {
  let best: string | null = null;
  let bestDistance = tolerance;
  for (const item of items) {
    const dx = item.x === null ? Number.POSITIVE_INFINITY : Math.abs(point.x - item.x);
    const dy = item.y === null ? Number.POSITIVE_INFINITY : Math.abs(point.y - item.y);
    const d = Math.min(dx, dy);
    if (d <= bestDistance) {
      bestDistance = d;
      best = item.id;
    }
  }
  return best;
}

/** Where a key nudge moves an annotation: one bar in time, or one step of price. */
export function nudged(
  annotation: Annotation,
  direction: 'left' | 'right' | 'up' | 'down',
  times: ArrayLike<number>,
  priceStep: number,
): { time: number; price: number } {
  let time = annotation.time ?? 0;
  let price = annotation.price ?? 0;
  if ((direction === 'left' || direction === 'right') && annotation.time !== undefined) {
    const logical = timeToLogical(times, annotation.time) ?? 0;
    const target = direction === 'left' ? Math.ceil(logical) - 1 : Math.floor(logical) + 1;
    const clamped = Math.max(0, Math.min(times.length - 1, target));
    time = (times[clamped] as number | undefined) ?? time;
  }
  if ((direction === 'up' || direction === 'down') && annotation.price !== undefined) {
    price = annotation.price + (direction === 'up' ? priceStep : -priceStep);
  }
  return { time, price };
}
