import { describe, expect, it } from 'vitest';
import { stackExtent, stackSeries } from './stack';

describe('stacking', () => {
  it('stacks positives upwards from zero in series order', () => {
    const stacked = stackSeries([
      [1, 2],
      [3, 4],
      [5, 6],
    ]);
    expect(stacked.map((s) => s[1])).toEqual([
      { y0: 0, y1: 2 },
      { y0: 2, y1: 6 },
      { y0: 6, y1: 12 },
    ]);
  });

  it('stacks negatives downwards, apart from positives', () => {
    const stacked = stackSeries([[2], [-1], [3], [-4]]);
    expect(stacked.map((s) => s[0])).toEqual([
      { y0: 0, y1: 2 },
      { y0: 0, y1: -1 },
      { y0: 2, y1: 5 },
      { y0: -1, y1: -5 },
    ]);
    expect(stackExtent(stacked)).toEqual([-5, 5]);
  });

  it('gives hidden series no height and leaves the rest stacked without them', () => {
    const stacked = stackSeries(
      [
        [1, 1],
        [10, 10],
        [2, 2],
      ],
      [true, false, true],
    );
    expect(stacked[1]?.[0]).toEqual({ y0: 1, y1: 1 });
    expect(stacked[2]?.[0]).toEqual({ y0: 1, y1: 3 });
    expect(stackExtent(stacked)).toEqual([0, 3]);
  });

  it('pads ragged series and skips missing values', () => {
    const stacked = stackSeries([[1], [Number.NaN, 2]]);
    expect(stacked[0]?.[1]).toEqual({ y0: 0, y1: 0 });
    expect(stacked[1]?.[0]).toEqual({ y0: 1, y1: 1 });
    expect(stacked[1]?.[1]).toEqual({ y0: 0, y1: 2 });
  });
});
