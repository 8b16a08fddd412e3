/**
 * Bar chart of category values for several series, grouped side by side or stacked (positives up,
 * negatives down). Bands use the band padding of docs/reference-constants.md (0.3 inner, 0.15 outer).
 */

import {
  type AxisFrame,
  axisFrame,
  inArea,
  type PlotArea,
  plotArea,
  plotViewport,
} from '../common/cartesian';
import type { ChartLabel, ChartModel, Hit, LayoutInput, SettingControl, Viewport } from '../common/chart';
import { paletteColor, readSetting } from '../common/chart';
import { bandScale, linearScale, niceDomain } from '../common/scales';
import type { ValueSeries } from '../common/series-data';
import { GridIndex, pick } from '../common/spatial-index';
import { stackExtent, stackSeries } from '../common/stack';

export type BarSeries = ValueSeries;

export interface BarData {
  categories: string[];
  series: BarSeries[];
  valueLabel: string;
  format(value: number): string;
}

export const BAR_MODE: SettingControl = {
  key: 'mode',
  label: 'Bar layout',
  options: [
    { value: 'grouped', label: 'Grouped' },
    { value: 'stacked', label: 'Stacked' },
  ],
  defaultValue: 'grouped',
};

/** Gap between the bars of one group, as a fraction of a bar's step. */
const GROUP_PADDING = 0.1;

export interface BarRect {
  key: string;
  x: number;
  y: number;
  width: number;
  height: number;
  color: string;
  series: BarSeries;
  category: string;
  value: number;
  /** The stack's total at this category (stacked mode). */
  total: number | null;
}

export interface BarModel extends ChartModel {
  area: PlotArea;
  axes: AxisFrame;
  rects: BarRect[];
  index: GridIndex;
  format(value: number): string;
  /** x is in units of the category axis (0 to 1 shows every band), y in values. */
  viewport: Viewport;
  /** Zoomed or panned: bars are cut off at the plot's edges. */
  clipped: boolean;
}

export function barLayout(input: LayoutInput<BarData>): BarModel {
  const { data, hidden, theme } = input;
  const stacked = readSetting(input.settings, BAR_MODE) === 'stacked';
  const area = plotArea(input.width, input.height);
  const view = input.view ?? null;
  // The band axis zooms as a whole: [0, 1] spans all the bands, a narrower window magnifies them.
  const x = linearScale(view?.x ?? [0, 1], [area.left, area.right]);
  const band = bandScale(data.categories.length, [x.map(0), x.map(1)]);
  const visible = data.series.map((s) => !hidden.has(s.id));
  const shown = data.series.filter((_, i) => visible[i]);
  const stacks = stackSeries(
    data.series.map((s) => s.values),
    visible,
  );
  // Zoom and pan move along the categories; the value axis fits the bars at least partly in view.
  const inView = (c: number) => band.start(c) + band.bandwidth >= area.left && band.start(c) <= area.right;
  let [min, max] = stacked ? stackExtent(stacks.map((s) => s.filter((_, c) => inView(c)))) : [0, 0];
  if (!stacked) {
    for (const s of shown)
      s.values.forEach((v, c) => {
        if (Number.isFinite(v) && inView(c)) [min, max] = [Math.min(min, v), Math.max(max, v)];
      });
  }
  const y = linearScale(niceDomain(min, max), [area.bottom, area.top]);
  const axes = axisFrame(area, null, y, { y: data.valueLabel });
  const group = bandScale(shown.length, [0, band.bandwidth], GROUP_PADDING, 0);
  const totals = data.categories.map((_, c) =>
    shown.reduce((sum, s) => sum + (Number.isFinite(s.values[c]) ? (s.values[c] as number) : 0), 0),
  );
  const rects: BarRect[] = [];
  data.categories.forEach((category, c) => {
    shown.forEach((series, k) => {
      const value = series.values[c];
      if (value === undefined || !Number.isFinite(value)) return;
      const s = data.series.indexOf(series);
      const [v0, v1] = stacked ? [stacks[s]?.[c]?.y0 ?? 0, stacks[s]?.[c]?.y1 ?? 0] : [0, value];
      const top = Math.min(y.map(v0), y.map(v1));
      const bottom = Math.max(y.map(v0), y.map(v1));
      rects.push({
        key: `${series.id}:${c}`,
        x: stacked ? band.start(c) : band.start(c) + group.start(k),
        width: stacked ? band.bandwidth : group.bandwidth,
        y: top,
        height: Math.max(1, bottom - top),
        color: paletteColor(theme, series.colorIndex),
        series,
        category,
        value,
        total: stacked ? (totals[c] as number) : null,
      });
    });
  });
  const index = new GridIndex(input.width, input.height, 24);
  rects.forEach((r, id) => {
    index.insert(id, { minX: r.x, minY: r.y, maxX: r.x + r.width, maxY: r.y + r.height });
  });
  const labels: ChartLabel[] = [
    ...axes.labels,
    ...data.categories.flatMap((text, c): ChartLabel[] => {
      const centre = band.centre(c);
      return centre < area.left || centre > area.right
        ? []
        : [{ x: centre, y: area.bottom + 5, text, align: 'middle', baseline: 'top' }];
    }),
  ];
  const viewport = plotViewport(area, x, y, 'x');
  return { area, axes, rects, index, labels, format: data.format, viewport, clipped: view !== null };
}

export function barHitTest(model: BarModel, x: number, y: number): Hit | null {
  const { area } = model;
  if (x < area.left || x > area.right || y < area.top || y > area.bottom) return null;
  const id = pick(model.index, x, y, (i) => {
    const r = model.rects[i] as BarRect;
    return x >= r.x && x <= r.x + r.width && y >= r.y - 1 && y <= r.y + r.height + 1;
  });
  if (id === null) return null;
  const r = model.rects[id] as BarRect;
  const lines = [model.format(r.value)];
  if (r.total !== null) lines.push(`Stack total ${model.format(r.total)}`);
  return { key: r.key, x: r.x + r.width / 2, y: r.y, title: `${r.series.label} · ${r.category}`, lines };
}

/** Where each bar in view is read by the data cursor: left to right, then bottom to top in a stack. */
export function barAnchors(model: BarModel): { x: number; y: number }[] {
  return inArea(
    model.area,
    model.rects.map((r) => ({ x: r.x + r.width / 2, y: r.y + r.height / 2 })),
  ).sort((a, b) => a.x - b.x || b.y - a.y);
}
