import { type Container, Graphics } from 'pixi.js';
import type { Theme } from '../../themes/theme';
import type { Trend } from './sparkline-layout';

export interface PlacedSparkline {
  /** x, y pixel pairs in the overlay canvas. */
  points: number[];
  trend: Trend;
}

export function trendColor(theme: Theme, trend: Trend): string {
  return trend === 'up' ? theme.colors.up : trend === 'down' ? theme.colors.down : theme.colors.textMuted;
}

/** Every row's sparkline in one Graphics: a line per row and a dot on its last close. */
export function drawSparklines(scene: Container, lines: readonly PlacedSparkline[], theme: Theme): void {
  const g = new Graphics();
  for (const line of lines) {
    const { points } = line;
    if (points.length < 2) continue;
    const color = trendColor(theme, line.trend);
    if (points.length >= 4) g.poly(points, false).stroke({ width: 1.5, color, join: 'round', cap: 'round' });
    g.circle(points[points.length - 2] as number, points[points.length - 1] as number, 2).fill({ color });
  }
  scene.addChild(g);
}
