import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BarColumns } from '../../core/bars/bar-columns';
import type { Interval } from '../../core/bars/interval';
import { AROUND_THE_CLOCK, NYSE, type TradingSession } from '../../core/sessions/trading-session';
import { resampleBars } from '../aggregate/resample';
import { FakeSource } from './fake-source';
import { baseStep, HistoryBook, PAGE_BARS } from './history-book';
import { type Trade, tradesFolded } from './trades-folded';

/** What the ClickHouse query does: buckets of `step` seconds from 1970, first and last trade, sums. */
const aggregate = tradesFolded;

const asBars = (trades: readonly Trade[]): BarColumns => aggregate(trades, 1);

/** A trade a minute at 10 for `n` minutes. */
const flatMinutes = (n: number): Trade[] =>
  Array.from({ length: n }, (_, i) => ({ time: 1_700_000_000 + i * 60, price: 10, size: 1 }));

const intervalArb: fc.Arbitrary<Interval> = fc.oneof(
  fc.record({ count: fc.constantFrom(1, 2, 5, 15, 30, 45, 90, 7), unit: fc.constant('m' as const) }),
  fc.record({ count: fc.constantFrom(1, 2, 4, 5), unit: fc.constant('h' as const) }),
  fc.record({ count: fc.constantFrom(1, 2), unit: fc.constant('D' as const) }),
  fc.record({ count: fc.constant(1), unit: fc.constantFrom('W' as const, 'M' as const) }),
);

/** Trades in time order, one a second at most, over up to ~40 days from a seeded start. */
const tradesArb = fc
  .tuple(
    fc.integer({ min: 1_600_000_000, max: 1_800_000_000 }),
    fc.array(
      fc.tuple(
        fc.integer({ min: 1, max: 7200 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 1, max: 50 }),
      ),
      {
        minLength: 1,
        maxLength: 400,
      },
    ),
  )
  .map(([start, steps]) => {
    let time = start;
    return steps.map(([gap, price, size]) => {
      time += gap;
      return { time, price: price / 100, size };
    });
  });

describe('baseStep', () => {
  it('bars of its bucket resample to the same chart bars as the trades themselves', () => {
    const sessions: Array<TradingSession | null> = [null, AROUND_THE_CLOCK, NYSE];
    fc.assert(
      fc.property(tradesArb, intervalArb, fc.constantFrom(...sessions), (trades, interval, session) => {
        const step = baseStep(interval, session);
        const direct = resampleBars(asBars(trades), interval, session);
        const viaSource = resampleBars(aggregate(trades, step), interval, session);
        expect(viaSource).toEqual(direct);
      }),
      { numRuns: 300 },
    );
  });

  it('asks for the chart’s own bucket where it lies on the 1970 grid, finer ones elsewhere', () => {
    expect(baseStep(null, null)).toBe(60);
    expect(baseStep({ count: 5, unit: 'm' }, AROUND_THE_CLOCK)).toBe(300);
    expect(baseStep({ count: 4, unit: 'h' }, AROUND_THE_CLOCK)).toBe(14_400);
    // 09:30 New York is a quarter-hour mark in UTC, not an hour's.
    expect(baseStep({ count: 1, unit: 'h' }, NYSE)).toBe(900);
    expect(baseStep({ count: 1, unit: 'W' }, NYSE)).toBe(86_400);
  });
});

async function bookOf(source: FakeSource, maxBytes?: number, forgotten: string[] = [], pageBars?: number) {
  const book = new HistoryBook({
    sources: [source],
    // Far ahead of any trade a test writes: a tail refresh asks up to now.
    now: () => 4e12,
    ...(maxBytes ? { maxBytes } : {}),
    ...(pageBars ? { pageBars } : {}),
    onForget: (s) => forgotten.push(s),
  });
  await book.discover();
  return book;
}

/** Minute trades with stretches missing (a halt, an outage). */
const spreadTradesArb = fc
  .array(fc.tuple(fc.integer({ min: 1, max: 3 * 86_400 }), fc.integer({ min: 100, max: 200 })), {
    minLength: 1,
    maxLength: 300,
  })
  .map((steps) => {
    let time = 1_700_000_000;
    return steps.map(([gap, price]) => {
      time += gap;
      return { time, price, size: 1 };
    });
  });

