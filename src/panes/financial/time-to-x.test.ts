import type { Coordinate, Logical } from 'lightweight-charts';
import { describe, expect, it } from 'vitest';
import { timeToX } from './time-to-x';

/** lightweight-charts' own rule: whole indexes on a linear axis, any other index at x = 0. */
const timeScale = {
  logicalToCoordinate: (logical: Logical) =>
    (Number.isInteger(logical) ? 100 + 10 * logical : 0) as Coordinate,
};

describe('timeToX', () => {
  const times = [1000, 2000, 4000, 8000];

  it('puts a bar time on its bar, and a time between bars between them in proportion', () => {
    expect(timeToX(timeScale, times, 2000)).toBe(110);
    expect(timeToX(timeScale, times, 3000)).toBe(115);
    expect(timeToX(timeScale, times, 7000)).toBe(127.5);
  });

  it('extrapolates past the ends, and has no x without bars', () => {
    expect(timeToX(timeScale, times, 0)).toBe(90);
    expect(timeToX(timeScale, times, 10_000)).toBe(135);
    expect(timeToX(timeScale, [], 1000)).toBeNull();
  });
});
