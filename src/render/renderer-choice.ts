/**
 * Which renderer the shared PixiJS layer uses. Pure: the DOM probing lives in `renderer-probe.ts`.
 *
 * WebGL where it is hardware accelerated; where the browser offers only software WebGL (SwiftShader,
 * llvmpipe, ...), PixiJS' canvas renderer, which is many times faster there (docs/headless-chromium.md). A
 * setting and the `?renderer=` URL parameter force either one.
 */

import type { RendererKind, RendererPreference } from '../session/session-store';

export type { RendererKind, RendererPreference };

export const RENDERER_PREFERENCES: readonly RendererPreference[] = ['auto', 'webgl', 'canvas'];

export function isRendererPreference(value: unknown): value is RendererPreference {
  return typeof value === 'string' && (RENDERER_PREFERENCES as readonly string[]).includes(value);
}

/** The URL parameter wins over the stored setting; anything unknown means automatic. */
export function resolvePreference(
  urlValue: string | null,
  stored: string | null,
): {
  preference: RendererPreference;
  source: 'url' | 'setting' | 'default';
} {
  if (isRendererPreference(urlValue)) return { preference: urlValue, source: 'url' };
  if (isRendererPreference(stored)) return { preference: stored, source: 'setting' };
  return { preference: 'auto', source: 'default' };
}

/** What a probe of the browser's WebGL found. */
export interface WebGlProbe {
  /** A WebGL context could be created at all. */
  available: boolean;
  /** Creation with `failIfMajorPerformanceCaveat` was refused (the browser says it would be slow). */
  majorPerformanceCaveat: boolean;
  /** Unmasked renderer string, when the browser tells it. */
  rendererName: string;
}

const SOFTWARE_RENDERERS = /swiftshader|llvmpipe|softpipe|software|basic render|microsoft basic|lavapipe/i;

/** Software rasterisers, by the names their drivers report. */
export function isSoftwareRenderer(name: string): boolean {
  return SOFTWARE_RENDERERS.test(name);
}

export interface RendererDecision {
  kind: RendererKind;
  /** Shown next to the status-bar indicator. */
  reason: string;
}

export function decideRenderer(preference: RendererPreference, probe: WebGlProbe | null): RendererDecision {
  if (preference === 'canvas') return { kind: 'canvas', reason: 'Canvas forced by the renderer setting' };
  if (!probe?.available) return { kind: 'canvas', reason: 'WebGL is not available in this browser' };
  if (preference === 'webgl') return { kind: 'webgl', reason: 'WebGL forced by the renderer setting' };
  if (probe.majorPerformanceCaveat) {
    return { kind: 'canvas', reason: 'Only slow (software) WebGL is available' };
  }
  if (isSoftwareRenderer(probe.rendererName)) {
    return { kind: 'canvas', reason: `WebGL runs in software (${shortName(probe.rendererName)})` };
  }
  return { kind: 'webgl', reason: 'Hardware-accelerated WebGL' };
}

function shortName(name: string): string {
  const match = SOFTWARE_RENDERERS.exec(name);
  if (!match) return name;
  const word = match[0];
  return word.toLowerCase() === 'swiftshader' ? 'SwiftShader' : word;
}
