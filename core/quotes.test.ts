import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeQuote, SPARKLINE_LENGTH, symbolName } from './quotes';

const SEED = 20261122;
const prices = fc.array(fc.double({ min: 0.01, max: 1e6, noNaN: true, noDefaultInfinity: true }), {
  minLength: 1,
  maxLength: 200,
});

describe('computeQuote', () => {
  it('takes the last two closes', () => {
    const quote = computeQuote('AAPL', [10, 20, 30], [100, 110, 99]);
    expect(quote).toMatchObject({
      symbol: 'AAPL',
      name: 'Apple',
      last: 99,
      previous: 110,
      change: -11,
      time: 30,
    });
    expect(quote.changePercent).toBeCloseTo(-10, 12);
    expect([...quote.sparkline]).toEqual([100, 110, 99]);
    expect(quote.sparkline).toBeInstanceOf(Float32Array);
  });

  it('keeps only the last 60 closes, oldest first', () => {
    const closes = Array.from({ length: 100 }, (_, i) => i + 1);
    const quote = computeQuote('SPX', closes, closes);
    expect(SPARKLINE_LENGTH).toBe(60);
    expect(quote.sparkline.length).toBe(60);
    expect(quote.sparkline[0]).toBe(41);
    expect(quote.sparkline[59]).toBe(100);
    // Times are the closes here: the sparkline starts at the 41st.
    expect(quote.sparklineFrom).toBe(41);
    expect(quote.name).toBe('S&P 500');
  });

  it('treats a single close as unchanged and rejects empty or mismatched series', () => {
    expect(computeQuote('IBM', [5], [42])).toMatchObject({
      last: 42,
      previous: 42,
      change: 0,
      changePercent: 0,
    });
    expect(() => computeQuote('IBM', [], [])).toThrow('IBM: no data');
    expect(() => computeQuote('IBM', [1, 2], [1])).toThrow('IBM: 2 times but 1 closes');
  });

  it('names the known symbols and falls back to the ticker', () => {
    expect(['SPX', 'MSFT', 'AMZN', 'IBM', 'AAPL', 'GOOG'].map(symbolName)).toEqual([
      'S&P 500',
      'Microsoft',
      'Amazon',
      'IBM',
      'Apple',
      'Alphabet',
    ]);
    expect(symbolName('XYZ')).toBe('XYZ');
    expect(symbolName('toString')).toBe('toString');
  });
});

describe('computeQuote properties', () => {
  const quoteOf = (closes: number[]) =>
    computeQuote(
      'X',
      closes.map((_, i) => i),
      closes,
    );

  it('change is last minus previous, and last/previous are the final two closes', () => {
    fc.assert(
      fc.property(prices, (closes) => {
        const quote = quoteOf(closes);
        const last = closes[closes.length - 1];
        const previous = closes.length > 1 ? closes[closes.length - 2] : last;
        expect(quote.last).toBe(last);
        expect(quote.previous).toBe(previous);
        expect(quote.change).toBe(quote.last - quote.previous);
        expect(quote.time).toBe(closes.length - 1);
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  it('sparkline holds the last min(60, n) closes', () => {
    fc.assert(
      fc.property(prices, (closes) => {
        const quote = quoteOf(closes);
        expect(quote.sparkline.length).toBe(Math.min(60, closes.length));
        expect([...quote.sparkline]).toEqual(closes.slice(-60).map(Math.fround));
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  it('changePercent has the sign of change and is change relative to previous', () => {
    fc.assert(
      fc.property(prices, (closes) => {
        const quote = quoteOf(closes);
        expect(Math.sign(quote.changePercent)).toBe(Math.sign(quote.change));
        const rebuilt = quote.previous * (1 + quote.changePercent / 100);
        expect(Math.abs(rebuilt - quote.last)).toBeLessThanOrEqual(
          1e-9 * Math.max(quote.last, quote.previous),
        );
      }),
      { seed: SEED, numRuns: 300 },
    );
  });
});
