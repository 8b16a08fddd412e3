/**
 * How the canvas renderer draws a `ParticleContainer` (the analytic panes' markers), in place of
 * PixiJS' own pipe, which
 * - draws a tinted particle from the wrong place: it tints a copy of the particle's frame but then
 *   reads that copy at the frame's position in the whole source, so a tinted frame of an atlas comes
 *   out empty or shifted;
 * - cuts every particle out of the large source image, which Chromium draws markedly slower than a
 *   whole small image (10k particles: about 30 against 20 ms on the bench machine);
 * - fills the WebGL vertex buffers on every frame although the canvas never reads them.
 * Here each particle's frame, tinted or not, is a small image of its own (PixiJS' tint cache keeps it
 * with the texture) drawn whole.
 */
import {
  type CanvasRenderer,
  canvasUtils,
  ExtensionType,
  type IParticle,
  type ParticleContainer,
  type ParticleContainerAdaptor,
  ParticleContainerPipe,
  type Rectangle,
  type Renderer,
} from 'pixi.js';

const WHITE = 0xffffff;

/** `Particle.color`'s tint (blue in the low byte) as the 0xRRGGBB number PixiJS' tinting takes. */
function tintOf(color: number): number {
  return ((color & 0xff) << 16) | (color & 0xff00) | ((color >> 16) & 0xff);
}

function drawParticle(
  context: CanvasRenderingContext2D,
  particle: IParticle,
  frame: Rectangle,
  picture: CanvasImageSource,
): void {
  const left = -particle.anchorX * frame.width;
  const top = -particle.anchorY * frame.height;
  if (particle.rotation === 0 && particle.scaleX === 1 && particle.scaleY === 1) {
    context.drawImage(picture, particle.x + left, particle.y + top, frame.width, frame.height);
    return;
  }
  context.save();
  context.translate(particle.x, particle.y);
  context.rotate(particle.rotation);
  context.scale(particle.scaleX, particle.scaleY);
  context.drawImage(picture, left, top, frame.width, frame.height);
  context.restore();
}

const canvasParticleAdaptor: ParticleContainerAdaptor = {
  execute(pipe, container) {
    const renderer = pipe.renderer as CanvasRenderer;
    const system = renderer.canvasContext;
    const context = system.activeContext as unknown as CanvasRenderingContext2D;
    // The canvas renderer's filter system fades what it filters by this much (PixiJS' pipe does the same).
    const filterAlpha = (renderer.filter as { alphaMultiplier?: number } | undefined)?.alphaMultiplier ?? 1;
    const groupAlpha = (((container.groupColorAlpha >>> 24) & 0xff) / 0xff) * filterAlpha;
    context.save();
    system.setContextTransform(container.worldTransform, container.roundPixels);
    system.setBlendMode(container.groupBlendMode);
    for (const particle of container.particleChildren) {
      const texture = particle.texture ?? container.texture;
      const alpha = (((particle.color >>> 24) & 0xff) / 0xff) * groupAlpha;
      if (!texture?.source?.resource || alpha <= 0) continue;
      const tint = tintOf(particle.color & WHITE);
      const picture = canvasUtils.getTintedCanvas({ texture }, tint) as CanvasImageSource;
      context.globalAlpha = alpha;
      drawParticle(context, particle, texture.frame, picture);
    }
    context.restore();
  },
};

export class CanvasParticlePipe extends ParticleContainerPipe {
  static override extension = { type: [ExtensionType.CanvasPipes], name: 'particle' as const };

  constructor(renderer: Renderer) {
    super(renderer, canvasParticleAdaptor);
  }

  override execute(container: ParticleContainer): void {
    if (container.particleChildren.length > 0) this.adaptor.execute(this, container);
  }
}
