/**
 * Resampling bars to a coarser interval in one pass over the columns: each bucket's bar opens with
 * its first bar's open, closes with its last bar's close, has the highest high, the lowest low and the
 * summed volume, and is stamped with the bucket's start. Bars must be in time order (the store's are).
 */
import { SessionClock, type TradingSession } from '../sessions/trading-session';
import type { Interval } from './interval';
import { bucketStart } from './interval';
import { allocateColumns, type BarColumns, copyRange, mergeInto } from './ohlc-levels';

const UNIT_SECONDS = { m: 60, h: 3600 } as const;

/**
 * The bucket start of each time, in time order. With a session, minute and hour buckets count from
 * the latest session open (a 1h bar starts at 09:30 where the market opens at 09:30, in summer and
 * winter alike); otherwise, and for days, weeks and months, they are aligned in UTC (interval.ts).
 */
function bucketer(interval: Interval, session: TradingSession | null): (time: number) => number {
  const { unit, count } = interval;
  if (!session || (unit !== 'm' && unit !== 'h')) return (time) => bucketStart(time, interval);
  const size = count * UNIT_SECONDS[unit];
  const clock = new SessionClock(session);
  return (time) => {
    const anchor = clock.anchor(time);
    return anchor + Math.floor((time - anchor) / size) * size;
  };
}

export function resampleBars(
  bars: BarColumns,
  interval: Interval,
  session: TradingSession | null = null,
): BarColumns {
  const n = bars.time.length;
  const bucketOf = bucketer(interval, session);
  // Bucket boundaries: bar indexes where a new bucket starts, and the buckets' starts.
  const starts: number[] = [];
  const stamps: number[] = [];
  let current = Number.NaN;
  for (let i = 0; i < n; i++) {
    const bucket = bucketOf(bars.time[i] as number);
    if (bucket !== current) {
      starts.push(i);
      stamps.push(bucket);
      current = bucket;
    }
  }
  // Every bar its own bucket: the data is already at this interval or coarser.
  if (starts.length === n) return copyRange(bars, 0, n);
  const out = allocateColumns(starts.length);
  for (let k = 0; k < starts.length; k++) {
    mergeInto(bars, starts[k] as number, k + 1 < starts.length ? (starts[k + 1] as number) : n, out, k);
    out.time[k] = stamps[k] as number;
  }
  return out;
}

/** The bars inside the session's hours (open <= time < close on a trading day), as new columns. */
export function sessionBars(bars: BarColumns, session: TradingSession): BarColumns {
  const n = bars.time.length;
  const clock = new SessionClock(session);
  const keep = new Uint8Array(n);
  let count = 0;
  for (let i = 0; i < n; i++) {
    if (clock.inSession(bars.time[i] as number)) {
      keep[i] = 1;
      count++;
    }
  }
  const out = allocateColumns(count);
  let k = 0;
  for (let i = 0; i < n; i++) {
    if (!keep[i]) continue;
    out.time[k] = bars.time[i] as number;
    out.open[k] = bars.open[i] as number;
    out.high[k] = bars.high[i] as number;
    out.low[k] = bars.low[i] as number;
    out.close[k] = bars.close[i] as number;
    out.volume[k] = bars.volume[i] as number;
    k++;
  }
  return out;
}
