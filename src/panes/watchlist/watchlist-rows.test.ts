import { describe, expect, it } from 'vitest';
import { computeQuote, waitingQuote } from '../../../core/quotes';
import { nextSort, sortQuotes } from './watchlist-rows';

const quote = (symbol: string, closes: number[]) =>
  computeQuote(
    symbol,
    closes.map((_, i) => i * 60),
    closes,
  );

const symbolsOf = (quotes: readonly { symbol: string }[]) => quotes.map((q) => q.symbol);

describe('sortQuotes', () => {
  const up = quote('UP', [100, 110]);
  const down = quote('DOWN', [100, 90]);
  const flat = quote('FLAT', [50, 50]);
  const waitingB = waitingQuote('WAITB');
  const waitingA = waitingQuote('WAITA');
  const rows = [waitingB, up, down, waitingA, flat];

  it('keeps the list order without a sort', () => {
    expect(symbolsOf(sortQuotes(rows, null))).toEqual(['WAITB', 'UP', 'DOWN', 'WAITA', 'FLAT']);
  });

  it('sorts by a figure either way, feed symbols still waiting for a trade last, by symbol', () => {
    expect(symbolsOf(sortQuotes(rows, { column: 'change', direction: 'descending' }))).toEqual([
      'UP',
      'FLAT',
      'DOWN',
      'WAITA',
      'WAITB',
    ]);
    expect(symbolsOf(sortQuotes(rows, { column: 'last', direction: 'ascending' }))).toEqual([
      'FLAT',
      'DOWN',
      'UP',
      'WAITA',
      'WAITB',
    ]);
  });

  it('sorts waiting symbols among the others by symbol and name', () => {
    expect(symbolsOf(sortQuotes(rows, { column: 'symbol', direction: 'ascending' }))).toEqual([
      'DOWN',
      'FLAT',
      'UP',
      'WAITA',
      'WAITB',
    ]);
    expect(symbolsOf(sortQuotes(rows, { column: 'symbol', direction: 'descending' }))).toEqual([
      'WAITB',
      'WAITA',
      'UP',
      'FLAT',
      'DOWN',
    ]);
  });

  it('flips a column sorted again, and starts figures descending', () => {
    expect(nextSort(null, 'change')).toEqual({ column: 'change', direction: 'descending' });
    expect(nextSort({ column: 'change', direction: 'descending' }, 'change')).toEqual({
      column: 'change',
      direction: 'ascending',
    });
    expect(nextSort(null, 'symbol')).toEqual({ column: 'symbol', direction: 'ascending' });
  });
});
