import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateColumns, type BarColumns, barOf, columnsOf } from '../../core/bars/bar-columns';
import {
  bucketStart,
  type Interval,
  intervalSeconds,
  intervalText,
  parseInterval,
} from '../../core/bars/interval';
import type { LiveBar } from '../../core/protocol';
import {
  localDayOf,
  NYSE,
  SessionClock,
  sessionOn,
  sessionsBetween,
  type TradingSession,
  zonedTime,
} from '../../core/sessions/trading-session';
import { ResampleSteps, resampleBars, resampleBound, sessionBars } from './resample';

const at = (iso: string) => Date.parse(iso) / 1000;

const intervalArb: fc.Arbitrary<Interval> = fc.oneof(
  fc.record({ count: fc.constantFrom(1, 5, 15, 30, 45, 90), unit: fc.constant('m' as const) }),
  fc.record({ count: fc.constantFrom(1, 2, 4, 7), unit: fc.constant('h' as const) }),
  fc.record({ count: fc.constantFrom(1, 2, 3), unit: fc.constant('D' as const) }),
  fc.record({ count: fc.constantFrom(1, 2), unit: fc.constant('W' as const) }),
  fc.record({ count: fc.constantFrom(1, 3, 12), unit: fc.constant('M' as const) }),
);

const barsArb = fc
  .array(
    fc.record({
      gap: fc.integer({ min: 1, max: 4 * 86_400 }),
      open: fc.double({ min: 1, max: 1000, noNaN: true }),
      spread: fc.double({ min: 0, max: 50, noNaN: true }),
      close: fc.double({ min: 1, max: 1000, noNaN: true }),
      volume: fc.integer({ min: 0, max: 1e6 }),
    }),
    { maxLength: 300 },
  )
  .map((rows) => {
    let time = at('2023-12-29T00:00:00Z');
    return columnsOf(
      rows.map((r) => {
        time += r.gap;
        const high = Math.max(r.open, r.close) + r.spread;
        const low = Math.min(r.open, r.close) - r.spread;
        return { time, open: r.open, high, low, close: r.close, volume: r.volume };
      }),
    );
  });

describe('resampleBars', () => {
  it("keeps every bucket's open, close, high, low and volume, one bar per bucket in time order", () => {
    fc.assert(
      fc.property(barsArb, intervalArb, (bars: BarColumns, interval) => {
        const out = resampleBars(bars, interval);
        const buckets = new Map<number, number[]>();
        bars.time.forEach((t, i) => {
          const key = bucketStart(t, interval);
          buckets.set(key, [...(buckets.get(key) ?? []), i]);
        });
        expect(out.time.length).toBe(buckets.size);
        let k = 0;
        for (const members of buckets.values()) {
          const first = members[0] as number;
          const last = members.at(-1) as number;
          expect(out.open[k]).toBe(bars.open[first]);
          expect(out.close[k]).toBe(bars.close[last]);
          expect(out.high[k]).toBe(Math.max(...members.map((i) => bars.high[i] as number)));
          expect(out.low[k]).toBe(Math.min(...members.map((i) => bars.low[i] as number)));
          expect(out.volume[k]).toBe(members.reduce((sum, i) => sum + (bars.volume[i] as number), 0));
          if (k > 0) expect(out.time[k]).toBeGreaterThan(out.time[k - 1] as number);
          k++;
        }
      }),
    );
  });

  it('stamps buckets with their start: Monday for weeks, the 1st for months', () => {
    const days = columnsOf(
      ['2024-03-06', '2024-03-07', '2024-03-08', '2024-03-11', '2024-04-02'].map((d, i) => ({
        time: at(`${d}T00:00:00Z`),
        open: 10 + i,
        high: 20 + i,
        low: 5 + i,
        close: 11 + i,
        volume: 100,
      })),
    );
    const weeks = resampleBars(days, { count: 1, unit: 'W' });
    expect([...weeks.time]).toEqual([
      at('2024-03-04T00:00:00Z'),
      at('2024-03-11T00:00:00Z'),
      at('2024-04-01T00:00:00Z'),
    ]);
    expect([...weeks.volume]).toEqual([300, 100, 100]);
    const months = resampleBars(days, { count: 1, unit: 'M' });
    expect([...months.time]).toEqual([at('2024-03-01T00:00:00Z'), at('2024-04-01T00:00:00Z')]);
    expect(months.open[0]).toBe(10);
    expect(months.close[0]).toBe(14);
  });

  it('hands back data already at the interval or coarser unchanged', () => {
    const days = columnsOf(
      [0, 1, 2].map((i) => ({ time: i * 86_400, open: 1, high: 2, low: 0, close: 1, volume: 1 })),
    );
    expect([...resampleBars(days, { count: 5, unit: 'm' }).time]).toEqual([...days.time]);
  });
});

