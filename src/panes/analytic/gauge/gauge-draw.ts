import { type Container, Graphics } from 'pixi.js';
import type { Theme } from '../../../themes/theme';
import type { Hit } from '../common/chart';
import { ringSegment } from '../common/draw';
import { type GaugeModel, RADIAL_START, RADIAL_SWEEP, radialAngle, scaleFraction } from './gauge-layout';

export function drawGauge(scene: Container, model: GaugeModel, hover: Hit | null, theme: Theme): void {
  const g = new Graphics();
  const { reading, geometry } = model;
  const alpha = (name: string) => (hover && hover.key !== name && hover.key !== 'value' ? 0.55 : 1);
  if (geometry.preset === 'radial') {
    const { cx, cy, inner, outer } = geometry;
    // Track behind the bands, then the bands.
    ringSegment(g, cx, cy, inner, outer, RADIAL_START, RADIAL_START + RADIAL_SWEEP).fill({
      color: theme.colors.grid,
    });
    for (const band of model.bands) {
      const a0 = radialAngle(scaleFraction(band.from, reading.min, reading.max));
      const a1 = radialAngle(scaleFraction(band.to, reading.min, reading.max));
      ringSegment(g, cx, cy, inner, outer, a0, a1).fill({ color: band.color, alpha: alpha(band.name) });
    }
    const target = radialAngle(model.targetAt);
    g.moveTo(cx + Math.cos(target) * (inner - 6), cy + Math.sin(target) * (inner - 6))
      .lineTo(cx + Math.cos(target) * (outer + 6), cy + Math.sin(target) * (outer + 6))
      .stroke({ width: 3, color: theme.colors.accent });
    const needle = radialAngle(model.valueAt);
    const tip = inner - 4;
    const side = needle + Math.PI / 2;
    g.poly([
      cx + Math.cos(needle) * tip,
      cy + Math.sin(needle) * tip,
      cx + Math.cos(side) * 5,
      cy + Math.sin(side) * 5,
      cx - Math.cos(side) * 5,
      cy - Math.sin(side) * 5,
    ]).fill({ color: theme.colors.text });
    g.circle(cx, cy, 8).fill({ color: theme.colors.text });
  } else {
    const { left, right, top, bottom } = geometry;
    const width = right - left;
    g.rect(left, top, width, bottom - top).fill({ color: theme.colors.grid });
    for (const band of model.bands) {
      const x0 = left + width * scaleFraction(band.from, reading.min, reading.max);
      const x1 = left + width * scaleFraction(band.to, reading.min, reading.max);
      g.rect(x0, top, x1 - x0, bottom - top).fill({ color: band.color, alpha: alpha(band.name) });
    }
    const tx = left + width * model.targetAt;
    g.rect(tx - 1.5, top - 6, 3, bottom - top + 12).fill({ color: theme.colors.accent });
    const vx = left + width * model.valueAt;
    g.poly([vx, top + 2, vx - 7, top - 10, vx + 7, top - 10]).fill({ color: theme.colors.text });
    g.rect(vx - 1, top, 2, bottom - top).fill({ color: theme.colors.text });
  }
  scene.addChild(g);
}
