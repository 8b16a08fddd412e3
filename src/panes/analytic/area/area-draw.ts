import { type Container, Graphics } from 'pixi.js';
import type { Theme } from '../../../themes/theme';
import type { Hit } from '../common/chart';
import { clipToPlot, drawGrid } from '../common/draw';
import type { AreaModel } from './area-layout';

export function drawArea(scene: Container, model: AreaModel, hover: Hit | null, theme: Theme): void {
  scene.addChild(drawGrid(model.area, model.axes.grid, theme));
  const g = new Graphics();
  const hovered = hover ? hover.key.slice(0, hover.key.lastIndexOf(':')) : null;
  for (const band of model.bands) {
    g.poly(band.polygon).fill({
      color: band.color,
      alpha: hovered && hovered !== band.series.id ? 0.55 : 0.85,
    });
    g.poly(band.top, false).stroke({ width: 1.5, color: band.color });
  }
  if (hover) {
    g.moveTo(hover.x, model.area.top)
      .lineTo(hover.x, model.area.bottom)
      .stroke({ width: 1, color: theme.colors.crosshair });
  }
  scene.addChild(g);
  if (model.clipped) clipToPlot(scene, g, model.area);
}
