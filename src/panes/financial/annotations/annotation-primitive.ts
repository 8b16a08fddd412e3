/**
 * Annotations as a lightweight-charts series primitive (practice 6, docs/practices.md): the store holds their
 * data; this turns it into pixels on every chart update (so zoom, pan and level swaps keep them
 * anchored) and draws lines, handles and axis labels.
 */
import {
  type Background,
  ColorType,
  type IPrimitivePaneRenderer,
  type IPrimitivePaneView,
  type ISeriesPrimitive,
  type ISeriesPrimitiveAxisView,
  type Logical,
  type MouseEventParams,
  PriceScaleMode,
  type PrimitiveHoveredItem,
  type SeriesAttachedParameter,
  type Time,
} from 'lightweight-charts';
import { pointsOf } from '../../../state/annotation-edits';
import { isFilled, KIND_SPECS } from '../../../state/drawing-kinds';
import type { Annotation, DrawingPoint } from '../../../state/workspace-document';
import { timeToX } from '../time-to-x';
import {
  type AnnotationHit,
  type AnnotationPixels,
  hitTestAnnotations,
  measureText,
  priceChangeText,
} from './annotation-geometry';
import { coversPriceLabel, coversTimeLabel } from './axis-label-cover';
import { type Px, shapesOf } from './drawing-shapes';
import {
  coversPane,
  enlarges,
  IDENTITY,
  isScaled,
  type Mapping,
  type PlacementTransform,
  paneX,
  paneY,
  placementTransform,
  type Squeeze,
  type StretchLimits,
  sameTransform,
  squeezeAhead,
  squeezeForSpan,
  squeezeMapping,
  squeezeX,
  squeezeY,
  toPane,
  toPlacement,
  withinStretch,
} from './placement-transform';
import { DASHES, dashStrip, drawShapeItems, outlineText, type ShapeItem } from './shape-renderer';

interface Placed extends AnnotationPixels {
  annotation: Annotation;
  selected: boolean;
}

interface BitmapScope {
  context: CanvasRenderingContext2D;
  horizontalPixelRatio: number;
  verticalPixelRatio: number;
  bitmapSize: { width: number; height: number };
}

interface DrawTarget {
  useBitmapCoordinateSpace(draw: (scope: BitmapScope) => void): void;
}

/**
 * Axis labels for every annotation while there are at most this many; beyond that only the selected
 * one's. More overlap into an unreadable stack on the axes, and each label (a rounded box and its
 * text) costs a share of every frame: with 200 annotations the labels were most of the 9 ms a frame
 * the annotations cost in software rendering (bench `annotations-1m`).
 */
export const MAX_AXIS_LABELS = 24;

/**
 * Drawings at least this many are painted once into a canvas of their own and copied onto the chart
 * while their placement holds (up to a shift): lightweight-charts repaints its pane on every live
 * tick and scroll step, and a copy costs about what drawing a few dozen shapes does in software
 * rendering, where a thousand cost 10 ms and more.
 */
const COPY_FROM_ITEMS = 100;

/**
 * While the chart scrolls (frames that only shift the drawings, coming this close together), the
 * drawings are painted with a margin of this share of the pane on every side, and the next frames of
 * the gesture copy the part in view: a scroll step costs a copy instead of a painting.
 */
const SCROLL_MARGIN = 0.25;
const SCROLL_FRAMES_MS = 120;
/**
 * While the chart zooms or rescales its prices (frames that stretch the drawings, coming this close
 * together), the copy of the last placement is drawn stretched, enlarged up to 1.25x or shrunk down to
 * 1 / 1.1 on either axis; past that, or once the copy no longer covers the pane, they are placed
 * again. A zoom step then costs a copy instead of a painting (a thousand drawings: about 25 ms a frame
 * in software rendering). An enlarged copy is drawn from the nearest pixel, about as cheap as an
 * unscaled one (0.3 ms for a 1188 x 560 pane); a shrunk one is filtered (1.5 ms), or a 1 px line could
 * drop out with its row: hence the wider limit for enlarging. A 1 px line is at most 2 px wide in
 * an enlarged copy, for the frames of a gesture.
 */
const STRETCH: StretchLimits = { enlarge: 1.25, shrink: 1.1 };
/**
 * A zoom's placement is made further along than the frame that asks for it (see Squeeze), so that
 * most of the frames after it draw its copy enlarged (the cheap way): out, it is made as if the chart
 * were 1.18x further out, so its copy is first drawn enlarged 1.18x and is shrunk only once the chart
 * has zoomed out past it; in, as if 1.03x further in. Not as far as the limits allow: a gesture that
 * turns back (a pinch, a wheel that overshoots) keeps the placement for the steps the copy still has
 * between it and the other limit. A model of the copies over wheel steps of 5 % (six one way, then
 * six back; turns every 2 to 10 steps; random walks) gave the fewest placements near these two: 4 in
 * 120 steps of the first against 20 with the copy placed up to the limits.
 */
