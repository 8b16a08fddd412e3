/** A histogram: equal-width bins of a symbol's returns (daily, monthly, ...), on a numeric x axis. */

import { type AxisFrame, axisFrame, inArea, type PlotArea, plotArea } from '../common/cartesian';
import type { ChartModel, Hit, LayoutInput, SettingControl, Viewport } from '../common/chart';
import { paletteColor, readSetting } from '../common/chart';
import { histogram } from '../common/datasets';
import { linearScale, niceDomain } from '../common/scales';
import { GridIndex, pick } from '../common/spatial-index';

export interface HistogramData {
  symbol: string;
  /** The returns over each of its bars, percent. */
  values: number[];
  /** Its bars' spacing in words ('daily', 'monthly', '5-minute'): what one return is over. */
  period: string;
}

/** What the count axis counts: days for daily returns, months for monthly ones, bars for intraday. */
export function periodCountLabel(period: string): string {
  return { daily: 'Days', weekly: 'Weeks', monthly: 'Months' }[period] ?? 'Bars';
}

/** `count` periods in words: '1 day', '10 days', '3 months', '12 bars'. */
function periodCount(period: string, count: number): string {
  const plural = periodCountLabel(period).toLowerCase();
  return `${count} ${count === 1 ? plural.slice(0, -1) : plural}`;
}

export const BINS: SettingControl = {
  key: 'bins',
  label: 'Bins',
  options: [
    { value: 'auto', label: 'Auto bins' },
    { value: '20', label: '20 bins' },
    { value: '50', label: '50 bins' },
    { value: '100', label: '100 bins' },
  ],
  defaultValue: 'auto',
};

export interface HistogramBar {
  key: string;
  x: number;
  y: number;
  width: number;
  height: number;
  from: number;
  to: number;
  count: number;
}

export interface HistogramModel extends ChartModel {
  area: PlotArea;
  axes: AxisFrame;
  bars: HistogramBar[];
  index: GridIndex;
  color: string;
  total: number;
  symbol: string;
  period: string;
  viewport: Viewport;
  /** Zoomed or panned: bars are cut off at the plot's edges. */
  clipped: boolean;
}

export function histogramLayout(input: LayoutInput<HistogramData>): HistogramModel {
  const { data, theme } = input;
  const bins = readSetting(input.settings, BINS);
  const h = histogram(data.values, bins === 'auto' ? undefined : Number(bins));
  const area = plotArea(input.width, input.height);
  const first = h.edges[0] ?? 0;
  const last = h.edges[h.edges.length - 1] ?? 1;
  const view = input.view ?? null;
  const x = view
    ? linearScale(view.x, [area.left, area.right])
    : linearScale([first, last], [area.left + 4, area.right - 4]);
  // Zoom and pan move along the returns; the count axis fits the bins in view.
  const inView = (i: number) =>
    x.map(h.edges[i + 1] as number) >= area.left && x.map(h.edges[i] as number) <= area.right;
  const y = linearScale(niceDomain(0, Math.max(1, ...h.counts.filter((_, i) => inView(i)))), [
    area.bottom,
    area.top,
  ]);
  const axes = axisFrame(area, x, y, {
    x: `${data.symbol} ${data.period} return (%)`,
    y: periodCountLabel(data.period),
  });
  const bars: HistogramBar[] = h.counts.map((count, i) => {
    const from = h.edges[i] as number;
    const to = h.edges[i + 1] as number;
    const x0 = x.map(from);
    const x1 = x.map(to);
    // Bars stand on zero, wherever a zoomed window puts it (off the plot included: the mask cuts them).
    const top = y.map(count);
    const base = y.map(0);
    // A hairline gap between neighbours, unless the bars are too thin to spare it.
    const gap = x1 - x0 > 3 ? 0.5 : 0;
    return {
      key: String(i),
      x: x0 + gap,
      width: Math.max(0.5, x1 - x0 - 2 * gap),
      y: Math.min(top, base),
      height: Math.abs(base - top),
      from,
      to,
      count,
    };
  });
  const index = new GridIndex(input.width, input.height, 16);
  // Each bar is hit over the full plot height, so thin and short bars are easy to point at.
  bars.forEach((b, id) => {
    index.insert(id, { minX: b.x, minY: area.top, maxX: b.x + b.width, maxY: area.bottom });
  });
  const total = h.counts.reduce((a, b) => a + b, 0);
  return {
    area,
    axes,
    bars,
    index,
    color: paletteColor(theme, 0),
    total,
    symbol: data.symbol,
    period: data.period,
    labels: axes.labels,
    viewport: {
      left: area.left,
      top: area.top,
      right: area.right,
      bottom: area.bottom,
      x,
      y,
      zoomAxes: 'x',
    },
    clipped: view !== null,
  };
}

const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });

export function histogramHitTest(model: HistogramModel, x: number, y: number): Hit | null {
  const { area } = model;
  if (y < area.top || y > area.bottom || x < area.left || x > area.right) return null;
  const id = pick(model.index, x, y, (i) => {
    const b = model.bars[i] as HistogramBar;
    return x >= b.x && x <= b.x + b.width;
  });
  if (id === null) return null;
  const b = model.bars[id] as HistogramBar;
  return {
    key: b.key,
    x: b.x + b.width / 2,
    y: b.y,
    title: `${b.from.toFixed(2)}% to ${b.to.toFixed(2)}%`,
    lines: [
      `${periodCount(model.period, b.count)} (${percent.format(model.total ? b.count / model.total : 0)})`,
    ],
  };
}

/** Where each bin in view is read by the data cursor, left to right. */
export function histogramAnchors(model: HistogramModel): { x: number; y: number }[] {
  return inArea(
    model.area,
    model.bars.map((b) => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 })),
  ).sort((a, b) => a.x - b.x);
}
