/**
 * M4 aggregation for line and area series: per pixel column keep the first, last, lowest and highest
 * point. Drawing those (in x order) rasterises to the same pixels as drawing every point, at <= 4
 * points per column. docs/reference-constants.md: series of 1000 points and more are aggregated,
 * shorter ones pass; so does a window of no more than four points per column, whose M4 would draw
 * the same pixels and cost more than the copy.
 *
 * x is sorted, so each column is an index range found by binary search; only y is scanned, and with
 * a `MinMaxIndex` whole blocks of y are skipped.
 */
import type { MinMaxIndex, MinMaxLevel } from './minmax-index';

export const M4_MIN_POINTS = 1000;

export interface M4Options {
  /** Index range [start, end) of the input to aggregate (sorted by x). */
  start?: number;
  end?: number;
  /** The x range the `width` columns span; defaults to the x of the first and last point. */
  xMin?: number;
  xMax?: number;
  /** Inputs shorter than this come back unchanged. */
  minPoints?: number;
  /** Inputs of at most this many points per column come back unchanged too (default 4). */
  rawPerColumn?: number;
  /** Block min/max positions of `y`, built once per series (see minmax-index.ts). */
  index?: MinMaxIndex;
}

export interface M4Result {
  x: Float64Array;
  y: Float64Array;
  /** False when the input was short enough to draw as is. */
  aggregated: boolean;
}

/** The pixel column of `x` when [xMin, xMax] spans `width` columns (points outside are clamped). */
export function columnOf(x: number, xMin: number, xMax: number, width: number): number {
  if (!(xMax > xMin)) return 0;
  // The same operations as m4's boundary search, so both agree on points at column boundaries.
  const column = Math.floor((x - xMin) * (width / (xMax - xMin)));
  return column < 0 ? 0 : column >= width ? width - 1 : column;
}

// A plain function rather than a closure in columnEnd: no allocation per column, and V8 inlines it.
function inColumn(x: Float64Array, i: number, xMin: number, scale: number, column: number): boolean {
  return Math.floor(((x[i] as number) - xMin) * scale) <= column;
}

/**
 * The first index in [lo, hi) whose column is above `column` (hi when none is); every index before
 * lo is known to be in the column. The search gallops out from `guess` (where the column would end if
 * it were as long as the one before), so evenly spaced x cost a few probes per column.
 */
function columnEnd(
  x: Float64Array,
  lo: number,
  hi: number,
  column: number,
  xMin: number,
  scale: number,
  guess: number,
): number {
  let a = lo;
  let b = hi;
  const g = Math.min(Math.max(guess, lo), hi);
  if (g < hi && inColumn(x, g, xMin, scale, column)) {
    a = g + 1;
    for (let step = 1; ; step *= 2) {
      const probe = a + step - 1;
      if (probe >= hi) break;
      if (!inColumn(x, probe, xMin, scale, column)) {
        b = probe;
        break;
      }
      a = probe + 1;
    }
  } else {
    b = g;
    for (let step = 1; ; step *= 2) {
      const probe = b - step;
      if (probe < lo) break;
      if (inColumn(x, probe, xMin, scale, column)) {
        a = probe + 1;
        break;
      }
      b = probe;
    }
  }
  // Now every index before a is in the column and b is past it (or hi): bisect [a, b).
  while (a < b) {
    const mid = (a + b) >>> 1;
    if (inColumn(x, mid, xMin, scale, column)) a = mid + 1;
    else b = mid;
  }
  return a;
}

/**
 * First positions of the lowest and highest y in [a, b) (a < b), written to `found` [low, high]. One
 * sweep left to right, taking at each step the largest block of `levels` that starts there and fits
 * (single points where none does): up from points to coarser blocks, then down again before b. The
 * steps are in x order and the comparisons strict, so the first position of a tie wins, as in a scan.
 */