const AHEAD = { out: 1.18, in: 1.03 };
/** The bar spacings a zoom gesture has gone through; `direction` is its last step's (1 in, -1 out). */
interface GestureSpan {
  min: number;
  max: number;
  last: number;
  direction: number;
  turned: boolean;
}

/** Spacings this close (a thousandth) are the same: a zoom's step back lands where it was, give or take. */
const SAME_SPACING = 1e-3;

/**
 * A zoom's placement, made to be stretched, has this share of the pane as margin on every side: a
 * copy shrunk by 1 / 1.1 about the pane's edge needs a tenth of the pane, and a zoom's still point may
 * lie a little beyond the edge (lightweight-charts keeps the last bar where it is).
 */
const ZOOM_MARGIN = 0.12;
/**
 * A scroll's or zoom's last frame is painted afresh this long after it: labels that sit by the pane's
 * edges (a Fibonacci level's, a horizontal line's) are placed from the edges of the margin while
 * scrolling, and a stretched copy is crisp again.
 */
export const SETTLE_MS = 200;

/**
 * The drawings of one placement: `items` in the placement's pixels, which are the pane's at the time
 * plus `margin`; `transform` is where the placement lies on the pane now (it moves and stretches as
 * the chart scrolls and zooms and the placement is kept).
 */
interface Painting {
  items: readonly Placed[];
  margin: { x: number; y: number };
  transform: PlacementTransform;
  /** The pane's size when the placement was made (CSS px). */
  width: number;
  height: number;
  /** The chart's background: labels are outlined in it, to read over candles and grid lines. */
  halo: string | null;
}

class LinesRenderer implements IPrimitivePaneRenderer {
  /** The placement the copy was painted for, and the copy (for at least COPY_FROM_ITEMS items). */
  private copied: { items: readonly Placed[]; hr: number; vr: number } | null = null;
  private copy: HTMLCanvasElement | null = null;
  /**
   * Two canvases the copies are painted into in turn: painting over the copy the chart's canvas was
   * last drawn from made the browser keep a copy of it first (3 to 4 ms a frame in software
   * rendering), and a new canvas for each copy cost more still (one copy of a zoom's frames in three
   * took 60 ms instead of 40, bench `drawings-1m`).
   */
  private readonly buffers: (HTMLCanvasElement | undefined)[] = [undefined, undefined];
  private spare = 0;
  /** The placement last painted straight onto the chart. */
  private painted: readonly Placed[] | null = null;

  constructor(private readonly painting: () => Painting) {}

  draw(target: DrawTarget): void {
    // biome-ignore lint/correctness/useHookAtTopLevel: fancy-canvas's drawing scope, not a React hook.
    target.useBitmapCoordinateSpace((scope) => {
      const painting = this.painting();
      const { items, transform, margin } = painting;
      const hr = scope.horizontalPixelRatio;
      const vr = scope.verticalPixelRatio;
      const copied = this.copied;
      const haveCopy =
        this.copy !== null &&
        copied !== null &&
        copied.items === items &&
        copied.hr === hr &&
        copied.vr === vr;
      const { offset } = transform;
      const displaced = margin.x > 0 || margin.y > 0 || !sameTransform(transform, IDENTITY);
      // A placement is painted straight onto the chart; the copy is made when the same one is painted
      // again (a live tick, an axis label the crosshair uncovers), so a drag's or an edit's frames
      // never pay for it. A scroll's or zoom's placement is made to be copied from.
      if (!haveCopy && !displaced && (items.length < COPY_FROM_ITEMS || this.painted !== items)) {
        this.painted = items;
        paintItems(scope, items, painting.halo);
        paintPinned(scope, painting, scope.bitmapSize.width / hr);
        return;
      }
      if (!haveCopy) {
        this.spare = (this.spare + 1) % 2;
        const buffer = this.buffers[this.spare] ?? document.createElement('canvas');
        this.buffers[this.spare] = buffer;
        this.copy = paintCopy(scope, painting, buffer);
        this.copied = { items, hr, vr };
      }
      const copy = this.copy as HTMLCanvasElement;
      const { width, height } = scope.bitmapSize;
      if (isScaled(transform)) {
        const { scale } = transform;
        const dw = copy.width * scale.x;
        const dh = copy.height * scale.y;
        // An enlarged copy is sampled at the nearest pixel: filtering it cost about 4 ms a frame in
        // software rendering (bench drawings-1m), and up to 1.25x (STRETCH) a line is at most a pixel
        // wider for the frames of a gesture. A shrunk copy is filtered, or a 1 px line could drop out
        // of the frame with the row it is on.
        const smoothing = scope.context.imageSmoothingEnabled;
        scope.context.imageSmoothingEnabled = !enlarges(transform);
        scope.context.drawImage(copy, offset.x * hr, offset.y * vr, dw, dh);
        scope.context.imageSmoothingEnabled = smoothing;
      } else {
        // Whole bitmap pixels: the copy lands as crisp as the painting it was made from.
        const sx = Math.round(-offset.x * hr);
        const sy = Math.round(-offset.y * vr);
        scope.context.drawImage(copy, sx, sy, width, height, 0, 0, width, height);
      }
      paintPinned(scope, painting, width / hr);
    });
  }
}

