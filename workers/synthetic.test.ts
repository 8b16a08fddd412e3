import { describe, expect, it } from 'vitest';
import { gaussian, mulberry32, seedFromString } from './random';
import { generateSyntheticBars, SYNTHETIC_BARS, SYNTHETIC_START } from './synthetic';

function correlation(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const n = a.length;
  let ma = 0;
  let mb = 0;
  for (let i = 0; i < n; i++) {
    ma += a[i] as number;
    mb += b[i] as number;
  }
  ma /= n;
  mb /= n;
  let cov = 0;
  let va = 0;
  let vb = 0;
  for (let i = 0; i < n; i++) {
    const da = (a[i] as number) - ma;
    const db = (b[i] as number) - mb;
    cov += da * db;
    va += da * da;
    vb += db * db;
  }
  return cov / Math.sqrt(va * vb);
}

/** The standard normal density. */
const density = (x: number) => Math.exp(-0.5 * x * x) / Math.sqrt(2 * Math.PI);

/** The integral of `f` over [a, b] by Simpson's rule on 4,000 steps (to 1e-12 here). */
function integral(f: (x: number) => number, a: number, b: number): number {
  const steps = 4000;
  const h = (b - a) / steps;
  let sum = f(a) + f(b);
  for (let i = 1; i < steps; i++) sum += (i % 2 === 1 ? 4 : 2) * f(a + i * h);
  return (sum * h) / 3;
}

/** P(Z > z) for z >= 0 (the density is below 1e-30 past z + 12). */
const normalTail = (z: number) => integral(density, z, z + 12);

/** Phi on a grid of 0.001 from -8 to 8, each step added by Simpson's rule (interpolated: within 1e-7). */
const CDF_FROM = -8;
const CDF_STEP = 0.001;
const cdfGrid = (() => {
  const grid = new Float64Array(16_001);
  grid[0] = normalTail(8);
  for (let k = 1; k < grid.length; k++) {
    const a = CDF_FROM + (k - 1) * CDF_STEP;
    const b = a + CDF_STEP;
    const sum = density(a) + 4 * density((a + b) / 2) + density(b);
    grid[k] = (grid[k - 1] as number) + (sum * CDF_STEP) / 6;
  }
  return grid;
})();

/** Phi(z), the normal CDF. */
function normalCdf(z: number): number {
  const at = (z - CDF_FROM) / CDF_STEP;
  if (at <= 0) return 0;
  if (at >= cdfGrid.length - 1) return 1;
  const k = Math.floor(at);
  const left = cdfGrid[k] as number;
  return left + (at - k) * ((cdfGrid[k + 1] as number) - left);
}

/** E[Z - z | Z > z]. */
const normalTailExcess = (z: number) => integral((x) => (x - z) * density(x), z, z + 12) / normalTail(z);

function sameBytes(a: ArrayBufferView, b: ArrayBufferView): boolean {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(
    Buffer.from(b.buffer, b.byteOffset, b.byteLength),
  );
}

