import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asOfCloses } from './compare-series';

describe('asOfCloses', () => {
  it("lays a symbol's closes on other bar times: the latest at or before each, none outside its span", () => {
    // Monthly closes on the 1st (day numbers), laid on trading days.
    const source = { time: [0, 31, 60, 91], close: [10, 11, 12, 13] };
    const days = [-3, 0, 2, 30, 31, 33, 59, 95, 121, 200];
    expect([...asOfCloses(source, days)]).toEqual([
      Number.NaN,
      10,
      10,
      10,
      11,
      11,
      11,
      13,
      13, // within an average month after the last close
      Number.NaN,
    ]);
    // From an index on (a live update): the same values.
    expect([...asOfCloses(source, days, 5)]).toEqual([11, 11, 13, 13, Number.NaN]);
  });

  it('agrees with a search per time, for any sorted times', () => {
    const sorted = fc
      .array(fc.integer({ min: 0, max: 1000 }), { minLength: 1, maxLength: 60 })
      .map((a) => [...new Set(a)].sort((x, y) => x - y));
    fc.assert(
      fc.property(sorted, sorted, fc.nat(), (sourceTime, times, cut) => {
        const source = { time: sourceTime, close: sourceTime.map((t) => t * 2 + 1) };
        const n = sourceTime.length;
        const until =
          n > 1
            ? (sourceTime[n - 1] as number) +
              ((sourceTime[n - 1] as number) - (sourceTime[0] as number)) / (n - 1)
            : (sourceTime[0] as number);
        const from = cut % times.length;
        const expected = times.slice(from).map((t) => {
          const at = sourceTime.filter((s) => s <= t).at(-1);
          return at === undefined || t > until ? Number.NaN : at * 2 + 1;
        });
        expect([...asOfCloses(source, times, from)]).toEqual(expected);
      }),
    );
  });
});