/** Minute bars around the clock from `from` for `minutes` minutes, each at 1 with volume 1. */
function minutesFrom(from: string, minutes: number): BarColumns {
  const start = at(from);
  return columnsOf(
    Array.from({ length: minutes }, (_, i) => ({
      time: start + i * 60,
      open: 1 + i,
      high: 2 + i,
      low: i,
      close: 1 + i,
      volume: 1,
    })),
  );
}

describe('resampling within trading sessions', () => {
  const clock = (iso: string) => {
    const d = new Date(at(iso) * 1000);
    return d.toLocaleTimeString('en-GB', {
      timeZone: 'America/New_York',
      hour: '2-digit',
      minute: '2-digit',
    });
  };

  it('starts hourly bars at the 09:30 open, in New York winter and summer time alike', () => {
    // Friday 2024-03-08 (EST) and Monday 2024-03-11 (EDT), whole days of minutes, sessions only.
    for (const day of ['2024-03-08', '2024-03-11']) {
      const hours = resampleBars(
        sessionBars(minutesFrom(`${day}T00:00:00Z`, 1440), NYSE),
        { count: 1, unit: 'h' },
        NYSE,
      );
      const stamps = [...hours.time].map((t) => clock(new Date(t * 1000).toISOString()));
      expect(stamps).toEqual(['09:30', '10:30', '11:30', '12:30', '13:30', '14:30', '15:30']);
      // 6.5 hours: the last bar holds the half hour to the close.
      expect([...hours.volume]).toEqual([60, 60, 60, 60, 60, 60, 30]);
    }
  });

  it('keeps only bars inside the session when asked, none on weekends', () => {
    const week = minutesFrom('2024-03-08T00:00:00Z', 4 * 1440); // Friday to Monday
    const kept = sessionBars(week, NYSE);
    expect(kept.time.length).toBe(2 * 390);
    const c = new SessionClock(NYSE);
    for (const t of kept.time) expect(c.inSession(t)).toBe(true);
  });

  it('leaves Thanksgiving out and ends the short Friday at its 13:00 close', () => {
    // Monday 2024-11-25 to Friday the 29th, around the clock; Thursday the 28th is Thanksgiving.
    const week = minutesFrom('2024-11-25T00:00:00Z', 5 * 1440);
    const hours = resampleBars(sessionBars(week, NYSE), { count: 1, unit: 'h' }, NYSE);
    const date = (t: number) =>
      new Date(t * 1000).toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
    const perDay = new Map<string, string[]>();
    for (const t of hours.time)
      perDay.set(date(t), [...(perDay.get(date(t)) ?? []), clock(new Date(t * 1000).toISOString())]);
    const fullDay = ['09:30', '10:30', '11:30', '12:30', '13:30', '14:30', '15:30'];
    expect(Object.fromEntries(perDay)).toEqual({
      '2024-11-25': fullDay,
      '2024-11-26': fullDay,
      '2024-11-27': fullDay,
      '2024-11-29': ['09:30', '10:30', '11:30', '12:30'],
    });
    // Friday's last bar holds the half hour to the 13:00 close (18:00 UTC): its last minute is 12:59.
    expect([...hours.volume.subarray(-4)]).toEqual([60, 60, 60, 30]);
    const lastMinute = at('2024-11-29T17:59:00Z');
    const lastIndex = week.time.indexOf(lastMinute);
    expect(hours.close.at(-1)).toBe(week.close[lastIndex]);
    expect(hours.high.at(-1)).toBe(week.high[lastIndex]);
  });

  it("keeps every bucket's extremes and never mixes bars of two sessions, shown around the clock", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 300 }), fc.constantFrom(5, 30, 60, 90, 240), (startDay, size) => {
        const from = new Date((at('2024-01-01T00:00:00Z') + startDay * 86_400) * 1000).toISOString();
        const bars = minutesFrom(from, 3 * 1440);
        const out = resampleBars(bars, { count: size, unit: 'm' }, NYSE);
        const opens = sessionsBetween(NYSE, bars.time[0] as number, bars.time.at(-1) as number).map(
          (s) => s.open,
        );
        let k = 0;
        for (let i = 0; i < bars.time.length; ) {
          const stamp = out.time[k] as number;
          const next = out.time[k + 1] ?? Number.POSITIVE_INFINITY;
          let high = Number.NEGATIVE_INFINITY;
          let low = Number.POSITIVE_INFINITY;
          while (i < bars.time.length && (bars.time[i] as number) < next) {
            expect(bars.time[i]).toBeGreaterThanOrEqual(stamp);
            high = Math.max(high, bars.high[i] as number);
            low = Math.min(low, bars.low[i] as number);
            i++;
          }
          expect(out.high[k]).toBe(high);
          expect(out.low[k]).toBe(low);
          // A session open is always a bucket's start.
          k++;
        }
        for (const open of opens) if (open > (bars.time[0] as number)) expect(out.time).toContain(open);
      }),
      { numRuns: 30 },
    );
  });
});