/**
 * The painting on `canvas`, sized to its placement with margins (sizing a canvas clears it; one of
 * the same size is cleared).
 */
function paintCopy(scope: BitmapScope, painting: Painting, canvas: HTMLCanvasElement): HTMLCanvasElement {
  const hr = scope.horizontalPixelRatio;
  const vr = scope.verticalPixelRatio;
  const w = Math.max(1, Math.round((painting.width + 2 * painting.margin.x) * hr));
  const h = Math.max(1, Math.round((painting.height + 2 * painting.margin.y) * vr));
  const context = canvas.getContext('2d');
  if (canvas.width !== w || canvas.height !== h) {
    canvas.width = w;
    canvas.height = h;
  } else context?.clearRect(0, 0, w, h);
  if (context) {
    paintItems(
      { ...scope, context, bitmapSize: { width: canvas.width, height: canvas.height } },
      painting.items,
      painting.halo,
    );
  }
  return canvas;
}

/**
 * The painting's items onto the scope's bitmap, the placement's origin at the bitmap's (the offset
 * is the copy's business), all but the level lines' handles and labels (paintPinned).
 */
function paintItems(
  { context: ctx, horizontalPixelRatio: hr, verticalPixelRatio: vr, bitmapSize }: BitmapScope,
  items: readonly Placed[],
  halo: string | null,
): void {
  // Solid lines are filled rectangles; a dashed line is a strip drawn once per style and size
  // and copied. Stroking hundreds of dashed lines (a path segment per dash) was most of the
  // frame time annotations cost in software rendering; a copy costs about half of it.
  const widthOf = (item: Placed) =>
    Math.max(1, Math.round(item.annotation.lineWidth * hr)) + (item.selected ? Math.round(hr) : 0);
  const drawings: ShapeItem[] = [];
  for (const item of items) {
    if (!item.shapes) continue;
    const { color, lineStyle } = item.annotation;
    drawings.push({ shapes: item.shapes, color, lineStyle, width: widthOf(item) });
  }
  drawShapeItems(ctx, drawings, { hr, vr }, bitmapSize, halo);
  for (const item of items) {
    if (item.shapes) continue;
    const a = item.annotation;
    const width = widthOf(item);
    const dash = DASHES[a.lineStyle];
    if (item.y !== null) {
      const y = Math.round(item.y * vr) - (width >> 1);
      const strip = dash.length === 0 ? null : dashStrip(a.color, width, dash, hr, bitmapSize.width, 'x');
      if (strip) ctx.drawImage(strip, 0, y);
      else {
        ctx.fillStyle = a.color;
        ctx.fillRect(0, y, bitmapSize.width, width);
      }
    }
    if (item.x !== null) {
      const x = Math.round(item.x * hr) - (width >> 1);
      const strip = dash.length === 0 ? null : dashStrip(a.color, width, dash, vr, bitmapSize.height, 'y');
      if (strip) ctx.drawImage(strip, x, 0);
      else {
        ctx.fillStyle = a.color;
        ctx.fillRect(x, 0, width, bitmapSize.height);
      }
    }
  }
  for (const item of items) {
    if (pinned(item)) continue;
    const a = item.annotation;
    if (item.selected) {
      if (item.anchors) {
        for (const anchor of item.anchors) drawHandleAt(ctx, anchor.x * hr, anchor.y * vr, hr, a.color);
      } else drawHandleAt(ctx, (item.x ?? 0) * hr, (item.y ?? 0) * vr, hr, a.color);
    }
    if (a.label && a.kind !== 'text-note') {
      const at = item.anchors?.[0] ?? { x: item.x ?? 0, y: item.y ?? 0 };
      paintLabel(ctx, a, (at.x + 6) * hr, (at.y - 6) * vr, vr, halo);
    }
  }
}

