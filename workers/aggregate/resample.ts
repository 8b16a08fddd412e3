/**
 * Resampling bars to a coarser interval in one pass over the columns: each bucket's bar opens with
 * its first bar's open, closes with its last bar's close, has the highest high, the lowest low and the
 * summed volume, and is stamped with the bucket's start. Bars must be in time order (the store's are).
 */
import type { Interval } from './interval';
import { bucketStart } from './interval';
import { allocateColumns, type BarColumns, copyRange, mergeInto } from './ohlc-levels';

export function resampleBars(bars: BarColumns, interval: Interval): BarColumns {
  const n = bars.time.length;
  // Bucket boundaries: bar indexes where a new bucket starts, and the buckets' starts.
  const starts: number[] = [];
  const stamps: number[] = [];
  let current = Number.NaN;
  for (let i = 0; i < n; i++) {
    const bucket = bucketStart(bars.time[i] as number, interval);
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
