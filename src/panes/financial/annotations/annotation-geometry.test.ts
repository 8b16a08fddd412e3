import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAnnotation } from '../../../state/annotation-edits';
import {
  hitTestAnnotations,
  logicalToTime,
  nudged,
  snapPrice,
  snapTime,
  timeToLogical,
} from './annotation-geometry';

const sortedTimes = fc
  .uniqueArray(fc.integer({ min: 0, max: 1e9 }), { minLength: 2, maxLength: 60 })
  .map((a) => Float64Array.from(a.sort((x, y) => x - y)));

describe('annotation coordinates', () => {
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

  it('snapping picks the nearest bar time and the nearest of O/H/L/C', () => {
    const times = Float64Array.from([0, 100, 200]);
    expect(snapTime(times, 149)).toBe(100);
    expect(snapTime(times, 151)).toBe(200);
    expect(snapPrice({ open: 10, high: 15, low: 5, close: 12 }, 14)).toBe(15);
    expect(snapPrice({ open: 10, high: 15, low: 5, close: 12 }, 11.2)).toBe(12);
  });
});

describe('hit-testing', () => {
  const items = [
    { id: 'h', x: null, y: 100 },
    { id: 'v', x: 200, y: null },
    { id: 'c', x: 400, y: 300 },
  ];
  it('finds the nearest line within tolerance, else nothing', () => {
    expect(hitTestAnnotations(items, { x: 50, y: 103 })).toBe('h');
    expect(hitTestAnnotations(items, { x: 197, y: 250 })).toBe('v');
    expect(hitTestAnnotations(items, { x: 10, y: 302 })).toBe('c');
    expect(hitTestAnnotations(items, { x: 402, y: 10 })).toBe('c');
    expect(hitTestAnnotations(items, { x: 50, y: 150 })).toBeNull();
  });
  it('prefers the closer of two lines', () => {
    expect(hitTestAnnotations(items, { x: 202, y: 99 })).toBe('h');
    expect(hitTestAnnotations(items, { x: 201, y: 96 })).toBe('v');
  });
});

describe('nudging', () => {
  it('moves one bar in time or one step in price, and only the coordinates the kind has', () => {
    const times = Float64Array.from([0, 10, 20, 30]);
    const cross = createAnnotation('p', 'cross-line', 10, 100);
    expect(nudged(cross, 'right', times, 0.5)).toEqual({ time: 20, price: 100 });
    expect(nudged(cross, 'left', times, 0.5)).toEqual({ time: 0, price: 100 });
    expect(nudged(cross, 'up', times, 0.5)).toEqual({ time: 10, price: 100.5 });
    const horizontal = createAnnotation('p', 'horizontal-line', 10, 100);
    expect(horizontal.time).toBeUndefined();
    expect(nudged(horizontal, 'down', times, 2).price).toBe(98);
    const between = createAnnotation('p', 'vertical-line', 15, 0);
    expect(nudged(between, 'right', times, 1).time).toBe(20);
    expect(nudged(between, 'left', times, 1).time).toBe(10);
  });
});
