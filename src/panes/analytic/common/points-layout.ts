/**
 * Scatter and bubble charts: points on two numeric axes, bubbles sized by a value (docs/reference-constants.md: marker size
 * 7 by default, 30 at most, as diameters), filed in a grid index for tooltips.
 */

import {
  type AxisFrame,
  axisFrame,
  contains,
  inArea,
  type PlotArea,
  plotArea,
  plotViewport,
} from './cartesian';
import type { ChartModel, Hit, LayoutInput, LegendEntry, Viewport } from './chart';
import { paletteColor } from './chart';
import { linearScale, niceDomain } from './scales';
import { GridIndex, pick } from './spatial-index';

export const MARKER_SIZE = 7;
export const MAX_MARKER_SIZE = 30;
const LABEL_GAP = 3;

/** A generous width for a point label in the theme's 11 px semibold (DOM text, not measured here). */
export function labelWidth(text: string): number {
  return text.length * 7.5;
}

export interface DataPoint {
  x: number;
  y: number;
  size?: number;
  label?: string;
  /** Items this one stands for when the worker merged neighbours (absent or 1: a single item). */
  count?: number;
}

export interface PointSeries {
  id: string;
  label: string;
  group?: string;
  /** Palette slot, so a symbol keeps its colour across panes. */
  colorIndex: number;
  points: DataPoint[];
}

export interface PointsData {
  series: PointSeries[];
  xLabel: string;
  yLabel: string;
  sizeLabel?: string;
  /** Write each point's label next to it (few, named points). */
  labelPoints: boolean;
  format(value: number): string;
  formatSize?(value: number): string;
  /** What is drawn of the dataset (e.g. merged items), shown by the plot. */
  note?: string;
}

export interface PlacedPoint {
  key: string;
  x: number;
  y: number;
  radius: number;
  color: string;
  series: PointSeries;
  point: DataPoint;
}

export interface PointsModel extends ChartModel {
  area: PlotArea;
  axes: AxisFrame;
  /** In drawing order: larger markers first, so small ones stay visible (and on top for hits). */
  points: PlacedPoint[];
  index: GridIndex;
  data: PointsData;
  viewport: Viewport;
  /** Zoomed in: markers at the plot's edges are cut off there. */
  clipped: boolean;
}

export function pointsLegend(data: PointsData, theme: LayoutInput<unknown>['theme']): LegendEntry[] {
  return data.series.map((s) => ({
    id: s.id,
    label: s.label,
    color: paletteColor(theme, s.colorIndex),
    ...(s.group ? { group: s.group } : {}),
  }));
}

/** Marker diameter for `value`, linear from MARKER_SIZE at the smallest value to MAX_MARKER_SIZE. */
export function markerDiameter(value: number | undefined, min: number, max: number): number {
  if (value === undefined || !Number.isFinite(value) || max <= min) return MARKER_SIZE;
  const t = Math.min(1, Math.max(0, (value - min) / (max - min)));
  return MARKER_SIZE + (MAX_MARKER_SIZE - MARKER_SIZE) * t;
}

