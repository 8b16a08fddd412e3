import { describe, expect, it } from 'vitest';
import type { SymbolInfo } from '../../../core/protocol';
import { comparableFirst, comparedRangeText } from './compared-range';

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 1000;
const aapl: SymbolInfo = {
  symbol: 'AAPL',
  name: 'Apple',
  kind: 'line',
  first: day('2000-01-01'),
  last: day('2010-03-01'),
  count: 123,
};

describe('comparedRangeText', () => {
  it("gives the symbol's span, and says so when none of it is in the chart's view", () => {
    expect(comparedRangeText(aapl, { from: day('2019-04-17'), to: day('2020-04-17') })).toBe(
      "AAPL has bars from Jan 01, 2000 to Mar 01, 2010: none in the chart's view, where its line stays empty.",
    );
    expect(comparedRangeText(aapl, { from: day('2009-01-01'), to: day('2012-01-01') })).toBe(
      'AAPL has bars from Jan 01, 2000 to Mar 01, 2010.',
    );
    expect(comparedRangeText(aapl, { from: day('1990-01-01'), to: day('1999-06-01') })).toMatch(
      /none in the/,
    );
    expect(comparedRangeText(aapl, null)).toBe('AAPL has bars from Jan 01, 2000 to Mar 01, 2010.');
  });

  it("a feed symbol's minute bars are given to the minute in the zone; one with none yet says so", () => {
    const t = Date.UTC(2025, 0, 6, 14, 30) / 1000;
    const eth: SymbolInfo = {
      ...aapl,
      symbol: 'ETHUSDT',
      first: t,
      last: t + 20 * 60,
      count: 21,
      feed: 'replay',
    };
    expect(comparedRangeText(eth, { from: t - 3600, to: t + 3600 }, 'America/New_York')).toBe(
      'ETHUSDT has bars from Jan 06, 2025, 09:30 to Jan 06, 2025, 09:50.',
    );
    const none = { ...eth, symbol: 'BTCUSDT', first: Number.NaN, last: Number.NaN, count: 0 };
    expect(comparedRangeText(none, { from: t - 3600, to: t + 3600 })).toBe(
      "BTCUSDT has no bars yet: its line begins with its feed's first trade.",
    );
    // Nothing to draw in any view: offered after the symbols that have.
    expect(comparableFirst([none, eth], { from: t, to: t + 60 }).map((s) => s.symbol)).toEqual([
      'ETHUSDT',
      'BTCUSDT',
    ]);
  });
});

describe('comparableFirst', () => {
  it("offers the symbols with bars in the chart's view first, each group in its order", () => {
    const syn: SymbolInfo = { ...aapl, symbol: 'SYN', first: day('2020-01-01'), last: day('2021-01-01') };
    const ibm: SymbolInfo = { ...aapl, symbol: 'IBM' };
    const view = { from: day('2019-04-17'), to: day('2020-04-17') };
    expect(comparableFirst([aapl, ibm, syn], view).map((s) => s.symbol)).toEqual(['SYN', 'AAPL', 'IBM']);
    expect(comparableFirst([aapl, ibm, syn], null).map((s) => s.symbol)).toEqual(['AAPL', 'IBM', 'SYN']);
  });
});