function rangeMinMax(
  y: Float64Array,
  a: number,
  b: number,
  levels: readonly MinMaxLevel[],
  found: Uint32Array,
): void {
  let low = a;
  let high = a;
  let lowValue = y[a] as number;
  let highValue = lowValue;
  let pos = a + 1;
  let level = -1;
  const finest = levels[0];
  if (finest) {
    const fineMask = (1 << finest.shift) - 1;
    const aligned = (pos + fineMask) & ~fineMask;
    if (aligned + fineMask < b) {
      for (; pos < aligned; pos++) {
        const v = y[pos] as number;
        const lower = +(v < lowValue);
        const higher = +(v > highValue);
        pick[0] = lowValue;
        pick[1] = v;
        pick[2] = highValue;
        pick[3] = v;
        lowValue = pick[lower] as number;
        highValue = pick[2 + higher] as number;
        low += (pos - low) * lower;
        high += (pos - high) * higher;
      }
      // Up: blocks of a level until pos is a boundary of the next level's blocks and one fits.
      for (level = 0; level + 1 < levels.length; level++) {
        const { shift, argMin, argMax } = levels[level] as MinMaxLevel;
        const nextMask = (1 << (levels[level + 1] as MinMaxLevel).shift) - 1;
        const size = 1 << shift;
        for (; (pos & nextMask) !== 0 && pos + size <= b; pos += size) {
          const l = argMin[pos >>> shift] as number;
          const h = argMax[pos >>> shift] as number;
          const lv = y[l] as number;
          const hv = y[h] as number;
          const lower = +(lv < lowValue);
          const higher = +(hv > highValue);
          pick[0] = lowValue;
          pick[1] = lv;
          pick[2] = highValue;
          pick[3] = hv;
          lowValue = pick[lower] as number;
          highValue = pick[2 + higher] as number;
          low += (l - low) * lower;
          high += (h - high) * higher;
        }
        if ((pos & nextMask) !== 0 || pos + nextMask >= b) break;
      }
    }
  }
  // Down: whole blocks of each level from the coarsest reached, then single points.
  for (; level >= 0; level--) {
    const { shift, argMin, argMax } = levels[level] as MinMaxLevel;
    const size = 1 << shift;
    for (; pos + size <= b; pos += size) {
      const l = argMin[pos >>> shift] as number;
      const h = argMax[pos >>> shift] as number;
      const lv = y[l] as number;
      const hv = y[h] as number;
      const lower = +(lv < lowValue);
      const higher = +(hv > highValue);
      pick[0] = lowValue;
      pick[1] = lv;
      pick[2] = highValue;
      pick[3] = hv;
      lowValue = pick[lower] as number;
      highValue = pick[2 + higher] as number;
      low += (l - low) * lower;
      high += (h - high) * higher;
    }
  }
  for (; pos < b; pos++) {
    const v = y[pos] as number;
    const lower = +(v < lowValue);
    const higher = +(v > highValue);
    pick[0] = lowValue;
    pick[1] = v;
    pick[2] = highValue;
    pick[3] = v;
    lowValue = pick[lower] as number;
    highValue = pick[2 + higher] as number;
    low += (pos - low) * lower;
    high += (pos - high) * higher;
  }
  found[0] = low;
  found[1] = high;
}

/** rangeMinMax's branch-free pick: [lowest so far, candidate, highest so far, candidate]. */
const pick = new Float64Array(4);

/** Without an index, rangeMinMax scans every point. */
const NO_LEVELS: readonly MinMaxLevel[] = [];
/** [low, high] positions of a column, from rangeMinMax. */
const extremes = new Uint32Array(2);

/**
 * Output buffers reused across calls (an engine runs one aggregation at a time): allocating two
 * typed arrays a call cost as much as aggregating a thousand points. Results are copied out of them.
 */
let scratchX = new Float64Array(0);
let scratchY = new Float64Array(0);

function scratch(capacity: number): [Float64Array, Float64Array] {
  if (scratchX.length < capacity) {
    scratchX = new Float64Array(capacity);
    scratchY = new Float64Array(capacity);
  }
  return [scratchX, scratchY];
}

export function m4(x: Float64Array, y: Float64Array, width: number, options: M4Options = {}): M4Result {
  const start = options.start ?? 0;
  const end = options.end ?? x.length;
  const n = Math.max(0, end - start);
  const columns = Math.max(1, Math.floor(width));
  // A window of at most four points a column draws the same pixels as its M4 and costs less to copy
  // than to aggregate (two thirds of a zoom's windows are this short).
  if (n < (options.minPoints ?? M4_MIN_POINTS) || n <= (options.rawPerColumn ?? 4) * columns) {
    return { x: x.slice(start, end), y: y.slice(start, end), aggregated: false };
  }
  const xMin = options.xMin ?? (x[start] as number);
  const xMax = options.xMax ?? (x[end - 1] as number);
  const scale = xMax > xMin ? columns / (xMax - xMin) : 0;
  const [outX, outY] = scratch(Math.min(n, 4 * columns));
  const levels = options.index?.levels ?? NO_LEVELS;
  let written = 0;
  let i = start;
  // The gallop's guess for a column's length is the previous column's: exact for evenly spaced x, and
  // no division per column (the remaining points over the remaining columns cost one on the hot path).
  let length = Math.max(1, Math.round(n / columns));
  while (i < end) {
    // Points left of xMin clamp into column 0, points right of xMax into the last one.
    const column = Math.min(columns - 1, Math.max(0, Math.floor(((x[i] as number) - xMin) * scale)));
    const e = column === columns - 1 ? end : columnEnd(x, i + 1, end, column, xMin, scale, i + length);
    rangeMinMax(y, i, e, levels, extremes);
    const low = extremes[0] as number;
    const high = extremes[1] as number;
    const middleA = Math.min(low, high);
    const middleB = Math.max(low, high);
    // first <= middleA <= middleB <= last: write each distinct index once, in order.
    outX[written] = x[i] as number;
    outY[written++] = y[i] as number;
    if (middleA > i) {
      outX[written] = x[middleA] as number;
      outY[written++] = y[middleA] as number;
    }
    if (middleB > middleA && middleB > i) {
      outX[written] = x[middleB] as number;
      outY[written++] = y[middleB] as number;
    }
    const last = e - 1;
    if (last > middleB && last > i) {
      outX[written] = x[last] as number;
      outY[written++] = y[last] as number;
    }
    length = e - i;
    i = e;
  }
  return { x: outX.slice(0, written), y: outY.slice(0, written), aggregated: true };
}
