/**
 * Bars in columns, the one shape every series of bars has on both sides of the worker: a chart's
 * window (BarsResult), a CSV import's series, a stored import, a fixture, a level of the engine's
 * multi-resolution bars. Columns of Float64Array, so a result is transferred, never cloned.
 */

/** One bar as the engine hands it out: `time` in UTC seconds. */
export interface Bar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** Columns of bars, `time` ascending; line series use the value as open = high = low = close and zero volume. */
export interface BarColumns {
  time: Float64Array;
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  volume: Float64Array;
}

/** Zeroed columns for `n` bars. */
export function allocateColumns(n: number): BarColumns {
  return {
    time: new Float64Array(n),
    open: new Float64Array(n),
    high: new Float64Array(n),
    low: new Float64Array(n),
    close: new Float64Array(n),
    volume: new Float64Array(n),
  };
}

/** Columns of bar records, in their order (the inverse of `barOf`). */
export function columnsOf(bars: readonly Bar[]): BarColumns {
  const c = allocateColumns(bars.length);
  bars.forEach((b, i) => {
    c.time[i] = b.time;
    c.open[i] = b.open;
    c.high[i] = b.high;
    c.low[i] = b.low;
    c.close[i] = b.close;
    c.volume[i] = b.volume;
  });
  return c;
}

/** Bar `i` of the columns as one object (a live bar, a legend's bar). */
export function barOf(c: BarColumns, i: number): Bar {
  return {
    time: c.time[i] as number,
    open: c.open[i] as number,
    high: c.high[i] as number,
    low: c.low[i] as number,
    close: c.close[i] as number,
    volume: c.volume[i] as number,
  };
}

/** Bars [start, end) as new columns. */
export function copyRange(c: BarColumns, start: number, end: number): BarColumns {
  // slice, not subarray: results are transferred, which would detach the store's own buffers.
  return {
    time: c.time.slice(start, end),
    open: c.open.slice(start, end),
    high: c.high.slice(start, end),
    low: c.low.slice(start, end),
    close: c.close.slice(start, end),
    volume: c.volume.slice(start, end),
  };
}