export function pointsLayout(input: LayoutInput<PointsData>): PointsModel {
  const { data, hidden, theme } = input;
  const visible = data.series.filter((s) => !hidden.has(s.id));
  const all = visible.flatMap((s) => s.points);
  const xs = all.map((p) => p.x);
  const ys = all.map((p) => p.y);
  const sizes = all.map((p) => p.size).filter((v): v is number => v !== undefined && Number.isFinite(v));
  const sizeMin = Math.min(...sizes);
  const sizeMax = Math.max(...sizes);
  const area = plotArea(input.width, input.height);
  const largest = sizes.length > 0 ? MAX_MARKER_SIZE : MARKER_SIZE;
  const inset = largest / 2 + 2;
  const view = input.view ?? null;
  // Zoomed or panned, the window maps onto the plot exactly; otherwise markers keep clear of its edges.
  const x = view
    ? linearScale(view.x, [area.left, area.right])
    : linearScale(niceDomain(Math.min(...xs), Math.max(...xs)), [area.left + inset, area.right - inset]);
  const y = view
    ? linearScale(view.y, [area.bottom, area.top])
    : linearScale(niceDomain(Math.min(...ys), Math.max(...ys)), [area.bottom - inset, area.top + inset]);
  const axes = axisFrame(area, x, y, { x: data.xLabel, y: data.yLabel });
  const onPlot = (p: PlacedPoint) =>
    p.x + p.radius >= area.left &&
    p.x - p.radius <= area.right &&
    p.y + p.radius >= area.top &&
    p.y - p.radius <= area.bottom;
  const placed: PlacedPoint[] = visible.flatMap((s) =>
    s.points.map((p, i) => ({
      key: `${s.id}:${i}`,
      x: x.map(p.x),
      y: y.map(p.y),
      radius: markerDiameter(p.size, sizeMin, sizeMax) / 2,
      color: paletteColor(theme, s.colorIndex),
      series: s,
      point: p,
    })),
  );
  const points = placed.filter(onPlot);
  points.sort((a, b) => b.radius - a.radius);
  const index = new GridIndex(input.width, input.height, 24);
  points.forEach((p, id) => {
    index.insert(id, {
      minX: p.x - p.radius,
      minY: p.y - p.radius,
      maxX: p.x + p.radius,
      maxY: p.y + p.radius,
    });
  });
  const labels = [...axes.labels];
  if (data.labelPoints) {
    for (const p of points) {
      if (p.point.label && contains(area, p.x, p.y)) {
        // Right of the marker, unless the text would run out of the pane: then left of it.
        const right = p.x + p.radius + LABEL_GAP;
        const fits = right + labelWidth(p.point.label) <= input.width - LABEL_GAP;
        labels.push({
          x: fits ? right : p.x - p.radius - LABEL_GAP,
          y: p.y,
          text: p.point.label,
          align: fits ? 'start' : 'end',
          baseline: 'middle',
          tone: 'strong',
        });
      }
    }
  }
  const viewport = plotViewport(area, x, y);
  return {
    area,
    axes,
    points,
    index,
    data,
    labels,
    viewport,
    clipped: view !== null,
    note: data.note ?? null,
  };
}

const countFormat = new Intl.NumberFormat('en-US');

/** Pointer tolerance around small markers, in pixels. */
const HIT_SLOP = 3;

export function pointsHitTest(model: PointsModel, x: number, y: number): Hit | null {
  const slopIndex = model.index;
  const within = (id: number) => {
    const p = model.points[id] as PlacedPoint;
    return Math.hypot(p.x - x, p.y - y) <= p.radius + HIT_SLOP;
  };
  const id = pick(slopIndex, x, y, within, (i) => {
    const p = model.points[i] as PlacedPoint;
    return Math.hypot(p.x - x, p.y - y) / p.radius;
  });
  if (id === null) return null;
  const p = model.points[id] as PlacedPoint;
  const { data } = model;
  const count = p.point.count ?? 1;
  // A merged item sits at its members' centroid and carries the sum of their sizes.
  const lines = count > 1 ? [`Merged: ${countFormat.format(count)} items`] : [];
  const at = count > 1 ? ' (mean)' : '';
  lines.push(
    `${data.xLabel}${at}: ${data.format(p.point.x)}`,
    `${data.yLabel}${at}: ${data.format(p.point.y)}`,
  );
  if (p.point.size !== undefined && data.sizeLabel) {
    const sum = count > 1 ? ' (sum)' : '';
    lines.push(`${data.sizeLabel}${sum}: ${(data.formatSize ?? data.format)(p.point.size)}`);
  }
  const title =
    p.point.label && p.point.label !== p.series.label ? `${p.series.label} ${p.point.label}` : p.series.label;
  return { key: p.key, x: p.x, y: p.y, title, lines };
}

/** Where each point in view is read by the data cursor, left to right. */
export function pointsAnchors(model: PointsModel): { x: number; y: number }[] {
  return inArea(
    model.area,
    model.points.map((p) => ({ x: p.x, y: p.y })),
  ).sort((a, b) => a.x - b.x || a.y - b.y);
}
