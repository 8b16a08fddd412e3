/**
 * Resampling bars to a coarser interval in one pass over the columns: each bucket's bar opens with
 * its first bar's open, closes with its last bar's close, has the highest high, the lowest low and the
 * summed volume, and is stamped with the bucket's start. Bars must be in time order (the store's are).
 */

import { allocateColumns, type BarColumns, copyRange } from '../../core/bars/bar-columns';
import type { Interval } from '../../core/bars/interval';
import { bucketStart, intervalSeconds } from '../../core/bars/interval';
import { lowerBound } from '../../core/bars/sorted-search';
import { SessionClock, type TradingSession } from '../../core/sessions/trading-session';

const DAY = 86_400;
/** 1970-01-05, the first Monday: week buckets count from it. */
const FIRST_MONDAY = 4 * DAY;

/**
 * Finds the bucket grid around a time: writes into `out` an anchor, a bucket size and the time the
 * grid holds until (exclusive). Up to then, the bucket of a time `t` starts at
 * `anchor + floor((t - anchor) / size) * size` and a pass asks again at the grid's end or the
 * bucket's, whichever comes first. A pass over sorted times so calls it once a grid (a day, a
 * session, a month, or once for all the bars), never once a bucket.
 *
 * With a session, minute and hour buckets count from the latest session open (a 1h bar starts at
 * 09:30 where the market opens at 09:30, in summer and winter alike) and end at the next; otherwise,
 * and for days, weeks and months, they are aligned in UTC as `bucketStart` aligns them (interval.ts).
 */
export type LocateGrid = (time: number, out: Float64Array) => void;

export function gridLocator(interval: Interval, session: TradingSession | null): LocateGrid {
  const { unit } = interval;
  const size = intervalSeconds(interval);
  if (unit === 'm' || unit === 'h') {
    if (session) {
      const clock = new SessionClock(session);
      return (time, out) => {
        const { anchor, until: first } = clock.anchorSpan(time);
        // The grid holds past local midnight, and over days without a session, for as long as its
        // anchor (the latest open) stays the same: one grid a session, and no bucket cut in two there.
        let until = first;
        while (until < Number.POSITIVE_INFINITY) {
          const next = clock.anchorSpan(until);
          if (next.anchor !== anchor || !(next.until > until)) break;
          until = next.until;
        }
        out[0] = anchor;
        out[1] = size;
        out[2] = until;
      };
    }
    // Sizes that divide a day keep one grid from 1970; the others start again each UTC midnight.
    if (DAY % size === 0) return uniformGrid(0, size);
    return (time, out) => {
      const midnight = Math.floor(time / DAY) * DAY;
      out[0] = midnight;
      out[1] = size;
      out[2] = midnight + DAY;
    };
  }
  if (unit === 'D') return uniformGrid(0, size);
  if (unit === 'W') return uniformGrid(FIRST_MONDAY, size);
  // Months differ in length: each bucket is a grid of its own. The next one starts within 1.5
  // buckets (months are 28 to 31 days).
  const reach = 1.5 * size;
  return (time, out) => {
    const start = bucketStart(time, interval);
    const next = bucketStart(start + reach, interval);
    out[0] = start;
    out[1] = next - start;
    out[2] = next;
  };
}

/** One grid for all time. */
function uniformGrid(anchor: number, size: number): LocateGrid {
  return (_time, out) => {
    out[0] = anchor;
    out[1] = size;
    out[2] = Number.POSITIVE_INFINITY;
  };
}

/**
 * Finds the bucket of a time: writes its start and the time to ask again (exclusive) into `out`:
 * the bucket's end, or its grid's when that comes first (where the next grid gives the bucket the
 * same start, it is the same bucket).
 */
export type Locate = (time: number, out: Float64Array) => void;

export function bucketLocator(interval: Interval, session: TradingSession | null): Locate {
  const locateGrid = gridLocator(interval, session);
  const grid = new Float64Array(3);
  return (time, out) => {
    locateGrid(time, grid);
    const anchor = grid[0] as number;
    const size = grid[1] as number;
    const start = anchor + Math.floor((time - anchor) / size) * size;
    out[0] = start;
    out[1] = Math.min(start + size, grid[2] as number);
  };
}

