/**
 * Data the worker aggregates for the pane's view (docs/reference-constants.md): scatter and bubble datasets above
 * 10000 items come back merged for the plot's window and pixel size, line and area series of 1000
 * points and more come back M4-aggregated per pixel column. Every request goes through `callLatest`
 * with the pane's key, so a pan or zoom drops the answer to the one before it.
 */
import type { DatasetInfo, ScatterResult, XyWindow } from '../../../../core/protocol';
import { getEngineClient } from '../../../data/engine-client';
import { plotArea } from './cartesian';
import type { LoadRequest, ViewWindow } from './chart';
import type { DataPoint, PointSeries } from './points-layout';

export function toXyWindow(view: ViewWindow): XyWindow {
  return {
    xMin: Math.min(view.x[0], view.x[1]),
    xMax: Math.max(view.x[0], view.x[1]),
    yMin: Math.min(view.y[0], view.y[1]),
    yMax: Math.max(view.y[0], view.y[1]),
  };
}

/** The request key of view-dependent data: the window (to the plot's pixel precision) and the size. */
export function viewRequestKey(request: LoadRequest): string {
  const { view, width, height } = request;
  if (!view) return `all|${width}x${height}`;
  const digits = (pair: readonly [number, number]) => {
    const step = Math.abs(pair[1] - pair[0]) / 10_000;
    return pair.map((v) => (step > 0 ? Math.round(v / step) * step : v).toPrecision(12)).join(',');
  };
  return `${digits(view.x)}|${digits(view.y)}|${width}x${height}`;
}

let datasets: Promise<DatasetInfo[]> | null = null;

export function datasetInfo(dataset: string): Promise<DatasetInfo> {
  datasets ??= getEngineClient().call('listDatasets');
  datasets.catch(() => {
    datasets = null;
  });
  return datasets.then((list) => {
    const info = list.find((d) => d.dataset === dataset);
    if (!info) throw new Error(`Unknown dataset: ${dataset}`);
    return info;
  });
}

export interface ScatterSeriesData {
  info: DatasetInfo;
  series: PointSeries[];
  /** Items the answer stands for (all of the window's) and items drawn. */
  total: number;
  shown: number;
  aggregated: boolean;
}

/** One series per category (palette slot = category), plus one for merged items of mixed categories. */
export function scatterSeries(info: DatasetInfo, result: ScatterResult, withSize: boolean): PointSeries[] {
  const byCategory = new Map<number, DataPoint[]>();
  for (let i = 0; i < result.x.length; i++) {
    const category = result.category?.[i] ?? 0;
    const point: DataPoint = { x: result.x[i] as number, y: result.y[i] as number };
    const count = result.count[i] as number;
    if (count > 1) point.count = count;
    if (withSize && result.size) point.size = result.size[i] as number;
    const label = result.labels?.[i];
    if (label) point.label = label;
    let list = byCategory.get(category);
    if (!list) {
      list = [];
      byCategory.set(category, list);
    }
    list.push(point);
  }
  const names = info.categories.length > 0 ? info.categories : ['All'];
  const series: PointSeries[] = names.map((name, k) => ({
    id: `${info.dataset}:${k}`,
    label: info.categories.length > 0 ? `Cluster ${name}` : info.name,
    colorIndex: k,
    points: byCategory.get(k) ?? [],
  }));
  const mixed = byCategory.get(-1);
  if (mixed && mixed.length > 0) {
    series.push({
      id: `${info.dataset}:mixed`,
      label: 'Merged across clusters',
      colorIndex: names.length,
      points: mixed,
    });
  }
  return series;
}

/** A scatter dataset for the pane's window and plot, merged by the worker above 10000 items. */
export async function loadScatter(
  dataset: string,
  request: LoadRequest,
  withSize: boolean,
): Promise<ScatterSeriesData> {
  const area = plotArea(request.width, request.height);
  const [info, result] = await Promise.all([
    datasetInfo(dataset),
    getEngineClient().callLatest(request.key, 'getScatter', {
      dataset,
      ...(request.view ? { window: toXyWindow(request.view) } : {}),
      pixels: { width: Math.max(1, Math.round(area.width)), height: Math.max(1, Math.round(area.height)) },
    }),
  ]);
  return {
    info,
    series: scatterSeries(info, result, withSize),
    total: result.total,
    shown: result.x.length,
    aggregated: result.aggregated,
  };
}

export interface LineSeriesData {
  symbol: string;
  /** UTC seconds. */
  time: number[];
  values: number[];
  aggregated: boolean;
  /** Points of the series in the window, before aggregation. */
  windowCount: number;
  /** The whole series' first and last times. */
  first: number;
  last: number;
}

/** A symbol's closes over the view's time window, M4-aggregated by the worker from 1000 points. */
export async function loadLine(symbol: string, request: LoadRequest): Promise<LineSeriesData> {
  const area = plotArea(request.width, request.height);
  const view = request.view;
  const result = await getEngineClient().callLatest(request.key, 'getLine', {
    symbol,
    width: Math.max(1, Math.round(area.width)),
    ...(view ? { from: Math.min(view.x[0], view.x[1]), to: Math.max(view.x[0], view.x[1]) } : {}),
  });
  return {
    symbol,
    time: Array.from(result.x),
    values: Array.from(result.y),
    aggregated: result.aggregated,
    windowCount: result.windowCount,
    first: result.first,
    last: result.last,
  };
}

const counts = new Intl.NumberFormat('en-US');

/** What the plot shows of its dataset, e.g. `9,996 merged items for 100,000 points`. */
export function aggregationNote(shown: number, total: number, aggregated: boolean, unit: string): string {
  return aggregated
    ? `${counts.format(shown)} merged items for ${counts.format(total)} ${unit}`
    : `${counts.format(shown)} ${unit}`;
}
