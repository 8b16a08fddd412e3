import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  factorAt,
  factorRange,
  hasMergedBars,
  joinPieces,
  mergedIn,
  slicePieces,
} from '../../../core/bars/factor-pieces';
import type { BarsResult } from '../../../core/protocol';
import { barAt } from './chart-data';
import { DisplaySeries } from './display-series';
import { spliceBars } from './level-swap';

function series(times: number[], factor: number): BarsResult {
  const f = (xs: number[]) => Float64Array.from(xs);
  return {
    symbol: 'S',
    level: 0,
    factor,
    time: f(times),
    open: f(times),
    high: f(times),
    low: f(times),
    close: f(times),
    volume: f(times.map(() => factor)),
    first: times[0] ?? 0,
    last: (times[times.length - 1] ?? 0) + factor - 1,
    nativeCount: 10_000,
  };
}

/** Bars every `step` seconds from `from` up to (not including) `to`. */
const range = (from: number, to: number, step: number) =>
  Array.from({ length: Math.max(0, Math.ceil((to - from) / step)) }, (_, i) => from + i * step);

describe('merged bars: how many native bars each shown bar stands for', () => {
  it('reads one factor for bars straight from the engine', () => {
    const bars = series(range(0, 640, 64), 64);
    expect(factorAt(bars, 0)).toBe(64);
    expect(factorAt(bars, 9)).toBe(64);
    expect(hasMergedBars(bars)).toBe(true);
    expect(hasMergedBars(series([0, 1, 2], 1))).toBe(false);
  });

  it('keeps the factor of every bar where a finer window is spliced into a coarse level', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 1, max: 30 }),
        fc.constantFrom(1, 2, 8),
        (startBar, length, fineFactor) => {
          const coarse = series(range(0, 64 * 40, 64), 64);
          const fine = series(range(startBar * 64, (startBar + length) * 64, fineFactor), fineFactor);
          const spliced = spliceBars(coarse, fine);
          for (let i = 0; i < spliced.time.length; i++) {
            const t = spliced.time[i] as number;
            const inFine = t >= (fine.time[0] as number) && t <= (fine.time[fine.time.length - 1] as number);
            if (factorAt(spliced, i) !== (inFine ? fineFactor : 64)) return false;
          }
          return true;
        },
      ),
    );
  });

  it('gives the live tail its own factor after the engine bars', () => {
    const display = new DisplaySeries();
    const coarse = series(range(0, 64 * 10, 64), 64);
    display.reset(coarse, 64 * 8, 4);
    display.upsert({ time: 64 * 8, open: 1, high: 1, low: 1, close: 1, volume: 1 });
    display.upsert({ time: 64 * 8 + 4, open: 1, high: 1, low: 1, close: 1, volume: 1 });
    const shown = display.view();
    expect([0, 7, 8, 9].map((i) => factorAt(shown, i))).toEqual([64, 64, 4, 4]);
  });

  it('slices and joins pieces', () => {
    const bars = {
      ...series(range(0, 100, 1), 4),
      pieces: [
        { start: 0, factor: 4 },
        { start: 50, factor: 1 },
      ],
    };
    expect(slicePieces(bars, 40, 60, 0)).toEqual([
      { start: 0, factor: 4 },
      { start: 10, factor: 1 },
    ]);
    expect(slicePieces(bars, 60, 60, 0)).toEqual([]);
    expect(
      joinPieces([
        [{ start: 0, factor: 4 }],
        [{ start: 5, factor: 4 }],
        [{ start: 9, factor: 1 }],
        [{ start: 9, factor: 4 }],
      ]),
    ).toEqual([{ start: 0, factor: 4 }]);
  });

  it('gives a merged bar the span up to the next bar, and the last one up to the last native bar', () => {
    const bars = series(range(0, 640, 64), 64);
    expect(barAt(bars, 2)?.span).toEqual({ merged: 64, end: 192, endIncluded: false });
    expect(barAt(bars, 9)?.span).toEqual({ merged: 64, end: 576 + 63, endIncluded: true });
    expect(barAt(series([0, 1, 2], 1), 1)?.span).toBeUndefined();
  });
});

describe('mergedIn', () => {
  /** A coarse window of factor 8 spliced between native bars. */
  const spliced = {
    ...series(range(0, 100, 1), 1),
    pieces: [
      { start: 0, factor: 1 },
      { start: 40, factor: 8 },
      { start: 60, factor: 1 },
    ],
  };

  it('tells whether a range of bars holds a merged one', () => {
    const bars = spliced;
    expect(mergedIn(bars, 0, 39)).toBe(false);
    expect(mergedIn(bars, 30, 40)).toBe(true);
    expect(mergedIn(bars, 59, 70)).toBe(true);
    expect(mergedIn(bars, 60, 99)).toBe(false);
    expect(mergedIn(series([0, 64], 64), 0, 1)).toBe(true);
  });

  it('gives the fewest and most native bars a bar of a range merges (factorRange)', () => {
    const bars = spliced;
    expect(factorRange(bars, 0, 39)).toEqual({ least: 1, most: 1 });
    expect(factorRange(bars, 30, 40)).toEqual({ least: 1, most: 8 });
    expect(factorRange(bars, 41, 59)).toEqual({ least: 8, most: 8 });
    expect(factorRange(series([0, 64], 64), 0, 1)).toEqual({ least: 64, most: 64 });
  });
});
