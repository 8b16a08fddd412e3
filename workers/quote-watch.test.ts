import { describe, expect, it } from 'vitest';
import type { LiveBar } from '../core/protocol';
import { computeLiveQuote, computeQuote } from '../core/quotes';
import { QUOTE_INTERVAL_MS, QuoteWatch } from './quote-watch';

const bar = (time: number, close: number): LiveBar => ({
  time,
  open: close,
  high: close,
  low: close,
  close,
  volume: 1,
});

describe('computeLiveQuote', () => {
  const time = [60, 120, 180];
  const close = [10, 11, 12];

  it('continues the stored closes with the live bars, the first replacing the stored last bar', () => {
    const quote = computeLiveQuote('X', time, close, [bar(180, 12.5), bar(240, 13)]);
    expect(quote).toMatchObject({ last: 13, previous: 12.5, change: 0.5, time: 240 });
    expect([...quote.sparkline]).toEqual([10, 11, 12.5, 13]);
  });

  it('is the stored quote without live bars', () => {
    expect(computeLiveQuote('X', time, close, [])).toEqual(computeQuote('X', time, close));
  });
});

describe('QuoteWatch', () => {
  const stored: Record<string, number> = { A: 100, B: 200 };
  const quoteOf = (symbol: string, live: readonly LiveBar[]) =>
    computeLiveQuote(symbol, [0], [stored[symbol] ?? 0], live);

  it('gives each watchlist the quotes of its symbols that moved, at most every interval', () => {
    const watch = new QuoteWatch(quoteOf);
    watch.watch('w1', ['A', 'B']);
    expect(watch.quotesOf(['A', 'B']).map((q) => q.last)).toEqual([100, 200]);
    watch.watch('w2', ['B']);
    expect([...watch.symbols].sort()).toEqual(['A', 'B']);

    watch.receive('A', [bar(60, 101)]);
    expect(watch.due(1000)).toEqual([
      { watchId: 'w1', quotes: [expect.objectContaining({ symbol: 'A', last: 101 })] },
    ]);
    // Moved again within the interval: it waits.
    watch.receive('B', [bar(60, 201), bar(120, 202)]);
    expect(watch.due(1000 + QUOTE_INTERVAL_MS - 1)).toEqual([]);
    const events = watch.due(1000 + QUOTE_INTERVAL_MS);
    expect(events.map((e) => [e.watchId, e.quotes.map((q) => [q.symbol, q.last, q.previous])])).toEqual([
      ['w1', [['B', 202, 201]]],
      ['w2', [['B', 202, 201]]],
    ]);
    expect(watch.due(5000)).toEqual([]);
  });

  it('forgets a symbol no watchlist shows', () => {
    const watch = new QuoteWatch(quoteOf);
    watch.watch('w1', ['A']);
    watch.receive('A', [bar(60, 150)]);
    watch.watch('w1', []);
    expect(watch.symbols.size).toBe(0);
    watch.watch('w1', ['A']);
    expect(watch.quotesOf(['A'])[0]?.last).toBe(100);
  });
});
