import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { columnOf, M4_MIN_POINTS, m4 } from './m4';
import { buildMinMaxIndex } from './minmax-index';

// A failure stops shrinking after 15 s and is reported as it stands then.
const RUNS = { seed: 4_2026_1122, numRuns: 300, interruptAfterTimeLimit: 15_000 };

/** Sorted x (duplicates allowed) and arbitrary y. */
const seriesArb = fc
  .array(
    fc.record({
      // fast-check's doubles lean to tiny magnitudes (1e-200 would not move x), so mostly whole steps.
      gap: fc.oneof(
        fc.constant(0),
        fc.integer({ min: 1, max: 100 }),
        fc.double({ min: 0.5, max: 100, noNaN: true }),
      ),
      // Small integers too: ties between first, last, min and max are where M4 goes wrong.
      y: fc.oneof(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.integer({ min: -2, max: 2 })),
    }),
    { minLength: 1, maxLength: 600, size: 'medium' },
  )
  .map((points) => {
    const x = new Float64Array(points.length);
    const y = new Float64Array(points.length);
    let t = -500;
    points.forEach((p, i) => {
      t += p.gap;
      x[i] = t;
      y[i] = p.y;
    });
    return { x, y };
  });

interface Point {
  x: number;
  y: number;
}

const pointsOf = (x: Float64Array, y: Float64Array, start = 0, end = x.length): Point[] =>
  Array.from(x.subarray(start, end), (xi, i) => ({ x: xi, y: y[start + i] as number }));

/** What every column must keep, from the input, by columnOf. */
function columnsOf(points: Point[], xMin: number, xMax: number, width: number): Map<number, Point[]> {
  const columns = new Map<number, Point[]>();
  for (const p of points) {
    const c = columnOf(p.x, xMin, xMax, width);
    const list = columns.get(c) ?? [];
    list.push(p);
    columns.set(c, list);
  }
  return columns;
}

const has = (list: Point[], p: Point): boolean => list.some((q) => q.x === p.x && q.y === p.y);

/** Whether `sub` is a subsequence of `all` (same points in the same order). */
function isSubsequence(sub: Point[], all: Point[]): boolean {
  let j = 0;
  for (const p of all) if (j < sub.length && sub[j]?.x === p.x && sub[j]?.y === p.y) j++;
  return j === sub.length;
}

