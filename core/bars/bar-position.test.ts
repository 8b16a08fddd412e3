import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { logicalToTime, timeToLogical } from './bar-position';

const sortedTimes = fc
  .uniqueArray(fc.integer({ min: 0, max: 1e9 }), { minLength: 2, maxLength: 60 })
  .map((a) => Float64Array.from(a.sort((x, y) => x - y)));

describe('bar positions', () => {
  it('time -> logical -> time is the identity (within the data and beyond it)', () => {
    fc.assert(
      fc.property(sortedTimes, fc.double({ min: -0.5, max: 1.5, noNaN: true }), (times, f) => {
        const first = times[0] as number;
        const last = times[times.length - 1] as number;
        const t = first + f * (last - first);
        const logical = timeToLogical(times, t);
        expect(logical).not.toBeNull();
        expect(logicalToTime(times, logical as number)).toBeCloseTo(t, 3);
      }),
      { seed: 3 },
    );
  });

  it('bar times map to their integer index', () => {
    const times = Float64Array.from([10, 20, 40, 80]);
    expect([10, 20, 40, 80].map((t) => timeToLogical(times, t))).toEqual([0, 1, 2, 3]);
    expect(timeToLogical(times, 30)).toBe(1.5);
  });

  it('an annotation between coarse bars keeps its time when the level changes', () => {
    const fine = Float64Array.from({ length: 100 }, (_, i) => i * 60);
    const coarse = Float64Array.from({ length: 25 }, (_, i) => i * 240);
    const t = 61 * 60;
    expect(logicalToTime(coarse, timeToLogical(coarse, t) as number)).toBeCloseTo(t, 6);
    expect(logicalToTime(fine, timeToLogical(fine, t) as number)).toBeCloseTo(t, 6);
  });
});
