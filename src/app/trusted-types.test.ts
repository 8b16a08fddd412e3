import { describe, expect, it } from 'vitest';
import { isOwnScriptUrl } from './trusted-types';

describe('the Trusted Types policy', () => {
  const page = 'http://127.0.0.1:4173/';

  it('lets through script URLs of this origin, blob URLs made here included', () => {
    expect(isOwnScriptUrl('/assets/data-engine.worker-abc.js', page)).toBe(true);
    expect(isOwnScriptUrl('http://127.0.0.1:4173/assets/x.js', page)).toBe(true);
    expect(isOwnScriptUrl('blob:http://127.0.0.1:4173/9b1c-4e2f', page)).toBe(true);
  });

  it('refuses other origins, data URLs and javascript URLs', () => {
    expect(isOwnScriptUrl('https://cdn.example.com/x.js', page)).toBe(false);
    expect(isOwnScriptUrl('http://127.0.0.1:5173/x.js', page)).toBe(false);
    expect(isOwnScriptUrl('data:text/javascript,alert(1)', page)).toBe(false);
    expect(isOwnScriptUrl('javascript:alert(1)', page)).toBe(false);
    expect(isOwnScriptUrl('blob:https://evil.example/1', page)).toBe(false);
  });
});
