/** Seeded native bars and their conversions, for the live-chart unit tests. */

import { type BarColumns, barOf, copyRange } from '../../../core/bars/bar-columns';
import type { BarsResult, LiveBar } from '../../../core/protocol';

/** Native one-minute bars with a seeded walk. */
export function nativeBars(count: number, seed = 1): BarColumns {
  let state = seed;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const c: BarColumns = {
    time: new Float64Array(count),
    open: new Float64Array(count),
    high: new Float64Array(count),
    low: new Float64Array(count),
    close: new Float64Array(count),
    volume: new Float64Array(count),
  };
  let price = 100;
  for (let i = 0; i < count; i++) {
    const open = price;
    price *= 1 + (random() - 0.5) / 50;
    c.time[i] = i * 60;
    c.open[i] = open;
    c.close[i] = price;
    c.high[i] = Math.max(open, price) + random();
    c.low[i] = Math.min(open, price) - random();
    c.volume[i] = Math.round(random() * 1000);
  }
  return c;
}

export function asResult(c: BarColumns, factor: number): BarsResult {
  const n = c.time.length;
  return {
    symbol: 'SYN',
    level: Math.log2(factor),
    factor,
    ...c,
    first: c.time[0] ?? 0,
    last: c.time[n - 1] ?? 0,
    nativeCount: n,
  };
}

export function slice(c: BarColumns, start: number, end = c.time.length): BarColumns {
  return copyRange(c, start, end);
}

export function rows(c: BarColumns): LiveBar[] {
  return Array.from({ length: c.time.length }, (_, i) => barOf(c, i));
}
