import { type Container, Graphics } from 'pixi.js';
import type { Theme } from '../../../themes/theme';
import type { Hit } from '../common/chart';
import { clipToPlot, drawGrid } from '../common/draw';
import type { BarModel } from './bar-layout';

export function drawBars(scene: Container, model: BarModel, hover: Hit | null, theme: Theme): void {
  scene.addChild(drawGrid(model.area, model.axes.grid, theme));
  const g = new Graphics();
  for (const r of model.rects) {
    g.rect(r.x, r.y, r.width, r.height).fill({
      color: r.color,
      alpha: hover && hover.key !== r.key ? 0.7 : 1,
    });
  }
  scene.addChild(g);
  if (model.clipped) clipToPlot(scene, g, model.area);
}
