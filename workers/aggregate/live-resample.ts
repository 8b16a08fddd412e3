/**
 * Live bars at a pane's interval: the feed's native bars (each bar, the latest many times while it
 * forms) folded into the buckets `resampleBars` makes of the stored series, so a 5-minute or 1-hour
 * chart moves with the feed as a 1-minute one does. Seeded with the stored bars of the last bucket,
 * so the first bar it gives is the stored series' partial last bucket plus what the feed added.
 * Pure, so it is unit-tested against `resampleBars` over the same bars.
 */

import { type BarColumns, barOf } from '../../core/bars/bar-columns';
import { lowerBound } from '../../core/bars/sorted-search';
import type { LiveBar } from '../../core/protocol';
import { type ChartBarsSpec, ChartBuckets } from './chart-buckets';

/** Merges `bar` into `into` (null: a copy of `bar` is the start), stamped `time`. */
function merged(into: LiveBar | null, bar: LiveBar, time: number): LiveBar {
  if (!into) return { ...bar, time };
  return {
    time,
    open: into.open,
    high: Math.max(into.high, bar.high),
    low: Math.min(into.low, bar.low),
    close: bar.close,
    volume: into.volume + bar.volume,
  };
}

export class LiveResampler {
  private readonly buckets: ChartBuckets;
  private readonly span = new Float64Array(2);
  /** The current bucket's start and end (exclusive); NaN before the first bar that counts. */
  private bucketStart = Number.NaN;
  private bucketEnd = Number.NEGATIVE_INFINITY;
  /** The bars of the current bucket that are final, merged. */
  private settled: LiveBar | null = null;
  /** The latest native bar: the feed may still change it. */
  private forming: LiveBar | null = null;

  /**
   * @param stored the native bars the engine holds for the symbol: the feed continues from the last
   *   of them, which is the first bar it moves
   */
  constructor(spec: ChartBarsSpec, stored: BarColumns) {
    const buckets = new ChartBuckets(spec);
    this.buckets = buckets;
    const n = stored.time.length;
    if (n === 0) return;
    // The stored bars of the last bucket (found from the last bar that counts) to the end.
    let from = n - 1;
    if (buckets.resamples) {
      let last = n - 1;
      while (last > 0 && !buckets.shows(stored.time[last] as number)) last--;
      buckets.locate(stored.time[last] as number, this.span);
      from = Math.min(n - 1, lowerBound(stored.time, this.span[0] as number));
    }
    const seed: LiveBar[] = [];
    for (let i = from; i < n; i++) seed.push(barOf(stored, i));
    this.fold(seed);
  }

  /**
   * Folds native bars in, in time order (a bar with the latest time replaces it, older ones are
   * ignored) and returns the buckets' bars that changed: those that closed, then the current one.
   */
  fold(bars: readonly LiveBar[]): LiveBar[] {
    const out: LiveBar[] = [];
    for (const bar of bars) {
      const forming = this.forming;
      if (forming && bar.time < forming.time) continue;
      if (forming && bar.time === forming.time) {
        this.forming = bar;
        continue;
      }
      // A later bar: the forming one is final.
      if (forming && this.buckets.shows(forming.time))
        this.settled = merged(this.settled, forming, this.bucketStart);
      if (this.buckets.shows(bar.time) && bar.time >= this.bucketEnd) this.enter(bar.time, out);
      this.forming = bar;
    }
    const current = this.current();
    if (current) out.push(current);
    return out;
  }

  /** The current bucket's bar: its final bars and the forming one. */
  private current(): LiveBar | null {
    const forming = this.forming;
    if (forming && this.buckets.shows(forming.time) && forming.time >= this.bucketStart) {
      return merged(this.settled, forming, this.bucketStart);
    }
    return this.settled;
  }

  /**
   * Moves to the bucket of `time` when it is a new one, giving the bucket it leaves to `out`. With
   * the feed's own bars (no interval) every later bar is a bucket of its own: the end stays -∞.
   */
  private enter(time: number, out: LiveBar[]): void {
    this.buckets.locate(time, this.span);
    const start = this.span[0] as number;
    this.bucketEnd = this.span[1] as number;
    if (start !== this.bucketStart) {
      if (this.settled) out.push(this.settled);
      this.settled = null;
      this.bucketStart = start;
    }
  }
}
