/**
 * The bars of a window, merged so that at most `maxBars` come back. A first, unleveled version:
 * one pass over the window (the precomputed levels of the data-engine issue replace the pass).
 */
import type { BarsRequest, BarsResult } from './protocol';

export interface BarColumns {
  time: Float64Array;
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  /** Absent for line series. */
  volume: Float64Array | null;
}

/** Index of the first time >= t (binary search over sorted times). */
export function lowerBound(times: Float64Array, t: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((times[mid] as number) < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function barsInWindow(request: BarsRequest, c: BarColumns): BarsResult {
  const n = c.time.length;
  const start = request.from === undefined ? 0 : lowerBound(c.time, request.from);
  const end = request.to === undefined ? n : lowerBound(c.time, request.to + 1e-9);
  const count = Math.max(0, end - start);
  const factor = Math.max(1, Math.ceil(count / Math.max(1, Math.floor(request.maxBars))));
  const out = Math.ceil(count / factor);
  const time = new Float64Array(out);
  const open = new Float64Array(out);
  const high = new Float64Array(out);
  const low = new Float64Array(out);
  const close = new Float64Array(out);
  const volume = new Float64Array(out);
  for (let k = 0; k < out; k++) {
    const i0 = start + k * factor;
    const i1 = Math.min(end, i0 + factor);
    let h = Number.NEGATIVE_INFINITY;
    let l = Number.POSITIVE_INFINITY;
    let v = 0;
    for (let i = i0; i < i1; i++) {
      h = Math.max(h, c.high[i] as number);
      l = Math.min(l, c.low[i] as number);
      v += c.volume ? (c.volume[i] as number) : 0;
    }
    time[k] = c.time[i0] as number;
    open[k] = c.open[i0] as number;
    close[k] = c.close[i1 - 1] as number;
    high[k] = h;
    low[k] = l;
    volume[k] = v;
  }
  return {
    symbol: request.symbol,
    level: factor === 1 ? 0 : Math.ceil(Math.log2(factor)),
    factor,
    time,
    open,
    high,
    low,
    close,
    volume,
    first: n > 0 ? (c.time[0] as number) : 0,
    last: n > 0 ? (c.time[n - 1] as number) : 0,
    nativeCount: n,
  };
}
