/**
 * A block index over a value column, in levels: the positions of the lowest and highest value of every
 * block of 8 values, of every block of 64, of 512, and so on (each level built from the one below).
 * A range min/max query sweeps the range left to right taking the largest aligned block that fits, so
 * it reads at most 7 values and 7 entries of each level at either end plus the whole blocks of the
 * coarsest level between: M4 over a long series costs a few dozen reads per column instead of n / 1920.
 */

export interface MinMaxLevel {
  /** log2 of the block length. */
  shift: number;
  /** Per block, the index (into the column) of its first lowest value. */
  argMin: Uint32Array;
  /** Per block, the index of its first highest value. */
  argMax: Uint32Array;
}

export interface MinMaxIndex {
  /** Finest first; each level's blocks are whole blocks of the level below. */
  levels: MinMaxLevel[];
}

/** Blocks of 8 at the finest level and 8 blocks of a level per block of the next. */
export const DEFAULT_STEP = 3;
/** No level with fewer blocks than this: a query would hardly use it. */
const MIN_BLOCKS = 8;

/** `step` is log2 of the finest block and of the blocks per block of the next level (tests use 1). */
export function buildMinMaxIndex(values: Float64Array, step = DEFAULT_STEP): MinMaxIndex {
  const levels: MinMaxLevel[] = [];
  let below: MinMaxLevel | null = null;
  for (let shift = step; values.length >>> shift >= MIN_BLOCKS; shift += step) {
    const level: MinMaxLevel = below ? mergeLevel(values, below, shift) : firstLevel(values, shift);
    levels.push(level);
    below = level;
  }
  return { levels };
}

/** firstLevel's branch-free pick: [lowest so far, the value, highest so far, the value]. */
const pick = new Float64Array(4);

/**
 * The finest level, in one pass. Branch-free: in a block of a random walk most values set a new low
 * or high, so a branch on them is mispredicted every other value; a pick by index built 1e7 values'
 * level in 41 ms where branches took 65 to 77 (Node 22, 2026-12-05). Strict comparisons: each block
 * keeps the first position of its lowest and highest value.
 */
function firstLevel(values: Float64Array, shift: number): MinMaxLevel {
  const block = 1 << shift;
  const n = values.length;
  const blocks = Math.ceil(n / block);
  const argMin = new Uint32Array(blocks);
  const argMax = new Uint32Array(blocks);
  for (let b = 0; b < blocks; b++) {
    const start = b * block;
    const end = Math.min(n, start + block);
    let low = start;
    let high = start;
    let lowValue = values[start] as number;
    let highValue = lowValue;
    for (let i = start + 1; i < end; i++) {
      const v = values[i] as number;
      const lower = +(v < lowValue);
      const higher = +(v > highValue);
      pick[0] = lowValue;
      pick[1] = v;
      pick[2] = highValue;
      pick[3] = v;
      lowValue = pick[lower] as number;
      highValue = pick[2 + higher] as number;
      low += (i - low) * lower;
      high += (i - high) * higher;
    }
    argMin[b] = low;
    argMax[b] = high;
  }
  return { shift, argMin, argMax };
}

/** A level from the one below: strict comparisons in order, so each block keeps the first position. */
function mergeLevel(values: Float64Array, below: MinMaxLevel, shift: number): MinMaxLevel {
  const factor = 1 << (shift - below.shift);
  const blocks = Math.ceil(below.argMin.length / factor);
  const argMin = new Uint32Array(blocks);
  const argMax = new Uint32Array(blocks);
  for (let b = 0; b < blocks; b++) {
    const start = b * factor;
    const end = Math.min(below.argMin.length, start + factor);
    let low = below.argMin[start] as number;
    let high = below.argMax[start] as number;
    for (let k = start + 1; k < end; k++) {
      const l = below.argMin[k] as number;
      const h = below.argMax[k] as number;
      if ((values[l] as number) < (values[low] as number)) low = l;
      if ((values[h] as number) > (values[high] as number)) high = h;
    }
    argMin[b] = low;
    argMax[b] = high;
  }
  return { shift, argMin, argMax };
}
