/**
 * The shapes a drawing is made of, in pane pixels (practice 5: views compute, renderers
 * draw). Pure: the chart's mappings come in as functions, so every tool's geometry is unit-tested and
 * the renderer only strokes what it is given. A shape wholly outside the pane is not returned, which
 * is how a thousand drawings cost only the visible ones.
 */
import {
  type AnnotationKind,
  DEFAULT_FIB_LEVELS,
  DEFAULT_NOTE_TEXT,
  type FibLevel,
  fibPrice,
} from '../../../state/drawing-kinds';
import type { DrawingPoint } from '../../../state/workspace-document';

export interface Px {
  x: number;
  y: number;
}

export type Shape =
  | { type: 'segment'; from: Px; to: Px }
  | { type: 'box'; from: Px; to: Px; fill: 'plain' | 'up' | 'down' | 'none' }
  /** A filled quadrilateral (a channel's band), corners in order; no edges of its own. */
  | { type: 'band'; corners: readonly [Px, Px, Px, Px] }
  | { type: 'label'; at: Px; text: string; align: 'left' | 'center' | 'right' }
  /** A text note's card: a box in the drawing's colour with its text in the theme's background colour. */
  | { type: 'note'; from: Px; to: Px; text: string };

export interface ShapeInput {
  kind: AnnotationKind;
  points: readonly DrawingPoint[];
  /** The anchors in pixels (same order as `points`). */
  px: readonly Px[];
  priceToY: (price: number) => number | null;
  formatPrice: (price: number) => string;
  /** A text note's text (the annotation's label). */
  text?: string;
  /** A Fibonacci retracement's levels (the defaults when absent); hidden ones are not drawn. */
  fibLevels?: readonly FibLevel[];
  /** Lines reach the pane's left or right edge past the anchors (trend line, channel). */
  extendLeft?: boolean;
  extendRight?: boolean;
  /** A rectangle's or channel's tint (isFilled). */
  fill?: boolean;
  /** The measurer's text (change, percent, bars, span), made by the caller who knows the bars. */
  measure: () => string;
  /** The pixels placed: the pane, and any margin around it (drawn while the chart scrolls). */
  width: number;
  height: number;
  /**
   * Where the pane's left and bottom edges lie in those pixels when they include a margin: labels
   * that keep clear of those edges (a Fibonacci level's, a measurer's) keep clear of these, so they
   * sit where a placement without margin puts them.
   */
  pane?: { left: number; bottom: number };
  /**
   * Where the plot ends when it shows the latest bar (that bar's x plus the chart's right offset), in
   * the same pixels: a text note whose card would run past it opens to the left of its point, so that
   * a note at the latest bar is not cut under the price axis. It moves with the bars, so a placement
   * copied while the chart scrolls keeps the side a fresh one gives.
   */
  liveEdge?: number;
}

const paneOf = (input: ShapeInput) => input.pane ?? { left: 0, bottom: input.height };

/** The part of the line through `a` and `b` inside the box, going past `b` and/or back past `a`. */
export function extendedSegment(
  a: Px,
  b: Px,
  box: { width: number; height: number },
  back: boolean,
  forward: boolean,
): { from: Px; to: Px } | null {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  if (dx === 0 && dy === 0) return { from: a, to: b };
  // Liang–Barsky clipping of the parametric line a + t (b - a) to the box.
  let t0 = back ? Number.NEGATIVE_INFINITY : 0;
  let t1 = forward ? Number.POSITIVE_INFINITY : 1;
  const edges: [number, number][] = [
    [-dx, a.x],
    [dx, box.width - a.x],
    [-dy, a.y],
    [dy, box.height - a.y],
  ];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q < 0) return null;
      continue;
    }
    const t = q / p;
    if (p < 0) t0 = Math.max(t0, t);
    else t1 = Math.min(t1, t);
  }
  if (t0 > t1 || !Number.isFinite(t0) || !Number.isFinite(t1)) return null;
  return { from: { x: a.x + t0 * dx, y: a.y + t0 * dy }, to: { x: a.x + t1 * dx, y: a.y + t1 * dy } };
}

