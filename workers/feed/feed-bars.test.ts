import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LiveBar } from '../../core/protocol';
import { foldTick } from '../live-feed';
import { FeedBars } from './feed-bars';

const MINUTE = 60;
const T0 = 1_735_689_600; // 2025-01-01 00:00 UTC, in seconds

const tradesArb = fc
  .array(
    fc.record({
      step: fc.integer({ min: 0, max: 150_000 }),
      cents: fc.integer({ min: 1, max: 10_000_000 }),
      size: fc.integer({ min: 0, max: 1000 }),
    }),
    { minLength: 1, maxLength: 200 },
  )
  .map((raw) => {
    let time = T0 * 1000 + 1234;
    return raw.map((t) => {
      time += t.step;
      return { time, price: t.cents / 100, size: t.size };
    });
  });

describe('FeedBars', () => {
  it('folds trades into bars on the interval grid, one bar per minute that had trades', () => {
    const bars = new FeedBars(MINUTE);
    bars.trade('BTCUSDT', (T0 + 5) * 1000, 100, 1);
    bars.trade('BTCUSDT', (T0 + 30) * 1000, 105, 2);
    bars.trade('BTCUSDT', (T0 + 59) * 1000, 99, 1);
    bars.trade('BTCUSDT', (T0 + 185) * 1000, 101, 4);
    expect(bars.bars('BTCUSDT')).toEqual([
      { time: T0, open: 100, high: 105, low: 99, close: 99, volume: 4 },
      { time: T0 + 180, open: 101, high: 101, low: 101, close: 101, volume: 4 },
    ]);
  });

  it('makes the same bars as folding the trades with foldTick (one folding rule), volume kept', () => {
    fc.assert(
      fc.property(tradesArb, fc.constantFrom(60, 300, 3600), (trades, barSeconds) => {
        const bars = new FeedBars(barSeconds);
        for (const t of trades) bars.trade('X', t.time, t.price, t.size);
        const expected: LiveBar[] = [];
        let bar: LiveBar | null = null;
        for (const [i, t] of trades.entries()) {
          const seconds = i === 0 ? Math.floor(t.time / 1000 / barSeconds) * barSeconds : t.time / 1000;
          const next = foldTick(bar, { time: seconds, price: t.price, volume: t.size }, barSeconds);
          if (bar && next.time !== bar.time) expected.push(bar);
          bar = next;
        }
        if (bar) expected.push(bar);
        const got = bars.bars('X');
        expect(got).toEqual(expected);
        expect(got.reduce((s, b) => s + b.volume, 0)).toBe(trades.reduce((s, t) => s + t.size, 0));
        for (const b of got) expect(b.time % barSeconds).toBe(0);
      }),
    );
  });

  it('refuses a trade from before the bar forming now', () => {
    const bars = new FeedBars(MINUTE);
    bars.trade('X', (T0 + 65) * 1000, 1, 1);
    expect(bars.trade('X', (T0 + 30) * 1000, 1, 1)).toBe('out-of-order');
  });

  it('streams to subscribers like the simulator: closed bars, then the current one, nothing while paused', () => {
    const bars = new FeedBars(MINUTE);
    bars.trade('X', T0 * 1000, 10, 1);
    expect(bars.subscribe('s1', 'X')).toEqual([
      { time: T0, open: 10, high: 10, low: 10, close: 10, volume: 1 },
    ]);
    bars.subscribe('s2', 'Y');
    expect(bars.drain()).toEqual([
      {
        subscriptionId: 's1',
        symbol: 'X',
        bars: [{ time: T0, open: 10, high: 10, low: 10, close: 10, volume: 1 }],
        ticks: 1,
      },
    ]);
    expect(bars.drain()).toEqual([]);
    bars.setPaused(true);
    bars.trade('X', (T0 + 61) * 1000, 12, 1);
    expect(bars.drain()).toEqual([]);
    bars.setPaused(false);
    const [event] = bars.drain();
    expect(event?.bars.map((b) => [b.time, b.close])).toEqual([
      [T0, 10],
      [T0 + 60, 12],
    ]);
    expect(bars.subscribedSymbols()).toEqual(new Set(['X', 'Y']));
    expect(bars.unsubscribe('s2')).toBe(true);
    expect(bars.subscribedSymbols()).toEqual(new Set(['X']));
  });

  it('continues from the client bar after a worker restart when it has none of its own', () => {
    const bars = new FeedBars(MINUTE);
    const resume = { time: T0, open: 1, high: 2, low: 1, close: 2, volume: 5 };
    expect(bars.subscribe('s', 'X', resume)).toEqual([resume]);
    bars.trade('X', (T0 + 10) * 1000, 3, 1);
    expect(bars.bars('X')).toEqual([{ ...resume, high: 3, close: 3, volume: 6 }]);
  });

  it('takes a bar message of its interval as the bar of that time, and leaves other intervals', () => {
    const bars = new FeedBars(MINUTE);
    const kline = {
      kind: 'bar' as const,
      symbol: 'X',
      interval: '1m',
      time: T0 * 1000,
      open: 1,
      high: 3,
      low: 1,
      close: 2,
      volume: 7,
      closed: false,
    };
    expect(bars.bar(kline, 60)).toBe('applied');
    expect(bars.bar({ ...kline, close: 2.5 }, 60)).toBe('applied');
    expect(bars.bar({ ...kline, time: (T0 + 60) * 1000, open: 2.5, low: 2, high: 2.5, close: 2 }, 60)).toBe(
      'applied',
    );
    expect(bars.bar({ ...kline, interval: '5m' }, 300)).toBe('other-interval');
    expect(bars.bars('X').map((b) => [b.time, b.close])).toEqual([
      [T0, 2.5],
      [T0 + 60, 2],
    ]);
  });
});
