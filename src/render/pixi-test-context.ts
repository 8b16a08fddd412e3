/**
 * PixiJS asks a throwaway WebGL context for the fragment shader precision the first time it builds
 * a shader program (`getTestContext`), even under the canvas renderer, and never releases it: a
 * second live context next to ours, which the page's budget of 16 cannot spare. This hands PixiJS a
 * stand-in before it asks: a narrow view of our own context (it can answer the precision question
 * but cannot lose the context), or under the canvas renderer an object that answers nothing.
 */
import { DOMAdapter, getTestContext } from 'pixi.js';

let seeded = false;

type Gl = WebGLRenderingContext | WebGL2RenderingContext;

function standIn(gl: Gl | null): object {
  if (!gl) return { isContextLost: () => false };
  return {
    isContextLost: () => false,
    FRAGMENT_SHADER: gl.FRAGMENT_SHADER,
    HIGH_FLOAT: gl.HIGH_FLOAT,
    getShaderPrecisionFormat: (shader: number, precision: number) =>
      gl.getShaderPrecisionFormat(shader, precision),
  };
}

/** Call before the first renderer starts; later calls do nothing (PixiJS keeps what it got). */
export function seedPixiTestContext(gl: Gl | null): void {
  if (seeded) return;
  seeded = true;
  const adapter = DOMAdapter.get();
  const stand = standIn(gl);
  // A real canvas whose own getContext shadows the element's: PixiJS reads the stand-in from it.
  DOMAdapter.set({
    ...adapter,
    createCanvas: (width, height) =>
      Object.assign(adapter.createCanvas(width, height), { getContext: () => stand }),
  });
  try {
    getTestContext();
  } finally {
    DOMAdapter.set(adapter);
  }
}
