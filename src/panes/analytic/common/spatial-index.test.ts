import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GridIndex, pick } from './spatial-index';

interface Circle {
  x: number;
  y: number;
  r: number;
}

const circle = fc.record({
  x: fc.double({ min: 0, max: 500, noNaN: true }),
  y: fc.double({ min: 0, max: 400, noNaN: true }),
  r: fc.double({ min: 1, max: 30, noNaN: true }),
});

function indexOf(circles: Circle[]): GridIndex {
  const index = new GridIndex(500, 400, 32);
  circles.forEach((c, id) => {
    index.insert(id, { minX: c.x - c.r, minY: c.y - c.r, maxX: c.x + c.r, maxY: c.y + c.r });
  });
  return index;
}

describe('grid index', () => {
  it('finds exactly what a scan of every item finds, for random circles and points', () => {
    fc.assert(
      fc.property(
        fc.array(circle, { maxLength: 60 }),
        fc.array(circle, { minLength: 1, maxLength: 20 }),
        (circles, probes) => {
          const index = indexOf(circles);
          for (const { x, y } of probes) {
            const inside = (id: number) => {
              const c = circles[id] as Circle;
              return Math.hypot(c.x - x, c.y - y) <= c.r;
            };
            const scan = circles.map((_, id) => id).filter(inside);
            const expected = scan.length > 0 ? Math.max(...scan) : null;
            expect(pick(index, x, y, inside)).toBe(expected);
          }
        },
      ),
    );
  });

  it('looks only at the items filed under the pointer cell', () => {
    const index = indexOf([
      { x: 10, y: 10, r: 5 },
      { x: 400, y: 300, r: 5 },
    ]);
    expect(index.candidates(12, 12)).toEqual([0]);
    expect(index.candidates(250, 200)).toEqual([]);
    expect(index.candidates(-1, 10)).toEqual([]);
  });

  it('prefers the closest item when given a distance', () => {
    const circles = [
      { x: 100, y: 100, r: 20 },
      { x: 110, y: 100, r: 20 },
    ];
    const index = indexOf(circles);
    const inside = (id: number) =>
      Math.hypot((circles[id] as Circle).x - 98, (circles[id] as Circle).y - 100) <= 20;
    expect(pick(index, 98, 100, inside)).toBe(1);
    expect(pick(index, 98, 100, inside, (id) => Math.abs((circles[id] as Circle).x - 98))).toBe(0);
  });
});
