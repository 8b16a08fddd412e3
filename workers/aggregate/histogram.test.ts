import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { freedmanDiaconisBins, histogram, MAX_BINS } from './histogram';

// A failure stops shrinking after 15 s and is reported as it stands then.
const RUNS = { seed: 5_2026_1122, numRuns: 300, interruptAfterTimeLimit: 15_000 };

const valuesArb = fc.oneof(
  fc.array(fc.double({ min: -1e9, max: 1e9, noNaN: true }), { maxLength: 2000, size: 'large' }),
  fc.array(fc.integer({ min: -5, max: 5 }), { maxLength: 500 }),
);

/** The bin each value belongs to by the edges alone: edges[i] <= v < edges[i + 1], the last bin closed. */
function binByEdges(edges: Float64Array, v: number): number {
  const bins = edges.length - 1;
  for (let i = 0; i < bins - 1; i++) if (v >= (edges[i] as number) && v < (edges[i + 1] as number)) return i;
  return v >= (edges[bins - 1] as number) && v <= (edges[bins] as number) ? bins - 1 : -1;
}

describe('histogram', () => {
  it('counts every value once, in the bin whose edges hold it', () => {
    fc.assert(
      fc.property(
        valuesArb,
        fc.option(fc.integer({ min: 1, max: 60 }), { nil: undefined }),
        (values, bins) => {
          const h = histogram(values, { bins });
          const expected = new Uint32Array(h.counts.length);
          for (const v of values) {
            const bin = binByEdges(h.edges, v);
            expect(bin).toBeGreaterThanOrEqual(0);
            expected[bin] = (expected[bin] as number) + 1;
          }
          expect(Array.from(h.counts)).toEqual(Array.from(expected));
          expect(h.counts.reduce((a, b) => a + b, 0)).toBe(values.length);
          expect(h.edges.length).toBe(h.counts.length + 1);
          if (bins !== undefined) expect(h.counts.length).toBe(bins);
          expect(h.edges.every((e, i) => i === 0 || (h.edges[i - 1] as number) <= e)).toBe(true);
        },
      ),
      RUNS,
    );
  });

  it('chooses the Freedman–Diaconis bin count', () => {
    // 1000 evenly spread values in [0, 1] plus one at 1.25: IQR about 0.5, n^(1/3) about 10, so the
    // width is about 0.1 and 1.25 / 0.1 gives 13 bins.
    const spread = [...Array.from({ length: 1000 }, (_, i) => i / 999), 1.25];
    expect(freedmanDiaconisBins(spread)).toBe(13);
    expect(histogram(spread).counts.length).toBe(13);
    // Zero IQR falls back to Sturges; a huge range is capped.
    expect(freedmanDiaconisBins([...new Array(100).fill(1), 2, 3])).toBe(Math.ceil(Math.log2(102)) + 1);
    expect(freedmanDiaconisBins([...Array.from({ length: 1000 }, (_, i) => i / 1000), 1e12])).toBe(MAX_BINS);
  });

  it('skips NaN and infinities, and handles a single distinct value', () => {
    const h = histogram([3, Number.NaN, 3, Number.POSITIVE_INFINITY, 3]);
    expect(h.skipped).toBe(2);
    expect(Array.from(h.counts)).toEqual([3]);
    expect(Array.from(h.edges)).toEqual([2.5, 3.5]);
    expect(Array.from(histogram([]).counts)).toEqual([0]);
  });
});
