import { describe, expect, it } from 'vitest';
import {
  alignMonths,
  commonYears,
  gaugeReading,
  histogram,
  horizonVolatility,
  monthEndCloses,
  monthlyReturnPairs,
  portfolioHoldings,
  returnsPercent,
  riskReturn,
  yearEndCloses,
} from './datasets';

const DAY = 86_400;
const utc = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;

describe('portfolio', () => {
  it('values each holding at its last price and weighs it in the total', () => {
    const holdings = portfolioHoldings({ A: 10, B: 30, C: Number.NaN }, { A: 3, B: 1, C: 5 });
    expect(holdings.map((h) => h.symbol)).toEqual(['A', 'B']);
    expect(holdings.map((h) => h.value)).toEqual([30, 30]);
    expect(holdings.map((h) => h.weight)).toEqual([0.5, 0.5]);
  });
});

describe('returns and risk', () => {
  it('gives a steady series no risk and its growth rate as the return', () => {
    const close = Array.from({ length: 253 }, (_, i) => 100 * Math.exp(0.001 * i));
    const time = close.map((_, i) => i * DAY);
    const rr = riskReturn({ symbol: 'X', time, close });
    expect(rr.risk).toBeCloseTo(0, 6);
    expect(rr.return).toBeCloseTo(25.2, 6);
  });

  it('computes simple returns in percent', () => {
    const [up = 0, down = 0] = returnsPercent([100, 110, 99]);
    expect(up).toBeCloseTo(10);
    expect(down).toBeCloseTo(-10);
  });
});

describe('monthly and yearly views', () => {
  const benchmark = {
    symbol: 'B',
    time: ['2000-01-03', '2000-01-31', '2000-02-29', '2000-03-31'].map(utc),
    close: [90, 100, 110, 99],
  };
  const stock = {
    symbol: 'S',
    time: ['2000-01-01', '2000-02-01', '2000-03-01'].map(utc),
    close: [10, 12, 6],
  };

  it('keeps the last close of each month', () => {
    expect([...monthEndCloses(benchmark)]).toEqual([
      ['2000-01', 100],
      ['2000-02', 110],
      ['2000-03', 99],
    ]);
  });

  it('pairs monthly returns over the months both series have', () => {
    const pairs = monthlyReturnPairs(benchmark, stock);
    expect(pairs.map((p) => p.month)).toEqual(['2000-02', '2000-03']);
    expect(pairs[0]?.x).toBeCloseTo(10);
    expect(pairs[0]?.y).toBeCloseTo(20);
    expect(pairs[1]?.x).toBeCloseTo(-10);
    expect(pairs[1]?.y).toBeCloseTo(-50);
  });

  it('takes year-end closes over the years every series reaches', () => {
    const a = { symbol: 'A', time: ['1999-06-01', '2000-12-29', '2001-03-01'].map(utc), close: [1, 2, 3] };
    const b = { symbol: 'B', time: ['2000-01-01', '2002-01-01'].map(utc), close: [5, 6] };
    expect(commonYears([a, b])).toEqual([2000, 2001]);
    expect(yearEndCloses(a, [2000, 2001, 2005])).toEqual([2, 3, Number.NaN]);
  });
});

describe('histogram', () => {
  it('bins every finite value once, the maximum in the last bin', () => {
    const h = histogram([0, 1, 2, 3, 4, 5, 6, 7, 8, 10, Number.NaN], 5);
    expect(h.edges).toEqual([0, 2, 4, 6, 8, 10]);
    expect(h.counts).toEqual([2, 2, 2, 2, 2]);
  });

  it('chooses between 10 and 80 bins by the Freedman-Diaconis rule', () => {
    const values = Array.from({ length: 1000 }, (_, i) => Math.sin(i) * 3);
    const h = histogram(values);
    expect(h.counts.length).toBeGreaterThanOrEqual(10);
    expect(h.counts.length).toBeLessThanOrEqual(80);
    expect(h.counts.reduce((a, b) => a + b, 0)).toBe(1000);
  });

  it('handles no values and a single repeated value', () => {
    expect(histogram([])).toEqual({ edges: [], counts: [] });
    expect(histogram([2, 2, 2])).toEqual({ edges: [1.5, 2.5], counts: [3] });
  });
});

describe('gauge reading', () => {
  it('reads the last close within the range of the closes, with their mean as the target', () => {
    expect(gaugeReading([10, 20, 30, 40], 2.5)).toEqual({
      value: 40,
      min: 10,
      max: 40,
      target: 25,
      changePercent: 2.5,
    });
    expect(gaugeReading([], 0)).toBeNull();
  });
});

describe('aligned months and holding-period volatility', () => {
  it('keeps the months every series has', () => {
    const a = { symbol: 'A', time: ['2000-01-31', '2000-02-29', '2000-03-31'].map(utc), close: [1, 2, 3] };
    const b = { symbol: 'B', time: ['2000-02-01', '2000-03-01'].map(utc), close: [20, 30] };
    const months = alignMonths([a, b]);
    expect(months.time).toEqual([utc('2000-02-01'), utc('2000-03-01')]);
    expect(months.closes).toEqual([
      [2, 3],
      [20, 30],
    ]);
  });

  it('annualises the volatility of log returns over holding periods of that length', () => {
    // Alternating +10% / -10% log moves: monthly volatility of 0.1, annualised by the square root of 12.
    const zigzag = Array.from({ length: 61 }, (_, i) => Math.exp(i % 2 === 0 ? 0 : 0.1));
    expect(horizonVolatility(zigzag, 1)).toBeCloseTo(100 * 0.1 * Math.sqrt((12 * 60) / 59));
    // Every two-month period starts and ends on the same level: no volatility at that horizon.
    expect(horizonVolatility(zigzag, 2)).toBeCloseTo(0);
    expect(horizonVolatility([1, 2], 12)).toBeNaN();
  });
});
