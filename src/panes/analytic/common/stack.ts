/**
 * Stacking of bar and area series: positive values stack upwards from zero and negative values
 * downwards, each series on top of the visible series before it. Hidden series take no space.
 */

export interface StackedValue {
  /** Where the segment starts (the running total before this series). */
  y0: number;
  /** Where it ends. */
  y1: number;
}

/**
 * `series[s][i]` is the value of series `s` at category (or x) `i`. Returns the same shape of
 * segments; a hidden series gets zero-height segments at the current baseline.
 */
export function stackSeries(
  series: readonly (readonly number[])[],
  visible: readonly boolean[] = series.map(() => true),
): StackedValue[][] {
  const length = Math.max(0, ...series.map((s) => s.length));
  const positive = new Float64Array(length);
  const negative = new Float64Array(length);
  return series.map((values, s) =>
    Array.from({ length }, (_, i) => {
      const value = values[i] ?? 0;
      const shown = visible[s] !== false && Number.isFinite(value);
      if (!shown || value === 0) {
        const base = positive[i] as number;
        return { y0: base, y1: base };
      }
      if (value > 0) {
        const y0 = positive[i] as number;
        positive[i] = y0 + value;
        return { y0, y1: y0 + value };
      }
      const y0 = negative[i] as number;
      negative[i] = y0 + value;
      return { y0, y1: y0 + value };
    }),
  );
}

/** The smallest and largest stacked extent, always including zero. */
export function stackExtent(stacked: readonly (readonly StackedValue[])[]): [number, number] {
  let min = 0;
  let max = 0;
  for (const series of stacked) {
    for (const { y0, y1 } of series) {
      min = Math.min(min, y0, y1);
      max = Math.max(max, y0, y1);
    }
  }
  return [min, max];
}
