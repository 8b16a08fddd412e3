import { describe, expect, it } from 'vitest';
import { formatAnnotationTime, formatBarTime, isIntraday } from './bar-time';

const MAY_16_2021 = Date.UTC(2021, 4, 16) / 1000;

describe('bar and annotation times', () => {
  it('writes daily bars with the date, intraday bars with the minute too (UTC, 24 h)', () => {
    expect(formatBarTime(MAY_16_2021, false)).toBe('May 16, 2021');
    expect(formatBarTime(MAY_16_2021 + 13 * 3600 + 36 * 60, true)).toBe('May 16, 2021, 13:36');
  });

  it('tells minute series from daily ones by their average spacing', () => {
    expect(isIntraday({ first: 0, last: 999 * 60, nativeCount: 1000 })).toBe(true);
    expect(isIntraday({ first: 0, last: 999 * 86_400, nativeCount: 1000 })).toBe(false);
    // Daily bars with weekends and holidays are still daily.
    expect(isIntraday({ first: 0, last: 1400 * 86_400, nativeCount: 1000 })).toBe(false);
    expect(isIntraday({ first: 0, last: 0, nativeCount: 1 })).toBe(false);
  });

  it("writes an annotation's time with its minute when it is on an intraday bar", () => {
    expect(formatAnnotationTime(MAY_16_2021)).toBe('May 16, 2021');
    expect(formatAnnotationTime(MAY_16_2021 + 96 * 60)).toBe('May 16, 2021, 01:36');
  });
});
