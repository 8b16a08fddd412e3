/**
 * Scatter and bubble aggregation (docs/reference-constants.md: above 10000 items the worker merges neighbours).
 * Items are binned on the finest power-of-two grid whose occupied cells fit the budget; each cell
 * becomes one item at its members' centroid carrying their count (and summed size for bubbles). The
 * items with the global lowest and highest x and y stay as they are, so the axes keep their extent.
 */
import type { XyWindow } from '../../core/protocol';

export const SCATTER_MAX_ITEMS = 10_000;
/** Four extremes plus at least one cell. */
export const SCATTER_MIN_BUDGET = 5;
/** At most 1024 x 1024 cells, and no more than about four per item (finer grids merge nothing more). */
const MAX_GRID_BITS = 10;
const MIXED_CATEGORY = -1;

export interface XyColumns {
  x: Float64Array;
  y: Float64Array;
  /** Bubble sizes (data units); merged items carry the sum. */
  size?: Float64Array;
  /** Category index per item; a merged item of mixed categories carries -1. */
  category?: Int32Array;
}

export interface MergedXy {
  x: Float64Array;
  y: Float64Array;
  size: Float64Array | null;
  category: Int32Array | null;
  /** Input items each output item stands for (1 for items passed through). */
  count: Uint32Array;
  /** Items in the window before merging. */
  total: number;
  aggregated: boolean;
  /** Input index of each item when nothing was merged (for per-item labels), else null. */
  source: Uint32Array | null;
}

function inWindow(data: XyColumns, window: XyWindow | undefined): Uint32Array {
  const n = data.x.length;
  if (!window) return Uint32Array.from({ length: n }, (_, i) => i);
  const selected = new Uint32Array(n);
  let m = 0;
  for (let i = 0; i < n; i++) {
    const x = data.x[i] as number;
    const y = data.y[i] as number;
    if (x >= window.xMin && x <= window.xMax && y >= window.yMin && y <= window.yMax) selected[m++] = i;
  }
  return selected.slice(0, m);
}

/** Indices (into `data`) of the items with the lowest and highest x and y, without repeats. */
function extremes(data: XyColumns, selected: Uint32Array): number[] {
  let minX = selected[0] as number;
  let maxX = minX;
  let minY = minX;
  let maxY = minX;
  for (const i of selected) {
    if ((data.x[i] as number) < (data.x[minX] as number)) minX = i;
    if ((data.x[i] as number) > (data.x[maxX] as number)) maxX = i;
    if ((data.y[i] as number) < (data.y[minY] as number)) minY = i;
    if ((data.y[i] as number) > (data.y[maxY] as number)) maxY = i;
  }
  return [...new Set([minX, maxX, minY, maxY])];
}

function gridCoordinates(values: Float64Array, selected: Uint32Array, cells: number): Uint16Array {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const i of selected) {
    const v = values[i] as number;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const scale = max > min ? cells / (max - min) : 0;
  const out = new Uint16Array(selected.length);
  for (let k = 0; k < selected.length; k++) {
    const cell = Math.floor(((values[selected[k] as number] as number) - min) * scale);
    out[k] = cell >= cells ? cells - 1 : cell;
  }
  return out;
}

export interface MergeOptions {
  maxItems?: number;
  window?: XyWindow;
  /** The plot's size in pixels: no grid finer than one cell per pixel across its larger side. */
  pixels?: { width: number; height: number };
}

