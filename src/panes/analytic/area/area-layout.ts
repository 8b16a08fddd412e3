/** Stacked area over a time axis: each series on top of the visible ones before it. */

import {
  type AxisFrame,
  axisFrame,
  inArea,
  type PlotArea,
  plotArea,
  plotViewport,
  tickCount,
} from '../common/cartesian';
import type { ChartLabel, ChartModel, Hit, LayoutInput, Viewport } from '../common/chart';
import { paletteColor } from '../common/chart';
import { axisZone, linearScale, niceDomain, timeTicks } from '../common/scales';
import { nearestIndex, type ValueSeries, windowRange } from '../common/series-data';
import { stackExtent, stackSeries } from '../common/stack';

export interface AreaData {
  /** UTC seconds, ascending. */
  time: number[];
  series: ValueSeries[];
  valueLabel: string;
  format(value: number): string;
  /** Names a time in the tooltip, in the workspace's zone; month and year by default. */
  formatTime?(time: number, zone: string): string;
  /** What is drawn of the data when it is aggregated. */
  note?: string;
}

export interface AreaBand {
  series: ValueSeries;
  color: string;
  /** x, y pairs: along the top edge left to right, then the bottom edge right to left. */
  polygon: number[];
  /** Top edge only, for the outline. */
  top: number[];
  y0: number[];
  y1: number[];
}

export interface AreaModel extends ChartModel {
  area: PlotArea;
  axes: AxisFrame;
  bands: AreaBand[];
  /** Pixel x of each time. */
  xs: number[];
  time: number[];
  invertY(pixel: number): number;
  format(value: number): string;
  formatTime(time: number): string;
  viewport: Viewport;
  /** Zoomed or panned: the bands are cut off at the plot's edges. */
  clipped: boolean;
}

const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

export function areaLayout(input: LayoutInput<AreaData>): AreaModel {
  const { data, hidden, theme } = input;
  const area = plotArea(input.width, input.height);
  const visible = data.series.map((s) => !hidden.has(s.id));
  const stacks = stackSeries(
    data.series.map((s) => s.values),
    visible,
  );
  const view = input.view ?? null;
  const first = data.time[0] ?? 0;
  const last = data.time[data.time.length - 1] ?? first + 1;
  const x = linearScale(view?.x ?? [first, last], [area.left, area.right]);
  // Zoom and pan move along time; the value axis fits the stacks in view (from zero).
  const [start, end] = view ? windowRange(data.time, x.domain[0], x.domain[1]) : [0, data.time.length];
  const [min, max] = stackExtent(stacks.map((segments) => segments.slice(start, end)));
  const y = linearScale(niceDomain(min, max), [area.bottom, area.top]);
  const axes = axisFrame(area, null, y, { y: data.valueLabel });
  const labels: ChartLabel[] = [...axes.labels];
  const zone = input.zone ?? 'UTC';
  const ticksIn = axisZone(data.time, zone);
  for (const tick of timeTicks(x.domain[0], x.domain[1], tickCount(area.width, 70), ticksIn)) {
    const px = x.map(tick.time);
    axes.grid.vertical.push(px);
    labels.push({ x: px, y: area.bottom + 5, text: tick.label, align: 'middle', baseline: 'top' });
  }
  const xs = data.time.map((t) => x.map(t));
  const bands: AreaBand[] = [];
  data.series.forEach((series, s) => {
    if (!visible[s]) return;
    const segments = stacks[s] ?? [];
    const top: number[] = [];
    const bottom: number[] = [];
    xs.forEach((px, i) => {
      top.push(px, y.map(segments[i]?.y1 ?? 0));
      bottom.push(px, y.map(segments[i]?.y0 ?? 0));
    });
    const reversed: number[] = [];
    for (let i = bottom.length - 2; i >= 0; i -= 2)
      reversed.push(bottom[i] as number, bottom[i + 1] as number);
    bands.push({
      series,
      color: paletteColor(theme, series.colorIndex),
      polygon: [...top, ...reversed],
      top,
      y0: segments.map((v) => v.y0),
      y1: segments.map((v) => v.y1),
    });
  });
  const viewport = plotViewport(area, x, y, 'x');
  return {
    area,
    axes,
    bands,
    xs,
    time: data.time,
    invertY: y.invert,
    format: data.format,
    formatTime: (t) => data.formatTime?.(t, zone) ?? monthFormat.format(new Date(t * 1000)),
    labels,
    viewport,
    clipped: view !== null,
    note: data.note ?? null,
  };
}

/** The band under the pointer at the nearest time (binary search over the times, then the stack). */
export function areaHitTest(model: AreaModel, px: number, py: number): Hit | null {
  const { area } = model;
  if (px < area.left || px > area.right || py < area.top || py > area.bottom) return null;
  const i = nearestIndex(model.xs, px);
  if (i < 0) return null;
  const value = model.invertY(py);
  const band = model.bands.find((b) => {
    const lo = Math.min(b.y0[i] as number, b.y1[i] as number);
    const hi = Math.max(b.y0[i] as number, b.y1[i] as number);
    return value >= lo && value <= hi && hi > lo;
  });
  if (!band) return null;
  const time = model.time[i] as number;
  const own = (band.y1[i] as number) - (band.y0[i] as number);
  const total = model.bands.reduce(
    (sum, b) => sum + Math.max(0, (b.y1[i] as number) - (b.y0[i] as number)),
    0,
  );
  return {
    key: `${band.series.id}:${i}`,
    x: model.xs[i] as number,
    y: py,
    title: `${band.series.label} · ${model.formatTime(time)}`,
    lines: [model.format(own), `Stack total ${model.format(total)}`],
  };
}

/** Where each time in view is read by the data cursor: its top band's middle, left to right. */
export function areaAnchors(model: AreaModel): { x: number; y: number }[] {
  const scale = model.viewport.y;
  return inArea(
    model.area,
    model.xs.flatMap((x, i) => {
      const band = [...model.bands].reverse().find((b) => (b.y1[i] as number) > (b.y0[i] as number));
      return band ? [{ x, y: scale.map(((band.y0[i] as number) + (band.y1[i] as number)) / 2) }] : [];
    }),
  );
}
