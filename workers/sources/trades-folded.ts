/**
 * Trades folded into bars one by one, the plain way (the tests' account of what a source's SQL
 * does): buckets of `step` seconds from 1970, the first and last trade the open and close, sizes
 * summed, only trades in `[from, to)`. Used by the unit tests only.
 */
import type { BarColumns } from '../../core/bars/bar-columns';

export interface Trade {
  /** UTC seconds. */
  time: number;
  price: number;
  size: number;
}

export function tradesFolded(
  trades: Iterable<Trade>,
  step: number,
  from = -Infinity,
  to = Infinity,
): BarColumns {
  const out = {
    time: [] as number[],
    open: [] as number[],
    high: [] as number[],
    low: [] as number[],
    close: [] as number[],
    volume: [] as number[],
  };
  for (const { time, price, size } of trades) {
    if (time < from || time >= to) continue;
    const bucket = Math.floor(time / step) * step;
    const last = out.time.length - 1;
    if (last >= 0 && out.time[last] === bucket) {
      out.high[last] = Math.max(out.high[last] ?? price, price);
      out.low[last] = Math.min(out.low[last] ?? price, price);
      out.close[last] = price;
      out.volume[last] = (out.volume[last] ?? 0) + size;
    } else {
      out.time.push(bucket);
      out.open.push(price);
      out.high.push(price);
      out.low.push(price);
      out.close.push(price);
      out.volume.push(size);
    }
  }
  return {
    time: Float64Array.from(out.time),
    open: Float64Array.from(out.open),
    high: Float64Array.from(out.high),
    low: Float64Array.from(out.low),
    close: Float64Array.from(out.close),
    volume: Float64Array.from(out.volume),
  };
}
