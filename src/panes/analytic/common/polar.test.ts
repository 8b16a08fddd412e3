import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DONUT_INNER_RATIO,
  FULL_TURN,
  pieSlices,
  polarFrame,
  polarPoint,
  START_ANGLE,
  sliceAt,
} from './polar';

describe('pie slices', () => {
  it('sum to a full turn and follow each other without gaps, for any positive values', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 1e-6, max: 1e9, noNaN: true }), { minLength: 1, maxLength: 40 }),
        (values) => {
          const slices = pieSlices(values);
          expect(slices).toHaveLength(values.length);
          const first = slices[0];
          const last = slices[slices.length - 1];
          expect(first?.startAngle).toBe(START_ANGLE);
          expect(last?.endAngle).toBe(START_ANGLE + FULL_TURN);
          for (let i = 1; i < slices.length; i++) expect(slices[i]?.startAngle).toBe(slices[i - 1]?.endAngle);
          const sweep = slices.reduce((sum, s) => sum + (s.endAngle - s.startAngle), 0);
          expect(sweep).toBeCloseTo(FULL_TURN, 9);
          expect(slices.reduce((sum, s) => sum + s.fraction, 0)).toBeCloseTo(1, 9);
        },
      ),
    );
  });

  it('sizes slices by value and leaves out zero, negative and missing values', () => {
    const slices = pieSlices([1, 0, 3, -2, Number.NaN]);
    expect(slices.map((s) => s.index)).toEqual([0, 2]);
    expect(slices.map((s) => s.fraction)).toEqual([0.25, 0.75]);
    expect(slices[0]?.endAngle).toBeCloseTo(START_ANGLE + FULL_TURN / 4);
    expect(pieSlices([0, 0])).toEqual([]);
  });
});

describe('polar frame and hit-testing', () => {
  const frame = polarFrame(400, 300, DONUT_INNER_RATIO, 10);

  it('fits the circle in the smaller side and gives the donut its inner radius', () => {
    expect(frame).toEqual({ cx: 200, cy: 150, outerRadius: 140, innerRadius: 140 * DONUT_INNER_RATIO });
    expect(polarFrame(400, 300, 0).innerRadius).toBe(0);
  });

  it('finds the slice under a point on the ring, and none in the hole or outside', () => {
    const slices = pieSlices([1, 2, 3, 4]);
    const ring = (frame.innerRadius + frame.outerRadius) / 2;
    for (const slice of slices) {
      const p = polarPoint(frame, slice.midAngle, ring);
      expect(sliceAt(slices, frame, p.x, p.y)?.index).toBe(slice.index);
    }
    expect(sliceAt(slices, frame, frame.cx, frame.cy)).toBeNull();
    expect(sliceAt(slices, frame, frame.cx + frame.outerRadius + 1, frame.cy)).toBeNull();
  });

  it("wraps angles: a point just left of twelve o'clock is in the last slice", () => {
    const slices = pieSlices([1, 1, 1]);
    const p = polarPoint(frame, START_ANGLE - 0.01, frame.outerRadius - 5);
    expect(sliceAt(slices, frame, p.x, p.y)?.index).toBe(2);
  });
});
