import { describe, expect, it } from 'vitest';
import { formatPrice, formatSignedPrice, roundToDecimals } from './price-format';

describe('price format', () => {
  it("writes a price at its series' decimals, grouped", () => {
    expect(formatPrice(2874.560059, 2)).toBe('2,874.56');
    expect(formatPrice(1.08345, 5)).toBe('1.08345');
    expect(formatPrice(38_120, 0)).toBe('38,120');
    expect(formatPrice(12.5)).toBe('12.50');
    expect([0.00021, -12.5, 0].map((c) => formatSignedPrice(c, 5))).toEqual([
      '+0.00021',
      '-12.50000',
      '0.00000',
    ]);
  });

  it("rounds a price read off the chart to its series' ticks", () => {
    expect(roundToDecimals(1.0834567, 5)).toBe(1.08346);
    expect(roundToDecimals(Math.fround(2874.56), 2)).toBe(2874.56);
  });
});
