/**
 * Lines over a numeric or a category x axis, e.g. a term structure (a yield curve's shape): the same
 * points, spaced by their x value or evenly by category.
 */

import {
  type AxisFrame,
  axisFrame,
  inArea,
  type PlotArea,
  plotArea,
  plotViewport,
  tickCount,
  valueScale,
} from '../common/cartesian';
import type { ChartLabel, ChartModel, Hit, LayoutInput, SettingControl, Viewport } from '../common/chart';
import { paletteColor, readSetting, Y_SCALE } from '../common/chart';
import { axisZone, linearScale, niceDomain, timeTicks } from '../common/scales';
import { type ValueSeries, windowRange } from '../common/series-data';
import { GridIndex, pick } from '../common/spatial-index';

export interface XyLineData {
  /** Numeric x of each point (e.g. months), ascending. */
  x: number[];
  /** The same points as categories (e.g. `1M`, `1Y`). */
  categories: string[];
  series: ValueSeries[];
  xLabel: string;
  yLabel: string;
  format(value: number): string;
  /** x is UTC seconds: a time axis (the category setting does not apply). */
  timeAxis?: boolean;
  /** Names an x value in the tooltip when there are no categories (e.g. a date, in the workspace's zone). */
  formatX?(x: number, zone: string): string;
  /** What is drawn of the data when it is aggregated. */
  note?: string;
}

export const X_AXIS: SettingControl = {
  key: 'xAxis',
  label: 'X axis',
  options: [
    { value: 'number', label: 'Numeric x' },
    { value: 'category', label: 'Category x' },
  ],
  defaultValue: 'number',
};

const MARKER_RADIUS = 3.5;
const HIT_RADIUS = 9;
/** Longer series are drawn as lines only (their points still answer the pointer). */
const MARKERS_UP_TO = 100;

export interface XyLine {
  series: ValueSeries;
  color: string;
  /** x, y pixel pairs of the finite points. */
  points: number[];
}

export interface XyMarker {
  key: string;
  x: number;
  y: number;
  series: ValueSeries;
  category: string;
  value: number;
}

export interface XyLineModel extends ChartModel {
  area: PlotArea;
  axes: AxisFrame;
  lines: XyLine[];
  markers: XyMarker[];
  index: GridIndex;
  radius: number;
  format(value: number): string;
  viewport: Viewport;
  /** Zoomed or panned: lines are cut off at the plot's edges. */
  clipped: boolean;
}

