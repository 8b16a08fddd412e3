import { type Container, Graphics } from 'pixi.js';
import type { Theme } from '../../../themes/theme';
import type { Hit } from '../common/chart';
import { ringSegment } from '../common/draw';
import type { PieModel } from './pie-layout';

/** The hovered slice moves outwards by this many pixels. */
const EXPLODE = 6;

export function drawPie(scene: Container, model: PieModel, hover: Hit | null, theme: Theme): void {
  const { cx, cy, innerRadius, outerRadius } = model.frame;
  const g = new Graphics();
  for (const slice of model.slices) {
    const offset = hover?.key === slice.symbol ? EXPLODE : 0;
    const dx = Math.cos(slice.midAngle) * offset;
    const dy = Math.sin(slice.midAngle) * offset;
    ringSegment(g, cx + dx, cy + dy, innerRadius, outerRadius, slice.startAngle, slice.endAngle)
      .fill({ color: slice.color })
      .stroke({ width: 1.5, color: theme.colors.surface, alignment: 0.5 });
  }
  scene.addChild(g);
}