/**
 * A level line (horizontal or vertical) has its handle and label by the pane's edge: they are drawn
 * where the line is now, over the copy, so they stay by the edge while the chart scrolls.
 */
const pinned = (item: Placed): boolean => !item.anchors && (item.x === null || item.y === null);

function paintPinned(scope: BitmapScope, { items, transform, halo }: Painting, paneWidth: number): void {
  const { context: ctx, horizontalPixelRatio: hr, verticalPixelRatio: vr } = scope;
  for (const item of items) {
    if (!pinned(item)) continue;
    const a = item.annotation;
    const x = item.x === null ? null : paneX(transform, item.x);
    const y = item.y === null ? null : paneY(transform, item.y);
    if (item.selected) drawHandleAt(ctx, (x ?? paneWidth / 2) * hr, (y ?? 40) * vr, hr, a.color);
    if (a.label)
      paintLabel(ctx, a, x === null ? 8 * hr : (x + 6) * hr, y === null ? 16 * vr : (y - 6) * vr, vr, halo);
  }
}

function paintLabel(
  ctx: CanvasRenderingContext2D,
  a: Annotation,
  x: number,
  y: number,
  vr: number,
  halo: string | null,
): void {
  ctx.font = `${Math.round(11 * vr)}px 'Inter Variable', system-ui, sans-serif`;
  if (halo) {
    outlineText(ctx, halo, vr);
    ctx.strokeText(a.label, x, y);
  }
  ctx.fillStyle = a.color;
  ctx.fillText(a.label, x, y);
}

/** The colour labels are outlined in: the chart's background (the top of a gradient). */
function haloOf(background: Background): string | null {
  return background.type === ColorType.Solid ? background.color : background.topColor;
}

function drawHandleAt(ctx: CanvasRenderingContext2D, x: number, y: number, hr: number, color: string) {
  const r = 5 * hr;
  ctx.fillStyle = '#ffffff';
  ctx.strokeStyle = color;
  ctx.lineWidth = 2 * hr;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
}

/**
 * Whether a coordinate lies on the pane. An axis label of a point beyond the pane's edge is left out:
 * lightweight-charts would pin it to the edge, where it names a time or price the axis does not show
 * there and stacks on the labels of other points beyond it.
 */
const onPane = (at: number, extent: number): boolean => at >= 0 && at <= extent;

/** Whether the crosshair's label covers an axis label at `at` with `text` (left out then). */
type Covered = (at: number, text: string) => boolean;

class AxisLabel implements ISeriesPrimitiveAxisView {
  constructor(
    private readonly at: number,
    private readonly label: string,
    private readonly color: string,
    private readonly covered: Covered,
  ) {}
  coordinate() {
    return this.at;
  }
  visible() {
    return !this.covered(this.at, this.label);
  }
  text() {
    return this.label;
  }
  textColor() {
    return '#ffffff';
  }
  backColor() {
    return this.color;
  }
}

/**
 * Whether a price's y is affine in the price (normal, percentage and indexed scales): a logarithmic
 * scale's formula changes with the price range, so its placements are never stretched.
 */
const priceScaleIsLinear = (series: SeriesAttachedParameter<Time>['series']): boolean =>
  series.priceScale().options().mode !== PriceScaleMode.Logarithmic;

/**
 * Price to pane y for every annotation of one update. `priceToCoordinate` looks up the series'
 * first visible value on each call (a tenth of a frame for 200 annotations); on a linear scale
 * (normal, percentage, indexed to 100) two calls give the line through all of them.
 */
function priceMapping(series: SeriesAttachedParameter<Time>['series']): (price: number) => number | null {
  const direct = (price: number) => series.priceToCoordinate(price);
  if (!priceScaleIsLinear(series)) return direct;
  const y0 = series.priceToCoordinate(0);
  const y1 = series.priceToCoordinate(1);
  if (y0 === null || y1 === null) return direct;
  const slope = y1 - y0;
  return (price) => y0 + slope * price;
}

/** What a placement depends on besides the chart's mappings (each compared by identity or value). */
interface PlacementKey {
  annotations: readonly Annotation[];
  selectedId: string | null;
  times: ArrayLike<number>;
  timesLength: number;
  width: number;
  height: number;
  fontSize: number;
  /** The axis texts' cache, replaced when the zone or the price decimals change. */
  texts: object;
  /** The chart's background (a theme change outlines the labels in the new one). */
  halo: string | null;
}

const sameKey = (a: PlacementKey, b: PlacementKey): boolean =>
  a.annotations === b.annotations &&
  a.selectedId === b.selectedId &&
  a.times === b.times &&
  a.timesLength === b.timesLength &&
  a.width === b.width &&
  a.height === b.height &&
  a.fontSize === b.fontSize &&
  a.texts === b.texts &&
  a.halo === b.halo;