/** A growable list of numbers in a typed array (pushing millions to a JS array costs far more). */
class NumberList {
  values: Float64Array;
  length = 0;
  constructor(capacity: number) {
    this.values = new Float64Array(Math.max(16, capacity));
  }
  push(value: number): void {
    if (this.length === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = value;
  }
}

/**
 * At most how many buckets bars spanning `span` seconds fall in. Within a stretch of one grid anchor,
 * times L seconds apart fall in at most L / size + 2 buckets. One stretch for a uniform grid; one a
 * UTC day where each day's grid starts again (the span touches at most ceil(span / DAY) + 1 UTC days);
 * with a session, at most two a local day (before the open and from it; the span touches at most
 * ceil(span / DAY) + 3 local days, zone offsets differing by 26 hours at most); and months, each its
 * own bucket, last 28 days or more.
 */
function bucketsBound(span: number, interval: Interval, session: TradingSession | null): number {
  const { count, unit } = interval;
  if (unit === 'M') return Math.ceil(span / (28 * DAY * count)) + 2;
  const size = intervalSeconds(interval);
  const days = Math.ceil(span / DAY);
  let stretches = 1;
  if (unit === 'm' || unit === 'h') {
    if (session) stretches = 2 * (days + 3);
    else if (DAY % size !== 0) stretches = days + 1;
  }
  return Math.ceil(span / size) + 2 * stretches;
}

/**
 * The first `count` bars of columns allocated for at most `bound`: views of them when they are mostly
 * used (copying millions of bars costs more than the unused tail they keep alive), copies otherwise.
 */
function trimmed(c: BarColumns, count: number): BarColumns {
  if (count === c.time.length) return c;
  return 4 * count >= 3 * c.time.length ? sliceViews(c, count) : copyRange(c, 0, count);
}

/**
 * The end of the run of bars from `from` that lie before `end` (time[from] < end): the first index past
 * `from` whose time is `end` or later, `n` (the end of the bars folded) when none is before it. Tried
 * first at `from + guess` (buckets of a series mostly hold as many bars as the one before), then found
 * by galloping from `from` and a binary search within the last step, which reads only bars near the
 * run, not the whole series.
 */
function runEnd(time: Float64Array, from: number, end: number, guess: number, n: number): number {
  const j = from + guess;
  if (j <= n && (time[j - 1] as number) < end && (j === n || (time[j] as number) >= end)) return j;
  let lo = from;
  let step = 1;
  let hi = from + 1;
  while (hi < n && (time[hi] as number) < end) {
    lo = hi;
    step *= 2;
    hi = from + step;
  }
  // time[lo] < end, and hi is n or time[hi] >= end.
  return lowerBound(time, end, lo + 1, hi > n ? n : hi);
}

/**
 * Buckets of at least this many bars fold their high and low with branches, shorter ones without. In
 * a short bucket of a random walk most bars set a new high or low, so a branch on it is mispredicted
 * every other bar: folding 10M minute bars into 5-minute buckets took 74 ms with branches and 30 ms
 * with a pick by index, into hourly ones 43 and 35; into days, where new extremes are rare, the
 * branches win, 23 against 36 ms (Node 20, 2026-11-29).
 */
const BRANCHY_RUN = 256;
/**
 * Runs of at least this many bars (and under BRANCHY_RUN) fold two bars a step. Each branch-free pick
 * waits for the one before it (through `pick`'s memory); two chains halve that wait: 10M minute bars
 * into hourly buckets took 40 ms in one chain and 34 ms in two, from the NYSE open 48 and 43 (Node 20,
 * 2026-11-29). Into 5-minute buckets the odd bar out of each run costs what the second chain saves.
 */
const PAIRED_RUN = 16;
/** The branch-free fold's pick: [high so far, the bar's high, low so far, the bar's low]. */
const pick = new Float64Array(4);
/** The same for the odd bars of a paired run. */
const pickOdd = new Float64Array(4);

/**
 * One pass over bars [from, to): the bucket of a bar is found (two arithmetic operations on its grid)
 * only where the bucket before ends, and its grid only past the grid's end; the bucket's run of bars
 * is found from its end time (two reads when it holds as many bars as the one before), then folded
 * into the bucket's high, low and volume held in locals, reading three columns. Open and close are
 * read once a bucket. Each bucket's bar is stamped with its start and written into `out` from bar
 * `at`; returns how many were written. `from` must be 0 or a bucket's first bar; `out` must hold the
 * bars written (`resampleBound`).
 */
function foldBuckets(
  bars: BarColumns,
  from: number,
  to: number,
  interval: Interval,
  session: TradingSession | null,
  out: BarColumns,
  at: number,
): number {
  const { time, open, high, low, close, volume } = bars;
  const locateGrid = gridLocator(interval, session);
  const grid = new Float64Array(3);
  const outTime = out.time;
  const outOpen = out.open;
  const outHigh = out.high;
  const outLow = out.low;
  const outClose = out.close;
  const outVolume = out.volume;
  let anchor = 0;
  let size = 1;
  let until = Number.NEGATIVE_INFINITY;
  // The current bucket: its index in `out`, its start, and its extremes and volume so far.
  let k = at - 1;
  let current = Number.NaN;
  let bucketHigh = 0;
  let bucketLow = 0;
  let bucketVolume = 0;
  let run = 1;
  let i = from;
  while (i < to) {
    const t = time[i] as number;
    if (t >= until) {
      locateGrid(t, grid);
      anchor = grid[0] as number;
      size = grid[1] as number;
      until = grid[2] as number;
    }
    const start = anchor + Math.floor((t - anchor) / size) * size;
    let end = start + size;
    if (end > until) end = until;
    // A bucket found again past its grid's end, with the same start, goes on.
    if (start !== current) {
      if (k >= at) {
        outHigh[k] = bucketHigh;
        outLow[k] = bucketLow;
        outClose[k] = close[i - 1] as number;
        outVolume[k] = bucketVolume;
      }
      k++;
      current = start;
      outTime[k] = start;
      outOpen[k] = open[i] as number;
      bucketHigh = high[i] as number;
      bucketLow = low[i] as number;
      bucketVolume = 0;
    }
    const runTo = runEnd(time, i, end, run, to);
    run = runTo - i;
    if (run >= BRANCHY_RUN) {
      for (; i < runTo; i++) {
        const h = high[i] as number;
        const l = low[i] as number;
        if (h > bucketHigh) bucketHigh = h;
        if (l < bucketLow) bucketLow = l;
        bucketVolume += volume[i] as number;
      }
    } else if (run < PAIRED_RUN) {
      // Without branches: the high and low so far or the bar's, picked by index from `pick`.
      for (; i < runTo; i++) {
        const h = high[i] as number;
        const l = low[i] as number;
        pick[0] = bucketHigh;
        pick[1] = h;
        pick[2] = bucketLow;
        pick[3] = l;
        bucketHigh = pick[+(h > bucketHigh)] as number;
        bucketLow = pick[2 + +(l < bucketLow)] as number;
        bucketVolume += volume[i] as number;
      }
    } else {
      // Without branches, two bars a step: the even bars' extremes and the odd bars' are picked from
      // `pick` and `pickOdd` in two independent chains that overlap, and merged after the run. Volume
      // stays one sum in bar order (the same rounding as any other fold).
      let oddHigh = bucketHigh;
      let oddLow = bucketLow;
      for (; i + 1 < runTo; i += 2) {
        const h = high[i] as number;
        const l = low[i] as number;
        const h2 = high[i + 1] as number;
        const l2 = low[i + 1] as number;
        pick[0] = bucketHigh;
        pick[1] = h;
        pick[2] = bucketLow;
        pick[3] = l;
        pickOdd[0] = oddHigh;
        pickOdd[1] = h2;
        pickOdd[2] = oddLow;
        pickOdd[3] = l2;
        bucketHigh = pick[+(h > bucketHigh)] as number;
        bucketLow = pick[2 + +(l < bucketLow)] as number;
        oddHigh = pickOdd[+(h2 > oddHigh)] as number;
        oddLow = pickOdd[2 + +(l2 < oddLow)] as number;
        bucketVolume += volume[i] as number;
        bucketVolume += volume[i + 1] as number;
      }
      if (i < runTo) {
        const h = high[i] as number;
        const l = low[i] as number;
        if (h > bucketHigh) bucketHigh = h;
        if (l < bucketLow) bucketLow = l;
        bucketVolume += volume[i] as number;
        i++;
      }
      if (oddHigh > bucketHigh) bucketHigh = oddHigh;
      if (oddLow < bucketLow) bucketLow = oddLow;
    }
  }
  if (k >= at) {
    outHigh[k] = bucketHigh;
    outLow[k] = bucketLow;
    outClose[k] = close[to - 1] as number;
    outVolume[k] = bucketVolume;
  }
  return k + 1 - at;
}

/** Columns that hold every bucket of `bars` at `interval` (never more than one a bar). */
export function resampleBound(bars: BarColumns, interval: Interval, session: TradingSession | null): number {
  const { time } = bars;
  const n = time.length;
  if (n === 0) return 0;
  const bound = bucketsBound((time[n - 1] as number) - (time[0] as number), interval, session);
  // No bound at all from times that are not finite.
  return bound < n ? bound : n;
}

/**
 * Bars folded a step: about 4 to 30 ms here, fresh columns' pages included (10M minute bars into
 * 5-minute buckets write 96 MB, 200 to 300 ms in one piece).
 */
export const RESAMPLE_STEP_BARS = 1 << 20;

/**
 * A resample over several calls, so the worker answers other requests between them: each `step`
 * folds about `chunk` bars, cut at the start of a bucket (the buckets on either side of a cut are
 * then folded whole), into columns sized once for the whole result (`into`, when given, is used
 * instead and must hold `resampleBound` bars).
 */
export class ResampleSteps {
  private next = 0;
  private written = 0;
  private readonly out: BarColumns;
  private readonly locate: Locate;
  private readonly found = new Float64Array(2);

