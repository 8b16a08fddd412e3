import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type BarColumns, barOf } from '../../core/bars/bar-columns';
import { factorAt } from '../../core/bars/factor-pieces';
import { lowerBound } from '../../core/bars/sorted-search';
import { barsInWindow, mergeGroups, mergeInto, nativeRange, ohlcLevels } from './ohlc-levels';

// A failure stops shrinking after 15 s and is reported as it stands then.
const RUNS = { seed: 20261122, numRuns: 200, interruptAfterTimeLimit: 15_000 };

const barArb = fc.record({
  gap: fc.integer({ min: 1, max: 5000 }),
  open: fc.double({ min: 1, max: 1000, noNaN: true }),
  close: fc.double({ min: 1, max: 1000, noNaN: true }),
  up: fc.double({ min: 0, max: 50, noNaN: true }),
  down: fc.double({ min: 0, max: 0.99, noNaN: true }),
  // Integer volumes: sums are then exact in any order, so "level by level" can equal "at once" exactly.
  volume: fc.integer({ min: 0, max: 1_000_000 }),
});

const barsArb = fc
  .array(barArb, { minLength: 1, maxLength: 1500, size: 'medium' })
  .map((bars): BarColumns => {
    const c = {
      time: new Float64Array(bars.length),
      open: new Float64Array(bars.length),
      high: new Float64Array(bars.length),
      low: new Float64Array(bars.length),
      close: new Float64Array(bars.length),
      volume: new Float64Array(bars.length),
    };
    let t = 1_000_000;
    bars.forEach((b, i) => {
      t += b.gap;
      c.time[i] = t;
      c.open[i] = b.open;
      c.close[i] = b.close;
      c.high[i] = Math.max(b.open, b.close) + b.up;
      c.low[i] = Math.min(b.open, b.close) * (1 - b.down);
      c.volume[i] = b.volume;
    });
    return c;
  });

/** The merge law written out plainly, over JS arrays. */
function expectedMerge(c: BarColumns, start: number, end: number) {
  const highs = Array.from(c.high.subarray(start, end));
  const lows = Array.from(c.low.subarray(start, end));
  return {
    time: c.time[start],
    open: c.open[start],
    high: Math.max(...highs),
    low: Math.min(...lows),
    close: c.close[end - 1],
    volume: Array.from(c.volume.subarray(start, end)).reduce((a, b) => a + b, 0),
  };
}

/** The first bar of `actual` that differs from merging its native group at once (null when none does). */
function firstMismatch(actual: BarColumns, native: BarColumns, groupOf: (k: number) => [number, number]) {
  for (let k = 0; k < actual.time.length; k++) {
    const [start, end] = groupOf(k);
    const want = expectedMerge(native, start, end);
    const got = barOf(actual, k);
    const keys = Object.keys(want) as (keyof typeof want)[];
    if (keys.some((key) => got[key] !== want[key])) return { k, start, end, got, want };
  }
  return null;
}

describe('mergeInto', () => {
  it('takes open and time of the first, max of highs, min of lows, close of the last, sum of volume', () => {
    fc.assert(
      fc.property(barsArb, fc.nat(), fc.nat(), (c, a, b) => {
        const n = c.time.length;
        const start = a % n;
        const end = start + 1 + (b % (n - start));
        const out = mergeGroups(c, 1, 0, 1);
        mergeInto(c, start, end, out, 0);
        expect(barOf(out, 0)).toEqual(expectedMerge(c, start, end));
      }),
      RUNS,
    );
  });
});

describe('ohlcLevels', () => {
  it('merging level by level equals merging the native bars at once', () => {
    fc.assert(
      fc.property(barsArb, fc.constantFrom(2, 3, 4), fc.integer({ min: 1, max: 40 }), (c, step, topBars) => {
        const pyramid = ohlcLevels(c, { step, topBars });
        const levels = Array.from({ length: pyramid.count }, (_, i) => pyramid.level(i));
        const n = c.time.length;
        expect(levels[0]?.columns).toBe(c);
        levels.forEach(({ factor, columns }, index) => {
          expect(factor).toBe(step ** index);
          expect(columns.time.length).toBe(Math.ceil(n / factor));
          const mismatch = firstMismatch(columns, c, (k) => [k * factor, Math.min(n, (k + 1) * factor)]);
          expect(mismatch).toBeNull();
        });
        const top = levels[levels.length - 1];
        expect(top?.columns.time.length).toBeLessThanOrEqual(topBars);
        // The level below the top one still had too many bars (no level is built without need).
        if (levels.length > 1)
          expect(levels[levels.length - 2]?.columns.time.length).toBeGreaterThan(topBars);
      }),
      RUNS,
    );
  });
});