function boxVisible(from: Px, to: Px, width: number, height: number): boolean {
  return (
    Math.max(from.x, to.x) >= 0 &&
    Math.min(from.x, to.x) <= width &&
    Math.max(from.y, to.y) >= 0 &&
    Math.min(from.y, to.y) <= height
  );
}

function line(a: Px, b: Px, input: ShapeInput, back: boolean, forward: boolean): Shape[] {
  const clipped = extendedSegment(a, b, input, back, forward);
  return clipped ? [{ type: 'segment', ...clipped }] : [];
}

/** A line between two anchors, reaching the pane's left and/or right edge as the drawing says. */
function reachingLine(a: Px, b: Px, input: ShapeInput): Shape[] {
  const leftFirst = a.x <= b.x;
  const left = input.extendLeft === true;
  const right = input.extendRight === true;
  return line(a, b, input, leftFirst ? left : right, leftFirst ? right : left);
}

/** Level labels closer than this (px) would print over each other at the 11 px drawing font. */
export const FIB_LABEL_SPACING = 12;
/** From a level label to its line's left end (px). */
const FIB_LABEL_GAP = 6;

/**
 * Which levels keep their label where levels crowd together (a retracement over a small move, or
 * zoomed out): 0 and 1 first, then the others in order, each only clear of the labels kept.
 */
function clearLabels(levels: readonly { level: number; y: number }[]): boolean[] {
  const lesser = (i: number) => Number(levels[i]?.level !== 0 && levels[i]?.level !== 1);
  const order = levels.map((_, i) => i).sort((i, j) => lesser(i) - lesser(j));
  const kept: number[] = [];
  const keep = levels.map(() => false);
  for (const i of order) {
    const y = (levels[i] as { y: number }).y;
    if (kept.every((k) => Math.abs(k - y) >= FIB_LABEL_SPACING)) {
      kept.push(y);
      keep[i] = true;
    }
  }
  return keep;
}

function fibShapes(a: Px, b: Px, input: ShapeInput): Shape[] {
  const [first, second] = input.points;
  if (!first || !second) return [];
  const left = Math.min(a.x, b.x);
  const right = Math.max(a.x, b.x);
  if (right < 0 || left > input.width) return [];
  const shapes: Shape[] = [...line(a, b, input, false, false)];
  const shown: { level: number; price: number; y: number }[] = [];
  for (const { value: level, visible } of input.fibLevels ?? DEFAULT_FIB_LEVELS) {
    if (!visible) continue;
    const price = fibPrice(first.price, second.price, level);
    const y = input.priceToY(price);
    if (y === null || y < 0 || y > input.height) continue;
    shapes.push({ type: 'segment', from: { x: left, y }, to: { x: right, y } });
    shown.push({ level, price, y });
  }
  // Labels left of the levels, level with their line and clear of the other lines (as TradingView's
  // default), or above the line inside the box where there is no room on the left; and only where
  // they can be read.
  const keep = clearLabels(shown);
  shown.forEach(({ level, price, y }, i) => {
    if (!keep[i]) return;
    const text = `${level} (${input.formatPrice(price)})`;
    const outside = left - FIB_LABEL_GAP - noteTextWidth(text) >= paneOf(input).left;
    shapes.push(
      outside
        ? { type: 'label', at: { x: left - FIB_LABEL_GAP, y: y + 4 }, text, align: 'right' }
        : { type: 'label', at: { x: left + 4, y: y - 3 }, text, align: 'left' },
    );
  });
  return shapes;
}

/**
 * A measurer: the box between its points tinted by direction, an upright line through it, with
 * `across` a level line too (the date and price range measures time as well), and its text below.
 */
