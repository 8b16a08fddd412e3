import { describe, expect, it } from 'vitest';
import { getTheme } from '../../../themes/themes';
import {
  GAUGE_PRESET,
  gaugeBands,
  gaugeHitTest,
  gaugeLayout,
  RADIAL_START,
  radialAngle,
  scaleFraction,
} from './gauge-layout';

const theme = getTheme('default');
const reading = { value: 2500, min: 2200, max: 3400, target: 2900, changePercent: 1.5 };
const input = (preset?: string) => ({
  data: { symbol: 'SPX', reading },
  width: 400,
  height: 320,
  hidden: new Set<string>(),
  settings: preset ? { [GAUGE_PRESET.key]: preset } : {},
  theme,
});

describe('gauge layout', () => {
  it('splits the range into three coloured bands', () => {
    const bands = gaugeBands(reading, theme);
    expect(bands.map((b) => [b.from, b.to])).toEqual([
      [2200, 2600],
      [2600, 3000],
      [3000, 3400],
    ]);
    expect(bands.map((b) => b.color)).toEqual([theme.colors.down, theme.colors.warning, theme.colors.up]);
  });

  it('places value and target along the scale, clamped to it', () => {
    const model = gaugeLayout(input());
    expect(model.valueAt).toBeCloseTo(0.25);
    expect(model.targetAt).toBeCloseTo(7 / 12);
    expect(scaleFraction(5000, 0, 100)).toBe(1);
    expect(scaleFraction(5, 5, 5)).toBe(0.5);
    expect(model.labels.find((l) => l.tone === 'headline')?.text).toBe('2,500.00');
  });

  it('is radial by default and linear as a setting', () => {
    expect(gaugeLayout(input()).geometry.preset).toBe('radial');
    expect(gaugeLayout(input('linear')).geometry.preset).toBe('linear');
    expect(gaugeLayout(input('spiral')).geometry.preset).toBe('radial');
  });

  it('tells the band and the reading under the pointer', () => {
    const model = gaugeLayout(input());
    const g = model.geometry;
    if (g.preset !== 'radial') throw new Error('expected radial');
    const angle = radialAngle(0.9);
    const r = (g.inner + g.outer) / 2;
    const hit = gaugeHitTest(model, g.cx + Math.cos(angle) * r, g.cy + Math.sin(angle) * r);
    expect(hit?.key).toBe('Near the high');
    expect(hit?.lines).toContain('Last 2,500.00 (+1.50%)');
    expect(gaugeHitTest(model, g.cx, g.cy)?.key).toBe('value');
    expect(gaugeHitTest(model, 0, 0)).toBeNull();
    expect(RADIAL_START).toBeCloseTo(Math.PI * 0.75);
  });

  it('hit-tests the linear bar along x', () => {
    const model = gaugeLayout(input('linear'));
    const g = model.geometry;
    if (g.preset !== 'linear') throw new Error('expected linear');
    expect(gaugeHitTest(model, g.left + 2, (g.top + g.bottom) / 2)?.key).toBe('Near the low');
    expect(gaugeHitTest(model, g.left + 2, g.bottom + 40)).toBeNull();
  });
});
