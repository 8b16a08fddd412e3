/**
 * Zoom and pan of cartesian charts as pure arithmetic on the visible data window. Every operation
 * goes through the viewport's own scales (pixels in, data out), so a log axis zooms and pans in
 * proportion and never reaches zero. Wheel zoom keeps the data point under the pointer where it is;
 * a drag moves the window with the pointer; keys zoom around the centre and pan by a fraction.
 */
import type { Viewport, ViewWindow } from './chart';

/** The smallest span, relative to the values, so zooming in cannot collapse an axis. */
const MIN_SPAN = 1e-9;

/** The data window a viewport shows right now (its plot edges, inverted through its scales). */
export function windowOf(viewport: Viewport): ViewWindow {
  return {
    x: [viewport.x.invert(viewport.left), viewport.x.invert(viewport.right)],
    y: [viewport.y.invert(viewport.bottom), viewport.y.invert(viewport.top)],
  };
}

function usable([a, b]: readonly [number, number]): boolean {
  return (
    Number.isFinite(a) &&
    Number.isFinite(b) &&
    Math.abs(b - a) > MIN_SPAN * Math.max(1, Math.abs(a), Math.abs(b))
  );
}

/** An x-only viewport keeps its y window: the chart fits y to the data in view itself. */
function onlyX(viewport: Viewport): boolean {
  return viewport.zoomAxes === 'x';
}

/** Zooms by `factor` (< 1 in, > 1 out) around pixel (px, py), which keeps showing the same data point. */
export function zoomViewport(viewport: Viewport, factor: number, px: number, py: number): ViewWindow {
  const { left, right, top, bottom, x, y } = viewport;
  const yFactor = onlyX(viewport) ? 1 : factor;
  const next: ViewWindow = {
    x: [x.invert(px + (left - px) * factor), x.invert(px + (right - px) * factor)],
    y: [y.invert(py + (bottom - py) * yFactor), y.invert(py + (top - py) * yFactor)],
  };
  return usable(next.x) && usable(next.y) ? next : windowOf(viewport);
}

/** Zooms around the centre of the plot (keyboard zoom). */
export function zoomViewportCentre(viewport: Viewport, factor: number): ViewWindow {
  const px = (viewport.left + viewport.right) / 2;
  const py = (viewport.top + viewport.bottom) / 2;
  return zoomViewport(viewport, factor, px, py);
}

/** Moves the content with a drag of (dx, dy) pixels: dragging right shows lower x, down higher y. */
export function panViewport(viewport: Viewport, dx: number, dy: number): ViewWindow {
  const { left, right, top, bottom, x, y } = viewport;
  const yShift = onlyX(viewport) ? 0 : dy;
  return {
    x: [x.invert(left - dx), x.invert(right - dx)],
    y: [y.invert(bottom - yShift), y.invert(top - yShift)],
  };
}

/** Moves the window by fractions of the plot: `fx` > 0 shows higher x, `fy` > 0 higher y (keys). */
export function shiftViewport(viewport: Viewport, fx: number, fy: number): ViewWindow {
  return panViewport(viewport, -fx * (viewport.right - viewport.left), fy * (viewport.bottom - viewport.top));
}

/** Whether pixel (px, py) lies on the plot. */
export function inViewport(viewport: Viewport, px: number, py: number): boolean {
  return px >= viewport.left && px <= viewport.right && py >= viewport.top && py <= viewport.bottom;
}
