import { describe, expect, it } from 'vitest';
import type { Viewport } from './chart';
import { linearScale, logScale } from './scales';
import {
  inViewport,
  panViewport,
  shiftViewport,
  windowOf,
  zoomViewport,
  zoomViewportCentre,
} from './view-window';

const viewport: Viewport = {
  left: 50,
  top: 10,
  right: 250,
  bottom: 110,
  x: linearScale([0, 100], [50, 250]),
  y: linearScale([0, 10], [110, 10]),
};

function close(window: { x: readonly number[]; y: readonly number[] }) {
  const round = (v: number) => Math.round(v * 1e9) / 1e9;
  return { x: window.x.map(round), y: window.y.map(round) };
}

describe('zoom and pan windows', () => {
  it('reads the window a viewport shows', () => {
    expect(windowOf(viewport)).toEqual({ x: [0, 100], y: [0, 10] });
  });

  it('zooms around the pointed data point, which stays put', () => {
    // Pixel (210, 90) is the data point (80, 2).
    const zoomed = zoomViewport(viewport, 0.5, 210, 90);
    expect(close(zoomed)).toEqual({ x: [40, 90], y: [1, 6] });
    expect((80 - zoomed.x[0]) / (zoomed.x[1] - zoomed.x[0])).toBeCloseTo(0.8);
  });

  it('zooms around the centre for keys, in and back out', () => {
    const zoomed = zoomViewportCentre(viewport, 0.8);
    expect(close(zoomed)).toEqual({ x: [10, 90], y: [1, 9] });
    const back = {
      ...viewport,
      x: linearScale(zoomed.x, [50, 250]),
      y: linearScale(zoomed.y, [110, 10]),
    };
    expect(close(zoomViewportCentre(back, 1.25))).toEqual({ x: [0, 100], y: [0, 10] });
  });

  it('pans with the pointer: dragging right shows lower x, dragging down shows higher y', () => {
    expect(close(panViewport(viewport, 20, 10))).toEqual({ x: [-10, 90], y: [1, 11] });
  });

  it('shifts by a fraction of the window for the arrow keys', () => {
    expect(close(shiftViewport(viewport, 0.1, 0))).toEqual({ x: [10, 110], y: [0, 10] });
    expect(close(shiftViewport(viewport, 0, -0.1))).toEqual({ x: [0, 100], y: [-1, 9] });
  });

  it('zooms and pans a log axis in proportion, never to zero', () => {
    const log: Viewport = { ...viewport, y: logScale([1, 1000], [110, 10]) };
    const out = zoomViewportCentre(log, 4);
    expect(out.y[0]).toBeGreaterThan(0);
    // The centre (31.6, a decade and a half up) stays the centre in log terms.
    expect(Math.sqrt(out.y[0] * out.y[1])).toBeCloseTo(Math.sqrt(1000), 6);
    // Dragging down by a decade (100 px for three decades) shows a decade higher.
    const panned = panViewport(log, 0, 100 / 3);
    expect(panned.y[0]).toBeCloseTo(10, 9);
    expect(panned.y[1]).toBeCloseTo(10_000, 6);
  });

  it('keeps the y window of an x-only viewport', () => {
    const timeline: Viewport = { ...viewport, zoomAxes: 'x' };
    expect(close(zoomViewportCentre(timeline, 0.8))).toEqual({ x: [10, 90], y: [0, 10] });
    expect(close(panViewport(timeline, 20, 10))).toEqual({ x: [-10, 90], y: [0, 10] });
  });

  it('refuses to zoom into a window of no width', () => {
    const tiny: Viewport = { ...viewport, x: linearScale([1, 1 + 1e-10], [50, 250]) };
    expect(zoomViewport(tiny, 0.5, 150, 60).x).toEqual(windowOf(tiny).x);
  });

  it('tells whether a pixel is on the plot', () => {
    expect(inViewport(viewport, 60, 20)).toBe(true);
    expect(inViewport(viewport, 20, 20)).toBe(false);
  });
});
