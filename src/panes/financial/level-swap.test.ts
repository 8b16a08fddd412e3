import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lowerBound } from '../../../core/bars/sorted-search';
import type { BarsResult } from '../../../core/protocol';
import { barsInWindow, ohlcLevels } from '../../../workers/aggregate/ohlc-levels';
import { generateSyntheticBars } from '../../../workers/synthetic';
import { refinementRequest, spliceBars } from './level-swap';
import { getStudyKind, STUDY_KINDS, STUDY_LEAD_BARS } from './studies';

function series(times: number[], factor: number): BarsResult {
  const f = (xs: number[]) => Float64Array.from(xs);
  return {
    symbol: 'S',
    level: factor > 1 ? Math.log2(factor) : 0,
    factor,
    time: f(times),
    open: f(times.map((t) => t + 0.1)),
    high: f(times.map((t) => t + 0.5)),
    low: f(times.map((t) => t - 0.5)),
    close: f(times.map((t) => t + 0.2)),
    volume: f(times.map(() => factor)),
    first: times[0] ?? 0,
    last: times[times.length - 1] ?? 0,
    nativeCount: 1000,
  };
}

describe('level swap', () => {
  const coarse = series(
    Array.from({ length: 100 }, (_, i) => i * 10),
    10,
  );

  it('asks for finer bars only when the view is too coarse and merged', () => {
    expect(refinementRequest(coarse, null, { from: 0, to: 990, widthPx: 600 })).toBeNull();
    expect(refinementRequest(coarse, null, { from: 200, to: 300, widthPx: 600 })).toEqual({
      from: 150,
      to: 350,
    });
    expect(refinementRequest(series([0, 1, 2, 3], 1), null, { from: 1, to: 2, widthPx: 600 })).toBeNull();
    // Already fine inside the fine window: no request.
    expect(
      refinementRequest(coarse, { from: 100, to: 400, factor: 1 }, { from: 200, to: 300, widthPx: 600 }),
    ).toBeNull();
  });

  it('asks for a coarser window when the view shows fine bars denser than one per two pixels', () => {
    const fine = series(
      Array.from({ length: 400 }, (_, i) => 300 + i),
      1,
    );
    const shown = spliceBars(coarse, fine);
    const window = { from: 300, to: 699, factor: 1 };
    // 100 fine bars over 600 px: fine enough, not too dense.
    expect(refinementRequest(shown, window, { from: 400, to: 499, widthPx: 600 })).toBeNull();
    // Zoomed out to all 400 fine bars in 600 px: too dense.
    expect(refinementRequest(shown, window, { from: 300, to: 699, widthPx: 600 })).toEqual({
      from: 100.5,
      to: 898.5,
    });
    // The coarse bars alone are never too dense: there is nothing coarser to swap in.
    expect(refinementRequest(coarse, null, { from: 0, to: 990, widthPx: 100 })).toBeNull();
  });

  it('asks again once the view reaches past its fine window over coarser bars, however many it holds', () => {
    const fine = series(
      Array.from({ length: 400 }, (_, i) => 300 + i),
      1,
    );
    const shown = spliceBars(coarse, fine);
    const window = { from: 300, to: 699, factor: 1 };
    // 150 fine bars and a few coarse ones: enough bars, but those left of 300 are ten times as wide.
    expect(refinementRequest(shown, window, { from: 250, to: 400, widthPx: 600 })).toEqual({
      from: 175,
      to: 475,
    });
    expect(refinementRequest(shown, window, { from: 300, to: 450, widthPx: 600 })).toBeNull();
  });

  it("splicing keeps times unique at epoch seconds, where 1e-9 is below a double's precision", () => {
    const epoch = 1_637_000_000;
    const big = series(
      Array.from({ length: 100 }, (_, i) => epoch + i * 600),
      10,
    );
    // A fine window that ends on the last coarse bar's time, as one reaching the series' end does.
    const fine = series(
      Array.from({ length: 200 }, (_, i) => epoch + 47_460 + i * 60),
      1,
    );
    const last = big.time[big.time.length - 1] as number;
    const end = fine.time[fine.time.length - 1] as number;
    expect(end).toBe(last);
    const spliced = spliceBars(big, fine);
    for (let i = 1; i < spliced.time.length; i++) {
      expect(spliced.time[i] as number).toBeGreaterThan(spliced.time[i - 1] as number);
    }
    expect(spliced.time[spliced.time.length - 1]).toBe(last);
  });

  it('splicing keeps the series sorted, uses fine bars inside the window and coarse outside', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 80 }),
        fc.integer({ min: 1, max: 15 }),
        (startBar, lengthBars) => {
          const start = startBar * 10;
          const fineTimes = Array.from({ length: lengthBars * 10 }, (_, i) => start + i);
          const fine = series(fineTimes, 1);
          const spliced = spliceBars(coarse, fine);
          for (let i = 1; i < spliced.time.length; i++) {
            expect(spliced.time[i] as number).toBeGreaterThan(spliced.time[i - 1] as number);
          }
          const end = fineTimes[fineTimes.length - 1] as number;
          for (let i = 0; i < spliced.time.length; i++) {
            const t = spliced.time[i] as number;
            const inside = t >= start && t <= end;
            expect(spliced.volume[i]).toBe(inside ? 1 : 10);
          }
        },
      ),
      { seed: 11 },
    );
  });
});

describe('studies across a level swap', () => {
  // 20,000 seeded one-minute bars, as the synthetic symbols are made.
  const native = generateSyntheticBars({ count: 20_000, seed: 7 });
  const pyramid = ohlcLevels(native, { topBars: 500 });
  const coarse = barsInWindow('S', pyramid, { maxBars: 500 });
  const from = native.time[16_000] as number;
  const to = native.time[17_000] as number;

  it('with the lead, each study over the window equals the same study over the whole finer level', () => {
    const fine = barsInWindow('S', pyramid, { from, to, maxBars: 600, lead: STUDY_LEAD_BARS });
    expect(fine.factor).toBeLessThan(coarse.factor);
    const level = pyramid.level(fine.level).columns;
    const spliced = spliceBars(coarse, fine);
    const start = lowerBound(spliced.time, from);
    const levelStart = lowerBound(level.time, from);
    for (const kind of STUDY_KINDS) {
      const shown = kind.compute(spliced);
      const whole = kind.compute(level);
      for (const output of kind.outputs) {
        const a = shown[output.key] as Float64Array;
        const b = whole[output.key] as Float64Array;
        // From the window's first bar to its last, within the EMA settling tolerance.
        for (let i = start; i < spliced.time.length && (spliced.time[i] as number) <= to; i++) {
          const expected = b[levelStart + (i - start)] as number;
          expect(Math.abs((a[i] as number) - expected), `${kind.id}.${output.key} at bar ${i}`).toBeLessThan(
            1e-5 * Math.max(1, Math.abs(expected)),
          );
        }
      }
    }
  });

  it('without it, the window opens on values that mix in the coarser bars before it', () => {
    const fine = barsInWindow('S', pyramid, { from, to, maxBars: 600 });
    const level = pyramid.level(fine.level).columns;
    const spliced = spliceBars(coarse, fine);
    const start = lowerBound(spliced.time, from);
    const sma200 = getStudyKind('sma200')?.compute(spliced).value as Float64Array;
    const whole = getStudyKind('sma200')?.compute(level).value as Float64Array;
    expect(
      Math.abs((sma200[start] as number) - (whole[lowerBound(level.time, from)] as number)),
    ).toBeGreaterThan(1e-3);
  });
});