export interface AnnotationSource {
  /** The bar times the chart shows now (they change with the aggregation level). */
  times(): ArrayLike<number>;
  formatPrice(price: number): string;
  /** An annotation's time on the time axis (in the workspace's time zone). */
  formatTime(time: number): string;
}

export class AnnotationPrimitive implements ISeriesPrimitive<Time> {
  private params: SeriesAttachedParameter<Time> | null = null;
  private annotations: readonly Annotation[] = [];
  private selectedId: string | null = null;
  /** The last placement, what it was made for and when a frame last used it. */
  private placement: { key: PlacementKey; mapping: Mapping; at: number } | null = null;
  private painting: Painting = {
    items: [],
    margin: { x: 0, y: 0 },
    transform: IDENTITY,
    width: 0,
    height: 0,
    halo: null,
  };
  /** The chart changed since the painting was made: it is checked again when next needed. */
  private stale = true;
  /** A scroll has ended: the next frame places the drawings afresh, with no margin. */
  private settleDue = false;
  private settleTimer: ReturnType<typeof setTimeout> | null = null;
  /** The bar spacings the current gesture has gone through (see trackGesture). */
  private span: GestureSpan | null = null;
  private priceLabels: AxisLabel[] = [];
  private timeLabels: AxisLabel[] = [];
  /** Axis texts by annotation (store objects are replaced, never changed): no formatting per frame. */
  private texts = new WeakMap<Annotation, { price: string | null; time: string | null }>();
  private readonly view: IPrimitivePaneView;
  /** Where the crosshair is in the pane; null while it is off the chart. */
  private crosshair: { x: number; y: number } | null = null;
  /** The chart's font size, read when the annotations are placed: the axis labels' size. */
  private fontSize = 12;
  /** Which axis labels the crosshair covered when it last moved (a hash of their places). */
  private coveredKey = 0;
  private readonly onCrosshair = (param: MouseEventParams<Time>): void => {
    this.crosshair = param.point ?? null;
    // A pointer's crosshair move repaints only the crosshair's own labels: the axes are painted again
    // when a label is covered or uncovered. A move the chart makes itself (a zoom, a pan, new data
    // under a resting pointer) comes with a repaint of everything already, so none is asked for there:
    // lightweight-charts has no lighter update for primitives than a full one, which would paint that
    // frame twice. (It also once upset the keyboard zoom's pending range, since forgotten after each
    // frame: ChartNavigation.)
    let key = 0;
    const labels = this.priceLabels.concat(this.timeLabels);
    labels.forEach((label, i) => {
      if (!label.visible()) key = (Math.imul(key, 31) + i + 1) | 0;
    });
    const changed = key !== this.coveredKey;
    this.coveredKey = key;
    if (changed && param.sourceEvent) this.params?.requestUpdate();
  };
  private readonly timeCovered: Covered = (x, text) =>
    this.crosshair !== null && coversTimeLabel(this.crosshair.x, x, text, this.fontSize);
  private readonly priceCovered: Covered = (y) =>
    this.crosshair !== null && coversPriceLabel(this.crosshair.y, y, this.fontSize);

  constructor(private readonly source: AnnotationSource) {
    const renderer = new LinesRenderer(() => this.layout());
    // Over the series, under the crosshair (lightweight-charts paints 'top' views on the crosshair's
    // canvas, over it, and again on every move of the pointer).
    this.view = { renderer: () => renderer, zOrder: () => 'normal' };
  }

  /** The axis texts are written again (the time zone or the price decimals changed). */
  invalidateTexts(): void {
    this.texts = new WeakMap();
  }

  attached(params: SeriesAttachedParameter<Time>): void {
    this.params = params;
    params.chart.subscribeCrosshairMove(this.onCrosshair);
  }

  detached(): void {
    if (this.settleTimer !== null) clearTimeout(this.settleTimer);
    this.settleTimer = null;
    this.params?.chart.unsubscribeCrosshairMove(this.onCrosshair);
    this.params = null;
    this.crosshair = null;
  }

  setAnnotations(annotations: readonly Annotation[], selectedId: string | null): void {
    this.annotations = annotations;
    this.selectedId = selectedId;
    this.updateAllViews();
    this.params?.requestUpdate();
  }

  /**
   * Runs `take` with no drawing selected, then selects it again: a picture of the chart (an export)
   * shows the drawings as they are, without a selected one's handles, axis labels and wider line.
   * Each change asks for a full update, which a screenshot paints at once (before it copies).
   */
  unselectedWhile<T>(take: () => T): T {
    const selectedId = this.selectedId;
    if (selectedId === null) return take();
    this.setAnnotations(this.annotations, null);
    try {
      return take();
    } finally {
      this.setAnnotations(this.annotations, selectedId);
    }
  }

