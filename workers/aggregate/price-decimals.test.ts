import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimalsOfStep, priceDecimals, raisedDecimals, volumeDecimals } from './price-decimals';

const columnsOf = (prices: number[]) => {
  const column = Float64Array.from(prices);
  return { open: column, high: column, low: column, close: column };
};

describe('priceDecimals', () => {
  it('reads the tick a file writes its prices with', () => {
    expect(priceDecimals(columnsOf([1.08345, 1.0832, 1.084, 1.08291]))).toBe(5);
    expect(priceDecimals(columnsOf([0.03561, 0.0356, 0.03558]))).toBe(5);
    expect(priceDecimals(columnsOf([2874.56, 2842.43, 2800]))).toBe(2);
    expect(priceDecimals(columnsOf([38_120, 38_005, 37_990]))).toBe(2);
    // A file that drops trailing zeros (129.5 for 129.50): still cents.
    expect(priceDecimals(columnsOf([129, 130.5, 128, 129.5]))).toBe(2);
    expect(priceDecimals(columnsOf([150.123, 150.1, 149.998]))).toBe(3);
    expect(priceDecimals(columnsOf([0.00002345, 0.00002351]))).toBe(8);
    // Whole prices of any size, beside small ones (fast-check found 1 and 100,000 read as 4).
    expect(priceDecimals(columnsOf([1, 100_000, 1]))).toBe(2);
    expect(priceDecimals(columnsOf([15_234_567.5, 15_234_100]))).toBe(2);
  });

  it('takes float32 noise in a file for the tick it stands for', () => {
    // Yahoo's daily exports (the SPX fixture): 1350.14 written as 1350.140015.
    expect(priceDecimals(columnsOf([1350.140015, 2874.560059, 1469.25, 1478]))).toBe(2);
  });

  it('gives computed prices, which fit no tick, about five significant digits and at least two', () => {
    const walk = (start: number) =>
      Array.from({ length: 500 }, (_, i) => start * (1 + Math.sin(i) / 50) + Math.PI / 1e6);
    expect(priceDecimals(columnsOf(walk(100)))).toBe(2);
    expect(priceDecimals(columnsOf(walk(93_997.58)))).toBe(2);
    expect(priceDecimals(columnsOf(walk(1.0834)))).toBe(4);
    expect(priceDecimals(columnsOf(walk(0.0356)))).toBe(6);
  });

  it('gives back the decimals any prices were rounded to, up to the most it tells', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 6 }),
        fc.array(fc.integer({ min: 1, max: 999_999 }), { minLength: 1, maxLength: 50 }),
        (d, ticks) => {
          const prices = ticks.map((t) => Number((t / 10 ** d).toFixed(d)));
          const found = priceDecimals(columnsOf(prices));
          // The fewest decimals from two up that write every price: d, or fewer when every tick ends
          // in zeros, and never under two.
          return found >= 2 && found <= Math.max(d, 2) && prices.every((p) => Number(p.toFixed(found)) === p);
        },
      ),
    );
  });

  it('falls back to two decimals when there is no price', () => {
    expect(priceDecimals(columnsOf([]))).toBe(2);
    expect(priceDecimals(columnsOf([0, Number.NaN]))).toBe(2);
  });
});

describe('raisedDecimals', () => {
  it('keeps the decimals while new prices fit them, raises to the fewest that write them all, never lowers', () => {
    expect(raisedDecimals(2, [0.51, 0.52, 94_012.5])).toBe(2);
    expect(raisedDecimals(2, [0.51, 0.5123])).toBe(4);
    expect(raisedDecimals(4, [0.52])).toBe(4);
    expect(raisedDecimals(2, [0.00001234])).toBe(8);
    // Prices that fit no tick (computed, not traded) leave it alone; so do no prices.
    expect(raisedDecimals(3, [Math.PI])).toBe(3);
    expect(raisedDecimals(2, [])).toBe(2);
    expect(raisedDecimals(2, [Number.NaN, 0])).toBe(2);
  });
});

describe('volumeDecimals', () => {
  it("reads a series' lot step from its volumes: none for shares, a coin's fraction for a feed's sums", () => {
    expect(volumeDecimals(Float64Array.from([3.5e9, 2_100_000_000, 0, 4_000_000_001]))).toBe(0);
    // Sums of trades in 0.00001 lots, with a double's rounding left in them.
    expect(volumeDecimals(Float64Array.from([0.76753, 0.76753 + 0.51883, 12.5, 3]))).toBe(5);
    expect(volumeDecimals(Float64Array.from([]))).toBe(0);
  });

  it('every volume written at the decimals found reads back as itself (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 8 }),
        fc.array(fc.integer({ min: 1, max: 10_000_000 }), { minLength: 1, maxLength: 50 }),
        (d, lots) => {
          const volumes = lots.map((n) => n / 10 ** d);
          const found = volumeDecimals(Float64Array.from(volumes));
          expect(found).toBeLessThanOrEqual(d);
          for (const v of volumes) expect(Number(v.toFixed(found))).toBeCloseTo(v, 9);
        },
      ),
    );
  });
});

describe('decimalsOfStep', () => {
  it('gives the fewest decimals that write a declared step, cents for none, at most the most it tells', () => {
    expect([1, 0.1, 0.01, 0.25, 0.00001, 0.5e-7].map(decimalsOfStep)).toEqual([0, 1, 2, 2, 5, 8]);
    expect([0, -0.01, Number.NaN, Number.POSITIVE_INFINITY].map(decimalsOfStep)).toEqual([2, 2, 2, 2]);
    expect(decimalsOfStep(1e-12)).toBe(8);
  });
});
