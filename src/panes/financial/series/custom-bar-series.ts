/**
 * lightweight-charts custom series for the bar styles it has no built-in for (hollow candles, HLC,
 * high-low). The view turns the library's bars into pixels and asks a shape function what to draw.
 */
import type {
  CustomData,
  CustomSeriesOptions,
  CustomSeriesPricePlotValues,
  ICustomSeriesPaneRenderer,
  ICustomSeriesPaneView,
  PaneRendererCustomData,
  PriceToCoordinateConverter,
  Time,
  UTCTimestamp,
} from 'lightweight-charts';
import { customSeriesDefaultOptions } from 'lightweight-charts';
import type { BarPixels, Shape, ShapeColors } from './bar-shapes';

export interface OhlcBar extends CustomData<Time> {
  time: UTCTimestamp;
  open: number;
  high: number;
  low: number;
  close: number;
}

export interface BarStyleOptions extends CustomSeriesOptions {
  upColor: string;
  downColor: string;
}

type ShapeFunction = (bars: readonly BarPixels[], barSpacing: number, colors: ShapeColors) => Shape[];

interface DrawTarget {
  useBitmapCoordinateSpace(
    draw: (scope: {
      context: CanvasRenderingContext2D;
      horizontalPixelRatio: number;
      verticalPixelRatio: number;
    }) => void,
  ): void;
}

class ShapeRenderer implements ICustomSeriesPaneRenderer {
  data: PaneRendererCustomData<Time, OhlcBar> | null = null;
  options: BarStyleOptions | null = null;

  constructor(private readonly shapesOf: ShapeFunction) {}

  draw(target: DrawTarget, toY: PriceToCoordinateConverter): void {
    const { data, options } = this;
    if (!data || !options || !data.visibleRange) return;
    const bars: BarPixels[] = [];
    for (let i = data.visibleRange.from; i < data.visibleRange.to; i++) {
      const item = data.bars[i];
      if (!item) continue;
      const d = item.originalData;
      const ys = [toY(d.open), toY(d.high), toY(d.low), toY(d.close)];
      if (ys.some((y) => y === null)) continue;
      const [open, high, low, close] = ys as number[];
      const previous = data.bars[i - 1]?.originalData;
      bars.push({
        x: item.x,
        open: open as number,
        high: high as number,
        low: low as number,
        close: close as number,
        openPrice: d.open,
        closePrice: d.close,
        previousClosePrice: previous ? previous.close : null,
      });
    }
    const spacing = data.barSpacing * Math.max(1, data.conflationFactor);
    const shapes = this.shapesOf(bars, spacing, { up: options.upColor, down: options.downColor });
    // biome-ignore lint/correctness/useHookAtTopLevel: fancy-canvas's drawing scope, not a React hook.
    target.useBitmapCoordinateSpace(({ context: ctx, horizontalPixelRatio: hr, verticalPixelRatio: vr }) => {
      const lineWidth = Math.max(1, Math.floor(hr));
      for (const s of shapes) {
        if (s.kind === 'line') {
          ctx.fillStyle = s.color;
          const x = Math.round(s.x1 * hr) - Math.floor(lineWidth / 2);
          if (s.x1 === s.x2) {
            const y1 = Math.round(Math.min(s.y1, s.y2) * vr);
            const y2 = Math.round(Math.max(s.y1, s.y2) * vr);
            ctx.fillRect(x, y1, lineWidth, Math.max(1, y2 - y1));
          } else {
            const y = Math.round(s.y1 * vr) - Math.floor(lineWidth / 2);
            ctx.fillRect(x, y, Math.max(1, Math.round((s.x2 - s.x1) * hr)), lineWidth);
          }
        } else {
          const x = Math.round(s.x * hr);
          const y = Math.round(s.y * vr);
          const w = Math.max(1, Math.round(s.width * hr));
          const h = Math.max(1, Math.round(s.height * vr));
          if (s.filled) {
            ctx.fillStyle = s.color;
            ctx.fillRect(x, y, w, h);
          } else {
            ctx.strokeStyle = s.color;
            ctx.lineWidth = lineWidth;
            ctx.strokeRect(
              x + lineWidth / 2,
              y + lineWidth / 2,
              Math.max(1, w - lineWidth),
              Math.max(1, h - lineWidth),
            );
          }
        }
      }
    });
  }
}

export class BarShapeSeriesView implements ICustomSeriesPaneView<Time, OhlcBar, BarStyleOptions> {
  private readonly shapeRenderer: ShapeRenderer;

  constructor(shapesOf: ShapeFunction) {
    this.shapeRenderer = new ShapeRenderer(shapesOf);
  }

  renderer(): ICustomSeriesPaneRenderer {
    return this.shapeRenderer;
  }

  update(data: PaneRendererCustomData<Time, OhlcBar>, options: BarStyleOptions): void {
    this.shapeRenderer.data = data;
    this.shapeRenderer.options = options;
  }

  priceValueBuilder(bar: OhlcBar): CustomSeriesPricePlotValues {
    return [bar.high, bar.low, bar.close];
  }

  isWhitespace(bar: OhlcBar | { time: Time }): bar is { time: Time } {
    return !('close' in bar) || !Number.isFinite((bar as OhlcBar).close);
  }

  defaultOptions(): BarStyleOptions {
    return { ...customSeriesDefaultOptions, upColor: '#26a69a', downColor: '#ef5350' };
  }
}