describe('m4', () => {
  it('keeps the first, last, lowest and highest point of every column, at most 4 per column, in x order', () => {
    fc.assert(
      fc.property(seriesArb, fc.integer({ min: 1, max: 120 }), fc.nat(), fc.nat(), (s, width, a, b) => {
        const n = s.x.length;
        const start = a % n;
        const end = start + 1 + (b % (n - start));
        const result = m4(s.x, s.y, width, { start, end, minPoints: 0, rawPerColumn: 0 });
        const input = pointsOf(s.x, s.y, start, end);
        const output = pointsOf(result.x, result.y);
        const xMin = s.x[start] as number;
        const xMax = s.x[end - 1] as number;

        expect(result.aggregated).toBe(true);
        expect(output.length).toBeLessThanOrEqual(4 * width);
        expect(output.every((p, i) => i === 0 || (output[i - 1] as Point).x <= p.x)).toBe(true);
        expect(isSubsequence(output, input)).toBe(true);
        const kept = columnsOf(output, xMin, xMax, width);
        for (const [column, points] of columnsOf(input, xMin, xMax, width)) {
          const out = kept.get(column) ?? [];
          const ys = points.map((p) => p.y);
          expect(out.length).toBeLessThanOrEqual(4);
          expect(has(out, points[0] as Point)).toBe(true);
          expect(has(out, points[points.length - 1] as Point)).toBe(true);
          expect(out.some((p) => p.y === Math.min(...ys))).toBe(true);
          expect(out.some((p) => p.y === Math.max(...ys))).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it('clamps points outside the given x range into the edge columns', () => {
    fc.assert(
      fc.property(
        seriesArb,
        fc.integer({ min: 1, max: 50 }),
        fc.double({ min: -600, max: 600, noNaN: true }),
        (s, width, cut) => {
          const xMin = Math.min(cut, cut / 2);
          const xMax = Math.max(cut, cut / 2) + 1;
          const result = m4(s.x, s.y, width, { xMin, xMax, minPoints: 0, rawPerColumn: 0 });
          const kept = columnsOf(pointsOf(result.x, result.y), xMin, xMax, width);
          expect(result.x.length).toBeLessThanOrEqual(4 * width);
          for (const [column, points] of columnsOf(pointsOf(s.x, s.y), xMin, xMax, width)) {
            const out = kept.get(column) ?? [];
            expect(has(out, points[0] as Point) && has(out, points[points.length - 1] as Point)).toBe(true);
            expect(out.some((p) => p.y === Math.min(...points.map((q) => q.y)))).toBe(true);
            expect(out.some((p) => p.y === Math.max(...points.map((q) => q.y)))).toBe(true);
          }
        },
      ),
      RUNS,
    );
  });

  it('gives the same points with a block min/max index as with a full scan, over any window', () => {
    fc.assert(
      fc.property(
        seriesArb,
        fc.integer({ min: 1, max: 40 }),
        // log2 of the finest block and of the blocks per coarser block: 1 gives many levels on short series.
        fc.integer({ min: 1, max: 3 }),
        fc.nat(),
        fc.nat(),
        (s, width, step, a, b) => {
          const n = s.x.length;
          const start = a % n;
          const end = start + 1 + (b % (n - start));
          const window = { start, end, minPoints: 0, rawPerColumn: 0 };
          const scanned = m4(s.x, s.y, width, window);
          const indexed = m4(s.x, s.y, width, { ...window, index: buildMinMaxIndex(s.y, step) });
          expect(Array.from(indexed.x)).toEqual(Array.from(scanned.x));
          expect(Array.from(indexed.y)).toEqual(Array.from(scanned.y));
        },
      ),
      RUNS,
    );
  });

  it('aggregates from 1000 points (docs/reference-constants.md) and passes shorter inputs through as copies', () => {
    const x = Float64Array.from({ length: M4_MIN_POINTS }, (_, i) => i);
    const y = Float64Array.from(x, (v) => Math.sin(v / 7));
    const short = m4(x.subarray(0, 999), y.subarray(0, 999), 10);
    expect(short.aggregated).toBe(false);
    expect(short.x.length).toBe(999);
    expect(short.x.buffer).not.toBe(x.buffer);
    const full = m4(x, y, 10);
    expect(full.aggregated).toBe(true);
    expect(full.x.length).toBeLessThanOrEqual(40);
    expect(full.x[0]).toBe(0);
    expect(full.x[full.x.length - 1]).toBe(999);
  });

  it('passes a window of at most four points a column through as a copy, and aggregates a longer one', () => {
    fc.assert(
      fc.property(seriesArb, fc.integer({ min: 1, max: 120 }), fc.nat(), fc.nat(), (s, width, a, b) => {
        const n = s.x.length;
        const start = a % n;
        const end = start + 1 + (b % (n - start));
        const result = m4(s.x, s.y, width, { start, end, minPoints: 0 });
        expect(result.aggregated).toBe(end - start > 4 * width);
        if (!result.aggregated) {
          expect(Array.from(result.x)).toEqual(Array.from(s.x.subarray(start, end)));
          expect(Array.from(result.y)).toEqual(Array.from(s.y.subarray(start, end)));
          expect(result.x.buffer).not.toBe(s.x.buffer);
        }
      }),
      RUNS,
    );
  });

  it('puts everything in one column when all x are equal', () => {
    const x = new Float64Array(1200).fill(5);
    const y = Float64Array.from({ length: 1200 }, (_, i) => (i * 7919) % 1201);
    const result = m4(x, y, 300, { rawPerColumn: 0 });
    // First (also the lowest: 0 only at i = 0, 1201 being prime), highest, last.
    expect(Array.from(result.y)).toEqual([0, 1200, y[1199]]);
  });
});
