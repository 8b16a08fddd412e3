/**
 * Histogram binning: equal-width bins over the data's extent, their number given or chosen by the
 * Freedman–Diaconis rule (Sturges when the interquartile range is zero). Bin i holds the values with
 * edges[i] <= v < edges[i + 1]; the last bin also holds v = edges[bins].
 */

export const MAX_BINS = 1000;

export interface Histogram {
  /** bins + 1 ascending edges. */
  edges: Float64Array;
  counts: Uint32Array;
  /** Values that were NaN or infinite and so are in no bin. */
  skipped: number;
}

function finiteValues(values: ArrayLike<number>): Float64Array {
  const out = new Float64Array(values.length);
  let m = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    if (Number.isFinite(v)) out[m++] = v;
  }
  return out.slice(0, m);
}

/** Value at quantile q of ascending `sorted` (linear interpolation). */
function quantile(sorted: Float64Array, q: number): number {
  const position = (sorted.length - 1) * q;
  const below = Math.floor(position);
  const lower = sorted[below] as number;
  const upper = sorted[Math.min(below + 1, sorted.length - 1)] as number;
  return lower + (upper - lower) * (position - below);
}

/** Bin count by Freedman–Diaconis (width 2 IQR / n^(1/3)), clamped to [1, MAX_BINS]. */
export function freedmanDiaconisBins(values: ArrayLike<number>): number {
  const sorted = finiteValues(values).sort();
  const n = sorted.length;
  if (n < 2) return 1;
  const range = (sorted[n - 1] as number) - (sorted[0] as number);
  if (range === 0) return 1;
  const iqr = quantile(sorted, 0.75) - quantile(sorted, 0.25);
  const bins = iqr > 0 ? Math.ceil(range / ((2 * iqr) / Math.cbrt(n))) : Math.ceil(Math.log2(n)) + 1;
  return Math.min(MAX_BINS, Math.max(1, bins));
}

export function histogram(values: ArrayLike<number>, options: { bins?: number } = {}): Histogram {
  const finite = finiteValues(values);
  const skipped = values.length - finite.length;
  const requested = options.bins ?? freedmanDiaconisBins(finite);
  const bins = Math.min(MAX_BINS, Math.max(1, Math.floor(requested)));
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const v of finite) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  if (finite.length === 0) {
    min = 0;
    max = 1;
  } else if (min === max) {
    // One distinct value: a unit-wide bin centred on it.
    min -= 0.5;
    max += 0.5;
  }
  const width = (max - min) / bins;
  const edges = new Float64Array(bins + 1);
  for (let i = 0; i < bins; i++) edges[i] = min + i * width;
  edges[bins] = max;
  const counts = new Uint32Array(bins);
  for (const v of finite) {
    let bin = Math.floor((v - min) / width);
    bin = bin < 0 ? 0 : bin >= bins ? bins - 1 : bin;
    // Rounding can put a value next to an edge on the wrong side; the edges decide.
    while (bin > 0 && v < (edges[bin] as number)) bin--;
    while (bin < bins - 1 && v >= (edges[bin + 1] as number)) bin++;
    counts[bin] = (counts[bin] as number) + 1;
  }
  return { edges, counts, skipped };
}