describe('intervals as traders type them', () => {
  it('reads a bare number as minutes and a unit letter after it', () => {
    expect(parseInterval('5')).toEqual({ count: 5, unit: 'm' });
    expect(parseInterval('4h')).toEqual({ count: 4, unit: 'h' });
    expect(parseInterval('1D')).toEqual({ count: 1, unit: 'D' });
    expect(parseInterval('2d')).toEqual({ count: 2, unit: 'D' });
    expect(parseInterval('1W')).toEqual({ count: 1, unit: 'W' });
    expect(parseInterval('1M')).toEqual({ count: 1, unit: 'M' });
    expect(parseInterval('15m')).toEqual({ count: 15, unit: 'm' });
    expect(intervalText({ count: 15, unit: 'm' })).toBe('15m');
  });

  it('refuses what is not an interval', () => {
    for (const text of ['', 'h', '0', '5x', '1.5h', '99999', '-5']) expect(parseInterval(text)).toBeNull();
  });

  it('starts hour buckets that do not divide a day again each midnight', () => {
    expect(bucketStart(at('2024-03-10T23:30:00Z'), { count: 7, unit: 'h' })).toBe(at('2024-03-10T21:00:00Z'));
    expect(bucketStart(at('2024-03-11T01:00:00Z'), { count: 7, unit: 'h' })).toBe(at('2024-03-11T00:00:00Z'));
    expect(bucketStart(at('2024-03-10T13:59:00Z'), { count: 4, unit: 'h' })).toBe(at('2024-03-10T12:00:00Z'));
  });
});

/**
 * Resampling done the plain way, for comparison: each bar's bucket start worked out on its own (the
 * UTC alignment of interval.ts, or the latest session open in the two weeks before, from the
 * session's days), and consecutive bars with the same start merged.
 */
function referenceResample(bars: BarColumns, interval: Interval, session: TradingSession | null) {
  const size = intervalSeconds(interval);
  const startOf = (t: number): number => {
    if (!session || (interval.unit !== 'm' && interval.unit !== 'h')) return bucketStart(t, interval);
    const day = localDayOf(session, t);
    let anchor = zonedTime(session.zone, day, 0);
    for (let back = 14; back >= 0; back--) {
      const open = sessionOn(session, day - back)?.open;
      if (open !== undefined && open <= t) anchor = open;
    }
    return anchor + Math.floor((t - anchor) / size) * size;
  };
  const rows: LiveBar[] = [];
  bars.time.forEach((t, i) => {
    const start = startOf(t);
    const last = rows.at(-1);
    const bar = barOf(bars, i);
    if (last && last.time === start) {
      last.high = Math.max(last.high, bar.high);
      last.low = Math.min(last.low, bar.low);
      last.close = bar.close;
      last.volume += bar.volume;
    } else rows.push({ ...bar, time: start });
  });
  return columnsOf(rows);
}

