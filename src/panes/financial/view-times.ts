/**
 * A chart's view as times and back, exactly: what keeps the view where it is while new bars of the
 * same series replace the shown ones at another resolution (a page of history comes as a coarse level,
 * then finer bars are swapped in). Bar i is drawn over the positions i - 0.5 to i + 0.5 and stands for
 * its time span, from its time to the next bar's: a position inside it is the time as far into that
 * span (the latest bar spans as much as the one before it). So the time at each edge of the plot is
 * the same over bars of any resolution; moved to whole bars (their start and their end), each
 * replacement widened the view by up to a bar each side, and over bars of days a page of history
 * doubled it.
 *
 * Left of the first bar (the user scrolled past it, toward history on its way) a position stands for
 * the time the bars in view span each (from the first to the one at the view's right end, two at
 * least), so the earlier bars that come fill the view at its width. The whole series' spacing would
 * count merged bars out of view, far coarser.
 */
import { upperBound } from '../../../core/bars/sorted-search';
import { averageSpacing } from '../../../core/time/bar-spacing';

export interface TimeRange {
  from: number;
  to: number;
}

/** The time bar `i` spans: to the next bar, the latest as much as the one before it. */
function spanOf(time: ArrayLike<number>, i: number): number {
  const last = time.length - 1;
  if (last < 1) return 0;
  const at = Math.min(i, last - 1);
  return (time[at + 1] as number) - (time[at] as number);
}

/** The time a position left of the first bar spans: the bars' from the first to index `right`. */
function spacingBefore(time: ArrayLike<number>, right: number): number {
  return averageSpacing(time, Math.min(time.length, Math.max(2, right + 1)));
}

/** The bar whose slot holds position `x`. */
const barAtPosition = (x: number): number => Math.floor(x + 0.5);

/**
 * The times at the edges of a view `asked` (positions) over bars at sorted `time`; the end is
 * +Infinity when the view reaches the latest bar (it keeps the live edge in view). Null without bars.
 */
export function viewTimes(time: ArrayLike<number>, asked: TimeRange): TimeRange | null {
  const n = time.length;
  if (n === 0) return null;
  const last = n - 1;
  // A view asked for further back than lightweight-charts goes: it keeps the first two bars in view
  // (its least right offset), so the view it shows is this one moved right until they are.
  const short = Math.min(2, n) - 1 - asked.to;
  const logical = short > 0 ? { from: asked.from + short, to: asked.to + short } : asked;
  const right = barAtPosition(logical.to);
  const open = right >= last;
  const at = (x: number): number => {
    const i = barAtPosition(x);
    const into = x - (i - 0.5);
    if (i < 0) return (time[0] as number) + (x + 0.5) * spacingBefore(time, right);
    if (i > last) return (time[last] as number) + (x - (last - 0.5)) * spanOf(time, last);
    return (time[i] as number) + into * spanOf(time, i);
  };
  return { from: at(logical.from), to: open ? Number.POSITIVE_INFINITY : at(logical.to) };
}

/**
 * The positions of a time range over bars at sorted `time` (viewTimes' inverse); an end at or past
 * the latest bar's time is the latest bar. Null without bars.
 */
export function viewPositions(time: ArrayLike<number>, range: TimeRange): TimeRange | null {
  const n = time.length;
  if (n === 0) return null;
  const last = n - 1;
  const first = time[0] as number;
  const right = upperBound(time, range.to) - 1;
  const at = (t: number): number => {
    if (t >= (time[last] as number)) return last;
    if (t < first) {
      const spacing = spacingBefore(time, right);
      return spacing > 0 ? (t - first) / spacing - 0.5 : 0;
    }
    const i = upperBound(time, t) - 1;
    return i - 0.5 + (t - (time[i] as number)) / spanOf(time, i);
  };
  return { from: at(range.from), to: at(range.to) };
}
