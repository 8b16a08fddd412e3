/**
 * Annotations as a lightweight-charts series primitive (practice 6, docs/practices.md): the store holds their
 * data; this turns it into pixels on every chart update (so zoom, pan and level swaps keep them
 * anchored) and draws lines, handles and axis labels.
 */
import {
  type IPrimitivePaneRenderer,
  type IPrimitivePaneView,
  type ISeriesPrimitive,
  type ISeriesPrimitiveAxisView,
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
import { DASHES, dashStrip, drawShapeItems, type ShapeItem } from './shape-renderer';

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
 * Drawings at least this many are copied, not drawn again, when lightweight-charts repaints its top
 * canvas with nothing of theirs changed (every crosshair move repaints it): a copy of the canvas costs
 * about what drawing a few dozen shapes does in software rendering, and a thousand cost about 10 ms.
 */
const COPY_FROM_ITEMS = 100;

class LinesRenderer implements IPrimitivePaneRenderer {
  /** What the last paint drew (the primitive places anew, as a new array, whenever the chart changes). */
  private drawn: { items: readonly Placed[]; width: number; height: number } | null = null;
  /** A copy of the last paint, made on its first repaint (dropped whenever the items or size change). */
  private copy: HTMLCanvasElement | null = null;

  constructor(private readonly items: () => readonly Placed[]) {}

  draw(target: DrawTarget): void {
    // biome-ignore lint/correctness/useHookAtTopLevel: fancy-canvas's drawing scope, not a React hook.
    target.useBitmapCoordinateSpace((scope) => {
      const items = this.items();
      const { width, height } = scope.bitmapSize;
      const drawn = this.drawn;
      const repeat =
        drawn !== null && drawn.items === items && drawn.width === width && drawn.height === height;
      this.drawn = { items, width, height };
      if (!repeat || items.length < COPY_FROM_ITEMS) {
        this.copy = null;
        paintItems(scope, items);
        return;
      }
      this.copy ??= paintCopy(scope, items);
      scope.context.drawImage(this.copy, 0, 0);
    });
  }
}

/** The items painted on a canvas of their own, the size of the scope's. */
function paintCopy(scope: BitmapScope, items: readonly Placed[]): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = scope.bitmapSize.width;
  canvas.height = scope.bitmapSize.height;
  const context = canvas.getContext('2d');
  if (context) paintItems({ ...scope, context }, items);
  return canvas;
}

function paintItems(
  { context: ctx, horizontalPixelRatio: hr, verticalPixelRatio: vr, bitmapSize }: BitmapScope,
  items: readonly Placed[],
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
  drawShapeItems(ctx, drawings, { hr, vr }, bitmapSize);
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
    const a = item.annotation;
    if (item.selected && item.anchors) {
      for (const anchor of item.anchors) drawHandleAt(ctx, anchor.x * hr, anchor.y * vr, hr, a.color);
    } else if (item.selected) drawHandle(ctx, item, hr, vr, a.color, bitmapSize.width);
    if (a.label && a.kind !== 'text-note') {
      ctx.font = `${Math.round(11 * vr)}px 'Inter Variable', system-ui, sans-serif`;
      ctx.fillStyle = a.color;
      const at = item.anchors?.[0];
      const lx = at ? at.x * hr + 6 * hr : item.x !== null ? item.x * hr + 6 * hr : 8 * hr;
      const ly = at ? at.y * vr - 6 * vr : item.y !== null ? item.y * vr - 6 * vr : 16 * vr;
      ctx.fillText(a.label, lx, ly);
    }
  }
}