  constructor(
    /** The bars resampled. */
    readonly bars: BarColumns,
    private readonly interval: Interval,
    private readonly session: TradingSession | null,
    private readonly chunk = RESAMPLE_STEP_BARS,
    private readonly into?: BarColumns,
  ) {
    const bound = resampleBound(bars, interval, session);
    if (into && into.time.length < bound) {
      throw new RangeError(`Resample columns hold ${into.time.length} bars, not the ${bound} it may need`);
    }
    this.out = into ?? allocateColumns(bound);
    this.locate = bucketLocator(interval, session);
  }

  /** Whether every bar is folded. */
  get done(): boolean {
    return this.next >= this.bars.time.length;
  }

  /** Folds the next chunk; false once every bar is folded. */
  step(): boolean {
    const { time } = this.bars;
    const n = time.length;
    if (this.next >= n) return false;
    const from = this.next;
    let to = n;
    const at = from + Math.max(1, this.chunk);
    if (at < n) {
      // Up to the first bar of the bucket that bar `at` is in; that bucket goes to the next step (a
      // bucket longer than a chunk is folded whole here).
      this.locate(time[at] as number, this.found);
      const cut = lowerBound(time, this.found[0] as number, from, at + 1);
      if (cut > from) to = cut;
    }
    this.written += foldBuckets(this.bars, from, to, this.interval, this.session, this.out, this.written);
    this.next = to;
    return to < n;
  }

