/**
 * Lines over a numeric or a category x axis, e.g. a term structure (a yield curve's shape): the same
 * points, spaced by their x value or evenly by category.
 */

import { type AxisFrame, axisFrame, type PlotArea, plotArea, valueScale } from '../common/cartesian';
import type { ChartLabel, ChartModel, Hit, LayoutInput, SettingControl } from '../common/chart';
import { paletteColor, readSetting, Y_SCALE } from '../common/chart';
import { linearScale, niceDomain } from '../common/scales';
import type { ValueSeries } from '../common/series-data';
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
}

export function xyLineLayout(input: LayoutInput<XyLineData>): XyLineModel {
  const { data, hidden, theme } = input;
  const byCategory = readSetting(input.settings, X_AXIS) === 'category';
  const area = plotArea(input.width, input.height);
  const shown = data.series.filter((s) => !hidden.has(s.id));
  const values = shown.flatMap((s) => s.values.filter(Number.isFinite));
  const inset = 8;
  const yDomain =
    readSetting(input.settings, Y_SCALE) === 'log'
      ? ([Math.min(...values), Math.max(...values)] as const)
      : niceDomain(Math.min(...values), Math.max(...values));
  const { scale: y, warning } = valueScale(readSetting(input.settings, Y_SCALE), yDomain, [
    area.bottom - inset,
    area.top + inset,
  ]);
  const n = data.x.length;
  const xNumeric = linearScale(niceDomain(Math.min(0, ...data.x), Math.max(...data.x)), [
    area.left + inset,
    area.right - inset,
  ]);
  const xAt = (i: number) =>
    byCategory ? area.left + ((i + 0.5) * area.width) / Math.max(1, n) : xNumeric.map(data.x[i] as number);
  const axes = axisFrame(area, byCategory ? null : xNumeric, y, { x: data.xLabel, y: data.yLabel });
  const labels: ChartLabel[] = [...axes.labels];
  if (byCategory) {
    data.categories.forEach((text, i) => {
      axes.grid.vertical.push(xAt(i));
      labels.push({ x: xAt(i), y: area.bottom + 5, text, align: 'middle', baseline: 'top' });
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
      markers.push({
        key: `${series.id}:${i}`,
        x: px,
        y: py,
        series,
        category: data.categories[i] ?? '',
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
  return { area, axes, lines, markers, index, radius: MARKER_RADIUS, format: data.format, labels, warning };
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