describe('levels merged on first use', () => {
  it('hold the same bars whichever order they are asked for in, volumes with fractions too', () => {
    const fractional = fc.tuple(
      barsArb,
      fc.array(fc.double({ min: 0, max: 1e6, noNaN: true }), { minLength: 1500, maxLength: 1500 }),
    );
    fc.assert(
      fc.property(
        fractional,
        fc.constantFrom(2, 3, 4),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 64 }),
        fc.nat(),
        ([c, volumes], step, topBars, mergeChunk, askedAt) => {
          c.volume.set(volumes.slice(0, c.volume.length));
          const upward = ohlcLevels(c, { step, topBars });
          const downward = ohlcLevels(c, { step, topBars });
          for (let i = downward.count - 1; i >= 0; i--) downward.level(i);
          for (let i = 0; i < upward.count; i++) {
            expect(upward.level(i)).toBe(upward.level(i));
            expect(upward.level(i).columns).toEqual(downward.level(i).columns);
          }
          expect(() => upward.level(upward.count)).toThrow(RangeError);
          // Merging the rest: once a level, every level but the native one, then nothing more.
          const later = ohlcLevels(c, { step, topBars });
          let merged = 0;
          while (later.mergeNext()) merged++;
          expect(merged).toBe(later.count - 1);
          expect(later.mergeNext()).toBe(false);
          for (let i = 0; i < later.count; i++)
            expect(later.level(i).columns).toEqual(upward.level(i).columns);
          // In parts of at most `mergeChunk` native bars a call, a level asked for part way through
          // finished at once: the same levels.
          const parts = ohlcLevels(c, { step, topBars, mergeChunk });
          let calls = 0;
          while (parts.mergeNext()) {
            calls++;
            if (calls === (askedAt % (c.time.length + 1)) + 1) {
              const asked = Math.max(1, parts.count - 1 - (askedAt % parts.count));
              if (asked < parts.count)
                expect(parts.level(asked).columns).toEqual(upward.level(asked).columns);
            }
          }
          expect(calls).toBeGreaterThanOrEqual(parts.count - 1);
          for (let i = 0; i < parts.count; i++)
            expect(parts.level(i).columns).toEqual(upward.level(i).columns);
        },
      ),
      RUNS,
    );
  });
});

