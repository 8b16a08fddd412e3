import { type Container, Graphics } from 'pixi.js';
import type { Theme } from '../../../themes/theme';
import type { Hit } from './chart';
import { drawGrid } from './draw';
import type { PointsModel } from './points-layout';

export function drawPoints(scene: Container, model: PointsModel, hover: Hit | null, theme: Theme): void {
  scene.addChild(drawGrid(model.area, model.axes.grid, theme));
  const g = new Graphics();
  for (const p of model.points) {
    g.circle(p.x, p.y, p.radius)
      .fill({ color: p.color, alpha: p.radius > 4 ? 0.75 : 0.9 })
      .stroke({ width: 1, color: p.color });
  }
  const hovered = hover ? model.points.find((p) => p.key === hover.key) : undefined;
  if (hovered)
    g.circle(hovered.x, hovered.y, hovered.radius + 2).stroke({ width: 2, color: theme.colors.text });
  scene.addChild(g);
  if (model.clipped) {
    const { area } = model;
    const mask = new Graphics().rect(area.left, area.top, area.width, area.height).fill({ color: 0xffffff });
    scene.addChild(mask);
    g.mask = mask;
  }
}
