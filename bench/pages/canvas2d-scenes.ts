/**
 * The peer of the analytic workload: the same scenes as the analytic panes' PixiJS renderers
 * (src/panes/analytic/<kind>/<kind>-draw.ts), hand-written for a 2D canvas context. They draw from
 * the same models (the layouts' output), with the same shapes, colours, alphas and line widths, so
 * the comparison is renderer against renderer.
 */
import type { AreaModel } from '../../src/panes/analytic/area/area-layout';
import type { BarModel } from '../../src/panes/analytic/bar/bar-layout';
import type { Grid, PlotArea } from '../../src/panes/analytic/common/cartesian';
import { markerAlpha } from '../../src/panes/analytic/common/points-draw';
import type { PlacedPoint, PointsModel } from '../../src/panes/analytic/common/points-layout';
import {
  type GaugeModel,
  RADIAL_START,
  RADIAL_SWEEP,
  radialAngle,
  scaleFraction,
} from '../../src/panes/analytic/gauge/gauge-layout';
import type { HistogramModel } from '../../src/panes/analytic/histogram/histogram-layout';
import type { PieModel } from '../../src/panes/analytic/pie/pie-layout';
import type { XyLineModel } from '../../src/panes/analytic/xy-line/xy-line-layout';
import type { Theme } from '../../src/themes/theme';

export type Scene2D =
  | { kind: 'points'; model: PointsModel }
  | { kind: 'bar'; model: BarModel }
  | { kind: 'area'; model: AreaModel }
  | { kind: 'xy-line'; model: XyLineModel }
  | { kind: 'histogram'; model: HistogramModel }
  | { kind: 'pie'; model: PieModel }
  | { kind: 'gauge'; model: GaugeModel };

/** Fits the canvas to `width` x `height` CSS pixels, clears it to the pane's surface and draws `scene`. */
export function drawScene2D(
  ctx: CanvasRenderingContext2D,
  scene: Scene2D,
  theme: Theme,
  width: number,
  height: number,
): void {
  const ratio = window.devicePixelRatio || 1;
  const canvas = ctx.canvas;
  const pixelWidth = Math.round(width * ratio);
  const pixelHeight = Math.round(height * ratio);
  if (canvas.width !== pixelWidth) canvas.width = pixelWidth;
  if (canvas.height !== pixelHeight) canvas.height = pixelHeight;
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.globalAlpha = 1;
  ctx.fillStyle = theme.colors.surface;
  ctx.fillRect(0, 0, width, height);
  switch (scene.kind) {
    case 'points':
      drawPoints2D(ctx, scene.model, theme);
      break;
    case 'bar':
      drawBars2D(ctx, scene.model, theme);
      break;
    case 'area':
      drawArea2D(ctx, scene.model, theme);
      break;
    case 'xy-line':
      drawXyLine2D(ctx, scene.model, theme);
      break;
    case 'histogram':
      drawHistogram2D(ctx, scene.model, theme);
      break;
    case 'pie':
      drawPie2D(ctx, scene.model, theme);
      break;
    case 'gauge':
      drawGauge2D(ctx, scene.model, theme);
      break;
  }
}

function line(ctx: CanvasRenderingContext2D, x0: number, y0: number, x1: number, y1: number): void {
  ctx.moveTo(x0, y0);
  ctx.lineTo(x1, y1);
}

function drawGrid2D(ctx: CanvasRenderingContext2D, area: PlotArea, grid: Grid, theme: Theme): void {
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (const y of grid.horizontal) line(ctx, area.left, y, area.right, y);
  for (const x of grid.vertical) line(ctx, x, area.top, x, area.bottom);
  ctx.strokeStyle = theme.colors.grid;
  ctx.stroke();
  if (grid.zeroX !== null || grid.zeroY !== null) {
    ctx.beginPath();
    if (grid.zeroY !== null) line(ctx, area.left, grid.zeroY, area.right, grid.zeroY);
    if (grid.zeroX !== null) line(ctx, grid.zeroX, area.top, grid.zeroX, area.bottom);
    ctx.strokeStyle = theme.colors.crosshair;
    ctx.stroke();
  }
  ctx.beginPath();
  line(ctx, area.left, area.bottom, area.right, area.bottom);
  ctx.strokeStyle = theme.colors.border;
  ctx.stroke();
}