function rangeShapes(a: Px, b: Px, input: ShapeInput, across: boolean): Shape[] {
  if (!boxVisible(a, b, input.width, input.height)) return [];
  const [first, second] = input.points;
  const up = (second?.price ?? 0) >= (first?.price ?? 0);
  const midX = (a.x + b.x) / 2;
  const midY = (a.y + b.y) / 2;
  const below = Math.max(a.y, b.y) + 14;
  return [
    { type: 'box', from: a, to: b, fill: up ? 'up' : 'down' },
    { type: 'segment', from: { x: midX, y: a.y }, to: { x: midX, y: b.y } },
    ...(across ? [{ type: 'segment', from: { x: a.x, y: midY }, to: { x: b.x, y: midY } } as const] : []),
    {
      type: 'label',
      at: { x: midX, y: Math.min(below, paneOf(input).bottom - 4) },
      text: input.measure(),
      align: 'center',
    },
  ];
}

/**
 * A parallel channel: the line through the first two anchors and its parallel through the third (a
 * pixel offset at the third anchor's x), with a middle line between them, as TradingView draws it.
 */
function channelShapes(a: Px, b: Px, c: Px | undefined, input: ShapeInput): Shape[] {
  const slope = b.x === a.x ? 0 : (b.y - a.y) / (b.x - a.x);
  const offset = c ? c.y - (a.y + slope * (c.x - a.x)) : 0;
  const shifted = (p: Px, by: number) => ({ x: p.x, y: p.y + by });
  const lines = [
    ...reachingLine(a, b, input),
    ...reachingLine(shifted(a, offset), shifted(b, offset), input),
    ...(offset === 0 ? [] : reachingLine(shifted(a, offset / 2), shifted(b, offset / 2), input)),
  ];
  const [base, parallel] = lines;
  if (!input.fill || offset === 0 || base?.type !== 'segment' || parallel?.type !== 'segment') return lines;
  // The band between the two outer lines as drawn (extended alike, so their ends share x).
  const band: Shape = { type: 'band', corners: [base.from, base.to, parallel.to, parallel.from] };
  return [band, ...lines];
}

/** Width of a text at the 11 px drawing font, estimated (pure code has no font metrics; a little wide). */
export function noteTextWidth(text: string): number {
  return Math.ceil(text.length * 6.6);
}

const NOTE_PAD = 6;
/** A note's line of text, and the room above and below its lines: one line makes a 22 px card. */
export const NOTE_LINE_HEIGHT = 14;
const NOTE_PAD_Y = 4;

/**
 * A text note: a card whose bottom-left corner is the anchor, so the text reads above the point, one
 * line of the card a line of the text; its bottom-right corner where it would run past the live edge.
 */
function noteShapes(a: Px, input: ShapeInput): Shape[] {
  const text = input.text || DEFAULT_NOTE_TEXT;
  const lines = text.split('\n');
  const width = Math.max(...lines.map(noteTextWidth)) + 2 * NOTE_PAD;
  const height = lines.length * NOTE_LINE_HEIGHT + 2 * NOTE_PAD_Y;
  const left = input.liveEdge !== undefined && a.x + width > input.liveEdge ? a.x - width : a.x;
  const from = { x: left, y: a.y - height };
  const to = { x: left + width, y: a.y };
  return boxVisible(from, to, input.width, input.height) ? [{ type: 'note', from, to, text }] : [];
}

const ARROW_LENGTH = 28;
const ARROW_HEAD = 8;

/** An arrow marker points up at its anchor from below (a buy mark, as TradingView's arrow up). */
function arrowShapes(a: Px, input: ShapeInput): Shape[] {
  const tip = a;
  const tail = { x: a.x, y: a.y + ARROW_LENGTH };
  if (
    !boxVisible(
      { x: a.x - ARROW_HEAD, y: a.y },
      { x: a.x + ARROW_HEAD, y: tail.y },
      input.width,
      input.height,
    )
  ) {
    return [];
  }
  return [
    { type: 'segment', from: tail, to: tip },
    { type: 'segment', from: { x: a.x - ARROW_HEAD, y: a.y + ARROW_HEAD }, to: tip },
    { type: 'segment', from: { x: a.x + ARROW_HEAD, y: a.y + ARROW_HEAD }, to: tip },
  ];
}

