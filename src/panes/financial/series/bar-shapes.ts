/**
 * Views of the custom bar series (practice 5, docs/practices.md): bars in pixel coordinates in, plain shapes out.
 * No canvas, no chart library: the renderer only strokes and fills what these functions decide.
 */

/** One bar in media (CSS) pixels. `previousClose` colours hollow candles the way traders read them. */
export interface BarPixels {
  x: number;
  open: number;
  high: number;
  low: number;
  close: number;
  /** Prices, not pixels: direction must not depend on the y axis orientation. */
  openPrice: number;
  closePrice: number;
  previousClosePrice: number | null;
}

export interface ShapeColors {
  up: string;
  down: string;
}

export type Shape =
  | { kind: 'rect'; x: number; y: number; width: number; height: number; color: string; filled: boolean }
  | { kind: 'line'; x1: number; y1: number; x2: number; y2: number; color: string };

/** Body width for a bar spacing: most of the slot, at least one pixel, odd so the wick centres. */
export function bodyWidth(barSpacing: number): number {
  const w = Math.max(1, Math.floor(barSpacing * 0.7));
  return w % 2 === 0 ? Math.max(1, w - 1) : w;
}

/**
 * Hollow candles: colour by close against the previous close (up or down day); fill by close against
 * open: a candle that closed above its open is hollow, one that closed below is filled.
 */
export function hollowCandleShapes(
  bars: readonly BarPixels[],
  barSpacing: number,
  colors: ShapeColors,
): Shape[] {
  const width = bodyWidth(barSpacing);
  const shapes: Shape[] = [];
  for (const bar of bars) {
    const reference = bar.previousClosePrice ?? bar.openPrice;
    const color = bar.closePrice >= reference ? colors.up : colors.down;
    const filled = bar.closePrice < bar.openPrice;
    const top = Math.min(bar.open, bar.close);
    const bottom = Math.max(bar.open, bar.close);
    shapes.push({ kind: 'line', x1: bar.x, y1: bar.high, x2: bar.x, y2: top, color });
    shapes.push({ kind: 'line', x1: bar.x, y1: bottom, x2: bar.x, y2: bar.low, color });
    shapes.push({
      kind: 'rect',
      x: bar.x - (width - 1) / 2,
      y: top,
      width,
      height: Math.max(1, bottom - top),
      color,
      filled,
    });
  }
  return shapes;
}

/** HLC: a high-low bar with a close tick to the right, coloured by close against the previous close. */
export function hlcShapes(bars: readonly BarPixels[], barSpacing: number, colors: ShapeColors): Shape[] {
  const tick = Math.max(1, Math.floor(bodyWidth(barSpacing) / 2));
  const shapes: Shape[] = [];
  for (const bar of bars) {
    const reference = bar.previousClosePrice ?? bar.openPrice;
    const color = bar.closePrice >= reference ? colors.up : colors.down;
    shapes.push({ kind: 'line', x1: bar.x, y1: bar.high, x2: bar.x, y2: bar.low, color });
    shapes.push({ kind: 'line', x1: bar.x, y1: bar.close, x2: bar.x + tick, y2: bar.close, color });
  }
  return shapes;
}

/** High-low: a bar from low to high, no open or close; coloured by the day's direction. */
export function highLowShapes(bars: readonly BarPixels[], barSpacing: number, colors: ShapeColors): Shape[] {
  const width = Math.max(1, Math.floor(bodyWidth(barSpacing) / 2) | 1);
  return bars.map((bar) => {
    const reference = bar.previousClosePrice ?? bar.openPrice;
    const color = bar.closePrice >= reference ? colors.up : colors.down;
    return {
      kind: 'rect' as const,
      x: bar.x - (width - 1) / 2,
      y: bar.high,
      width,
      height: Math.max(1, bar.low - bar.high),
      color,
      filled: true,
    };
  });
}