export function mergeScatter(data: XyColumns, options: MergeOptions = {}): MergedXy {
  const maxItems = Math.floor(options.maxItems ?? SCATTER_MAX_ITEMS);
  if (!(maxItems >= SCATTER_MIN_BUDGET)) throw new Error(`maxItems must be at least ${SCATTER_MIN_BUDGET}`);
  const selected = inWindow(data, options.window);
  const total = selected.length;
  if (total <= maxItems) return passThrough(data, selected);

  const kept = extremes(data, selected);
  const isKept = (i: number): boolean => kept.includes(i);
  const budget = maxItems - kept.length;
  const pixelBits = options.pixels
    ? Math.max(1, Math.ceil(Math.log2(Math.max(options.pixels.width, options.pixels.height))))
    : MAX_GRID_BITS;
  const finestBits = Math.min(MAX_GRID_BITS, pixelBits, Math.ceil(Math.log2(Math.sqrt(total))) + 1);
  const finest = 1 << finestBits;
  const cx = gridCoordinates(data.x, selected, finest);
  const cy = gridCoordinates(data.y, selected, finest);

  // Coarsen the grid until the occupied cells fit; a 1 x 1 grid always does.
  let shift = 0;
  for (; shift < finestBits; shift++) {
    const side = finest >> shift;
    const seen = new Uint8Array(side * side);
    let occupied = 0;
    for (let k = 0; k < total && occupied <= budget; k++) {
      if (isKept(selected[k] as number)) continue;
      const cell = ((cx[k] as number) >> shift) * side + ((cy[k] as number) >> shift);
      if (seen[cell] === 0) {
        seen[cell] = 1;
        occupied++;
      }
    }
    if (occupied <= budget) break;
  }

  const side = finest >> shift;
  const slotOfCell = new Int32Array(side * side).fill(-1);
  const capacity = budget + kept.length;
  const sumX = new Float64Array(capacity);
  const sumY = new Float64Array(capacity);
  const size = data.size ? new Float64Array(capacity) : null;
  const category = data.category ? new Int32Array(capacity) : null;
  const count = new Uint32Array(capacity);
  let slots = 0;
  for (let k = 0; k < total; k++) {
    const i = selected[k] as number;
    if (isKept(i)) continue;
    const cell = ((cx[k] as number) >> shift) * side + ((cy[k] as number) >> shift);
    let slot = slotOfCell[cell] as number;
    if (slot < 0) {
      slot = slots++;
      slotOfCell[cell] = slot;
      if (category && data.category) category[slot] = data.category[i] as number;
    } else if (category && data.category && category[slot] !== data.category[i]) {
      category[slot] = MIXED_CATEGORY;
    }
    sumX[slot] = (sumX[slot] as number) + (data.x[i] as number);
    sumY[slot] = (sumY[slot] as number) + (data.y[i] as number);
    if (size && data.size) size[slot] = (size[slot] as number) + (data.size[i] as number);
    count[slot] = (count[slot] as number) + 1;
  }
  for (let slot = 0; slot < slots; slot++) {
    sumX[slot] = (sumX[slot] as number) / (count[slot] as number);
    sumY[slot] = (sumY[slot] as number) / (count[slot] as number);
  }
  for (const i of kept) {
    sumX[slots] = data.x[i] as number;
    sumY[slots] = data.y[i] as number;
    if (size && data.size) size[slots] = data.size[i] as number;
    if (category && data.category) category[slots] = data.category[i] as number;
    count[slots] = 1;
    slots++;
  }
  return {
    x: sumX.slice(0, slots),
    y: sumY.slice(0, slots),
    size: size ? size.slice(0, slots) : null,
    category: category ? category.slice(0, slots) : null,
    count: count.slice(0, slots),
    total,
    aggregated: true,
    source: null,
  };
}

function passThrough(data: XyColumns, selected: Uint32Array): MergedXy {
  const pick = <T extends Float64Array | Int32Array>(values: T, make: (n: number) => T): T => {
    const out = make(selected.length);
    for (let k = 0; k < selected.length; k++) out[k] = values[selected[k] as number] as number;
    return out;
  };
  return {
    x: pick(data.x, (n) => new Float64Array(n)),
    y: pick(data.y, (n) => new Float64Array(n)),
    size: data.size ? pick(data.size, (n) => new Float64Array(n)) : null,
    category: data.category ? pick(data.category, (n) => new Int32Array(n)) : null,
    count: new Uint32Array(selected.length).fill(1),
    total: selected.length,
    aggregated: false,
    source: selected,
  };
}