describe('barsInWindow', () => {
  const windowArb = fc.record({
    from: fc.option(fc.integer({ min: 990_000, max: 1_400_000 }), { nil: undefined }),
    span: fc.option(fc.integer({ min: 0, max: 400_000 }), { nil: undefined }),
    maxBars: fc.integer({ min: 1, max: 60 }),
  });
  /** Bars, a level step, the top level's size and a window. */
  const windowCase = fc.tuple(barsArb, fc.constantFrom(2, 4), fc.integer({ min: 1, max: 30 }), windowArb);

  it('returns at most maxBars merged bars that cover [from, to], at the finest level that fits', () => {
    fc.assert(
      fc.property(windowCase, ([c, step, topBars, w]) => {
        const pyramid = ohlcLevels(c, { step, topBars });
        const to = w.span === undefined ? undefined : (w.from ?? 990_000) + w.span;
        const request = { from: w.from, to, maxBars: w.maxBars };
        const result = barsInWindow('T', pyramid, request);
        const n = c.time.length;
        const { start, end } = nativeRange(c.time, w.from, to);
        const m = result.time.length;

        expect(m).toBeLessThanOrEqual(w.maxBars);
        expect(result.nativeCount).toBe(n);
        if (start === end) {
          expect(m).toBe(0);
          return;
        }
        // Each returned bar is one aligned group of `factor` native bars, merged by the law.
        const groups = Array.from(result.time, (t) => lowerBound(c.time, t));
        const misaligned = groups.findIndex(
          (first, k) =>
            first % result.factor !== 0 || (k > 0 && first !== (groups[k - 1] as number) + result.factor),
        );
        expect(misaligned).toBe(-1);
        const mismatch = firstMismatch(result, c, (k) => {
          const first = groups[k] as number;
          return [first, Math.min(n, first + result.factor)];
        });
        expect(mismatch).toBeNull();
        // Coverage: the first group starts at or before the window, the last ends at or after it.
        expect(groups[0]).toBeLessThanOrEqual(start);
        expect((groups[m - 1] as number) + result.factor).toBeGreaterThanOrEqual(end);
        // Finest: the next finer level would have needed more than maxBars bars.
        if (result.level > 0) {
          const finer = pyramid.level(result.level - 1);
          const finerCount = Math.ceil(end / finer.factor) - Math.floor(start / finer.factor);
          expect(finerCount).toBeGreaterThan(w.maxBars);
        }
      }),
      RUNS,
    );
  });

  it('with a lead: the same level and bars, plus up to `lead` bars of that level right before them', () => {
    fc.assert(
      fc.property(windowCase, fc.integer({ min: 0, max: 40 }), ([c, step, topBars, w], lead) => {
        const pyramid = ohlcLevels(c, { step, topBars });
        const to = w.span === undefined ? undefined : (w.from ?? 990_000) + w.span;
        const plain = barsInWindow('T', pyramid, { from: w.from, to, maxBars: w.maxBars });
        const led = barsInWindow('T', pyramid, { from: w.from, to, maxBars: w.maxBars, lead });
        expect(led.level).toBe(plain.level);
        expect(led.factor).toBe(plain.factor);
        const extra = led.time.length - plain.time.length;
        if (plain.time.length === 0) {
          expect(extra).toBe(0);
          return;
        }
        expect(extra).toBeGreaterThanOrEqual(0);
        expect(extra).toBeLessThanOrEqual(lead);
        // Fewer than asked only at the start of the series.
        if (extra < lead) expect(lowerBound(c.time, led.time[0] as number)).toBe(0);
        for (const key of ['time', 'open', 'high', 'low', 'close', 'volume'] as const) {
          expect(Array.from(led[key].subarray(extra))).toEqual(Array.from(plain[key]));
        }
        // The lead bars are the level's own bars: aligned groups, one after another.
        const groups = Array.from(led.time, (t) => lowerBound(c.time, t));
        const misaligned = groups.findIndex(
          (first, k) =>
            first % led.factor !== 0 || (k > 0 && first !== (groups[k - 1] as number) + led.factor),
        );
        expect(misaligned).toBe(-1);
      }),
      RUNS,
    );
  });

  it('copies the bars it returns, so transferring them leaves the levels intact', () => {
    const c = mergeGroups(
      {
        time: Float64Array.from({ length: 100 }, (_, i) => i),
        open: new Float64Array(100).fill(1),
        high: new Float64Array(100).fill(2),
        low: new Float64Array(100).fill(0.5),
        close: new Float64Array(100).fill(1.5),
        volume: new Float64Array(100).fill(3),
      },
      1,
    );
    const pyramid = ohlcLevels(c, { topBars: 10 });
    const result = barsInWindow('T', pyramid, { maxBars: 1000 });
    expect(result.level).toBe(0);
    for (let i = 0; i < pyramid.count; i++) {
      for (const column of Object.values(pyramid.level(i).columns)) {
        expect(column.buffer).not.toBe(result.time.buffer);
      }
    }
    structuredClone(result, { transfer: [result.time.buffer, result.close.buffer] });
    expect(c.time.length).toBe(100);
    expect(barsInWindow('T', pyramid, { maxBars: 1000 }).time.length).toBe(100);
  });

  it("counts the native bars each bar of a window holds, the series' last one too", () => {
    fc.assert(
      fc.property(
        barsArb,
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 1, max: 64 }),
        (c, maxBars, topBars) => {
          const result = barsInWindow('T', ohlcLevels(c, { topBars }), { maxBars });
          let held = 0;
          for (let i = 0; i < result.time.length; i++) held += factorAt(result, i);
          return held === c.time.length;
        },
      ),
      RUNS,
    );
  });

  it('answers an empty window with no bars and the series extent', () => {
    const c = mergeGroups(
      {
        time: Float64Array.of(10, 20, 30),
        open: Float64Array.of(1, 1, 1),
        high: Float64Array.of(1, 1, 1),
        low: Float64Array.of(1, 1, 1),
        close: Float64Array.of(1, 1, 1),
        volume: Float64Array.of(1, 1, 1),
      },
      1,
    );
    const result = barsInWindow('T', ohlcLevels(c), { from: 21, to: 29, maxBars: 5 });
    expect(result).toMatchObject({ level: 0, factor: 1, first: 10, last: 30, nativeCount: 3 });
    expect(result.time.length).toBe(0);
  });
});
