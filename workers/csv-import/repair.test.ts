import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sortByTime } from './repair';

/** The order the import had before: every row by time, rows of one time in file order. */
const bySort = (rows: Uint32Array, times: Float64Array) =>
  Array.from(rows).sort((a, b) => (times[a] as number) - (times[b] as number) || a - b);

describe('sortByTime', () => {
  it('orders rows by time, keeping the file order of equal times, as a stable sort (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 300 }),
        fc.array(fc.nat(), { maxLength: 40 }),
        (values, skips) => {
          const times = Float64Array.from(values);
          // Some rows left out (bad dates), as the import passes only the valid ones.
          const left = new Set(skips.map((s) => (values.length === 0 ? 0 : s % values.length)));
          const rows = Uint32Array.from(values.map((_, i) => i).filter((i) => !left.has(i)));
          expect(Array.from(sortByTime(rows, times))).toEqual(bySort(rows, times));
        },
      ),
    );
  });

  it('orders a sorted file with a few rows or blocks moved, as a stable sort (property)', () => {
    const move = fc.record({ from: fc.nat(), length: fc.integer({ min: 1, max: 30 }), to: fc.nat() });
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 400 }),
        fc.array(move, { maxLength: 4 }),
        (steps, moves) => {
          // Times that rise with repeats, then blocks of rows cut out and put back elsewhere.
          let time = 0;
          const values = steps.map((step) => (time += step));
          for (const { from, length, to } of moves) {
            const at = from % values.length;
            const block = values.splice(at, length);
            values.splice(to % (values.length + 1), 0, ...block);
          }
          const times = Float64Array.from(values);
          const rows = Uint32Array.from(values.map((_, i) => i));
          expect(Array.from(sortByTime(rows, times))).toEqual(bySort(rows, times));
        },
      ),
    );
  });

  it('a nearly sorted file and a reversed one', () => {
    const n = 10_000;
    const rising = Float64Array.from({ length: n }, (_, i) => i);
    [rising[5000], rising[5001]] = [rising[5001] as number, rising[5000] as number];
    const rows = Uint32Array.from({ length: n }, (_, i) => i);
    expect(Array.from(sortByTime(rows, rising))).toEqual(bySort(rows, rising));
    const falling = Float64Array.from({ length: n }, (_, i) => n - i);
    expect(Array.from(sortByTime(rows, falling))).toEqual(bySort(rows, falling));
  });
});
