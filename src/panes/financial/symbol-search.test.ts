import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SymbolInfo } from '../../../core/protocol';
import { rankSymbols } from './symbol-search';

const info = (symbol: string, name: string): SymbolInfo => ({
  symbol,
  name,
  kind: 'bars',
  first: 0,
  last: 0,
  count: 1,
});

const catalog = [
  info('SPX', 'S&P 500'),
  info('AAPL', 'Apple'),
  info('AMZN', 'Amazon'),
  info('SYN-1M', 'Synthetic 1M minute bars'),
  info('SYN-10M', 'Synthetic 10M minute bars'),
  info('BTCUSDT', 'BTCUSDT · Binance'),
  info('ETHUSDT', 'ETHUSDT · Binance'),
  info('SP', 'S&P futures'),
  info('PAPL', 'Pineapple Co'),
];

const ranked = (text: string) => rankSymbols(catalog, text).map((s) => s.symbol);

describe('rankSymbols', () => {
  it('ranks the exact ticker, then ticker prefixes (shortest first), then words of names', () => {
    expect(ranked('sp')).toEqual(['SP', 'SPX']);
    expect(ranked('s')).toEqual(['SP', 'SPX', 'SYN-1M', 'SYN-10M']);
    expect(ranked('SYN-1')).toEqual(['SYN-1M', 'SYN-10M']);
    // "Binance" is a word of both feed symbols' names; no ticker starts with it.
    expect(ranked('bin')).toEqual(['BTCUSDT', 'ETHUSDT']);
    // A word, not any part of a name: Pineapple is not Apple.
    expect(ranked('apple')).toEqual(['AAPL']);
    expect(ranked('  aapl ')).toEqual(['AAPL']);
    expect(ranked('qqq')).toEqual([]);
  });

  it('offers every symbol, in its order, for an empty text', () => {
    expect(ranked('')).toEqual(catalog.map((s) => s.symbol));
  });

  it('every match holds the text in its ticker or a word of its name, and no other symbol is left out (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9-]{1,4}$/), (text) => {
        const query = text.toUpperCase();
        const shown = rankSymbols(catalog, text);
        const matches = (s: SymbolInfo) =>
          s.symbol.startsWith(query) ||
          s.name
            .toUpperCase()
            .split(/[^\p{L}\p{N}]+/u)
            .some((w) => w.startsWith(query));
        expect(new Set(shown)).toEqual(new Set(catalog.filter(matches)));
        // An exact ticker is always first.
        const exact = catalog.find((s) => s.symbol === query);
        if (exact) expect(shown[0]).toBe(exact);
      }),
    );
  });
});