/** Cuts the marks off at the plot's edges when the chart is zoomed (the Pixi scenes use a mask). */
function withClip(ctx: CanvasRenderingContext2D, area: PlotArea, clipped: boolean, draw: () => void): void {
  if (!clipped) {
    draw();
    return;
  }
  ctx.save();
  ctx.beginPath();
  ctx.rect(area.left, area.top, area.width, area.height);
  ctx.clip();
  draw();
  ctx.restore();
}

function drawPoints2D(ctx: CanvasRenderingContext2D, model: PointsModel, theme: Theme): void {
  drawGrid2D(ctx, model.area, model.axes.grid, theme);
  withClip(ctx, model.area, model.clipped, () => {
    ctx.lineWidth = 1;
    // Runs of one colour and opacity, each filled marker by marker and then stroked, as the scene does.
    const points = model.points;
    let start = 0;
    while (start < points.length) {
      const first = points[start] as PlacedPoint;
      const alpha = markerAlpha(first);
      let end = start + 1;
      while (end < points.length) {
        const p = points[end] as PlacedPoint;
        if (p.color !== first.color || markerAlpha(p) !== alpha) break;
        end++;
      }
      ctx.globalAlpha = alpha;
      ctx.fillStyle = first.color;
      for (let i = start; i < end; i++) {
        const p = points[i] as PlacedPoint;
        ctx.beginPath();
        ctx.arc(p.x, p.y, p.radius, 0, Math.PI * 2);
        ctx.fill();
      }
      ctx.globalAlpha = 1;
      ctx.strokeStyle = first.color;
      for (let i = start; i < end; i++) {
        const p = points[i] as PlacedPoint;
        ctx.beginPath();
        ctx.arc(p.x, p.y, p.radius, 0, Math.PI * 2);
        ctx.stroke();
      }
      start = end;
    }
  });
}

function drawBars2D(ctx: CanvasRenderingContext2D, model: BarModel, theme: Theme): void {
  drawGrid2D(ctx, model.area, model.axes.grid, theme);
  withClip(ctx, model.area, model.clipped, () => {
    for (const r of model.rects) {
      ctx.fillStyle = r.color;
      ctx.fillRect(r.x, r.y, r.width, r.height);
    }
  });
}

function polyline(ctx: CanvasRenderingContext2D, points: readonly number[], close: boolean): void {
  ctx.beginPath();
  for (let i = 0; i < points.length; i += 2) {
    if (i === 0) ctx.moveTo(points[i] as number, points[i + 1] as number);
    else ctx.lineTo(points[i] as number, points[i + 1] as number);
  }
  if (close) ctx.closePath();
}

function drawArea2D(ctx: CanvasRenderingContext2D, model: AreaModel, theme: Theme): void {
  drawGrid2D(ctx, model.area, model.axes.grid, theme);
  withClip(ctx, model.area, model.clipped, () => {
    ctx.lineWidth = 1.5;
    for (const band of model.bands) {
      polyline(ctx, band.polygon, true);
      ctx.globalAlpha = 0.85;
      ctx.fillStyle = band.color;
      ctx.fill();
      ctx.globalAlpha = 1;
      polyline(ctx, band.top, false);
      ctx.strokeStyle = band.color;
      ctx.stroke();
    }
  });
}

function drawXyLine2D(ctx: CanvasRenderingContext2D, model: XyLineModel, theme: Theme): void {
  drawGrid2D(ctx, model.area, model.axes.grid, theme);
  withClip(ctx, model.area, model.clipped, () => {
    ctx.lineWidth = 2;
    ctx.lineJoin = 'round';
    for (const l of model.lines) {
      if (l.points.length >= 4) {
        polyline(ctx, l.points, false);
        ctx.strokeStyle = l.color;
        ctx.stroke();
      }
      ctx.fillStyle = l.color;
      for (let i = 0; model.radius > 0 && i < l.points.length; i += 2) {
        ctx.beginPath();
        ctx.arc(l.points[i] as number, l.points[i + 1] as number, model.radius, 0, Math.PI * 2);
        ctx.fill();
      }
    }
    ctx.lineJoin = 'miter';
  });
}