  /** The resampled columns, folding what is left first. */
  result(): BarColumns {
    while (this.step()) {
      // Every step folds at least one bar.
    }
    if (this.into) return sliceViews(this.out, this.written);
    return trimmed(this.out, this.written);
  }
}

/**
 * Resamples `bars` to `interval` (buckets from the session's open where there is one), into new
 * columns, or into `into` (which must hold `resampleBound` bars: a level rebuilt in columns kept for
 * it) and views of it are returned.
 */
export function resampleBars(
  bars: BarColumns,
  interval: Interval,
  session: TradingSession | null = null,
  into?: BarColumns,
): BarColumns {
  if (bars.time.length === 0) return copyRange(bars, 0, 0);
  return new ResampleSteps(bars, interval, session, Number.POSITIVE_INFINITY, into).result();
}

function sliceViews(c: BarColumns, count: number): BarColumns {
  return {
    time: c.time.subarray(0, count),
    open: c.open.subarray(0, count),
    high: c.high.subarray(0, count),
    low: c.low.subarray(0, count),
    close: c.close.subarray(0, count),
    volume: c.volume.subarray(0, count),
  };
}

/** The bars inside the session's hours (open <= time < close on a trading day), as new columns. */
export function sessionBars(bars: BarColumns, session: TradingSession): BarColumns {
  const n = bars.time.length;
  const clock = new SessionClock(session);
  // Runs of in-session bars: [from, to) index pairs.
  const runs = new NumberList(64);
  let open = false;
  let until = Number.NEGATIVE_INFINITY;
  let runFrom = -1;
  let count = 0;
  for (let i = 0; i < n; i++) {
    const t = bars.time[i] as number;
    if (t >= until) {
      const state = clock.sessionSpan(t);
      until = state.until;
      if (state.open !== open) {
        open = state.open;
        if (open) runFrom = i;
        else {
          runs.push(runFrom);
          runs.push(i);
          count += i - runFrom;
        }
      }
    }
  }
  if (open) {
    runs.push(runFrom);
    runs.push(n);
    count += n - runFrom;
  }
  const out = allocateColumns(count);
  let k = 0;
  for (let r = 0; r < runs.length; r += 2) {
    const from = runs.values[r] as number;
    const to = runs.values[r + 1] as number;
    out.time.set(bars.time.subarray(from, to), k);
    out.open.set(bars.open.subarray(from, to), k);
    out.high.set(bars.high.subarray(from, to), k);
    out.low.set(bars.low.subarray(from, to), k);
    out.close.set(bars.close.subarray(from, to), k);
    out.volume.set(bars.volume.subarray(from, to), k);
    k += to - from;
  }
  return out;
}
