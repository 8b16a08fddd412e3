import { describe, expect, it } from 'vitest';
import { getTheme } from '../../../themes/themes';
import { BINS, histogramHitTest, histogramLayout, periodCountLabel } from './histogram-layout';

const theme = getTheme('default');
const values = Array.from({ length: 200 }, (_, i) => (i % 20) - 10);
const input = (bins = 'auto', period = 'daily') => ({
  data: { symbol: 'SPX', values, period },
  width: 400,
  height: 300,
  hidden: new Set<string>(),
  settings: { [BINS.key]: bins },
  theme,
});

describe('histogram layout', () => {
  it('draws one bar per bin, side by side across the x axis', () => {
    const model = histogramLayout(input('20'));
    expect(model.bars).toHaveLength(20);
    expect(model.bars.reduce((sum, b) => sum + b.count, 0)).toBe(200);
    for (let i = 1; i < model.bars.length; i++) {
      const previous = model.bars[i - 1];
      expect(model.bars[i]?.x).toBeGreaterThan((previous?.x ?? 0) + (previous?.width ?? 0) - 0.01);
    }
  });

  it('hit-tests a bin anywhere in its column and tells its share', () => {
    const model = histogramLayout(input('20'));
    const bar = model.bars[5];
    if (!bar) throw new Error('no bar');
    const hit = histogramHitTest(model, bar.x + bar.width / 2, model.area.top + 2);
    expect(hit?.key).toBe('5');
    expect(hit?.lines).toEqual(['10 days (5%)']);
  });

  it('names what one return is over: monthly closes give monthly returns, counted in months', () => {
    const model = histogramLayout(input('20', 'monthly'));
    const bar = model.bars[5];
    if (!bar) throw new Error('no bar');
    expect(histogramHitTest(model, bar.x + bar.width / 2, model.area.top + 2)?.lines).toEqual([
      '10 months (5%)',
    ]);
    expect(periodCountLabel('monthly')).toBe('Months');
    expect(periodCountLabel('5-minute')).toBe('Bars');
  });
});
