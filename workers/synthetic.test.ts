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

  it('draws standard normals and hashes strings to stable seeds', () => {
    const normal = gaussian(mulberry32(7));
    const draws = Array.from({ length: 20_000 }, normal);
    const mean = draws.reduce((s, v) => s + v, 0) / draws.length;
    const variance = draws.reduce((s, v) => s + (v - mean) ** 2, 0) / draws.length;
    expect(Math.abs(mean)).toBeLessThan(0.03);
    expect(variance).toBeGreaterThan(0.95);
    expect(variance).toBeLessThan(1.05);
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
