import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bollinger, ema, macd, rsi, STUDY_KINDS, sma } from './studies';

const prices = fc.array(fc.double({ min: 1, max: 10_000, noNaN: true }), { minLength: 1, maxLength: 300 });
const period = fc.integer({ min: 1, max: 40 });
const close = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

describe('studies', () => {
  it('SMA is the mean of the last `period` values, NaN before', () => {
    fc.assert(
      fc.property(prices, period, (values, n) => {
        const out = sma(values, n);
        for (let i = 0; i < values.length; i++) {
          if (i < n - 1) expect(Number.isNaN(out[i])).toBe(true);
          else {
            const window = values.slice(i - n + 1, i + 1);
            expect(close(out[i] as number, window.reduce((s, v) => s + v, 0) / n)).toBe(true);
          }
        }
      }),
    );
  });

  it('EMA starts at the SMA seed, stays within the range of its inputs, and is constant on a constant', () => {
    fc.assert(
      fc.property(prices, period, (values, n) => {
        const out = ema(values, n);
        const seed = sma(values, n);
        if (values.length >= n) expect(close(out[n - 1] as number, seed[n - 1] as number)).toBe(true);
        const lo = Math.min(...values);
        const hi = Math.max(...values);
        for (const v of out) if (!Number.isNaN(v)) expect(v >= lo - 1e-9 && v <= hi + 1e-9).toBe(true);
      }),
    );
    expect([...ema([5, 5, 5, 5, 5], 3)].slice(2)).toEqual([5, 5, 5]);
  });

  it('EMA follows its textbook recurrence', () => {
    const out = ema([1, 2, 3, 4, 5], 3);
    // Seed: mean(1, 2, 3) = 2; k = 0.5: 4 * 0.5 + 2 * 0.5 = 3; 5 * 0.5 + 3 * 0.5 = 4.
    expect([...out].slice(2)).toEqual([2, 3, 4]);
  });

  it('Bollinger bands bracket their middle symmetrically', () => {
    fc.assert(
      fc.property(prices, period, fc.double({ min: 0, max: 4, noNaN: true }), (values, n, width) => {
        const { upper, middle, lower } = bollinger(values, n, width);
        for (let i = n - 1; i < values.length; i++) {
          const u = upper[i] as number;
          const m = middle[i] as number;
          const l = lower[i] as number;
          expect(u + 1e-9 >= m && m + 1e-9 >= l).toBe(true);
          expect(close(u - m, m - l)).toBe(true);
        }
      }),
    );
    const flat = bollinger([3, 3, 3, 3], 2, 2);
    expect(flat.upper[3]).toBe(3);
    expect(flat.lower[3]).toBe(3);
  });

  it('MACD of a constant series is zero once defined; the histogram is MACD minus signal', () => {
    const flat = macd(new Array(60).fill(100), 12, 26, 9);
    expect(flat.macd[59]).toBeCloseTo(0, 12);
    expect(flat.histogram[59]).toBeCloseTo(0, 12);
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 1, max: 1000, noNaN: true }), { minLength: 40, maxLength: 120 }),
        (v) => {
          const r = macd(v, 12, 26, 9);
          for (let i = 0; i < v.length; i++) {
            if (Number.isNaN(r.signal[i] as number)) continue;
            expect(close(r.histogram[i] as number, (r.macd[i] as number) - (r.signal[i] as number))).toBe(
              true,
            );
          }
          // The first signal value needs 26 + 9 - 1 bars.
          expect(Number.isNaN(r.signal[32] as number)).toBe(true);
          expect(Number.isNaN(r.signal[33] as number)).toBe(false);
        },
      ),
    );
  });

  it('RSI stays within 0 to 100; rising-only prices give 100, falling-only 0', () => {
    fc.assert(
      fc.property(prices, fc.integer({ min: 2, max: 30 }), (values, n) => {
        for (const v of rsi(values, n)) if (!Number.isNaN(v)) expect(v >= 0 && v <= 100).toBe(true);
      }),
    );
    const up = Array.from({ length: 30 }, (_, i) => 10 + i);
    expect(rsi(up, 14)[29]).toBe(100);
    expect(rsi([...up].reverse(), 14)[29]).toBe(0);
    expect(Number.isNaN(rsi(up, 14)[13] as number)).toBe(true);
    expect(Number.isNaN(rsi(up, 14)[14] as number)).toBe(false);
  });

  it('every study computes each output it declares, one value per bar', () => {
    const n = 250;
    const bars = {
      time: Float64Array.from({ length: n }, (_, i) => i * 86_400),
      high: Float64Array.from({ length: n }, (_, i) => 101 + Math.sin(i)),
      low: Float64Array.from({ length: n }, (_, i) => 99 + Math.sin(i)),
      close: Float64Array.from({ length: n }, (_, i) => 100 + Math.sin(i)),
      volume: new Float64Array(n).fill(1000),
    };
    for (const kind of STUDY_KINDS) {
      const out = kind.compute(bars);
      for (const o of kind.outputs) {
        expect(out[o.key]?.length, `${kind.id}.${o.key}`).toBe(n);
        // The declared warm-up is exactly where values start.
        expect(Number.isNaN(out[o.key]?.[kind.warmUp] as number), `${kind.id}.${o.key} at warm-up`).toBe(
          false,
        );
      }
    }
  });
});