  /**
   * lightweight-charts calls this several times a frame (for each price scale it recalculates, and
   * again before painting), while the chart settles: the pixels are computed once, when the frame
   * (or a hit-test) first asks for them.
   */
  updateAllViews(): void {
    this.stale = true;
  }

  /** The annotations as the chart shows them now: placed anew, or the last placement shifted. */
  private layout(): Painting {
    if (this.stale) {
      this.stale = false;
      this.place();
    }
    return this.painting;
  }

  /**
   * Where the chart's mappings stand: the x of bar 0 and the bar spacing, the y of two probe prices.
   * Two frames of the same bars place every drawing alike up to a shift and a stretch
   * (placementTransform); null while the chart cannot say (no bars).
   */
  private mapping(params: SeriesAttachedParameter<Time>): Mapping | null {
    const timeScale = params.chart.timeScale();
    const x0 = timeScale.logicalToCoordinate(0 as Logical);
    const x1 = timeScale.logicalToCoordinate(1 as Logical);
    // Probes valid on every scale (a logarithmic one takes positive prices only).
    const yA = params.series.priceToCoordinate(1);
    const yB = params.series.priceToCoordinate(2);
    if (x0 === null || x1 === null || yA === null || yB === null) return null;
    return { x0, spacing: x1 - x0, yA, ySpan: yB - yA };
  }

  private place(): void {
    const params = this.params;
    if (!params) {
      this.placement = null;
      this.painting = { ...this.painting, items: [] };
      this.priceLabels = [];
      this.timeLabels = [];
      return;
    }
    const { fontSize, background } = params.chart.options().layout;
    const size = params.chart.paneSize(0);
    const times = this.source.times();
    const key: PlacementKey = {
      annotations: this.annotations,
      selectedId: this.selectedId,
      times,
      timesLength: times.length,
      width: size.width,
      height: size.height,
      fontSize,
      texts: this.texts,
      halo: haloOf(background),
    };
    const mapping = this.mapping(params);
    const last = this.placement;
    const now = performance.now();
    const fresh = this.settleDue;
    this.settleDue = false;
    const same = !fresh && mapping !== null && last !== null && sameKey(last.key, key);
    // The same bars as a frame close before: a scroll or a zoom goes on.
    const recent = same && now - (last?.at ?? 0) <= SCROLL_FRAMES_MS;
    // A new extreme of a zoom that has turned back (a pinch opening wider, say) is placed ahead of
    // it; a frame inside the span it went through, for that span (squeezeForSpan).
    const extended = this.trackGesture(mapping, recent);
    if (same && mapping && last) {
      const { margin } = this.painting;
      const transform = placementTransform(last.mapping, margin, mapping);
      const placed = { width: key.width + 2 * margin.x, height: key.height + 2 * margin.y };
      // Frames close together, with enough drawings that placing them again costs more than a copy.
      const gesture = recent && this.annotations.length >= COPY_FROM_ITEMS;
      const kept =
        transform !== null &&
        coversPane(transform, placed, size) &&
        (!isScaled(transform) ||
          (gesture && withinStretch(transform, STRETCH) && priceScaleIsLinear(params.series)));
      if (kept) {
        // The same placement, shifted (or stretched, in a gesture): nothing is placed again, the
        // painting is copied.
        const moved = !sameTransform(this.painting.transform, transform);
        this.painting = { ...this.painting, transform };
        this.labelPlaced(size);
        // The settle waits for the last frame that moved the drawings: frames that only repaint
        // (crosshair moves, live ticks) do not put it off.
        if (moved && (margin.x > 0 || isScaled(transform))) this.settleLater();
        last.at = now;
        return;
      }
      // A scroll or a zoom: the drawings are placed with a margin to copy from while it goes on.
      // A zoom's placement needs less margin than a scroll's (its copy is stretched over the pane,
      // not slid across it), and a smaller one is painted sooner.
      const share = !gesture ? 0 : transform && isScaled(transform) ? ZOOM_MARGIN : SCROLL_MARGIN;
      // A zoom is placed ahead of where it is going (see Squeeze), on linear price scales only.
      const room = { x: Math.round(size.width * share), y: Math.round(size.height * share) };
      const span = this.span;
      const within = span?.turned && !extended ? squeezeForSpan(mapping.spacing, span, STRETCH) : null;
      const ahead =
        gesture && transform && priceScaleIsLinear(params.series)
          ? squeezeAhead(transform, margin, size, AHEAD, room, within)
          : null;
      this.placeAll(params, key, mapping, room, now, ahead);
      if (gesture) this.settleLater();
      return;
    }
    this.placeAll(params, key, mapping, { x: 0, y: 0 }, now);
  }