describe('HistoryBook', () => {
  it('pages back to the first trade with no bar twice, none missing, whatever the gaps', async () => {
    await fc.assert(
      fc.asyncProperty(
        spreadTradesArb,
        fc.constantFrom<Interval | null>(null, { count: 1, unit: 'h' }, { count: 1, unit: 'D' }),
        fc.integer({ min: 1, max: 40 }),
        async (trades, interval, pageBars) => {
          const source = new FakeSource({ AAA: trades });
          const book = await bookOf(source, undefined, [], pageBars);
          await book.ensure('AAA', interval);
          let pages = 0;
          while (book.hasEarlier('AAA', interval) && pages < 10_000) {
            const result = await book.loadEarlier('AAA', interval);
            expect(result.problem).toBeNull();
            pages++;
          }
          expect(book.held('AAA', interval)).toEqual(aggregate(trades, baseStep(interval, AROUND_THE_CLOCK)));
          // Nothing before the first trade: not asked again.
          const requests = source.requests;
          expect(await book.loadEarlier('AAA', interval)).toEqual({
            added: 0,
            earlier: false,
            problem: null,
          });
          expect(source.requests).toBe(requests);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('brings its first page once for asks at the same time, and one earlier page at a time', async () => {
    const trades = flatMinutes(3 * PAGE_BARS);
    const source = new FakeSource({ AAA: trades });
    const book = await bookOf(source);
    await Promise.all([book.ensure('AAA', null), book.ensure('AAA', null)]);
    expect(source.requests).toBe(1);
    expect(book.held('AAA', null)?.time.length).toBe(PAGE_BARS);
    const [a, b] = await Promise.all([book.loadEarlier('AAA', null), book.loadEarlier('AAA', null)]);
    expect(a).toEqual(b);
    expect(a.added).toBe(PAGE_BARS);
    expect(source.requests).toBe(2);
  });

  it('brings as many bars as a wide view asks for, up to its most, and never under a page', async () => {
    // Pages of 50 bars, at most 200.
    const trades = flatMinutes(50 + 120 + 50 + 200 + 70);
    const source = new FakeSource({ AAA: trades });
    const book = new HistoryBook({ sources: [source], now: () => 4e12, pageBars: 50, maxPageBars: 200 });
    await book.discover();
    await book.ensure('AAA', null);
    // Two screens of a view of 60 minutes: one query for 120.
    expect((await book.loadEarlier('AAA', null, 120)).added).toBe(120);
    expect(source.requests).toBe(2);
    // A narrow view still gets a page.
    expect((await book.loadEarlier('AAA', null, 10)).added).toBe(50);
    // A view over years: the most a page holds, then what is left.
    expect((await book.loadEarlier('AAA', null, 5_000)).added).toBe(200);
    expect((await book.loadEarlier('AAA', null, 5_000)).added).toBe(70);
    expect(book.held('AAA', null)).toEqual(aggregate(trades, 60));
  });

  it('keeps its bars when a page fails, says why, and brings that page when asked again', async () => {
    const trades = flatMinutes(2 * PAGE_BARS);
    const source = new FakeSource({ AAA: trades });
    const book = await bookOf(source);
    await book.ensure('AAA', null);
    source.fail = new Error('ClickHouse at http://127.0.0.1:1 does not answer');
    const failed = await book.loadEarlier('AAA', null);
    expect(failed).toEqual({
      added: 0,
      earlier: true,
      problem: 'ClickHouse at http://127.0.0.1:1 does not answer',
    });
    expect(book.held('AAA', null)?.time.length).toBe(PAGE_BARS);
    const again = await book.loadEarlier('AAA', null);
    expect(again).toEqual({ added: PAGE_BARS, earlier: false, problem: null });
    expect(book.held('AAA', null)).toEqual(aggregate(trades, 60));
  });

  it('a first page that fails is asked for again, not kept empty', async () => {
    const source = new FakeSource({ AAA: [{ time: 1_700_000_000, price: 1, size: 1 }] });
    const book = await bookOf(source);
    source.fail = new Error('down');
    await expect(book.ensure('AAA', null)).rejects.toThrow('down');
    expect(book.held('AAA', null)).toBeNull();
    await book.ensure('AAA', null);
    expect(book.held('AAA', null)?.time.length).toBe(1);
  });

  it('stays within its bytes: the least recently used symbol goes, the one growing stops and says so', async () => {
    const source = new FakeSource({ AAA: flatMinutes(3 * PAGE_BARS), BBB: flatMinutes(3 * PAGE_BARS) });
    const forgotten: string[] = [];
    const maxBytes = 2.5 * PAGE_BARS * 48;
    const book = await bookOf(source, maxBytes, forgotten);
    await book.ensure('AAA', null);
    await book.ensure('BBB', null);
    // BBB grows past the bound: AAA, used longer ago, is let go.
    expect((await book.loadEarlier('BBB', null)).added).toBe(PAGE_BARS);
    expect(book.held('AAA', null)).toBeNull();
    expect(forgotten).toContain('AAA');
    // BBB alone would pass it with another page: it stops there and says why.
    const stopped = await book.loadEarlier('BBB', null);
    expect(stopped.added).toBe(0);
    expect(stopped.problem).toMatch(/MB of bars is the most kept here/);
    // AAA is brought again when a chart asks.
    await book.ensure('AAA', null);
    expect(book.held('AAA', null)?.time.length).toBe(PAGE_BARS);
  });

  it('a symbol without trades is complete and empty', async () => {
    const source = new FakeSource({ AAA: [] });
    const book = await bookOf(source);
    await book.ensure('AAA', { count: 5, unit: 'm' });
    expect(book.held('AAA', { count: 5, unit: 'm' })?.time.length).toBe(0);
    expect(book.hasEarlier('AAA', { count: 5, unit: 'm' })).toBe(false);
  });

  it('trades written in batches after a chart opened: the refreshed series is the trades folded whole', async () => {
    await fc.assert(
      fc.asyncProperty(
        spreadTradesArb,
        fc.array(fc.integer({ min: 1, max: 20 }), { minLength: 1, maxLength: 6 }),
        fc.constantFrom<Interval | null>(null, { count: 1, unit: 'h' }, { count: 1, unit: 'D' }),
        async (trades, cuts, interval) => {
          // The chart opens on the first trades; the rest arrive in batches, a refresh after each.
          const written: Trade[] = trades.slice(0, 1);
          const source = new FakeSource({ AAA: written });
          const book = await bookOf(source, undefined, [], 50);
          await book.ensure('AAA', interval);
          let next = 1;
          for (const cut of cuts) {
            written.push(...trades.slice(next, next + cut));
            next += cut;
            const before = book.held('AAA', interval)?.time.length ?? 0;
            const changed = await book.refreshTail('AAA', interval);
            const after = book.held('AAA', interval);
            // What changed is the held series' tail from the bar that was last, if that one changed.
            const grown = (after?.time.length ?? 0) - Math.max(0, before - 1);
            expect(changed.length === grown || changed.length === grown - 1).toBe(true);
            if (changed.length > 0)
              expect(changed[changed.length - 1]?.time).toBe(after?.time[after.time.length - 1]);
          }
          written.push(...trades.slice(next));
          await book.refreshTail('AAA', interval);
          while (book.hasEarlier('AAA', interval)) await book.loadEarlier('AAA', interval);
          expect(book.held('AAA', interval)).toEqual(aggregate(trades, baseStep(interval, AROUND_THE_CLOCK)));
          expect(book.spanOf('AAA')?.last).toBeGreaterThanOrEqual(trades[trades.length - 1]?.time ?? 0);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('a refresh that fails keeps the bars; a chart made after the poll time asks for the tail first', async () => {
    const trades = [{ time: 1_700_000_000, price: 10, size: 1 }];
    const source = new FakeSource({ AAA: trades });
    let now = 1_700_000_000_000;
    const book = new HistoryBook({ sources: [source], now: () => now, freshMs: () => 5_000 });
    await book.discover();
    await book.ensure('AAA', null);
    trades.push({ time: 1_700_000_100, price: 11, size: 2 });
    source.fail = new Error('down');
    await expect(book.refreshTail('AAA', null)).rejects.toThrow('down');
    expect(book.held('AAA', null)?.time.length).toBe(1);
    // Within the poll time: made from what is held, no request.
    const requests = source.requests;
    now += 4_000;
    await book.ensure('AAA', null);
    expect(source.requests).toBe(requests);
    now += 200_000;
    await book.ensure('AAA', null);
    expect(source.requests).toBe(requests + 1);
    expect(Array.from(book.held('AAA', null)?.close ?? [])).toEqual([10, 11]);
  });
});
