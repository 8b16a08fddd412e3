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
 * How a kind is anchored: a horizontal line by a price, a vertical line by a time, a cross-line, a
 * horizontal ray, a note or an arrow by one point, the others by a list of points (`points`, as many
 * as the kind's `anchors`).
 */
export type Anchoring = 'price' | 'time' | 'point' | 'points';

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
  'price-range',
  'date-price-range',
  'parallel-channel',
  'text-note',
  'arrow-marker',
] as const;

export type AnnotationKind = (typeof ANNOTATION_KINDS)[number];

export interface KindSpec {
  /** Its name in lists, menus and commands ("Trend line"). */
  name: string;
  /** Other words a trader may look for it by (the palette finds its tool by them). */
  keywords?: readonly string[];
  anchoring: Anchoring;
  /** How many points a user places to draw it. */
  anchors: number;
  /** Drawn as shapes (lines, boxes, text) in the drawings' style, not as a full-height or full-width line. */
  shaped: boolean;
  /** Its lines can reach past the anchors to the chart's left and right edges (`extendLeft`, `extendRight`). */
  extendable?: true;
  /** It can be filled with a tint of its colour (`fill`), and whether it is when new. */
  fillable?: 'filled' | 'empty';
}

export const KIND_SPECS: Readonly<Record<AnnotationKind, KindSpec>> = {
  'cross-line': { name: 'Cross-line', anchoring: 'point', anchors: 1, shaped: false },
  'horizontal-line': { name: 'Horizontal line', anchoring: 'price', anchors: 1, shaped: false },
  'vertical-line': { name: 'Vertical line', anchoring: 'time', anchors: 1, shaped: false },
  'horizontal-ray': { name: 'Horizontal ray', anchoring: 'point', anchors: 1, shaped: true },
  'trend-line': { name: 'Trend line', anchoring: 'points', anchors: 2, shaped: true, extendable: true },
  ray: { name: 'Ray', anchoring: 'points', anchors: 2, shaped: true },
  'extended-line': { name: 'Extended line', anchoring: 'points', anchors: 2, shaped: true },
  rectangle: { name: 'Rectangle', anchoring: 'points', anchors: 2, shaped: true, fillable: 'filled' },
  'fib-retracement': {
    name: 'Fib retracement',
    keywords: ['Fibonacci'],
    anchoring: 'points',
    anchors: 2,
    shaped: true,
  },
  'price-range': {
    name: 'Price range',
    keywords: ['measure'],
    anchoring: 'points',
    anchors: 2,
    shaped: true,
  },
  'date-price-range': {
    name: 'Date and price range',
    keywords: ['measure'],
    anchoring: 'points',
    anchors: 2,
    shaped: true,
  },
  'parallel-channel': {
    name: 'Parallel channel',
    anchoring: 'points',
    anchors: 3,
    shaped: true,
    extendable: true,
    fillable: 'empty',
  },
  'text-note': { name: 'Text note', anchoring: 'point', anchors: 1, shaped: true },
  'arrow-marker': { name: 'Arrow marker', anchoring: 'point', anchors: 1, shaped: true },
};

/** Whether a drawing is filled: as set on it, else as its kind starts (never for kinds without a fill). */
export function isFilled(drawing: { kind: AnnotationKind; fill?: boolean }): boolean {
  const fillable = KIND_SPECS[drawing.kind].fillable;
  return fillable !== undefined && (drawing.fill ?? fillable === 'filled');
}

/** What a new text note says until its text is edited. */
export const DEFAULT_NOTE_TEXT = 'Text';

/** Anchors a user places to draw a kind. */
export function anchorCount(kind: AnnotationKind): number {
  return KIND_SPECS[kind].anchors;
}

/**
 * Fibonacci retracement levels, as TradingView draws them by default: level 0 at the second anchor,
 * level 1 at the first, so a drag from a swing low to a high measures the pullback from the high.
 */
export const FIB_LEVELS: readonly number[] = [0, 0.236, 0.382, 0.5, 0.618, 0.786, 1];

/** A Fibonacci level of one drawing: its ratio and whether it is drawn. */
export interface FibLevel {
  readonly value: number;
  readonly visible: boolean;
}

/** The default levels, all shown. */
export const DEFAULT_FIB_LEVELS: readonly FibLevel[] = FIB_LEVELS.map((value) => ({ value, visible: true }));

/** A drawing's levels: its own once edited, the defaults until then. */
export function fibLevelsOf(drawing: { fibLevels?: readonly FibLevel[] }): readonly FibLevel[] {
  return drawing.fibLevels ?? DEFAULT_FIB_LEVELS;
}

/** The levels with the `index`th changed; a value that is not a finite number leaves it as it was. */
export function withFibLevel(
  levels: readonly FibLevel[],
  index: number,
  patch: Partial<FibLevel>,
): readonly FibLevel[] {
  return levels.map((level, i) =>
    i !== index
      ? level
      : {
          value: patch.value !== undefined && Number.isFinite(patch.value) ? patch.value : level.value,
          visible: patch.visible ?? level.visible,
        },
  );
}

/** The price of a Fibonacci level between the first anchor's price and the second's. */
export function fibPrice(first: number, second: number, level: number): number {
  return second + (first - second) * level;
}
