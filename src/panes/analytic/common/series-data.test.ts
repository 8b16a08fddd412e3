import { describe, expect, it } from 'vitest';
import { nearestIndex, windowRange } from './series-data';

describe('nearest index', () => {
  it('finds the closest value by binary search, the earlier one on a tie', () => {
    const xs = [0, 10, 20, 40];
    expect(nearestIndex(xs, -5)).toBe(0);
    expect(nearestIndex(xs, 14)).toBe(1);
    expect(nearestIndex(xs, 15)).toBe(1);
    expect(nearestIndex(xs, 31)).toBe(3);
    expect(nearestIndex(xs, 99)).toBe(3);
    expect(nearestIndex([], 1)).toBe(-1);
  });
});

describe('windowRange', () => {
  it('takes the indices in the window and one more on each side', () => {
    expect(windowRange([0, 10, 20, 30, 40], 12, 28)).toEqual([1, 4]);
    expect(windowRange([0, 10, 20, 30, 40], -5, 100)).toEqual([0, 5]);
    expect(windowRange([0, 10, 20], 50, 60)).toEqual([2, 3]);
  });
});
