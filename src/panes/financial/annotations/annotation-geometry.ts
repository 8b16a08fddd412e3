/**
 * Coordinate conversions and hit-testing for annotations, free of the chart library. Times are UTC
 * seconds; a logical index is the (fractional) bar position lightweight-charts lays out, so an
 * annotation between two bars of a coarse level stays where it belongs in time.
 */

import { logicalToTime, timeToLogical } from '../../../../core/bars/bar-position';
import { averageSpacing } from '../../../../core/time/bar-spacing';
import { type AnnotationPlace, pointsOf } from '../../../state/annotation-edits';
import type { Annotation, DrawingPoint } from '../../../state/workspace-document';
import { distanceToShapes, type Px, type Shape, shapeTargetBounds } from './drawing-shapes';

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

/**
 * An annotation in pixels: `x` for its vertical line and `y` for its horizontal one (null when
 * absent); a drawing made of shapes (a trend line, a rectangle, a ray) has `shapes` instead, and
 * every kind has the anchors a selected one shows as handles.
 */
export interface AnnotationPixels {
  id: string;
  x: number | null;
  y: number | null;
  shapes?: readonly Shape[];
  anchors?: readonly Px[];
}

/** What is under the pointer: an annotation, and the anchor (its index) when a handle was hit. */
export interface AnnotationHit {
  id: string;
  anchor: number | null;
}

/**
 * The annotation under a point within `tolerance` px, nearest first; handles of `selectedId` win over
 * bodies (so a selected drawing's end can be grabbed where it crosses another). Null if none.
 */
export function hitTestAnnotations(
  items: readonly AnnotationPixels[],
  point: Px,
  tolerance = 6,
  selectedId: string | null = null,
): AnnotationHit | null {
  if (selectedId !== null) {
    const selected = items.find((item) => item.id === selectedId);
    const index = selected?.anchors?.findIndex((a) => Math.hypot(point.x - a.x, point.y - a.y) <= tolerance);
    if (selected && index !== undefined && index >= 0) return { id: selected.id, anchor: index };
  }
  let best: string | null = null;
  let bestDistance = tolerance;
  for (const item of items) {
    let d: number;
    if (item.shapes) {
      // Every shape lies in the bounds: a point farther from them than the best so far is farther
      // from the shapes too, and most drawings are ruled out without measuring a line.
      const bounds = shapeTargetBounds(item.shapes);
      if (!bounds) continue;
      const outX = Math.max(bounds.left - point.x, 0, point.x - bounds.right);
      const outY = Math.max(bounds.top - point.y, 0, point.y - bounds.bottom);
      if (outX > bestDistance || outY > bestDistance) continue;
      d = distanceToShapes(item.shapes, point);
    } else {
      const dx = item.x === null ? Number.POSITIVE_INFINITY : Math.abs(point.x - item.x);
      const dy = item.y === null ? Number.POSITIVE_INFINITY : Math.abs(point.y - item.y);
      d = Math.min(dx, dy);
    }
    if (d <= bestDistance) {
      bestDistance = d;
      best = item.id;
    }
  }
  return best === null ? null : { id: best, anchor: null };
}

/** Points moved by `bars` (fractional) along the bars and by `price`: a shape keeps its form. */
function shifted(points: readonly DrawingPoint[], times: ArrayLike<number>, bars: number, price: number) {
  return points.map((p) => {
    const logical = timeToLogical(times, p.time);
    const time = logical === null || bars === 0 ? p.time : (logicalToTime(times, logical + bars) ?? p.time);
    return { time, price: p.price + price };
  });
}

/** The place of an annotation whose points are now `points` (only the coordinates it has). */
function placeFrom(annotation: Annotation, points: readonly DrawingPoint[]): AnnotationPlace {
  if (annotation.points) return { points };
  const first = points[0];
  if (!first) return {};
  return {
    ...(annotation.time === undefined ? {} : { time: first.time }),
    ...(annotation.price === undefined ? {} : { price: first.price }),
  };
}

