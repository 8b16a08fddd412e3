/**
 * The time range a chart shows after its interval changes. It keeps the range that was in view, as
 * the user framed it, unless that would leave too few bars to read: a day of 5-minute bars is one
 * daily bar, a year of daily bars two bars of 51 weeks. Then the view ends where it ended and
 * reaches back far enough for `MIN_KEPT_BARS` bars at the new interval (or to the first bar).
 *
 * Nor more than the chart shows at the new interval: a year in view on a daily chart is half a
 * million one-minute bars, which the chart could only show merged, as coarse bars, under a 1m
 * label. A trader who picks 1m wants minutes, so the view ends where it ended and holds as many bars
 * as were in view before (the spacing the user had, as TradingView keeps it), or as many as the plot
 * shows unmerged if that is more.
 */
import { factorAt } from '../../../core/bars/factor-pieces';
import { upperBound } from '../../../core/bars/sorted-search';
import type { BarsResult } from '../../../core/protocol';

export const MIN_KEPT_BARS = 30;

export interface TimeRange {
  from: number;
  to: number;
}

/** How many bars a kept range holds at least, and at most. */
export interface KeptBars {
  min: number;
  max: number;
}

/**
 * `range` as it stays in view over `bars` (the new interval's, possibly merged: a bar counts for the
 * native bars it merges), widened to the left to hold at least `limits.min` of them, or narrowed
 * from the left to hold at most `limits.max` (more only where one bar at its end holds more).
 */
export function keptTimeRange(
  range: TimeRange,
  bars: Pick<BarsResult, 'time' | 'factor' | 'pieces'>,
  limits: KeptBars = { min: MIN_KEPT_BARS, max: Number.POSITIVE_INFINITY },
): TimeRange {
  const { time } = bars;
  // The last bar at or before the range's end.
  const last = upperBound(time, range.to) - 1;
  // The range ends before the first bar: nothing to count on.
  if (last < 0) return range;
  const max = Math.max(limits.max, limits.min);
  const insideBefore = (i: number) => i > 0 && (time[i - 1] as number) >= range.from;
  let first = last;
  let count = factorAt(bars, last);
  // Back over the bars in the range, and past its start while they are too few; never past `max`
  // (a merged bar that would take the count past it is left out, unless `min` needs it).
  while (first > 0 && (insideBefore(first) || count < limits.min)) {
    const before = factorAt(bars, first - 1);
    if (count >= limits.min && count + before > max) break;
    first -= 1;
    count += before;
  }
  const from = time[first] as number;
  // Widened for too few bars, or narrowed where bars in the range were left out for too many.
  return from < range.from || insideBefore(first) ? { from, to: range.to } : range;
}

/**
 * The most bars a kept range holds: the bars that were in view before (their spacing kept), or what
 * a plot `widthPx` wide shows unmerged (one bar per `1 / barsPerPixel` px), whichever is more.
 */
export function keptBarsMax(barsInViewBefore: number | null, widthPx: number, barsPerPixel: number): number {
  return Math.max(MIN_KEPT_BARS, Math.floor(widthPx * barsPerPixel), Math.ceil(barsInViewBefore ?? 0));
}
