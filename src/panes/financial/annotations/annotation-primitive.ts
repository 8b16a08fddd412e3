/**
 * Annotations as a lightweight-charts series primitive (STYLE practice 6): the store holds their
 * data; this turns it into pixels on every chart update (so zoom, pan and level swaps keep them
 * anchored) and draws lines, handles and axis labels.
 */
import type {
  IPrimitivePaneRenderer,
  IPrimitivePaneView,
  ISeriesPrimitive,
  ISeriesPrimitiveAxisView,
  PrimitiveHoveredItem,
  SeriesAttachedParameter,
  Time,
} from 'lightweight-charts';
import type { Annotation } from '../../../state/workspace-document';
import { type AnnotationPixels, hitTestAnnotations, timeToLogical } from './annotation-geometry';

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

const DASHES: Record<Annotation['lineStyle'], number[]> = { solid: [], dashed: [6, 4], dotted: [2, 3] };

const dateLabel = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  year: 'numeric',
  month: 'short',
  day: '2-digit',
});

class LinesRenderer implements IPrimitivePaneRenderer {
  constructor(private readonly items: () => readonly Placed[]) {}

  draw(target: DrawTarget): void {
    // biome-ignore lint/correctness/useHookAtTopLevel: fancy-canvas's drawing scope, not a React hook.
    target.useBitmapCoordinateSpace(
      ({ context: ctx, horizontalPixelRatio: hr, verticalPixelRatio: vr, bitmapSize }) => {
        for (const item of this.items()) {
          const a = item.annotation;
          const width = Math.max(1, Math.round(a.lineWidth * hr)) + (item.selected ? Math.round(hr) : 0);
          ctx.strokeStyle = a.color;
          ctx.lineWidth = width;
          ctx.setLineDash(DASHES[a.lineStyle].map((d) => d * hr));
          ctx.beginPath();
          if (item.y !== null) {
            const y = Math.round(item.y * vr) + (width % 2) / 2;
            ctx.moveTo(0, y);
            ctx.lineTo(bitmapSize.width, y);
          }
          if (item.x !== null) {
            const x = Math.round(item.x * hr) + (width % 2) / 2;
            ctx.moveTo(x, 0);
            ctx.lineTo(x, bitmapSize.height);
          }
          ctx.stroke();
          ctx.setLineDash([]);
          if (item.selected) drawHandle(ctx, item, hr, vr, a.color, bitmapSize.width);
          if (a.label) {
            ctx.font = `${Math.round(11 * vr)}px 'Inter Variable', system-ui, sans-serif`;
            ctx.fillStyle = a.color;
            const lx = item.x !== null ? item.x * hr + 6 * hr : 8 * hr;
            const ly = item.y !== null ? item.y * vr - 6 * vr : 16 * vr;
            ctx.fillText(a.label, lx, ly);
          }
        }
      },
    );
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
  const r = 5 * hr;
  ctx.fillStyle = '#ffffff';
  ctx.strokeStyle = color;
  ctx.lineWidth = 2 * hr;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
}

class AxisLabel implements ISeriesPrimitiveAxisView {
  constructor(
    private readonly at: number,
    private readonly label: string,
    private readonly color: string,
  ) {}
  coordinate() {
    return this.at;
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

export interface AnnotationSource {
  /** The bar times the chart shows now (they change with the aggregation level). */
  times(): ArrayLike<number>;
  formatPrice(price: number): string;
}

export class AnnotationPrimitive implements ISeriesPrimitive<Time> {
  private params: SeriesAttachedParameter<Time> | null = null;
  private annotations: readonly Annotation[] = [];
  private selectedId: string | null = null;
  private placed: Placed[] = [];
  private readonly view: IPrimitivePaneView;

  constructor(private readonly source: AnnotationSource) {
    const renderer = new LinesRenderer(() => this.placed);
    this.view = { renderer: () => renderer, zOrder: () => 'top' };
  }

  attached(params: SeriesAttachedParameter<Time>): void {
    this.params = params;
  }

  detached(): void {
    this.params = null;
  }

  setAnnotations(annotations: readonly Annotation[], selectedId: string | null): void {
    this.annotations = annotations;
    this.selectedId = selectedId;
    this.updateAllViews();
    this.params?.requestUpdate();
  }

  updateAllViews(): void {
    const params = this.params;
    if (!params) return;
    const times = this.source.times();
    const timeScale = params.chart.timeScale();
    this.placed = this.annotations
      .filter((a) => !a.hidden)
      .map((annotation) => {
        const logical = annotation.time === undefined ? null : timeToLogical(times, annotation.time);
        const x = logical === null ? null : timeScale.logicalToCoordinate(logical as never);
        const y = annotation.price === undefined ? null : params.series.priceToCoordinate(annotation.price);
        return {
          id: annotation.id,
          annotation,
          x: x ?? null,
          y: y ?? null,
          selected: annotation.id === this.selectedId,
        };
      });
  }

  paneViews(): readonly IPrimitivePaneView[] {
    return [this.view];
  }

  priceAxisViews(): readonly ISeriesPrimitiveAxisView[] {
    return this.placed
      .filter((p) => p.y !== null && p.annotation.price !== undefined)
      .map(
        (p) =>
          new AxisLabel(
            p.y as number,
            this.source.formatPrice(p.annotation.price as number),
            p.annotation.color,
          ),
      );
  }

  timeAxisViews(): readonly ISeriesPrimitiveAxisView[] {
    return this.placed
      .filter((p) => p.x !== null && p.annotation.time !== undefined)
      .map(
        (p) =>
          new AxisLabel(
            p.x as number,
            dateLabel.format(new Date((p.annotation.time as number) * 1000)),
            p.annotation.color,
          ),
      );
  }

  /** The annotation under a pane point, for clicks, drags and the cursor. */
  annotationAt(x: number, y: number): Annotation | null {
    const id = hitTestAnnotations(this.placed, { x, y });
    return id ? (this.placed.find((p) => p.id === id)?.annotation ?? null) : null;
  }

  hitTest(x: number, y: number): PrimitiveHoveredItem | null {
    const hit = this.annotationAt(x, y);
    if (!hit) return null;
    return { externalId: hit.id, zOrder: 'top', cursorStyle: hit.locked ? 'pointer' : 'move' };
  }
}
