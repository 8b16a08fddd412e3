/** PixiJS drawing shared by the analytic renderers. No decisions here: positions come from the views. */
import { type Container, Graphics } from 'pixi.js';
import type { Theme } from '../../../themes/theme';
import type { Grid, PlotArea } from './cartesian';

/** Grid lines and the zero lines of a cartesian plot. */
export function drawGrid(area: PlotArea, grid: Grid, theme: Theme): Graphics {
  const g = new Graphics();
  for (const y of grid.horizontal) g.moveTo(area.left, y).lineTo(area.right, y);
  for (const x of grid.vertical) g.moveTo(x, area.top).lineTo(x, area.bottom);
  g.stroke({ width: 1, color: theme.colors.grid });
  if (grid.zeroY !== null) g.moveTo(area.left, grid.zeroY).lineTo(area.right, grid.zeroY);
  if (grid.zeroX !== null) g.moveTo(grid.zeroX, area.top).lineTo(grid.zeroX, area.bottom);
  if (grid.zeroX !== null || grid.zeroY !== null) g.stroke({ width: 1, color: theme.colors.crosshair });
  g.moveTo(area.left, area.bottom)
    .lineTo(area.right, area.bottom)
    .stroke({ width: 1, color: theme.colors.border });
  return g;
}

/** A ring segment (or a pie slice when `inner` is 0) from `start` to `end`, clockwise. */
export function ringSegment(
  g: Graphics,
  cx: number,
  cy: number,
  inner: number,
  outer: number,
  start: number,
  end: number,
): Graphics {
  g.moveTo(cx + Math.cos(start) * outer, cy + Math.sin(start) * outer);
  g.arc(cx, cy, outer, start, end);
  if (inner > 0) {
    g.lineTo(cx + Math.cos(end) * inner, cy + Math.sin(end) * inner);
    g.arc(cx, cy, inner, end, start, true);
  } else {
    g.lineTo(cx, cy);
  }
  return g.closePath();
}

/** Cuts `g` off at the plot's edges: a zoomed or panned chart draws past them. */
export function clipToPlot(scene: Container, g: Container, area: PlotArea): void {
  const mask = new Graphics().rect(area.left, area.top, area.width, area.height).fill({ color: 0xffffff });
  scene.addChild(mask);
  g.mask = mask;
}
