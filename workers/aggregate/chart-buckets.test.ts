import { describe, expect, it } from 'vitest';
import { NYSE } from '../../core/sessions/trading-session';
import { ChartBuckets } from './chart-buckets';

const HOUR = 3600;
/** Monday 2024-03-04 09:30 New York (14:30 UTC). */
const MONDAY_OPEN = Date.UTC(2024, 2, 4, 14, 30) / 1000;

describe('ChartBuckets', () => {
  const span = new Float64Array(2);

  it('an hourly chart counts its buckets from the session open', () => {
    const buckets = new ChartBuckets({
      interval: { count: 1, unit: 'h' },
      session: NYSE,
      sessionOnly: false,
    });
    expect(buckets.resamples).toBe(true);
    buckets.locate(MONDAY_OPEN + 1.75 * HOUR, span);
    expect([...span]).toEqual([MONDAY_OPEN + HOUR, MONDAY_OPEN + 2 * HOUR]);
    // Every time shows when out-of-session bars are kept.
    expect(buckets.shows(MONDAY_OPEN - 3 * HOUR)).toBe(true);
  });

  it('a chart of session bars shows none overnight', () => {
    const buckets = new ChartBuckets({ interval: null, session: NYSE, sessionOnly: true });
    expect(buckets.shows(MONDAY_OPEN)).toBe(true);
    expect(buckets.shows(MONDAY_OPEN - 60)).toBe(false);
    expect(buckets.shows(MONDAY_OPEN + 6.5 * HOUR)).toBe(false);
  });

  it("the data's own bars are each a bucket of their own, which any later time leaves", () => {
    const buckets = new ChartBuckets({ interval: null, session: null, sessionOnly: true });
    expect(buckets.resamples).toBe(false);
    expect(buckets.shows(MONDAY_OPEN - 60)).toBe(true);
    buckets.locate(MONDAY_OPEN + 17, span);
    expect([...span]).toEqual([MONDAY_OPEN + 17, Number.NEGATIVE_INFINITY]);
  });
});
