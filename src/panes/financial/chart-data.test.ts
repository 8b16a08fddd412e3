import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BarsResult } from '../../../core/protocol';
import { barStartingAt, barsHolding, coveredTimes, logScaleProblem, rangeStart } from './chart-data';
import { valueRow } from './chart-rows';
import { sma } from './studies';

const bars = (lows: number[]): BarsResult => {
  const f = (a: number[]) => Float64Array.from(a);
  return {
    symbol: 'X',
    level: 0,
    factor: 1,
    time: f(lows.map((_, i) => i * 86400)),
    open: f(lows),
    high: f(lows),
    low: f(lows),
    close: f(lows),
    volume: f(lows.map(() => 0)),
    first: 0,
    last: (lows.length - 1) * 86400,
    nativeCount: lows.length,
  };
};

describe('chart data', () => {
  it('finds the bar that starts at a time, with the span of a merged bar', () => {
    const merged = { ...bars([5, 6, 7]), factor: 4, nativeCount: 10, last: 9 * 86400 };
    merged.time = Float64Array.from([0, 4 * 86400, 8 * 86400]);
    expect(barStartingAt(merged, 4 * 86400)?.span).toEqual({ merged: 4, end: 8 * 86400, endIncluded: false });
    expect(barStartingAt(merged, 8 * 86400)?.span).toEqual({ merged: 4, end: 9 * 86400, endIncluded: true });
    expect(barStartingAt(merged, 86400)).toBeNull();
    expect(barStartingAt(merged, 20 * 86400)).toBeNull();
    expect(barStartingAt(bars([5, 6]), 86400)?.span).toBeUndefined();
  });

  it('a view kept across a level swap covers the same native bars, a merged last bar whole', () => {
    // One native series (irregular times) at a coarse factor and a finer one dividing it: the bars
    // `a` to `b` in view at the coarse level, kept over the finer bars, are the finer bars of exactly
    // those native bars, and back again. Kept by its last bar's start, a view over the finer bars
    // lost all of that bar's but its first (an export of "all" ended days early).
    const level = (native: number[], factor: number): BarsResult => {
      const time = native.filter((_, i) => i % factor === 0);
      const zeros = time.map(() => 0);
      return {
        ...bars(zeros),
        factor,
        time: Float64Array.from(time),
        first: native[0] as number,
        last: native.at(-1) as number,
        nativeCount: native.length,
      };
    };
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 2, maxLength: 300 }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 2, max: 8 }),
        fc.nat(),
        fc.nat(),
        (gaps, fineFactor, ratio, x, y) => {
          const native: number[] = [];
          let t = 1000;
          for (const gap of gaps) {
            t += gap * 60;
            native.push(t);
          }
          const n = native.length;
          const coarse = level(native, fineFactor * ratio);
          const fine = level(native, fineFactor);
          // The native bars of `bars`' indexes from..to, as a keyed view holds them.
          const nativeOf = (l: BarsResult, from: number, to: number) => [
            from * l.factor,
            Math.min(n, (to + 1) * l.factor) - 1,
          ];
          const kept = (from: BarsResult, to: BarsResult, a: number, b: number) => {
            const range = coveredTimes(from, a, b);
            const view = range && barsHolding(to.time, range);
            if (!view) throw new Error('no view');
            return nativeOf(to, to.time.indexOf(view.from), to.time.indexOf(view.to));
          };
          const count = coarse.time.length;
          const [a, b] = [x % count, y % count].sort((p, q) => p - q) as [number, number];
          expect(kept(coarse, fine, a, b)).toEqual(nativeOf(coarse, a, b));
          // Back to the coarse level: the coarse bars that hold the finer ones in view.
          const fineCount = fine.time.length;
          const [c, d] = [x % fineCount, y % fineCount].sort((p, q) => p - q) as [number, number];
          const coarseRatio = coarse.factor / fine.factor;
          expect(kept(fine, coarse, c, d)).toEqual(
            nativeOf(coarse, Math.floor(c / coarseRatio), Math.floor(d / coarseRatio)),
          );
        },
      ),
    );
  });

  it('moving average equals the mean of the last n closes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 1, max: 1e4, noNaN: true }), { minLength: 1, maxLength: 80 }),
        fc.integer({ min: 1, max: 30 }),
        (xs, n) => {
          const ma = sma(Float64Array.from(xs), n);
          for (let i = 0; i < xs.length; i++) {
            if (i < n - 1) expect(Number.isNaN(ma[i])).toBe(true);
            else {
              const mean = xs.slice(i - n + 1, i + 1).reduce((a, b) => a + b, 0) / n;
              expect(ma[i]).toBeCloseTo(mean, 6);
            }
          }
        },
      ),
      { seed: 7 },
    );
  });

  it('a log axis is refused when prices reach zero or below, with a message that says so', () => {
    expect(logScaleProblem(bars([1, 2, 3]))).toBeNull();
    expect(logScaleProblem(bars([1, 0, 3]))).toMatch(/cannot contain zero or negative.*stays linear/);
    expect(logScaleProblem(bars([-2, 5]))).toMatch(/-2/);
  });

  it('range presets count back in calendar months from the last bar and clamp to the first', () => {
    const last = Date.UTC(2020, 3, 17) / 1000;
    expect(rangeStart('1M', last, 0)).toBe(Date.UTC(2020, 2, 17) / 1000);
    expect(rangeStart('YTD', last, 0)).toBe(Date.UTC(2020, 0, 1) / 1000);
    expect(rangeStart('5Y', last, 0)).toBe(Date.UTC(2015, 3, 17) / 1000);
    expect(rangeStart('5Y', last, last - 10)).toBe(last - 10);
    expect(rangeStart('All', last, 123)).toBe(123);
  });
});

describe('value rows', () => {
  it('are whitespace where a line has no value, and a value row elsewhere', () => {
    const time = [10, 20, 30, 40];
    const values = [Number.NaN, Number.POSITIVE_INFINITY, 1.5, 0];
    expect([0, 1, 2, 3].map((i) => valueRow(time[i] as number, values[i] as number))).toEqual([
      { time: 10 },
      { time: 20 },
      { time: 30, value: 1.5 },
      { time: 40, value: 0 },
    ]);
  });
});
