import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type BarColumns, columnsOf, copyRange } from '../../core/bars/bar-columns';
import { type Interval, intervalSeconds } from '../../core/bars/interval';
import { lowerBound, upperBound } from '../../core/bars/sorted-search';
import { NYSE, type TradingSession } from '../../core/sessions/trading-session';
import { bucketOutline, leastSpacing } from './bucket-groups';
import { mergeGroups } from './ohlc-levels';
import { resampleBars } from './resample';

const at = (iso: string) => Date.parse(iso) / 1000;

const intervalArb: fc.Arbitrary<Interval> = fc.oneof(
  fc.record({ count: fc.constantFrom(1, 5, 15, 45, 90), unit: fc.constant('m' as const) }),
  fc.record({ count: fc.constantFrom(1, 4, 7), unit: fc.constant('h' as const) }),
  fc.record({ count: fc.constantFrom(1, 3), unit: fc.constant('D' as const) }),
  fc.record({ count: fc.constant(1), unit: fc.constant('W' as const) }),
  fc.record({ count: fc.constantFrom(1, 3), unit: fc.constant('M' as const) }),
);

// Bars at a spacing (a minute, or 30 s), mostly one after another, with gaps of a few spacings to
// days, from around New York's summer time changes and a holiday; in and out of NYSE hours.
const barsArb = fc
  .record({
    from: fc.constantFrom('2024-03-08T12:00:00Z', '2024-11-01T18:00:00Z', '2024-11-27T10:00:00Z'),
    spacing: fc.constantFrom(60, 30),
    rows: fc.array(
      fc.record({
        gap: fc.oneof(
          { weight: 12, arbitrary: fc.constant(1) },
          { weight: 1, arbitrary: fc.integer({ min: 2, max: 200 }) },
          { weight: 1, arbitrary: fc.integer({ min: 200, max: 6000 }) },
        ),
        open: fc.double({ min: 1, max: 1000, noNaN: true }),
        spread: fc.double({ min: 0, max: 50, noNaN: true }),
        close: fc.double({ min: 1, max: 1000, noNaN: true }),
        volume: fc.integer({ min: 0, max: 1e6 }),
      }),
      { minLength: 1, maxLength: 3000, size: 'large' },
    ),
  })
  .map(({ from, spacing, rows }) => {
    let time = at(from);
    return columnsOf(
      rows.map((r) => {
        time += r.gap * spacing;
        const high = Math.max(r.open, r.close) + r.spread;
        const low = Math.min(r.open, r.close) - r.spread;
        return { time, open: r.open, high, low, close: r.close, volume: r.volume };
      }),
    );
  });

const sessionArb = fc.constantFrom<TradingSession | null>(null, NYSE);

const columns = (c: BarColumns) => ({
  time: [...c.time],
  open: [...c.open],
  high: [...c.high],
  low: [...c.low],
  close: [...c.close],
  volume: [...c.volume],
});

describe('bucketGroups', () => {
  it('counts the buckets from the runs of bars, and merges them in groups as the resample merged would be', () => {
    fc.assert(
      fc.property(
        barsArb,
        intervalArb,
        sessionArb,
        fc.integer({ min: 1, max: 50 }),
        (bars, interval, session, group) => {
          const resampled = resampleBars(bars, interval, session);
          const spacing = leastSpacing(bars.time);
          const out = bucketOutline(bars, interval, session, bars.time.length > 1 ? spacing : 60);
          if (!out) {
            // Only bars further apart than a bucket is long are declined.
            expect(spacing).toBeGreaterThan(0.9 * intervalSeconds(interval));
            return;
          }
          expect(out.buckets).toBe(resampled.time.length);
          expect(out.lastStart).toBe(resampled.time[resampled.time.length - 1]);
          const merged = mergeGroups(resampled, group);
          expect(columns(out.groups(group))).toEqual(columns(merged));
          // Any run of groups, and the buckets before any time (the resample's starts, between them,
          // before and after all of them).
          const count = merged.time.length;
          const from = Math.floor(count / 3);
          const to = Math.min(count, from + 1 + Math.floor(count / 4));
          expect(columns(out.groups(group, from, to))).toEqual(columns(copyRange(merged, from, to)));
          const stride = Math.ceil(resampled.time.length / 100);
          const sample = [...resampled.time].filter(
            (_, i) => i % stride === 0 || i === resampled.time.length - 1,
          );
          const times = sample.flatMap((t) => [t, t - 1, t + 0.5]);
          for (const t of [...times, -Infinity, Infinity, (bars.time[0] as number) - 86_400]) {
            expect(out.bucketsBefore(t)).toBe(lowerBound(resampled.time, t));
            expect(out.bucketsBefore(t, true)).toBe(upperBound(resampled.time, t));
          }
          expect(out.firstStart).toBe(resampled.time[0]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('declines bars further apart than a bucket is long, and a series without a spacing', () => {
    const hourly = columnsOf(
      [0, 1, 2].map((h) => ({
        time: at('2024-03-04T15:00:00Z') + h * 3600,
        open: 1,
        high: 1,
        low: 1,
        close: 1,
        volume: 1,
      })),
    );
    expect(leastSpacing(hourly.time)).toBe(3600);
    expect(bucketOutline(hourly, { count: 5, unit: 'm' }, null, 3600)).toBeNull();
    expect(bucketOutline(hourly, { count: 1, unit: 'D' }, null, 0)).toBeNull();
    expect(bucketOutline(hourly, { count: 1, unit: 'D' }, null, 3600)?.buckets).toBe(1);
  });
});
