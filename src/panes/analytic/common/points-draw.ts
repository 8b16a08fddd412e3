import { Container, Graphics, ParticleContainer } from 'pixi.js';
import { layerResolution } from '../../../render/shared-layer';
import type { Theme } from '../../../themes/theme';
import type { Hit } from './chart';
import { clipToPlot, drawGrid } from './draw';
import { markerAtlas } from './marker-atlas';
import type { PlacedPoint, PointsModel } from './points-layout';

const BUBBLE_ALPHA = 0.75;
const DOT_ALPHA = 0.9;
const MARKER_ALPHAS = [BUBBLE_ALPHA, DOT_ALPHA];

/** Fill opacity of a marker: bubbles let what is under them show through more than small dots. */
export function markerAlpha(p: PlacedPoint): number {
  return p.radius > 4 ? BUBBLE_ALPHA : DOT_ALPHA;
}

/**
 * Markers in drawing order, each its fill and then its outline, as tinted pictures of the marker
 * atlas: one quad per marker, nothing built per circle.
 */
export function drawPoints(scene: Container, model: PointsModel, hover: Hit | null, theme: Theme): void {
  scene.addChild(drawGrid(model.area, model.axes.grid, theme));
  const atlas = markerAtlas(MARKER_ALPHAS, layerResolution());
  const particles = model.points.map((p) => atlas.particle(p.x, p.y, p.radius, p.color, markerAlpha(p)));
  const plot = new Container();
  const markers = new ParticleContainer({ texture: atlas.texture, particles });
  // Particles handed to the constructor count as unchanged: without this WebGL never uploads their
  // size, frame and tint, and draws nothing.
  markers.update();
  plot.addChild(markers);
  const hovered = hover ? model.points.find((p) => p.key === hover.key) : undefined;
  if (hovered) {
    const ring = new Graphics().circle(hovered.x, hovered.y, hovered.radius + 2);
    plot.addChild(ring.stroke({ width: 2, color: theme.colors.text }));
  }
  scene.addChild(plot);
  if (model.clipped) clipToPlot(scene, plot, model.area);
}
