/**
 * The drawing tools as data: what each kind is called and how it is anchored. The schema, the edits,
 * the renderers and the commands all read this one table, so a new tool is a row here plus its shape
 * (src/panes/financial/annotations/drawing-shapes.ts).
 */

/** A point of a drawing in time (UTC seconds) and price: drawings live in data, never in pixels. */
export interface DrawingPoint {
  readonly time: number;
  readonly price: number;
}

/**
 * How a kind is anchored: a horizontal line by a price, a vertical line by a time, a cross-line or a
 * horizontal ray by one point, the others by two points (`points`).
 */
export type Anchoring = 'price' | 'time' | 'point' | 'two-points';

export const ANNOTATION_KINDS = [
  'cross-line',
  'horizontal-line',
  'vertical-line',
  'horizontal-ray',
  'trend-line',
  'ray',
  'extended-line',
  'rectangle',
  'fib-retracement',
  'date-price-range',
] as const;

export type AnnotationKind = (typeof ANNOTATION_KINDS)[number];

export interface KindSpec {
  /** Its name in lists, menus and commands ("Trend line"). */
  name: string;
  anchoring: Anchoring;
}

export const KIND_SPECS: Readonly<Record<AnnotationKind, KindSpec>> = {
  'cross-line': { name: 'Cross-line', anchoring: 'point' },
  'horizontal-line': { name: 'Horizontal line', anchoring: 'price' },
  'vertical-line': { name: 'Vertical line', anchoring: 'time' },
  'horizontal-ray': { name: 'Horizontal ray', anchoring: 'point' },
  'trend-line': { name: 'Trend line', anchoring: 'two-points' },
  ray: { name: 'Ray', anchoring: 'two-points' },
  'extended-line': { name: 'Extended line', anchoring: 'two-points' },
  rectangle: { name: 'Rectangle', anchoring: 'two-points' },
  'fib-retracement': { name: 'Fib retracement', anchoring: 'two-points' },
  'date-price-range': { name: 'Date and price range', anchoring: 'two-points' },
};

/** Anchors a user places to draw a kind: two for the two-point tools, one for the others. */
export function anchorCount(kind: AnnotationKind): number {
  return KIND_SPECS[kind].anchoring === 'two-points' ? 2 : 1;
}

/**
 * Fibonacci retracement levels, as TradingView draws them by default: level 0 at the second anchor,
 * level 1 at the first, so a drag from a swing low to a high measures the pullback from the high.
 */
export const FIB_LEVELS: readonly number[] = [0, 0.236, 0.382, 0.5, 0.618, 0.786, 1];

/** The price of a Fibonacci level between the first anchor's price and the second's. */
export function fibPrice(first: number, second: number, level: number): number {
  return second + (first - second) * level;
}
