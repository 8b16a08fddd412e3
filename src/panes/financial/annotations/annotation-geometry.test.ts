import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { timeToLogical } from '../../../../core/bars/bar-position';
import { createAnnotation, createDrawing, moveAnnotation, pointsOf } from '../../../state/annotation-edits';
import {
  draggedPlace,
  formatSpan,
  hitTestAnnotations,
  measureText,
  nudged,
  priceChangeText,
  rangeAround,
  snapPrice,
  snapTime,
} from './annotation-geometry';
import { distanceToShapes, type Shape } from './drawing-shapes';

const sortedTimes = fc
  .uniqueArray(fc.integer({ min: 0, max: 1e9 }), { minLength: 2, maxLength: 60 })
  .map((a) => Float64Array.from(a.sort((x, y) => x - y)));

describe('annotation coordinates', () => {
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
    expect(hitTestAnnotations(items, { x: 50, y: 103 })?.id).toBe('h');
    expect(hitTestAnnotations(items, { x: 197, y: 250 })?.id).toBe('v');
    expect(hitTestAnnotations(items, { x: 10, y: 302 })?.id).toBe('c');
    expect(hitTestAnnotations(items, { x: 402, y: 10 })?.id).toBe('c');
    expect(hitTestAnnotations(items, { x: 50, y: 150 })).toBeNull();
  });
  it('prefers the closer of two lines', () => {
    expect(hitTestAnnotations(items, { x: 202, y: 99 })?.id).toBe('h');
    expect(hitTestAnnotations(items, { x: 201, y: 96 })?.id).toBe('v');
  });

  it("picks the drawing whose shapes are nearest, as measuring every drawing's shapes does", () => {
    // The hit test rules drawings out by the box around their shapes before measuring them; it must
    // pick what measuring all of them picks (the last of equally near ones, within the tolerance).
    const coordinate = fc.integer({ min: -50, max: 450 });
    const px = fc.record({ x: coordinate, y: coordinate });
    const shape: fc.Arbitrary<Shape> = fc.oneof(
      fc.record({ type: fc.constant('segment' as const), from: px, to: px }),
      fc.record({ type: fc.constant('box' as const), from: px, to: px, fill: fc.constant('none' as const) }),
      fc.record({ type: fc.constant('note' as const), from: px, to: px, text: fc.constant('n') }),
      fc.record({
        type: fc.constant('label' as const),
        at: px,
        text: fc.constant('l'),
        align: fc.constant('left' as const),
      }),
    );
    const drawing = fc.array(shape, { maxLength: 4 });
    fc.assert(
      fc.property(
        fc.array(drawing, { maxLength: 12 }),
        px,
        fc.integer({ min: 0, max: 40 }),
        (drawings, at, tol) => {
          const placed = drawings.map((shapes, i) => ({ id: `d${i}`, x: null, y: null, shapes }));
          let expected: string | null = null;
          let best = tol;
          placed.forEach((item) => {
            const d = distanceToShapes(item.shapes, at);
            if (d <= best) {
              best = d;
              expected = item.id;
            }
          });
          expect(hitTestAnnotations(placed, at, tol)?.id ?? null).toBe(expected);
        },
      ),
      { seed: 2026_1127, numRuns: 500 },
    );
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

describe('two-anchor drawings', () => {
  const times = Float64Array.from({ length: 50 }, (_, i) => 1_000 + i * 60);
  const trend = createDrawing('p', 'trend-line', [
    { time: times[10] as number, price: 100 },
    { time: times[20] as number, price: 120 },
  ]);

  it('a whole drag moves every anchor by the bars and price the pointer moved, keeping the form', () => {
    const place = draggedPlace(
      trend,
      { anchor: null, from: { time: times[15] as number, price: 110 } },
      {
        time: times[18] as number,
        price: 105,
      },
      times,
    );
    expect(place.points).toEqual([
      { time: times[13], price: 95 },
      { time: times[23], price: 115 },
    ]);
  });

  it('an anchor drag moves that anchor only', () => {
    const to = { time: times[30] as number, price: 90 };
    const place = draggedPlace(
      trend,
      { anchor: 1, from: { time: times[20] as number, price: 120 } },
      to,
      times,
    );
    expect(place.points).toEqual([trend.points?.[0], to]);
  });

  it('a whole drag keeps the bars between the anchors, whatever the drag (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -10, max: 25 }),
        fc.double({ min: -50, max: 50, noNaN: true }),
        (bars, dp) => {
          const from = { time: times[15] as number, price: 110 };
          const to = { time: times[15 + bars] as number, price: 110 + dp };
          const moved = draggedPlace(trend, { anchor: null, from }, to, times).points ?? [];
          const [a, b] = moved.map((p) => timeToLogical(times, p.time) as number);
          expect((b as number) - (a as number)).toBeCloseTo(10, 6);
          expect((moved[1]?.price ?? 0) - (moved[0]?.price ?? 0)).toBeCloseTo(20, 6);
        },
      ),
      { seed: 7 },
    );
  });

  it('a nudge moves the whole drawing one bar or one price step', () => {
    expect(nudged(trend, 'right', times, 0.5).points).toEqual([
      { time: times[11], price: 100 },
      { time: times[21], price: 120 },
    ]);
    expect(nudged(trend, 'down', times, 0.5).points).toEqual([
      { time: times[10], price: 99.5 },
      { time: times[20], price: 119.5 },
    ]);
  });

  it('moving a drawing through the store keeps its kind and style; a locked one stays', () => {
    const doc = { annotations: { [trend.id]: trend } } as never;
    const place = nudged(trend, 'up', times, 1);
    const moved = moveAnnotation(doc, trend.id, place) as { annotations: Record<string, typeof trend> };
    expect(pointsOf(moved.annotations[trend.id] as typeof trend).map((p) => p.price)).toEqual([101, 121]);
    const locked = { annotations: { [trend.id]: { ...trend, locked: true } } } as never;
    expect(moveAnnotation(locked, trend.id, place)).toBe(locked);
  });

  it('the measurer reads change, percent, bars and span', () => {
    const text = measureText(
      { time: times[10] as number, price: 100 },
      { time: times[40] as number, price: 90 },
      times,
      (p) => p.toFixed(2),
    );
    expect(text).toBe('\u221210.00 (\u221210.00%) · 30 bars · 30m');
    expect(formatSpan(3 * 86_400 + 4 * 3_600 + 60)).toBe('3d 4h');
    expect(formatSpan(2 * 3_600)).toBe('2h');
    expect(formatSpan(45)).toBe('45s');
  });

  it('the price range reads the change and percent only', () => {
    const format = (p: number) => p.toFixed(2);
    expect(priceChangeText({ time: 0, price: 80 }, { time: 9, price: 100 }, format)).toBe('+20.00 (+25.00%)');
    expect(priceChangeText({ time: 0, price: 0 }, { time: 9, price: 5 }, format)).toBe('+5.00');
  });
});

describe('zoom to a drawing', () => {
  it('the range holds every anchor with room on both sides', () => {
    fc.assert(
      fc.property(
        sortedTimes,
        fc.integer({ min: 0, max: 1e9 }),
        fc.integer({ min: 0, max: 1e9 }),
        (times, a, b) => {
          const drawing = createDrawing('p1', 'trend-line', [
            { time: a, price: 1 },
            { time: b, price: 2 },
          ]);
          const range = rangeAround(drawing, times);
          expect(range).not.toBeNull();
          const { from, to } = range as { from: number; to: number };
          expect(from).toBeLessThan(Math.min(a, b));
          expect(to).toBeGreaterThan(Math.max(a, b));
        },
      ),
    );
  });

  it('a horizontal line has no time, so there is nothing to zoom to', () => {
    expect(
      rangeAround(createDrawing('p1', 'horizontal-line', [{ time: 0, price: 5 }]), Float64Array.of(0, 60)),
    ).toBeNull();
  });
});
