import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bucketStart, nextBucketStart } from '../../core/bars/interval';
import type { FeedTrade } from './feed-messages';
import { GapDetector } from './gap-detector';

const trade = (id: number | null, time: number, symbol = 'BTCUSDT'): FeedTrade => ({
  kind: 'trade',
  symbol,
  id,
  time,
  price: 1,
  size: 1,
});

describe('GapDetector', () => {
  it('tells a skipped sequence number, with how many trades were missed', () => {
    const gaps = new GapDetector(60_000);
    expect(gaps.check(trade(10, 1000))).toEqual({ kind: 'ok' });
    expect(gaps.check(trade(11, 1100))).toEqual({ kind: 'ok' });
    expect(gaps.check(trade(20, 9000))).toEqual({
      kind: 'gap',
      gap: { symbol: 'BTCUSDT', kind: 'sequence', fromTime: 1100, toTime: 9000, missed: 8 },
    });
    // Symbols are counted apart.
    expect(gaps.check(trade(500, 9000, 'ETHUSDT'))).toEqual({ kind: 'ok' });
  });

  it('tells a trade already seen, and keeps the last one it knew', () => {
    const gaps = new GapDetector(60_000);
    gaps.check(trade(10, 1000));
    expect(gaps.check(trade(10, 1000))).toEqual({ kind: 'seen' });
    expect(gaps.check(trade(9, 900))).toEqual({ kind: 'seen' });
    expect(gaps.check(trade(11, 1100))).toEqual({ kind: 'ok' });
  });

  it('a sequence that began anew (numbers behind the last on a later trade) is followed, its silence a gap', () => {
    const gaps = new GapDetector(60_000);
    gaps.check(trade(2_000_000_500, 1_000_000));
    // A restarted server numbers from 1 again, minutes later.
    expect(gaps.check(trade(1, 1_355_000))).toEqual({
      kind: 'gap',
      gap: { symbol: 'BTCUSDT', kind: 'reset', fromTime: 1_000_000, toTime: 1_355_000, missed: null },
    });
    // Then its numbers are the ones followed: the next is no gap, a skip is one, a repeat is seen.
    expect(gaps.check(trade(2, 1_356_000))).toEqual({ kind: 'ok' });
    expect(gaps.check(trade(2, 1_356_000))).toEqual({ kind: 'seen' });
    expect(gaps.check(trade(5, 1_357_000))).toMatchObject({
      kind: 'gap',
      gap: { kind: 'sequence', missed: 2 },
    });
  });

  it('a number far behind the last is a new sequence whatever its time; a near one at an earlier time is a repeat', () => {
    const gaps = new GapDetector(60_000);
    gaps.check(trade(50_000, 1_000_000));
    expect(gaps.check(trade(49_990, 999_000))).toEqual({ kind: 'seen' });
    expect(gaps.check(trade(1, 900_000))).toMatchObject({
      kind: 'gap',
      gap: { kind: 'reset', toTime: 900_000 },
    });
  });

  it('without sequence numbers, tells a time jump longer than gapAfterMs', () => {
    const gaps = new GapDetector(60_000);
    gaps.check(trade(null, 0));
    expect(gaps.check(trade(null, 60_000))).toEqual({ kind: 'ok' });
    expect(gaps.check(trade(null, 120_001))).toMatchObject({
      kind: 'gap',
      gap: { kind: 'time', missed: null },
    });
  });

  it('reports every skip and exactly the trades skipped (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 200 }), (steps) => {
        const gaps = new GapDetector(60_000);
        let id = 1000;
        gaps.check(trade(id, 0));
        let reported = 0;
        let missed = 0;
        for (const [i, step] of steps.entries()) {
          id += step;
          const result = gaps.check(trade(id, i + 1));
          if (result.kind === 'gap') {
            reported += 1;
            missed += result.gap.missed ?? 0;
          }
        }
        expect(reported).toBe(steps.filter((s) => s > 1).length);
        expect(missed).toBe(steps.reduce((sum, s) => sum + s - 1, 0));
      }),
    );
  });

  it('a feed of bars: a bar that does not start where the last one ended tells how many bars were missed', () => {
    const minute = 60_000;
    const t = Date.UTC(2025, 0, 6, 14, 30);
    const gaps = new GapDetector(60_000, { count: 1, unit: 'm' });
    expect(gaps.checkBar('BTCUSDT', t)).toEqual({ kind: 'ok' });
    // The same bar again (a kline pushed every 2 s), then the next one: no gap.
    expect(gaps.checkBar('BTCUSDT', t)).toEqual({ kind: 'ok' });
    expect(gaps.checkBar('BTCUSDT', t + minute)).toEqual({ kind: 'ok' });
    // An older bar (the server's correction of a closed one) is no gap either.
    expect(gaps.checkBar('BTCUSDT', t)).toEqual({ kind: 'ok' });
    expect(gaps.checkBar('BTCUSDT', t + 5 * minute)).toEqual({
      kind: 'gap',
      gap: { symbol: 'BTCUSDT', kind: 'bars', fromTime: t + minute, toTime: t + 5 * minute, missed: 3 },
    });
    // Symbols apart; trades and bars apart.
    expect(gaps.checkBar('ETHUSDT', t + 9 * minute)).toEqual({ kind: 'ok' });
    expect(gaps.check(trade(1, t))).toEqual({ kind: 'ok' });
  });

  it('counts the bars missed along the calendar: months of 28 to 31 days, 7-hour bars that start again at midnight', () => {
    const monthly = new GapDetector(60_000, { count: 1, unit: 'M' });
    monthly.checkBar('X', Date.UTC(2024, 0, 1));
    expect(monthly.checkBar('X', Date.UTC(2024, 2, 1))).toMatchObject({ gap: { missed: 1 } });
    expect(monthly.checkBar('X', Date.UTC(2024, 3, 1))).toEqual({ kind: 'ok' });
    const sevenHours = new GapDetector(60_000, { count: 7, unit: 'h' });
    // 21:00, then 07:00 the next day: the bar of midnight (00:00-07:00) is the one missed.
    sevenHours.checkBar('X', Date.UTC(2024, 0, 1, 21));
    expect(sevenHours.checkBar('X', Date.UTC(2024, 0, 2, 7))).toMatchObject({ gap: { missed: 1 } });
    // A bar years on is counted without stepping through every minute of them.
    const minutes = new GapDetector(60_000);
    minutes.checkBar('X', 0);
    expect(minutes.checkBar('X', 365 * 86_400_000)).toMatchObject({ gap: { missed: 365 * 1440 - 1 } });
  });

  it('reports exactly the bars skipped, whatever the interval (property)', () => {
    const intervals = fc.constantFrom(
      { count: 1, unit: 'm' as const },
      { count: 5, unit: 'm' as const },
      { count: 90, unit: 'm' as const },
      { count: 4, unit: 'h' as const },
      { count: 1, unit: 'D' as const },
      { count: 1, unit: 'W' as const },
      { count: 1, unit: 'M' as const },
    );
    fc.assert(
      fc.property(
        intervals,
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 40 }),
        (interval, steps) => {
          const gaps = new GapDetector(60_000, interval);
          let start = bucketStart(Date.UTC(2024, 0, 1) / 1000, interval);
          gaps.checkBar('X', start * 1000);
          let missed = 0;
          for (const step of steps) {
            for (let i = 0; i < step; i++) {
              // The next bucket starts a bucket on, with none between: the second before it is in this one.
              const next = nextBucketStart(start, interval);
              expect(bucketStart(next, interval)).toBe(next);
              expect(bucketStart(next - 1, interval)).toBe(start);
              start = next;
            }
            const result = gaps.checkBar('X', start * 1000);
            missed += result.kind === 'gap' ? (result.gap.missed ?? 0) : 0;
          }
          expect(missed).toBe(steps.reduce((sum, s) => sum + s - 1, 0));
        },
      ),
    );
  });
});