function drawHandle(
  ctx: CanvasRenderingContext2D,
  item: Placed,
  hr: number,
  vr: number,
  color: string,
  width: number,
) {
  const x = item.x !== null ? item.x * hr : width / 2;
  const y = item.y !== null ? item.y * vr : 40 * vr;
  drawHandleAt(ctx, x, y, hr, color);
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
 * Price to pane y for every annotation of one update. `priceToCoordinate` looks up the series'
 * first visible value on each call (a tenth of a frame for 200 annotations); on a linear scale
 * (normal, percentage, indexed to 100) two calls give the line through all of them.
 */
function priceMapping(series: SeriesAttachedParameter<Time>['series']): (price: number) => number | null {
  const direct = (price: number) => series.priceToCoordinate(price);
  if (series.priceScale().options().mode === PriceScaleMode.Logarithmic) return direct;
  const y0 = series.priceToCoordinate(0);
  const y1 = series.priceToCoordinate(1);
  if (y0 === null || y1 === null) return direct;
  const slope = y1 - y0;
  return (price) => y0 + slope * price;
}

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
  private placed: Placed[] = [];
  /** The chart changed since `placed` was computed: it is computed again when next needed. */
  private stale = true;
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
    this.view = { renderer: () => renderer, zOrder: () => 'top' };
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
   * lightweight-charts calls this several times a frame (for each price scale it recalculates, and
   * again before painting), while the chart settles: the pixels are computed once, when the frame
   * (or a hit-test) first asks for them.
   */
  updateAllViews(): void {
    this.stale = true;
  }

  /** The annotations in pixels for the chart as it is now. */
  private layout(): readonly Placed[] {
    if (this.stale) {
      this.stale = false;
      this.place();
    }
    return this.placed;
  }

  private place(): void {
    const params = this.params;
    if (!params) {
      this.placed = [];
      this.priceLabels = [];
      this.timeLabels = [];
      return;
    }
    const times = this.source.times();
    this.fontSize = params.chart.options().layout.fontSize;
    const timeScale = params.chart.timeScale();
    const priceToY = priceMapping(params.series);
    const size = params.chart.paneSize(0);
    const formatPrice = this.source.formatPrice;
    this.placed = [];
    for (const annotation of this.annotations) {
      if (annotation.hidden) continue;
      const selected = annotation.id === this.selectedId;
      if (KIND_SPECS[annotation.kind].shaped) {
        const points = pointsOf(annotation);
        const px: Px[] = [];
        for (const p of points) {
          const x = timeToX(timeScale, times, p.time);
          const y = priceToY(p.price);
          if (x == null || y === null) break;
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
          width: size.width,
          height: size.height,
        });
        // Off screen: not drawn, not hit-tested, not labelled (a selected one keeps its handles).
        if (shapes.length === 0 && !selected) continue;
        this.placed.push({ id: annotation.id, annotation, x: null, y: null, shapes, anchors: px, selected });
        continue;
      }
      const x = annotation.time === undefined ? null : timeToX(timeScale, times, annotation.time);
      const y = annotation.price === undefined ? null : priceToY(annotation.price);
      this.placed.push({ id: annotation.id, annotation, x: x ?? null, y: y ?? null, selected });
    }
    const labelled =
      this.placed.length <= MAX_AXIS_LABELS ? this.placed : this.placed.filter((p) => p.selected);
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
          if (onPane(at.y, size.height)) {
            this.priceLabels.push(new AxisLabel(at.y, formatPrice(point.price), a.color, this.priceCovered));
          }
          if (onPane(at.x, size.width)) {
            this.timeLabels.push(
              new AxisLabel(at.x, this.source.formatTime(point.time), a.color, this.timeCovered),
            );
          }
        });
        continue;
      }
      const text = this.textsOf(a);
      if (p.y !== null && text.price !== null && onPane(p.y, size.height))
        this.priceLabels.push(new AxisLabel(p.y, text.price, a.color, this.priceCovered));
      if (p.x !== null && text.time !== null && onPane(p.x, size.width))
        this.timeLabels.push(new AxisLabel(p.x, text.time, a.color, this.timeCovered));
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
    const placed = this.layout();
    const hit = hitTestAnnotations(placed, { x, y }, 6, this.selectedId);
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
