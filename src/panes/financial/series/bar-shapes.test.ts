import { describe, expect, it } from 'vitest';
import {
  type BarPixels,
  bodyWidth,
  highLowShapes,
  hlcShapes,
  hollowCandleShapes,
  type Shape,
} from './bar-shapes';

const colors = { up: 'UP', down: 'DOWN' };
// y grows downwards: a higher price has a smaller y.
const bar = (o: number, h: number, l: number, c: number, prev: number | null, x = 10): BarPixels => ({
  x,
  open: 200 - o,
  high: 200 - h,
  low: 200 - l,
  close: 200 - c,
  openPrice: o,
  closePrice: c,
  previousClosePrice: prev,
});
const rects = (shapes: Shape[]) => shapes.filter((s) => s.kind === 'rect');

describe('hollow candles', () => {
  it('an up bar (close > open) on an up day is hollow and up-coloured', () => {
    const [body] = rects(hollowCandleShapes([bar(100, 120, 90, 110, 105)], 10, colors));
    expect(body).toMatchObject({ filled: false, color: 'UP', y: 90, height: 10 });
  });

  it('a down bar (close < open) is filled; colour follows the previous close, not the open', () => {
    const [gapUp] = rects(hollowCandleShapes([bar(120, 125, 100, 110, 100)], 10, colors));
    expect(gapUp).toMatchObject({ filled: true, color: 'UP' });
    const [down] = rects(hollowCandleShapes([bar(100, 105, 80, 90, 95)], 10, colors));
    expect(down).toMatchObject({ filled: true, color: 'DOWN' });
  });

  it('wicks run from high to the body and from the body to low, at the bar centre', () => {
    const lines = hollowCandleShapes([bar(100, 120, 90, 110, null, 33)], 10, colors).filter(
      (s) => s.kind === 'line',
    );
    expect(lines).toEqual([
      { kind: 'line', x1: 33, y1: 80, x2: 33, y2: 90, color: 'UP' },
      { kind: 'line', x1: 33, y1: 100, x2: 33, y2: 110, color: 'UP' },
    ]);
  });
});

describe('hlc and high-low', () => {
  it('hlc draws high-low and a close tick to the right', () => {
    const [range, tick] = hlcShapes([bar(100, 120, 90, 95, 101, 50)], 12, colors);
    expect(range).toMatchObject({ kind: 'line', y1: 80, y2: 110, color: 'DOWN' });
    expect(tick).toMatchObject({ kind: 'line', x1: 50, y1: 105, y2: 105 });
    if (tick?.kind !== 'line') throw new Error('tick');
    expect(tick.x2).toBeGreaterThan(50);
  });

  it('high-low is one bar from high to low with no open or close marks', () => {
    const shapes = highLowShapes([bar(100, 120, 90, 110, null)], 12, colors);
    expect(shapes).toHaveLength(1);
    expect(shapes[0]).toMatchObject({ kind: 'rect', y: 80, height: 30, filled: true });
  });

  it('body width is odd, at least 1, and below the spacing', () => {
    for (const spacing of [0.5, 1, 2, 3, 6, 10, 25]) {
      const w = bodyWidth(spacing);
      expect(w % 2).toBe(1);
      expect(w).toBeGreaterThanOrEqual(1);
      expect(w).toBeLessThanOrEqual(Math.max(1, spacing));
    }
  });
});