  /**
   * Follows the bar spacing through a gesture (frames of the same bars close together; any other
   * frame starts one): its least and most, and whether it has turned back. True when this frame took
   * the spacing past the span the gesture had gone through.
   */
  private trackGesture(mapping: Mapping | null, continues: boolean): boolean {
    const span = this.span;
    if (!mapping) {
      this.span = null;
      return false;
    }
    const spacing = mapping.spacing;
    if (!continues || !span) {
      this.span = { min: spacing, max: spacing, last: spacing, direction: 0, turned: false };
      return false;
    }
    const direction =
      spacing > span.last * (1 + SAME_SPACING) ? 1 : spacing < span.last * (1 - SAME_SPACING) ? -1 : 0;
    if (direction !== 0) {
      if (span.direction !== 0 && direction !== span.direction) span.turned = true;
      span.direction = direction;
    }
    const extended = spacing > span.max * (1 + SAME_SPACING) || spacing < span.min * (1 - SAME_SPACING);
    span.min = Math.min(span.min, spacing);
    span.max = Math.max(span.max, spacing);
    span.last = spacing;
    return extended;
  }

  /** Paints the last frame of a scroll afresh once no frame has shifted the drawings for a while. */
  private settleLater(): void {
    if (this.settleTimer !== null) clearTimeout(this.settleTimer);
    this.settleTimer = setTimeout(() => {
      this.settleTimer = null;
      const { margin, transform } = this.painting;
      if (margin.x === 0 && margin.y === 0 && !isScaled(transform)) return;
      this.settleDue = true;
      this.stale = true;
      this.params?.requestUpdate();
    }, SETTLE_MS);
  }

  /**
   * Places every annotation: in the pane's pixels plus `margin` pixels on every side (none at rest;
   * in a gesture, drawings within the margin are placed too, to be copied into view).
   */
  private placeAll(
    params: SeriesAttachedParameter<Time>,
    key: PlacementKey,
    mapping: Mapping | null,
    margin: { x: number; y: number },
    now: number,
    squeeze: Squeeze | null = null,
  ): void {
    const { times, width, height } = key;
    this.fontSize = key.fontSize;
    const timeScale = params.chart.timeScale();
    const { x: mx, y: my } = margin;
    // A pane x or y where this placement puts it, before its margin (squeezed ahead of a zoom).
    const placeX = squeeze ? (x: number) => squeezeX(squeeze, x) : (x: number) => x;
    const placeY = squeeze ? (y: number) => squeezeY(squeeze, y) : (y: number) => y;
    const toPaneY = priceMapping(params.series);
    const priceToY =
      my === 0 && squeeze === null
        ? toPaneY
        : (price: number) => {
            const y = toPaneY(price);
            return y === null ? null : placeY(y) + my;
          };
    const timeToPx = (time: number) => {
      const x = timeToX(timeScale, times, time);
      return x == null ? null : placeX(x) + mx;
    };
    // Where the pane's left and bottom edges lie in the placement (labels keep inside them).
    const pane = { left: placeX(0) + mx, bottom: placeY(height) + my };
    // Where the plot ends at the latest bar: notes there open to the left (drawing-shapes.ts).
    const latest = times.length > 0 ? timeToPx(times[times.length - 1] as number) : null;
    const { rightOffset, barSpacing } = timeScale.options();
    const liveEdge = latest === null ? undefined : latest + rightOffset * barSpacing;
    const formatPrice = this.source.formatPrice;
    const placed: Placed[] = [];
    for (const annotation of this.annotations) {
      if (annotation.hidden) continue;
      const selected = annotation.id === this.selectedId;
      if (KIND_SPECS[annotation.kind].shaped) {
        const points = pointsOf(annotation);
        const px: Px[] = [];
        for (const p of points) {
          const x = timeToPx(p.time);
          const y = priceToY(p.price);
          if (x === null || y === null) break;
          px.push({ x, y });
        }
        if (px.length < points.length) continue;
        const shapes = shapesOf({
          kind: annotation.kind,
          points,
          px,
          priceToY,
          formatPrice,
          text: annotation.label,
          fibLevels: annotation.fibLevels,
          extendLeft: annotation.extendLeft === true,
          extendRight: annotation.extendRight === true,
          fill: isFilled(annotation),
          measure: () =>
            annotation.kind === 'price-range'
              ? priceChangeText(points[0] as DrawingPoint, points[1] as DrawingPoint, formatPrice)
              : measureText(points[0] as DrawingPoint, points[1] as DrawingPoint, times, formatPrice),
          width: width + 2 * mx,
          height: height + 2 * my,
          pane,
          ...(liveEdge === undefined ? {} : { liveEdge }),
        });
        // Off screen: not drawn, not hit-tested, not labelled (a selected one keeps its handles).
        if (shapes.length === 0 && !selected) continue;
        placed.push({ id: annotation.id, annotation, x: null, y: null, shapes, anchors: px, selected });
        continue;
      }
      const x = annotation.time === undefined ? null : timeToPx(annotation.time);
      const y = annotation.price === undefined ? null : priceToY(annotation.price);
      placed.push({ id: annotation.id, annotation, x, y, selected });
    }
    const placedFor = mapping && squeeze ? squeezeMapping(mapping, squeeze) : mapping;
    this.placement = placedFor ? { key, mapping: placedFor, at: now } : null;
    this.painting = {
      items: placed,
      margin,
      transform: (placedFor && mapping && squeeze && placementTransform(placedFor, margin, mapping)) || {
        scale: { x: 1, y: 1 },
        offset: { x: -mx, y: -my },
      },
      width,
      height,
      halo: key.halo,
    };
    this.labelPlaced({ width, height });
  }