/** Where a key nudge moves an annotation: one bar in time, or one step of price; the whole drawing moves. */
export function nudged(
  annotation: Annotation,
  direction: 'left' | 'right' | 'up' | 'down',
  times: ArrayLike<number>,
  priceStep: number,
): AnnotationPlace {
  const points = pointsOf(annotation);
  const first = points[0] as DrawingPoint;
  let bars = 0;
  if (
    (direction === 'left' || direction === 'right') &&
    (annotation.time !== undefined || annotation.points)
  ) {
    const logical = timeToLogical(times, first.time) ?? 0;
    const target = direction === 'left' ? Math.ceil(logical) - 1 : Math.floor(logical) + 1;
    bars = Math.max(0, Math.min(times.length - 1, target)) - logical;
  }
  const price =
    (direction === 'up' || direction === 'down') && (annotation.price !== undefined || annotation.points)
      ? direction === 'up'
        ? priceStep
        : -priceStep
      : 0;
  return placeFrom(annotation, shifted(points, times, bars, price));
}

/** What a pointer drag holds: one anchor (by index), or the whole annotation (null), grabbed at `from`. */
export interface Grab {
  anchor: number | null;
  from: DrawingPoint;
}

/**
 * Where a drag to `to` puts an annotation: a line goes to the point; a drawing's grabbed anchor goes
 * there; a whole drawing moves by the bars and price the pointer moved, keeping its form.
 */
export function draggedPlace(
  annotation: Annotation,
  grab: Grab,
  to: DrawingPoint,
  times: ArrayLike<number>,
): AnnotationPlace {
  if (!annotation.points) return placeFrom(annotation, [to]);
  if (grab.anchor !== null) {
    return { points: annotation.points.map((p, i) => (i === grab.anchor ? to : p)) };
  }
  const fromLogical = timeToLogical(times, grab.from.time);
  const toLogical = timeToLogical(times, to.time);
  const bars = fromLogical === null || toLogical === null ? 0 : toLogical - fromLogical;
  return { points: shifted(annotation.points, times, bars, to.price - grab.from.price) };
}

/** How long `seconds` is, in the two largest units: `3d 4h`, `2h 15m`, `45m`. */
export function formatSpan(seconds: number): string {
  const s = Math.abs(Math.round(seconds));
  const units: [string, number][] = [
    ['d', 86_400],
    ['h', 3_600],
    ['m', 60],
  ];
  const parts: string[] = [];
  let rest = s;
  for (const [unit, size] of units) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count > 0 || parts.length > 0) parts.push(`${count}${unit}`);
    if (parts.length === 2) break;
  }
  return parts.filter((p) => !p.startsWith('0')).join(' ') || `${s}s`;
}

/** The measurer's reading from the first anchor to the second: change, percent, bars and time span. */
export function measureText(
  first: DrawingPoint,
  second: DrawingPoint,
  times: ArrayLike<number>,
  formatPrice: (price: number) => string,
): string {
  const l1 = timeToLogical(times, first.time);
  const l2 = timeToLogical(times, second.time);
  const bars = l1 === null || l2 === null ? 0 : Math.round(l2 - l1);
  return `${priceChangeText(first, second, formatPrice)} · ${bars} bars · ${formatSpan(second.time - first.time)}`;
}

/** The price range measurer's text: the change from the first point's price to the second's, and in percent. */
export function priceChangeText(
  first: DrawingPoint,
  second: DrawingPoint,
  formatPrice: (price: number) => string,
): string {
  const change = second.price - first.price;
  const sign = change > 0 ? '+' : change < 0 ? '−' : '';
  const percent = first.price === 0 ? null : (change / first.price) * 100;
  const percentText = percent === null ? '' : ` (${sign}${Math.abs(percent).toFixed(2)}%)`;
  return `${sign}${formatPrice(Math.abs(change))}${percentText}`;
}

/**
 * The time range that shows an annotation with room around it: its points' span plus a quarter of it
 * on each side, and at least 20 bars; null for a horizontal line, which has no time.
 */
export function rangeAround(
  annotation: Annotation,
  times: ArrayLike<number>,
): { from: number; to: number } | null {
  if (annotation.points === undefined && annotation.time === undefined) return null;
  const pointTimes = pointsOf(annotation).map((p) => p.time);
  const first = Math.min(...pointTimes);
  const last = Math.max(...pointTimes);
  const barSeconds = times.length >= 2 ? averageSpacing(times) : 60;
  const pad = Math.max((last - first) / 4, 10 * barSeconds);
  return { from: first - pad, to: last + pad };
}
