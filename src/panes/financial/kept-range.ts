/**
 * The time range a chart shows after its interval changes. It keeps the range that was in view, as
 * the user framed it, unless that would leave too few bars to read: a day of 5-minute bars is one
 * daily bar, a year of daily bars two bars of 51 weeks. Then the view ends where it ended and
 * reaches back far enough for `MIN_KEPT_BARS` bars at the new interval (or to the first bar).
 */
import { factorAt } from '../../../workers/aggregate/factor-pieces';
import { upperBound } from '../../../workers/aggregate/sorted-search';
import type { BarsResult } from '../../../workers/protocol';

export const MIN_KEPT_BARS = 30;

export interface TimeRange {
  from: number;
  to: number;
}

/**
 * `range` as it stays in view over `bars` (the new interval's, possibly merged: a bar counts for the
 * native bars it merges), widened to the left to hold at least `minBars` of them.
 */
export function keptTimeRange(
  range: TimeRange,
  bars: Pick<BarsResult, 'time' | 'factor' | 'pieces'>,
  minBars = MIN_KEPT_BARS,
): TimeRange {
  const { time } = bars;
  // The last bar at or before the range's end.
  const last = upperBound(time, range.to) - 1;
  // The range ends before the first bar: nothing to count on.
  if (last < 0) return range;
  let first = last;
  let count = factorAt(bars, last);
  while (first > 0 && count < minBars) {
    first -= 1;
    count += factorAt(bars, first);
  }
  const from = time[first] as number;
  return from < range.from ? { from, to: range.to } : range;
}
