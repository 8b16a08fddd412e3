import { type Container, Graphics } from 'pixi.js';
import type { Theme } from '../../../themes/theme';
import type { Hit } from './chart';
import { clipToPlot, drawGrid } from './draw';
import type { PlacedPoint, PointsModel } from './points-layout';

/** Fill opacity of a marker: bubbles let what is under them show through more than small dots. */
export function markerAlpha(p: PlacedPoint): number {
  return p.radius > 4 ? 0.75 : 0.9;
}

/**
 * Markers in drawing order, as runs of one colour and opacity: each run is one path of circles with
 * one fill and one stroke, not a fill and a stroke per marker (thousands of instructions otherwise).
 * The layout sorts by size, stably, so the runs are long and the order between colours is kept.
 */
export function drawPoints(scene: Container, model: PointsModel, hover: Hit | null, theme: Theme): void {
  scene.addChild(drawGrid(model.area, model.axes.grid, theme));
  const g = new Graphics();
  let run = null as { color: string; alpha: number } | null;
  const flush = () => {
    if (run) g.fill({ color: run.color, alpha: run.alpha }).stroke({ width: 1, color: run.color });
  };
  for (const p of model.points) {
    const alpha = markerAlpha(p);
    if (run?.color !== p.color || run.alpha !== alpha) {
      flush();
      run = { color: p.color, alpha };
    }
    g.circle(p.x, p.y, p.radius);
  }
  flush();
  const hovered = hover ? model.points.find((p) => p.key === hover.key) : undefined;
  if (hovered)
    g.circle(hovered.x, hovered.y, hovered.radius + 2).stroke({ width: 2, color: theme.colors.text });
  scene.addChild(g);
  if (model.clipped) clipToPlot(scene, g, model.area);
}
