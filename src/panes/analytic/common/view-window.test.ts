import { describe, expect, it } from 'vitest';
import type { Viewport } from './chart';
import { linearScale } from './scales';
import { inViewport, panWindow, windowOf, zoomWindow } from './view-window';

const viewport: Viewport = {
  left: 50,
  top: 10,
  right: 250,
  bottom: 110,
  x: linearScale([0, 100], [50, 250]),
  y: linearScale([0, 10], [110, 10]),
};

describe('zoom and pan windows', () => {
  it('reads the window a viewport shows', () => {
    expect(windowOf(viewport)).toEqual({ x: [0, 100], y: [0, 10] });
  });

  it('zooms around the pointed data point, which stays put', () => {
    const zoomed = zoomWindow({ x: [0, 100], y: [0, 10] }, 0.5, 80, 2);
    expect(zoomed).toEqual({ x: [40, 90], y: [1, 6] });
    // Relative position of the anchor is unchanged: 80% across before and after.
    expect((80 - zoomed.x[0]) / (zoomed.x[1] - zoomed.x[0])).toBeCloseTo(0.8);
    expect(zoomWindow(zoomed, 2, 80, 2)).toEqual({ x: [0, 100], y: [0, 10] });
  });

  it('pans with the pointer: dragging right shows earlier x, dragging down shows higher y', () => {
    expect(panWindow({ x: [0, 100], y: [0, 10] }, 20, 10, 200, 100)).toEqual({ x: [-10, 90], y: [1, 11] });
  });

  it('refuses to zoom into a window of no width', () => {
    expect(zoomWindow({ x: [1, 1 + 1e-10], y: [0, 1] }, 0.5, 1, 0.5).x).toEqual([1, 1 + 1e-10]);
  });

  it('tells whether a pixel is on the plot', () => {
    expect(inViewport(viewport, 60, 20)).toBe(true);
    expect(inViewport(viewport, 20, 20)).toBe(false);
  });
});
