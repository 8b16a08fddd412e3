/**
 * Probes WebGL on the canvas the WebGL renderer will then use, so choosing the renderer never costs
 * an extra context (a page keeps only 16: docs/headless-chromium.md). A context that is not kept is released.
 */
import type { RendererPreference, WebGlProbe } from './renderer-choice';

export interface ProbedCanvas {
  canvas: HTMLCanvasElement;
  probe: WebGlProbe;
  /** The context the probe created on `canvas` (the one the WebGL renderer then uses). */
  gl: WebGLRenderingContext | WebGL2RenderingContext | null;
  /** Lets the context go when the canvas renderer is chosen after all. */
  release(): void;
}

// The attributes PixiJS asks for; a second getContext of the same type returns this same context.
const ATTRIBUTES: WebGLContextAttributes = {
  alpha: true,
  premultipliedAlpha: true,
  antialias: true,
  stencil: true,
  preserveDrawingBuffer: false,
};

function rendererName(gl: WebGLRenderingContext | WebGL2RenderingContext): string {
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const name = info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER);
  return typeof name === 'string' ? name : '';
}

/**
 * With `auto`, the context is asked for with `failIfMajorPerformanceCaveat`: a refusal means only
 * slow WebGL exists, and no context was created. With `webgl`, any WebGL context will do.
 */
export function probeWebGl(preference: Exclude<RendererPreference, 'canvas'>): ProbedCanvas {
  const canvas = document.createElement('canvas');
  canvas.width = 1;
  canvas.height = 1;
  const strict = preference === 'auto';
  const attributes = { ...ATTRIBUTES, failIfMajorPerformanceCaveat: strict };
  let gl: WebGLRenderingContext | WebGL2RenderingContext | null = null;
  try {
    gl = canvas.getContext('webgl2', attributes) ?? canvas.getContext('webgl', attributes);
  } catch {
    gl = null;
  }
  const probe: WebGlProbe = {
    available: gl !== null || strict,
    majorPerformanceCaveat: gl === null && strict,
    rendererName: gl ? rendererName(gl) : '',
  };
  return {
    canvas,
    probe,
    gl,
    release: () => gl?.getExtension('WEBGL_lose_context')?.loseContext(),
  };
}
