/**
 * Zoom and pan of cartesian charts as pure arithmetic on the visible data window. Wheel zoom keeps
 * the data point under the pointer where it is; a drag moves the window with the pointer.
 */
import type { Viewport, ViewWindow } from './chart';

/** The smallest window, as a fraction of the full one, so zooming in cannot collapse an axis. */
const MIN_SPAN = 1e-9;

/** The data window a viewport shows right now (its plot edges, inverted through its scales). */
export function windowOf(viewport: Viewport): ViewWindow {
  return {
    x: [viewport.x.invert(viewport.left), viewport.x.invert(viewport.right)],
    y: [viewport.y.invert(viewport.bottom), viewport.y.invert(viewport.top)],
  };
}

function scaleSpan([a, b]: readonly [number, number], factor: number, anchor: number): [number, number] {
  const lo = anchor + (a - anchor) * factor;
  const hi = anchor + (b - anchor) * factor;
  return hi - lo < MIN_SPAN ? [a, b] : [lo, hi];
}

/** `factor` < 1 zooms in, > 1 out, around the data point (ax, ay). */
export function zoomWindow(window: ViewWindow, factor: number, ax: number, ay: number): ViewWindow {
  return { x: scaleSpan(window.x, factor, ax), y: scaleSpan(window.y, factor, ay) };
}

/** Moves the window by a pointer drag of (dx, dy) pixels over a plot of `width` x `height`. */
export function panWindow(
  window: ViewWindow,
  dx: number,
  dy: number,
  width: number,
  height: number,
): ViewWindow {
  const sx = ((window.x[1] - window.x[0]) * dx) / Math.max(1, width);
  const sy = ((window.y[1] - window.y[0]) * dy) / Math.max(1, height);
  return { x: [window.x[0] - sx, window.x[1] - sx], y: [window.y[0] + sy, window.y[1] + sy] };
}

/** Whether pixel (px, py) lies on the plot. */
export function inViewport(viewport: Viewport, px: number, py: number): boolean {
  return px >= viewport.left && px <= viewport.right && py >= viewport.top && py <= viewport.bottom;
}
