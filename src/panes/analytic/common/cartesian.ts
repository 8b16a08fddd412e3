/**
 * The frame of a cartesian chart: the plot area inside the axes, tick labels for both axes and the
 * grid lines under the data. Pure.
 */
import type { ChartLabel, Viewport } from './chart';
import { linearScale, logScale, type NumberScale, tickFormatter } from './scales';

export interface PlotArea {
  left: number;
  top: number;
  right: number;
  bottom: number;
  width: number;
  height: number;
}

export interface Margins {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export const DEFAULT_MARGINS: Margins = { left: 52, right: 14, top: 24, bottom: 40 };

export function plotArea(width: number, height: number, margins: Margins = DEFAULT_MARGINS): PlotArea {
  const left = margins.left;
  const top = margins.top;
  const right = Math.max(left + 1, width - margins.right);
  const bottom = Math.max(top + 1, height - margins.bottom);
  return { left, top, right, bottom, width: right - left, height: bottom - top };
}

/** The zoom and pan frame of a plot: its area and scales (`zoomAxes` as `Viewport` says; xy when absent). */
export function plotViewport(
  area: PlotArea,
  x: NumberScale,
  y: NumberScale,
  zoomAxes?: Viewport['zoomAxes'],
): Viewport {
  const viewport: Viewport = { left: area.left, top: area.top, right: area.right, bottom: area.bottom, x, y };
  if (zoomAxes) viewport.zoomAxes = zoomAxes;
  return viewport;
}

export function contains(area: PlotArea, x: number, y: number): boolean {
  return x >= area.left && x <= area.right && y >= area.top && y <= area.bottom;
}

/** Positions of grid lines (pixels) and the zero line, if zero is in view. */
export interface Grid {
  vertical: number[];
  horizontal: number[];
  zeroX: number | null;
  zeroY: number | null;
}

export interface AxisFrame {
  grid: Grid;
  labels: ChartLabel[];
}

/** About one tick per 80 px across and one per 44 px up. */
export function tickCount(pixels: number, spacing: number): number {
  return Math.max(2, Math.floor(pixels / spacing));
}

function inDomain(scale: NumberScale, value: number): boolean {
  const [a, b] = scale.domain;
  return value >= Math.min(a, b) && value <= Math.max(a, b);
}

/**
 * Tick labels and grid lines for numeric axes; `x` may be null when the x axis is a band axis
 * (the chart labels its categories itself).
 */
export function axisFrame(
  area: PlotArea,
  x: NumberScale | null,
  y: NumberScale,
  titles: { x?: string; y?: string } = {},
): AxisFrame {
  const labels: ChartLabel[] = [];
  const grid: Grid = { vertical: [], horizontal: [], zeroX: null, zeroY: null };
  const yTicks = y.ticks(tickCount(area.height, 44));
  const yFormat = tickFormatter(yTicks);
  for (const value of yTicks) {
    const py = y.map(value);
    grid.horizontal.push(py);
    labels.push({ x: area.left - 6, y: py, text: yFormat(value), align: 'end', baseline: 'middle' });
  }
  if (y.kind === 'linear' && inDomain(y, 0)) grid.zeroY = y.map(0);
  if (x) {
    const xTicks = x.ticks(tickCount(area.width, 80));
    const xFormat = tickFormatter(xTicks);
    for (const value of xTicks) {
      const px = x.map(value);
      grid.vertical.push(px);
      labels.push({ x: px, y: area.bottom + 5, text: xFormat(value), align: 'middle', baseline: 'top' });
    }
    if (x.kind === 'linear' && inDomain(x, 0)) grid.zeroX = x.map(0);
  }
  if (titles.x) {
    labels.push({ x: area.left + area.width / 2, y: area.bottom + 22, text: titles.x, align: 'middle' });
  }
  if (titles.y) labels.push({ x: 6, y: area.top - 8, text: titles.y, align: 'start', baseline: 'bottom' });
  return { grid, labels };
}

/**
 * A linear or log value scale; a log scale whose domain reaches zero comes back linear, and the
 * warning is returned for the pane to report (once, not on every layout).
 */
export function valueScale(
  kind: string,
  domain: readonly [number, number],
  range: readonly [number, number],
): { scale: NumberScale; warning: string | null } {
  if (kind !== 'log') return { scale: linearScale(domain, range), warning: null };
  let warning: string | null = null;
  const scale = logScale(domain, range, (message) => {
    warning = message;
  });
  return { scale, warning };
}

/** The points inside the plot area (the data cursor reads only what is in view). */
export function inArea<P extends { x: number; y: number }>(area: PlotArea, points: readonly P[]): P[] {
  return points.filter((p) => contains(area, p.x, p.y));
}