function drawHistogram2D(ctx: CanvasRenderingContext2D, model: HistogramModel, theme: Theme): void {
  drawGrid2D(ctx, model.area, model.axes.grid, theme);
  withClip(ctx, model.area, model.clipped, () => {
    ctx.globalAlpha = 0.85;
    ctx.fillStyle = model.color;
    for (const b of model.bars) if (b.height > 0) ctx.fillRect(b.x, b.y, b.width, b.height);
    ctx.globalAlpha = 1;
  });
}

function ringSegment2D(
  ctx: CanvasRenderingContext2D,
  cx: number,
  cy: number,
  inner: number,
  outer: number,
  start: number,
  end: number,
): void {
  ctx.beginPath();
  ctx.arc(cx, cy, outer, start, end);
  if (inner > 0) ctx.arc(cx, cy, inner, end, start, true);
  else ctx.lineTo(cx, cy);
  ctx.closePath();
}

function drawPie2D(ctx: CanvasRenderingContext2D, model: PieModel, theme: Theme): void {
  const { cx, cy, innerRadius, outerRadius } = model.frame;
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = theme.colors.surface;
  for (const slice of model.slices) {
    ringSegment2D(ctx, cx, cy, innerRadius, outerRadius, slice.startAngle, slice.endAngle);
    ctx.fillStyle = slice.color;
    ctx.fill();
    ctx.stroke();
  }
}

function drawGauge2D(ctx: CanvasRenderingContext2D, model: GaugeModel, theme: Theme): void {
  const { reading, geometry } = model;
  if (geometry.preset === 'radial') {
    const { cx, cy, inner, outer } = geometry;
    ringSegment2D(ctx, cx, cy, inner, outer, RADIAL_START, RADIAL_START + RADIAL_SWEEP);
    ctx.fillStyle = theme.colors.grid;
    ctx.fill();
    for (const band of model.bands) {
      const a0 = radialAngle(scaleFraction(band.from, reading.min, reading.max));
      const a1 = radialAngle(scaleFraction(band.to, reading.min, reading.max));
      ringSegment2D(ctx, cx, cy, inner, outer, a0, a1);
      ctx.fillStyle = band.color;
      ctx.fill();
    }
    const target = radialAngle(model.targetAt);
    ctx.beginPath();
    line(
      ctx,
      cx + Math.cos(target) * (inner - 6),
      cy + Math.sin(target) * (inner - 6),
      cx + Math.cos(target) * (outer + 6),
      cy + Math.sin(target) * (outer + 6),
    );
    ctx.lineWidth = 3;
    ctx.strokeStyle = theme.colors.accent;
    ctx.stroke();
    const needle = radialAngle(model.valueAt);
    const tip = inner - 4;
    const side = needle + Math.PI / 2;
    ctx.beginPath();
    ctx.moveTo(cx + Math.cos(needle) * tip, cy + Math.sin(needle) * tip);
    ctx.lineTo(cx + Math.cos(side) * 5, cy + Math.sin(side) * 5);
    ctx.lineTo(cx - Math.cos(side) * 5, cy - Math.sin(side) * 5);
    ctx.closePath();
    ctx.fillStyle = theme.colors.text;
    ctx.fill();
    ctx.beginPath();
    ctx.arc(cx, cy, 8, 0, Math.PI * 2);
    ctx.fill();
    return;
  }
  const { left, right, top, bottom } = geometry;
  const width = right - left;
  ctx.fillStyle = theme.colors.grid;
  ctx.fillRect(left, top, width, bottom - top);
  for (const band of model.bands) {
    const x0 = left + width * scaleFraction(band.from, reading.min, reading.max);
    const x1 = left + width * scaleFraction(band.to, reading.min, reading.max);
    ctx.fillStyle = band.color;
    ctx.fillRect(x0, top, x1 - x0, bottom - top);
  }
  const tx = left + width * model.targetAt;
  ctx.fillStyle = theme.colors.accent;
  ctx.fillRect(tx - 1.5, top - 6, 3, bottom - top + 12);
  const vx = left + width * model.valueAt;
  ctx.fillStyle = theme.colors.text;
  ctx.beginPath();
  ctx.moveTo(vx, top + 2);
  ctx.lineTo(vx - 7, top - 10);
  ctx.lineTo(vx + 7, top - 10);
  ctx.closePath();
  ctx.fill();
  ctx.fillRect(vx - 1, top, 2, bottom - top);
}