describe('random', () => {
  it('repeats a sequence for a seed, differs across seeds and stays in [0, 1)', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const c = mulberry32(43);
    const first = Array.from({ length: 1000 }, () => a());
    expect(Array.from({ length: 1000 }, () => b())).toEqual(first);
    expect(Array.from({ length: 1000 }, () => c())).not.toEqual(first);
    expect(first.every((u) => u >= 0 && u < 1)).toBe(true);
    expect(first.reduce((s, u) => s + u, 0) / 1000).toBeCloseTo(0.5, 1);
  });

  it('draws standard normals: the normal CDF, its tails and moments, the same draws for a seed', () => {
    const n = 2_000_000;
    const draws = Float64Array.from({ length: n }, gaussian(mulberry32(7)));
    // Kolmogorov-Smirnov against the normal CDF: the largest gap between the draws' CDF and Phi is
    // under the 0.1 % critical value.
    const sorted = draws.slice().sort();
    let gap = 0;
    for (let i = 0; i < n; i++) {
      const p = normalCdf(sorted[i] as number);
      gap = Math.max(gap, Math.abs(i / n - p), Math.abs((i + 1) / n - p));
    }
    expect(gap).toBeLessThan(1.95 / Math.sqrt(n));
    // Beyond R (3.44, the ziggurat's base layer, drawn another way), over ten times as many draws: as
    // many as the normal puts there, as many on each side, and their excess over R as large on
    // average (within five standard errors each).
    const R = 3.442619855899;
    const tailDraws = 20_000_000;
    const tail = 2 * normalTail(R);
    const excess = normalTailExcess(R);
    const more = gaussian(mulberry32(8));
    let above = 0;
    let below = 0;
    let sum = 0;
    for (let i = 0; i < tailDraws; i++) {
      const v = more();
      if (v > R) above++;
      else if (v < -R) below++;
      else continue;
      sum += Math.abs(v) - R;
    }
    const count = above + below;
    expect(Math.abs(count - tailDraws * tail)).toBeLessThan(5 * Math.sqrt(tailDraws * tail));
    expect(Math.abs(above - below)).toBeLessThan(5 * Math.sqrt(count));
    expect(Math.abs(sum / count - excess)).toBeLessThan((5 * excess) / Math.sqrt(count));
    let m2 = 0;
    let m4 = 0;
    for (const v of draws) {
      m2 += v * v;
      m4 += v ** 4;
    }
    expect(m2 / n).toBeCloseTo(1, 2);
    expect(m4 / n).toBeCloseTo(3, 1);
    const again = gaussian(mulberry32(7));
    expect(Array.from({ length: 1000 }, again)).toEqual(Array.from(draws.subarray(0, 1000)));
  });

  it('hashes strings to stable seeds', () => {
    expect(seedFromString('SPX')).toBe(seedFromString('SPX'));
    expect(seedFromString('SPX')).not.toBe(seedFromString('SPY'));
    expect(seedFromString('SPX', 1)).not.toBe(seedFromString('SPX'));
  });
});

describe('generateSyntheticBars', () => {
  const bars = generateSyntheticBars({ count: 200_000, seed: 11 });

  it('gives the same series for the same seed and another for another seed', () => {
    const again = generateSyntheticBars({ count: 200_000, seed: 11 });
    // Compared as bytes: a deep equality of 200k elements takes seconds.
    expect(sameBytes(again.close, bars.close)).toBe(true);
    expect(sameBytes(again.volume, bars.volume)).toBe(true);
    expect(generateSyntheticBars({ count: 1000, seed: 12 }).close).not.toEqual(bars.close.slice(0, 1000));
  });

  it('has continuous one-minute bars from 2020-01-01T00:00Z with consistent OHLC', () => {
    expect(bars.time[0]).toBe(SYNTHETIC_START);
    expect(SYNTHETIC_START).toBe(Date.parse('2020-01-01T00:00:00Z') / 1000);
    let ok = true;
    for (let i = 0; i < bars.time.length; i++) {
      const o = bars.open[i] as number;
      const c = bars.close[i] as number;
      const h = bars.high[i] as number;
      const l = bars.low[i] as number;
      if (
        i > 0 &&
        ((bars.time[i] as number) - (bars.time[i - 1] as number) !== 60 || o !== bars.close[i - 1])
      ) {
        ok = false;
      }
      if (!(h >= Math.max(o, c) && l <= Math.min(o, c) && l > 0) || !Number.isInteger(bars.volume[i]))
        ok = false;
    }
    expect(ok).toBe(true);
  });

  it('clusters volatility and ties volume to the size of the move', () => {
    const n = bars.close.length - 1;
    const absReturns = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      absReturns[i] = Math.abs(Math.log((bars.close[i + 1] as number) / (bars.close[i] as number)));
    }
    // GARCH: big moves follow big moves (i.i.d. returns would give about 0).
    expect(correlation(absReturns.subarray(1), absReturns.subarray(0, n - 1))).toBeGreaterThan(0.1);
    expect(correlation(absReturns, bars.volume.subarray(1))).toBeGreaterThan(0.5);
  });

  // Its speed is measured by `npm run bench` (financial-1m, the cold first frame), not asserted here.
  it('generates SYN-1M with its symbol', () => {
    const spec = SYNTHETIC_BARS.find((s) => s.symbol === 'SYN-1M');
    if (!spec) throw new Error('SYN-1M is not defined');
    const series = generateSyntheticBars({ count: spec.count, seed: spec.seed, symbol: spec.symbol });
    expect(series.close.length).toBe(1_000_000);
    expect(series.symbol).toBe('SYN-1M');
  });
});