/** The shapes of a shaped drawing (the tools of two or three anchors, the horizontal ray, notes and arrows), clipped to the pane. */
export function shapesOf(input: ShapeInput): Shape[] {
  const [a, b] = input.px;
  if (!a) return [];
  switch (input.kind) {
    case 'horizontal-ray':
      return line(a, { x: a.x + 1, y: a.y }, input, false, true);
    case 'trend-line':
      return b ? reachingLine(a, b, input) : [];
    case 'ray':
      return b ? line(a, b, input, false, true) : [];
    case 'extended-line':
      return b ? line(a, b, input, true, true) : [];
    case 'rectangle':
      return b && boxVisible(a, b, input.width, input.height)
        ? [{ type: 'box', from: a, to: b, fill: input.fill === false ? 'none' : 'plain' }]
        : [];
    case 'fib-retracement':
      return b ? fibShapes(a, b, input) : [];
    case 'price-range':
      return b ? rangeShapes(a, b, input, false) : [];
    case 'date-price-range':
      return b ? rangeShapes(a, b, input, true) : [];
    case 'parallel-channel':
      return b ? channelShapes(a, b, input.px[2], input) : [];
    case 'text-note':
      return noteShapes(a, input);
    case 'arrow-marker':
      return arrowShapes(a, input);
    default:
      return [];
  }
}

/** Distance from `p` to the segment from `a` to `b`. */
export function distanceToSegment(p: Px, a: Px, b: Px): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2));
  const ex = p.x - (a.x + t * dx);
  const ey = p.y - (a.y + t * dy);
  // Math.hypot guards against overflow pixel distances never reach, at several times the cost.
  return Math.sqrt(ex * ex + ey * ey);
}

export interface Bounds {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The shapes a pointer can grab a drawing by: its lines, boxes and notes (not labels or bands). */
type TargetShape = Extract<Shape, { type: 'segment' | 'box' | 'note' }>;

function isTarget(shape: Shape): shape is TargetShape {
  return shape.type === 'segment' || shape.type === 'box' || shape.type === 'note';
}

const targetBounds = new WeakMap<readonly Shape[], Bounds | null>();

/**
 * The box around the shapes distanceToShapes measures to (`isTarget`), null when there are none.
 * Kept per shapes array: a placement's arrays are hit-tested many times (every pointer move) and
 * replaced when the chart changes.
 */
export function shapeTargetBounds(shapes: readonly Shape[]): Bounds | null {
  const known = targetBounds.get(shapes);
  if (known !== undefined) return known;
  let left = Number.POSITIVE_INFINITY;
  let top = Number.POSITIVE_INFINITY;
  let right = Number.NEGATIVE_INFINITY;
  let bottom = Number.NEGATIVE_INFINITY;
  for (const shape of shapes) {
    if (!isTarget(shape)) continue;
    left = Math.min(left, shape.from.x, shape.to.x);
    right = Math.max(right, shape.from.x, shape.to.x);
    top = Math.min(top, shape.from.y, shape.to.y);
    bottom = Math.max(bottom, shape.from.y, shape.to.y);
  }
  const bounds = left <= right ? { left, top, right, bottom } : null;
  targetBounds.set(shapes, bounds);
  return bounds;
}

/**
 * How far `p` is from a drawing's shapes: its lines and a box's edges; inside a filled box counts as
 * on it (a rectangle or range is grabbed anywhere inside, as in TradingView). Labels are not targets.
 */
export function distanceToShapes(shapes: readonly Shape[], p: Px): number {
  let best = Number.POSITIVE_INFINITY;
  for (const shape of shapes) {
    if (!isTarget(shape)) continue;
    if (shape.type === 'segment') best = Math.min(best, distanceToSegment(p, shape.from, shape.to));
    else {
      const left = Math.min(shape.from.x, shape.to.x);
      const right = Math.max(shape.from.x, shape.to.x);
      const top = Math.min(shape.from.y, shape.to.y);
      const bottom = Math.max(shape.from.y, shape.to.y);
      if (p.x >= left && p.x <= right && p.y >= top && p.y <= bottom) return 0;
      const dx = Math.max(left - p.x, 0, p.x - right);
      const dy = Math.max(top - p.y, 0, p.y - bottom);
      best = Math.min(best, Math.hypot(dx, dy));
    }
  }
  return best;
}
