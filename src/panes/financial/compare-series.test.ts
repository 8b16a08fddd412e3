import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asOfCloses, withCloses } from './compare-series';

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

describe('withCloses', () => {
  it("puts a feed's bars in a symbol's closes: the same time replaced, a later one added, the source kept", () => {
    const source = { time: Float64Array.of(60, 120, 180), close: Float64Array.of(1, 2, 3) };
    const next = withCloses(source, [
      { time: 180, close: 3.5 },
      { time: 240, close: 4 },
    ]);
    expect(Array.from(next.time)).toEqual([60, 120, 180, 240]);
    expect(Array.from(next.close)).toEqual([1, 2, 3.5, 4]);
    expect([...source.close]).toEqual([1, 2, 3]);
    expect(withCloses(source, [])).toBe(source);
    expect(Array.from(withCloses({ time: [], close: [] }, [{ time: 5, close: 9 }]).close)).toEqual([9]);
  });

  it('equals the closes of both, the bars winning on a shared time, in time order (any inputs)', () => {
    const times = fc
      .uniqueArray(fc.integer({ min: 0, max: 500 }), { maxLength: 40 })
      .map((t) => t.sort((a, b) => a - b));
    fc.assert(
      fc.property(times, times, (own, fed) => {
        const source = { time: own, close: own.map((t) => t + 0.25) };
        const bars = fed.map((t) => ({ time: t, close: -t }));
        const expected = new Map<number, number>();
        own.forEach((t, i) => {
          expected.set(t, source.close[i] as number);
        });
        for (const bar of bars) expected.set(bar.time, bar.close);
        const sorted = [...expected].sort((a, b) => a[0] - b[0]);
        const next = withCloses(source, bars);
        expect(Array.from(next.time)).toEqual(sorted.map(([t]) => t));
        expect(Array.from(next.close)).toEqual(sorted.map(([, c]) => c));
      }),
    );
  });
});
