import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { factorAt } from '../../../core/bars/factor-pieces';
import { type KeptBars, keptBarsMax, keptTimeRange } from './kept-range';

const DAY = 86_400;
const days = (n: number, start = 0) => Float64Array.from({ length: n }, (_, i) => start + i * DAY);
const bars = (time: Float64Array, factor = 1) => ({ time, factor });
const inView = (time: Float64Array, r: { from: number; to: number }) =>
  time.filter((t) => t >= r.from && t <= r.to).length;

describe('keptTimeRange', () => {
  it('keeps a range that holds enough bars', () => {
    const time = days(500);
    const range = { from: 100 * DAY, to: 300 * DAY };
    expect(keptTimeRange(range, bars(time))).toBe(range);
  });

  it('widens to the left, from the same end, when the new interval leaves too few bars', () => {
    // A day of 5-minute bars is one daily bar: the view ends on that day and shows 30 days.
    const time = days(500);
    const range = { from: 200 * DAY + 600, to: 200 * DAY + 80_000 };
    expect(keptTimeRange(range, bars(time))).toEqual({ from: 171 * DAY, to: range.to });
    expect(inView(time, keptTimeRange(range, bars(time)))).toBe(30);
  });

  it('counts merged bars for the native bars they hold, and stops at the first bar', () => {
    const time = days(100);
    const range = { from: 90 * DAY, to: 95 * DAY };
    // Each bar merges 10: six bars in view already hold 60. With the last two merging 8, 16 + 14 singles.
    expect(keptTimeRange(range, bars(time, 10))).toBe(range);
    expect(
      keptTimeRange(range, {
        time,
        factor: 1,
        pieces: [
          { start: 0, factor: 1 },
          { start: 94, factor: 8 },
        ],
      }),
    ).toEqual({
      from: 80 * DAY,
      to: range.to,
    });
    expect(keptTimeRange({ from: 5 * DAY, to: 6 * DAY }, bars(time))).toEqual({ from: 0, to: 6 * DAY });
  });

  it('leaves a range before the first bar to the chart', () => {
    const range = { from: -10 * DAY, to: -DAY };
    expect(keptTimeRange(range, bars(days(10)))).toBe(range);
  });

  it('always ends where the range ended and shows min(bars up to its end, 30) or more (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 300 }),
        fc.integer({ min: -20, max: 320 }),
        fc.integer({ min: 0, max: 100 }),
        (n, end, span) => {
          const time = days(n);
          const range = { from: (end - span) * DAY + 1, to: end * DAY + 1 };
          const kept = keptTimeRange(range, bars(time));
          expect(kept.to).toBe(range.to);
          expect(kept.from).toBeLessThanOrEqual(range.from);
          const upToEnd = time.filter((t) => t <= range.to).length;
          expect(inView(time, kept)).toBeGreaterThanOrEqual(Math.min(upToEnd, 30));
          if (inView(time, range) >= 30) expect(kept).toBe(range);
        },
      ),
    );
  });

  it('narrows from the same end to the most bars it may hold: a year of minutes shows minutes', () => {
    const minutes = Float64Array.from({ length: 100_000 }, (_, i) => i * 60);
    const range = { from: 1000 * 60, to: 90_000 * 60 + 30 };
    const limits: KeptBars = { min: 30, max: 390 };
    const kept = keptTimeRange(range, bars(minutes), limits);
    expect(kept).toEqual({ from: (90_000 - 389) * 60, to: range.to });
    expect(inView(minutes, kept)).toBe(390);
    // Merged bars count for what they merge: 39 bars standing for 10 each hold the 390.
    expect(keptTimeRange(range, bars(minutes, 10), limits)).toEqual({
      from: (90_000 - 38) * 60,
      to: range.to,
    });
    // A range within the limits is kept as it is.
    const day = { from: 89_000 * 60, to: 89_300 * 60 };
    expect(keptTimeRange(day, bars(minutes), limits)).toBe(day);
  });

  it('the most is the bars in view before, or what the plot shows unmerged, whichever is more', () => {
    expect(keptBarsMax(250, 780, 1 / 2)).toBe(390);
    expect(keptBarsMax(1250, 780, 1 / 2)).toBe(1250);
    expect(keptBarsMax(null, 10, 1 / 2)).toBe(30);
  });

  it('ends where the range ended and holds between min and max bars, or all of them in range (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 300 }),
        fc.integer({ min: -20, max: 320 }),
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 0, max: 120 }),
        (n, end, span, min, extra) => {
          const time = days(n);
          const range = { from: (end - span) * DAY + 1, to: end * DAY + 1 };
          const limits = { min, max: min + extra };
          const kept = keptTimeRange(range, bars(time), limits);
          expect(kept.to).toBe(range.to);
          const upToEnd = time.filter((t) => t <= range.to).length;
          const shown = inView(time, kept);
          if (upToEnd === 0) return;
          expect(shown).toBeGreaterThanOrEqual(Math.min(upToEnd, min));
          expect(shown).toBeLessThanOrEqual(Math.max(limits.max, min));
          const inRange = inView(time, range);
          if (inRange >= min && inRange <= limits.max) expect(kept).toBe(range);
        },
      ),
    );
  });

  it('counts merged bars against max too: never past it but for a bar min needs or the last bar alone (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 16 }), { minLength: 1, maxLength: 200 }),
        fc.integer({ min: 0, max: 220 }),
        fc.integer({ min: 0, max: 220 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 0, max: 400 }),
        (factors, end, span, min, extra) => {
          const time = days(factors.length);
          const pieces = factors.map((factor, start) => ({ start, factor }));
          const series = { time, factor: 1, pieces };
          const range = { from: (end - span) * DAY + 1, to: end * DAY + 1 };
          const limits = { min, max: min + extra };
          const kept = keptTimeRange(range, series, limits);
          expect(kept.to).toBe(range.to);
          const shown: number[] = [];
          time.forEach((t, i) => {
            if (t >= kept.from && t <= kept.to) shown.push(i);
          });
          if (shown.length === 0) return;
          const count = shown.reduce((sum, i) => sum + factorAt(series, i), 0);
          const first = shown[0] as number;
          // Within max; or one bar alone; or its first bar was needed to reach min.
          const withoutFirst = count - factorAt(series, first);
          expect(count <= limits.max || shown.length === 1 || withoutFirst < min).toBe(true);
        },
      ),
    );
  });
});
