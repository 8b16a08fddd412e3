import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateScatter } from '../xy-datasets';
import { mergeScatter, SCATTER_MAX_ITEMS, type XyColumns } from './scatter-merge';

// A failure stops shrinking after 15 s and is reported as it stands then.
const RUNS = { seed: 7_2026_1122, numRuns: 200, interruptAfterTimeLimit: 15_000 };

const itemsArb = fc
  .record({
    items: fc.array(
      fc.record({
        x: fc.oneof(fc.integer({ min: -1e4, max: 1e4 }), fc.double({ min: -1e4, max: 1e4, noNaN: true })),
        y: fc.oneof(fc.integer({ min: -1e4, max: 1e4 }), fc.double({ min: -1e4, max: 1e4, noNaN: true })),
        size: fc.integer({ min: 1, max: 30 }),
        category: fc.integer({ min: 0, max: 2 }),
      }),
      { maxLength: 3000, size: 'medium' },
    ),
    withSize: fc.boolean(),
    withCategory: fc.boolean(),
    // Few distinct positions make heavy overlap, many make every cell occupied.
    snap: fc.constantFrom(0, 1, 1000),
  })
  .map(({ items, withSize, withCategory, snap }): XyColumns => {
    const round = (v: number) => (snap === 0 ? v : Math.round(v / snap) * snap);
    return {
      x: Float64Array.from(items, (p) => round(p.x)),
      y: Float64Array.from(items, (p) => round(p.y)),
      ...(withSize ? { size: Float64Array.from(items, (p) => p.size) } : {}),
      ...(withCategory ? { category: Int32Array.from(items, (p) => p.category) } : {}),
    };
  });

const sum = (values: ArrayLike<number>): number => Array.from(values).reduce((a, b) => a + b, 0);

function hasItem(out: ReturnType<typeof mergeScatter>, x: number, y: number): boolean {
  for (let k = 0; k < out.x.length; k++)
    if (out.x[k] === x && out.y[k] === y && out.count[k] === 1) return true;
  return false;
}

describe('mergeScatter', () => {
  it('returns at most maxItems, preserves the total count and size, keeps the four extremes', () => {
    fc.assert(
      fc.property(itemsArb, fc.integer({ min: 5, max: 80 }), (data, maxItems) => {
        const out = mergeScatter(data, { maxItems });
        const n = data.x.length;
        expect(out.x.length).toBeLessThanOrEqual(maxItems);
        expect(out.total).toBe(n);
        expect(sum(out.count)).toBe(n);
        expect(out.aggregated).toBe(n > maxItems);
        if (data.size) expect(sum(out.size ?? [])).toBe(sum(data.size));
        if (n === 0) return;
        const xs = Array.from(data.x);
        const ys = Array.from(data.y);
        const at = (i: number) => [data.x[i] as number, data.y[i] as number] as const;
        for (const i of [xs.indexOf(Math.min(...xs)), xs.indexOf(Math.max(...xs))]) {
          expect(hasItem(out, ...at(i))).toBe(true);
        }
        for (const i of [ys.indexOf(Math.min(...ys)), ys.indexOf(Math.max(...ys))]) {
          expect(hasItem(out, ...at(i))).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it('passes small inputs through unchanged, with their indices', () => {
    fc.assert(
      fc.property(itemsArb, (data) => {
        const out = mergeScatter(data, { maxItems: 5000 });
        expect(out.aggregated).toBe(false);
        expect(Array.from(out.x)).toEqual(Array.from(data.x));
        expect(Array.from(out.y)).toEqual(Array.from(data.y));
        expect(Array.from(out.source ?? [])).toEqual(Array.from(data.x.keys()));
        expect(out.x.buffer).not.toBe(data.x.buffer);
      }),
      { ...RUNS, numRuns: 50 },
    );
  });

  it('labels merged items with their category when it is shared and -1 when it is mixed', () => {
    fc.assert(
      fc.property(itemsArb, (data) => {
        if (!data.category) return;
        const out = mergeScatter(data, { maxItems: 5 });
        const present = new Set(data.category);
        for (const c of out.category ?? []) expect(c === -1 || present.has(c)).toBe(true);
        for (let k = 0; k < out.x.length; k++) {
          if (out.category?.[k] === -1) expect(out.count[k]).toBeGreaterThan(1);
        }
        if (present.size === 1) expect(new Set(out.category)).toEqual(present);
      }),
      { ...RUNS, numRuns: 80 },
    );
  });

  it('merges only the items inside the window', () => {
    const data: XyColumns = { x: Float64Array.of(0, 1, 2, 3, 10), y: Float64Array.of(0, 1, 2, 3, 10) };
    const out = mergeScatter(data, { window: { xMin: 0.5, xMax: 3, yMin: 0, yMax: 2.5 } });
    expect(Array.from(out.x)).toEqual([1, 2]);
    expect(Array.from(out.source ?? [])).toEqual([1, 2]);
    expect(out.total).toBe(2);
  });

  it('brings 100K clustered points under the limit of 10000 items', () => {
    const data = generateScatter(100_000, 99);
    const out = mergeScatter(data);
    expect(out.x.length).toBeLessThanOrEqual(SCATTER_MAX_ITEMS);
    expect(out.x.length).toBeGreaterThan(SCATTER_MAX_ITEMS / 8);
    expect(sum(out.count)).toBe(100_000);
    expect(sum(out.size ?? [])).toBeCloseTo(sum(data.size ?? []), 6);
  });

  it('never merges on cells finer than a pixel of the plot', () => {
    const data = generateScatter(100_000, 99);
    // A 60 x 40 plot: a 64 x 64 grid at most, so at most 4096 cells plus the extremes.
    const out = mergeScatter(data, { pixels: { width: 60, height: 40 } });
    expect(out.aggregated).toBe(true);
    expect(out.x.length).toBeLessThanOrEqual(64 * 64 + 4);
    expect(sum(out.count)).toBe(100_000);
    // A plot large enough leaves the budget as the only limit.
    const wide = mergeScatter(data, { pixels: { width: 1600, height: 900 } });
    expect(wide.x.length).toBe(mergeScatter(data).x.length);
  });

  it('refuses a budget too small for the extremes', () => {
    expect(() => mergeScatter({ x: new Float64Array(10), y: new Float64Array(10) }, { maxItems: 4 })).toThrow(
      /at least 5/,
    );
  });
});
