import { describe, expect, it } from 'vitest';
import { coversPriceLabel, coversTimeLabel } from './axis-label-cover';

describe('axis labels under the crosshair', () => {
  it("a time label is covered while the crosshair's overlaps it, and shown once it is a label width away", () => {
    // 'Aug 23, 2019' at 11 px is about 96 px wide on the axis.
    expect(coversTimeLabel(200, 200, 'Aug 23, 2019', 11)).toBe(true);
    expect(coversTimeLabel(200, 290, 'Aug 23, 2019', 11)).toBe(true);
    expect(coversTimeLabel(200, 310, 'Aug 23, 2019', 11)).toBe(false);
    expect(coversTimeLabel(200, 90, 'Aug 23, 2019', 11)).toBe(false);
  });

  it("a price label is covered while the crosshair's overlaps it", () => {
    expect(coversPriceLabel(100, 118, 11)).toBe(true);
    expect(coversPriceLabel(100, 125, 11)).toBe(false);
    expect(coversPriceLabel(100, 80, 11)).toBe(false);
  });
});