  /** The axis labels of the painting's items where they are now. */
  private labelPlaced(size: { width: number; height: number }): void {
    const { items, transform } = this.painting;
    const labelled = items.length <= MAX_AXIS_LABELS ? items : items.filter((p) => p.selected);
    const formatPrice = this.source.formatPrice;
    this.priceLabels = [];
    this.timeLabels = [];
    for (const p of labelled) {
      const a = p.annotation;
      if (p.anchors) {
        // A drawing's anchors are labelled on the axes while it is selected, as in TradingView.
        if (!p.selected) continue;
        pointsOf(a).forEach((point, i) => {
          const at = p.anchors?.[i];
          if (!at) return;
          const { x, y } = toPane(transform, at.x, at.y);
          if (onPane(y, size.height)) {
            this.priceLabels.push(new AxisLabel(y, formatPrice(point.price), a.color, this.priceCovered));
          }
          if (onPane(x, size.width)) {
            this.timeLabels.push(
              new AxisLabel(x, this.source.formatTime(point.time), a.color, this.timeCovered),
            );
          }
        });
        continue;
      }
      const text = this.textsOf(a);
      const x = p.x === null ? null : paneX(transform, p.x);
      const y = p.y === null ? null : paneY(transform, p.y);
      if (y !== null && text.price !== null && onPane(y, size.height))
        this.priceLabels.push(new AxisLabel(y, text.price, a.color, this.priceCovered));
      if (x !== null && text.time !== null && onPane(x, size.width))
        this.timeLabels.push(new AxisLabel(x, text.time, a.color, this.timeCovered));
    }
  }

  private textsOf(annotation: Annotation): { price: string | null; time: string | null } {
    let text = this.texts.get(annotation);
    if (!text) {
      text = {
        price: annotation.price === undefined ? null : this.source.formatPrice(annotation.price),
        time: annotation.time === undefined ? null : this.source.formatTime(annotation.time),
      };
      this.texts.set(annotation, text);
    }
    return text;
  }

  paneViews(): readonly IPrimitivePaneView[] {
    return [this.view];
  }

  priceAxisViews(): readonly ISeriesPrimitiveAxisView[] {
    this.layout();
    return this.priceLabels;
  }

  timeAxisViews(): readonly ISeriesPrimitiveAxisView[] {
    this.layout();
    return this.timeLabels;
  }

  /** The annotation under a pane point (and the anchor when a selected one's handle is hit). */
  hitAt(x: number, y: number): (AnnotationHit & { annotation: Annotation }) | null {
    const { items: placed, transform } = this.layout();
    const hit = hitTestAnnotations(placed, toPlacement(transform, x, y), 6, this.selectedId);
    const annotation = hit ? placed.find((p) => p.id === hit.id)?.annotation : undefined;
    return hit && annotation ? { ...hit, annotation } : null;
  }

  /** The annotation under a pane point, for clicks, drags and the cursor. */
  annotationAt(x: number, y: number): Annotation | null {
    return this.hitAt(x, y)?.annotation ?? null;
  }

  hitTest(x: number, y: number): PrimitiveHoveredItem | null {
    const hit = this.hitAt(x, y);
    if (!hit) return null;
    const cursorStyle = hit.annotation.locked ? 'pointer' : hit.anchor !== null ? 'crosshair' : 'move';
    return { externalId: hit.id, zOrder: 'top', cursorStyle };
  }
}
