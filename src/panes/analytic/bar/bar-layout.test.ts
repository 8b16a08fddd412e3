import { describe, expect, it } from 'vitest';
import { getTheme } from '../../../themes/themes';
import { bandScale } from '../common/scales';
import { BAR_MODE, type BarData, barHitTest, barLayout } from './bar-layout';

const theme = getTheme('default');
const data: BarData = {
  categories: ['2019', '2020'],
  series: [
    { id: 'A', label: 'A', colorIndex: 0, values: [10, 20] },
    { id: 'B', label: 'B', colorIndex: 1, values: [30, -5] },
  ],
  valueLabel: 'Value',
  format: (v) => String(v),
};
const input = (mode: string, hidden: string[] = []) => ({
  data,
  width: 400,
  height: 300,
  hidden: new Set(hidden),
  settings: { [BAR_MODE.key]: mode },
  theme,
});

describe('bar layout', () => {
  it('groups bars side by side inside each band (band padding 0.3 / 0.15)', () => {
    const model = barLayout(input('grouped'));
    const band = bandScale(2, [model.area.left, model.area.right], 0.3, 0.15);
    const [a0, b0] = model.rects.filter((r) => r.category === '2019');
    expect(a0?.x).toBeCloseTo(band.start(0));
    expect((b0?.x ?? 0) + (b0?.width ?? 0)).toBeCloseTo(band.start(0) + band.bandwidth);
    expect(a0?.width).toBeCloseTo(b0?.width ?? 0);
    expect(model.rects).toHaveLength(4);
  });

  it('stacks bars in one band: positives upwards, negatives below zero', () => {
    const model = barLayout(input('stacked'));
    const [a, b] = model.rects.filter((r) => r.category === '2019');
    expect(a?.width).toBeCloseTo(b?.width ?? 0);
    expect(b?.x).toBe(a?.x);
    // B sits on top of A: its bottom edge is A's top edge.
    expect((b?.y ?? 0) + (b?.height ?? 0)).toBeCloseTo(a?.y ?? 0);
    const negative = model.rects.find((r) => r.key === 'B:1');
    const zero = model.axes.grid.zeroY ?? 0;
    expect(negative?.y).toBeCloseTo(zero);
  });

  it('leaves hidden series out', () => {
    const model = barLayout(input('grouped', ['B']));
    expect(model.rects.map((r) => r.key)).toEqual(['A:0', 'A:1']);
  });

  it('tells the value of the hovered bar, and the stack total when stacked', () => {
    const model = barLayout(input('stacked'));
    const r = model.rects.find((x) => x.key === 'B:0');
    if (!r) throw new Error('no bar');
    const hit = barHitTest(model, r.x + r.width / 2, r.y + r.height / 2);
    expect(hit?.title).toBe('B · 2019');
    expect(hit?.lines).toEqual(['30', 'Stack total 40']);
    expect(barHitTest(model, 1, 1)).toBeNull();
  });
});
