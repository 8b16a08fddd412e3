import { type Container, Graphics } from 'pixi.js';
import type { Theme } from '../../../themes/theme';
import type { Hit } from '../common/chart';
import { clipToPlot, drawGrid } from '../common/draw';
import type { XyLineModel } from './xy-line-layout';

export function drawXyLine(scene: Container, model: XyLineModel, hover: Hit | null, theme: Theme): void {
  scene.addChild(drawGrid(model.area, model.axes.grid, theme));
  const g = new Graphics();
  for (const line of model.lines) {
    if (line.points.length >= 4)
      g.poly(line.points, false).stroke({ width: 2, color: line.color, join: 'round' });
    for (let i = 0; model.radius > 0 && i < line.points.length; i += 2) {
      g.circle(line.points[i] as number, line.points[i + 1] as number, model.radius).fill({
        color: line.color,
      });
    }
  }
  if (hover)
    g.circle(hover.x, hover.y, Math.max(model.radius, 2) + 3).stroke({ width: 2, color: theme.colors.text });
  scene.addChild(g);
  if (model.clipped) clipToPlot(scene, g, model.area);
}
