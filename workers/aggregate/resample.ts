/**
 * Resampling bars to a coarser interval in one pass over the columns: each bucket's bar opens with
 * its first bar's open, closes with its last bar's close, has the highest high, the lowest low and the
 * summed volume, and is stamped with the bucket's start. Bars must be in time order (the store's are).
 */
import { SessionClock, type TradingSession } from '../sessions/trading-session';
import type { Interval } from './interval';
import { bucketStart, intervalSeconds } from './interval';
import { allocateColumns, type BarColumns, copyRange, mergeInto } from './ohlc-levels';

const DAY = 86_400;

/**
 * Finds the bucket of a time: writes its start and the time it ends (exclusive) into `out`. With a
 * session, minute and hour buckets count from the latest session open (a 1h bar starts at 09:30
 * where the market opens at 09:30, in summer and winter alike) and end at the next; otherwise, and
 * for days, weeks and months, they are aligned in UTC (interval.ts). A pass over sorted times calls
 * it only when a time reaches the end of the bucket before: about once a bucket, not once a bar.
 */
export type Locate = (time: number, out: Float64Array) => void;

export function bucketLocator(interval: Interval, session: TradingSession | null): Locate {
  const { unit } = interval;
  if (unit === 'm' || unit === 'h') {
    const size = intervalSeconds(interval);
    if (session) {
      const clock = new SessionClock(session);
      return (time, out) => {
        const { anchor, until } = clock.anchorSpan(time);
        const start = anchor + Math.floor((time - anchor) / size) * size;
        out[0] = start;
        out[1] = Math.min(start + size, until);
      };
    }
    // UTC buckets never cross midnight (sizes that do not divide a day start again there).
    return (time, out) => {
      const start = bucketStart(time, interval);
      out[0] = start;
      out[1] = Math.min(start + size, Math.floor(start / DAY) * DAY + DAY);
    };
  }
  // Days, weeks and months: the next bucket starts within 1.5 buckets (months are 28 to 31 days).
  const reach = 1.5 * intervalSeconds(interval);
  return (time, out) => {
    const start = bucketStart(time, interval);
    out[0] = start;
    out[1] = bucketStart(start + reach, interval);
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
 * Two passes: the bucket boundaries first (a comparison a bar, the bucket found once a bucket), then
 * each bucket merged (measured faster than folding every bar into a growing output in one pass).
 */
export function resampleBars(
  bars: BarColumns,
  interval: Interval,
  session: TradingSession | null = null,
): BarColumns {
  const time = bars.time;
  const n = time.length;
  if (n === 0) return copyRange(bars, 0, 0);
  const locate = bucketLocator(interval, session);
  const span = (time[n - 1] as number) - (time[0] as number);
  const estimate = Math.min(n, Math.ceil(span / intervalSeconds(interval)) + 2);
  // Bucket boundaries: bar indexes where a new bucket starts, and the buckets' starts.
  const starts = new NumberList(estimate);
  const stamps = new NumberList(estimate);
  const bucket = new Float64Array(2);
  let current = Number.NaN;
  let end = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    const t = time[i] as number;
    if (t < end) continue;
    locate(t, bucket);
    end = bucket[1] as number;
    if (bucket[0] !== current) {
      current = bucket[0] as number;
      starts.push(i);
      stamps.push(current);
    }
  }
  const count = starts.length;
  // Every bar its own bucket (the data is already at this interval or coarser): a copy, stamped with
  // the buckets' starts as any other resampling is.
  if (count === n) {
    const out = copyRange(bars, 0, n);
    out.time.set(stamps.values.subarray(0, n));
    return out;
  }
  const out = allocateColumns(count);
  for (let k = 0; k < count; k++) {
    const from = starts.values[k] as number;
    mergeInto(bars, from, k + 1 < count ? (starts.values[k + 1] as number) : n, out, k);
    out.time[k] = stamps.values[k] as number;
  }
  return out;
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
