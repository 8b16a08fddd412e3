import { type Container, Graphics } from 'pixi.js';
import type { Theme } from '../../../themes/theme';
import type { Hit } from '../common/chart';
import { clipToPlot, drawGrid } from '../common/draw';
import type { HistogramModel } from './histogram-layout';

export function drawHistogram(
  scene: Container,
  model: HistogramModel,
  hover: Hit | null,
  theme: Theme,
): void {
  scene.addChild(drawGrid(model.area, model.axes.grid, theme));
  const g = new Graphics();
  for (const b of model.bars) {
    if (b.height > 0)
      g.rect(b.x, b.y, b.width, b.height).fill({
        color: model.color,
        alpha: hover?.key === b.key ? 1 : 0.85,
      });
  }
  if (hover) {
    const bar = model.bars[Number(hover.key)];
    if (bar)
      g.rect(bar.x, model.area.top, bar.width, model.area.height).fill({
        color: theme.colors.crosshair,
        alpha: 0.15,
      });
  }
  scene.addChild(g);
  if (model.clipped) clipToPlot(scene, g, model.area);
}