describe('resampleBars against resampling bar by bar', () => {
  // Minute bars with gaps (a few seconds to days) from around New York's summer time changes, a
  // holiday and a short day; in and out of NYSE hours.
  const denseBarsArb = fc
    .record({
      from: fc.constantFrom(
        '2024-03-08T12:00:00Z',
        '2024-11-01T18:00:00Z',
        '2024-11-27T10:00:00Z',
        '2024-07-02T20:00:00Z',
        '2024-12-30T15:00:00Z',
      ),
      rows: fc.array(
        fc.record({
          gap: fc.oneof(
            { weight: 8, arbitrary: fc.constant(60) },
            { weight: 1, arbitrary: fc.integer({ min: 1, max: 7200 }) },
            { weight: 1, arbitrary: fc.integer({ min: 1, max: 3 * 86_400 }) },
          ),
          open: fc.double({ min: 1, max: 1000, noNaN: true }),
          spread: fc.double({ min: 0, max: 50, noNaN: true }),
          close: fc.double({ min: 1, max: 1000, noNaN: true }),
          volume: fc.double({ min: 0, max: 1e6, noNaN: true }),
        }),
        { minLength: 1, maxLength: 2000 },
      ),
    })
    .map(({ from, rows }) => {
      let time = at(from);
      return columnsOf(
        rows.map((r) => {
          time += r.gap;
          const high = Math.max(r.open, r.close) + r.spread;
          const low = Math.min(r.open, r.close) - r.spread;
          return { time, open: r.open, high, low, close: r.close, volume: r.volume };
        }),
      );
    });
  // NYSE, and NYSE shut for three weeks (no open in the two weeks before some days).
  const shut = Array.from(
    { length: 21 },
    (_, i) => new Date((at('2024-03-11T00:00:00Z') + i * 86_400) * 1000),
  ).map((d) => d.toISOString().slice(0, 10));
  const sessionArb = fc.constantFrom<TradingSession | null>(null, NYSE, { ...NYSE, holidays: shut });

  it('gives the same bars at any interval, with UTC buckets and from the session open', () => {
    fc.assert(
      fc.property(denseBarsArb, intervalArb, sessionArb, (bars, interval, session) => {
        const out = resampleBars(bars, interval, session);
        expect(barsOfColumns(out)).toEqual(barsOfColumns(referenceResample(bars, interval, session)));
      }),
      { numRuns: 300 },
    );
  });

  it('gives the same bars in steps of any size, each cut where a bucket starts', () => {
    fc.assert(
      fc.property(
        denseBarsArb,
        intervalArb,
        sessionArb,
        fc.integer({ min: 1, max: 60 }),
        (bars, interval, session, chunk) => {
          const steps = new ResampleSteps(bars, interval, session, chunk);
          let calls = 0;
          while (steps.step()) calls++;
          expect(steps.done).toBe(true);
          // Each step folds at least one bar and at most a chunk plus the bucket it ends in.
          expect(calls).toBeLessThan(bars.time.length);
          expect(barsOfColumns(steps.result())).toEqual(barsOfColumns(resampleBars(bars, interval, session)));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('writes into columns it is handed when they hold the bound, and refuses smaller ones', () => {
    fc.assert(
      fc.property(denseBarsArb, intervalArb, sessionArb, (bars, interval, session) => {
        const into = allocateColumns(resampleBound(bars, interval, session) + 3);
        into.time.fill(-1);
        const out = resampleBars(bars, interval, session, into);
        expect(out.time.buffer).toBe(into.time.buffer);
        expect(barsOfColumns(out)).toEqual(barsOfColumns(resampleBars(bars, interval, session)));
      }),
      { numRuns: 100 },
    );
    const bars = columnsOf([
      { time: at('2024-03-04T14:30:00Z'), open: 1, high: 1, low: 1, close: 1, volume: 1 },
      { time: at('2024-03-05T14:30:00Z'), open: 2, high: 2, low: 2, close: 2, volume: 1 },
    ]);
    expect(() => resampleBars(bars, { count: 1, unit: 'h' }, null, allocateColumns(1))).toThrow(RangeError);
  });
});

describe('resampleBars over runs folded two bars a step', () => {
  // Buckets of 16 to 240 one-minute bars (PAIRED_RUN to under BRANCHY_RUN in resample.ts), each
  // bucket's highest high and lowest low at an odd position of its run: the odd bars' chain must be
  // merged into the bucket, and a generator of random gaps rarely makes such runs.
  const FOUR_HOURS = 4 * 3600;
  const pairedRunsArb = fc
    .array(
      fc.record({
        length: fc.integer({ min: 16, max: 240 }),
        peak: fc.nat(),
        trough: fc.nat(),
        prices: fc.array(fc.double({ min: 10, max: 1000, noNaN: true }), { minLength: 240, maxLength: 240 }),
        volume: fc.integer({ min: 0, max: 1e6 }),
      }),
      { minLength: 1, maxLength: 5 },
    )
    .map((runs) => {
      const rows: LiveBar[] = [];
      runs.forEach((run, r) => {
        const start = at('2024-03-04T00:00:00Z') + r * FOUR_HOURS;
        const odd = (n: number) => 1 + 2 * (n % Math.floor(run.length / 2));
        const peak = odd(run.peak);
        const trough = odd(run.trough);
        for (let j = 0; j < run.length; j++) {
          const price = run.prices[j] as number;
          rows.push({
            time: start + j * 60,
            open: price,
            high: j === peak ? 5000 + j : price + 1,
            low: j === trough ? 1 - 1 / (j + 2) : price - 1,
            close: price,
            volume: run.volume + j,
          });
        }
      });
      return columnsOf(rows);
    });

  it('keeps the high and the low an odd bar of a run sets, in UTC buckets and from the session open', () => {
    fc.assert(
      fc.property(pairedRunsArb, fc.constantFrom<TradingSession | null>(null, NYSE), (bars, session) => {
        const interval: Interval = { count: 4, unit: 'h' };
        const out = resampleBars(bars, interval, session);
        expect(barsOfColumns(out)).toEqual(barsOfColumns(referenceResample(bars, interval, session)));
        if (session === null) {
          for (let k = 0; k < out.time.length; k++) {
            expect(out.high[k]).toBeGreaterThanOrEqual(5000);
            expect(out.low[k]).toBeLessThan(1);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});

function barsOfColumns(c: BarColumns): LiveBar[] {
  return Array.from(c.time, (_, i) => barOf(c, i));
}
