/**
 * Scatter and bubble markers as pictures. Every size and fill opacity a marker can have is drawn
 * once, in white with Canvas2D, into one texture per pixel ratio; a frame then places one quad per
 * marker, tinted to the marker's colour, in a `ParticleContainer` (one source for all, as it needs).
 * PixiJS would otherwise build a path for every circle of every frame (and on WebGL tessellate it),
 * which at 10k markers costs far more than the pixels: the quads are one draw call on WebGL and one
 * `drawImage` each on the canvas renderer (src/render/canvas-particle-pipe.ts).
 */
import { CanvasSource, Color, type IParticle, Rectangle, Texture } from 'pixi.js';
import { MARKER_SIZE, MAX_MARKER_SIZE } from './points-layout';

const MIN_RADIUS = MARKER_SIZE / 2;
const MAX_RADIUS = MAX_MARKER_SIZE / 2;
/** Radii are drawn in steps of half a pixel: a marker is at most a quarter of a pixel off its size. */
const RADIUS_STEP = 0.5;
const SIZES = Math.round((MAX_RADIUS - MIN_RADIUS) / RADIUS_STEP) + 1;
/**
 * Sub-pixel positions drawn per axis: a picture is placed on whole device pixels (drawn pixel for
 * pixel, never resampled) and its centre is within an eighth of a device pixel of the marker's, so
 * even a small marker's antialiased rim looks as the circle's own would.
 */
const PHASES = 4;
/** The outline, centred on the radius as PixiJS and Canvas2D strokes are (CSS pixels). */
const OUTLINE_WIDTH = 1;
/** Transparent pixels around a picture's rim, so nothing of it is cut off and no sample reaches a neighbour. */
const MARGIN = 2;
const OPAQUE = 0xff << 24;

/** One picture: its frame of the atlas and the whole device pixels from its corner to its centre's. */
interface Picture {
  texture: Texture;
  half: number;
}

export interface MarkerAtlas {
  /** The whole atlas: every picture is a frame of its source. */
  readonly texture: Texture;
  /**
   * The marker centred at (x, y): the picture of the nearest drawn radius and sub-pixel position at
   * `alpha`, tinted `color`, its corner on a device pixel.
   */
  particle(x: number, y: number, radius: number, color: string, alpha: number): IParticle;
}

/** The drawn size for `radius`; radii are within the drawn range (`markerDiameter` keeps them there). */
function sizeOf(radius: number): number {
  return Math.min(SIZES - 1, Math.max(0, Math.round((radius - MIN_RADIUS) / RADIUS_STEP)));
}

function radiusOf(size: number): number {
  return MIN_RADIUS + size * RADIUS_STEP;
}

/** Particle colours (tint with blue in the low byte, opaque) of CSS colours, worked out once each. */
const particleColors = new Map<string, number>();

function particleColor(color: string): number {
  let value = particleColors.get(color);
  if (value === undefined) {
    value = (OPAQUE | new Color(color).toBgrNumber()) >>> 0;
    particleColors.set(color, value);
  }
  return value;
}

/**
 * One row per fill opacity and phase, one column per size; each picture a white disc at that opacity
 * inside an opaque white outline, in a cell as wide as it needs and as high as the largest.
 */
function buildAtlas(alphas: readonly number[], resolution: number): MarkerAtlas {
  // Whole device pixels from corner to centre (before the phase), so pictures land on the pixel grid.
  const halves = Array.from(
    { length: SIZES },
    (_, size) => Math.ceil((radiusOf(size) + OUTLINE_WIDTH / 2) * resolution) + MARGIN,
  );
  const lefts: number[] = [];
  let width = 0;
  for (const half of halves) {
    lefts.push(width);
    width += 2 * half;
  }
  const rowHeight = 2 * (halves[SIZES - 1] as number);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = rowHeight * alphas.length * PHASES * PHASES;
  const source = new CanvasSource({ resource: canvas, resolution });
  const ctx = source.context2D as CanvasRenderingContext2D;
  ctx.fillStyle = '#ffffff';
  ctx.strokeStyle = '#ffffff';
  const pictures: Picture[] = [];
  alphas.forEach((alpha, a) => {
    for (let phaseY = 0; phaseY < PHASES; phaseY++) {
      halves.forEach((half, size) => {
        for (let phaseX = 0; phaseX < PHASES; phaseX++) {
          const row = (a * PHASES + phaseY) * PHASES + phaseX;
          const left = lefts[size] as number;
          const top = row * rowHeight + rowHeight / 2 - half;
          const centreX = left + half + phaseX / PHASES;
          const centreY = top + half + phaseY / PHASES;
          ctx.setTransform(resolution, 0, 0, resolution, centreX, centreY);
          ctx.beginPath();
          ctx.arc(0, 0, radiusOf(size), 0, Math.PI * 2);
          ctx.globalAlpha = alpha;
          ctx.fill();
          ctx.globalAlpha = 1;
          ctx.lineWidth = OUTLINE_WIDTH;
          ctx.stroke();
          const side = (2 * half) / resolution;
          const frame = new Rectangle(left / resolution, top / resolution, side, side);
          pictures[((a * SIZES + size) * PHASES + phaseY) * PHASES + phaseX] = {
            texture: new Texture({ source, frame }),
            half,
          };
        }
      });
    }
  });
  source.update();
  /** The whole device pixel left of (or above) `at`, and the phase of `at` past it. */
  const snap = (at: number) => {
    const steps = Math.round(at * resolution * PHASES);
    const whole = Math.floor(steps / PHASES);
    return { whole, phase: steps - whole * PHASES };
  };
  return {
    texture: new Texture({ source }),
    particle(x, y, radius, color, alpha) {
      const a = alphas.indexOf(alpha);
      if (a < 0) throw new Error(`No marker pictures at opacity ${alpha}`);
      const across = snap(x);
      const down = snap(y);
      const index = ((a * SIZES + sizeOf(radius)) * PHASES + down.phase) * PHASES + across.phase;
      const { texture, half } = pictures[index] as Picture;
      return {
        x: (across.whole - half) / resolution,
        y: (down.whole - half) / resolution,
        scaleX: 1,
        scaleY: 1,
        anchorX: 0,
        anchorY: 0,
        rotation: 0,
        color: particleColor(color),
        texture,
      };
    },
  };
}

/** Atlases by pixel ratio and opacities, kept for the page's life (about 2 MB at a ratio of 1, 9 MB at 2). */
const atlases = new Map<string, MarkerAtlas>();

/** The atlas of markers at these fill opacities for a renderer of this resolution, drawn on first use. */
export function markerAtlas(alphas: readonly number[], resolution: number): MarkerAtlas {
  const key = `${resolution}|${alphas.join()}`;
  let atlas = atlases.get(key);
  if (!atlas) {
    atlas = buildAtlas(alphas, resolution);
    atlases.set(key, atlas);
  }
  return atlas;
}