export function xyLineLayout(input: LayoutInput<XyLineData>): XyLineModel {
  const { data, hidden, theme } = input;
  const timeAxis = data.timeAxis === true;
  const byCategory = !timeAxis && readSetting(input.settings, X_AXIS) === 'category';
  const area = plotArea(input.width, input.height);
  const shown = data.series.filter((s) => !hidden.has(s.id));
  const view = input.view ?? null;
  // Zoomed or panned, the window maps onto the plot exactly; otherwise the ends keep clear of its edges.
  const inset = view ? 0 : 8;
  const n = data.x.length;
  // Categories sit at their index, half a step in from either edge; numbers at their value.
  const xDomain: readonly [number, number] = byCategory
    ? [-0.5, n - 0.5]
    : timeAxis
      ? [data.x[0] ?? 0, data.x[n - 1] ?? 1]
      : niceDomain(Math.min(0, ...data.x), Math.max(...data.x));
  const x = linearScale(view?.x ?? xDomain, [
    area.left + (byCategory ? 0 : inset),
    area.right - (byCategory ? 0 : inset),
  ]);
  // A series over time zooms along time, its values fitted to what is in view; other lines zoom both ways.
  const [start, end] = timeAxis && view ? windowRange(data.x, x.domain[0], x.domain[1]) : [0, n];
  const values = shown.flatMap((s) => s.values.slice(start, end).filter(Number.isFinite));
  const logY = readSetting(input.settings, Y_SCALE) === 'log';
  const fitted: readonly [number, number] = logY
    ? [Math.min(...values), Math.max(...values)]
    : niceDomain(Math.min(...values), Math.max(...values));
  const yDomain = timeAxis ? fitted : (view?.y ?? fitted);
  const { scale: y, warning } = valueScale(readSetting(input.settings, Y_SCALE), yDomain, [
    area.bottom - inset,
    area.top + inset,
  ]);
  const xAt = (i: number) => x.map(byCategory ? i : (data.x[i] as number));
  const axes = axisFrame(area, byCategory || timeAxis ? null : x, y, { x: data.xLabel, y: data.yLabel });
  const labels: ChartLabel[] = [...axes.labels];
  const onPlot = (px: number, py: number) =>
    px >= area.left - 0.5 && px <= area.right + 0.5 && py >= area.top - 0.5 && py <= area.bottom + 0.5;
  const zone = input.zone ?? 'UTC';
  if (timeAxis) {
    const ticksIn = axisZone(data.x, zone);
    for (const tick of timeTicks(x.domain[0], x.domain[1], tickCount(area.width, 80), ticksIn)) {
      const px = x.map(tick.time);
      axes.grid.vertical.push(px);
      labels.push({ x: px, y: area.bottom + 5, text: tick.label, align: 'middle', baseline: 'top' });
    }
  }
  if (byCategory) {
    data.categories.forEach((text, i) => {
      const px = xAt(i);
      if (px < area.left || px > area.right) return;
      axes.grid.vertical.push(px);
      labels.push({ x: px, y: area.bottom + 5, text, align: 'middle', baseline: 'top' });
    });
  }
  const lines: XyLine[] = [];
  const markers: XyMarker[] = [];
  for (const series of shown) {
    const points: number[] = [];
    series.values.forEach((value, i) => {
      if (!Number.isFinite(value) || (y.kind === 'log' && value <= 0)) return;
      const px = xAt(i);
      const py = y.map(value);
      points.push(px, py);
      if (!onPlot(px, py)) return;
      markers.push({
        key: `${series.id}:${i}`,
        x: px,
        y: py,
        series,
        category: data.categories[i] ?? data.formatX?.(data.x[i] as number, zone) ?? '',
        value,
      });
    });
    lines.push({ series, color: paletteColor(theme, series.colorIndex), points });
  }
  const index = new GridIndex(input.width, input.height, 24);
  markers.forEach((m, id) => {
    index.insert(id, {
      minX: m.x - HIT_RADIUS,
      minY: m.y - HIT_RADIUS,
      maxX: m.x + HIT_RADIUS,
      maxY: m.y + HIT_RADIUS,
    });
  });
  const viewport = plotViewport(area, x, y, timeAxis ? 'x' : 'xy');
  return {
    area,
    axes,
    lines,
    markers,
    index,
    radius: n > MARKERS_UP_TO ? 0 : MARKER_RADIUS,
    format: data.format,
    labels,
    warning,
    note: data.note ?? null,
    viewport,
    clipped: view !== null,
  };
}

export function xyLineHitTest(model: XyLineModel, x: number, y: number): Hit | null {
  const distance = (id: number) => {
    const m = model.markers[id] as XyMarker;
    return Math.hypot(m.x - x, m.y - y);
  };
  const id = pick(model.index, x, y, (i) => distance(i) <= HIT_RADIUS, distance);
  if (id === null) return null;
  const m = model.markers[id] as XyMarker;
  return {
    key: m.key,
    x: m.x,
    y: m.y,
    title: `${m.series.label} · ${m.category}`,
    lines: [model.format(m.value)],
  };
}

/** Where each point in view is read by the data cursor: left to right, series by series at one x. */
export function xyLineAnchors(model: XyLineModel): { x: number; y: number }[] {
  return inArea(
    model.area,
    model.markers.map((m) => ({ x: m.x, y: m.y })),
  ).sort((a, b) => a.x - b.x || a.y - b.y);
}
