import { describe, expect, it } from 'vitest';
import { decideRenderer, isSoftwareRenderer, resolvePreference, type WebGlProbe } from './renderer-choice';

const hardware: WebGlProbe = {
  available: true,
  majorPerformanceCaveat: false,
  rendererName: 'ANGLE (NVIDIA GeForce)',
};
const swiftShader: WebGlProbe = {
  available: true,
  majorPerformanceCaveat: false,
  rendererName:
    'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)',
};

describe('renderer choice', () => {
  it('uses hardware WebGL and falls back to canvas where WebGL is slow or missing', () => {
    expect(decideRenderer('auto', hardware).kind).toBe('webgl');
    expect(decideRenderer('auto', swiftShader)).toEqual({
      kind: 'canvas',
      reason: 'WebGL runs in software (SwiftShader)',
    });
    expect(decideRenderer('auto', { ...hardware, majorPerformanceCaveat: true }).kind).toBe('canvas');
    expect(decideRenderer('auto', { ...hardware, available: false }).kind).toBe('canvas');
  });

  it('obeys a forced renderer, unless WebGL does not exist', () => {
    expect(decideRenderer('webgl', swiftShader).kind).toBe('webgl');
    expect(decideRenderer('canvas', hardware).kind).toBe('canvas');
    expect(decideRenderer('webgl', { ...hardware, available: false }).kind).toBe('canvas');
    expect(decideRenderer('canvas', null).kind).toBe('canvas');
  });

  it('knows software rasterisers by name', () => {
    for (const name of [
      'Google SwiftShader',
      'llvmpipe (LLVM 15.0.6, 256 bits)',
      'Microsoft Basic Render Driver',
    ]) {
      expect(isSoftwareRenderer(name)).toBe(true);
    }
    expect(isSoftwareRenderer('ANGLE (Intel, Mesa Intel(R) UHD Graphics 620)')).toBe(false);
  });

  it('lets the URL parameter win over the setting, and ignores unknown values', () => {
    expect(resolvePreference('canvas', 'webgl')).toEqual({ preference: 'canvas', source: 'url' });
    expect(resolvePreference(null, 'webgl')).toEqual({ preference: 'webgl', source: 'setting' });
    expect(resolvePreference('bogus', 'nonsense')).toEqual({ preference: 'auto', source: 'default' });
  });
});
